// JSON lines for episode results.
#include "runner/results.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <system_error>
#include <type_traits>
#include <utility>

namespace vgdl {

namespace {

using nlohmann::json;

// JSON has no infinities or NaNs; a non-finite number is written as null.
json Number(double v) {
  return std::isfinite(v) ? json(v) : json(nullptr);
}

// The value of `v` as a T, or nothing when it is not one: a whole number out of T's range, or
// a fraction where a whole number belongs, is refused rather than converted (nlohmann's get
// would truncate it, and converting an out-of-range floating-point value is undefined).
template <typename T>
std::optional<T> ValueAs(const json& v) {
  if constexpr (std::is_same_v<T, bool>) {
    if (v.is_boolean()) return v.get<bool>();
  } else if constexpr (std::is_integral_v<T>) {
    if (v.is_number_unsigned()) {
      const auto u = v.get<uint64_t>();
      if (std::in_range<T>(u)) return static_cast<T>(u);
    } else if (v.is_number_integer()) {
      const auto i = v.get<int64_t>();
      if (std::in_range<T>(i)) return static_cast<T>(i);
    }
  } else if constexpr (std::is_floating_point_v<T>) {
    if (v.is_number()) return v.get<T>();
  } else {
    if (v.is_string()) return v.get<std::string>();
  }
  return std::nullopt;
}

template <typename T>
bool Read(const json& j, const char* key, T& out, std::string* error) {
  const auto it = j.find(key);
  if (it == j.end()) {
    *error = std::string("missing key '") + key + "'";
    return false;
  }
  const std::optional<T> value = ValueAs<T>(*it);
  if (!value) {
    *error = std::string("key '") + key + "' has the wrong type or is out of range";
    return false;
  }
  out = *value;
  return true;
}

// Optional keys (written by this version, absent from hand-made or older files); a value of
// the wrong type is ignored.
template <typename T>
void ReadOptional(const json& j, const char* key, T& out) {
  const auto it = j.find(key);
  if (it == j.end()) return;
  if (const std::optional<T> value = ValueAs<T>(*it)) out = *value;
}

// An optional key kept as "absent" when it is missing or of the wrong type.
template <typename T>
void ReadOptional(const json& j, const char* key, std::optional<T>& out) {
  if (const auto it = j.find(key); it != j.end()) out = ValueAs<T>(*it);
}

// Mends a last line without a line end, which a write interrupted half way leaves: cut when it
// is not a result (its episode is played again), ended when it is one (the write stopped
// just before the newline; ReadResultsFile counted the episode as done, so cutting it would
// lose it).
void MendLastLine(const std::filesystem::path& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec || size == 0) return;
  std::ifstream in(path, std::ios::binary);
  std::string data(static_cast<size_t>(size), '\0');
  in.read(data.data(), static_cast<std::streamsize>(data.size()));
  data.resize(static_cast<size_t>(std::max<std::streamsize>(0, in.gcount())));
  in.close();
  if (data.empty() || data.back() == '\n') return;
  const size_t last_newline = data.rfind('\n');
  const auto keep = last_newline == std::string::npos ? 0 : last_newline + 1;
  std::string error;
  if (ParseJsonLine(std::string_view(data).substr(keep), &error)) {
    std::ofstream(path, std::ios::binary | std::ios::app) << '\n';
    return;
  }
  std::filesystem::resize_file(path, keep, ec);
}

}  // namespace

