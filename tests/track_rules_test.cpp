// The turn rules of one move (docs/RULES.md, "A game", steps 1.3-1.6) on hand-made tracks, through
// Track::step, Track::hazard and the precomputed Track::next.
#include <gtest/gtest.h>

#include "ratrace/runs/runner.h"
#include "ratrace/tests/engine_test_util.h"

namespace ratrace {
namespace {

using namespace engine_test;

// 6 x 3 tracks, goal cells from x = 4.
Config six_by_three() { return small_config(6, 3, 4); }

TEST(TrackRules, WallBlocksTheMoveWhichBecomesStayingPut) {
  Config config = six_by_three();
  const Track track = draw_track(config, {"000000", "0E0000", "000000"}, standard_roles());
  const Step straight = track.step(0, 1, {1, 0});
  EXPECT_TRUE(straight.blocked);
  EXPECT_EQ(straight.x, 0);
  EXPECT_EQ(straight.y, 1);
  EXPECT_EQ(straight.death, Hazard::None);
  EXPECT_FALSE(straight.teleported);

  const Step diagonal = track.step(0, 0, {1, 1});
  EXPECT_TRUE(diagonal.blocked);
  EXPECT_EQ(diagonal.x, 0);
  EXPECT_EQ(diagonal.y, 0);

  const Step beside = track.step(0, 1, {1, 1});
  EXPECT_FALSE(beside.blocked);
  EXPECT_EQ(beside.x, 1);
  EXPECT_EQ(beside.y, 2);
  EXPECT_EQ(track.hazard(1, 1), Hazard::Wall);  // the wall cell itself is deadly
}

TEST(TrackRules, TeleportsAfterMovingOntoATeleporter) {
  Config config = six_by_three();
  auto roles = standard_roles();
  roles[kTeleporterA] = {Role::Teleporter, 2, 1};
  const Track track = draw_track(config, {"000000", "080000", "000000"}, roles);
  const Step s = track.step(0, 1, {1, 0});
  EXPECT_FALSE(s.blocked);
  EXPECT_TRUE(s.teleported);
  EXPECT_EQ(s.moved_x, 1);
  EXPECT_EQ(s.moved_y, 1);
  EXPECT_EQ(s.x, 3);
  EXPECT_EQ(s.y, 2);
  EXPECT_EQ(s.death, Hazard::None);
  EXPECT_FALSE(s.goal);
}

TEST(TrackRules, TeleportsWhenStandingStillOnATeleporter) {
  Config config = six_by_three();
  auto roles = standard_roles();
  roles[kTeleporterA] = {Role::Teleporter, 2, 1};
  const Track track = draw_track(config, {"000000", "08E000", "000000"}, roles);
  const Step stay = track.step(1, 1, {0, 0});
  EXPECT_TRUE(stay.teleported);
  EXPECT_EQ(stay.x, 3);
  EXPECT_EQ(stay.y, 2);

  // Blocked by the wall at (2, 1): the move becomes (0, 0), then the teleporter fires.
  const Step blocked = track.step(1, 1, {1, 0});
  EXPECT_TRUE(blocked.blocked);
  EXPECT_TRUE(blocked.teleported);
  EXPECT_EQ(blocked.x, 3);
  EXPECT_EQ(blocked.y, 2);
  EXPECT_EQ(blocked.death, Hazard::None);
}

TEST(TrackRules, TeleportsExactlyOnceWithoutChaining) {
  Config config = six_by_three();
  auto roles = standard_roles();
  roles[kTeleporterA] = {Role::Teleporter, 1, 0};
  roles[kTeleporterB] = {Role::Teleporter, 2, 0};  // would carry on into the goal if chained
  const Track track = draw_track(config, {"000000", "089000", "000000"}, roles);
  const Step s = track.step(0, 1, {1, 0});
  EXPECT_TRUE(s.teleported);
  EXPECT_EQ(s.x, 2);
  EXPECT_EQ(s.y, 1);
  EXPECT_FALSE(s.goal);
  EXPECT_EQ(s.death, Hazard::None);
  // Standing still on the second teleporter next turn does use it.
  const Step next_turn = track.step(2, 1, {0, 0});
  EXPECT_EQ(next_turn.x, 4);
  EXPECT_TRUE(next_turn.goal);
}

TEST(TrackRules, TeleportedOntoAWallDies) {
  Config config = six_by_three();
  auto roles = standard_roles();
  roles[kTeleporterA] = {Role::Teleporter, 1, 0};
  const Track track = draw_track(config, {"000000", "08E000", "000000"}, roles);
  const Step s = track.step(0, 1, {1, 0});
  EXPECT_FALSE(s.blocked);  // walls block moves, not teleports
  EXPECT_TRUE(s.teleported);
  EXPECT_EQ(s.x, 2);
  EXPECT_EQ(s.y, 1);
  EXPECT_EQ(s.death, Hazard::Wall);
  EXPECT_EQ(track.next(track.cell(0, 1), move_index({1, 0})), Track::kDead);
}

TEST(TrackRules, TeleportedOutOfBoundsDies) {
  Config config = six_by_three();
  auto roles = standard_roles();
  roles[kTeleporterA] = {Role::Teleporter, 0, -2};
  roles[kTeleporterB] = {Role::Teleporter, -3, 0};
  const Track track = draw_track(config, {"000000", "089000", "000000"}, roles);
  EXPECT_EQ(track.step(0, 1, {1, 0}).death, Hazard::OutOfBounds);  // to (1, -1)
  EXPECT_EQ(track.step(1, 1, {1, 0}).death, Hazard::OutOfBounds);  // to (2, 1) then (-1, 1)
}

TEST(TrackRules, TeleportedPastTheRightEdgeScores) {
  Config config = six_by_three();
  auto roles = standard_roles();
  roles[kTeleporterA] = {Role::Teleporter, 4, 0};
  const Track track = draw_track(config, {"000000", "008000", "000000"}, roles);
  const Step s = track.step(1, 1, {1, 0});  // to (2, 1), then (6, 1): x >= width
  EXPECT_EQ(s.x, 6);
  EXPECT_EQ(s.death, Hazard::None);
  EXPECT_TRUE(s.goal);
}

TEST(TrackRules, TrapTargetIsDeadlyTrapCellIsSafe) {
  Config config = six_by_three();
  auto roles = standard_roles();
  roles[kTrapA] = {Role::Trap, 1, 0};
  roles[kTrapB] = {Role::Trap, -1, -1};
  const Track track = draw_track(config, {"000000", "0C0000", "000D00"}, roles);
  EXPECT_EQ(track.hazard(1, 1), Hazard::None);
  EXPECT_EQ(track.hazard(2, 1), Hazard::Trap);  // target of (1, 1)'s (1, 0) and (3, 2)'s (-1, -1)
  EXPECT_EQ(track.hazard(3, 2), Hazard::None);
  EXPECT_EQ(track.step(0, 1, {1, 0}).death, Hazard::None);
  EXPECT_EQ(track.step(1, 1, {1, 0}).death, Hazard::Trap);
  EXPECT_EQ(track.step(2, 2, {1, 0}).death, Hazard::None);
  int deadly = 0;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 6; ++x) deadly += track.hazard(x, y) != Hazard::None;
  EXPECT_EQ(deadly, 1);
}

TEST(TrackRules, TrapWithZeroOffsetMakesItsOwnCellDeadly) {
  Config config = six_by_three();
  auto roles = standard_roles();
  roles[kTrapA] = {Role::Trap, 0, 0};
  const Track track = draw_track(config, {"000000", "0C0000", "000000"}, roles);
  EXPECT_EQ(track.hazard(1, 1), Hazard::Trap);
  EXPECT_EQ(track.step(0, 1, {1, 0}).death, Hazard::Trap);
}

TEST(TrackRules, TrapTargetOffTheTrackMarksNothing) {
  Config config = six_by_three();
  auto roles = standard_roles();
  roles[kTrapA] = {Role::Trap, 0, -1};
  const Track track = draw_track(config, {"0C0000", "000000", "000000"}, roles);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 6; ++x) EXPECT_EQ(track.hazard(x, y), Hazard::None) << x << "," << y;
}

