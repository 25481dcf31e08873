#include "ratrace/common/cli.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "ratrace/common/io.h"

namespace ratrace {

namespace {
std::atomic<bool> g_stop{false};
std::atomic<const char*> g_stop_message{""};
void on_signal(int) {
  if (g_stop.exchange(true)) std::_Exit(kExitInterrupted);
  const char* message = g_stop_message.load();
  [[maybe_unused]] auto written = write(STDERR_FILENO, message, std::strlen(message));
}
}  // namespace

StopOnSignal::StopOnSignal(const char* message) {
  g_stop = false;
  g_stop_message = message;
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
}
StopOnSignal::~StopOnSignal() {
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}
const std::atomic<bool>* StopOnSignal::flag() const { return &g_stop; }
bool StopOnSignal::stopped() const { return g_stop.load(); }
void StopOnSignal::stop_now() const { g_stop = true; }

void add_log_level_option(CLI::App& app, std::string& level) {
  app.add_option("--log-level", level, "Log detail: trace, debug, info, warn, error, off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}))
      ->capture_default_str();
  // Subcommands see the option too, so it may stand after the subcommand's name.
  app.fallthrough();
}

namespace {
void list_subcommands(CLI::App& app) {
  std::cerr << "Subcommands:";
  for (const auto* sub : app.get_subcommands({})) std::cerr << " " << sub->get_name();
  std::cerr << "\nRun '" << app.get_name() << " --help' for what each does.\n";
}
}  // namespace

CLI::Validator whole_number(unsigned long long least, unsigned long long most) {
  const std::string range = "[" + std::to_string(least) + ", " + std::to_string(most) + "]";
  return CLI::Validator(
      [least, most, range](std::string& text) -> std::string {
        unsigned long long value = 0;
        const char* end = text.data() + text.size();
        const auto [stop, error] = std::from_chars(text.data(), end, value);
        if (text.empty() || text.size() > 20 || error != std::errc() || stop != end || value < least || value > most)
          return "expected a whole number in " + range;
        return {};
      },
      "UINT in " + range);
}

int parse_command_line(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
    return -1;
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const bool no_subcommand = !app.get_subcommands({}).empty() && app.get_subcommands().empty();
    // A misspelled subcommand is left over as the first unmatched word; CLI11 would only say
    // that a subcommand is required.
    const std::vector<std::string> unmatched = app.remaining();
    if (no_subcommand && !unmatched.empty() && !unmatched.front().starts_with("-")) {
      std::cerr << "unknown subcommand '" << unmatched.front() << "'\n";
    } else {
      app.exit(e);
    }
    if (no_subcommand) list_subcommands(app);
    return kExitUsage;
  }
}

int terminal_columns(int fd) {
  winsize size{};
  if (::ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  if (const char* columns = std::getenv("COLUMNS")) {
    const int n = std::atoi(columns);
    if (n > 0) return n;
  }
  return 80;
}

std::string fit_to_width(std::string_view line, int columns) {
  // Count UTF-8 characters (bytes that do not continue one) and never cut inside one.
  int used = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) continue;
    if (used == columns) return std::string(line.substr(0, i));
    ++used;
  }
  return std::string(line);
}

void draw_status_line(std::string_view line) {
  const std::string fitted = fit_to_width(line, terminal_columns(STDERR_FILENO) - 1);
  std::fprintf(stderr, "\r\033[K%s", fitted.c_str());
  std::fflush(stderr);
}

void setup_logging(const std::string& name, const std::string& level) {
  auto logger = spdlog::stderr_color_mt(name);
  logger->set_pattern("[%H:%M:%S] %^%l%$: %v");
  spdlog::set_default_logger(logger);
  spdlog::set_level(spdlog::level::from_str(level));
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

int with_stdout_checked(int code) {
  std::cout.flush();
  errno = 0;
  if (std::fflush(stdout) == 0 && !std::ferror(stdout) && std::cout.good()) return code;
  // errno names the cause only when this last flush failed; an earlier failed write (a
  // full buffer) left just the stream's error flag.
  const int error = errno;
  if (error != 0) std::fprintf(stderr, "cannot write to standard output: %s\n", std::strerror(error));
  else std::fprintf(stderr, "cannot write to standard output (a write to it failed)\n");
  return code == kExitOk ? kExitFailure : code;
}

}  // namespace ratrace
