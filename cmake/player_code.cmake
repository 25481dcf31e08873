# Run at every build (cmake -P): writes the table of compiled-in players' code fingerprints
# (compiled_player_code in controller/engine/player.h). A player's games depend on the engine
# (common/, tracks/, controller/engine/), the shared player headers and its own file, so its
# fingerprint is a hash of those files' contents: any edit to them, committed or not, makes
# runs of that player new runs. Expects SOURCE_DIR and OUTPUT; the file is rewritten only when
# its text changes.
file(GLOB engine_files LIST_DIRECTORIES false ${SOURCE_DIR}/common/* ${SOURCE_DIR}/tracks/*
     ${SOURCE_DIR}/controller/engine/* ${SOURCE_DIR}/players/*.h)
list(SORT engine_files)
set(engine_text "")
foreach(file ${engine_files})
  file(SHA256 ${file} hash)
  file(RELATIVE_PATH name ${SOURCE_DIR} ${file})
  string(APPEND engine_text "${name} ${hash}\n")
endforeach()
string(SHA256 engine_hash "${engine_text}")
string(SUBSTRING ${engine_hash} 0 16 engine_hash)

file(GLOB player_files LIST_DIRECTORIES false ${SOURCE_DIR}/players/*.cpp)
list(SORT player_files)
set(rows "")
foreach(file ${player_files})
  file(SHA256 ${file} hash)
  get_filename_component(name ${file} NAME)
  string(SHA256 combined "${engine_hash} ${hash}")
  string(SUBSTRING ${combined} 0 16 combined)
  string(APPEND rows "      {\"${name}\", \"${combined}\"},\n")
endforeach()

set(text "// Generated at build time by cmake/player_code.cmake: do not edit.
#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>

#include \"ratrace/engine/player.h\"

namespace ratrace {

std::string compiled_player_code(std::string_view source_file) {
  static constexpr std::pair<std::string_view, std::string_view> kPlayers[] = {
${rows}  };
  const std::string_view file = source_file.substr(source_file.find_last_of('/') + 1);
  const auto found = std::find_if(std::begin(kPlayers), std::end(kPlayers), [&](const auto& row) { return row.first == file; });
  return found != std::end(kPlayers) ? \"compiled \" + std::string(found->second) : \"engine ${engine_hash}\";
}

}  // namespace ratrace
")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUTPUT} "${text}")
endif()
