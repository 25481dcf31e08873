# The version source of ratrace_common: VERSION's number and the build's settings, fixed at
# configure time, and the git commit, read again at every build by cmake/write_version.cmake.
if(NOT DEFINED RATRACE_MPI_STATUS)
  set(RATRACE_MPI_STATUS "not built in")
endif()
set(RATRACE_VERSION_SOURCE ${CMAKE_CURRENT_BINARY_DIR}/generated/version.cpp)
add_custom_target(ratrace_version
  COMMAND ${CMAKE_COMMAND}
          -DTEMPLATE=${CMAKE_CURRENT_SOURCE_DIR}/common/version.cpp.in
          -DOUTPUT=${RATRACE_VERSION_SOURCE}
          -DSOURCE_DIR=${CMAKE_CURRENT_SOURCE_DIR}
          -DRATRACE_VERSION=${RATRACE_VERSION}
          -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
          -DCMAKE_CXX_COMPILER_ID=${CMAKE_CXX_COMPILER_ID}
          -DCMAKE_CXX_COMPILER_VERSION=${CMAKE_CXX_COMPILER_VERSION}
          -DTBB_VERSION=${TBB_VERSION}
          -DRATRACE_MPI_STATUS=${RATRACE_MPI_STATUS}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/write_version.cmake
  BYPRODUCTS ${RATRACE_VERSION_SOURCE}
  COMMENT "Reading the git commit for --version"
  VERBATIM)
