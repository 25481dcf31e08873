#pragma once
#include <string>
#include <vector>

// Running the helper programs that draw pictures: matplotlib scripts and SVG converters.
namespace ratrace {

// Runs argv (searched on PATH), its standard output thrown away if `quiet`, and waits: the
// exit code, 128 + the signal that killed it, or -1 if it could not be started.
int run_process(const std::vector<std::string>& args, bool quiet = false);

// Runs scripts/<script> with a python3 that has matplotlib, with `args`, the last of which
// is the stem STEM of the pictures the script writes, STEM.png and STEM.svg (the caller has
// checked that they may be written: the script is given --force). The script
// writes them under a temporary stem beside STEM; they are checked (exit code 0, whole PNG
// and SVG files) and renamed into place, so each picture is complete or absent. A missing
// python3, script or matplotlib only warns (the results it draws are already written); a
// failed or incomplete drawing throws std::runtime_error saying why, leaving no picture.
void draw_with_matplotlib(const std::string& script, const std::vector<std::string>& args);

// rsvg-convert's PNG of `svg_file` at `png_file`, written as draw_with_matplotlib writes its
// pictures; throws std::runtime_error if it cannot be run, fails or leaves an incomplete file.
void convert_svg_to_png(const std::string& svg_file, const std::string& png_file);

}  // namespace ratrace
