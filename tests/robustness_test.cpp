// Nothing lost, nothing silently wrong: journals are locked, never replaced by a new run,
// checked line by line on --resume; writes are checked; numbers are parsed strictly; a
// config that can never run is refused up front. One test per defect found.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "ratrace/cli/commands.h"
#include "ratrace/common/io.h"
#include "ratrace/runs/journal.h"
#include "ratrace/tracks/track.h"

namespace ratrace {
namespace {

class RobustnessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("ratrace_robustness_test_" + std::to_string(::getpid()) + "_" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  static RunHeader header() {
    Config config;
    config.turns = 200;
    RunHeader h;
    h.command = "score";
    h.master_seed = 7;
    h.boards = 3;
    h.entrants = {entrant_for("ForwardRandom", "ForwardRandom", config)};
    h.words = {{"--player", "ForwardRandom"}, {"--boards", "3"}, {"--seed", "7"}, {"--set", "turns=200"}};
    return h;
  }

  // A finished three-board journal at `file`; returns its text.
  std::string finished_journal(const std::string& file) const {
    {
      Journal journal = Journal::create(file, header());
      run_boards(journal.header().entrants, journal.missing(), journal.header().master_seed, {1, true, nullptr},
                 [&](size_t e, const BoardResult& r) { journal.append(e, r); });
      journal.sync();
    }
    return text_of(file);
  }

  static std::string text_of(const std::string& file) {
    std::ifstream in(file);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  static void write(const std::string& file, const std::string& text) { std::ofstream(file) << text; }

  // The message of the std::exception `f` throws; fails the test if it throws none.
  template <typename F>
  static std::string error_of(F&& f) {
    try {
      f();
    } catch (const std::exception& e) {
      return e.what();
    }
    ADD_FAILURE() << "no error";
    return "";
  }

  std::filesystem::path dir_;
};

// Defect 1: a write that fails is an error, not a silent loss.
TEST_F(RobustnessTest, WritesToAFullDeviceFail) {
  ASSERT_TRUE(std::filesystem::exists("/dev/full"));
  EXPECT_THROW(write_file_atomically("/dev/full", "{}\n"), std::runtime_error);
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/full")) << "the device must not be replaced by a file";
  EXPECT_THROW(Journal::create("/dev/full", header()), std::runtime_error);
  CheckedFile trace("/dev/full", CheckedFile::Mode::kTruncate);
  trace.write("event\n");
  EXPECT_THROW(trace.sync(), std::runtime_error);
}

// Defect 2: resuming cuts off only the torn tail; every finished game stays byte for byte.
TEST_F(RobustnessTest, ResumeKeepsFinishedLinesAndCutsOnlyTheTornTail) {
  const std::string file = path("j.jsonl");
  const std::string whole = finished_journal(file);
  const std::string torn = whole + R"({"entrant":0,"board":{"ind)";
  write(file, torn);
  {
    Journal resumed = Journal::resume(file);
    EXPECT_EQ(resumed.finished_count(), 3u);
  }
  EXPECT_EQ(text_of(file), whole);
}

// Defect 3: a journal is locked while a run writes it, and never replaced by a new run.
TEST_F(RobustnessTest, SecondRunOnAJournalIsRefused) {
  const std::string file = path("j.jsonl");
  Journal first = Journal::create(file, header());
  const std::string message = error_of([&] { Journal::resume(file); });
  EXPECT_NE(message.find("being written by another run (pid " + std::to_string(::getpid())), std::string::npos)
      << message;
  EXPECT_THROW(Journal::create(file, header(), true), std::invalid_argument);
}

TEST_F(RobustnessTest, NewRunDoesNotReplaceAJournalUnlessForced) {
  const std::string file = path("j.jsonl");
  const std::string whole = finished_journal(file);
  const std::string message = error_of([&] { Journal::create(file, header()); });
  EXPECT_NE(message.find("already exists (3 finished games)"), std::string::npos) << message;
  EXPECT_NE(message.find("--force"), std::string::npos) << message;
  EXPECT_EQ(text_of(file), whole);
  Journal::create(file, header(), true);
  const std::string replaced = text_of(file);
  EXPECT_EQ(std::count(replaced.begin(), replaced.end(), '\n'), 1);  // the header only
}

TEST_F(RobustnessTest, DefaultJournalNamesDifferWhenTheRunDoes) {
  RunHeader other = header();
  other.entrants[0].config.mutation = 0.02;
  EXPECT_NE(run_hash(header()), run_hash(other));
  RunHeader seed = header();
  seed.master_seed = 8;
  EXPECT_NE(run_hash(header()), run_hash(seed));
  RunHeader boards = header();
  boards.boards = 4;
  EXPECT_NE(run_hash(header()), run_hash(boards));
  EXPECT_EQ(run_hash(header()), run_hash(header()));
  EXPECT_EQ(run_hash(header()).size(), 8u);
}

// Defect 4: --resume checks every line against the header.
TEST_F(RobustnessTest, ResumeRefusesGamesTheRunCannotHave) {
  const std::string whole = finished_journal(path("good.jsonl"));
  auto edited = [&](const std::string& from, const std::string& to) {
    std::string text = whole;
    const size_t at = text.find(from, text.find('\n'));  // in a game line, not the header
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  };
  const nlohmann::json first_game = nlohmann::json::parse(
      whole.substr(whole.find('\n') + 1, whole.find('\n', whole.find('\n') + 1) - whole.find('\n') - 1));
  const std::string seed = "\"seed\":" + first_game["board"]["seed"].dump();
  const std::string score = "\"score\":" + first_game["board"]["score"].dump();
  EXPECT_NE(error_of([&] { parse_journal(edited(seed, "\"seed\":999999999")); }).find("master seed 7 gives it"),
            std::string::npos);
  EXPECT_NE(error_of([&] { parse_journal(edited(score, "\"score\":0")); }).find("at least 1"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_journal(edited("\"entrant\":0", "\"entrant\":5")); }).find("entrant 5"),
            std::string::npos);
  EXPECT_NE(error_of([&] { parse_journal(edited("\"index\":0", "\"index\":-1")); }).find("index"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_journal(edited("\"turns\":", "\"turns\":9999999")); }).find("turns"),
            std::string::npos);
  std::string other_seed = whole;
  other_seed.replace(other_seed.find("\"master_seed\":7"), 15, "\"master_seed\":8");
  EXPECT_NE(error_of([&] { parse_journal(other_seed); }).find("master seed 8"), std::string::npos);
  std::string no_boards = whole;
  no_boards.replace(no_boards.find("\"boards\":3"), 10, "\"boards\":0");
  EXPECT_NE(error_of([&] { parse_journal(no_boards); }).find("boards must be"), std::string::npos);
  EXPECT_NO_THROW(parse_journal(whole));
}

