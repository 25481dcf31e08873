// Track generation (docs/RULES.md, "The track"): invariants over many boards, the start-cell
// search against brute force, and track files.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <numeric>

#include "ratrace/runs/runner.h"
#include "ratrace/tests/engine_test_util.h"
#include "ratrace/tracks/streams.h"

namespace ratrace {
namespace {

using namespace engine_test;

bool same_track(const Track& a, const Track& b) {
  if (a.width() != b.width() || a.height() != b.height() || a.goal_column() != b.goal_column()) return false;
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x)
      if (a.colour(x, y) != b.colour(x, y)) return false;
  return a.roles() == b.roles() && a.start_rows() == b.start_rows();
}

TEST(TrackGeneration, InvariantsHoldOnTwoHundredBoards) {
  const Config config;
  for (int board = 0; board < 200; ++board) {
    SCOPED_TRACE("board " + std::to_string(board));
    const Track track = generate_track(config, board_seed(2024, board));
    ASSERT_EQ(track.width(), 53);
    ASSERT_EQ(track.height(), 15);
    ASSERT_EQ(track.goal_column(), 49);
    ASSERT_EQ(track.roles().size(), 16u);

    int counts[4] = {0, 0, 0, 0};
    std::vector<std::pair<int, int>> teleports;
    for (const ColourRole& r : track.roles()) {
      ++counts[static_cast<int>(r.role)];
      if (r.role == Role::Teleporter) {
        EXPECT_FALSE(r.dx == 0 && r.dy == 0);
        EXPECT_LE(std::abs(r.dx), 4);
        EXPECT_LE(std::abs(r.dy), 4);
        teleports.emplace_back(r.dx, r.dy);
      } else if (r.role == Role::Trap) {
        EXPECT_LE(std::abs(r.dx), 1);
        EXPECT_LE(std::abs(r.dy), 1);
      } else {
        EXPECT_EQ(r.dx, 0);
        EXPECT_EQ(r.dy, 0);
      }
    }
    EXPECT_EQ(counts[static_cast<int>(Role::Empty)], 8);
    EXPECT_EQ(counts[static_cast<int>(Role::Teleporter)], 4);
    EXPECT_EQ(counts[static_cast<int>(Role::Trap)], 2);
    EXPECT_EQ(counts[static_cast<int>(Role::Wall)], 2);
    // Negated pairs: the multiset of offsets equals the multiset of their negations.
    std::vector<std::pair<int, int>> negated;
    for (auto [dx, dy] : teleports) negated.emplace_back(-dx, -dy);
    std::sort(teleports.begin(), teleports.end());
    std::sort(negated.begin(), negated.end());
    EXPECT_EQ(teleports, negated);

    for (int y = 0; y < 15; ++y)
      for (int x = 0; x < 53; ++x) {
        const int c = track.colour(x, y);
        ASSERT_GE(c, 0);
        ASSERT_LT(c, 16);
        if (x >= 49) {
          EXPECT_EQ(track.roles()[c].role, Role::Empty) << "goal cell " << x << "," << y;
        }
      }

    const auto& starts = track.start_rows();
    EXPECT_GE(starts.size(), 10u);
    EXPECT_TRUE(std::is_sorted(starts.begin(), starts.end()));
    for (int y : starts) {
      EXPECT_GE(y, 0);
      EXPECT_LT(y, 15);
    }
    EXPECT_EQ(starts, search_start_rows(track, config.lifespan));
  }
}

TEST(TrackGeneration, SameSeedSameTrackOtherBoardOtherTrack) {
  const Config config;
  const Track a = generate_track(config, board_seed(7, 4));
  const Track again = generate_track(config, board_seed(7, 4));
  EXPECT_TRUE(same_track(a, again));
  EXPECT_EQ(track_to_json(a), track_to_json(again));
  for (int board : {0, 1, 2, 3, 5}) EXPECT_FALSE(same_track(a, generate_track(config, board_seed(7, board))));
  EXPECT_FALSE(same_track(a, generate_track(config, board_seed(8, 4))));
  EXPECT_NE(board_seed(7, 4), board_seed(7, 5));
}

TEST(TrackGeneration, ColoursAreRoughlyUniform) {
  // Non-goal cells draw one of 16 colours uniformly: over 40 boards x 735 cells = 29400
  // draws, chi-square with 15 degrees of freedom stays below 37.70 (p = 0.001).
  const Config config;
  std::vector<double> counts(16, 0);
  double total = 0;
  for (int board = 0; board < 40; ++board) {
    const Track track = generate_track(config, board_seed(31, board));
    for (int y = 0; y < 15; ++y)
      for (int x = 0; x < 49; ++x) {
        ++counts[static_cast<size_t>(track.colour(x, y))];
        ++total;
      }
  }
  double chi2 = 0;
  for (double c : counts) chi2 += (c - total / 16) * (c - total / 16) / (total / 16);
  EXPECT_LT(chi2, 37.70);
}

// Brute force: does some sequence of at most `moves` moves from (x, y) reach a goal?
bool goal_reachable(const Track& track, int x, int y, int moves) {
  if (moves == 0) return false;
  for (int m = 0; m < 9; ++m) {
    const Step s = track.step(x, y, move_from_index(m));
    if (s.death != Hazard::None) continue;
    if (s.goal || goal_reachable(track, s.x, s.y, moves - 1)) return true;
  }
  return false;
}

// A random small track: roles shuffled 8/4/2/2 with random offsets (teleporters in negated
// pairs), random colours, empty goal cells.
Track random_small_track(Config& config, Rng& rng) {
  std::vector<int> order(16);
  std::iota(order.begin(), order.end(), 0);
  for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(static_cast<uint32_t>(i))]);
  std::vector<ColourRole> roles(16);
  const int ax = rng.between(-4, 4), ay = rng.between(-2, 2), bx = rng.between(1, 4), by = rng.between(-3, 3);
  roles[order[8]] = {Role::Teleporter, ax == 0 && ay == 0 ? 1 : ax, ay};
  roles[order[9]] = {Role::Teleporter, -roles[order[8]].dx, -ay};
  roles[order[10]] = {Role::Teleporter, bx, by};
  roles[order[11]] = {Role::Teleporter, -bx, -by};
  roles[order[12]] = {Role::Trap, rng.between(-1, 1), rng.between(-1, 1)};
  roles[order[13]] = {Role::Trap, rng.between(-1, 1), rng.between(-1, 1)};
  roles[order[14]] = {Role::Wall, 0, 0};
  roles[order[15]] = {Role::Wall, 0, 0};
  std::vector<int8_t> colours;
  for (int y = 0; y < config.height; ++y)
    for (int x = 0; x < config.width; ++x)
      colours.push_back(static_cast<int8_t>(x < config.goal_column ? order[rng.below(16)] : order[rng.below(8)]));
  return Track(config, std::move(colours), std::move(roles));
}

