#pragma once
#include <optional>
#include <string>

#include <pybind11/pybind11.h>

#include "ratrace/engine/player.h"

// A Python move function as an engine player, shared by the Python module and the ratrace
// program's --python flag.
namespace ratrace {

// Registers (or replaces) the run-time player `name` whose move is `move(genome, view, rng)`:
// genome a ratrace.Genome, view a ratrace.View, rng a ratrace.Rng valid during the call.
// Its random draws go through the engine's per-call stream, so a call that draws nothing is
// memoised as for a compiled player. Its code fingerprint is `code`; `source` says where it
// can be loaded from again (none for a function made in a Python session). A Python
// exception becomes a player fault whose text holds the traceback; so does a move that is
// not two integers (any type with __index__) in {-1, 0, 1}, named as returned. The GIL is
// taken for each call.
void register_python_player(const std::string& name, pybind11::object move, const std::string& summary,
                            const std::string& code, const std::optional<PlayerSource>& source);

// Registers (or replaces) a player made in Python, interpreted or compiled: its author "you",
// its language as given.
void register_player_from_python(const std::string& name, const std::string& language, MoveFunction move,
                                 const std::string& summary, const std::string& code,
                                 const std::optional<PlayerSource>& source, bool interpreted);

// The exception as Python prints it, traceback included.
std::string python_error_text(pybind11::error_already_set& error);

// Adds the Genome, View and Rng classes the move function sees to module `m`.
void bind_move_arguments(pybind11::module_& m);

}  // namespace ratrace
