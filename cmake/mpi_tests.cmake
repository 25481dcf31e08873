# mpiexec runs as root only when asked to; oversubscribe lets 3 ranks share 2 cores.
set(RATRACE_MPIEXEC_FLAGS --oversubscribe)
execute_process(COMMAND id -u OUTPUT_VARIABLE RATRACE_UID OUTPUT_STRIP_TRAILING_WHITESPACE)
if(RATRACE_UID STREQUAL "0")
  list(APPEND RATRACE_MPIEXEC_FLAGS --allow-run-as-root)
endif()

add_executable(distributed_test tests/mpi/distributed_test.cpp $<TARGET_OBJECTS:ratrace_players>)
target_link_libraries(distributed_test PRIVATE ratrace_cli TBB::tbb GTest::gtest)
add_test(NAME mpi_distributed_runs
         COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} 3 ${RATRACE_MPIEXEC_FLAGS}
                 $<TARGET_FILE:distributed_test>)
# The out-of-tree example player, built here as the plugin every rank must load.
add_library(stripe_follower_plugin MODULE examples/out_of_tree_player/stripe_follower.cpp)
target_link_libraries(stripe_follower_plugin PRIVATE ratrace_player_api)
set_target_properties(stripe_follower_plugin PROPERTIES CXX_VISIBILITY_PRESET default)
add_test(NAME mpi_commands_match_one_process
         COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/tests/mpi/commands_test.py
                 --ratrace $<TARGET_FILE:ratrace> --mpiexec ${MPIEXEC_EXECUTABLE}
                 "--mpiexec-flags=${RATRACE_MPIEXEC_FLAGS}" --plugin $<TARGET_FILE:stripe_follower_plugin>
                 --python-examples ${CMAKE_CURRENT_SOURCE_DIR}/python/examples)
set_tests_properties(mpi_distributed_runs mpi_commands_match_one_process PROPERTIES TIMEOUT 600 RUN_SERIAL TRUE)
