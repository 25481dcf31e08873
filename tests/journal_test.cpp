// Journals: an interrupted run resumed from its journal ends with the same results as an
// uninterrupted one; a torn last line is dropped and that game redone; a line changed after
// it was written, or one the run cannot have, is refused with its number.
#include "ratrace/runs/journal.h"

#include <gtest/gtest.h>
#include <unistd.h>
#include <xxhash.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>

#include "ratrace/tests/engine_test_util.h"

namespace ratrace {
namespace {

using namespace engine_test;

class JournalTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("ratrace_journal_test_" + std::to_string(::getpid()) + "_" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  RunHeader header() const {
    Config config;
    config.turns = 250;
    Config other = config;
    other.mutation = 0.02;
    RunHeader h;
    h.command = "compare";
    h.master_seed = 4711;
    h.boards = 5;
    h.entrants = {{"random", "ForwardRandom", config}, {"random, more mutation", "ForwardRandom", other}};
    h.extra = {{"note", "engine test"}};
    return h;
  }

  void play(Journal& journal, const std::vector<BoardTask>& tasks, int threads = 2) const {
    RunOptions options;
    options.threads = threads;
    run_boards(journal.header().entrants, tasks, journal.header().master_seed, options,
               [&](size_t entrant, const BoardResult& r) { journal.append(entrant, r); });
  }

  std::vector<std::string> lines(const std::string& path) const {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  }

  std::string text_of(const std::string& path) const {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

  // A finished journal of three games: its lines, header first.
  // A finished journal's lines: the header, then entrant 0 board 0, entrant 1 board 0,
  // entrant 0 board 1, in that order.
  std::vector<std::string> finished_lines(const std::string& path, std::optional<RunHeader> run = {}) const {
    {
      Journal journal = Journal::create(path, run ? *run : header());
      play(journal, {{0, 0}, {1, 0}, {0, 1}}, 1);  // one thread: the lines come in task order
    }
    return lines(path);
  }

  // `all` with every line's checksum made again, here from the format's description (XXH64 of
  // the JSON text without the field, seeded with the previous line's checksum, the header's
  // with 0), not with the reader's own code: a journal of these contents written whole.
  static std::vector<std::string> rechained(const std::vector<std::string>& all, uint64_t seed = 0) {
    std::vector<std::string> out;
    for (const auto& line : all) {
      const std::string text = content(line).dump();
      seed = XXH64(text.data(), text.size(), seed);
      char hex[17];
      std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(seed));
      out.push_back(text.substr(0, text.size() - 1) + ",\"xxh64\":\"" + hex + "\"}");
    }
    return out;
  }

  // The line's JSON without its checksum.
  static nlohmann::json content(const std::string& line) {
    nlohmann::json j = nlohmann::json::parse(line);
    j.erase("xxh64");
    return j;
  }

  // The message parse_journal refuses `all` (lines) with; fails the test if it accepts them.
  static std::string refusal(const std::vector<std::string>& all) {
    std::string text;
    for (const auto& line : all) text += line + "\n";
    try {
      parse_journal(text);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    ADD_FAILURE() << "accepted:\n" << text;
    return "";
  }

  std::filesystem::path dir_;
};

TEST_F(JournalTest, ResumedRunEqualsUninterruptedRun) {
  const std::string whole_path = (dir_ / "whole.jsonl").string(), split_path = (dir_ / "split.jsonl").string();
  Journal whole = Journal::create(whole_path, header());
  EXPECT_EQ(whole.missing().size(), 10u);
  play(whole, whole.missing());
  EXPECT_EQ(whole.finished_count(), 10u);
  EXPECT_TRUE(whole.missing().empty());

  std::vector<BoardTask> second_half;
  {
    Journal split = Journal::create(split_path, header());
    const std::vector<BoardTask> tasks = split.missing();
    const std::vector<BoardTask> first_half(tasks.begin(), tasks.begin() + 5);
    second_half.assign(tasks.begin() + 5, tasks.end());
    play(split, first_half);
    EXPECT_EQ(split.finished_count(), 5u);
  }  // the process "dies" here

  Journal resumed = Journal::resume(split_path);
  EXPECT_EQ(resumed.finished_count(), 5u);
  const std::vector<BoardTask> missing = resumed.missing();
  ASSERT_EQ(missing.size(), second_half.size());
  for (size_t k = 0; k < missing.size(); ++k) {
    EXPECT_EQ(missing[k].entrant, second_half[k].entrant);
    EXPECT_EQ(missing[k].board, second_half[k].board);
  }
  EXPECT_EQ(resumed.header().master_seed, 4711u);
  EXPECT_EQ(resumed.header().boards, 5);
  EXPECT_EQ(resumed.header().command, "compare");
  EXPECT_EQ(resumed.header().extra, header().extra);
  ASSERT_EQ(resumed.header().entrants.size(), 2u);
  for (size_t e = 0; e < 2; ++e) {
    EXPECT_EQ(resumed.header().entrants[e].label, header().entrants[e].label);
    EXPECT_EQ(resumed.header().entrants[e].player, header().entrants[e].player);
    EXPECT_EQ(resumed.header().entrants[e].config, header().entrants[e].config);
  }
  play(resumed, missing);
  EXPECT_TRUE(resumed.missing().empty());

  for (size_t e = 0; e < 2; ++e)
    for (int b = 0; b < 5; ++b) {
      ASSERT_TRUE(resumed.results()[e][b].has_value());
      // Player calls are not journalled (they depend on the thread count): the resumed half has none.
      expect_same_board(*whole.results()[e][b], *resumed.results()[e][b], false,
                        "entrant " + std::to_string(e) + " board " + std::to_string(b));
    }
  EXPECT_EQ(scores_of(whole.results()[1]), scores_of(resumed.results()[1]));

  // The finished journal reads back complete, field for field (read without its lock,
  // which `resumed` still holds).
  const JournalContents reread = parse_journal(text_of(split_path));
  for (size_t e = 0; e < 2; ++e)
    for (int b = 0; b < 5; ++b) {
      ASSERT_TRUE(reread.results[e][b].has_value());
      expect_same_board(*resumed.results()[e][b], *reread.results[e][b], false, "reread");
      EXPECT_EQ(resumed.results()[e][b]->seconds, reread.results[e][b]->seconds);
    }
}

TEST_F(JournalTest, TornLastLineIsDroppedOnResume) {
  const std::string path = (dir_ / "torn.jsonl").string();
  {
    Journal journal = Journal::create(path, header());
    play(journal, {{0, 0}, {1, 0}, {0, 1}});
  }
  std::string torn;
  {
    const auto all = lines(path);
    ASSERT_EQ(all.size(), 4u);
    torn = all.back().substr(0, all.back().size() / 2);
    // Rewrite with the last game's line cut in half and no newline: killed mid-write.
    std::ofstream out(path, std::ios::trunc);
    for (size_t k = 0; k + 1 < all.size(); ++k) out << all[k] << "\n";
    out << torn;
  }
  Journal resumed = Journal::resume(path);
  EXPECT_EQ(resumed.finished_count(), 2u);
  EXPECT_EQ(resumed.missing().size(), 8u);
  const auto after = lines(path);
  EXPECT_EQ(after.size(), 3u);  // header + the two whole games; the torn line is gone
  for (const auto& line : after) EXPECT_FALSE(nlohmann::json::parse(line, nullptr, false).is_discarded()) << line;
  play(resumed, resumed.missing());
  EXPECT_EQ(resumed.finished_count(), 10u);
  const JournalContents reread = parse_journal(text_of(path));
  for (const auto& per_entrant : reread.results)
    for (const auto& r : per_entrant) EXPECT_TRUE(r.has_value());
}

TEST_F(JournalTest, CorruptLineInTheMiddleIsAnError) {
  const std::string path = (dir_ / "corrupt.jsonl").string();
  {
    Journal journal = Journal::create(path, header());
    play(journal, {{0, 0}, {1, 0}, {0, 1}});
  }
  auto all = lines(path);
  all[2] = all[2].substr(0, 10);
  {
    std::ofstream out(path, std::ios::trunc);
    for (const auto& line : all) out << line << "\n";
  }
  try {
    Journal::resume(path);
    FAIL() << "a corrupt line before the last must not be skipped silently";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("line 3"), std::string::npos) << e.what();
  }
}

TEST_F(JournalTest, NotAJournalIsAnError) {
  const std::string path = (dir_ / "other.jsonl").string();
  std::filesystem::create_directories(dir_);
  std::ofstream(path) << "{\"hello\": 1}\n";
  EXPECT_THROW(Journal::resume(path), std::invalid_argument);
  EXPECT_THROW(Journal::resume((dir_ / "absent.jsonl").string()), std::invalid_argument);
}

TEST_F(JournalTest, EveryLineEndsInItsChecksum) {
  const auto all = finished_lines((dir_ / "sum.jsonl").string());
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(all, rechained(all));
  EXPECT_EQ(content(all[0])["ratrace_journal"], kJournalFormat);
  // Timing apart from the record, which holds only what the game decides.
  const nlohmann::json game = content(all[1]);
  EXPECT_TRUE(game["timing"].contains("seconds"));
  EXPECT_FALSE(game["board"].contains("seconds"));
  EXPECT_FALSE(game["board"].contains("player_calls"));
}

TEST_F(JournalTest, HeaderMustHoldTheWholeConfig) {
  auto all = finished_lines((dir_ / "config.jsonl").string());
  const nlohmann::json original = content(all[0]);
  // Each edit keeps a correct checksum and the game lines valid: only the key check refuses.
  auto refused_header = [&](const std::function<void(nlohmann::json&)>& edit) {
    nlohmann::json h = original;
    edit(h);
    auto changed = all;
    changed[0] = h.dump();
    return refusal(rechained(changed));
  };
  // Without it, the default 10000 turns would silently replace the run's 250.
  EXPECT_NE(refused_header([](nlohmann::json& h) {
              h["entrants"][1]["config"].erase("turns");
            }).find("line 1: entrant 1: config: missing key 'turns'"),
            std::string::npos);
  EXPECT_NE(refused_header([](nlohmann::json& h) {
              h["entrants"][0]["config"]["turnz"] = 250;
            }).find("line 1: entrant 0: config: unknown key 'turnz'"),
            std::string::npos);
  EXPECT_NE(refused_header([](nlohmann::json& h) { h["note"] = "hello"; }).find("line 1: header: unknown key 'note'"),
            std::string::npos);
  EXPECT_NE(refused_header([](nlohmann::json& h) { h.erase("extra"); }).find("line 1: header: missing key 'extra'"),
            std::string::npos);
  EXPECT_NE(refused_header([](nlohmann::json& h) {
              h["entrants"][0].erase("label");
            }).find("line 1: entrant 0: entrant: missing key 'label'"),
            std::string::npos);
}

TEST_F(JournalTest, OtherJournalFormatIsRefusedNamingBoth) {
  auto all = finished_lines((dir_ / "old.jsonl").string());
  // Format 1: no checksums, timings inside the record.
  for (auto& line : all) line = content(line).dump();
  nlohmann::json h = content(all[0]);
  h["ratrace_journal"] = 1;
  all[0] = h.dump();
  const std::string old = refusal(all);
  EXPECT_NE(old.find("line 1: journal format 1; this ratrace reads 3"), std::string::npos) << old;
  h["ratrace_journal"] = 99;
  all[0] = h.dump();
  EXPECT_NE(refusal(rechained(all)).find("journal format 99; this ratrace reads 3"), std::string::npos);
}

TEST_F(JournalTest, ChangedLineIsRefusedByItsChecksum) {
  auto all = finished_lines((dir_ / "changed.jsonl").string());
  // A score a thousand times larger is still a game the run could have: only the checksum
  // tells it was changed.
  const nlohmann::json game = content(all[2]);
  const std::string score = "\"score\":" + game["board"]["score"].dump();
  ASSERT_NE(all[2].find(score), std::string::npos);
  auto changed = all;
  changed[2].replace(changed[2].find(score), score.size(), score + "000");
  EXPECT_NE(refusal(changed).find("line 3: checksum mismatch"), std::string::npos);
  changed = all;
  changed[0].replace(changed[0].find("\"xxh64\""), 1, " \"");  // the header is checked too
  EXPECT_NE(refusal(changed).find("line 1: "), std::string::npos);
  changed = all;
  changed[3] = content(changed[3]).dump();
  EXPECT_NE(refusal(changed).find("line 4: no checksum"), std::string::npos);
}

TEST_F(JournalTest, LinesFromAnotherRunOrPlaceAreRefused) {
  const auto ours = finished_lines((dir_ / "ours.jsonl").string());
  // The very same games in another run (its header differs only in a note): its game lines
  // are ours to the byte but for their checksums, so only the chain can tell.
  RunHeader other = header();
  other.extra["note"] = "another run";
  const auto theirs = finished_lines((dir_ / "theirs.jsonl").string(), other);
  ASSERT_EQ(content(theirs[2])["board"], content(ours[2])["board"]);
  auto mixed = ours;
  mixed[2] = theirs[2];
  EXPECT_EQ(refusal(mixed).find("line 3: checksum mismatch"), 0u);
  // A line moved to another place of its own journal.
  auto moved = ours;
  std::swap(moved[2], moved[3]);
  EXPECT_NE(refusal(moved).find("line 3: checksum mismatch"), std::string::npos);
  // A line cut out of the middle.
  auto cut = ours;
  cut.erase(cut.begin() + 2);
  EXPECT_NE(refusal(cut).find("line 3: checksum mismatch"), std::string::npos);
  // An edited line whose checksum was made again as an unchained one (seed 0).
  auto edited = ours;
  edited[2] = rechained({edited[2]})[0];
  EXPECT_NE(refusal(edited).find("line 3: checksum mismatch"), std::string::npos);
}

TEST_F(JournalTest, GameFieldsMustAgreeWithEachOther) {
  const auto all = finished_lines((dir_ / "fields.jsonl").string());
  auto with_board = [&](const std::function<void(nlohmann::json&)>& edit) {
    auto changed = all;
    nlohmann::json game = content(all[1]);
    edit(game["board"]);
    changed[1] = game.dump();
    return refusal(rechained(changed));  // correct checksums: the fields alone must refuse it
  };
  EXPECT_NE(with_board([](nlohmann::json& b) {
              b["score"] = 7;
              b["moves"] = 0;
            }).find("line 2: board 0: a score of 7 without a move"),
            std::string::npos);
  EXPECT_NE(
      with_board([](nlohmann::json& b) { b["fault"] = "invented"; }).find("line 2: board 0: the fault 'invented'"),
      std::string::npos);
  // The engine's own shape, but a faulted game has no score or moves.
  const nlohmann::json board = content(all[1])["board"];
  const std::string fault = "illegal move (3, 0) [player ForwardRandom, board 0, board seed " + board["seed"].dump() +
                            ", turn " + board["turns"].dump() + ", specimen #12]";
  EXPECT_NE(with_board([&](nlohmann::json& b) {
              b["fault"] = fault;
              b["score"] = 2;
            }).find("a faulted game records no score"),
            std::string::npos);
  EXPECT_NE(with_board([&](nlohmann::json& b) {
              b["fault"] = "x [player Other, board 0, board seed 1, turn 0, specimen #1]";
            }).find("is not one this game can have"),
            std::string::npos);
  EXPECT_NE(
      with_board([](nlohmann::json& b) { b["player_calls"] = 5; }).find("line 2: board: unknown key 'player_calls'"),
      std::string::npos);
  EXPECT_NE(
      with_board([](nlohmann::json& b) { b.erase("peak_genomes"); }).find("line 2: board: missing key 'peak_genomes'"),
      std::string::npos);
  // What the engine writes for a fault is accepted.
  auto faulted = all;
  nlohmann::json game = content(all[1]);
  for (const char* zero : {"moves", "peak_population", "peak_genomes"}) game["board"][zero] = 0;
  game["board"]["score"] = 1;
  game["board"]["fault"] = fault;
  faulted[1] = game.dump();
  std::string text;
  for (const auto& line : rechained(faulted)) text += line + "\n";
  EXPECT_EQ(parse_journal(text).results[0][0]->fault, fault);
}

}  // namespace
}  // namespace ratrace
