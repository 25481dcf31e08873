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
// The result file a run writes: --json, or FILE.json when only --plot FILE is given (the
// plot is drawn from it); empty for neither.
std::string result_file(const std::string& json_file, const std::string& plot_file);
// Every file --json and --plot FILE write: the result file, FILE.png and FILE.svg.
std::vector<std::string> result_outputs(const std::string& json_file, const std::string& plot_file);

}  // namespace ratrace
