# Drives the `morpion` binary as a user would, through pipes: exit codes, messages, files.
# Run by ctest with -DMORPION=<binary> -DWORK=<scratch folder> -DSANITIZED=<ON in the sanitizer build>.
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

# The result file FILE (in WORK) records setting KEY as EXPECTED.
function(expect_setting file key expected)
  file(READ ${WORK}/${file} result)
  string(JSON value GET "${result}" settings ${key})
  if(NOT value EQUAL expected AND NOT value STREQUAL expected)
    message(FATAL_ERROR "${file}: ${key} ${value}, not ${expected}")
  endif()
endfunction()

# A climb setting whose default changed: `--FLAG OLD` (the climbs of before) is not recorded under
# KEY, a checkpoint of such a climbing search is refused with the hint `--FLAG OLD` (KEY null here,
# NEW the default), the same command with the flag resumes it, and the flag without climbs is a
# usage error.
function(earlier_climbs_resume flag old key new)
  run(0 "" search ${climbing} --${flag} ${old} --iterations 30000 --checkpoint ${old}-climbs.ck --json ${old}-climbs.json)
  file(READ ${WORK}/${old}-climbs.json result)
  string(JSON value ERROR_VARIABLE no_key GET "${result}" settings ${key})
  if(NOT no_key)
    message(FATAL_ERROR "${old}-climbs.json: ${key} ${value} recorded for --${flag} ${old}")
  endif()
  run(2 "${key} null \\(here \"${new}\"\\); give --${flag} ${old} to resume its search as it was begun"
      search ${climbing} --iterations 60000 --checkpoint ${old}-climbs.ck)
  run(0 "" search ${climbing} --${flag} ${old} --iterations 60000 --checkpoint ${old}-climbs.ck)
  run(2 "${error_line}--${flag} needs climbs: --climb-after or --record-climbs" search --${flag} ${old} --iterations 10)
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
# The search to kill must outlast the kill's 1.5 s: 300,000 iterations in the Release build, and
# 100,000 in the sanitizer build (SANITIZED), where iterations cost about ten times as much.
set(long_search 300000)
if(SANITIZED)
  set(long_search 100000)
endif()
run(0 "" search ${budget} --iterations ${long_search} --json straight.json --best-svg straight.svg)
file(READ ${WORK}/straight.svg svg)
if(NOT svg MATCHES "^<svg")
  message(FATAL_ERROR "--best-svg wrote no picture")
endif()
run(0 "" search ${budget} --iterations 20000 --checkpoint ck.json --json part.json)
killed_then_resumed(ck.json straight.json 20001 ${long_search} "sleep 1.5" ${budget} --iterations ${long_search})
run(2 "${error_line}checkpoint 'ck.json': it holds a search with other settings" search ${budget} --pool 7 --iterations 10 --checkpoint ck.json)
run(2 "other settings: same_grid null \\(here \"dots\"\\)" search ${budget} --same-grid dots --iterations 10 --checkpoint ck.json)
run(2 "${error_line}--abandon-after belongs to --method population" search --method local --abandon-after 5 --iterations 10)
# A fixed score to give lineages up below is a recorded setting, and needs the age to judge them at.
run(0 "" search --searches 1 --threads 1 --seed 5 --restart-after 3000 --abandon-after 2000 --abandon-below 100 --iterations 20000 --json below.json)
expect_setting(below.json abandon_below 100)
run(2 "${error_line}--abandon-below needs --abandon-after" search --abandon-below 140 --iterations 10)
run(2 "--end-search-source: sometimes not in \\{parent,unsearched\\}" search --end-search-source sometimes --iterations 10)
run(2 "--fill: often not in \\{fresh,lineage,grid\\}" search --fill often --iterations 10)
run(2 "other settings: mutation null \\(here \"swap-any\"\\)" search ${budget} --mutation swap-any --iterations 10 --checkpoint ck.json)
run(2 "--end-search-depths: every not in \\{bandit,lineage-bandit,all\\}" search --end-search-depths every --iterations 10)
run(0 "" search --searches 1 --threads 1 --seed 5 --end-search-depths lineage-bandit --iterations 5000 --json lineage-bandit.json)
expect_setting(lineage-bandit.json end_search_depths lineage-bandit)
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
# From the best grids of two of its three lineages, in pools of 2,000: the settings are recorded,
# and the second climb starts lower.
run(0 "" search ${climbing} --restart-after 5000 --climb-lineages 2 --climb-pool 2000 --iterations 100000 --json climbed2.json)
file(READ ${WORK}/climbed2.json climbed2)
expect_setting(climbed2.json climb_pool 2000)
string(JSON climb_lineages GET "${climbed2}" settings climb_lineages)
string(JSON first_start GET "${climbed2}" runs 0 climbs 0 steps 0 1)
string(JSON second_start GET "${climbed2}" runs 0 climbs 1 steps 0 1)
if(NOT climb_lineages EQUAL 2 OR NOT second_start LESS first_start)
  message(FATAL_ERROR "climbed2.json: climb_lineages ${climb_lineages}, climbs from ${first_start} and ${second_start}")