std::string ToJsonLine(const EpisodeResult& r) {
  // ordered_json keeps the keys in this order: files stay readable by eye.
  nlohmann::ordered_json j;
  j["agent"] = r.agent;
  j["game"] = r.game;
  j["level"] = r.level;
  if (!r.parameters.empty()) j["parameters"] = r.parameters;
  j["rep"] = r.rep;
  j["seed"] = r.seed;
  if (r.run_seed) j["run_seed"] = *r.run_seed;
  j["budget"] = r.budget;
  j["win"] = r.win;
  j["score"] = Number(r.score);
  j["ticks"] = r.ticks;
  j["disqualified"] = r.disqualified;
  j["disqualified_for"] = r.disqualified_for.empty() ? nlohmann::ordered_json(nullptr)
                                                     : nlohmann::ordered_json(r.disqualified_for);
  j["aborted"] = r.aborted;
  if (r.sprite_limit_tick >= 0) j["sprite_limit_tick"] = r.sprite_limit_tick;
  j["actions"] = r.actions;
  j["overspent"] = r.overspent;
  j["init_ms"] = Number(r.init_ms);
  j["mean_act_ms"] = Number(r.mean_act_ms);
  j["max_act_ms"] = Number(r.max_act_ms);
  j["mean_act_wall_ms"] = Number(r.mean_act_wall_ms);
  j["max_act_wall_ms"] = Number(r.max_act_wall_ms);
  j["mean_fm_calls"] = Number(r.mean_fm_calls);
  j["max_fm_calls"] = r.max_fm_calls;
  j["mean_iterations"] = Number(r.mean_iterations);
  j["max_act_raw_ms"] = Number(r.max_act_raw_ms);
  j["overspent_raw"] = r.overspent_raw;
  j["clock_excess_ms"] = Number(r.clock_excess_ms);
  if (r.max_act_tick >= 0) j["max_act_tick"] = r.max_act_tick;
  if (r.max_unchecked_ms > 0.0) {
    j["max_act_unchecked_ms"] = Number(r.max_act_unchecked_ms);
    j["max_act_unchecked_wall_ms"] = Number(r.max_act_unchecked_wall_ms);
    j["max_act_system_ms"] = Number(r.max_act_system_ms);
    j["max_act_page_faults"] = r.max_act_page_faults;
    j["max_unchecked_ms"] = Number(r.max_unchecked_ms);
  }
  if (r.max_act_host_stall_ms) j["max_act_host_stall_ms"] = Number(*r.max_act_host_stall_ms);
  if (r.max_unchecked_host_stall_ms)
    j["max_unchecked_host_stall_ms"] = Number(*r.max_unchecked_host_stall_ms);
  j["error"] = r.error.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(r.error);
  // Invalid UTF-8 (from an exception message) is replaced, never thrown on.
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::optional<EpisodeResult> ParseJsonLine(std::string_view line, std::string* error) {
  const json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    // The commonest cause: the last line of a run that was killed while writing it.
    *error = "not valid JSON (a line cut short?)";
    return std::nullopt;
  }
  if (!j.is_object()) {
    *error = "not a JSON object";
    return std::nullopt;
  }
  EpisodeResult r;
  if (!Read(j, "agent", r.agent, error) || !Read(j, "game", r.game, error) ||
      !Read(j, "level", r.level, error) || !Read(j, "rep", r.rep, error) ||
      !Read(j, "seed", r.seed, error) || !Read(j, "win", r.win, error) ||
      !Read(j, "score", r.score, error) || !Read(j, "ticks", r.ticks, error)) {
    return std::nullopt;
  }
  ReadOptional(j, "run_seed", r.run_seed);
  if (const auto it = j.find("parameters"); it != j.end() && it->is_object()) {
    for (const auto& [name, value] : it->items()) {
      if (value.is_string()) r.parameters[name] = value.get<std::string>();
    }
  }
  ReadOptional(j, "budget", r.budget);
  ReadOptional(j, "disqualified", r.disqualified);
  ReadOptional(j, "disqualified_for", r.disqualified_for);
  ReadOptional(j, "aborted", r.aborted);
  ReadOptional(j, "sprite_limit_tick", r.sprite_limit_tick);
  ReadOptional(j, "actions", r.actions);
  ReadOptional(j, "overspent", r.overspent);
  ReadOptional(j, "init_ms", r.init_ms);
  ReadOptional(j, "mean_act_ms", r.mean_act_ms);
  ReadOptional(j, "max_act_ms", r.max_act_ms);
  ReadOptional(j, "mean_act_wall_ms", r.mean_act_wall_ms);
  ReadOptional(j, "max_act_wall_ms", r.max_act_wall_ms);
  ReadOptional(j, "mean_fm_calls", r.mean_fm_calls);
  ReadOptional(j, "max_fm_calls", r.max_fm_calls);
  ReadOptional(j, "mean_iterations", r.mean_iterations);
  ReadOptional(j, "max_act_raw_ms", r.max_act_raw_ms);
  ReadOptional(j, "overspent_raw", r.overspent_raw);
  ReadOptional(j, "clock_excess_ms", r.clock_excess_ms);
  ReadOptional(j, "max_act_tick", r.max_act_tick);
  ReadOptional(j, "max_act_unchecked_ms", r.max_act_unchecked_ms);
  ReadOptional(j, "max_act_unchecked_wall_ms", r.max_act_unchecked_wall_ms);
  ReadOptional(j, "max_act_system_ms", r.max_act_system_ms);
  ReadOptional(j, "max_act_page_faults", r.max_act_page_faults);
  ReadOptional(j, "max_unchecked_ms", r.max_unchecked_ms);
  ReadOptional(j, "max_act_host_stall_ms", r.max_act_host_stall_ms);
  ReadOptional(j, "max_unchecked_host_stall_ms", r.max_unchecked_host_stall_ms);
  ReadOptional(j, "error", r.error);
  return r;
}

