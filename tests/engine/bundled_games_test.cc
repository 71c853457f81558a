// The games this project ships in games/ and levels/: each loads without a single diagnostic,
// has five clean levels with a win and a loss condition, survives seeded random play
// reproducibly, and the deterministic levels are won by a known sequence of moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/observation.h"
#include "engine/state.h"
#include "vgdl/java_random.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;

constexpr int kLevelsPerGame = 5;
constexpr int kRandomPlayTicks = 300;
// Level sizes the bundled games promise (docs/games.md).
constexpr int kMinWidth = 8, kMaxWidth = 30, kMinHeight = 6, kMaxHeight = 16;

fs::path SourceDir() {
  return fs::path(VGDL_SOURCE_DIR);
}
fs::path GamePath(const std::string& game) {
  return SourceDir() / "games" / (game + ".txt");
}
fs::path LevelPath(const std::string& game, int level) {
  return SourceDir() / "levels" / (game + "_lvl" + std::to_string(level) + ".txt");
}

// Every games/<name>.txt, by name, sorted so that test names are stable.
std::vector<std::string> BundledGames() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(SourceDir() / "games", ec)) {
    if (entry.is_regular_file() && entry.path().extension() == ".txt") {
      names.push_back(entry.path().stem().string());
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string Describe(const Diagnostics& diagnostics) {
  std::string text;
  for (const Diagnostic& d : diagnostics.items()) text += Format(d) + "\n";
  return text;
}

std::shared_ptr<const GameDef> LoadCleanGame(const std::string& game) {
  GameLoad load = LoadGameFromFile(GamePath(game));
  EXPECT_TRUE(load.diagnostics.items().empty()) << Describe(load.diagnostics);
  return load.game;
}

std::optional<LevelDef> LoadCleanLevel(const GameDef& def, const std::string& game, int level) {
  LevelLoad load = LoadLevelFromFile(def, LevelPath(game, level));
  EXPECT_TRUE(load.diagnostics.items().empty()) << Describe(load.diagnostics);
  return load.level;
}

// What a finished or interrupted episode looks like from outside.
struct Outcome {
  double score = 0.0;
  int sprites = 0;
  int tick = 0;
  bool ended = false;
  Winner winner = Winner::kNone;
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

void PrintTo(const Outcome& o, std::ostream* os) {
  *os << "{score " << o.score << ", sprites " << o.sprites << ", tick " << o.tick << ", ended "
      << o.ended << ", winner " << static_cast<int>(o.winner) << "}";
}

Outcome OutcomeOf(const State& state) {
  return {Score(state), state.sprite_count(), state.tick(), IsGameOver(state), GameWinner(state)};
}

// Uniformly random actions (ACTION_NIL included) from a generator of its own, so the
// game's generator sees exactly the draws the game makes.
Outcome PlayRandomly(std::shared_ptr<const GameDef> def, const LevelDef& level, int64_t seed) {
  State state(std::move(def), level, seed);
  JavaRandom policy(seed * 7919 + 1);
  for (int t = 0; t < kRandomPlayTicks && !IsGameOver(state); ++t) {
    const std::vector<Action> actions = AvailableActions(state, 0, /*with_nil=*/true);
    const Action action =
        actions.empty()
            ? Action::kNil
            : actions[static_cast<size_t>(policy.NextInt(static_cast<int32_t>(actions.size())))];
    Advance(state, action, StepMode::kRealGame);
  }
  return OutcomeOf(state);
}

Action ActionFromMove(char move) {
  switch (move) {
    case 'U':
      return Action::kUp;
    case 'D':
      return Action::kDown;
    case 'L':
      return Action::kLeft;
    case 'R':
      return Action::kRight;
    case 'S':
      return Action::kUse;
    default:
      return Action::kNil;
  }
}

TEST(BundledGamesTest, ThereAreAtLeastSixGames) {
  EXPECT_GE(BundledGames().size(), 6u) << "looked in " << (SourceDir() / "games");
}

class BundledGameTest : public ::testing::TestWithParam<std::string> {};

TEST_P(BundledGameTest, LoadsWithoutErrorsOrWarnings) {
  EXPECT_TRUE(LoadCleanGame(GetParam()));
}

TEST_P(BundledGameTest, HasAWinAndALossCondition) {
  auto def = LoadCleanGame(GetParam());
  ASSERT_TRUE(def);
  bool can_win = false;
  bool can_lose = false;
  for (const TerminationDef& t : def->terminations) {
    const bool wins = !t.win.empty() && t.win[0];
    can_win = can_win || wins;
    can_lose = can_lose || !wins;
  }
  EXPECT_TRUE(can_win);
  EXPECT_TRUE(can_lose);
}

TEST_P(BundledGameTest, HasFiveCleanLevelsWithAnAvatar) {
  auto def = LoadCleanGame(GetParam());
  ASSERT_TRUE(def);
  for (int l = 0; l < kLevelsPerGame; ++l) {
    SCOPED_TRACE("level " + std::to_string(l));
    ASSERT_TRUE(fs::exists(LevelPath(GetParam(), l))) << LevelPath(GetParam(), l);
    auto level = LoadCleanLevel(*def, GetParam(), l);
    ASSERT_TRUE(level);
    EXPECT_GE(level->width, kMinWidth);
    EXPECT_LE(level->width, kMaxWidth);
    EXPECT_GE(level->height, kMinHeight);
    EXPECT_LE(level->height, kMaxHeight);
    State state(def, *level, 1);
    EXPECT_TRUE(HasAvatar(state));
  }
  EXPECT_FALSE(fs::exists(LevelPath(GetParam(), kLevelsPerGame)))
      << "docs/games.md promises exactly five levels";
}

// A level that ends before the player can do anything has a broken termination (a counted
// type missing from the level, a win that already holds).
TEST_P(BundledGameTest, NoLevelEndsOnItsFirstTick) {
  auto def = LoadCleanGame(GetParam());
  ASSERT_TRUE(def);
  for (int l = 0; l < kLevelsPerGame; ++l) {
    SCOPED_TRACE("level " + std::to_string(l));
    auto level = LoadCleanLevel(*def, GetParam(), l);
    ASSERT_TRUE(level);
    State state(def, *level, 42);
    Advance(state, Action::kNil, StepMode::kRealGame);
    EXPECT_FALSE(IsGameOver(state));
    EXPECT_EQ(Score(state), 0.0);
  }
}

TEST_P(BundledGameTest, RandomPlayIsReproducible) {
  auto def = LoadCleanGame(GetParam());
  ASSERT_TRUE(def);
  for (int l = 0; l < kLevelsPerGame; ++l) {
    auto level = LoadCleanLevel(*def, GetParam(), l);
    ASSERT_TRUE(level);
    for (int64_t seed : {1, 2, 3}) {
      SCOPED_TRACE("level " + std::to_string(l) + " seed " + std::to_string(seed));
      const Outcome first = PlayRandomly(def, *level, seed);
      const Outcome second = PlayRandomly(def, *level, seed);
      EXPECT_EQ(first, second);
      EXPECT_GT(first.tick, 0);
      EXPECT_GT(first.sprites, 0);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Games, BundledGameTest, ::testing::ValuesIn(BundledGames()),
                         [](const auto& game) { return game.param; });

// Levels without randomness on the winning path, with a winning sequence of moves (U/D/L/R)
// found by searching the level's rules: a breadth-first search over crate and key states, and
// for Rift Runner level 2, whose spark moves deterministically, a look-ahead in the engine.
struct Solution {
  const char* game;
  int level;
  const char* moves;
};

constexpr Solution kSolutions[] = {
    {"cratedock", 0, "LLDRRRRULLLLURRRR"},
    {"cratedock", 1, "RDDDLLLULLUURRRUURDRDLLLLRRDRURDDUULLLLULDDULUDRDDDRRRRR"},
    {"cratedock", 2,
     "LUURRDULDDDDRRRDRRUULUURRLLDDRDDLLULLLUUURRDLULDDDRRRDRRUULUUURRRDDULLLDDDLDRRRRRUUL"},
    {"cratedock", 3, "DDRDLLLULLDRRRRUUULUURDDDDRDLLLLLLUUULUURDDDDLDRRRRRRR"},
    {"cratedock", 4,
     "DDLDDRRLLUURUUULURRRRDRRRRDRDDLLLLLLRRRRRRUULUURRRRDDLLUULLDLLULLLLDDLDDLDDRRRRRUULLLLUUUURR"
     "RDRRRRRRLDDUULLLULLLLDDLDDRRRRRRRRRRD"},
    {"keyvault", 0, "DDRRRRRRRDDRRRR"},
    {"riftrunner", 0, "DDRRURRR"},
    {"riftrunner", 1, "DDDDRRRRUUU"},
    {"riftrunner", 2, "RRRDLDDRRDDRRRDRRU"},  // times its way past the spark
};

void PrintTo(const Solution& s, std::ostream* os) {
  *os << s.game << " level " << s.level;
}

class BundledSolutionTest : public ::testing::TestWithParam<Solution> {};

TEST_P(BundledSolutionTest, WinsTheLevel) {
  const Solution& s = GetParam();
  auto def = LoadCleanGame(s.game);
  ASSERT_TRUE(def);
  auto level = LoadCleanLevel(*def, s.game, s.level);
  ASSERT_TRUE(level);
  State state(def, *level, 7);
  const std::string moves = s.moves;
  size_t played = 0;
  while (played < moves.size() && !IsGameOver(state)) {
    Advance(state, ActionFromMove(moves[played++]), StepMode::kRealGame);
  }
  EXPECT_EQ(played, moves.size()) << "the game ended early, at tick " << state.tick();
  EXPECT_TRUE(IsGameOver(state));
  EXPECT_EQ(GameWinner(state), Winner::kWins);
  EXPECT_GT(Score(state), 0.0);
}

INSTANTIATE_TEST_SUITE_P(Levels, BundledSolutionTest, ::testing::ValuesIn(kSolutions),
                         [](const auto& solution) {
                           return std::string(solution.param.game) + "_lvl" +
                                  std::to_string(solution.param.level);
                         });

}  // namespace
}  // namespace vgdl