endif()
run(2 "${error_line}--climb-lineages needs --climb-after" search --climb-lineages 3 --iterations 10)
run(2 "${error_line}--climb-pool needs climbs: --climb-after or --record-climbs" search --climb-pool 2000 --iterations 10)
run(2 "${error_line}--climb-after belongs to --method population" search --method local --climb-after 5 --iterations 10)
run(2 "other settings: climb_after null \\(here 1000\\), climb_dna null \\(here \"parent\"\\), climb_iterations null.*\\); give another --checkpoint" search ${budget} --climb-after 1000 --iterations 10 --checkpoint ck.json)
# A climb's pool tells grids apart by their dots, recorded; by their lines (as climbs did before
# 0.15.5) nothing is recorded, and such a search's checkpoint is refused with the flag that resumes it.
expect_setting(climbed.json climb_same_grid dots)
earlier_climbs_resume(climb-same-grid lines climb_same_grid dots)
# A climb's DNAs are its parent's moves, recorded; with kept DNAs (as climbs had before 0.15.7)
# nothing is recorded, and such a search's checkpoint is refused with the flag that resumes it.
expect_setting(climbed.json climb_dna parent)
earlier_climbs_resume(climb-dna kept climb_dna parent)
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
# Kicks from the best grid after a number of iterations: the setting is recorded (the default's
# too), a checkpoint of a search with other kicks is refused, and one of a search without kicks
# (as every search before kicks were the default) is refused with the flag that resumes it.
run(0 "" search --searches 1 --threads 1 --seed 5 --restart-after 5000 --kick-after 20000 --iterations 60000 --json kicked.json)
file(READ ${WORK}/kicked.json kicked)
string(JSON kick_after GET "${kicked}" settings kick_after)
file(READ ${WORK}/straight.json straight)
string(JSON default_kick_after GET "${straight}" settings kick_after)
if(NOT kick_after EQUAL 20000 OR NOT default_kick_after EQUAL 36000000)
  message(FATAL_ERROR "kick_after ${kick_after} and by default ${default_kick_after}, not 20000 and 36000000")
endif()
run(2 "other settings: kick_after 36000000 \\(here 1000\\); give another --checkpoint" search ${budget} --kick-after 1000 --iterations 10 --checkpoint ck.json)
run(0 "" search ${budget} --kick-after 0 --iterations 2000 --checkpoint unkicked.ck --json unkicked.json)
run(2 "other settings: kick_after null \\(here 36000000\\); give --kick-after 0 to resume its search as it was begun, or another --checkpoint" search ${budget} --iterations 4000 --checkpoint unkicked.ck)
run(0 "" search ${budget} --kick-after 0 --iterations 4000 --checkpoint unkicked.ck --json unkicked.json --force)
# A checkpoint of a search without kicks or bursts (as every search before either was the default)
# is refused with the two flags that resume it.
run(0 "" search ${budget} --kick-after 0 --kick-bursts 0 --iterations 2000 --checkpoint unburst.ck)
run(2 "kick_after null \\(here 36000000\\), kick_burst_from null \\(here 150\\), kick_bursts null \\(here 10\\); give --kick-after 0 --kick-bursts 0 to resume its search as it was begun, or another --checkpoint" search ${budget} --iterations 4000 --checkpoint unburst.ck)
run(0 "" search ${budget} --kick-after 0 --kick-bursts 0 --iterations 4000 --checkpoint unburst.ck)
string(JSON climbed_kick_after ERROR_VARIABLE no_kicks GET "${climbed}" settings kick_after)
if(NOT no_kicks)
  message(FATAL_ERROR "climbed.json: --climb-after should turn the kicks off, but kick_after is ${climbed_kick_after}")
