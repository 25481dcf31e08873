#include "controller/player.h"

#include <stdexcept>
#include <utility>

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
std::string described(std::string_view source_file) {
  return source_file.empty() ? "a test" : std::string(source_file);
}
}  // namespace

bool register_player(PlayerInfo info, std::string_view source_file) {
  if (info.name.empty() || info.move == nullptr) {
    errors().push_back("a player registered in " + described(source_file) + " has no name or no move function");
    return false;
  }
  const std::string name = info.name;
  if (name.find(',') != std::string::npos) {
    errors().push_back("the player '" + name + "' registered in " + described(source_file) +
                       " has a comma in its name, which --players could not name; rename it");
    return false;
  }
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
  throw std::invalid_argument("unknown player '" + std::string(name) + "'; known players: " + known);
}

}  // namespace ratrace
