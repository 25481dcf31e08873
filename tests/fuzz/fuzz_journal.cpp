// libFuzzer target: the journal reader behind --resume (parse_journal). Every game it
// accepts must belong to the header's run: its board seed derived from the master seed,
// indices in range, a score of at least 1, moves behind any goal, nothing but the turn kept
// of a faulted game. (Lines must also carry their checksum: a fuzzer seldom forges one, so
// the corpus should hold journals that ratrace wrote.)
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ratrace/runs/journal.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ratrace::JournalContents contents;
  try {
    contents = ratrace::parse_journal(text);
  } catch (const std::exception&) {
    return 0;
  }
  const ratrace::RunHeader& h = contents.header;
  if (h.boards < 1 || h.entrants.empty() || contents.intact_bytes > size) std::abort();
  if (contents.results.size() != h.entrants.size()) std::abort();
  for (size_t e = 0; e < contents.results.size(); ++e) {
    h.entrants[e].config.validate();
    if (contents.results[e].size() != static_cast<size_t>(h.boards)) std::abort();
    for (size_t b = 0; b < contents.results[e].size(); ++b) {
      const auto& r = contents.results[e][b];
      if (!r) continue;
      if (r->index != static_cast<int>(b) || r->seed != ratrace::board_seed(h.master_seed, r->index)) std::abort();
      if (r->score < 1 || (r->score > 1 && r->moves == 0)) std::abort();
      if (!r->fault.empty() && (r->score != 1 || r->moves != 0 || r->peak_population != 0)) std::abort();
      if (r->turns < 0 || r->turns > h.entrants[e].config.turns) std::abort();
    }
  }
  // The intact part alone reads the same.
  if (ratrace::parse_journal(text.substr(0, contents.intact_bytes)).intact_bytes != contents.intact_bytes) std::abort();
  return 0;
}