TEST(TrackGeneration, StartCellSearchMatchesBruteForceOnSmallTracks) {
  int tracks_with_starts = 0, tracks_without = 0, lifespan_mattered = 0;
  for (uint64_t k = 0; k < 1000; ++k) {
    Config config = small_config(7, 4, 5);
    Rng rng(stream_key(99, 1, k));
    config.lifespan = 4 + static_cast<int>(k % 3);
    const Track track = random_small_track(config, rng);
    std::vector<int> previous;
    for (int lifespan = 1; lifespan <= 6; ++lifespan) {
      std::vector<int> brute;
      for (int y = 0; y < 4; ++y)
        if (goal_reachable(track, 0, y, lifespan)) brute.push_back(y);
      ASSERT_EQ(search_start_rows(track, lifespan), brute) << "track " << k << ", lifespan " << lifespan << "\n"
                                                           << track_to_text(track);
      if (lifespan == config.lifespan) {
        ASSERT_EQ(track.start_rows(), brute) << "track " << k << "\n" << track_to_text(track);
        (brute.empty() ? tracks_without : tracks_with_starts) += 1;
      }
      if (lifespan == 6 && brute != previous) ++lifespan_mattered;
      previous = brute;
    }
  }
  // The sample must contain both outcomes and tracks where one more move changes the answer.
  EXPECT_GT(tracks_with_starts, 100);
  EXPECT_GT(tracks_without, 100);
  EXPECT_GT(lifespan_mattered, 20);
}

// The only way on is into the first goal column at (4, 1), which a trap makes deadly: a
// deadly goal cell is not a goal, so no row is a start row.
TEST(TrackGeneration, DeadlyGoalCellIsNotAGoalForTheSearch) {
  Config config = small_config(6, 3, 4);
  auto roles = standard_roles();
  roles[kTrapA] = {Role::Trap, 1, 0};
  const Track track = draw_track(config, {"000EEE", "000C00", "000EEE"}, roles);
  EXPECT_TRUE(track.start_rows().empty());
  roles[kTrapA] = {Role::Trap, 0, 1};  // the trap now points at a wall instead
  EXPECT_EQ(draw_track(config, {"000EEE", "000C00", "000EEE"}, roles).start_rows(), (std::vector<int>{0, 1, 2}));
}

TEST(TrackGeneration, ConfigsThatNeverYieldATrackFailWithAnError) {
  Config config;
  config.min_start_cells = 15;
  config.wall_colours = 8;
  config.empty_colours = 2;
  config.max_track_attempts = 5;
  EXPECT_THROW(generate_track(config, 1), std::runtime_error);
}

