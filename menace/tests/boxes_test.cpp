// The boxes: enumeration counts, the symmetries, and the JSON form.
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "menace/boxes.h"
#include "menace/players.h"

namespace ratrace::menace {
namespace {

// Every position a game reaches on which `player` moves, still open, two or more empty cells.
void reachable(const Board& b, Mark mover, Mark player, std::set<uint32_t>& out) {
  if (finished(b)) return;
  if (mover == player && count(b, Mark::kEmpty) >= 2) out.insert(encode(b));
  for (int c = 0; c < 9; ++c) {
    if (b[c] != Mark::kEmpty) continue;
    Board next = b;
    next[c] = mover;
    reachable(next, other(mover), player, out);
  }
}

TEST(MenaceBoxes, MichiesThreeHundredAndFourByStage) {
  const Catalogue cat = enumerate_boxes(Mark::kX);
  EXPECT_EQ(cat.size(), 304u);
  EXPECT_EQ(cat.boxes_per_stage, (std::vector<int>{1, 12, 108, 183}));
}

TEST(MenaceBoxes, SymmetriesAreTheEightDistinctPermutationsOfTheSquare) {
  std::set<std::array<uint8_t, 9>> distinct(kSymmetries.begin(), kSymmetries.end());
  EXPECT_EQ(distinct.size(), 8u);
  for (const auto& s : kSymmetries) {
    EXPECT_EQ(std::set<uint8_t>(s.begin(), s.end()).size(), 9u);
    EXPECT_EQ(s[4], 4) << "the centre stays the centre";
  }
  // Closed under composition: a group.
  for (const auto& a : kSymmetries)
    for (const auto& b : kSymmetries) {
      std::array<uint8_t, 9> ab{};
      for (int c = 0; c < 9; ++c) ab[c] = a[b[c]];
      EXPECT_TRUE(distinct.count(ab));
    }
}

TEST(MenaceBoxes, EveryPositionFindsItsBoxAndEveryBeadLandsOnAnEmptyCell) {
  for (Mark player : {Mark::kX, Mark::kO}) {
    const Catalogue& cat = catalogue(player);
    std::set<uint32_t> positions;
    reachable(Board{}, Mark::kX, player, positions);
    std::set<int> used;
    for (uint32_t code : positions) {
      const Board board = decode(code);
      int symmetry = -1;
      const int box = cat.find(board, symmetry);
      ASSERT_GE(box, 0) << to_string(board);
      used.insert(box);
      const Board& picture = cat.pictures[box];
      EXPECT_EQ(transform(board, symmetry), picture) << to_string(board);
      std::set<int> targets;
      for (int c = 0; c < 9; ++c) {
        const int cell = kSymmetries[symmetry][c];
        targets.insert(cell);
        EXPECT_EQ(picture[c], board[cell]) << "round trip of cell " << c << " on " << to_string(board);
        if (picture[c] == Mark::kEmpty) {
          EXPECT_EQ(board[cell], Mark::kEmpty);
        }
      }
      EXPECT_EQ(targets.size(), 9u) << "a bead maps to one cell each";
    }
    EXPECT_EQ(used.size(), cat.size()) << "every box is used by some position";
  }
}

TEST(MenaceBoxes, EverySymmetryOfAPositionSharesOneBox) {
  const Catalogue& cat = catalogue(Mark::kX);
  for (size_t i = 0; i < cat.size(); ++i)
    for (int t = 0; t < 8; ++t) {
      int symmetry = 0;
      EXPECT_EQ(cat.find(transform(cat.pictures[i], t), symmetry), static_cast<int>(i));
    }
}

TEST(MenaceBoxes, MichieStartCountsByStage) {
  const Matchboxes m = fresh_boxes(Mark::kX, StartBeads::kMichie, 1);
  for (size_t i = 0; i < m.beads.size(); ++i)
    for (int c = 0; c < 9; ++c)
      EXPECT_EQ(m.beads[i][c], m.catalogue->pictures[i][c] == Mark::kEmpty ? 4u - m.catalogue->stages[i] : 0u);
  EXPECT_EQ(m.total(0), 36u);
}

TEST(MenaceBoxes, MichieDistinctKeepsOneCellPerSymmetricSet) {
  EXPECT_EQ(distinct_empty_cells(Board{}), (std::vector<int>{0, 1, 4})) << "corner, edge, centre";
  // X in the centre: still a corner and an edge.
  EXPECT_EQ(distinct_empty_cells(board_from_string("....X....")), (std::vector<int>{0, 1}));
  // No symmetry but the identity: every empty cell is distinct.
  EXPECT_EQ(distinct_empty_cells(board_from_string("XO.......")).size(), 7u);
  const Matchboxes m = fresh_boxes(Mark::kX, StartBeads::kMichieDistinct, 1);
  EXPECT_EQ(m.total(0), 12u) << "Michie's first box: 4 beads each of 3 distinct moves";
  EXPECT_EQ(m.beads[0][0], 4u);
  EXPECT_EQ(m.beads[0][2], 0u);
}

TEST(MenaceBoxes, RandomStartHasOneToNLegalBeads) {
  const Matchboxes m = fresh_boxes(Mark::kX, StartBeads::kRandom, 7);
  for (size_t i = 0; i < m.beads.size(); ++i) {
    const int empty = count(m.catalogue->pictures[i], Mark::kEmpty);
    EXPECT_GE(m.total(i), 1u);
    EXPECT_LE(m.total(i), static_cast<uint32_t>(empty));
    for (int c = 0; c < 9; ++c)
      if (m.catalogue->pictures[i][c] != Mark::kEmpty) {
        EXPECT_EQ(m.beads[i][c], 0u);
      }
  }
  EXPECT_NE(fresh_boxes(Mark::kX, StartBeads::kRandom, 8).beads, m.beads);
}

TEST(MenaceBoxes, JsonRoundTripAndBadFilesRejected) {
  Matchboxes m = fresh_boxes(Mark::kX, StartBeads::kRandom, 3);
  m.games_played = 17;
  const nlohmann::json j = boxes_to_json(m);
  const Matchboxes back = boxes_from_json(j);
  EXPECT_EQ(back.beads, m.beads);
  EXPECT_EQ(back.games_played, 17u);
  nlohmann::json bad = j;
  bad["boxes"][5]["beads"] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_THROW(boxes_from_json(bad), std::invalid_argument);
  bad = j;
  bad["boxes"][1]["beads"][4] = 2;  // box 1 has its X... somewhere; find an occupied cell instead
  const Board& picture = m.catalogue->pictures[1];
  for (int c = 0; c < 9; ++c)
    if (picture[c] != Mark::kEmpty) bad["boxes"][1]["beads"][c] = 1;
  EXPECT_THROW(boxes_from_json(bad), std::invalid_argument);
  bad = j;
  bad["boxes"].erase(3);
  EXPECT_THROW(boxes_from_json(bad), std::invalid_argument);
  bad = j;
  bad["format"] = "something";
  EXPECT_THROW(boxes_from_json(bad), std::invalid_argument);
}

// The message of the std::invalid_argument that boxes_from_json(j) throws; "" if it accepts j.
std::string refusal(const nlohmann::json& j) {
  try {
    boxes_from_json(j);
    return "";
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
}

TEST(MenaceBoxes, UnknownKeysAreRefusedByName) {
  const nlohmann::json j = boxes_to_json(fresh_boxes(Mark::kX, StartBeads::kRandom, 3));
  nlohmann::json bad = j;
  bad["games_playd"] = 5;
  EXPECT_NE(refusal(bad).find("unknown key \"games_playd\""), std::string::npos) << refusal(bad);
  bad = j;
  bad["boxes"][7]["bead"] = {1};
  EXPECT_NE(refusal(bad).find("box 7: unknown key \"bead\""), std::string::npos) << refusal(bad);
}

TEST(MenaceBoxes, EachEntryNamesItsBoxAndStage) {
  const nlohmann::json j = boxes_to_json(fresh_boxes(Mark::kX, StartBeads::kRandom, 3));
  EXPECT_EQ(refusal(j), "");
  nlohmann::json bad = j;
  bad["boxes"][7]["box"] = 307;
  EXPECT_NE(refusal(bad).find("box 7: \"box\" is not 7"), std::string::npos) << refusal(bad);
  bad = j;
  bad["boxes"][7]["stage"] = 7;
  EXPECT_NE(refusal(bad).find("box 7: \"stage\" is not 1"), std::string::npos) << refusal(bad);
  bad = j;
  bad["boxes"][0].erase("box");
  EXPECT_NE(refusal(bad).find("box 0: \"box\" is not 0"), std::string::npos) << refusal(bad);
}

TEST(MenaceBoxes, GamesPlayedBeyondTwoToThe53AreRefused) {
  Matchboxes m = fresh_boxes(Mark::kX, StartBeads::kRandom, 3);
  m.games_played = kMaxGamesPlayed;
  EXPECT_EQ(refusal(boxes_to_json(m)), "");
  for (uint64_t absurd : {kMaxGamesPlayed + 1, ~uint64_t{0}}) {
    m.games_played = absurd;
    EXPECT_NE(refusal(boxes_to_json(m)).find("\"games_played\" is " + std::to_string(absurd)), std::string::npos);
  }
}

TEST(MenaceBoxes, TableShowsEveryBox) {
  const std::string table = boxes_table(fresh_boxes(Mark::kX, StartBeads::kMichie, 1));
  EXPECT_NE(table.find("#0 s0"), std::string::npos);
  EXPECT_NE(table.find("#303 s3"), std::string::npos);
  EXPECT_EQ(table.find("#304"), std::string::npos);
  EXPECT_NE(table.find("[ 4 4 4]"), std::string::npos) << "the empty board's box holds 4 of each";
  const std::string svg = boxes_svg(fresh_boxes(Mark::kX, StartBeads::kMichie, 1));
  EXPECT_NE(svg.find("#303</text>"), std::string::npos);
}

}  // namespace
}  // namespace ratrace::menace
