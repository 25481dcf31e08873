#include "ratrace/see/plot.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <utility>

#include <spdlog/spdlog.h>

extern char** environ;

namespace ratrace {

int run_process(const std::vector<std::string>& args, bool quiet) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (quiet) posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

namespace {

std::string folder_of(const std::string& path) {
  const auto parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

// The name a picture is written under until it is checked: beside it, so the rename that
// puts it in place cannot cross file systems.
std::string temporary_name(const std::string& path) { return path + ".tmp-" + std::to_string(::getpid()); }

// Why the file at `temporary` is not a whole picture for `path`, or "" if it is: a PNG from
// its signature to its IEND chunk, an SVG up to its closing tag.
std::string incomplete(const std::string& temporary, const std::string& path) {
  std::ifstream in(temporary, std::ios::binary);
  if (!in) return "it was not written";
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.empty()) return "it is empty";
  if (std::filesystem::path(path).extension() == ".png") {
    if (!bytes.starts_with(std::string_view("\x89PNG\r\n\x1a\n", 8))) return "it is not a PNG";
    if (!bytes.ends_with(std::string_view("IEND\xae\x42\x60\x82", 8))) return "the PNG stops before its end";
  } else {
    while (!bytes.empty() && std::isspace(static_cast<unsigned char>(bytes.back()))) bytes.pop_back();
    if (!bytes.ends_with("</svg>")) return "the SVG stops before its end";
  }
  return "";
}

// "; its disk is full (N bytes free)" when the disk holding `path` has under a megabyte left.
std::string full_disk_note(const std::string& path) {
  struct statvfs fs {};
  if (::statvfs(folder_of(path).c_str(), &fs) != 0) return "";
  const unsigned long long free = static_cast<unsigned long long>(fs.f_bavail) * fs.f_frsize;
  return free < (1u << 20) ? "; its disk is full (" + std::to_string(free) + " bytes free)" : "";
}

// Puts each picture (temporary name, final name) in place once `program` (which exited with
// `code`) wrote it whole and it is on disk; otherwise removes every temporary and throws.
void install_pictures(const std::string& program, int code,
                      const std::vector<std::pair<std::string, std::string>>& pictures) {
  std::string failure;
  if (code != 0) failure = program + " failed (exit code " + std::to_string(code) + ")";
  for (const auto& [temporary, path] : pictures) {
    if (!failure.empty()) break;
    if (const std::string why = incomplete(temporary, path); !why.empty()) {
      failure = program + " did not write " + path + " whole: " + why;
      break;
    }
    const int fd = ::open(temporary.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0 || ::fsync(fd) != 0) failure = "cannot flush " + path + ": " + std::strerror(errno);
    if (fd >= 0) ::close(fd);
  }
  for (const auto& [temporary, path] : pictures) {
    if (failure.empty() && std::rename(temporary.c_str(), path.c_str()) != 0)
      failure = "cannot rename the new picture to " + path + ": " + std::strerror(errno);
  }
  if (failure.empty()) {
    const int dir = ::open(folder_of(pictures.front().second).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
      ::fsync(dir);
      ::close(dir);
    }
    return;
  }
  failure += full_disk_note(pictures.front().second);
  for (const auto& [temporary, path] : pictures) ::unlink(temporary.c_str());
  std::string names;
  for (const auto& [temporary, path] : pictures) names += (names.empty() ? "" : " and ") + path;
  throw std::runtime_error(failure + "; no picture was written (" + names + ")");
}

// scripts/plots/<name> beside the build directory of this executable, or where `cmake --install`
// puts it (PREFIX/share/ratrace); else scripts/plots/ under the working directory.
std::filesystem::path script_path(const std::string& name) {
  std::error_code error;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    for (const auto* folder : {"scripts/plots", "share/ratrace"}) {
      const auto beside = (exe.parent_path() / ".." / folder / name).lexically_normal();
      if (std::filesystem::exists(beside)) return beside;
    }
  }
  return std::filesystem::path("scripts/plots") / name;
}

}  // namespace

void draw_with_matplotlib(const std::string& script_name, const std::vector<std::string>& args) {
  std::fflush(stdout);  // the report before the script's own output
  const std::string script = script_path(script_name).string();
  std::string by_hand = "python3 " + script;
  for (const auto& a : args) by_hand += " '" + a + "'";
  if (!std::filesystem::exists(script)) {
    spdlog::warn("no plot: {} not found; run by hand: {}", script, by_hand);
    return;
  }
  // The script finds a python3 with matplotlib itself (scripts/plots/plotting.py), and exits with
  // 3 when there is none. Its "wrote" line would name the temporary stem: this one says it.
  constexpr int kMissingMatplotlib = 3;
  const std::string stem = args.back(), temporary = temporary_name(stem);
  std::vector<std::string> argv{"python3", script};
  argv.insert(argv.end(), args.begin(), args.end() - 1);
  argv.push_back(temporary);
  // The scripts refuse to replace a picture without --force; the temporary stem is ours, and
  // whether STEM.png and STEM.svg may be replaced was decided (under the command's --force)
  // before drawing, so the script may write.
  argv.push_back("--force");
  const int code = run_process(argv, true);
  if (code < 0) {
    spdlog::warn("no plot: python3 could not be run; run by hand: {}", by_hand);
  } else if (code == kMissingMatplotlib) {
    spdlog::warn(
        "no plot: python3 with matplotlib not found (Debian: apt-get install python3-matplotlib); "
        "then run by hand: {}",
        by_hand);
  } else {
    install_pictures(std::filesystem::path(script).filename().string(), code,
                     {{temporary + ".png", stem + ".png"}, {temporary + ".svg", stem + ".svg"}});
    std::printf("wrote %s.png and %s.svg\n", stem.c_str(), stem.c_str());
  }
}

void convert_svg_to_png(const std::string& svg_file, const std::string& png_file) {
  const std::string temporary = temporary_name(png_file);
  const int code = run_process({"rsvg-convert", "--format", "png", "--output", temporary, svg_file}, false);
  if (code < 0)
    throw std::runtime_error(
        "rsvg-convert could not be run (Debian: apt-get install librsvg2-bin), so no PNG can be "
        "made; an .svg picture needs no converter");
  install_pictures("rsvg-convert", code, {{temporary, png_file}});
}

}  // namespace ratrace