endif()
run(2 "${error_line}--climb-after and --kick-after are two ways" search --climb-after 10 --kick-after 5 --iterations 10)
run(0 "" search --searches 1 --threads 1 --climb-after 1000 --climb-iterations 1000 --kick-after 0 --iterations 2000 --json climbed0.json)
# How far a kick winds back is a setting, recorded, and its two shares come in order; a kick's
# patience is recorded too.
run(0 "" search --searches 1 --threads 1 --seed 5 --restart-after 5000 --kick-after 20000 --kick-depth 0.25,0.75 --kick-restart-after 2000 --iterations 30000 --json deep.json)
file(READ ${WORK}/deep.json deep)
string(JSON kick_least GET "${deep}" settings kick_least)
string(JSON kick_most GET "${deep}" settings kick_most)
string(JSON kick_restart_after GET "${deep}" settings kick_restart_after)
if(NOT kick_least EQUAL 0.25 OR NOT kick_most EQUAL 0.75 OR NOT kick_restart_after EQUAL 2000)
  message(FATAL_ERROR "deep.json: kick depth ${kick_least} to ${kick_most} and patience ${kick_restart_after}, not 0.25 to 0.75 and 2000")
endif()
# The patience of a kick back on its grid is recorded, and needs kicks from the search's best grid.
run(0 "" search --searches 1 --threads 1 --seed 5 --restart-after 5000 --kick-after 20000 --kick-return-patience 700 --iterations 30000 --json returning.json)
expect_setting(returning.json kick_return_patience 700)
# Bursts kick from the search's best grid too.
run(0 "" search --searches 1 --threads 1 --kick-return-patience 700 --kick-tabu 3 --kick-after 0 --iterations 10)
run(2 "${error_line}--kick-return-patience needs kicks from the search's best grid" search --kick-return-patience 700 --kick-after 0 --kick-bursts 0 --iterations 10)
run(2 "${error_line}--kick-return-patience needs kicks from the search's best grid" search --kick-return-patience 700 --kick-accept 1 --iterations 10)
run(2 "${error_line}--kick-return-patience belongs to --method population" search --method local --kick-return-patience 700 --iterations 10)
# A kick's tabu lines are a recorded setting, and need kicks that make children of --dna parent.
run(0 "" search --searches 1 --threads 1 --seed 5 --restart-after 5000 --kick-after 20000 --kick-tabu 3 --iterations 30000 --json tabu.json)
expect_setting(tabu.json kick_tabu 3)
run(2 "${error_line}--kick-tabu needs kicks" search --kick-tabu 3 --kick-after 0 --kick-bursts 0 --iterations 10)
run(2 "${error_line}--kick-tabu acts on the children of --dna parent" search --kick-tabu 3 --dna kept --pool-order rotate --mutation swap-any --iterations 10)
run(2 "${error_line}--kick-tabu belongs to --method population" search --method local --kick-tabu 3 --iterations 10)
# A kick's lineage may draw its parents with a skew of its own: a recorded setting that needs kicks.
run(0 "" search --searches 1 --threads 1 --seed 5 --restart-after 5000 --kick-after 20000 --kick-skew 20 --iterations 30000 --json kick_skew.json)
expect_setting(kick_skew.json kick_skew 20)
run(2 "${error_line}--kick-skew needs kicks" search --kick-skew 20 --kick-after 0 --kick-bursts 0 --iterations 10)
run(0 "" search --searches 1 --threads 1 --seed 5 --fill-centre 0.25 --iterations 3000 --json centre.json)
expect_setting(centre.json fill_centre 0.25)
run(2 "${error_line}--fill-centre acts on the fill of --dna parent's children" search --fill-centre 0.25 --dna kept --pool-order rotate --mutation swap-any --iterations 10)
run(2 "${error_line}--fill-centre: expected a real number in \\[0, 100\\], got '101'" search --fill-centre 101 --iterations 10)
# Starts biased to the best lineages are a recorded setting of the population search.
run(0 "" search --searches 1 --threads 1 --seed 5 --restart-after 3000 --kick-after 0 --elite-starts 2 --iterations 20000 --json elites.json)
expect_setting(elites.json elite_starts 2)
run(2 "${error_line}--elite-starts belongs to --method population" search --method local --elite-starts 2 --iterations 10)
# Where a new grid goes among those of its score, and what a grid played again in another order
# changes, are recorded settings of the score-sorted pool.
run(0 "" search --searches 1 --threads 1 --seed 5 --ties random --refound reorder --iterations 3000 --json ties.json)
expect_setting(ties.json ties random)
expect_setting(ties.json refound reorder)
run(2 "${error_line}--ties needs --pool-order score" search --ties oldest --pool-order rotate --iterations 10)
run(2 "${error_line}--refound needs --pool-order score" search --refound front --order canonical --iterations 10)
run(2 "--ties: last not in \\{newest,oldest,random\\}" search --ties last --iterations 10)
# Which moves a kick takes out is a recorded setting.
run(0 "" search --searches 1 --threads 1 --seed 5 --restart-after 5000 --kick-after 20000 --kick-shape region --iterations 30000 --json region.json)
expect_setting(region.json kick_shape region)
run(2 "--kick-shape: middle not in \\{tail,ruin,region\\}" search --kick-shape middle --iterations 10)
run(2 "${error_line}--kick-shape belongs to --method population" search --method local --kick-shape ruin --iterations 10)
run(2 "${error_line}--kick-depth 0.6,0.2: the first share is the least" search --kick-depth 0.6,0.2 --iterations 10)
run(2 "${error_line}--kick-depth: At least 2 required" search --kick-depth 0.6 --iterations 10)
run(2 "${error_line}--kick-depth: expected a real number in \\[0, 1\\], got .1.5." search --kick-depth 0.2,1.5 --iterations 10)
run(2 "${error_line}--kick-after belongs to --method population" search --method local --kick-after 5 --iterations 10)
# Rounds are recorded, and a round no longer than --kick-after, which would never kick, is refused.
run(0 "" search --searches 1 --threads 1 --seed 5 --restart-after 2000 --kick-after 8000 --round-iterations 10000 --iterations 30000 --json rounds.json)
expect_setting(rounds.json round_iterations 10000)
run(2 "${error_line}--round-iterations 36000000: a round must be longer than --kick-after's 36000000" search --round-iterations 36000000 --iterations 10)
run(2 "${error_line}--round-iterations belongs to --method population" search --method local --round-iterations 5 --iterations 10)
# A walk of the kicks is recorded; it needs kicks, and rounds choose the kicks' grid another way.
run(0 "" search --searches 1 --threads 1 --seed 5 --restart-after 2000 --kick-after 8000 --kick-accept 2 --iterations 20000 --json walk.json)
expect_setting(walk.json kick_accept 2)
run(0 "" search --searches 1 --threads 1 --seed 5 --kick-after 0 --kick-accept 0 --iterations 2000 --json walk-bursts.json)
expect_setting(walk-bursts.json kick_accept 0)
run(2 "${error_line}--kick-accept needs kicks: --kick-after, --kick-bursts" search --kick-accept 1 --kick-after 0 --kick-bursts 0 --iterations 10)
run(2 "${error_line}--kick-accept needs kicks" search --kick-accept 1 --climb-after 10 --iterations 10)
run(2 "${error_line}--kick-accept and --round-iterations each choose the grid kicks start from: give one" search --kick-accept 1 --round-iterations 40000000 --iterations 10)
run(2 "${error_line}--kick-accept belongs to --method population" search --method local --kick-accept 1 --iterations 10)
# Kick bursts are recorded (the default's ten from a best of 150 too); their score needs them, and
# rounds kick from another grid, so rounds and climbs turn the default bursts off.
run(0 "" search --searches 1 --threads 1 --seed 5 --restart-after 2000 --kick-bursts 3 --kick-burst-from 100 --iterations 20000 --json bursts.json)
expect_setting(bursts.json kick_bursts 3)
expect_setting(bursts.json kick_burst_from 100)
expect_setting(straight.json kick_bursts 10)
expect_setting(straight.json kick_burst_from 150)
foreach(unburst rounds.json climbed.json)
  file(READ ${WORK}/${unburst} result)
  string(JSON bursts ERROR_VARIABLE no_bursts GET "${result}" settings kick_bursts)
  if(NOT no_bursts)
    message(FATAL_ERROR "${unburst}: rounds and climbs should turn the default bursts off, but kick_bursts is ${bursts}")
  endif()
