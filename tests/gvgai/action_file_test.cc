// GVGAI's action files: the exact text, strict reading, recording and replaying real games.
#include "gvgai/action_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/observation.h"
#include "tests/engine/stochastic_game.h"
#include "tests/temp_dir.h"
#include "vgdl/java_math.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

using testing::kStochasticGame;
using testing::kStochasticLevel;

class ActionFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    GameLoad g = LoadGameFromText(kStochasticGame, "action_file_test.txt");
    ASSERT_TRUE(g.game);
    game_ = g.game;
    LevelLoad l = LoadLevelFromText(*game_, kStochasticLevel, "action_file_test_lvl0.txt");
    ASSERT_TRUE(l.level.has_value());
    level_ = *l.level;
  }

  // Plays `ticks` ticks (or to the end) choosing actions from a fixed cycle that includes
  // actions the avatar lacks, recording as the window does.
  ActionFile PlayRecorded(int64_t seed, int ticks, State* final_state = nullptr) const {
    State state(game_, level_, seed);
    ActionRecorder recorder(seed, 1);
    const Action cycle[] = {Action::kRight, Action::kUse, Action::kDown, Action::kNil,
                            Action::kLeft,  Action::kUp,  Action::kUse,  Action::kRight};
    for (int t = 0; t < ticks && !state.ended(); ++t) {
      const Action a = cycle[((t * 7 + static_cast<int>(seed)) % 8 + 8) % 8];
      PlayRealTick(state, std::span<const Action>(&a, 1), &recorder);
    }
    if (final_state != nullptr) *final_state = state;
    return recorder.File(state);
  }

  std::shared_ptr<const GameDef> game_;
  LevelDef level_;
};

TEST(JavaDoubleStringTest, MatchesDoubleToString) {
  EXPECT_EQ(JavaDoubleString(0.0), "0.0");
  EXPECT_EQ(JavaDoubleString(-0.0), "-0.0");
  EXPECT_EQ(JavaDoubleString(12.0), "12.0");
  EXPECT_EQ(JavaDoubleString(-5.0), "-5.0");
  EXPECT_EQ(JavaDoubleString(1.5), "1.5");
  EXPECT_EQ(JavaDoubleString(0.1), "0.1");
  EXPECT_EQ(JavaDoubleString(0.001), "0.001");
  EXPECT_EQ(JavaDoubleString(0.0001), "1.0E-4");
  EXPECT_EQ(JavaDoubleString(1234.5), "1234.5");
  EXPECT_EQ(JavaDoubleString(9999999.0), "9999999.0");
  EXPECT_EQ(JavaDoubleString(1e7), "1.0E7");
  EXPECT_EQ(JavaDoubleString(-1000.0), "-1000.0");
  EXPECT_EQ(JavaDoubleString(1.25e10), "1.25E10");
  EXPECT_EQ(JavaDoubleString(100.0), "100.0");
  EXPECT_EQ(JavaDoubleString(1.0 / 0.0), "Infinity");
}

TEST(ActionNameTest, ReadsGvgaiNamesInAnyCase) {
  EXPECT_EQ(ActionFromName("ACTION_UP"), Action::kUp);
  EXPECT_EQ(ActionFromName("action_escape"), Action::kEscape);
  EXPECT_EQ(ActionFromName("Action_Nil"), Action::kNil);
  EXPECT_FALSE(ActionFromName("ACTION_JUMP"));
  EXPECT_FALSE(ActionFromName(""));
  EXPECT_FALSE(ActionFromName("UP"));
}

TEST(FormatActionFileTest, SinglePlayerTextAsGvgaiWritesIt) {
  ActionFile f;
  f.seed = -123456;
  f.win = {1};
  f.score = {12.0};
  f.ticks = 3;
  f.actions = {{Action::kRight, Action::kUse, Action::kNil, Action::kEscape}};
  EXPECT_EQ(FormatActionFile(f),
            "-123456 1 12.0 3\nACTION_RIGHT\nACTION_USE\nACTION_NIL\nACTION_ESCAPE\n");
  const auto back = ParseActionFile(FormatActionFile(f), 1, nullptr);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->seed, f.seed);
  EXPECT_EQ(back->win, f.win);
  EXPECT_EQ(back->score, f.score);
  EXPECT_EQ(back->ticks, f.ticks);
  EXPECT_EQ(back->actions, f.actions);
}

