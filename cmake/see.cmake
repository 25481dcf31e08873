# Seeing a game: play --board against score, the render command, and the replay
# page in headless Chromium, driven through the ratrace binary by tests/see_test.py.
# Debian's python3 carries matplotlib (the screenshot is read with it).
find_program(RATRACE_SYSTEM_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT RATRACE_SYSTEM_PYTHON)
  find_program(RATRACE_SYSTEM_PYTHON python3 REQUIRED)
endif()
foreach(check play-board render browser)
  add_test(NAME see_${check} COMMAND ${RATRACE_SYSTEM_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tests/see_test.py
                                     $<TARGET_FILE:ratrace> ${check})
  set_tests_properties(see_${check} PROPERTIES TIMEOUT 300)
endforeach()
