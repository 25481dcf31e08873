#include "morpion/search_run.h"

#include <chrono>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "morpion/checkpoint.h"
#include "morpion/game_io.h"
#include "morpion/layer_code.h"
#include "ratrace/common/io.h"
#include "ratrace/common/parallel.h"
#include "ratrace/common/usage_error.h"
#include "ratrace/common/version.h"

namespace morpion {

int search_count(const RunRequest& request) {
  return request.searches > 0 ? request.searches : ratrace::thread_count(request.threads);
}

RunOutcome run_and_record(const RunRequest& request, const SearchFunction& search, const RunHooks& hooks) {
  const int threads = ratrace::thread_count(request.threads);
  const int count = search_count(request);
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::mutex best_mutex;
  int best_score = -1;
  nlohmann::json timeline = nlohmann::json::array();
  const ImprovementCallback on_improvement = [&](int s, const Improvement& step, const Game& game) {
    std::lock_guard lock(best_mutex);
    if (step.score <= best_score) return;
    best_score = step.score;
    const double t = elapsed();
    timeline.push_back({{"seconds", t}, {"score", step.score}, {"search", s}, {"iteration", step.iteration}});
    if (!request.best_picture.empty()) ratrace::write_file_atomically(request.best_picture, svg_picture(game, false));
    if (hooks.on_best) hooks.on_best(s, step, game, t);
  };
  RunOutcome outcome;
  outcome.results = run_searches(count, threads, [&](int s) {
    SearchLimits limits;
    limits.seconds = request.seconds;
    limits.cpu_seconds = request.cpu_seconds;
    limits.stop = hooks.stop;
    limits.work_done = hooks.work_done;
    limits.iterations = request.work_limit;
    return search(s, limits, on_improvement);
  });
  outcome.interrupted = hooks.stop != nullptr && hooks.stop->load();

  const SearchResult& best = best_of(outcome.results);
  uint64_t total_work = 0;
  nlohmann::json runs = nlohmann::json::array();
  for (const SearchResult& r : outcome.results) {
    total_work += r.iterations;
    nlohmann::json steps = nlohmann::json::array();
    for (const Improvement& i : r.improvements) steps.push_back({i.iteration, i.score, i.seconds, i.cpu_seconds});
    runs.push_back({{"search", r.search},
                    {"score", r.best.size()},
                    {"iterations", r.iterations},
                    {"seconds", r.seconds},
                    {"cpu_seconds", r.cpu_seconds},
                    {"stopped", r.stopped},
                    {"restarts", r.restarts},
                    {"lineages", r.lineages},
                    {"climbs", r.climbs},
                    {"code", encode_game(r.best, request.rules)},
                    {"improvements", steps}});
  }
  outcome.document = {{"format", "morpion-" + request.kind},
                      {"version", ratrace::version()},
                      {"rules", rules_name(request.rules)},
                      {"master_seed", request.seed},
                      {"threads", threads},
                      {"searches", count},
                      {"seconds_limit", request.seconds},
                      {"cpu_seconds_limit", request.cpu_seconds},
                      {"settings", request.settings},
                      {"interrupted", outcome.interrupted},
                      {"elapsed_seconds", elapsed()},
                      {"total_iterations", total_work},
                      {"timeline", timeline},
                      {"best", game_json(best.best, request.rules)},
                      {"runs", runs}};
  outcome.document["best"]["search"] = best.search;
  return outcome;
}

PopulationRun::PopulationRun(RunRequest request, PopulationOptions options, CheckpointFile checkpoint)
    : request_(std::move(request)), options_(std::move(options)), checkpoint_(std::move(checkpoint)) {
  const int count = search_count(request_);
  identity_ = population_settings(options_, request_.seed, count);
  request_.settings = population_run_settings(options_, request_.seed, count, request_.work_limit, checkpoint_.path);
  states_.resize(static_cast<size_t>(count));
  const std::string& path = checkpoint_.path;
  if (path.empty()) return;
  if (path == "-") throw ratrace::UsageError("--checkpoint needs a file, not standard output");
  if (options_.dna == DnaSource::kKept) throw ratrace::UsageError("--dna kept does not take --checkpoint");
  resumed_ = std::filesystem::exists(path);
  if (resumed_) states_ = load_checkpoint(path, identity_, count, options_.rules);
  else ratrace::check_output_path(path, false);
}

uint64_t PopulationRun::iterations_done() const {
  uint64_t done = 0;
  for (const PopulationState& state : states_) done += state.iteration;
  return done;
}

RunOutcome PopulationRun::run(const RunHooks& hooks) {
  std::vector<PopulationState> saved = states_;
  std::mutex save_mutex;
  Checkpointing checkpointing;
  if (!checkpoint_.path.empty()) {
    checkpointing.every_seconds = checkpoint_.every_seconds;
    checkpointing.save = [&](int s, const PopulationState& state) {
      std::lock_guard lock(save_mutex);
      saved[static_cast<size_t>(s)] = state;
      ratrace::write_json_file(checkpoint_.path, checkpoint_json(identity_, saved, options_.rules));
    };
  }
  return run_and_record(
      request_,
      [&](int s, const SearchLimits& limits, const ImprovementCallback& cb) {
        return population_search(request_.seed, s, options_, limits, cb, states_[static_cast<size_t>(s)],
                                 checkpointing);
      },
      hooks);
}

namespace {

// Whether the search climbs at all, by either way of climbing; the climb settings apply only then.
bool climbs(const PopulationOptions& o) { return o.climb_after > 0 || o.record_climbs > 0; }

}  // namespace

nlohmann::json population_settings(const PopulationOptions& o, uint64_t seed, int searches) {
  nlohmann::json settings = {{"method", "population"},
                             {"rules", rules_name(o.rules)},
                             {"master_seed", seed},
                             {"searches", searches},
                             {"pool", o.pool},
                             {"window", o.window},
                             {"skew", o.skew},
                             {"swaps", o.swaps},
                             {"blacklist", o.blacklist},
                             {"end_search_every", o.end_search_every},
                             {"completions", o.completions},
                             {"restart_after", o.restart_after},
                             {"restart_growth", o.restart_growth},
                             {"kick_share", o.kick_share},
                             {"kick_least", o.kick_least},
                             {"kick_most", o.kick_most}};
  // Settings added later appear only when they differ from their defaults, so that the
  // checkpoint of a search run before they existed still resumes.
  const PopulationOptions defaults;
  if (o.same_grid != defaults.same_grid) settings["same_grid"] = "dots";
  if (o.canonical_order != defaults.canonical_order) settings["order"] = "canonical";
  if (o.end_search_unsearched != defaults.end_search_unsearched) settings["end_search_source"] = "unsearched";
  if (o.end_search_keep_all != defaults.end_search_keep_all) settings["end_search_keep"] = "all";
  if (o.end_search_depths != defaults.end_search_depths)
    settings["end_search_depths"] = o.end_search_depths == EndSearchDepths::kAll ? "all" : "lineage-bandit";
  if (o.ruin_share != defaults.ruin_share) settings["ruin_share"] = o.ruin_share;
  if (o.crossover_share != defaults.crossover_share) settings["crossover_share"] = o.crossover_share;
  if (o.fill == Fill::kLineage) settings["fill"] = "lineage";
  if (o.fill == Fill::kGrid) settings["fill"] = "grid";
  if (o.mutation == Mutation::kSwapAny) settings["mutation"] = "swap-any";
  if (o.mutation_focus != defaults.mutation_focus) settings["mutation_focus"] = o.mutation_focus;
  if (o.protect != defaults.protect) settings["protect"] = o.protect;
  if (o.fill_centre != defaults.fill_centre) settings["fill_centre"] = o.fill_centre;
  if (o.kick_shape == KickShape::kRuin) settings["kick_shape"] = "ruin";
  if (o.kick_shape == KickShape::kRegion) settings["kick_shape"] = "region";
  if (o.pool_order == PoolOrder::kRotate) {
    settings["pool_order"] = "rotate";
    settings["resort_every"] = o.resort_every;
    if (o.drift) settings["drift"] = true;
  }
  if (o.ties != defaults.ties) settings["ties"] = o.ties == TieOrder::kOldest ? "oldest" : "random";
  if (o.refound != defaults.refound) settings["refound"] = o.refound == Refound::kReorder ? "reorder" : "front";
  if (o.dna == DnaSource::kKept) settings["dna"] = "kept";
  if (o.adapt_window) settings["adapt_window"] = true;
  if (o.adapt_window && o.pool_order != PoolOrder::kRotate) settings["resort_every"] = o.resort_every;
  if (o.widen_after != defaults.widen_after) {
    settings["widen_after"] = o.widen_after;
    settings["widen_by"] = o.widen_by;
  }
  if (o.poor_restart_after != defaults.poor_restart_after) {
    settings["poor_restart_after"] = o.poor_restart_after;
    settings["poor_below"] = o.poor_below;
  }
  if (o.abandon_after != defaults.abandon_after) {
    settings["abandon_after"] = o.abandon_after;
    if (o.abandon_below > 0) settings["abandon_below"] = o.abandon_below;
    else settings["abandon_margin"] = o.abandon_margin;
  }
  if (!o.start.empty()) settings["start"] = encode_game(o.start, o.rules);
  if (o.climb_after > 0) {
    settings["climb_after"] = o.climb_after;
    settings["climb_iterations"] = o.climb_iterations;
    if (o.climb_lineages != defaults.climb_lineages) settings["climb_lineages"] = o.climb_lineages;
  }
  // Kicks were off by default before 0.14.0: a checkpoint without the key holds a search without them.
  if (o.kick_after != 0) settings["kick_after"] = o.kick_after;
  if (o.kick_restart_after != defaults.kick_restart_after) settings["kick_restart_after"] = o.kick_restart_after;
  if (o.kick_return_patience != defaults.kick_return_patience)
    settings["kick_return_patience"] = o.kick_return_patience;
  if (o.kick_tabu != 0) settings["kick_tabu"] = o.kick_tabu;
  if (o.kick_skew != defaults.kick_skew) settings["kick_skew"] = o.kick_skew;
  if (o.round_iterations != 0) settings["round_iterations"] = o.round_iterations;
  if (o.kick_accept >= 0) settings["kick_accept"] = o.kick_accept;
  if (o.elite_starts > 0) settings["elite_starts"] = o.elite_starts;
  if (o.record_climbs > 0) {
    settings["record_climbs"] = o.record_climbs;
    settings["record_climb_from"] = o.record_climb_from;
  }
  // Climbs told grids apart by their lines before 0.15.5, and the key is written only for dots, so that
  // the checkpoint of a search begun before then resumes with --climb-same-grid lines.
  if (climbs(o) && o.climb_same_grid == SameGrid::kDots) settings["climb_same_grid"] = "dots";
  // Climbs kept DNAs before 0.15.7, and the key is written only for the parent's moves, so that the
  // checkpoint of a search begun before then resumes with --climb-dna kept.
  if (climbs(o) && o.climb_dna == DnaSource::kParent) settings["climb_dna"] = "parent";
  if (climbs(o) && o.climb_pool != defaults.climb_pool) settings["climb_pool"] = o.climb_pool;
  if (o.kick_bursts > 0) {
    settings["kick_bursts"] = o.kick_bursts;
    settings["kick_burst_from"] = o.kick_burst_from;
  }
  return settings;
}

nlohmann::json population_run_settings(const PopulationOptions& options, uint64_t seed, int searches,
                                       uint64_t iterations_limit, const std::string& checkpoint) {
  nlohmann::json settings = population_settings(options, seed, searches);
  settings["iterations_limit"] = iterations_limit;
  settings["checkpoint"] = checkpoint;
  return settings;
}

nlohmann::json local_search_settings(const LocalSearchOptions& options, uint64_t iterations_limit) {
  return {{"method", "dna-local-search"}, {"blacklist", options.blacklist}, {"iterations_limit", iterations_limit}};
}

nlohmann::json nrpa_settings(const NrpaOptions& options, uint64_t playouts_limit) {
  return {{"method", "nrpa"},
          {"level", options.level},
          {"iterations", options.iterations},
          {"alpha", options.alpha},
          {"playouts_limit", playouts_limit}};
}

void settle_climbs_and_kicks(PopulationOptions& options, bool kick_after_given, bool kick_bursts_given) {
  if (!kick_bursts_given && (options.climb_after > 0 || options.round_iterations > 0)) options.kick_bursts = 0;
  if (options.climb_after == 0) return;
  if (kick_after_given && options.kick_after > 0)
    throw ratrace::UsageError("--climb-after and --kick-after are two ways of going on from the best grid: give one");
  options.kick_after = 0;
}

void check_population_options(const PopulationOptions& o) {
  using ratrace::UsageError;
  if (o.drift && o.pool_order != PoolOrder::kRotate) throw UsageError("--drift needs --pool-order rotate");
  if (o.ties != TieOrder::kNewest && o.pool_order != PoolOrder::kScore)
    throw UsageError("--ties needs --pool-order score (under rotate new grids join at the end)");
  if (o.refound != Refound::kKeep && (o.pool_order != PoolOrder::kScore || o.canonical_order))
    throw UsageError("--refound needs --pool-order score (rotate has --drift) and the played order");
  if (o.dna == DnaSource::kKept &&
      (o.pool_order != PoolOrder::kRotate || o.mutation != Mutation::kSwapAny || o.canonical_order))
    throw UsageError(
        "--dna kept needs --pool-order rotate and --mutation swap-any, and does not take --order canonical");
  if (o.kick_least > o.kick_most)
    throw UsageError(fmt::format("--kick-depth {},{}: the first share is the least, and it is above the second",
                                 o.kick_least, o.kick_most));
  if (o.adapt_window && o.widen_after > 0)
    throw UsageError("--adapt-window and --widen-after are two ways of widening the window: give one");
  if (o.climb_after == 0 && o.climb_lineages != 1) throw UsageError("--climb-lineages needs --climb-after");
  if (o.record_climbs == 0 && o.record_climb_from != PopulationOptions{}.record_climb_from)
    throw UsageError("--record-climb-from needs --record-climbs");
  if (o.climb_after > 0 && o.record_climbs > 0)
    throw UsageError("--climb-after and --record-climbs are two ways of climbing: give one");
  // The settings of the climbs themselves, which a search that never climbs leaves at their defaults.
  if (!climbs(o)) {
    const PopulationOptions defaults;
    for (const auto& [flag, given] : {std::pair{"--climb-same-grid", o.climb_same_grid != defaults.climb_same_grid},
                                      std::pair{"--climb-dna", o.climb_dna != defaults.climb_dna},
                                      std::pair{"--climb-pool", o.climb_pool != defaults.climb_pool}})
      if (given) throw UsageError(std::string(flag) + " needs climbs: --climb-after or --record-climbs");
  }
  if (o.round_iterations > 0 && o.round_iterations <= o.kick_after)
    throw UsageError(
        fmt::format("--round-iterations {}: a round must be longer than --kick-after's {}, or it never kicks",
                    o.round_iterations, o.kick_after));
  if (o.abandon_below > 0 && o.abandon_after == 0)
    throw UsageError("--abandon-below needs --abandon-after, the age at which a lineage is judged");
  const bool kicks = o.kick_after > 0 || o.kick_bursts > 0 || o.kick_share > 0;
  // The error for a kick setting given to a search that never kicks.
  auto needs_kicks = [](const std::string& flag) {
    return UsageError(flag +
                      " needs kicks: --kick-after, --kick-bursts (which --climb-after turns off) or --kick-share");
  };
  if (o.kick_accept >= 0 && !kicks) throw needs_kicks("--kick-accept");
  if (o.kick_accept >= 0 && o.round_iterations > 0)
    throw UsageError("--kick-accept and --round-iterations each choose the grid kicks start from: give one");
  if (o.kick_return_patience > 0 && (!kicks || o.kick_accept >= 0 || o.round_iterations > 0))
    throw UsageError(
        "--kick-return-patience needs kicks from the search's best grid, which --kick-after 0 with --kick-bursts 0, "
        "--climb-after, --kick-accept and --round-iterations turn off");
  if (o.kick_tabu > 0 && !kicks) throw needs_kicks("--kick-tabu");
  if (o.kick_skew > 0 && !kicks) throw needs_kicks("--kick-skew");
  if (o.kick_tabu > 0 && o.dna == DnaSource::kKept)
    throw UsageError("--kick-tabu acts on the children of --dna parent, not on kept DNAs");
  if (o.kick_bursts == 0 && o.kick_burst_from != PopulationOptions{}.kick_burst_from)
    throw UsageError(
        "--kick-burst-from needs kick bursts, which --kick-bursts 0, --climb-after and --round-iterations turn off");
  if (o.kick_bursts > 0 && o.round_iterations > 0)
    throw UsageError("--kick-bursts kicks from the search's best, --round-iterations from each round's: give one");
  if (o.fill_centre > 0 && o.dna == DnaSource::kKept)
    throw UsageError("--fill-centre acts on the fill of --dna parent's children, not on kept DNAs");
}

}  // namespace morpion
