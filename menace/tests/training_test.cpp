// Training: parallel == serial, continuing from saved boxes, the learning itself.
#include <chrono>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "menace/training.h"
#include "ratrace/common/usage_error.h"

namespace ratrace::menace {
namespace {

TrainConfig small_config(OpponentKind opponent) {
  TrainConfig c;
  c.seed = 42;
  c.games = 300;
  c.learners = 6;
  c.opponent = opponent;
  c.block = 100;
  return c;
}

// Trains with `c` and returns the outcome with the curve rows it reported.
struct Trained {
  TrainOutcome outcome;
  std::vector<nlohmann::json> rows;
};
Trained train_with_rows(const TrainConfig& c, const Matchboxes* start = nullptr,
                        const Matchboxes* opponent_start = nullptr) {
  Trained t;
  TrainHooks hooks;
  hooks.on_block = [&](const nlohmann::json& row) { t.rows.push_back(row); };
  t.outcome = train(c, start, opponent_start, hooks);
  return t;
}

TEST(MenaceTraining, IdenticalWhateverTheThreadCount) {
  for (OpponentKind opponent :
       {OpponentKind::kRandom, OpponentKind::kPerfect, OpponentKind::kPerfectFixed, OpponentKind::kMenace}) {
    TrainConfig c = small_config(opponent);
    c.threads = 1;
    const Trained serial = train_with_rows(c);
    c.threads = 4;
    const Trained parallel = train_with_rows(c);
    ASSERT_EQ(serial.outcome.boxes.size(), parallel.outcome.boxes.size());
    for (size_t i = 0; i < serial.outcome.boxes.size(); ++i)
      EXPECT_EQ(serial.outcome.boxes[i].beads, parallel.outcome.boxes[i].beads)
          << to_string(opponent) << " learner " << i;
    EXPECT_EQ(nlohmann::json(serial.rows).dump(), nlohmann::json(parallel.rows).dump());
    EXPECT_EQ(stops_losing(c.no_loss_window, serial.outcome.no_loss).dump(),
              stops_losing(c.no_loss_window, parallel.outcome.no_loss).dump());
    EXPECT_NE(serial.outcome.boxes[0].beads, serial.outcome.boxes[1].beads) << "learners are independent";
  }
}

// The win, draw and loss shares of a row (the running score restarts with each run).
nlohmann::json shares(const nlohmann::json& row) { return {row["win"], row["draw"], row["loss"]}; }

TEST(MenaceTraining, ContinuingFromSavedBoxesEqualsOneLongRun) {
  TrainConfig c = small_config(OpponentKind::kMenace);
  c.learners = 1;
  c.block = 50;
  c.games = 250;
  const Trained whole = train_with_rows(c);
  c.games = 100;
  const Trained first = train_with_rows(c);
  const Matchboxes x = boxes_from_json(boxes_to_json(first.outcome.boxes[0]));
  const Matchboxes o = boxes_from_json(boxes_to_json(*first.outcome.opponent_boxes[0]));
  c.games = 150;
  const Trained second = train_with_rows(c, &x, &o);
  ASSERT_EQ(whole.rows.size(), 5u);
  for (size_t b = 0; b < 5; ++b)
    EXPECT_EQ(shares(whole.rows[b]), shares(b < 2 ? first.rows[b] : second.rows[b - 2])) << "block " << b;
  EXPECT_EQ(second.outcome.boxes[0].beads, whole.outcome.boxes[0].beads);
  EXPECT_EQ(second.outcome.boxes[0].games_played, 250u);
}

TEST(MenaceTraining, RowsFollowTheBlocksAndTheLastMayBeShort) {
  TrainConfig c = small_config(OpponentKind::kRandom);
  c.games = 250;
  const Trained t = train_with_rows(c);
  ASSERT_EQ(t.rows.size(), 3u);
  EXPECT_EQ(t.rows[2]["first_game"], 201u);
  EXPECT_EQ(t.rows[2]["last_game"], 250u);
  for (const auto& row : t.rows) {
    const double sum =
        row["win"]["mean"].get<double>() + row["draw"]["mean"].get<double>() + row["loss"]["mean"].get<double>();
    EXPECT_NEAR(sum, 1.0, 1e-12);
  }
  EXPECT_EQ(t.outcome.games, 250u);
  EXPECT_FALSE(t.outcome.stopped);
}

TEST(MenaceTraining, TheDefaultBlockKeepsACurveWithinTwoThousandPoints) {
  EXPECT_EQ(default_block(2000), 100u);
  EXPECT_EQ(default_block(200000), 100u);
  EXPECT_EQ(default_block(200001), 200u);
  EXPECT_EQ(default_block(1000000), 500u);
  EXPECT_EQ(default_block(100000000), 50000u);
  for (uint64_t games : {1ull, 999ull, 123456789ull, 18446744073709551615ull})
    EXPECT_LE(block_count(games, default_block(games)), kMaxDefaultBlocks) << games;
}

TEST(MenaceTraining, AStopKeepsWholeBlocksAndTheirBoxes) {
  TrainConfig c = small_config(OpponentKind::kMenace);
  c.learners = 2;
  c.block = 20000;
  c.games = 2000000;
  std::atomic<bool> stop{false}, first_block{false};
  TrainHooks hooks;
  hooks.stop = &stop;
  std::vector<nlohmann::json> rows;
  hooks.on_block = [&](const nlohmann::json& row) {
    rows.push_back(row);
    first_block = true;
  };
  // Stops in the middle of a later block, from another thread as a signal would.
  std::thread stopper([&] {
    while (!first_block) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    stop = true;
  });
  const TrainOutcome cut = train(c, nullptr, nullptr, hooks);
  stopper.join();
  EXPECT_TRUE(cut.stopped);
  ASSERT_GE(rows.size(), 1u);
  ASSERT_LT(cut.games, c.games);
  EXPECT_EQ(cut.games, rows.size() * c.block) << "only whole blocks are kept";
  c.games = cut.games;
  const TrainOutcome whole = train(c);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(cut.boxes[i].beads, whole.boxes[i].beads) << "the boxes are those at the end of the kept blocks";
    EXPECT_EQ(cut.boxes[i].games_played, cut.games);
    EXPECT_EQ(cut.opponent_boxes[i]->beads, whole.opponent_boxes[i]->beads);
  }
  EXPECT_EQ(stops_losing(c.no_loss_window, cut.no_loss).dump(), stops_losing(c.no_loss_window, whole.no_loss).dump());

