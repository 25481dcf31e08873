#include "ratrace/common/cli.h"

#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <utility>
#include <vector>

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
void StopOnSignal::say(const char* message) const { g_stop_message = message; }
std::atomic<bool>* StopOnSignal::flag() const { return &g_stop; }
bool StopOnSignal::stopped() const { return g_stop.load(); }
void StopOnSignal::stop_now() const { g_stop = true; }

void add_log_level_option(CLI::App& app, std::string& level) {
  const auto add = [&level](CLI::App& to) {
    to.add_option("--log-level", level, "Log detail: trace, debug, info, warn, error, off")
        ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}))
        ->capture_default_str();
  };
  add(app);
  // Subcommands are added after this call; by the time of parsing they all exist.
  app.preparse_callback([&app, add](size_t) {
    for (CLI::App* sub : app.get_subcommands({}))
      if (sub->get_option_no_throw("--log-level") == nullptr) add(*sub);
  });
  // The program's other options (--version) may also stand after the subcommand's name.
  app.fallthrough();
}

namespace {

std::string program_name(const CLI::App& app) { return std::filesystem::path(app.get_name()).filename().string(); }

void list_subcommands(CLI::App& app) {
  std::cerr << "Subcommands:";
  for (const auto* sub : app.get_subcommands({})) std::cerr << " " << sub->get_name();
  std::cerr << "\nRun '" << program_name(app) << " --help' for what each does.\n";
}

}  // namespace

CLI::Validator whole_number(unsigned long long least, unsigned long long most) {
  return CLI::Validator(
      [least, most](const std::string& text) {
        uint64_t value = 0;
        return whole_error(text, least, most, value);
      },
      "UINT in [" + std::to_string(least) + ", " + std::to_string(most) + "]");
}

CLI::Validator signed_number(long long least, long long most) {
  return CLI::Validator(
      [least, most](const std::string& text) {
        int64_t value = 0;
        return signed_error(text, least, most, value);
      },
      "INT in [" + std::to_string(least) + ", " + std::to_string(most) + "]");
}

CLI::Validator real_number(double least, double most, LowerEnd lower) {
  return CLI::Validator(
      [least, most, lower](const std::string& text) {
        double value = 0;
        return real_error(text, least, most, lower, value);
      },
      "REAL in " + real_range(least, most, lower));
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
    const std::string error = program_name(app) + ": error: ";
    const bool no_subcommand = !app.get_subcommands({}).empty() && app.get_subcommands().empty();
    // CLI11 would only say that a subcommand is required when the first word is a misspelled
    // subcommand or an unknown flag: name that word instead.
    const std::vector<std::string> unmatched = app.remaining();
    if (no_subcommand && !unmatched.empty()) {
      const std::string word = clipped(unmatched.front(), 100);
      if (word.starts_with("-")) std::cerr << error << "The following argument was not expected: " << word << "\n";
      else std::cerr << error << "unknown subcommand '" << word << "'\n";
    } else {
      std::cerr << error << clipped(e.what(), 300) << "\n";
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
  logger->set_pattern("%n: %^%l%$: %v");
  spdlog::set_default_logger(logger);
  spdlog::set_level(spdlog::level::from_str(level));
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
