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

# killed_then_resumed(CHECKPOINT STRAIGHT LEAST MOST KILL_WHEN args...): runs `morpion search args`
# with --checkpoint CHECKPOINT, kills it with SIGKILL once the shell command KILL_WHEN returns,
# checks that search 0 was saved at an iteration in [LEAST, MOST), and that the same command
# resumes it to the grid of STRAIGHT, the result file of the same search run uninterrupted.
function(killed_then_resumed checkpoint straight least most kill_when)
  string(JOIN " " words ${ARGN})
  execute_process(COMMAND sh -c "'${MORPION}' search ${words} --checkpoint ${checkpoint} --checkpoint-seconds 0.1 >${checkpoint}.log 2>&1 &
                                 ${kill_when}; kill -9 $!"
                  WORKING_DIRECTORY ${WORK})
  file(READ ${WORK}/${checkpoint} saved)
  string(JSON done GET "${saved}" searches 0 iteration)
  if(done LESS least OR done GREATER_EQUAL most)
    message(FATAL_ERROR "the killed search saved iteration ${done}, not one in [${least}, ${most})")
  endif()
  run(0 "resuming [0-9]+ search(es)? from ${checkpoint} \\([0-9]+ iterations done\\)" search ${ARGN}
      --checkpoint ${checkpoint} --json ${checkpoint}.json)
  execute_process(COMMAND ${MORPION} encode ${straight} WORKING_DIRECTORY ${WORK} OUTPUT_VARIABLE straight_code)
  execute_process(COMMAND ${MORPION} encode ${checkpoint}.json WORKING_DIRECTORY ${WORK} OUTPUT_VARIABLE resumed_code)
  if(NOT straight_code STREQUAL resumed_code)
    message(FATAL_ERROR "a search resumed from ${checkpoint} found ${resumed_code}, an uninterrupted one ${straight_code}")
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
run(0 "best [0-9]+ \\(search [01]\\) after 600 iterations" search --threads 2 --searches 2 --iterations 300 --seed 3 --json s.json)
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
# The population search: its own flags refused with the local search; a checkpoint resumed
# (after a stop at any iteration, kill -9 included) finds what an uninterrupted run finds.
run(2 "${error_line}--pool belongs to --method population" search --method local --pool 5 --iterations 10)
run(2 "${error_line}--checkpoint needs a file, not standard output" search --iterations 10 --checkpoint -)
run(2 "${error_line}checkpoint 'example.json': not a morpion checkpoint file" search --iterations 10 --checkpoint example.json)
run(0 "best [0-9]+ \\(search 0\\) after 100 iterations" search --method local --searches 1 --iterations 100)
set(budget --searches 2 --threads 2 --seed 4 --restart-after 100000)
run(0 "" search ${budget} --iterations 300000 --json straight.json --best-svg straight.svg)
file(READ ${WORK}/straight.svg svg)
if(NOT svg MATCHES "^<svg")
  message(FATAL_ERROR "--best-svg wrote no picture")
endif()
run(0 "" search ${budget} --iterations 20000 --checkpoint ck.json --json part.json)
killed_then_resumed(ck.json straight.json 20001 300000 "sleep 1.5" ${budget} --iterations 300000)
run(2 "${error_line}checkpoint 'ck.json': it holds a search with other settings" search ${budget} --pool 7 --iterations 10 --checkpoint ck.json)
run(2 "other settings: same_grid null \\(here \"dots\"\\)" search ${budget} --same-grid dots --iterations 10 --checkpoint ck.json)
run(2 "${error_line}--abandon-after belongs to --method population" search --method local --abandon-after 5 --iterations 10)
run(2 "--end-search-source: sometimes not in \\{parent,unsearched\\}" search --end-search-source sometimes --iterations 10)
run(2 "--fill: often not in \\{fresh,lineage,grid\\}" search --fill often --iterations 10)
run(2 "other settings: mutation null \\(here \"swap-any\"\\)" search ${budget} --mutation swap-any --iterations 10 --checkpoint ck.json)
run(2 "--end-search-depths: every not in \\{bandit,all\\}" search --end-search-depths every --iterations 10)
run(2 "other settings: pool_order null \\(here \"rotate\"\\)" search ${budget} --pool-order rotate --iterations 10 --checkpoint ck.json)
run(2 "--pool-order: visits not in \\{score,rotate\\}" search --pool-order visits --iterations 10)
run(2 "${error_line}--drift needs --pool-order rotate" search --drift --iterations 10)
run(2 "${error_line}--dna kept needs --pool-order rotate and --mutation swap-any" search --dna kept --pool-order rotate --iterations 10)
run(2 "${error_line}--adapt-window and --widen-after are two ways" search --adapt-window --widen-after 100 --iterations 10)
run(2 "other settings: widen_after null \\(here 1000\\)" search ${budget} --widen-after 1000 --iterations 10 --checkpoint ck.json)
run(2 "${error_line}--widen-by belongs to --method population" search --method local --widen-by 5 --iterations 10)
run(2 "other settings: crossover_share null \\(here 0.1\\)" search ${budget} --crossover-share 0.1 --iterations 10 --checkpoint ck.json)
run(2 "${error_line}--crossover-share: expected a real number in \\[0, 1\\], got '1.5'" search --crossover-share 1.5 --iterations 10)
run(2 "other settings: poor_below null \\(here 130\\), poor_restart_after null \\(here 100000\\)" search ${budget} --poor-restart-after 100000 --iterations 10 --checkpoint ck.json)
run(2 "${error_line}--poor-below belongs to --method population" search --method local --poor-below 5 --iterations 10)
run(0 "search 0 iteration 0 score 135 " search --start ${example} --threads 1 --iterations 200 --seed 3 --json started.json)
file(READ ${WORK}/started.json started)
string(REPLACE "+" "\\+" example_pattern ${example})
if(NOT started MATCHES "\"start\": *\"${example_pattern}\"")
  message(FATAL_ERROR "started.json does not name its start grid in its settings")
