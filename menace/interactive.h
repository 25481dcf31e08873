#pragma once
// The challenge's interactive program: a person plays O against MENACE on a terminal or
// through a pipe.
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>

#include "menace/learner.h"

namespace ratrace::menace {

// The cell named by two letters, row then column, each L, M or R (row L = top, R = bottom;
// column L = left, R = right); case and spaces are ignored. Empty when the text is not such a move.
std::optional<int> parse_move(const std::string& text);
std::string cell_name(int cell);  // e.g. "LR" for the top-right corner

// Reads the number of games, then the person's moves, from `in`; writes "new game" and every
// board to `out`, and after each game one line on what the game changed in the boxes, or with
// `show_boxes` all the boxes. MENACE (X) moves first; game g (counted over
// every run of these boxes) draws from game_key(learner, g). Bad lines get a message and a
// new prompt. After each finished game `after_game` gets the boxes (to save them). End of
// input ends the program cleanly: a game cut short is abandoned and MENACE does not learn from it.
// `echo` repeats each line read after its prompt, so a session fed from a pipe reads as a transcript.
void play_interactive(std::istream& in, std::ostream& out, Learner& menace, uint64_t learner, bool echo,
                      bool show_boxes, const std::function<void(const Matchboxes&)>& after_game);

// One line on what a game did to the boxes, from `before` to `after`: how many boxes changed
// and how many beads went in and out.
std::string boxes_change(const Matchboxes& before, const Matchboxes& after);

// The rules and the move letters, printed before the first prompt.
std::string interactive_help(bool show_boxes);

}  // namespace ratrace::menace
