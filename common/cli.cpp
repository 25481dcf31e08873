#include "common/cli.h"

#include <charconv>
#include <iostream>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace ratrace {

void add_log_level_option(CLI::App& app, std::string& level) {
  app.add_option("--log-level", level, "Log detail: trace, debug, info, warn, error, off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}))
      ->capture_default_str();
  // Subcommands see the option too, so it may stand after the subcommand's name.
  app.fallthrough();
}

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
    app.exit(e);
    if (!app.get_subcommands().empty() || e.get_name() != "ExtrasError") return kExitUsage;
    std::cerr << "Subcommands:";
    for (const auto* sub : app.get_subcommands({})) std::cerr << " " << sub->get_name();
    std::cerr << "\n";
    return kExitUsage;
  }
}

void setup_logging(const std::string& name, const std::string& level) {
  auto logger = spdlog::stderr_color_mt(name);
  logger->set_pattern("[%H:%M:%S] %^%l%$: %v");
  spdlog::set_default_logger(logger);
  spdlog::set_level(spdlog::level::from_str(level));
}

}  // namespace ratrace