TEST_F(RobustnessTest, ResumeRefusesAFlagThatWouldChangeTheRun) {
  const std::string file = path("j.jsonl");
  finished_journal(file);
  ScoreRequest options;
  options.player = "ForwardRandom";
  options.run.resume_file = file;
  options.run.given = {"--resume", "--set"};
  options.run.sets = {"mutation=0.02"};
  EXPECT_NE(error_of([&] { run_score(options); }).find("--set cannot be combined with --resume"), std::string::npos);
  options.run.given = {"--resume", "--seed"};
  options.run.seed = 2;
  EXPECT_NE(error_of([&] { run_score(options); }).find("was asked with --seed 7"), std::string::npos);
  options.run.seed = 7;  // the journal's own: allowed
  options.run.given = {"--resume", "--seed", "--threads"};
  EXPECT_EQ(run_score(options), 0);
}

// Defect 5: track-file integers are range-checked, not wrapped.
TEST_F(RobustnessTest, TrackIntegersDoNotWrap) {
  Config config;
  nlohmann::json track = track_to_json(generate_track(config, 1));
  for (const char* key : {"width", "height", "goal_column"}) {
    nlohmann::json bad = track;
    bad[key] = 4294967296ull + track[key].get<uint64_t>();
    Config c;
    EXPECT_NE(error_of([&] { track_from_json(bad, c); }).find("out of range"), std::string::npos) << key;
  }
  nlohmann::json bad_colour = track;
  bad_colour["colours"][0][0] = 4294967296ull;
  Config c;
  EXPECT_NE(error_of([&] { track_from_json(bad_colour, c); }).find("out of range"), std::string::npos);
}

// Defect 7: a config that can never run is refused before any board.
TEST_F(RobustnessTest, ConfigsThatCannotRunAreRefusedUpFront) {
  // Refused by set (a key out of its own range) or by validate (keys that do not go together).
  auto refused = [](std::vector<std::pair<std::string, std::string>> sets) {
    return error_of([&] {
      Config c;
      for (const auto& [k, v] : sets) c.set(k, v);
      c.validate();
    });
  };
  EXPECT_NE(refused({{"width", "1000"}, {"height", "30"}, {"goal_column", "999"}}).find("cannot be reached"),
            std::string::npos);
  EXPECT_NE(refused({{"offspring", "1000000"}, {"turns", "99"}}).find("most specimens"), std::string::npos);
  EXPECT_NE(refused({{"max_track_attempts", "2000000000"}}).find("max_track_attempts"), std::string::npos);
}

// Defect 8: one number parser for files and --set; out-of-range numbers are errors with a
// short message.
TEST_F(RobustnessTest, NumbersParseAlikeFromFilesAndSet) {
  for (const std::string value : {"4.9e-324", "1e-400", "0.0227", "0"}) {
    Config from_set, from_file;
    from_set.set("mutation", value);
    from_file = parse_config("{\"mutation\": " + value + "}");
    EXPECT_EQ(from_set.mutation, from_file.mutation) << value;
  }
  EXPECT_THROW(parse_config(R"({"turns": 9223372036854775808})"), std::invalid_argument);
  EXPECT_THROW(parse_config(R"({"turns": -9223372036854775809})"), std::invalid_argument);
  EXPECT_THROW(parse_config(R"({"turns": 4294967396})"), std::invalid_argument);
  Config c;
  for (const std::string value : {"1e400", "inf", "nan", "0x1p-3", " 0.1", "0.1 "})
    EXPECT_THROW(c.set("mutation", value), std::invalid_argument) << value;
  for (const std::string value : {"+5", " 5", "5 ", "5.0", "99999999999999999999"})
    EXPECT_THROW(c.set("turns", value), std::invalid_argument) << value;
  const std::string huge(1000000, '9');
  const std::string message = error_of([&] { c.set("turns", huge); });
  EXPECT_LT(message.size(), 300u);
}

TEST_F(RobustnessTest, APlayerFaultingOnEveryBoardHasNoScore) {
  ScoreRequest options;
  options.player = "TestFaultyThrow";  // registered by fault_test.cpp
  options.run.boards = 2;
  options.run.sets = {"turns=20"};
  options.run.journal_file = path("fault.jsonl");
  testing::internal::CaptureStdout();
  const int code = run_score(options);
  const std::string out = testing::internal::GetCapturedStdout();
  EXPECT_EQ(code, 3);
  EXPECT_NE(out.find("faulted on every one of its 2 boards: no score"), std::string::npos) << out;
  EXPECT_EQ(out.find("geometric mean"), std::string::npos) << out;
}

}  // namespace
}  // namespace ratrace
