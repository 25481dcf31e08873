#include "menace/interactive.h"

#include <cctype>
#include <istream>
#include <ostream>

#include "menace/training.h"

namespace ratrace::menace {

namespace {

constexpr const char* kLetters = "LMR";

int letter_index(char c) {
  switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'L': return 0;
    case 'M': return 1;
    case 'R': return 2;
    default: return -1;
  }
}

// The next line of `in` with surrounding spaces removed; empty at end of input.
std::optional<std::string> read_line(std::istream& in) {
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  const auto first = line.find_first_not_of(" \t\r");
  if (first == std::string::npos) return std::string();
  return line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
}

std::optional<long> parse_game_count(const std::string& text) {
  if (text.empty() || text.size() > 7) return std::nullopt;
  for (char c : text)
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
  const long n = std::stol(text);
  return n >= 1 ? std::optional<long>(n) : std::nullopt;
}

}  // namespace

std::optional<int> parse_move(const std::string& text) {
  std::string letters;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) letters += c;
  if (letters.size() != 2) return std::nullopt;
  const int row = letter_index(letters[0]), column = letter_index(letters[1]);
  if (row < 0 || column < 0) return std::nullopt;
  return row * 3 + column;
}

std::string cell_name(int cell) { return {kLetters[cell / 3], kLetters[cell % 3]}; }

std::string interactive_help(bool show_boxes) {
  return "MENACE, Donald Michie's matchbox learner, plays X and moves first; you play O.\n"
         "First type the number of games. Then type each move as two letters, the row then the column:\n"
         "  row:    L = top,  M = middle, R = bottom\n"
         "  column: L = left, M = middle, R = right\n"
         "e.g. LL is the top-left corner, MM the centre, RL the bottom-left corner, LR the top-right.\n" +
         std::string(show_boxes ? "After each game every box is shown: its picture, with the bead count of each empty "
                                  "cell.\n"
                                : "After each game one line says what the game changed in the boxes (--show-boxes "
                                  "shows them all).\n") +
         "End of input (Ctrl-D) stops the program; a game cut short is not learnt from.\n";
}

std::string boxes_change(const Matchboxes& before, const Matchboxes& after) {
  size_t changed = 0;
  uint64_t added = 0, removed = 0;
  for (size_t box = 0; box < after.beads.size(); ++box) {
    changed += before.beads[box] != after.beads[box];
    for (int c = 0; c < 9; ++c) {
      const uint32_t was = before.beads[box][c], now = after.beads[box][c];
      (now > was ? added : removed) += now > was ? now - was : was - now;
    }
  }
  return "MENACE's boxes after " + std::to_string(after.games_played) + " games: " + std::to_string(changed) + " of " +
         std::to_string(after.beads.size()) + " changed, " + std::to_string(added) + " beads added, " +
         std::to_string(removed) + " taken out\n";
}

void play_interactive(std::istream& in, std::ostream& out, Learner& menace, uint64_t learner, bool echo,
                      bool show_boxes, const std::function<void(const Matchboxes&)>& after_game) {
  auto read = [&]() {
    auto line = read_line(in);
    if (line && echo) out << *line << "\n";
    return line;
  };
  out << interactive_help(show_boxes) << "\n";
  long games = 0;
  for (;;) {
    out << "Number of games: " << std::flush;
    const auto line = read();
    if (!line) {
      out << "\nEnd of input before the number of games: nothing played.\n";
      return;
    }
    if (const auto n = parse_game_count(*line)) {
      games = *n;
      break;
    }
    out << "'" << *line << "' is not a number of games: type a whole number from 1 to 9999999.\n";
  }
  int wins = 0, draws = 0, losses = 0;
  for (long game = 1; game <= games; ++game) {
    out << "new game\n";
    out << "(game " << game << " of " << games << "; MENACE has learnt from " << menace.boxes().games_played
        << " games)\n";
    const Matchboxes before = menace.boxes();
    Rng rng(game_key(learner, menace.boxes().games_played));
    Board board{};
    while (!finished(board)) {
      const int x = menace.move(board, rng);
      board[x] = Mark::kX;
      out << "MENACE plays " << cell_name(x) << ":\n" << render(board) << "\n";
      if (finished(board)) break;
      int o = -1;
      while (o < 0) {
        out << "Your move (row then column, L/M/R): " << std::flush;
        const auto line = read();
        if (!line) {
          out << "\nEnd of input in game " << game << " of " << games
              << ": the game is abandoned and MENACE does not learn from it.\n";
          return;
        }
        const auto cell = parse_move(*line);
        if (!cell) {
          out << "'" << *line << "' is not a move: type two letters, the row (L top, M middle, R bottom) "
              << "then the column (L left, M middle, R right), e.g. MM for the centre.\n";
        } else if (board[*cell] != Mark::kEmpty) {
          out << cell_name(*cell) << " is taken (" << mark_char(board[*cell]) << " is there): choose an empty cell.\n";
        } else {
          o = *cell;
        }
      }
      board[o] = Mark::kO;
      out << "You play " << cell_name(o) << ":\n" << render(board) << "\n";
    }
    const Mark w = winner(board);
    (w == Mark::kX ? wins : w == Mark::kO ? losses : draws) += 1;
    out << (w == Mark::kX ? "MENACE wins." : w == Mark::kO ? "You win." : "A draw.") << "\n";
    menace.game_over(w);
    out << (show_boxes ? boxes_table(menace.boxes()) : boxes_change(before, menace.boxes()));
    after_game(menace.boxes());
  }
  out << "All " << games << " games played: MENACE won " << wins << ", drew " << draws << ", lost " << losses << ".\n";
}

}  // namespace ratrace::menace
