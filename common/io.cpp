#include "ratrace/common/io.h"

#include "ratrace/common/numbers.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <nlohmann/json.hpp>

namespace ratrace {
namespace {

[[noreturn]] void fail(const std::string& what, const std::string& path, int error) {
  throw std::runtime_error(what + " '" + path + "': " + std::strerror(error));
}

void write_all(int fd, std::string_view content, const std::string& path) {
  while (!content.empty()) {
    const ssize_t n = ::write(fd, content.data(), content.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("cannot write", path, errno);
    }
    content.remove_prefix(static_cast<size_t>(n));
  }
}

// Where write_file_atomically("-") writes: standard output, or the copy of it that
// keep_stdout_for_results() kept.
int results_fd = STDOUT_FILENO;

std::filesystem::path folder_of(const std::string& path) {
  const auto parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;
}

// A path naming something other than a regular file (a device, a pipe) is written in place:
// renaming a temporary file over /dev/full would replace the device.
bool is_special_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

// Gives the file `from` the name `to` unless `to` exists: 0, or errno (EEXIST when taken).
// The rename flag needs a file system that supports it; elsewhere link(2), which never
// replaces either, does the same in two steps.
int move_without_replacing(const std::string& from, const std::string& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) return errno;
  if (::link(from.c_str(), to.c_str()) != 0) return errno;
  ::unlink(from.c_str());
  return 0;
}

// "c.json" -> "c.<n>.json": keeps the extension, so the kept file opens as the asked one would.
std::string numbered(const std::string& path, int n) {
  const std::filesystem::path p(path);
  return (p.parent_path() / (p.stem().string() + "." + std::to_string(n) + p.extension().string())).string();
}

void sync_folder_of(const std::string& path) {
  const int dir = ::open(folder_of(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
}

// Names the temporary file `temporary` `path`, or when `path` exists, the first free
// numbered name, then throws OutputTaken.
void commit_without_replacing(const std::string& temporary, const std::string& path) {
  int error = move_without_replacing(temporary, path);
  if (error == 0) return;
  for (int n = 1; error == EEXIST && n <= 1000; ++n) {
    const std::string kept = numbered(path, n);
    error = move_without_replacing(temporary, kept);
    if (error == 0) {
      sync_folder_of(kept);
      throw OutputTaken(path, kept);
    }
  }
  ::unlink(temporary.c_str());
  fail("cannot create", path, error);
}

}  // namespace

OutputTaken::OutputTaken(const std::string& path, std::string kept_path)
    : UsageError("'" + path + "' was created by another process while this one worked; the result is kept in '" +
                 kept_path + "' instead (add --force to replace '" + path + "')"),
      kept(std::move(kept_path)) {}

void write_file_atomically(const std::string& path, std::string_view content, bool replace) {
  if (path == "-") {
    std::fflush(stdout);
    write_all(results_fd, content, "standard output");
    return;
  }
  if (is_special_file(path)) {
    CheckedFile out(path, CheckedFile::Mode::kTruncate);
    out.write(content);
    out.flush();
    return;
  }
  std::error_code ec;
  std::filesystem::create_directories(folder_of(path), ec);
  if (ec) throw std::runtime_error("cannot create the folder of '" + path + "': " + ec.message());
  remove_stale_temporaries(path);
  // Unique per process and per call: two threads, or two processes, never share one.
  static std::atomic<unsigned> counter{0};
  const std::string temporary = path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) fail("cannot create", temporary, errno);
  try {
    write_all(fd, content, path);
    if (::fsync(fd) != 0) fail("cannot flush", path, errno);
  } catch (...) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw;
  }
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    fail("cannot close", path, error);
  }
  if (!replace) {
    commit_without_replacing(temporary, path);
  } else if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    fail("cannot rename the new file to", path, error);
  }
  // Make the new name itself durable.
  sync_folder_of(path);
}

void write_file_atomically(const std::string& path, std::string_view content) {
  write_file_atomically(path, content, true);
}

void keep_stdout_for_results() {
  if (results_fd != STDOUT_FILENO) return;
  std::fflush(stdout);
  const int kept = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (kept < 0) fail("cannot duplicate", "standard output", errno);
  if (::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) fail("cannot redirect", "standard output", errno);
  results_fd = kept;
}

