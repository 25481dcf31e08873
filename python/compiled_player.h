#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "ratrace/engine/player.h"

// Python move functions compiled to native code by Numba (python/ratrace/compiled.py): the
// engine calls them through their address, from any thread, with no interpreter lock.
namespace ratrace {

// How the engine calls a compiled move function:
//   int32_t move(uint64_t genome_high, uint64_t genome_low, int64_t genome_length,
//                const int8_t* view_centre, int64_t view_side, int64_t view_radius,
//                void* rng, int64_t* fault)
// genome bit i is bit 63 - i of genome_high (i < 64), else bit 127 - i of genome_low; the view
// cell (dx, dy) is view_centre[dy * view_side + dx]; rng is the engine's Rng of the call, drawn
// from only through compiled_abi()'s functions. It returns the move's index (dx + 1) * 3 +
// (dy + 1). A fault (a read outside the view or the genome, a bad draw, an illegal move)
// sets fault[0] to its CompiledFault code and fault[1], fault[2] to the values involved.
using CompiledMove = int32_t (*)(uint64_t, uint64_t, int64_t, const int8_t*, int64_t, int64_t, void*, int64_t*);
// Bumped when that calling convention or a code below changes; compiled.py checks it.
constexpr int kCompiledAbiVersion = 1;
enum CompiledFault : int64_t {
  kNoFault = 0,
  kViewOutside = 1,      // (dx, dy)
  kGenomeOutside = 2,    // (start, length)
  kIllegalMove = 3,      // (dx, dy)
  kBelowZero = 4,        // rng.below(0)
  kRandintEmpty = 5,     // (lo, hi) with lo > hi
  kChoiceEmpty = 6,      // rng.choice of an empty sequence
  kGetrandbitsRange = 7  // (k) outside [0, 64]
};

// Registers (or replaces) the run-time player `name` whose move is the compiled function at
// `address`; as register_python_player otherwise, but not interpreted.
void register_compiled_player(const std::string& name, uintptr_t address, const std::string& summary,
                              const std::string& code, const std::optional<PlayerSource>& source);

// The addresses of the engine functions compiled code calls, by name ("rng_below",
// "rng_uniform", "rng_next"), and "abi_version".
std::map<std::string, uintptr_t> compiled_abi();

}  // namespace ratrace
