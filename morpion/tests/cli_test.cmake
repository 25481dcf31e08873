# Drives the `morpion` binary as a user would, through pipes: exit codes, messages, files.
# Run by ctest with -DMORPION=<binary> -DWORK=<scratch folder>.
set(example BBYqjXKmCREUk9zxEuXW3nx3v/u/x/JvuX+9P70)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# run(EXPECTED_EXIT REGEX args...): runs morpion with args, checks the exit code and that
# standard output plus standard error match REGEX.
function(run expected_rc regex)
  execute_process(COMMAND ${MORPION} ${ARGN} WORKING_DIRECTORY ${WORK}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL expected_rc)
    message(FATAL_ERROR "morpion ${ARGN}: exit ${rc}, expected ${expected_rc}\n${out}\n${err}")
  endif()
  if(NOT "${out}${err}" MATCHES "${regex}")
    message(FATAL_ERROR "morpion ${ARGN}: output does not match '${regex}'\n${out}\n${err}")
  endif()
endfunction()

run(0 "score 135 \\(232 bits" decode ${example} --game example.json)
run(0 "^BBYqjXKmCREUk9zxEuXW3nx3v/u/x/JvuX\\+9P70\n$" encode example.json)
run(2 "layer 1, bit 0 .*4,3 \\(1,3,e\\).*point 5,3" decode --rules 5d ${example})
run(2 "layer 0, bit 24 .*'\\*' at position 4" decode "BBYq*XKmCREUk9zxEuXW3nx3v/u/x/JvuX+9P70")
run(2 "padding bit 233" decode BBYqjXKmCREUk9zxEuXW3nx3v/u/x/JvuX+9P71)
run(2 "--code and --game" svg -o out.svg)
run(0 "" svg --code ${example} --numbers -o example.svg)
run(2 "exists; add --force" svg --code ${example} -o example.svg)
run(2 "exists; add --force" decode ${example} --game example.json)
file(READ ${WORK}/example.svg svg)
if(NOT svg MATCHES "<svg" OR NOT svg MATCHES ">135</text>")
  message(FATAL_ERROR "example.svg lacks the grid or its move numbers")
endif()
run(0 "best [0-9]+ \\(search 0\\) after 600 iterations" search --threads 2 --searches 2 --iterations 300 --seed 3 --json s.json)
run(2 "exists; add --force" search --iterations 10 --json s.json)
run(0 "^[A-Za-z0-9+/]+\n$" encode s.json)
run(0 "best [0-9]+ \\(search 0\\) after 100 playouts" nrpa --level 1 --threads 1 --seed 3 --json n.json)
run(2 "" search --threads 0)
message(STATUS "morpion command line behaves")
