#include "ratrace/python/compiled_player.h"

#include <stdexcept>

#include "ratrace/common/rng.h"
#include "ratrace/python/python_player.h"

namespace ratrace {

namespace {

uint32_t rng_below(void* rng, uint32_t n) { return static_cast<Rng*>(rng)->below(n); }
double rng_uniform(void* rng) { return static_cast<Rng*>(rng)->uniform(); }
uint64_t rng_next(void* rng) { return static_cast<Rng*>(rng)->next(); }

// The player fault a compiled call reported, as the interpreted player reports it.
[[noreturn]] void throw_fault(const int64_t fault[3], int radius, int genome_length) {
  const std::string a = std::to_string(fault[1]), b = std::to_string(fault[2]);
  switch (fault[0]) {
    case kViewOutside: throw_view_range_error(static_cast<int>(fault[1]), static_cast<int>(fault[2]), radius);
    case kGenomeOutside:
      throw_genome_range_error(static_cast<int>(fault[1]), static_cast<int>(fault[2]), genome_length);
    case kBelowZero: throw std::invalid_argument("rng.below(0): there is no integer in [0, 0)");
    case kRandintEmpty: throw std::invalid_argument("rng.randint(" + a + ", " + b + ") needs lo <= hi");
    case kChoiceEmpty: throw std::invalid_argument("rng.choice from an empty sequence");
    case kGetrandbitsRange: throw std::invalid_argument("rng.getrandbits(" + a + ") takes 0 to 64 bits");
  }
  throw std::logic_error("a compiled player reported the unknown fault " + std::to_string(fault[0]));
}

}  // namespace

void register_compiled_player(const std::string& name, uintptr_t address, const std::string& summary,
                              const std::string& code, const std::optional<PlayerSource>& source) {
  if (address == 0) throw std::invalid_argument("player '" + name + "': no compiled function");
  const auto function = reinterpret_cast<CompiledMove>(address);
  MoveFunction::Callable call = [function](const Genome& genome, const View& view, Rng& rng) {
    int64_t fault[3] = {kNoFault, 0, 0};
    const uint128 bits = genome.raw();
    const int32_t index = function(static_cast<uint64_t>(bits >> 64), static_cast<uint64_t>(bits), genome.length(),
                                   view.centre(), view.side(), view.radius(), &rng, fault);
    if (fault[0] == kIllegalMove) return Move{static_cast<int>(fault[1]), static_cast<int>(fault[2])};
    if (fault[0] != kNoFault) throw_fault(fault, view.radius(), genome.length());
    return move_from_index(index);
  };
  register_player_from_python(name, "Python, compiled", MoveFunction(std::move(call)), summary, code, source, false);
}

std::map<std::string, uintptr_t> compiled_abi() {
  return {{"abi_version", kCompiledAbiVersion},
          {"rng_below", reinterpret_cast<uintptr_t>(&rng_below)},
          {"rng_uniform", reinterpret_cast<uintptr_t>(&rng_uniform)},
          {"rng_next", reinterpret_cast<uintptr_t>(&rng_next)}};
}

}  // namespace ratrace
