#pragma once
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace ratrace {

// Writes a whole result file so that it is either complete or absent: the text goes to a
// temporary file beside `path`, is flushed and fsynced, then renamed over `path`. Every
// step is checked; a failure throws std::runtime_error naming the path and the cause.
// "-" writes to standard output instead. Parent folders are created.
void write_file_atomically(const std::string& path, std::string_view content);

// For a run whose result goes to standard output ("-"): from now on everything else the
// program prints to standard output goes to standard error instead, so standard output
// carries the result alone; write_file_atomically("-") still writes to the real one.
void keep_stdout_for_results();

// write_file_atomically of j.dump(2) plus a newline.
void write_json_file(const std::string& path, const nlohmann::json& j);

// Throws std::runtime_error unless a file could be created at `path` now (the folder exists
// or can be made, and is writable), so a bad output path is found before any work is done.
// "-" always passes.
void check_writable(const std::string& path);

}  // namespace ratrace