TEST(FormatActionFileTest, MultiPlayerTextAsGvgaiWritesIt) {
  ActionFile f;
  f.seed = 77;
  f.players = 2;
  f.win = {0, 1};
  f.score = {-1.0, 2.5};
  f.ticks = 2;
  f.actions = {{Action::kUp, Action::kLeft, Action::kUse}, {Action::kDown}};
  EXPECT_EQ(FormatActionFile(f),
            "77 2\n-1.0 2.5 \n0 1 \nACTION_UP ACTION_DOWN \nACTION_LEFT \nACTION_USE \n");
  std::string error;
  const auto back = ParseActionFile(FormatActionFile(f), 2, &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->seed, 77);
  EXPECT_EQ(back->win, (std::vector<int>{0, 1}));
  EXPECT_EQ(back->score, (std::vector<double>{-1.0, 2.5}));
  EXPECT_EQ(back->ticks, 2);
  // GVGAI pads a line's missing players with NIL; they are never asked for those.
  EXPECT_EQ(back->actions[0], f.actions[0]);
  EXPECT_EQ(back->actions[1], (std::vector<Action>{Action::kDown, Action::kNil, Action::kNil}));
}

TEST(ParseActionFileTest, AcceptsCrlfAndTrailingBlankLines) {
  const auto f = ParseActionFile("5 0 -3.0 2\r\naction_left\r\nACTION_NIL\r\n\r\n\n", 1, nullptr);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->seed, 5);
  EXPECT_EQ(f->score[0], -3.0);
  EXPECT_EQ(f->actions[0], (std::vector<Action>{Action::kLeft, Action::kNil}));
  const auto big = ParseActionFile("1 1 1.0E7 0\n", 1, nullptr);
  ASSERT_TRUE(big);
  EXPECT_EQ(big->score[0], 1e7);
  EXPECT_TRUE(big->actions[0].empty());
}

TEST(ParseActionFileTest, RefusesWhatGvgaiWouldMisread) {
  std::string error;
  EXPECT_FALSE(ParseActionFile("", 1, &error));
  EXPECT_NE(error.find("empty"), std::string::npos);
  EXPECT_FALSE(ParseActionFile("5 0 0.0\nACTION_UP\n", 1, &error));
  EXPECT_NE(error.find("line 1"), std::string::npos);
  EXPECT_FALSE(ParseActionFile("x 0 0.0 3\n", 1, &error));
  EXPECT_FALSE(ParseActionFile("5 0 0.0 3\nACTION_UP\nACTION_JUMP\n", 1, &error));
  EXPECT_NE(error.find("line 3"), std::string::npos);
  EXPECT_FALSE(ParseActionFile("5 0 0.0 3\nACTION_UP\n\nACTION_UP\n", 1, &error));
  EXPECT_NE(error.find("line 3"), std::string::npos);
  EXPECT_FALSE(ParseActionFile("5 0 0.0 3\nACTION_UP ACTION_UP\n", 1, &error));
  EXPECT_FALSE(ParseActionFile("5 3\n0.0 0.0\n0 0\nACTION_UP ACTION_UP ACTION_UP\n", 2, &error));
  EXPECT_NE(error.find("line 4"), std::string::npos);
  EXPECT_FALSE(ParseActionFile("5 3\n0.0 0.0\n", 2, &error));
  EXPECT_FALSE(ParseActionFile("5 0 0.0 3\n", 0, &error));
}

// GVGAI ends every game by tick 2000. A larger count, which read_files_fuzzer found, would also
// make the file written back from it that many lines long.
TEST(ParseActionFileTest, RefusesTickCountsNoGameReaches) {
  std::string error;
  EXPECT_FALSE(ParseActionFile("4166 66306266\n66\n1\n", 2, &error));
  EXPECT_EQ(error,
            "line 1: ticks 66306266 is outside 0..2000 (GVGAI ends every game by tick 2000)");
  EXPECT_FALSE(ParseActionFile("5 0 0.0 2001\n", 1, &error));
  EXPECT_FALSE(ParseActionFile("5 0 0.0 -1\n", 1, &error));
  EXPECT_TRUE(ParseActionFile("5 0 0.0 2000\n", 1, &error)) << error;
}

TEST(LoadActionFileTest, MissingFileIsAnError) {
  std::string error;
  EXPECT_FALSE(LoadActionFile("/nonexistent/dir/actions.txt", 1, &error));
  EXPECT_NE(error.find("cannot read"), std::string::npos);
}

