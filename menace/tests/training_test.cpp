// Training: parallel == serial, continuing from saved boxes, the learning itself.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "menace/training.h"

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

TEST(MenaceTraining, IdenticalWhateverTheThreadCount) {
  for (OpponentKind opponent :
       {OpponentKind::kRandom, OpponentKind::kPerfect, OpponentKind::kPerfectFixed, OpponentKind::kMenace}) {
    TrainConfig c = small_config(opponent);
    c.threads = 1;
    const auto serial = train(c);
    c.threads = 4;
    const auto parallel = train(c);
    ASSERT_EQ(serial.size(), parallel.size());
    for (size_t i = 0; i < serial.size(); ++i) {
      EXPECT_EQ(serial[i].results, parallel[i].results) << to_string(opponent) << " learner " << i;
      EXPECT_EQ(serial[i].boxes.beads, parallel[i].boxes.beads);
    }
    EXPECT_EQ(learning_curve(c, serial).dump(), learning_curve(c, parallel).dump());
    EXPECT_NE(serial[0].results, serial[1].results) << "learners are independent";
  }
}

TEST(MenaceTraining, ContinuingFromSavedBoxesEqualsOneLongRun) {
  TrainConfig c = small_config(OpponentKind::kMenace);
  c.learners = 1;
  c.games = 250;
  const LearnerRun whole = train_learner(c, 0);
  c.games = 100;
  const LearnerRun first = train_learner(c, 0);
  const Matchboxes x = boxes_from_json(boxes_to_json(first.boxes));
  const Matchboxes o = boxes_from_json(boxes_to_json(*first.opponent_boxes));
  c.games = 150;
  const LearnerRun second = train_learner(c, 0, &x, &o);
  std::vector<int8_t> joined = first.results;
  joined.insert(joined.end(), second.results.begin(), second.results.end());
  EXPECT_EQ(joined, whole.results);
  EXPECT_EQ(second.boxes.beads, whole.boxes.beads);
  EXPECT_EQ(second.boxes.games_played, 250u);
}

TEST(MenaceTraining, LossesFallAgainstARandomOpponent) {
  TrainConfig c = small_config(OpponentKind::kRandom);
  c.learners = 20;
  c.games = 1000;
  const nlohmann::json curve = learning_curve(c, train(c));
  const double first = curve["blocks"][0]["loss"]["mean"], last = curve["blocks"][9]["loss"]["mean"];
  EXPECT_GT(first, 0.10);
  EXPECT_LT(last, first / 2) << "learning halves the losses within 1,000 games";
  EXPECT_LE(curve["blocks"][9]["loss"]["ci95"][0].get<double>(), last);
}

TEST(MenaceTraining, PerfectOpponentNeverLosesSoMenaceNeverWins) {
  TrainConfig c = small_config(OpponentKind::kPerfect);
  for (const auto& run : train(c))
    for (int8_t r : run.results) EXPECT_LE(r, 0);
}

TEST(MenaceTraining, AFallibleOpponentCanBeBeaten) {
  TrainConfig c = small_config(OpponentKind::kPerfect);
  c.opponent_error = 0.5;
  int wins = 0;
  for (const auto& run : train(c))
    for (int8_t r : run.results) wins += r > 0;
  EXPECT_GT(wins, 100) << "half its moves random: MENACE wins some of 1,800 games";
}

TEST(MenaceTraining, GamesUntilNoLoss) {
  const std::vector<int8_t> results = {-1, 0, -1, 0, 0, 0, 1, -1, 0};
  EXPECT_EQ(games_until_no_loss(results, 3), 3u);  // games 4-6 are loss-free; the last loss was game 3
  EXPECT_EQ(games_until_no_loss(results, 5), std::nullopt);
  EXPECT_EQ(games_until_no_loss({0, 0}, 2), 0u);
}

}  // namespace
}  // namespace ratrace::menace
