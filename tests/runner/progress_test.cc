// The progress display: done / total, the rate and the time left, on the bar and in log lines.
#include "runner/progress.h"

#include <gtest/gtest.h>

namespace vgdl {
namespace {

TEST(FormatRate, PicksTheUnitThatGivesAtLeastOne) {
  EXPECT_EQ(FormatRate(0, 10.0), "-");
  EXPECT_EQ(FormatRate(5, 0.0), "-");
  EXPECT_EQ(FormatRate(32, 10.0), "3.2/s");
  EXPECT_EQ(FormatRate(12, 100.0), "7.2/min");
  EXPECT_EQ(FormatRate(2, 9000.0), "0.8/h");
}

TEST(FormatProgressBar, ShowsDoneTotalRateAndTimeLeft) {
  RunProgress p;
  p.done = 12;
  p.total = 50;
  p.wins = 5;
  p.elapsed_s = 100.0;
  // 100 s for 12 episodes: 38 more take 316.7 s.
  EXPECT_EQ(FormatProgressBar(p, 10),
            "[##........] 12/50  wins 5  disq 0  errors 0  7.2/min  elapsed 1m40s  left ~5m17s");
  p.done = 50;  // done: nothing left to estimate
  EXPECT_EQ(FormatProgressBar(p, 10),
            "[##########] 50/50  wins 5  disq 0  errors 0  30.0/min  elapsed 1m40s");
}

TEST(FormatProgressLine, ShowsDoneTotalRateAndTimeLeftForLogs) {
  RunProgress p;
  p.done = 12;
  p.total = 50;
  p.elapsed_s = 100.0;
  EXPECT_EQ(FormatProgressLine(p),
            "progress: 12/50 episodes (24%), 7.2/min, elapsed 1m40s, left ~5m17s");
  p.done = 0;
  p.elapsed_s = 3.0;
  EXPECT_EQ(FormatProgressLine(p), "progress: 0/50 episodes (0%), -, elapsed 3s");
}

}  // namespace
}  // namespace vgdl
