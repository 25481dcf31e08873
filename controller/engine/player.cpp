#include "ratrace/engine/player.h"

#include <dlfcn.h>
#include <elf.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <utility>

#include "ratrace/common/crash.h"
#include "ratrace/common/hash.h"
#include "ratrace/common/numbers.h"

namespace ratrace {

namespace {
// Function-local static: registration from other translation units' static initialisers
// must not depend on initialisation order.
std::map<std::string, PlayerInfo>& registry() {
  static std::map<std::string, PlayerInfo> players;
  return players;
}
// The file that registered each player, to name both files of a duplicate.
std::map<std::string, std::string>& source_files() {
  static std::map<std::string, std::string> files;
  return files;
}
std::vector<std::string>& errors() {
  static std::vector<std::string> messages;
  return messages;
}
// The source file recorded for players made at run time.
constexpr const char* kRuntimeSource = "(made at run time)";
// While a plugin loads, its players wait here until its version is checked.
std::vector<std::pair<PlayerInfo, std::string>>* g_loading = nullptr;
std::string described(std::string_view source_file) {
  return source_file.empty() ? "a test" : std::string(source_file);
}
}  // namespace

bool register_player(PlayerInfo info, std::string_view source_file) {
  if (g_loading) {
    g_loading->emplace_back(std::move(info), std::string(source_file));
    return true;
  }
  if (info.name.empty() || !info.move) {
    errors().push_back("a player registered in " + described(source_file) + " has no name or no move function");
    return false;
  }
  const std::string name = info.name;
  if (name.find(',') != std::string::npos) {
    errors().push_back("the player '" + name + "' registered in " + described(source_file) +
                       " has a comma in its name, which --players could not name; rename it");
    return false;
  }
  if (info.code.empty()) info.code = compiled_player_code(source_file);
  if (!registry().emplace(name, std::move(info)).second) {
    errors().push_back("two players are named '" + name + "': one in " + described(source_files()[name]) +
                       ", another in " + described(source_file) + "; rename one of them");
    return false;
  }
  source_files()[name] = source_file;
  return true;
}

const std::vector<std::string>& registration_errors() { return errors(); }

const std::map<std::string, PlayerInfo>& registered_players() { return registry(); }

const PlayerInfo& find_player(std::string_view name) {
  const auto& players = registry();
  if (auto it = players.find(std::string(name)); it != players.end()) return it->second;
  std::string known;
  for (const auto& [key, _] : players) known += (known.empty() ? "" : ", ") + key;
  throw std::invalid_argument("unknown player '" + clipped(name, 100) + "'; known players: " + known);
}

void register_runtime_player(PlayerInfo info) {
  if (info.name.empty() || !info.move) throw std::invalid_argument("a player needs a name and a move function");
  const std::string name = info.name;
  const auto known = source_files().find(name);
  if (known != source_files().end() && known->second != kRuntimeSource)
    throw std::invalid_argument("'" + name + "' is the name of a compiled-in player (" + described(known->second) +
                                "); choose another name");
  registry().insert_or_assign(name, std::move(info));
  source_files()[name] = kRuntimeSource;
}

namespace {

// Why the 64-bit ELF file `path` is shorter than its own headers say, or "" (also for what is
// no such file: dlopen says what it is). dlopen maps a library's segments without checking
// them against the file's size, and the first read past its end is a SIGBUS.
std::string truncated_elf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  Elf64_Ehdr header{};
  if (!in.read(reinterpret_cast<char*>(&header), sizeof header) || std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 ||
      header.e_ident[EI_CLASS] != ELFCLASS64)
    return "";
  in.seekg(0, std::ios::end);
  const uint64_t size = static_cast<uint64_t>(in.tellg());
  uint64_t needed = header.e_shoff + uint64_t{header.e_shnum} * header.e_shentsize;
  const uint64_t program_headers = header.e_phoff + uint64_t{header.e_phnum} * header.e_phentsize;
  needed = std::max(needed, program_headers);
  if (program_headers <= size && header.e_phentsize == sizeof(Elf64_Phdr)) {
    in.clear();
    in.seekg(static_cast<std::streamoff>(header.e_phoff));
    for (int i = 0; i < header.e_phnum; ++i) {
      Elf64_Phdr segment{};
      if (!in.read(reinterpret_cast<char*>(&segment), sizeof segment)) break;
      if (segment.p_type == PT_LOAD) needed = std::max(needed, segment.p_offset + segment.p_filesz);
    }
  }
  if (needed <= size) return "";
  return "truncated: " + std::to_string(size) + " bytes, but its ELF headers describe " + std::to_string(needed) +
         " (an interrupted copy or build?)";
}

}  // namespace

std::vector<std::string> load_player_library(const std::string& path) {
  const std::string where = "--player-lib " + path + ": ";
  if (const std::string truncated = truncated_elf(path); !truncated.empty())
    throw std::invalid_argument(where + truncated);
  std::vector<std::pair<PlayerInfo, std::string>> loaded;
  g_loading = &loaded;
  // A name without a slash would make dlopen search the system's library path instead.
  const std::string opened = path.find('/') == std::string::npos ? "./" + path : path;
  void* handle = nullptr;
  {
    // Its static initialisers run now: a crash there names the library.
    const CrashScope crash_scope("--player-lib " + path, "while loading");
    handle = dlopen(opened.c_str(), RTLD_NOW | RTLD_LOCAL);
  }
  g_loading = nullptr;
  if (!handle) throw std::invalid_argument(where + "cannot load it: " + dlerror());
  using VersionFunction = const char* (*)();
  const auto version = reinterpret_cast<VersionFunction>(dlsym(handle, "ratrace_player_api_version"));
  if (!version)
    throw std::invalid_argument(where +
                                "not a ratrace player plugin (build it with ratrace_add_player from "
                                "find_package(ratrace))");
  if (std::string_view(version()) != RATRACE_API_VERSION)
    throw std::invalid_argument(where + "built against ratrace " + version() + ", but this is ratrace " +
                                RATRACE_API_VERSION + "; rebuild it against this version");
  if (loaded.empty()) throw std::invalid_argument(where + "registers no player (RATRACE_PLAYER)");
  const std::string code = "plugin " + file_fingerprint(path, "plugin");
  const size_t errors_before = errors().size();
  std::vector<std::string> names;
  for (auto& [info, source] : loaded) {
    names.push_back(info.name);
    info.code = code;
    info.source = PlayerSource{PlayerSource::Kind::kLibrary, path};
    register_player(std::move(info), source);
  }
  if (errors().size() > errors_before) throw std::invalid_argument(where + errors()[errors_before]);
  return names;  // the library stays loaded: the registry points into it
}

namespace {
PlayerLoader& installed_loader() {
  static PlayerLoader loader;
  return loader;
}
}  // namespace

void set_player_loader(PlayerLoader loader) { installed_loader() = std::move(loader); }

const PlayerInfo& find_or_load_player(const std::string& name, const std::optional<PlayerSource>& source) {
  if (registry().count(name) || !source) return find_player(name);
  if (!installed_loader())
    throw std::invalid_argument("the player '" + name + "' comes from " + source->flag() + " " + source->path +
                                ", which this program cannot load");
  installed_loader()(*source);
  if (!registry().count(name))
    throw std::invalid_argument(std::string(source->flag()) + " " + source->path + " does not define the player '" +
                                name + "'");
  return find_player(name);
}

}  // namespace ratrace
