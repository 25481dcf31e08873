# Run at every build (cmake -P, from the ratrace_version target): writes the version source
# with the commit checked out now. configure_file rewrites it only when its text changes, so
# an unchanged commit rebuilds nothing and a new one is never reported stale.
# Expects TEMPLATE, OUTPUT, SOURCE_DIR and the @...@ values of common/version.cpp.in.
execute_process(COMMAND git rev-parse --short=12 HEAD WORKING_DIRECTORY ${SOURCE_DIR}
                RESULT_VARIABLE not_git OUTPUT_VARIABLE RATRACE_GIT_COMMIT
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(not_git OR NOT RATRACE_GIT_COMMIT)
  set(RATRACE_GIT_COMMIT "unknown (not built from a git checkout)")
else()
  execute_process(COMMAND git diff --quiet HEAD -- WORKING_DIRECTORY ${SOURCE_DIR}
                  RESULT_VARIABLE modified ERROR_QUIET)
  if(modified)
    string(APPEND RATRACE_GIT_COMMIT " with uncommitted changes")
  endif()
endif()
configure_file(${TEMPLATE} ${OUTPUT} @ONLY)