void write_json_file(const std::string& path, const nlohmann::json& j, bool replace) {
  write_file_atomically(path, j.dump(2) + "\n", replace);
}

void write_json_file(const std::string& path, const nlohmann::json& j) { write_json_file(path, j, true); }

void check_writable(const std::string& path) {
  if (path == "-") return;
  std::error_code ec;
  const auto folder = folder_of(path);
  std::filesystem::create_directories(folder, ec);
  if (ec) throw std::runtime_error("cannot create the folder of '" + path + "': " + ec.message());
  if (std::filesystem::is_directory(path)) throw std::runtime_error("'" + path + "' is a folder, not a file");
  if (::access(folder.c_str(), W_OK) != 0) fail("cannot write into the folder of", path, errno);
}

CheckedFile::CheckedFile(const std::string& path, Mode mode) : path_(path) {
  if (path == "-") {
    fd_ = ::dup(results_fd);  // the real standard output, also after keep_stdout_for_results()
    if (fd_ < 0) fail("cannot write", "standard output", errno);
    return;
  }
  if (!is_special_file(path)) {
    std::error_code ec;
    std::filesystem::create_directories(folder_of(path), ec);
    if (ec) throw std::runtime_error("cannot create the folder of '" + path + "': " + ec.message());
  }
  const int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (mode == Mode::kAppend ? O_APPEND : O_TRUNC);
  fd_ = ::open(path.c_str(), flags, 0644);
  if (fd_ < 0) fail("cannot open", path, errno);
}

CheckedFile::CheckedFile(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}

CheckedFile::CheckedFile(CheckedFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), path_(std::move(other.path_)), buffer_(std::move(other.buffer_)) {}

CheckedFile& CheckedFile::operator=(CheckedFile&& other) noexcept {
  if (this != &other) {
    close_quietly();
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
    buffer_ = std::move(other.buffer_);
  }
  return *this;
}

CheckedFile::~CheckedFile() { close_quietly(); }

void CheckedFile::close_quietly() noexcept {
  if (fd_ < 0) return;
  try {
    flush();
  } catch (...) {
    // Reported by the flush() or sync() the owner calls; a destructor must not throw.
  }
  ::close(fd_);
  fd_ = -1;
}

void CheckedFile::write(std::string_view text) {
  buffer_.append(text);
  if (buffer_.size() >= (1u << 16)) flush();
}

void CheckedFile::flush() {
  if (buffer_.empty()) return;
  if (fd_ < 0) throw std::runtime_error("'" + path_ + "' is not open");
  std::string pending = std::move(buffer_);
  buffer_.clear();
  write_all(fd_, pending, path_);
}

void CheckedFile::sync() {
  flush();
  // A pipe or a terminal cannot be synced and need not be.
  if (::fsync(fd_) != 0 && errno != EINVAL && errno != EROFS) fail("cannot flush", path_, errno);
}

void remove_stale_temporaries(const std::string& path) {
  if (path.empty() || path == "-") return;
  const std::filesystem::path target(path);
  const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
  const std::string prefix = target.filename().string() + ".tmp-";
  std::error_code ec;
  for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (!name.starts_with(prefix) || !std::filesystem::is_regular_file(it->symlink_status())) continue;
    // ".tmp-PID", or ".tmp-PID-" and a tag that tells one process's files apart.
    const char* digits = name.data() + prefix.size();
    const char* stop = name.data() + name.size();
    pid_t pid = 0;
    const auto [parsed, error] = std::from_chars(digits, stop, pid);
    if (error != std::errc() || (parsed != stop && *parsed != '-') || pid <= 0 || pid == ::getpid()) continue;
    if (::kill(pid, 0) == -1 && errno == ESRCH) {
      std::error_code ignored;  // a file another run removed first is gone either way
      std::filesystem::remove(it->path(), ignored);
    }
  }
}

