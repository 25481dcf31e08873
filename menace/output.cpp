#include "menace/output.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "ratrace/common/cli.h"

namespace ratrace::menace {

CurveFile::CurveFile(const std::string& path, const nlohmann::json& header) : path_(path) {
  if (path == "-") {
    const int fd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (fd < 0) throw std::runtime_error(std::string("cannot write to standard output: ") + std::strerror(errno));
    out_.emplace(fd, "standard output");
  } else if (const auto kind = std::filesystem::status(path).type(); kind != std::filesystem::file_type::not_found &&
                                                                     kind != std::filesystem::file_type::regular &&
                                                                     kind != std::filesystem::file_type::directory) {
    // A device or a pipe (/dev/null, a FIFO) is written in place: nothing to commit.
    out_.emplace(path, CheckedFile::Mode::kTruncate);
  } else {
    remove_stale_temporaries(path);
    temporary_ = path + ".tmp-" + std::to_string(::getpid()) + "-curve";
    out_.emplace(temporary_, CheckedFile::Mode::kTruncate);
  }
  std::string text = header.dump();
  text.back() = ',';  // the object stays open for the blocks
  out_->write(text + "\n\"blocks\": [");
}

CurveFile::~CurveFile() {
  out_.reset();
  if (!temporary_.empty()) std::remove(temporary_.c_str());
}

void CurveFile::add_block(const nlohmann::json& row) {
  out_->write(first_block_ ? "\n" : ",\n");
  out_->write(row.dump());
  first_block_ = false;
}

void CurveFile::finish(const nlohmann::json& tail, bool replace) {
  out_->write("\n],\n");
  out_->write(tail.dump().substr(1));  // the tail's fields close the object
  out_->write("\n");
  out_->sync();
  out_.reset();
  if (temporary_.empty()) return;
  // The commit that never replaces without `replace` takes the whole text; the number of
  // blocks is bounded (kMaxBlocks), so this copy is small.
  std::ifstream in(temporary_, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in || !text) throw std::runtime_error("cannot read back '" + temporary_ + "'");
  write_file_atomically(path_, text.str(), replace);
  std::remove(temporary_.c_str());
  temporary_.clear();
}

ProgressLine::ProgressLine(std::string what, uint64_t total, const std::atomic<uint64_t>& done)
    : what_(std::move(what)), total_(total), done_(done) {
  if (::isatty(STDERR_FILENO)) thread_ = std::thread([this] { run(); });
}

ProgressLine::~ProgressLine() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    finished_ = true;
  }
  wake_.notify_all();
  thread_.join();
  draw_status_line("");
}

void ProgressLine::run() {
  const auto began = std::chrono::steady_clock::now();
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, std::chrono::milliseconds(500), [this] { return finished_; })) {
    const uint64_t done = std::min(done_.load(std::memory_order_relaxed), total_);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    const double rate = done / seconds;
    char line[256];
    int n = std::snprintf(line, sizeof line, "%s: %llu of %llu games over all learners (%.1f%%), %.2f M games/s",
                          what_.c_str(), static_cast<unsigned long long>(done), static_cast<unsigned long long>(total_),
                          100.0 * static_cast<double>(done) / static_cast<double>(total_), rate / 1e6);
    if (rate > 0 && n > 0 && static_cast<size_t>(n) < sizeof line) {
      const auto left = static_cast<unsigned long long>(static_cast<double>(total_ - done) / rate);
      std::snprintf(line + n, sizeof line - n,
                    ", about %llu:%02llu:%02llu left; Ctrl-C stops and keeps the finished blocks", left / 3600,
                    left / 60 % 60, left % 60);
    }
    draw_status_line(line);
  }
}

}  // namespace ratrace::menace
