#include "controller/journal.h"

#include <filesystem>
#include <stdexcept>

namespace ratrace {

namespace {

nlohmann::json header_to_json(const RunHeader& h) {
  nlohmann::json entrants = nlohmann::json::array();
  for (const Entrant& e : h.entrants) entrants.push_back({{"label", e.label}, {"player", e.player}, {"config", e.config}});
  return {{"ratrace_journal", 1},  {"command", h.command}, {"master_seed", h.master_seed},
          {"boards", h.boards},    {"entrants", entrants}, {"extra", h.extra}};
}

RunHeader header_from_json(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("ratrace_journal")) throw std::invalid_argument("not a ratrace journal");
  RunHeader h;
  h.command = j.at("command").get<std::string>();
  h.master_seed = j.at("master_seed").get<uint64_t>();
  h.boards = j.at("boards").get<int>();
  for (const auto& e : j.at("entrants")) {
    Entrant entrant{e.at("label").get<std::string>(), e.at("player").get<std::string>(), Config{}};
    from_json(e.at("config"), entrant.config);
    entrant.config.validate();
    h.entrants.push_back(std::move(entrant));
  }
  h.extra = j.value("extra", nlohmann::json::object());
  return h;
}

}  // namespace

Journal::Journal(std::string path, RunHeader header)
    : path_(std::move(path)),
      header_(std::move(header)),
      results_(header_.entrants.size(), std::vector<std::optional<BoardResult>>(static_cast<size_t>(header_.boards))) {}

Journal Journal::create(const std::string& path, RunHeader header) {
  const auto parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent);
  Journal journal(path, std::move(header));
  journal.out_.open(path, std::ios::trunc);
  if (!journal.out_) throw std::runtime_error("cannot write journal '" + path + "'");
  journal.out_ << header_to_json(journal.header_).dump() << "\n" << std::flush;
  return journal;
}

Journal Journal::resume(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read journal '" + path + "'");
  std::string line;
  std::getline(in, line);
  RunHeader header;
  try {
    header = header_from_json(nlohmann::json::parse(line));
  } catch (const std::exception& e) {
    throw std::invalid_argument("journal '" + path + "': bad header line: " + e.what());
  }
  Journal journal(path, std::move(header));
  std::vector<std::string> lines;
  while (std::getline(in, line))
    if (!line.empty()) lines.push_back(line);
  for (size_t k = 0; k < lines.size(); ++k) {
    try {
      const auto j = nlohmann::json::parse(lines[k]);
      const size_t entrant = j.at("entrant").get<size_t>();
      BoardResult r = j.at("board").get<BoardResult>();
      journal.results_.at(entrant).at(static_cast<size_t>(r.index)) = r;
    } catch (const std::exception& e) {
      if (k + 1 == lines.size()) break;  // torn final line of a killed run: that game is redone
      throw std::invalid_argument("journal '" + path + "': line " + std::to_string(k + 2) + ": " + e.what());
    }
  }
  in.close();
  // Rewrite without a torn line, then keep appending.
  journal.out_.open(path, std::ios::trunc);
  if (!journal.out_) throw std::runtime_error("cannot write journal '" + path + "'");
  journal.out_ << header_to_json(journal.header_).dump() << "\n";
  for (size_t e = 0; e < journal.results_.size(); ++e)
    for (const auto& r : journal.results_[e])
      if (r) journal.out_ << nlohmann::json{{"entrant", e}, {"board", *r}}.dump() << "\n";
  journal.out_.flush();
  return journal;
}

std::vector<BoardTask> Journal::missing() const {
  std::vector<BoardTask> tasks;
  for (int b = 0; b < header_.boards; ++b)
    for (size_t e = 0; e < results_.size(); ++e)
      if (!results_[e][static_cast<size_t>(b)]) tasks.push_back({e, b});
  return tasks;
}

size_t Journal::finished_count() const {
  size_t n = 0;
  for (const auto& per_entrant : results_)
    for (const auto& r : per_entrant) n += r.has_value();
  return n;
}

void Journal::append(size_t entrant, const BoardResult& result) {
  results_.at(entrant).at(static_cast<size_t>(result.index)) = result;
  out_ << nlohmann::json{{"entrant", entrant}, {"board", result}}.dump() << "\n" << std::flush;
}

std::vector<uint64_t> scores_of(const std::vector<std::optional<BoardResult>>& results) {
  std::vector<uint64_t> scores;
  for (const auto& r : results) {
    if (!r) throw std::logic_error("scores_of: a board is missing");
    scores.push_back(r->score);
  }
  return scores;
}

}  // namespace ratrace
