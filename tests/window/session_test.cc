// The game session behind the window, without a window: keys to recorded actions, agents,
// replays, restarts and F5 reloads of edited files.
#include "tools/window/session.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "engine/observation.h"
#include "tests/temp_dir.h"

namespace vgdl::window {
namespace {

namespace fs = std::filesystem;

fs::path Data() {
  return fs::path(VGDL_TEST_DATA_DIR) / "window";
}

SessionConfig Config(const std::string& game, int64_t seed) {
  SessionConfig c;
  c.game = (Data() / (game + ".txt")).string();
  c.games_dir = Data();
  c.seed = seed;
  return c;
}

void Write(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  out << text;
}

std::string Read(const fs::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(GameSessionTest, PulseKeysBecomeRecordedMoves) {
  GameSession session(Config("walk", 5));
  ASSERT_TRUE(session.Load()) << session.errors();
  EXPECT_TRUE(session.pulse_keys());
  EXPECT_EQ(session.seed(), 5);
  HumanInput input(session.players(), session.pulse_keys());
  const Vec2 start = AvatarPosition(*session.state());
  input.Release(0, GameKey::kRight);
  input.Release(0, GameKey::kRight);
  input.Release(0, GameKey::kDown);
  for (int t = 0; t < 5; ++t) session.Tick(input);
  const Vec2 end = AvatarPosition(*session.state());
  EXPECT_EQ(end.x - start.x, 40);
  EXPECT_EQ(end.y - start.y, 20);
  session.Abort();
  EXPECT_TRUE(session.over());
  EXPECT_EQ(session.Outcome(), "ABORTED");
  const ActionFile file = session.Record();
  EXPECT_EQ(FormatActionFile(file),
            "5 0 0.0 5\nACTION_RIGHT\nACTION_RIGHT\nACTION_DOWN\nACTION_NIL\nACTION_NIL\n"
            "ACTION_ESCAPE\n");
}

TEST(GameSessionTest, ReplaysWhatWasRecorded) {
  GameSession session(Config("countdown", 21));
  ASSERT_TRUE(session.Load()) << session.errors();
  HumanInput input(1, false);
  input.Press(0, GameKey::kRight);
  while (!session.over()) session.Tick(input);
  const ActionFile file = session.Record();
  const State played = *session.state();

  GameSession replay(Config("countdown", 0));
  ASSERT_TRUE(replay.Load());
  replay.Replay(file);
  EXPECT_TRUE(replay.replaying());
  EXPECT_EQ(replay.seed(), 21);
  HumanInput ignored(1, false);
  ignored.Press(0, GameKey::kLeft);  // keys do not matter in a replay
  while (!replay.over()) replay.Tick(ignored);
  EXPECT_TRUE(SameGameState(played, *replay.state()));
  ASSERT_TRUE(replay.ReplayMatches().has_value());
  EXPECT_TRUE(*replay.ReplayMatches());
  EXPECT_NE(replay.StatusLines().back().find("(matches)"), std::string::npos);
}

TEST(GameSessionTest, AgentPlaysPlayerZeroAndReportsStatistics) {
  SessionConfig config = Config("countdown", 3);
  config.agent = "random";
  config.rules = Rules::ForwardModelCalls(10);
  GameSession session(config);
  ASSERT_TRUE(session.Load()) << session.errors();
  HumanInput input(1, false);
  while (!session.over()) session.Tick(input);
  const ActionFile file = session.Record();
  EXPECT_FALSE(file.actions[0].empty());
  const auto lines = session.StatusLines();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[1].find("Agent random"), std::string::npos);
  EXPECT_NE(lines[1].find("iterations"), std::string::npos);

  GameSession replay(Config("countdown", 0));
  ASSERT_TRUE(replay.Load());
  replay.Replay(file);
  while (!replay.over()) replay.Tick(input);
  EXPECT_TRUE(SameGameState(*session.state(), *replay.state()));
  EXPECT_EQ(*replay.ReplayMatches(), true);
}

// A designer whose game runs into the sprite limit is told so under the game, and from which
// tick: from there on it plays differently from GVGAI, which ends such a game.
TEST(GameSessionTest, TheSpriteLimitIsShownFromTheTickItRefusedASprite) {
  SessionConfig config = Config("quarry", 1);
  config.game = (Data() / ".." / "sprite_limit" / "quarry.txt").string();
  GameSession session(config);
  ASSERT_TRUE(session.Load()) << session.errors();
  HumanInput input(1, true);
  session.Tick(input);
  EXPECT_EQ(session.StatusLines().size(), 1u);
  session.Tick(input);
  const auto lines = session.StatusLines();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[1].find("Sprite limit (10000) reached at tick 1"), std::string::npos) << lines[1];
}

TEST(GameSessionTest, RestartKeepsAFixedSeedAndCountsGames) {
  GameSession session(Config("countdown", 8));
  ASSERT_TRUE(session.Load());
  HumanInput input(1, false);
  session.Tick(input);
  EXPECT_EQ(session.state()->tick(), 1);
  session.Restart();
  EXPECT_EQ(session.state()->tick(), 0);
  EXPECT_EQ(session.seed(), 8);
  EXPECT_EQ(session.games_started(), 2);
  SessionConfig random = Config("countdown", 0);
  random.seed.reset();
  GameSession fresh(random);
  ASSERT_TRUE(fresh.Load());
  EXPECT_GE(fresh.seed(), INT32_MIN);
  EXPECT_LE(fresh.seed(), INT32_MAX);
}

TEST(GameSessionTest, ReloadShowsErrorsUntilTheFileIsFixed) {
  const vgdl::testing::TempDir dir("vgdl_session_reload_test");
  const std::string good = Read(Data() / "walk.txt");
  Write(dir / "walk.txt", good);
  fs::copy_file(Data() / "walk_lvl0.txt", dir / "walk_lvl0.txt");
  SessionConfig config = Config("walk", 1);
  config.game = (dir / "walk.txt").string();
  GameSession session(config);
  ASSERT_TRUE(session.Load()) << session.errors();
  HumanInput input(1, true);
  session.Tick(input);

  std::string broken = good;
  broken.replace(broken.find("MovingAvatar"), 12, "MovingAvatr");
  Write(dir / "walk.txt", broken);
  EXPECT_FALSE(session.Reload());
  EXPECT_FALSE(session.loaded());
  EXPECT_TRUE(session.fixable());
  EXPECT_NE(session.errors().find("walk.txt:"), std::string::npos) << session.errors();
  EXPECT_NE(session.errors().find("MovingAvatr"), std::string::npos) << session.errors();
  session.Tick(input);  // nothing to play: no crash

  Write(dir / "walk.txt", good);
  ASSERT_TRUE(session.Reload()) << session.errors();
  EXPECT_EQ(session.seed(), 1);
  EXPECT_EQ(session.state()->tick(), 0);
}

TEST(GameSessionTest, MissingGamesAndLevelsAreNotFixable) {
  GameSession none(Config("no_such_game", 1));
  EXPECT_FALSE(none.Load());
  EXPECT_FALSE(none.fixable());
  EXPECT_FALSE(none.errors().empty());
  SessionConfig config = Config("walk", 1);
  config.level = 7;
  GameSession no_level(config);
  EXPECT_FALSE(no_level.Load());
  EXPECT_FALSE(no_level.fixable());
  EXPECT_NE(no_level.errors().find("no level 7"), std::string::npos);
}

// `vgdl play --set`: the session loads the game with the values chosen, and refuses one
// outside a parameter's values before the game starts.
TEST(GameSessionTest, SetChoosesAParametersValue) {
  SessionConfig c;
  c.game = (fs::path(VGDL_TEST_DATA_DIR) / "parameters" / "designed.txt").string();
  c.games_dir = fs::path(VGDL_TEST_DATA_DIR) / "parameters";
  c.seed = 1;
  c.settings = {"ECONS=3"};
  GameSession session(c);
  ASSERT_TRUE(session.Load()) << session.errors();
  ASSERT_EQ(session.game()->parameters.size(), 7u);
  EXPECT_EQ(session.game()->parameters[2].played, "3");
  c.settings = {"ECONS=7"};
  GameSession refused(c);
  EXPECT_FALSE(refused.Load());
  EXPECT_NE(refused.errors().find("--set ECONS=7: '7' is not a value of ECONS"), std::string::npos)
      << refused.errors();
}

}  // namespace
}  // namespace vgdl::window
