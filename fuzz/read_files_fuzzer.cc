// Feeds arbitrary bytes to the readers of the other files users hand to `vgdl`: GVGAI action
// files (`vgdl replay`), reference traces, observation records and random-play statistics
// (`vgdl verify-traces`), and result lines (`vgdl report`, `vgdl run --resume`). Each must answer
// with a value or its own error, never crash or throw anything else; an action file or result line
// it accepts must read back the same after being written out again.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/check.h"
#include "gvgai/action_file.h"
#include "gvgai/trace/observation_record.h"
#include "gvgai/trace/stats.h"
#include "gvgai/trace/trace.h"
#include "runner/results.h"

namespace {

using vgdl::fuzz::Check;

// Equal to the last bit, NaN equal to NaN (a score may be written as "NaN").
bool SameDouble(double a, double b) {
  return a == b || (a != a && b != b);
}

bool SameActionFile(const vgdl::ActionFile& a, const vgdl::ActionFile& b) {
  if (a.seed != b.seed || a.players != b.players || a.win != b.win || a.ticks != b.ticks ||
      a.actions != b.actions || a.score.size() != b.score.size()) {
    return false;
  }
  for (size_t i = 0; i < a.score.size(); ++i) {
    if (!SameDouble(a.score[i], b.score[i])) return false;
  }
  return true;
}

void ReadActionFile(std::string_view text, int players) {
  std::string error;
  const auto file = vgdl::ParseActionFile(text, players, &error);
  Check(file.has_value() == error.empty());
  if (!file) return;
  std::string again_error;
  const auto again = vgdl::ParseActionFile(vgdl::FormatActionFile(*file), players, &again_error);
  Check(again.has_value() && SameActionFile(*file, *again));
}

void ReadTrace(std::string_view text) {
  try {
    (void)vgdl::trace::ParseTrace(text, "fuzz.trace");
  } catch (const vgdl::trace::TraceError&) {
  }
}

// A record replays against tests/data/traces/games (tinygoal), where a game it names loads.
void ReadObservationRecord(std::string_view text) {
  try {
    (void)vgdl::trace::ReplayObservationRecordText(text, "fuzz.obs",
                                                   VGDL_SOURCE_DIR "/tests/data/traces/games");
  } catch (const vgdl::trace::TraceError&) {
  } catch (const std::runtime_error&) {
    // A game or level that does not load, named by the record's header.
  }
}

void ReadStats(std::string_view text) {
  try {
    (void)vgdl::trace::Summarize(vgdl::trace::ParseStatsTable(text, "fuzz_lvl0.tsv"));
  } catch (const vgdl::trace::TraceError&) {
  }
}

void ReadResultLine(std::string_view text) {
  std::string error;
  const auto result = vgdl::ParseJsonLine(text, &error);
  if (!result) return;
  std::string again_error;
  const auto again = vgdl::ParseJsonLine(vgdl::ToJsonLine(*result), &again_error);
  Check(again.has_value());
  Check(vgdl::ToJsonLine(*again) == vgdl::ToJsonLine(*result));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ReadActionFile(text, 1);
  ReadActionFile(text, 2);
  ReadTrace(text);
  ReadObservationRecord(text);
  ReadStats(text);
  ReadResultLine(text);
  return 0;
}
