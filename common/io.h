#pragma once
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "ratrace/common/usage_error.h"

namespace ratrace {

// Writes a whole result file so that it is either complete or absent: the text goes to a
// temporary file beside `path`, is flushed and fsynced, then committed under `path` in one
// step. Every step is checked; a failure throws std::runtime_error naming the path and the
// cause. "-" writes to standard output instead, a device (/dev/null) is written in place.
// Parent folders are created.
//  - replace (the command's --force): the last writer wins, atomically (rename(2)).
//  - otherwise an existing `path` is never replaced, even one that another process created
//    after check_output_path() let this run start: the text is then kept under the first
//    free name of the form "c.1.json", "c.2.json", ... and OutputTaken (a UsageError: exit
//    code kExitUsage) names both files.
void write_file_atomically(const std::string& path, std::string_view content, bool replace);

// The result a run could not write under the name asked for: the file exists (another run
// wrote it meanwhile), so the result was kept as `kept`.
struct OutputTaken : UsageError {
  OutputTaken(const std::string& path, std::string kept_path);
  std::string kept;
};

// write_file_atomically(path, content, true): replaces an existing file. For callers that
// have no --force; a command with one passes it to the three-argument form.
void write_file_atomically(const std::string& path, std::string_view content);

// For a run whose result goes to standard output ("-"): from now on everything else the
// program prints to standard output goes to standard error instead, so standard output
// carries the result alone; write_file_atomically("-") still writes to the real one.
void keep_stdout_for_results();

// write_file_atomically of j.dump(2) plus a newline.
void write_json_file(const std::string& path, const nlohmann::json& j, bool replace);
void write_json_file(const std::string& path, const nlohmann::json& j);

// Throws std::runtime_error unless a file could be created at `path` now (the folder exists
// or can be made, and is writable), so a bad output path is found before any work is done.
// "-" always passes.
void check_writable(const std::string& path);

// Removes the temporaries of `path` ("PATH.tmp-PID" or "PATH.tmp-PID-TAG", as the checked writes
// name them) whose process no longer exists, e.g. after a kill -9 in the middle of a write. A
// file of a live process, or of one that cannot be asked (another user's), is left alone.
// write_file_atomically calls it before each write.
void remove_stale_temporaries(const std::string& path);

// A file's whole content; std::invalid_argument "cannot read WHAT 'PATH'" when it cannot be opened.
std::string read_text(const std::string& path, const std::string& what);

// JSON text parsed strictly. nlohmann/json ends its input at a NUL byte and would ignore
// whatever follows, so a text holding one is refused (std::invalid_argument naming its
// offset), as is one nested more than 100 deep (the parser recurses per level); otherwise
// the parser's own errors (nlohmann::json::parse_error).
nlohmann::json parse_json(std::string_view text);

// The first key of the JSON object `object` that is not in `known`, or "". Every file is read
// strictly: a misspelt key is refused by name, never dropped without a word.
std::string unknown_key(const nlohmann::json& object, std::initializer_list<std::string_view> known);
std::string unknown_key(const nlohmann::json& object, const std::vector<std::string>& known);

// A file written as a stream (a journal, a trace) where every write is checked: text is
// buffered, flush() hands it to the kernel and sync() also fsyncs it; any failure throws
// std::runtime_error naming the path and the cause (a full disk, an I/O error).
class CheckedFile {
 public:
  // Truncate: a new file (or a device such as /dev/full, written as is); Append: add to the
  // end of an existing file.
  enum class Mode { kTruncate, kAppend };
  CheckedFile() = default;
  CheckedFile(const std::string& path, Mode mode);
  // Takes over an open descriptor (already positioned where writing goes on).
  CheckedFile(int fd, std::string path);
  CheckedFile(CheckedFile&& other) noexcept;
  CheckedFile& operator=(CheckedFile&& other) noexcept;
  CheckedFile(const CheckedFile&) = delete;
  CheckedFile& operator=(const CheckedFile&) = delete;
  // Best effort: hands buffered text to the kernel, never throws; call sync() to be sure.
  ~CheckedFile();

  void write(std::string_view text);
  void flush();
  void sync();
  int fd() const { return fd_; }
  const std::string& path() const { return path_; }

 private:
  void close_quietly() noexcept;
  int fd_ = -1;
  std::string path_;
  std::string buffer_;
};

// Before any work: refuses to replace an existing file at `path` unless `replace` (the
// command's --force) and checks that it can be written; "" (no file) and "-" (standard
// output) pass. Throws UsageError naming the path. The write itself must still be made
// with write_file_atomically(path, text, replace): another process may create the file
// meanwhile.
void check_output_path(const std::string& path, bool replace);

// One file a command reads or writes, and the flag that named it (e.g. {"--json", path}).
struct FileFlag {
  std::string_view flag;
  std::string_view path;
};
// Before any work: throws UsageError naming both flags when two of `files` are the same file:
// the same inode when both exist, else the same real path (a file not yet created is
// compared through its folder's real path, so "runs/../a.json" and "a.json" are one file).
// "" (not given), "-" (standard input or output) and devices such as /dev/null pass.
void check_distinct_files(std::initializer_list<FileFlag> files);
void check_distinct_files(const std::vector<FileFlag>& files);

}  // namespace ratrace
