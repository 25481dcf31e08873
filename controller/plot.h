#pragma once
#include <string>
#include <vector>

// Running the helper programs that draw pictures: matplotlib scripts and SVG converters.
namespace ratrace {

// Runs argv (searched on PATH) and waits; the exit code, or -1 if it could not run or was killed.
int run_process(const std::vector<std::string>& args);

// Runs scripts/<script> with a python3 that has matplotlib, with `args`. A missing python3
// or matplotlib, or a failing script, only warns: the results it draws are already written.
void draw_with_matplotlib(const std::string& script, const std::vector<std::string>& args);

// "out.png" and "out.svg" name the pair of pictures "out"; anything else is the stem itself.
std::string plot_stem(const std::string& plot_file);
// The files --plot FILE writes: FILE.png and FILE.svg, and FILE.json when no --json names
// the result file the plot is drawn from. None for an empty --plot.
std::vector<std::string> plot_outputs(const std::string& plot_file, const std::string& json_file);

}  // namespace ratrace
