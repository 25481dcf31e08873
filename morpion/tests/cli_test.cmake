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
run(2 "" search --threads -1 --iterations 10)

# One form for every error line, CLI11's own included; the unknown first word is named.
set(error_line "(^|\n)morpion: error: ")
run(2 "${error_line}The following argument was not expected: --bogus\nSubcommands: decode" --bogus)
run(2 "${error_line}The following argument was not expected: --bogus" search --bogus)
run(2 "${error_line}unknown subcommand 'serch'" serch)
run(2 "${error_line}invalid code: padding bit 233" decode BBYqjXKmCREUk9zxEuXW3nx3v/u/x/JvuX+9P71)
run(0 "^morpion [0-9]+\\.[0-9]+\\.[0-9]+\ncommit " --version)
execute_process(COMMAND ${MORPION} --version OUTPUT_VARIABLE version)
if(version MATCHES "MPI")
  message(FATAL_ERROR "morpion --version claims MPI, which it does not use:\n${version}")
endif()
foreach(command decode encode svg search nrpa bench)
  run(0 "--log-level" ${command} --help)
endforeach()
run(0 "best [0-9]+ \\(search 0\\) after 10 iterations" search --searches 1 --iterations 10 --log-level debug)

# Numbers: strict, in range, the flag and the range named, a huge text never echoed whole.
# (Each run has a limit, so a number read wrongly ends in a wrong exit code, not a hang.)
set(seed_range "--seed: expected a whole number in \\[0, 18446744073709551615\\]")
run(2 "${seed_range}, got '-1'" search --seed -1 --iterations 10)
run(2 "${seed_range}, got '18446744073709551616'" search --seed 18446744073709551616 --iterations 10)
run(2 "${seed_range}, got '99999999999999999999999'" search --seed 99999999999999999999999 --iterations 10)
run(2 "--seed: expected a whole number" nrpa --seed 010 --playouts 10)
run(2 "--iterations: expected a whole number" search --iterations -1 --seconds 1)
run(2 "--iterations: expected a whole number in \\[1, 100000\\]" nrpa --iterations 0)
run(2 "--playouts: expected a whole number" nrpa --playouts 1e3 --seconds 1)
run(2 "--seconds: expected a real number in \\[0, 1e\\+09\\], got 'nan'" search --seconds nan --iterations 10)
run(2 "--cpu-seconds: expected a real number" nrpa --cpu-seconds inf --playouts 10)
run(2 "--seconds: expected a real number" search --seconds -1 --iterations 10)
run(2 "--alpha: expected a real number in \\(0, 100\\], got 'nan'" nrpa --alpha nan --playouts 10)
run(2 "--alpha: expected a real number in \\(0, 100\\]" nrpa --alpha 0 --playouts 10)
run(2 "--level: expected a whole number in \\[1, 6\\]" nrpa --level 7 --playouts 10)
run(2 "--blacklist: expected a whole number" search --blacklist +3 --iterations 10)
run(2 "--threads: expected a whole number" bench --threads 0)
run(2 "--searches: expected a whole number" search --searches " 2" --iterations 10)
string(REPEAT 9 100000 huge)
execute_process(COMMAND ${MORPION} search --threads ${huge} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(LENGTH "${out}${err}" length)
if(NOT rc EQUAL 2 OR length GREATER 400)
  message(FATAL_ERROR "a 100000-digit --threads: exit ${rc}, ${length} characters of messages")
endif()

# --threads defaults to one per core, and so does --searches.
run(0 "" search --iterations 5 --json threads.json)
file(READ ${WORK}/threads.json result)
string(JSON threads GET "${result}" threads)
string(JSON searches GET "${result}" searches)
execute_process(COMMAND nproc OUTPUT_VARIABLE cores OUTPUT_STRIP_TRAILING_WHITESPACE)
# oneTBB may count fewer cores than nproc (a CPU quota), but more than one when there are.
if(threads LESS 1 OR (cores GREATER 1 AND threads LESS 2) OR NOT searches EQUAL threads)
  message(FATAL_ERROR "default --threads on ${cores} cores: ${threads} threads, ${searches} searches")
endif()

# '-' as an output: standard output carries the data alone, everything else goes to standard error.
foreach(command "search;--iterations;50;--seed;2" "nrpa;--level;1;--playouts;20" "decode;${example}")
  if(command MATCHES "^decode")
    set(to_stdout --game -)
  else()
    set(to_stdout --json -)
  endif()
  execute_process(COMMAND ${MORPION} ${command} ${to_stdout} WORKING_DIRECTORY ${WORK}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(JSON best ERROR_VARIABLE not_json GET "${out}" format)
  if(NOT rc EQUAL 0 OR not_json OR NOT err MATCHES "(best|score) [0-9]+")
    message(FATAL_ERROR "morpion ${command} ${to_stdout}: exit ${rc}, standard output is not the JSON alone "
                        "(${not_json}):\n${out}\nstandard error:\n${err}")
  endif()
endforeach()
execute_process(COMMAND ${MORPION} svg --code ${example} -o - OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT out MATCHES "^<svg" OR NOT err STREQUAL "")
  message(FATAL_ERROR "svg -o -: standard output is not the SVG alone:\n${out}\n${err}")
endif()

# Two paths of one command naming one file.
run(2 "--game 'example.json' and --output '\\./example.json' are the same file" svg --game example.json -o ./example.json --force)

# A failed write is exit 1; the results other than the failed one stay.
run(1 "${error_line}cannot write '/dev/full'" search --iterations 10 --json /dev/full)
run(1 "${error_line}cannot write '/dev/full'" svg --code ${example} -o /dev/full)
if(EXISTS /dev/full)
  execute_process(COMMAND sh -c "'${MORPION}' encode example.json >/dev/full" WORKING_DIRECTORY ${WORK} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "encode >/dev/full: exit ${rc}, expected 1")
  endif()
endif()

# Two runs writing one file at once: the first to finish writes it, the other keeps its
# result under a numbered name, says so and exits 2 (neither result is lost).
file(REMOVE ${WORK}/c.json ${WORK}/c.1.json)
execute_process(COMMAND sh -c "'${MORPION}' search --seconds 1 --threads 1 --json c.json >a.log 2>&1 & a=$!
                               '${MORPION}' search --seconds 1 --threads 1 --seed 2 --json c.json >b.log 2>&1; b=$?
                               wait $a; echo $? $b"
                WORKING_DIRECTORY ${WORK} OUTPUT_VARIABLE codes OUTPUT_STRIP_TRAILING_WHITESPACE)
file(READ ${WORK}/a.log a_log)
file(READ ${WORK}/b.log b_log)
if(NOT codes MATCHES "^(0 2|2 0)$" OR NOT EXISTS ${WORK}/c.1.json OR NOT "${a_log}${b_log}" MATCHES
   "${error_line}'c.json' was created by another process while this one worked; the result is kept in 'c.1.json'")
  message(FATAL_ERROR "two runs writing c.json: exit codes ${codes}, expected one 0 and one 2\n${a_log}\n${b_log}")
endif()
run(0 "^[A-Za-z0-9+/]+\n$" encode c.json)
run(0 "^[A-Za-z0-9+/]+\n$" encode c.1.json)
message(STATUS "morpion command line behaves")
