#include "gvgai/trace/state_format.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/game.h"
#include "engine/state.h"
#include "gvgai/trace/random_policy.h"
#include "vgdl/loader.h"

namespace vgdl::trace {
namespace {

constexpr const char* kGame = R"(BasicGame
  SpriteSet
    a > Immovable
    ab > Immovable
    b > Immovable
    gold > Resource limit=5
    apple > Resource
    avatar > MovingAvatar
  LevelMapping
    x > a
    y > ab
    z > b
  InteractionSet
    avatar a > stepBack
  TerminationSet
    Timeout limit=100 win=False
)";

class StateFormatTest : public ::testing::Test {
 protected:
  void SetUp() override {
    GameLoad game = LoadGameFromText(kGame, "names.txt");
    ASSERT_TRUE(game.game) << (game.diagnostics.items().empty()
                                   ? ""
                                   : Format(game.diagnostics.items().front()));
    def_ = game.game;
    LevelLoad level = LoadLevelFromText(*def_, "xyA\nz.z\n", "names_lvl0.txt");
    ASSERT_TRUE(level.level);
    state_.emplace(def_, *level.level, 1);
  }

  TypeId Type(const char* name) const { return def_->FindType(name); }

  std::shared_ptr<const GameDef> def_;
  std::optional<State> state_;
};

TEST_F(StateFormatTest, ListsSpritesInTheTraceOrder) {
  TraceFormatter f(*def_);
  const int block = state_->block_size();
  const std::vector<TraceSprite> expected = {{"avatar", 2 * block, 0},
                                             {"b", 0, block},
                                             {"b", 2 * block, block},
                                             {"ab", block, 0},
                                             {"a", 0, 0}};
  EXPECT_EQ(f.SpriteList(*state_), expected);
  EXPECT_EQ(TraceFormatter::SpriteCount(*state_), 5);
}

TEST_F(StateFormatTest, FastChecksumEqualsTheReferenceChecksum) {
  TraceFormatter f(*def_);
  EXPECT_EQ(f.Checksum(*state_), ChecksumOfSprites(f.SpriteList(*state_)));
  // Negative, multi-digit and prefix-sharing coordinates and names.
  for (const auto& [name, x, y] :
       std::vector<std::tuple<const char*, int32_t, int32_t>>{{"a", -5, 3},
                                                              {"a", -50, 0},
                                                              {"ab", 100, -1},
                                                              {"ab", 10, 0},
                                                              {"a", 1, 1000},
                                                              {"b", -2147483647, 2147483647},
                                                              {"a", 7, 7},
                                                              {"a", 7, 7}}) {
    ASSERT_NE(state_->AddSprite(Type(name), x, y, true), kNoSprite);
    EXPECT_EQ(FormatHash(f.Checksum(*state_)), FormatHash(ChecksumOfSprites(f.SpriteList(*state_))))
        << name << " " << x << " " << y;
  }
}

TEST_F(StateFormatTest, ChecksumStaysEqualWhileTheGamePlays) {
  TraceFormatter f(*def_);
  SplitMix64 rng(7);
  for (int i = 0; i < 50 && !state_->ended(); ++i) {
    Advance(*state_, RandomAction(*state_, rng, true), StepMode::kRealGame);
    ASSERT_EQ(f.Checksum(*state_), ChecksumOfSprites(f.SpriteList(*state_)));
  }
}

TEST_F(StateFormatTest, FormatsTheAvatar) {
  TraceFormatter f(*def_);
  const int block = state_->block_size();
  const std::string pos = std::to_string(2 * block) + ",0,";
  EXPECT_EQ(f.Avatar(*state_), pos + "0.00,0.00,avatar,0,-");
  const SpriteRef avatar = state_->player(0).avatar;
  state_->sprite(avatar).orientation = {-0.0, 0.125};
  state_->sprite(avatar).health = 3;
  state_->ModifyResource(avatar, Type("gold"), 2);
  state_->ModifyResource(avatar, Type("apple"), 1);
  state_->ModifyResource(avatar, Type("ab"), 1);
  state_->ModifyResource(avatar, Type("ab"), -1);  // touched, now 0: left out
  // Sorted by name, not by type id.
  EXPECT_EQ(f.Avatar(*state_), pos + "-0.00,0.13,avatar,3,apple:1;gold:2");
}

TEST_F(StateFormatTest, PrintsNoneWithoutAnAvatar) {
  TraceFormatter f(*def_);
  state_->player(0).avatar = kNoSprite;
  EXPECT_EQ(f.Avatar(*state_), "none");
}

TEST(StateFormatNamesTest, NamesScoresAndWinStates) {
  EXPECT_EQ(FormatScore(0.0), "0.000");
  EXPECT_EQ(FormatScore(-3.0005), "-3.001");
  EXPECT_EQ(WinName(Winner::kNone), "NO_WINNER");
  EXPECT_EQ(WinName(Winner::kWins), "WINS");
  EXPECT_EQ(WinName(Winner::kLoses), "LOSES");
}

}  // namespace
}  // namespace vgdl::trace