TEST(TrackRules, TrapCanMakeAFirstGoalColumnCellDeadly) {
  Config config = six_by_three();
  auto roles = standard_roles();
  roles[kTrapA] = {Role::Trap, 1, 0};
  const Track track = draw_track(config, {"000000", "000C00", "000000"}, roles);
  EXPECT_EQ(track.hazard(4, 1), Hazard::Trap);
  for (Move m : {Move{1, 0}, Move{1, 1}}) {
    const Step s = track.step(3, m.dy == 0 ? 1 : 0, m);  // both end on (4, 1)
    EXPECT_EQ(s.x, 4);
    EXPECT_EQ(s.y, 1);
    EXPECT_EQ(s.death, Hazard::Trap);
    EXPECT_FALSE(s.goal);
  }
  EXPECT_TRUE(track.step(3, 1, {1, 1}).goal);  // (4, 2) is still a goal
}

TEST(TrackRules, OutOfBoundsIsDeadlyOnThreeSides) {
  Config config = six_by_three();
  const Track track = draw_track(config, {"000000", "000000", "000000"}, standard_roles());
  EXPECT_EQ(track.step(1, 0, {0, -1}).death, Hazard::OutOfBounds);  // y < 0
  EXPECT_EQ(track.step(1, 2, {0, 1}).death, Hazard::OutOfBounds);   // y >= height
  EXPECT_EQ(track.step(0, 1, {-1, 0}).death, Hazard::OutOfBounds);  // x < 0
  EXPECT_EQ(track.step(0, 0, {-1, -1}).death, Hazard::OutOfBounds);
  EXPECT_EQ(track.hazard(-1, 1), Hazard::OutOfBounds);
  EXPECT_EQ(track.hazard(1, -1), Hazard::OutOfBounds);
  EXPECT_EQ(track.hazard(1, 3), Hazard::OutOfBounds);
  EXPECT_EQ(track.hazard(6, 1), Hazard::None);  // past the right edge is only ever a goal
  EXPECT_EQ(track.next(track.cell(0, 1), move_index({-1, 0})), Track::kDead);
}