  stop = true;  // already set: nothing is played
  const TrainOutcome none = train(c, nullptr, nullptr, hooks);
  EXPECT_EQ(none.games, 0u);
  EXPECT_EQ(none.boxes[0].games_played, 0u);
}

TEST(MenaceTraining, LossesFallAgainstARandomOpponent) {
  TrainConfig c = small_config(OpponentKind::kRandom);
  c.learners = 20;
  c.games = 1000;
  const Trained t = train_with_rows(c);
  const double first = t.rows[0]["loss"]["mean"], last = t.rows[9]["loss"]["mean"];
  EXPECT_GT(first, 0.10);
  EXPECT_LT(last, first / 2) << "learning halves the losses within 1,000 games";
  EXPECT_LE(t.rows[9]["loss"]["ci95"][0].get<double>(), last);
}

TEST(MenaceTraining, PerfectOpponentNeverLosesSoMenaceNeverWins) {
  for (const auto& row : train_with_rows(small_config(OpponentKind::kPerfect)).rows)
    EXPECT_EQ(row["win"]["mean"].get<double>(), 0.0);
}

TEST(MenaceTraining, AFallibleOpponentCanBeBeaten) {
  TrainConfig c = small_config(OpponentKind::kPerfect);
  c.opponent_error = 0.5;
  double wins = 0;
  for (const auto& row : train_with_rows(c).rows) wins += row["win"]["mean"].get<double>() * 100 * 6;
  EXPECT_GT(wins, 100) << "half its moves random: MENACE wins some of 1,800 games";
}

TEST(MenaceTraining, StopsLosingFollowedGameByGame) {
  auto track = [](std::vector<int> results, uint64_t window) {
    NoLossTracker t;
    t.window = window;
    for (int r : results) t.add(r);
    return t;
  };
  const std::vector<int> results = {-1, 0, -1, 0, 0, 0, 1, -1, 0};
  const NoLossTracker three = track(results, 3);
  EXPECT_EQ(three.reached, 3u);  // games 4-6 are loss-free; the last loss was game 3
  EXPECT_TRUE(three.lost_again) << "game 8";
  EXPECT_EQ(track(results, 5).reached, std::nullopt);
  EXPECT_EQ(track({0, 0}, 2).reached, 0u);
  EXPECT_FALSE(track({0, 0, -1}, 3).reached);
  EXPECT_FALSE(track({-1, 0, 0, 1}, 3).lost_again);
}

TEST(MenaceTraining, RunsThatCannotBeMadeAsAskedAreRefused) {
  TrainConfig c = small_config(OpponentKind::kRandom);
  EXPECT_NO_THROW(check_training(c, nullptr, nullptr));
  c.opponent_error = 0.1;  // only a perfect opponent errs
  EXPECT_THROW(check_training(c, nullptr, nullptr), UsageError);
  c = small_config(OpponentKind::kRandom);
  c.games = 100000;
  c.block = 1;  // 100,000 points, above kMaxBlocks
  EXPECT_THROW(check_training(c, nullptr, nullptr), UsageError);
  c = small_config(OpponentKind::kRandom);
  const Matchboxes boxes = fresh_learner_boxes(learner_key(1, 0), Mark::kX, StartBeads::kRandom);
  EXPECT_THROW(check_training(c, &boxes, nullptr), UsageError);  // six learners, one learner's boxes
  c.learners = 1;
  EXPECT_NO_THROW(check_training(c, &boxes, nullptr));
  EXPECT_THROW(check_training(c, nullptr, &boxes), UsageError);  // an O learner needs --opponent menace
}

TEST(MenaceTraining, TheCurveTailSaysHowFarTheRunGot) {
  const TrainConfig c = small_config(OpponentKind::kRandom);
  const Trained t = train_with_rows(c);
  const nlohmann::json tail = curve_tail(c, t.outcome);
  EXPECT_EQ(tail["games_completed"], 300);
  EXPECT_EQ(tail["interrupted"], false);
  EXPECT_EQ(tail["stops_losing"], stops_losing(c.no_loss_window, t.outcome.no_loss));
}

}  // namespace
}  // namespace ratrace::menace
