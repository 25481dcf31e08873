// common/io.h's output commit and same-file check, which the three programs' outputs use.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "ratrace/common/cli.h"
#include "ratrace/common/io.h"

namespace ratrace {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

fs::path fresh_folder(const std::string& name) {
  const fs::path folder = fs::temp_directory_path() / ("morpion-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  return folder;
}

TEST(Output, WithoutReplaceAnExistingFileIsKeptAndTheResultGoesToANumberedName) {
  const fs::path folder = fresh_folder("output");
  const std::string path = (folder / "c.json").string();
  write_file_atomically(path, "first", false);
  try {
    write_file_atomically(path, "second", false);
    FAIL() << "replaced without --force";
  } catch (const OutputTaken& e) {
    EXPECT_EQ(e.kept, (folder / "c.1.json").string());
    EXPECT_NE(std::string(e.what()).find("c.1.json"), std::string::npos) << e.what();
  }
  EXPECT_THROW(write_file_atomically(path, "third", false), UsageError);
  EXPECT_EQ(read(path), "first");
  EXPECT_EQ(read(folder / "c.1.json"), "second");
  EXPECT_EQ(read(folder / "c.2.json"), "third");
  write_file_atomically(path, "forced", true);
  EXPECT_EQ(read(path), "forced");
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 3) << "a temporary file is left";
  fs::remove_all(folder);
}

TEST(Output, OfWritersRacingForOneNameOneWinsAndEveryResultIsKept) {
  const fs::path folder = fresh_folder("race");
  const std::string path = (folder / "r.json").string();
  constexpr int kWriters = 8;
  std::vector<std::string> kept(kWriters);
  std::vector<std::thread> writers;
  for (int i = 0; i < kWriters; ++i)
    writers.emplace_back([&, i] {
      try {
        write_file_atomically(path, std::to_string(i), false);
        kept[static_cast<size_t>(i)] = path;
      } catch (const OutputTaken& e) {
        kept[static_cast<size_t>(i)] = e.kept;
      }
    });
  for (auto& w : writers) w.join();
  std::set<std::string> names(kept.begin(), kept.end());
  EXPECT_EQ(names.size(), static_cast<size_t>(kWriters)) << "two writers share a name";
  EXPECT_EQ(std::count(kept.begin(), kept.end(), path), 1);
  for (int i = 0; i < kWriters; ++i) EXPECT_EQ(read(kept[static_cast<size_t>(i)]), std::to_string(i));
  fs::remove_all(folder);
}

TEST(Output, AWriteClearsTheTemporariesOfKilledWritersOnly) {
  const fs::path folder = fresh_folder("stale");
  const pid_t dead = [] {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    ::waitpid(child, nullptr, 0);
    return child;
  }();
  const fs::path result = folder / "c.json";
  const fs::path killed = folder / ("c.json.tmp-" + std::to_string(dead) + "-0");
  const fs::path running = folder / ("c.json.tmp-" + std::to_string(::getppid()) + "-0");
  const fs::path other = folder / ("d.json.tmp-" + std::to_string(dead) + "-0");
  for (const fs::path& p : {killed, running, other}) std::ofstream(p) << "partial";
  write_file_atomically(result.string(), "whole\n", false);
  EXPECT_EQ(read(result), "whole\n");
  EXPECT_FALSE(fs::exists(killed)) << "a dead writer's temporary is removed";
  EXPECT_TRUE(fs::exists(running)) << "a live process's is kept";
  EXPECT_TRUE(fs::exists(other)) << "another file's is not touched";
  fs::remove_all(folder);
}

TEST(Output, TwoFlagsNamingOneFileAreRefused) {
  const fs::path folder = fresh_folder("same");
  const std::string a = (folder / "a.json").string();
  fs::create_directories(folder / "sub");
  const std::string a_again = (folder / "sub" / ".." / "a.json").string();
  // Not yet created: compared through the folders' real paths.
  EXPECT_THROW(check_distinct_files({{"--game", a}, {"-o", a_again}}), UsageError);
  try {
    check_distinct_files({{"--game", a}, {"--json", (folder / "b.json").string()}, {"-o", a_again}});
    FAIL();
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("--game"), std::string::npos) << message;
    EXPECT_NE(message.find("-o"), std::string::npos) << message;
  }
  write_file_atomically(a, "{}", false);
  fs::create_hard_link(a, folder / "hard.json");
  fs::create_symlink(a, folder / "soft.json");
  EXPECT_THROW(check_distinct_files({{"--game", a}, {"-o", (folder / "hard.json").string()}}), UsageError);
  EXPECT_THROW(check_distinct_files({{"--game", (folder / "soft.json").string()}, {"-o", a}}), UsageError);
  EXPECT_NO_THROW(check_distinct_files({{"--game", a}, {"-o", (folder / "b.json").string()}}));
  EXPECT_NO_THROW(check_distinct_files({{"--game", "-"}, {"-o", "-"}, {"--json", ""}, {"--csv", ""}}));
  EXPECT_NO_THROW(check_distinct_files({{"--json", "/dev/null"}, {"--csv", "/dev/null"}}));
  fs::remove_all(folder);
}

}  // namespace
}  // namespace ratrace