TEST(TrackFiles, JsonRoundTripKeepsTheTrack) {
  Config config;
  const Track original = generate_track(config, board_seed(3, 1));
  const nlohmann::json j = track_to_json(original);
  Config read_config;
  const Track read = track_from_json(j, read_config);
  EXPECT_TRUE(same_track(original, read));

  nlohmann::json without_starts = j;
  without_starts.erase("start_cells");
  Config searched_config;
  EXPECT_TRUE(same_track(original, track_from_json(without_starts, searched_config)));

  // A hand-made size replaces the config's.
  Config small = small_config(7, 3, 5);
  const Track hand_made = draw_track(small, {"0123456", "7012345", "6701234"}, standard_roles());
  Config from_file;
  from_file.min_start_cells = 1;  // the default 10 is more rows than the track has
  const Track reread = track_from_json(track_to_json(hand_made), from_file);
  EXPECT_EQ(from_file.width, 7);
  EXPECT_EQ(from_file.height, 3);
  EXPECT_EQ(from_file.goal_column, 5);
  EXPECT_TRUE(same_track(hand_made, reread));
}

class TrackFileErrors : public ::testing::Test {
 protected:
  // A valid 7 x 3 track file, goal cells from x = 5; tests break one thing each.
  nlohmann::json valid() const {
    Config config = small_config(7, 3, 5);
    return track_to_json(draw_track(config, {"0123400", "7012300", "6701200"}, standard_roles()));
  }
  std::string error_of(const nlohmann::json& j) const {
    Config config;
    config.min_start_cells = 1;
    try {
      track_from_json(j, config);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "no error";
  }
};

TEST_F(TrackFileErrors, ValidFileReads) { EXPECT_EQ(error_of(valid()), "no error"); }

TEST_F(TrackFileErrors, WrongNumberOfRows) {
  nlohmann::json j = valid();
  j["colours"].erase(2);
  EXPECT_NE(error_of(j).find("3 rows"), std::string::npos) << error_of(j);
}

TEST_F(TrackFileErrors, WrongRowLength) {
  nlohmann::json j = valid();
  j["colours"][1].push_back(0);
  EXPECT_NE(error_of(j).find("row y=1"), std::string::npos) << error_of(j);
}

TEST_F(TrackFileErrors, UnknownColours) {
  for (int bad : {16, -1, 99}) {
    nlohmann::json j = valid();
    j["colours"][2][3] = bad;
    EXPECT_NE(error_of(j).find("unknown colour " + std::to_string(bad)), std::string::npos) << error_of(j);
  }
}

TEST_F(TrackFileErrors, RolesNotEightFourTwoTwo) {
  nlohmann::json j = valid();
  j["roles"][static_cast<size_t>(kTeleporterA)] = {{"colour", kTeleporterA}, {"role", "empty"}};
  EXPECT_NE(error_of(j).find("roles are 9/3/2/2"), std::string::npos) << error_of(j);
  nlohmann::json wall = valid();
  wall["roles"][0] = {{"colour", 0}, {"role", "wall"}};
  EXPECT_NE(error_of(wall).find("roles are 7/4/2/3"), std::string::npos) << error_of(wall);
}

TEST_F(TrackFileErrors, MisspeltKeysAreRefusedByName) {
  nlohmann::json j = valid();
  j["start_cels"] = {1};  // read as if absent, it would play on searched start cells
  EXPECT_EQ(error_of(j), "track file: unknown key 'start_cels'");
  nlohmann::json role = valid();
  role["roles"][0]["ofset"] = {1, 0};
  EXPECT_EQ(error_of(role), "track file: unknown key 'ofset' in a role");
  nlohmann::json saved = valid();  // what `ratrace track --json` adds is read back
  saved["master_seed"] = 1;
  saved["board"] = 0;
  saved["board_seed"] = 42;
  EXPECT_EQ(error_of(saved), "no error");
}

TEST_F(TrackFileErrors, OtherMistakes) {
  nlohmann::json no_roles = valid();
  no_roles.erase("roles");
  EXPECT_NE(error_of(no_roles).find("missing key 'roles'"), std::string::npos);

  nlohmann::json twice = valid();
  twice["roles"][1]["colour"] = 0;
  EXPECT_NE(error_of(twice).find("given twice"), std::string::npos) << error_of(twice);

  nlohmann::json far = valid();
  far["roles"][static_cast<size_t>(kTeleporterA)]["offset"] = {5, 0};
  EXPECT_NE(error_of(far).find("reach"), std::string::npos) << error_of(far);

  nlohmann::json zero = valid();
  zero["roles"][static_cast<size_t>(kTeleporterA)]["offset"] = {0, 0};
  EXPECT_NE(error_of(zero).find("offset_draws = 1"), std::string::npos) << error_of(zero);

  nlohmann::json goal = valid();
  goal["colours"][0][6] = kWall;
  EXPECT_NE(error_of(goal).find("must have an empty colour"), std::string::npos) << error_of(goal);

  nlohmann::json start = valid();
  start["start_cells"] = {0, 3};
  EXPECT_NE(error_of(start).find("off the track"), std::string::npos) << error_of(start);

  nlohmann::json role_name = valid();
  role_name["roles"][0]["role"] = "lava";
  EXPECT_NE(error_of(role_name).find("role must be"), std::string::npos) << error_of(role_name);
}

}  // namespace
}  // namespace ratrace