TEST(SaveActionFileTest, WritesAndReadsBack) {
  const vgdl::testing::TempDir dir("vgdl_action_file_test");
  const auto path = dir / "actions.txt";
  ActionFile f;
  f.seed = 9;
  f.win = {0};
  f.score = {4.0};
  f.ticks = 1;
  f.actions = {{Action::kUp, Action::kDown}};
  std::string error;
  ASSERT_TRUE(SaveActionFile(f, path, &error)) << error;
  const auto back = LoadActionFile(path, 1, &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(FormatActionFile(*back), FormatActionFile(f));
  EXPECT_FALSE(SaveActionFile(f, "/nonexistent/dir/x.txt", &error));
}

TEST_F(ActionFileTest, LogsValidatedActions) {
  State state(game_, level_, 3);
  ActionRecorder recorder(3, 1);
  EXPECT_EQ(ValidatedAction(state, 0, Action::kUse), Action::kUse);
  EXPECT_EQ(ValidatedAction(state, 0, Action::kEscape), Action::kEscape);
  EXPECT_EQ(ValidatedAction(state, 1, Action::kUse), Action::kNil);  // no such player
  const Action right = Action::kRight;
  EXPECT_FALSE(PlayRealTick(state, std::span<const Action>(&right, 1), &recorder));
  EXPECT_EQ(recorder.actions()[0], (std::vector<Action>{Action::kRight}));
  const ActionFile f = recorder.File(state);
  EXPECT_EQ(f.ticks, 0);  // GVGAI's getGameTick(): the last tick processed
  EXPECT_EQ(f.seed, 3);
}

TEST_F(ActionFileTest, ReplayReproducesTheGameExactly) {
  for (const int64_t seed : {1, 2, 99, -5}) {
    State played(game_, level_, seed);
    const ActionFile file = PlayRecorded(seed, 400, &played);
    const auto parsed = ParseActionFile(FormatActionFile(file), 1, nullptr);
    ASSERT_TRUE(parsed);
    State replayed(game_, level_, parsed->seed);
    ActionReplay replay(*parsed);
    int steps = 0;
    while (replay.Next(replayed) == ActionReplay::Step::kPlayed) ++steps;
    EXPECT_TRUE(SameGameState(played, replayed)) << "seed " << seed;
    EXPECT_EQ(ResultOf(replayed, 0), RecordedResult(*parsed, 0)) << "seed " << seed;
    EXPECT_EQ(steps, played.tick());
    // The avatar is asked only while it lives: fewer actions than ticks when it died.
    EXPECT_LE(file.actions[0].size(), static_cast<size_t>(played.tick()));
  }
}

TEST_F(ActionFileTest, GamesSavedBeforeTheirEndStopWhereTheyWereSaved) {
  State played(game_, level_, 11);
  const ActionFile file = PlayRecorded(11, 25, &played);
  ASSERT_FALSE(played.ended());
  State replayed(game_, level_, 11);
  ActionReplay replay(file);
  ActionReplay::Step step;
  while ((step = replay.Next(replayed)) == ActionReplay::Step::kPlayed) {
  }
  EXPECT_EQ(step, ActionReplay::Step::kOutOfActions);
  EXPECT_EQ(replayed.tick(), 25);
  EXPECT_TRUE(SameGameState(played, replayed));
  EXPECT_EQ(ResultOf(replayed, 0), RecordedResult(file, 0));
}

TEST_F(ActionFileTest, EscapeAbortsAfterItsTick) {
  State state(game_, level_, 4);
  ActionRecorder recorder(4, 1);
  const Action moves[] = {Action::kRight, Action::kEscape};
  for (const Action a : moves) {
    const bool aborted = PlayRealTick(state, std::span<const Action>(&a, 1), &recorder);
    EXPECT_EQ(aborted, a == Action::kEscape);
  }
  const ActionFile file = recorder.File(state);
  EXPECT_EQ(FormatActionFile(file).substr(FormatActionFile(file).find('\n') + 1),
            "ACTION_RIGHT\nACTION_ESCAPE\n");
  State replayed(game_, level_, 4);
  ActionReplay replay(file);
  EXPECT_EQ(replay.Next(replayed), ActionReplay::Step::kPlayed);
  EXPECT_EQ(replay.Next(replayed), ActionReplay::Step::kPlayed);
  EXPECT_TRUE(replay.aborted());
  EXPECT_EQ(replay.Next(replayed), ActionReplay::Step::kOver);
  EXPECT_EQ(replayed.tick(), 2);
  EXPECT_TRUE(SameGameState(state, replayed));
}

TEST_F(ActionFileTest, ResultOfAWinnerHasAtLeastScoreOne) {
  State state(game_, level_, 8);
  // Standing still until the 300-tick timeout wins (unless a bug gets the avatar).
  while (!state.ended()) Advance(state, Action::kNil, StepMode::kRealGame);
  const GameResult r = ResultOf(state, 0);
  EXPECT_EQ(r.ticks, state.tick() - 1);
  if (r.win == 1) {
    EXPECT_GE(r.score, 1.0);
  }
  EXPECT_EQ(FormatResult({1, 12.0, 57}), "win=1 score=12.0 ticks=57");
}

}  // namespace
}  // namespace vgdl