std::string EpisodeKey(std::string_view agent, std::string_view game, int level, int rep) {
  return std::string(agent) + '\x1f' + std::string(game) + '\x1f' + std::to_string(level) + '\x1f' +
         std::to_string(rep);
}

ResultsFile ReadResultsFile(const std::filesystem::path& path) {
  ResultsFile out;
  std::ifstream in(path);
  if (!in) {
    out.readable = false;
    out.warnings.push_back(path.string() + ": cannot be read");
    return out;
  }
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    // getline sets eof when the line it read had no line end: only the last line can lack
    // one, and only when the run writing it was stopped half way.
    const bool unterminated = in.eof();
    std::string error;
    auto r = ParseJsonLine(line, &error);
    if (!r) {
      const std::string where = path.string() + ":" + std::to_string(number) + ": ";
      out.warnings.push_back(
          where + (unterminated ? "the last line was cut off mid-write (the run was stopped while "
                                  "writing it): dropped, its episode is not counted"
                                : "skipped: " + error));
      continue;
    }
    out.results.push_back(*std::move(r));
  }
  return out;
}

std::vector<EpisodeResult> MergeResults(std::vector<std::vector<EpisodeResult>> files,
                                        std::vector<std::string>* warnings) {
  std::vector<EpisodeResult> merged;
  std::map<std::string, uint64_t> seen;  // key -> seed
  for (auto& file : files) {
    for (auto& r : file) {
      const std::string key = EpisodeKey(r);
      const auto it = seen.find(key);
      if (it != seen.end() && it->second == r.seed) continue;  // the same episode twice
      if (it != seen.end() && warnings != nullptr) {
        warnings->push_back(
            "episode " + r.agent + " " + r.game + " level " + std::to_string(r.level) + " rep " +
            std::to_string(r.rep) +
            " appears with two seeds (runs with different --seed merged); both kept");
      }
      seen.emplace(key, r.seed);
      merged.push_back(std::move(r));
    }
  }
  return merged;
}

ResultsWriter::~ResultsWriter() {
  if (file_ != nullptr) std::fclose(file_);
}

bool ResultsWriter::Open(const std::filesystem::path& path, bool append, std::string* error) {
  if (append) MendLastLine(path);
  file_ = std::fopen(path.c_str(), append ? "ab" : "wb");
  if (file_ == nullptr) {
    *error = "cannot write '" + path.string() + "': " + std::generic_category().message(errno);
    return false;
  }
  return true;
}

bool ResultsWriter::Write(const EpisodeResult& r) {
  if (file_ == nullptr) return false;
  const std::string line = ToJsonLine(r) + "\n";
  if (std::fwrite(line.data(), 1, line.size(), file_) != line.size()) return false;
  return std::fflush(file_) == 0;
}

}  // namespace vgdl