TEST(TrackRules, EnteringAGoalCellScores) {
  Config config = six_by_three();
  const Track track = draw_track(config, {"000000", "000000", "000000"}, standard_roles());
  EXPECT_TRUE(track.step(3, 1, {1, 0}).goal);
  EXPECT_TRUE(track.step(3, 1, {1, -1}).goal);
  EXPECT_FALSE(track.step(2, 1, {1, 0}).goal);
  EXPECT_FALSE(track.step(3, 1, {0, 0}).goal);
  EXPECT_EQ(track.next(track.cell(3, 1), move_index({1, 0})), Track::kGoal);
}

// next() is step() precomputed: every cell and move of a real board agrees.
TEST(TrackRules, NextAgreesWithStepOnAGeneratedBoard) {
  const Config config;
  const Track track = generate_track(config, board_seed(1, 0));
  for (int c = 0; c < track.cells(); ++c)
    for (int m = 0; m < 9; ++m) {
      const Step s = track.step(track.cell_x(c), track.cell_y(c), move_from_index(m));
      const int expected = s.death != Hazard::None ? Track::kDead : s.goal ? Track::kGoal : track.cell(s.x, s.y);
      ASSERT_EQ(track.next(c, m), expected) << "cell " << c << " move " << m;
    }
}

TEST(TrackRules, ViewShowsColoursAroundTheSpecimenAndMinusOneOffTrack) {
  const Config config;
  const Track track = generate_track(config, board_seed(1, 3));
  for (int c : {track.cell(0, 0), track.cell(10, 7), track.cell(52, 14)}) {
    const View view = track.view(c);
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx)
        EXPECT_EQ(view(dx, dy), track.colour(track.cell_x(c) + dx, track.cell_y(c) + dy));
    EXPECT_THROW(view(3, 0), ViewRangeError);
    EXPECT_THROW(view(0, -3), ViewRangeError);
  }
  EXPECT_EQ(track.view(track.cell(0, 0))(-1, 0), -1);
  EXPECT_EQ(track.view(track.cell(0, 0))(0, -1), -1);
  EXPECT_EQ(track.view(track.cell(52, 14))(1, 1), -1);
}

}  // namespace
}  // namespace ratrace