std::string read_text(const std::string& path, const std::string& what) {
  // Opened without blocking, so that a FIFO with no writer cannot hang the program before it
  // is refused: only a regular file is read.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw std::invalid_argument("cannot read " + what + " '" + clipped(path) + "': " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw std::invalid_argument(
        "cannot read " + what + " '" + clipped(path) +
        "': " + (S_ISDIR(st.st_mode) ? "it is a folder" : "it is not a regular file (a FIFO or device)"));
  }
  std::string text;
  char block[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, block, sizeof block);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error = errno;
      ::close(fd);
      throw std::invalid_argument("cannot read " + what + " '" + clipped(path) + "': " + std::strerror(error));
    }
    if (n == 0) break;
    text.append(block, static_cast<size_t>(n));
  }
  ::close(fd);
  return text;
}

namespace {
constexpr int kMaxJsonDepth = 100;  // io.h says it
}  // namespace

nlohmann::json parse_json(std::string_view text) {
  if (const size_t nul = text.find('\0'); nul != std::string_view::npos)
    throw std::invalid_argument("a NUL byte at offset " + std::to_string(nul) + " (JSON text holds none)");
  // nlohmann/json's parser recurses once per level: 200,000 '[' would overflow the stack.
  int depth = 0;
  bool in_string = false;
  for (size_t at = 0; at < text.size(); ++at) {
    const char c = text[at];
    if (in_string) {
      if (c == '\\') ++at;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth)
        throw std::invalid_argument("arrays and objects nested more than " + std::to_string(kMaxJsonDepth) +
                                    " deep (at offset " + std::to_string(at) + ")");
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return nlohmann::json::parse(text);
}

namespace {

template <class Names>
std::string first_unknown_key(const nlohmann::json& object, const Names& known) {
  for (const auto& item : object.items())
    if (std::find(known.begin(), known.end(), item.key()) == known.end()) return item.key();
  return {};
}

}  // namespace

std::string unknown_key(const nlohmann::json& object, std::initializer_list<std::string_view> known) {
  return first_unknown_key(object, known);
}

std::string unknown_key(const nlohmann::json& object, const std::vector<std::string>& known) {
  return first_unknown_key(object, known);
}

void check_output_path(const std::string& path, bool replace) {
  if (path.empty() || path == "-") return;
  // Only a file holds earlier results: a device (/dev/null, /dev/full) or a pipe is written
  // as it is, and a folder gets check_writable's own message.
  if (std::filesystem::is_regular_file(path) && !replace)
    throw UsageError("'" + path + "' exists; add --force to replace it");
  try {
    check_writable(path);
  } catch (const std::exception& e) {
    throw UsageError(e.what());
  }
}

namespace {
// What identifies the file at `path` now: its device and inode when it exists, else its real
// path through its folder's.
struct FileIdentity {
  bool exists = false;
  bool special = false;  // a device or a pipe: several flags may name it
  dev_t device = 0;
  ino_t inode = 0;
  std::filesystem::path real_path;
};

FileIdentity identify(std::string_view path) {
  FileIdentity id;
  struct stat st {};
  if (::stat(std::string(path).c_str(), &st) == 0) {
    id.exists = true;
    id.special = !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
    id.device = st.st_dev;
    id.inode = st.st_ino;
  }
  std::error_code ec;
  id.real_path = std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec);
  if (ec) id.real_path = std::filesystem::absolute(path).lexically_normal();
  return id;
}

bool same_file(const FileIdentity& a, const FileIdentity& b) {
  if (a.exists && b.exists) return a.device == b.device && a.inode == b.inode;
  return a.real_path == b.real_path;
}
}  // namespace

void check_distinct_files(std::initializer_list<FileFlag> files) { check_distinct_files(std::vector<FileFlag>(files)); }

void check_distinct_files(const std::vector<FileFlag>& files) {
  std::vector<std::pair<const FileFlag*, FileIdentity>> seen;
  for (const FileFlag& file : files) {
    if (file.path.empty() || file.path == "-") continue;
    FileIdentity id = identify(file.path);
    if (id.special) continue;
    for (const auto& [other, other_id] : seen)
      if (same_file(id, other_id))
        throw UsageError(std::string(other->flag) + " '" + clipped(other->path) + "' and " + std::string(file.flag) +
                         " '" + clipped(file.path) + "' are the same file; give them different files");
    seen.emplace_back(&file, std::move(id));
  }
}

}  // namespace ratrace
