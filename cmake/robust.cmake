# Robustness checks: the command-line regression script, and (with RATRACE_FUZZ=ON, clang
# only) libFuzzer targets for every parser of outside input. scripts/test.sh builds them
# in build-asan/ with AddressSanitizer and UndefinedBehaviorSanitizer.
add_test(NAME robustness_cli
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tests/robustness_cli_test.sh $<TARGET_FILE:ratrace>)
set_tests_properties(robustness_cli PROPERTIES TIMEOUT 300)

option(RATRACE_FUZZ "Build the libFuzzer targets in tests/fuzz (needs clang)" OFF)
if(RATRACE_FUZZ)
  foreach(target track config journal set number)
    add_executable(fuzz_${target} tests/fuzz/fuzz_${target}.cpp)
    target_link_libraries(fuzz_${target} PRIVATE ratrace_cli TBB::tbb)
    target_link_options(fuzz_${target} PRIVATE -fsanitize=fuzzer)
  endforeach()
endif()

# The reliability probe's quick run (docs/RELIABILITY.md): kill -9 and signals at random moments
# then --resume, racing writers, unwritable outputs, fuzzed inputs, MPI ranks killed or signalled,
# foreign journal lines, edited and crashing players, FIFOs; every "crashed", "hung", "silently
# accepted" and "data lost" count must be 0 (about 2 minutes, pinned to one core). It leaves the
# other core to the other tests, and a COST makes ctest start it among the first.
add_test(NAME reliability_probe
         COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/scripts/testing/probe_reliability.py --build ${PROJECT_BINARY_DIR})
set_tests_properties(reliability_probe PROPERTIES TIMEOUT 900 COST 120)

# A result file is a function of (config, player, seed, boards): the same bytes at 1, 2 and 4
# threads once timings are taken out.
add_test(NAME result_file_same_for_any_thread_count
         COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/tests/scripts/result_identity_test.py $<TARGET_FILE:ratrace>)
set_tests_properties(result_file_same_for_any_thread_count PROPERTIES TIMEOUT 300)
# Ctrl-C on a run of a million boards exits within 3 s.
add_test(NAME interrupt_latency
         COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/tests/scripts/interrupt_latency_test.py $<TARGET_FILE:ratrace>)
set_tests_properties(interrupt_latency PROPERTIES TIMEOUT 120)
# --plot and render on a full disk (a small tmpfs; skipped where mounting is not allowed).
add_test(NAME full_disk_pictures
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tests/scripts/full_disk_pictures_test.sh $<TARGET_FILE:ratrace>)
set_tests_properties(full_disk_pictures PROPERTIES TIMEOUT 300 SKIP_RETURN_CODE 77)
