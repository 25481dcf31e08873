#include "controller/player.h"

#include <stdexcept>

namespace ratrace {

namespace {
// Function-local static: registration from other translation units' static initialisers
// must not depend on initialisation order.
std::map<std::string, PlayerInfo>& registry() {
  static std::map<std::string, PlayerInfo> players;
  return players;
}
}  // namespace

bool register_player(PlayerInfo info) {
  if (info.name.empty() || info.move == nullptr)
    throw std::logic_error("a player needs a name and a move function");
  const std::string name = info.name;
  if (!registry().emplace(name, std::move(info)).second)
    throw std::logic_error("player registered twice: " + name);
  return true;
}

const std::map<std::string, PlayerInfo>& registered_players() { return registry(); }

const PlayerInfo& find_player(std::string_view name) {
  const auto& players = registry();
  if (auto it = players.find(std::string(name)); it != players.end()) return it->second;
  std::string known;
  for (const auto& [key, _] : players) known += (known.empty() ? "" : ", ") + key;
  throw std::invalid_argument("unknown player '" + std::string(name) + "'; known players: " + known);
}

}  // namespace ratrace
