// `morpion compare`'s statistics on hand-made result documents, whose answers are known.
#include <gtest/gtest.h>

#include "morpion/compare_runs.h"
#include "ratrace/common/usage_error.h"

namespace morpion {
namespace {

// A result document of searches, each given as its improvements (iteration, score) and the
// iterations it ran.
nlohmann::json document(uint64_t seed, const std::vector<std::pair<std::vector<std::pair<int, int>>, int>>& searches) {
  nlohmann::json d = {{"format", "morpion-search"}, {"master_seed", seed}, {"settings", {{"method", "population"}}}};
  for (const auto& [steps, ran] : searches) {
    nlohmann::json improvements = nlohmann::json::array();
    for (const auto& [iteration, score] : steps) improvements.push_back({iteration, score, 1.0, 1.0});
    d["runs"].push_back({{"score", steps.back().second},
                         {"iterations", ran},
                         {"seconds", 1.0},
                         {"cpu_seconds", 1.0},
                         {"improvements", improvements}});
  }
  return d;
}

TEST(MorpionCompare, PairedDifferencesAndTheirIntervalAtEachPoint) {
  const SearchRun a =
      search_run_of(document(3, {{{{0, 100}, {50, 120}}, 100}, {{{0, 110}}, 100}, {{{0, 90}, {90, 130}}, 100}}), "a",
                    Clock::kIterations);
  const SearchRun b =
      search_run_of(document(3, {{{{0, 100}, {40, 125}}, 100}, {{{0, 110}}, 100}, {{{0, 95}, {99, 140}}, 100}}), "b",
                    Clock::kIterations);
  const nlohmann::json c = compare_runs({a, b}, {45, 100, 500}, Clock::kIterations);
  ASSERT_EQ(c["points"].size(), 2U);  // 500 is past every search's end
  const auto& at45 = c["points"][0];
  EXPECT_EQ(at45["runs"][0]["bests"], nlohmann::json({100, 110, 90}));
  EXPECT_EQ(at45["runs"][1]["bests"], nlohmann::json({125, 110, 95}));
  EXPECT_EQ(at45["difference"]["values"], nlohmann::json({25, 0, 5}));
  EXPECT_DOUBLE_EQ(at45["difference"]["mean"].get<double>(), 10);
  // sd of (25, 0, 5) = 13.2288; t(0.975, 2) = 4.3027; half width 4.3027 x 13.2288 / sqrt(3) = 32.863.
  EXPECT_NEAR(at45["difference"]["ci95"][1].get<double>(), 10 + 32.863, 0.01);
  EXPECT_EQ(at45["difference"]["better"], 2);
  EXPECT_EQ(at45["difference"]["tied"], 1);
  EXPECT_EQ(at45["difference"]["worse"], 0);
  const auto& at100 = c["points"][1];
  EXPECT_EQ(at100["difference"]["values"], nlohmann::json({5, 0, 10}));
  EXPECT_EQ(at100["runs"][0]["min"], 110);
  EXPECT_EQ(at100["runs"][0]["max"], 130);
  EXPECT_EQ(c["runs"][1]["final_scores"], nlohmann::json({125, 110, 140}));
}

TEST(MorpionCompare, TheDefaultPointsEndAtTheRunsEnd) {
  const SearchRun a =
      search_run_of(document(1, {{{{0, 100}}, 2000000}, {{{0, 100}}, 3000000}}), "a", Clock::kIterations);
  const nlohmann::json c = compare_runs({a}, {}, Clock::kIterations);
  ASSERT_EQ(c["points"].size(), 2U);
  EXPECT_EQ(c["points"][0]["at"], 1e6);
  EXPECT_EQ(c["points"][1]["at"], 2e6);  // the shorter search's end
  EXPECT_FALSE(c["points"][0].contains("difference"));
}

TEST(MorpionCompare, FilesOfOtherSeedsPoolIntoOneRunPairedFileByFile) {
  auto run = [](uint64_t seed, int first, int second, const char* name) {
    return search_run_of(document(seed, {{{{0, first}}, 100}, {{{0, second}}, 100}}), name, Clock::kIterations);
  };
  const SearchRun a = pooled({run(17, 150, 152, "a17"), run(9, 154, 156, "a9")});
  const SearchRun b = pooled({run(17, 151, 152, "b17"), run(9, 150, 160, "b9")});
  EXPECT_EQ(a.name, "a17,a9");
  ASSERT_EQ(a.parts.size(), 2U);
  EXPECT_EQ(a.parts[1].master_seed, 9U);
  const nlohmann::json c = compare_runs({a, b}, {100}, Clock::kIterations);
  const auto& d = c["points"][0]["difference"];
  EXPECT_EQ(d["values"], nlohmann::json({1, 0, -4, 4}));
  EXPECT_DOUBLE_EQ(d["mean"].get<double>(), 0.25);
  EXPECT_EQ(d["better"], 2);
  EXPECT_EQ(d["tied"], 1);
  EXPECT_EQ(d["worse"], 1);
  EXPECT_EQ(c["runs"][0]["master_seeds"], nlohmann::json({17, 9}));
  EXPECT_FALSE(c["runs"][0].contains("master_seed"));  // one seed only when one document
  EXPECT_EQ(c["points"][0]["runs"][0]["mean"], 153);
  // The same files in the other order do not pair: search i would meet another seed's search i.
  EXPECT_THROW(compare_runs({a, pooled({run(9, 150, 160, "b9"), run(17, 151, 152, "b17")})}, {100}, Clock::kIterations),
               ratrace::UsageError);
  // One seed twice is the same searches counted twice.
  EXPECT_THROW(pooled({run(17, 150, 152, "a17"), run(17, 150, 152, "again")}), ratrace::UsageError);
  nlohmann::json local = document(5, {{{{0, 120}}, 100}});
  local["settings"]["method"] = "local";
  EXPECT_THROW(pooled({run(17, 150, 152, "a17"), search_run_of(local, "local", Clock::kIterations)}),
               ratrace::UsageError);
}

TEST(MorpionCompare, UnpairedRunsAndBadDocumentsAreRefused) {
  const SearchRun a = search_run_of(document(1, {{{{0, 100}}, 10}}), "a", Clock::kCpu);
  const SearchRun b = search_run_of(document(2, {{{{0, 100}}, 10}}), "b", Clock::kCpu);
  EXPECT_THROW(compare_runs({a, b}, {}, Clock::kCpu), ratrace::UsageError);
  EXPECT_THROW(search_run_of({{"format", "ratrace-result"}}, "c", Clock::kCpu), std::invalid_argument);
  EXPECT_THROW(parse_clock("moon"), std::invalid_argument);
  EXPECT_EQ(parse_clock("wall"), Clock::kWall);
}

}  // namespace
}  // namespace morpion
