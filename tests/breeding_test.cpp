// Breeding (docs/RULES.md, "Breeding"): fitness, fitness-proportional choice of two distinct parents,
// crossover and mutation rates. Statistical checks use fixed seeds, so they are
// deterministic; each tolerance is stated next to its check.
#include "ratrace/engine/breeding.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>
#include <vector>

#include "ratrace/engine/genome.h"
#include "ratrace/tracks/config.h"
#include "ratrace/tracks/streams.h"

namespace ratrace {
namespace {

double binomial_pmf(int n, int k, double p) {
  return std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) + k * std::log(p) +
                  (n - k) * std::log1p(-p));
}

// Pearson's chi-square of observed counts against expected probabilities.
double chi_square(const std::vector<double>& observed, const std::vector<double>& probabilities, double total) {
  double chi2 = 0;
  for (size_t i = 0; i < observed.size(); ++i) {
    const double expected = probabilities[i] * total;
    chi2 += (observed[i] - expected) * (observed[i] - expected) / expected;
  }
  return chi2;
}

// Histogram of Binomial(n, p) outcomes in bins 0..last-1 plus one bin for >= last.
std::vector<double> binomial_bins(int n, double p, int last) {
  std::vector<double> probabilities;
  double below = 0;
  for (int k = 0; k < last; ++k) {
    probabilities.push_back(binomial_pmf(n, k, p));
    below += probabilities.back();
  }
  probabilities.push_back(1 - below);
  return probabilities;
}

int popcount128(uint128 v) {
  return std::popcount(static_cast<uint64_t>(v)) + std::popcount(static_cast<uint64_t>(v >> 64));
}

TEST(Breeding, FitnessIsOnePlusColumnPlusFiftyPerGoal) {
  EXPECT_EQ(fitness(0, 0), 1u);
  EXPECT_EQ(fitness(48, 0), 49u);
  EXPECT_EQ(fitness(0, 3), 151u);
  EXPECT_EQ(fitness(12, 2), 113u);
}

TEST(Breeding, FirstParentProportionalToFitnessSecondProportionalAmongTheRest) {
  const std::vector<uint64_t> weights{1, 2, 3, 4, 10, 30};
  const double total = 50;
  const ParentSampler sampler(weights);
  EXPECT_EQ(sampler.total(), 50u);
  const int n = weights.size();
  const int draws = 200000;
  std::vector<double> first(n, 0), pairs(n * n, 0);
  Rng rng(20240601);
  for (int k = 0; k < draws; ++k) {
    const auto [a, b] = sampler.pick(rng);
    ASSERT_NE(a, b);
    ASSERT_LT(a, weights.size());
    ASSERT_LT(b, weights.size());
    ++first[a];
    ++pairs[a * n + b];
  }
  std::vector<double> p_first, p_pair;
  for (int i = 0; i < n; ++i) p_first.push_back(weights[i] / total);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) p_pair.push_back(i == j ? 0 : weights[i] / total * weights[j] / (total - weights[i]));
  // Chi-square critical values at p = 0.001: 20.52 for 5 degrees of freedom, 58.30 for
  // 29 (30 possible ordered pairs, minus one).
  EXPECT_LT(chi_square(first, p_first, draws), 20.52);
  std::vector<double> pair_observed, pair_probability;
  for (int c = 0; c < n * n; ++c)
    if (p_pair[c] > 0) {
      pair_observed.push_back(pairs[c]);
      pair_probability.push_back(p_pair[c]);
    }
  EXPECT_LT(chi_square(pair_observed, pair_probability, draws), 58.30);
  // The heaviest specimen (weight 30 of 50) as second parent: P = sum_i p_i * 30 / (50 - w_i)
  // except i = 5. Within 4 standard errors (sd <= 0.5 / sqrt(draws) = 0.0011): 0.0045.
  double second_heavy = 0, expected_heavy = 0;
  for (int i = 0; i < n - 1; ++i) {
    second_heavy += pairs[i * n + n - 1];
    expected_heavy += p_first[i] * 30 / (total - weights[i]);
  }
  EXPECT_NEAR(second_heavy / draws, expected_heavy, 0.0045);
}

TEST(Breeding, TwoParentsAreAlwaysDistinctEvenWhenOneDominates) {
  const std::vector<uint64_t> weights{1, 1000000};
  const ParentSampler sampler(weights);
  Rng rng(3);
  int dominant_first = 0;
  for (int k = 0; k < 10000; ++k) {
    const auto [a, b] = sampler.pick(rng);
    ASSERT_NE(a, b);
    dominant_first += a == 1;
  }
  EXPECT_GE(dominant_first, 9980);  // P(first = 0) = 1e-6: expect ~0.01 of 10000
}

