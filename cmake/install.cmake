# `cmake --install`: the three programs, the plot scripts, and a CMake package for code
# built out of tree. find_package(ratrace) gives:
#   ratrace::engine      the engine library (tracks/, controller/engine/) and its headers,
#                        included as <ratrace/engine/...>, <ratrace/tracks/...>, <ratrace/common/...>
#   ratrace::player_api  the headers alone, for a player plugin loaded with --player-lib
#   ratrace_add_player(NAME SOURCES...)  builds such a plugin
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS ratrace RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(PROGRAMS scripts/plots/plot_sweep.py scripts/plots/plot_results.py DESTINATION ${CMAKE_INSTALL_DATADIR}/ratrace)
install(FILES scripts/plots/plotting.py DESTINATION ${CMAKE_INSTALL_DATADIR}/ratrace)

# A plugin leaves the registry's symbols to the program that loads it, so it links the
# headers only, never the engine's archive (that would give it a registry of its own).
add_library(ratrace_player_api INTERFACE)
target_include_directories(ratrace_player_api INTERFACE $<BUILD_INTERFACE:${RATRACE_INCLUDE_DIR}>
                                                        $<INSTALL_INTERFACE:include>)
target_compile_features(ratrace_player_api INTERFACE cxx_std_20)
target_compile_definitions(ratrace_player_api INTERFACE RATRACE_PLAYER_PLUGIN)

set_target_properties(ratrace_common PROPERTIES EXPORT_NAME common)
set_target_properties(ratrace_engine PROPERTIES EXPORT_NAME engine)
set_target_properties(ratrace_player_api PROPERTIES EXPORT_NAME player_api)
install(TARGETS ratrace_common ratrace_engine ratrace_player_api ratrace_warnings EXPORT ratraceTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
foreach(pair common:common tracks:tracks engine:controller/engine)
  string(REPLACE ":" ";" pair "${pair}")
  list(GET pair 0 name)
  list(GET pair 1 folder)
  install(DIRECTORY ${folder}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ratrace/${name} FILES_MATCHING PATTERN "*.h")
endforeach()
install(FILES ${RATRACE_INCLUDE_DIR}/ratrace/api_version.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ratrace)

set(RATRACE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/ratrace)
install(EXPORT ratraceTargets NAMESPACE ratrace:: DESTINATION ${RATRACE_CMAKE_DIR})
configure_package_config_file(cmake/ratraceConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/ratraceConfig.cmake
                              INSTALL_DESTINATION ${RATRACE_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/ratraceConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/ratraceConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/ratraceConfigVersion.cmake
        DESTINATION ${RATRACE_CMAKE_DIR})
