// Journals: an interrupted run resumed from its journal ends with the same results as an
// uninterrupted one; a torn last line is dropped and that game redone.
#include "ratrace/runs/journal.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/engine_test_util.h"

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

  void play(Journal& journal, const std::vector<BoardTask>& tasks) const {
    RunOptions options;
    options.threads = 2;
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
      expect_same_board(*whole.results()[e][b], *resumed.results()[e][b], true,
                        "entrant " + std::to_string(e) + " board " + std::to_string(b));
    }
  EXPECT_EQ(scores_of(whole.results()[1]), scores_of(resumed.results()[1]));

  // The finished journal reads back complete, field for field (read without its lock,
  // which `resumed` still holds).
  const JournalContents reread = parse_journal(text_of(split_path));
  for (size_t e = 0; e < 2; ++e)
    for (int b = 0; b < 5; ++b) {
      ASSERT_TRUE(reread.results[e][b].has_value());
      expect_same_board(*resumed.results()[e][b], *reread.results[e][b], true, "reread");
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

}  // namespace
}  // namespace ratrace