// Parents 000...0 and 111...1 without mutation: every change of bit value in the child is
// one switch, and a switch may happen before each of bits 1..99, so switches per child
// follow Binomial(99, 0.05), and the first bit tells which parent was the start.
TEST(Breeding, CrossoverSwitchesParentsWithProbabilityPerBit) {
  Config config;
  config.mutation = 0;
  const Breeder breeder(config);
  const Genome zeros(0, 100), ones(~uint128{0}, 100);
  const int children = 20000;
  std::vector<double> histogram(13, 0);
  std::vector<int> switches_at(100, 0);
  double total_switches = 0;
  int started_from_zeros = 0;
  Rng rng(99);
  for (int k = 0; k < children; ++k) {
    const Genome child = breeder.child(zeros, ones, rng);
    ASSERT_EQ(child.raw() & ~Genome::prefix_mask(100), 0u);
    started_from_zeros += child.bit(0) == 0;
    int switches = 0;
    for (int i = 1; i < 100; ++i)
      if (child.bit(i) != child.bit(i - 1)) {
        ++switches;
        ++switches_at[i];
      }
    total_switches += switches;
    ++histogram[std::min(switches, 12)];
  }
  // Mean 99 * 0.05 = 4.95, sd sqrt(99 * 0.05 * 0.95) = 2.168: standard error 0.0153; allow 0.065 (~4 SE).
  EXPECT_NEAR(total_switches / children, 4.95, 0.065);
  // Bins 0..11 and >= 12: 12 degrees of freedom, critical value 32.91 at p = 0.001.
  EXPECT_LT(chi_square(histogram, binomial_bins(99, 0.05, 12), children), 32.91);
  // Every position 1..99 switches at rate 0.05: SE 0.00154; allow 0.0077 (5 SE, 99 positions).
  for (int i = 1; i < 100; ++i) EXPECT_NEAR(switches_at[i] / double(children), 0.05, 0.0077) << "bit " << i;
  // Starting parent 50/50: SE 0.0035; allow 0.015 (~4 SE).
  EXPECT_NEAR(started_from_zeros / double(children), 0.5, 0.015);
}

// Identical parents make crossover irrelevant: every differing bit is a mutation, so flips
// per child follow Binomial(100, 0.01).
TEST(Breeding, MutationFlipsEachBitWithProbability) {
  const Config config;
  const Breeder breeder(config);
  const Genome parent = Genome::from_string(
      "1011001110001111000011111000001111110000000111111110000000001111111111000000000001111111111110000001");
  ASSERT_EQ(parent.length(), 100);
  const int children = 20000;
  std::vector<double> histogram(6, 0);
  std::vector<int> flips_at(100, 0);
  double total_flips = 0;
  Rng rng(4242);
  for (int k = 0; k < children; ++k) {
    const Genome child = breeder.child(parent, parent, rng);
    const uint128 flipped = child.raw() ^ parent.raw();
    ASSERT_EQ(flipped & ~Genome::prefix_mask(100), 0u);
    const int flips = popcount128(flipped);
    total_flips += flips;
    ++histogram[std::min(flips, 5)];
    for (int i = 0; i < 100; ++i) flips_at[i] += child.bit(i) != parent.bit(i);
  }
  // Mean 1, sd sqrt(0.99): standard error 0.0070; allow 0.03 (~4 SE).
  EXPECT_NEAR(total_flips / children, 1.0, 0.03);
  // Bins 0..4 and >= 5: 5 degrees of freedom, critical value 20.52 at p = 0.001.
  EXPECT_LT(chi_square(histogram, binomial_bins(100, 0.01, 5), children), 20.52);
  // Every position 0..99 flips at rate 0.01: SE 0.0007; allow 0.0035 (5 SE, 100 positions).
  for (int i = 0; i < 100; ++i) EXPECT_NEAR(flips_at[i] / double(children), 0.01, 0.0035) << "bit " << i;
}

TEST(Breeding, WithoutCrossoverOrMutationTheChildCopiesOneParentFiftyFifty) {
  Config config;
  config.crossover = 0;
  config.mutation = 0;
  const Breeder breeder(config);
  const Genome a = Genome::from_string(std::string(50, '1') + std::string(50, '0'));
  const Genome b = Genome::from_string(std::string(100, '1'));
  const int children = 20000;
  int copies_of_a = 0;
  Rng rng(5);
  for (int k = 0; k < children; ++k) {
    const Genome child = breeder.child(a, b, rng);
    ASSERT_TRUE(child == a || child == b);
    copies_of_a += child == a;
  }
  // SE 0.0035; allow 0.015 (~4 SE).
  EXPECT_NEAR(copies_of_a / double(children), 0.5, 0.015);
}

TEST(Breeding, CertainCrossoverAlternatesAndCertainMutationFlipsEverything) {
  Config config;
  config.crossover = 1;
  config.mutation = 0;
  const Genome zeros(0, 100), ones(~uint128{0}, 100);
  Rng rng(8);
  std::string alternating;
  for (int i = 0; i < 100; ++i) alternating += i % 2 ? '1' : '0';
  std::string inverse = alternating;
  for (char& c : inverse) c = c == '0' ? '1' : '0';
  for (int k = 0; k < 20; ++k) {
    const std::string child = Breeder(config).child(zeros, ones, rng).to_string();
    EXPECT_TRUE(child == alternating || child == inverse) << child;
  }
  config.crossover = 0;
  config.mutation = 1;
  const Genome parent = Genome::from_string(alternating);
  EXPECT_EQ(Breeder(config).child(parent, parent, rng).to_string(), inverse);
}

TEST(Breeding, ChildHasTheConfiguredGenomeLength) {
  Config config;
  config.genome_bits = 10;
  config.mutation = 0.5;
  const Breeder breeder(config);
  const Genome a(0, 10), b(~uint128{0}, 10);
  Rng rng(1);
  for (int k = 0; k < 100; ++k) {
    const Genome child = breeder.child(a, b, rng);
    EXPECT_EQ(child.length(), 10);
    EXPECT_EQ(child.raw() & ~Genome::prefix_mask(10), 0u);
  }
}

}  // namespace
}  // namespace ratrace
