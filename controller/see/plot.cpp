#include "ratrace/see/plot.h"

#include <spawn.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>

#include <spdlog/spdlog.h>

extern char** environ;

namespace ratrace {

int run_process(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawnp(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

namespace {

// scripts/<name> beside the build directory of this executable, or where `cmake --install`
// puts it (PREFIX/share/ratrace); else scripts/ under the working directory.
std::filesystem::path script_path(const std::string& name) {
  std::error_code error;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    for (const auto* folder : {"scripts", "share/ratrace"}) {
      const auto beside = (exe.parent_path() / ".." / folder / name).lexically_normal();
      if (std::filesystem::exists(beside)) return beside;
    }
  }
  return std::filesystem::path("scripts") / name;
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
  // The script finds a python3 with matplotlib itself (scripts/plotting.py), and exits with
  // 3 when there is none.
  constexpr int kMissingMatplotlib = 3;
  std::vector<std::string> argv{"python3", script};
  argv.insert(argv.end(), args.begin(), args.end());
  const int code = run_process(argv);
  if (code < 0)
    spdlog::warn("no plot: python3 could not be run; run by hand: {}", by_hand);
  else if (code == kMissingMatplotlib)
    spdlog::warn("no plot: python3 with matplotlib not found (Debian: apt-get install python3-matplotlib); "
                 "then run by hand: {}",
                 by_hand);
  else if (code != 0)
    spdlog::warn("no plot: {} failed (exit code {}); run by hand: {}", script, code, by_hand);
}

std::string plot_stem(const std::string& plot_file) {
  const std::filesystem::path path(plot_file);
  const auto ext = path.extension();
  return ext == ".png" || ext == ".svg" ? path.parent_path() / path.stem() : path;
}

std::string result_file(const std::string& json_file, const std::string& plot_file) {
  return json_file.empty() && !plot_file.empty() ? plot_stem(plot_file) + ".json" : json_file;
}

std::vector<std::string> result_outputs(const std::string& json_file, const std::string& plot_file) {
  std::vector<std::string> files{result_file(json_file, plot_file)};
  if (!plot_file.empty()) {
    files.push_back(plot_stem(plot_file) + ".png");
    files.push_back(plot_stem(plot_file) + ".svg");
  }
  return files;
}

}  // namespace ratrace
