# Tests of what a user meets first: the scripts, the command line's exit codes and messages,
# --version's commit, a duplicate player name, and an out-of-tree player built against an
# installed ratrace. Each runs in seconds.
add_test(NAME run_sh_flags_override_defaults COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tests/scripts/run_sh_test.sh)
add_test(NAME cli_usage_errors
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tests/scripts/cli_usage_test.sh $<TARGET_FILE:ratrace>)
# About a minute in the sanitizer build: a COST makes ctest start it among the first.
set_tests_properties(cli_usage_errors PROPERTIES COST 60)
add_test(NAME version_commit_is_current
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tests/scripts/version_test.sh ${CMAKE_CURRENT_SOURCE_DIR})

# A build of ratrace with a second "Blind Faith" beside the real one.
add_executable(ratrace_duplicate_player $<TARGET_OBJECTS:ratrace_main> tests/fixtures/duplicate_player.cpp
                                        $<TARGET_OBJECTS:ratrace_players>)
target_link_libraries(ratrace_duplicate_player PRIVATE ratrace_cli TBB::tbb)
add_test(NAME duplicate_player_name
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tests/scripts/duplicate_player_test.sh
                 $<TARGET_FILE:ratrace_duplicate_player>)

# A plugin whose players crash the process (SIGSEGV, SIGABRT): the crash is one error line that
# names player, board and seed; --isolate finishes the run with those games as faults; a
# truncated plugin is refused by name.
add_library(ratrace_test_crashing_player MODULE tests/fixtures/crashing_player.cpp)
target_link_libraries(ratrace_test_crashing_player PRIVATE ratrace_player_api)
set_target_properties(ratrace_test_crashing_player PROPERTIES PREFIX "lib" CXX_VISIBILITY_PRESET default)
add_test(NAME crashing_player
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tests/scripts/crashing_player_test.sh $<TARGET_FILE:ratrace>
                 $<TARGET_FILE:ratrace_test_crashing_player>)
set_tests_properties(crashing_player PROPERTIES TIMEOUT 300)

# The example plugin's source compiled into ratrace, to compare with the plugin loaded. Not in
# the sanitizer build (RATRACE_FUZZ): the example builds with the system compiler against the
# installed package, which cannot link a sanitized library.
if(NOT RATRACE_FUZZ)
  add_executable(ratrace_with_example_player $<TARGET_OBJECTS:ratrace_main> examples/out_of_tree_player/stripe_follower.cpp
                                             $<TARGET_OBJECTS:ratrace_players>)
  target_link_libraries(ratrace_with_example_player PRIVATE ratrace_cli TBB::tbb)
  add_test(NAME out_of_tree_player
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tests/scripts/out_of_tree_test.sh
                   ${CMAKE_CURRENT_BINARY_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/examples/out_of_tree_player
                   $<TARGET_FILE:ratrace_with_example_player>)
  set_tests_properties(out_of_tree_player PROPERTIES TIMEOUT 300)
endif()

# Every include names a project file by its prefix, the folders include each other only down the
# layers, and docs/ARCHITECTURE.md shows the graph as it is.
add_test(NAME folder_graph
         COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/scripts/dev/folder_graph.py --root ${CMAKE_CURRENT_SOURCE_DIR}
                 --check-doc docs/ARCHITECTURE.md)

# Every runnable sh block of README.md, morpion/README.md and menace/README.md, run twice on a
# fresh copy of the tree whose only build is the quick start's (README.md's first block). Not in
# the sanitizer build (RATRACE_FUZZ): the examples' full-size games would take far too long
# there, and the Python module and the plugin example do not load into it.
if(NOT RATRACE_FUZZ)
  add_test(NAME readme_examples
           COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/tests/scripts/readme_test.py --source ${CMAKE_CURRENT_SOURCE_DIR})
  set_tests_properties(readme_examples PROPERTIES TIMEOUT 1200 RUN_SERIAL TRUE)
endif()
