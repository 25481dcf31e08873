# Runs a binary's `bench` (with -DRULES=<dialect>: `ratrace bench --rules <dialect>`) and fails
# unless its signature equals the one recorded in the repo.
set(rules_flags)
if(DEFINED RULES)
  set(rules_flags --rules ${RULES})
endif()
execute_process(COMMAND ${RATRACE} bench --threads 2 ${rules_flags} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ratrace bench failed (${rc}):\n${out}\n${err}")
endif()
string(REGEX MATCH "signature: ([0-9a-f]+)" _ "${out}")
set(actual "${CMAKE_MATCH_1}")
file(STRINGS ${EXPECTED_FILE} expected LIMIT_COUNT 1)
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "bench signature changed: got '${actual}', recorded '${expected}' in ${EXPECTED_FILE}.\n"
                      "If the change of game results is intended, record the new value and say so in the commit.\n${out}")
endif()
message(STATUS "bench signature ${actual} matches")