endforeach()
run(2 "${error_line}--kick-burst-from needs kick bursts, which --kick-bursts 0, --climb-after and --round-iterations turn off" search --kick-bursts 0 --kick-burst-from 140 --iterations 10)
run(2 "${error_line}--kick-bursts kicks from the search's best, --round-iterations from each round's: give one" search --kick-bursts 2 --round-iterations 40000000 --iterations 10)
# Where a child's changes fall and the protection of its parent's later moves are recorded settings.
run(0 "" search --searches 1 --threads 1 --seed 5 --mutation-focus 0.5 --protect 1 --iterations 20000 --json focus.json)
expect_setting(focus.json mutation_focus 0.5)
expect_setting(focus.json protect 1.0)
run(2 "${error_line}--mutation-focus: expected a real number in \\(0, 100\\], got '0'" search --mutation-focus 0 --iterations 10)
run(2 "${error_line}--protect: expected a real number in \\[0, 1\\], got '2'" search --protect 2 --iterations 10)
run(2 "${error_line}--protect belongs to --method population" search --method local --protect 1 --iterations 10)
run(0 "B - A.*\n.* \\+0\\.0 \\[ +\\+0\\.0, +\\+0\\.0\\] +0-2-0" compare straight.json straight.json --wall)
# On the iterations clock the run's end (its exact budget) is a default point, and a given point stays.
run(0 "iterations +A mean best[^\n]*\n +${long_search} " compare straight.json --iterations)
run(0 "\n +1000 [^\n]*\n +${long_search} " compare straight.json straight.json --iterations --at 1000,${long_search})
run(2 "${error_line}--wall excludes --iterations" compare straight.json --iterations --wall)
run(2 "${error_line}'straight.json' and 'n.json' are not paired" compare straight.json n.json)
run(2 "${error_line}result file 'example.json': not a `morpion search`" compare example.json)
# Files of other seeds joined with commas are one run of their searches, paired file by file.
run(0 "A: straight.json,region.json \\(population, 3 searches, seeds 4, 5\\)" compare straight.json,region.json --iterations)
run(0 "B - A.*\n.* \\+0\\.0 \\[ +\\+0\\.0, +\\+0\\.0\\] +0-3-0" compare straight.json,region.json straight.json,region.json --iterations)
run(2 "${error_line}'straight.json,region.json' and 'region.json,straight.json' are not paired"
    compare straight.json,region.json region.json,straight.json)
run(2 "${error_line}'straight.json' repeats seed 4" compare straight.json,straight.json)
run(2 "${error_line}files: 'straight.json,' has an empty file name" compare straight.json,)
message(STATUS "morpion command line behaves")
