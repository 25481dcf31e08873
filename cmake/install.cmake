# `cmake --install`: the ratrace binary and the plot script, and a CMake package so players
# can be built out of tree: find_package(ratrace) gives ratrace::core (the engine and every
# header a player needs) and ratrace::cli (the command line's main(), to link with players).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS ratrace RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(PROGRAMS scripts/plot_sweep.py scripts/plot_results.py DESTINATION ${CMAKE_INSTALL_DATADIR}/ratrace)
install(FILES scripts/plotting.py DESTINATION ${CMAKE_INSTALL_DATADIR}/ratrace)

set_target_properties(ratrace_common PROPERTIES EXPORT_NAME common)
set_target_properties(ratrace_core PROPERTIES EXPORT_NAME core)
set_target_properties(ratrace_cli PROPERTIES EXPORT_NAME cli)
install(TARGETS ratrace_common ratrace_core ratrace_cli EXPORT ratraceTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
foreach(folder common controller tracks players)
  install(DIRECTORY ${folder}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ratrace/${folder}
          FILES_MATCHING PATTERN "*.h")
endforeach()

set(RATRACE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/ratrace)
install(EXPORT ratraceTargets NAMESPACE ratrace:: DESTINATION ${RATRACE_CMAKE_DIR})
configure_package_config_file(cmake/ratraceConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/ratraceConfig.cmake
                              INSTALL_DESTINATION ${RATRACE_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/ratraceConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/ratraceConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/ratraceConfigVersion.cmake
        DESTINATION ${RATRACE_CMAKE_DIR})
