#pragma once
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "ratrace/common/stats.h"

// How scores and comparisons are written for people and for result files.
namespace ratrace {

nlohmann::json summary_to_json(const ScoreSummary& s);
nlohmann::json paired_to_json(const PairedSummary& p);
// "34.5 [28.1, 41.6]" with sensible precision for numbers from 1 to millions.
std::string format_score(double value);
std::string format_interval(double low, double high);

}  // namespace ratrace
