# Run at build time (cmake -P): writes a C++ source defining `const char* const NAME` (in
# namespace ratrace) as the whole text of INPUT, so that a page or script can live in a file of
# its own and still be part of the program. Expects INPUT, OUTPUT and NAME; the file is rewritten
# only when its text changes.
file(READ ${INPUT} text)
set(delimiter "EMBEDDED_TEXT")
string(FIND "${text}" ")${delimiter}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} holds the raw string's delimiter )${delimiter}\"")
endif()
get_filename_component(name ${INPUT} NAME)
set(source "// Generated at build time from ${name} by cmake/embed_text.cmake: do not edit.
namespace ratrace {
extern const char* const ${NAME};
const char* const ${NAME} = R\"${delimiter}(${text})${delimiter}\";
}  // namespace ratrace
")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL source)
  file(WRITE ${OUTPUT} "${source}")
endif()
