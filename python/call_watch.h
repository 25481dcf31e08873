#pragma once
#include <atomic>

namespace ratrace {

// While alive, watches the Python players' calls: once `stop` is set every call in progress is
// interrupted (its game is dropped, as a stopped run drops unfinished games), and a call that
// takes longer than `time_limit` seconds (0: no limit) is interrupted as a player fault. So
// neither Ctrl-C nor a stuck player waits for a call that never returns. The interruption is
// an exception raised in the player's thread between two bytecodes (a call stuck inside one
// C function is reached when that function returns).
class PythonCallWatch {
 public:
  PythonCallWatch(const std::atomic<bool>* stop, double time_limit);
  ~PythonCallWatch();
  PythonCallWatch(const PythonCallWatch&) = delete;
  PythonCallWatch& operator=(const PythonCallWatch&) = delete;
};

}  // namespace ratrace