endif()
run(2 "${error_line}invalid code: padding bit 233" search --start BBYqjXKmCREUk9zxEuXW3nx3v/u/x/JvuX+9P71 --iterations 10)
run(2 "${error_line}--start belongs to --method population" search --method local --start ${example} --iterations 10)
run(2 "other settings: start null \\(here \"BBYqjXKmCREUk9zxEuXW3nx3v" search ${budget} --start ${example} --iterations 10 --checkpoint ck.json)
# A search that hands its best grid over to climbs: its settings and each search's climbs in the
# result file; killed during a climb, it resumes (that climb again from its start) to what an
# uninterrupted search finds.
set(climbing --searches 1 --threads 1 --seed 5 --climb-after 20000 --climb-iterations 40000)
run(0 "" search ${climbing} --iterations 180000 --json climbed.json)
file(READ ${WORK}/climbed.json climbed)
string(JSON climb_after GET "${climbed}" settings climb_after)
string(JSON climbs LENGTH "${climbed}" runs 0 climbs)
if(NOT climb_after EQUAL 20000 OR NOT climbs EQUAL 4)
  message(FATAL_ERROR "climbed.json: climb_after ${climb_after} and ${climbs} climbs, not 20000 and 4")
endif()
# Killed as soon as its checkpoint holds a finished climb: inside the next one.
killed_then_resumed(climb.ck climbed.json 60000 180000 "while ! grep -q climbs climb.ck 2>/dev/null; do sleep 0.05; done"
                    ${climbing} --iterations 180000)
# From the best grids of two of its three lineages: the setting is recorded, and the second climb
# starts lower.
run(0 "" search ${climbing} --restart-after 5000 --climb-lineages 2 --iterations 100000 --json climbed2.json)
file(READ ${WORK}/climbed2.json climbed2)
string(JSON climb_lineages GET "${climbed2}" settings climb_lineages)
string(JSON first_start GET "${climbed2}" runs 0 climbs 0 steps 0 1)
string(JSON second_start GET "${climbed2}" runs 0 climbs 1 steps 0 1)
if(NOT climb_lineages EQUAL 2 OR NOT second_start LESS first_start)
  message(FATAL_ERROR "climbed2.json: climb_lineages ${climb_lineages}, climbs from ${first_start} and ${second_start}")
endif()
run(2 "${error_line}--climb-lineages needs --climb-after" search --climb-lineages 3 --iterations 10)
run(2 "${error_line}--climb-after belongs to --method population" search --method local --climb-after 5 --iterations 10)
run(2 "other settings: climb_after null \\(here 1000\\), climb_iterations null" search ${budget} --climb-after 1000 --iterations 10 --checkpoint ck.json)
# Climbs from the lineages that set a record: of four lineages the three records are climbed
# from, and the setting is recorded; killed after a climb, it resumes to what an uninterrupted
# search finds.
set(record_climbing --searches 1 --threads 1 --seed 5 --restart-after 5000 --record-climbs 40000 --record-climb-from 0)
run(0 "" search ${record_climbing} --iterations 200000 --json record.json)
file(READ ${WORK}/record.json record)
string(JSON record_climbs GET "${record}" settings record_climbs)
string(JSON climbs LENGTH "${record}" runs 0 climbs)
string(JSON lineages LENGTH "${record}" runs 0 lineages)
if(NOT record_climbs EQUAL 40000 OR NOT climbs EQUAL 3 OR NOT lineages EQUAL 4)
  message(FATAL_ERROR "record.json: record_climbs ${record_climbs}, ${climbs} climbs, ${lineages} lineages, not 40000, 3, 4")
endif()
killed_then_resumed(record.ck record.json 40000 200000 "while ! grep -q '\"climbs\"' record.ck 2>/dev/null; do sleep 0.05; done"
                    ${record_climbing} --iterations 200000)
run(2 "${error_line}--record-climb-from needs --record-climbs" search --record-climb-from 140 --iterations 10)
run(2 "${error_line}--climb-after and --record-climbs are two ways of climbing" search --climb-after 10 --record-climbs 10 --iterations 10)
run(2 "${error_line}--record-climbs belongs to --method population" search --method local --record-climbs 5 --iterations 10)
# Kicks from the best grid after a number of iterations: the setting is recorded, and a checkpoint
# of a search without it is refused.
run(0 "" search --searches 1 --threads 1 --seed 5 --restart-after 5000 --kick-after 20000 --iterations 60000 --json kicked.json)
file(READ ${WORK}/kicked.json kicked)
string(JSON kick_after GET "${kicked}" settings kick_after)
if(NOT kick_after EQUAL 20000)
  message(FATAL_ERROR "kicked.json: kick_after ${kick_after}, not 20000")
endif()
run(2 "other settings: kick_after null \\(here 1000\\)" search ${budget} --kick-after 1000 --iterations 10 --checkpoint ck.json)
run(2 "${error_line}--kick-after belongs to --method population" search --method local --kick-after 5 --iterations 10)
run(0 "B - A.*\n.* \\+0\\.0 \\[ +\\+0\\.0, +\\+0\\.0\\] +0-2-0" compare straight.json straight.json --wall)
run(2 "${error_line}'straight.json' and 'n.json' are not paired" compare straight.json n.json)
run(2 "${error_line}result file 'example.json': not a `morpion search`" compare example.json)
message(STATUS "morpion command line behaves")
