// Observation records (`vgdl-obs 1`): the replay reports the first line where the engine's
// observation differs, and a malformed record is an error with its line. Records recorded from
// GVGAI are replayed by FidelityTest.ObservationsMatchGvgai.
#include "gvgai/trace/observation_record.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "engine/game.h"
#include "tests/temp_dir.h"

namespace vgdl::trace {
namespace {

namespace fs = std::filesystem;

const fs::path kGamesDir = fs::path(VGDL_TEST_DATA_DIR) / "traces" / "games";

// A record of tinygoal's level 0 played by `actions`, written as the engine observes it.
std::string RecordOf(const std::vector<Action>& actions) {
  const LoadedLevel loaded = LoadTraceLevel(kGamesDir, "gridphysics", "tinygoal", 0);
  State state(loaded.game, loaded.level, 5);
  std::string text = "vgdl-obs 1\ngame tinygoal\nfolder gridphysics\nlevel 0\nseed 5\n";
  for (const Action a : actions) {
    text += FormatObservationBlock(state);
    text += "a " + std::string(ActionName(a)) + "\n";
    Advance(state, a, StepMode::kRealGame);
  }
  return text + "end " + std::to_string(state.tick()) + "\n";
}

class ObservationRecordTest : public ::testing::Test {
 protected:
  Outcome Verify(const std::string& text) {
    const fs::path file = dir_ / "tinygoal_lvl0_s1.obs";
    std::ofstream(file) << text;
    VerifyOptions options;
    options.games_dir = kGamesDir;
    return VerifyFile(file, options);
  }
  // `text` with the first `from` replaced by `to`.
  static std::string Edit(std::string text, const std::string& from, const std::string& to) {
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
  }

  vgdl::testing::TempDir dir_{"vgdl_observation_record_test"};
  const std::string record_ = RecordOf({Action::kNil, Action::kRight, Action::kDown});
};

TEST_F(ObservationRecordTest, IsRecognisedByItsName) {
  EXPECT_TRUE(IsObservationRecord("a/aliens_lvl0_s1.obs.gz"));
  EXPECT_TRUE(IsObservationRecord("aliens_lvl0_s1.obs"));
  EXPECT_FALSE(IsObservationRecord("aliens_lvl0_s1.trace.gz"));
}

TEST_F(ObservationRecordTest, PassesWhenEveryTickMatches) {
  const Outcome o = Verify(record_);
  EXPECT_EQ(o.verdict, Verdict::kPass) << o.detail;
  EXPECT_EQ(o.detail, "3 observations");
}

TEST_F(ObservationRecordTest, ReportsTheFirstLineThatDiffers) {
  // The avatar's health as GVGAI would have shown it on tick 0.
  const Outcome o = Verify(Edit(record_, "avatar 0 0 1000 1", "avatar 3 0 1000 1"));
  EXPECT_EQ(o.verdict, Verdict::kFail);
  EXPECT_NE(o.detail.find("tick=0 record line 9: expected `av "), std::string::npos) << o.detail;
  EXPECT_NE(o.detail.find("avatar 3 0 1000 1` got `"), std::string::npos) << o.detail;
}

TEST_F(ObservationRecordTest, ReportsLinesOnlyOneSideHas) {
  const Outcome extra =
      Verify(Edit(record_, "ev 0\na ACTION_NIL", "ev 0\ng 9,9 wall:1:4\na ACTION_NIL"));
  EXPECT_EQ(extra.verdict, Verdict::kFail);
  EXPECT_NE(extra.detail.find("missing from the engine's observation: `g 9,9 wall:1:4`"),
            std::string::npos)
      << extra.detail;
}

TEST_F(ObservationRecordTest, AMalformedRecordNamesItsLine) {
  const Outcome action = Verify(Edit(record_, "a ACTION_RIGHT", "a ACTION_JUMP"));
  EXPECT_EQ(action.verdict, Verdict::kFail);
  EXPECT_NE(action.detail.find("malformed: "), std::string::npos) << action.detail;
  EXPECT_NE(action.detail.find("unknown action `ACTION_JUMP`"), std::string::npos) << action.detail;

  const Outcome header = Verify(Edit(record_, "level 0", "level zero"));
  EXPECT_NE(header.detail.find(":4: `level` needs an integer"), std::string::npos) << header.detail;

  const Outcome back = Verify(Edit(record_, "o 2\n", "o 1\n"));
  EXPECT_NE(back.detail.find("the observations' ticks must increase"), std::string::npos)
      << back.detail;
  const Outcome far = Verify(Edit(record_, "o 2\n", "o 2000000000\n"));
  EXPECT_NE(far.detail.find("more than 100000 ticks without an observation"), std::string::npos)
      << far.detail;

  const Outcome cut = Verify(record_.substr(0, record_.find("end ")));
  EXPECT_NE(cut.detail.find("the record ends early"), std::string::npos) << cut.detail;
}

}  // namespace
}  // namespace vgdl::trace
