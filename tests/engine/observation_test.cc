// The observation API agents use (engine/observation.h), on a small game with a sprite of each
// observation category. GVGAI's own observations of whole episodes are compared by
// FidelityTest.ObservationsMatchGvgai (records made by tools/gvgai-recorder).
#include "engine/observation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/engine/effects/effect_test_util.h"

namespace vgdl {
namespace {

using testing::First;
using testing::MakeState;
using testing::Type;

constexpr std::string_view kGame = R"(BasicGame square_size=10
  SpriteSet
    floor > Immovable hidden=True
    wall > Immovable
    gem > Resource limit=3
    door > Door
    monster > RandomNPC
    rock > Missile speed=0
    bullet > Missile
    avatar > ShootAvatar stype=bullet
  LevelMapping
    . > floor
    w > wall
    g > floor gem
    d > floor door
    m > floor monster
    r > floor rock
    A > floor avatar
  InteractionSet
    avatar wall > stepBack
    gem avatar > collectResource
    avatar rock > changeResource resource=gem value=-5
  TerminationSet
    SpriteCounter stype=door limit=0 win=True
)";

// The avatar at (10,10) faces right; gems at (20,10) and (30,30), 100 and 800 squared pixels away.
constexpr std::string_view kLevel =
    "wwwww\n"
    "wAg.w\n"
    "wr.mw\n"
    "wd.gw\n"
    "wwwww\n";

std::vector<TypeId> TypesOf(const std::vector<std::vector<Observation>>& lists) {
  std::vector<TypeId> out;
  for (const auto& list : lists) out.push_back(list.front().type);
  return out;
}

TEST(Observation, EachSpriteFallsInTheFirstCategoryItMatches) {
  const State state = MakeState(kGame, kLevel);
  EXPECT_EQ(CategoryOf(state, First(state, "avatar")), ObsCategory::kAvatar);
  EXPECT_EQ(CategoryOf(state, First(state, "gem")), ObsCategory::kResource);
  // A Door is static too, but portal comes first.
  EXPECT_EQ(CategoryOf(state, First(state, "door")), ObsCategory::kPortal);
  EXPECT_EQ(CategoryOf(state, First(state, "monster")), ObsCategory::kNpc);
  EXPECT_EQ(CategoryOf(state, First(state, "wall")), ObsCategory::kStatic);
  EXPECT_EQ(CategoryOf(state, First(state, "rock")), ObsCategory::kMovable);
}

TEST(Observation, ListsHoldOneTypeEachSortedByDistanceToTheReference) {
  const State state = MakeState(kGame, kLevel);
  const Vec2 avatar = AvatarPosition(state);
  ASSERT_EQ(avatar, (Vec2{10, 10}));

  const auto gems = ObservationsOf(state, ObsCategory::kResource, avatar);
  ASSERT_EQ(gems.size(), 1u);
  ASSERT_EQ(gems[0].size(), 2u);
  EXPECT_EQ(gems[0][0].position, (Vec2{20, 10}));
  EXPECT_EQ(gems[0][0].sq_dist, 100.0);
  EXPECT_EQ(gems[0][1].position, (Vec2{30, 30}));
  EXPECT_EQ(gems[0][1].sq_dist, 800.0);

  // From the far gem's corner the order turns round.
  const auto from_far = ObservationsOf(state, ObsCategory::kResource, Vec2{30, 30});
  EXPECT_EQ(from_far[0][0].position, (Vec2{30, 30}));

  EXPECT_EQ(TypesOf(ObservationsOf(state, ObsCategory::kPortal, avatar)),
            std::vector<TypeId>{Type(state, "door")});
  EXPECT_EQ(TypesOf(ObservationsOf(state, ObsCategory::kNpc, avatar)),
            std::vector<TypeId>{Type(state, "monster")});
  EXPECT_EQ(TypesOf(ObservationsOf(state, ObsCategory::kMovable, avatar)),
            std::vector<TypeId>{Type(state, "rock")});
  // No bullet yet: no list at all, as GVGAI answers null.
  EXPECT_TRUE(ObservationsOf(state, ObsCategory::kFromAvatar, avatar).empty());
}

TEST(Observation, TiesKeepCreationOrder) {
  // Two walls lie 100 squared pixels from the avatar, at (10,0) and (0,10). The level is read
  // row by row, so (10,0) was created first, and it stays first.
  const State state = MakeState(kGame, kLevel);
  const auto statics = ObservationsOf(state, ObsCategory::kStatic, AvatarPosition(state));
  ASSERT_EQ(statics.size(), 1u);  // walls; the floor is hidden
  ASSERT_GE(statics[0].size(), 2u);
  EXPECT_EQ(statics[0][0].position, (Vec2{10, 0}));
  EXPECT_EQ(statics[0][1].position, (Vec2{0, 10}));
  EXPECT_LT(statics[0][0].id, statics[0][1].id);
}

TEST(Observation, WithoutAReferenceListsKeepCreationOrder) {
  // Seen from (30,30) the far gem comes first when sorted; without a reference the gem read
  // first from the level, at (20,10), stays first, and distances are measured from (-1,-1).
  const State state = MakeState(kGame, kLevel);
  const auto sorted = ObservationsOf(state, ObsCategory::kResource, Vec2{30, 30});
  ASSERT_EQ(sorted[0][0].position, (Vec2{30, 30}));
  const auto gems = UnsortedObservationsOf(state, ObsCategory::kResource);
  ASSERT_EQ(gems.size(), 1u);
  ASSERT_EQ(gems[0].size(), 2u);
  EXPECT_EQ(gems[0][0].position, (Vec2{20, 10}));
  EXPECT_EQ(gems[0][0].sq_dist, 21.0 * 21.0 + 11.0 * 11.0);
  EXPECT_EQ(gems[0][1].position, (Vec2{30, 30}));
  EXPECT_LT(gems[0][0].id, gems[0][1].id);
  EXPECT_EQ(TypesOf(UnsortedObservationsOf(state, ObsCategory::kNpc)),
            std::vector<TypeId>{Type(state, "monster")});
  EXPECT_TRUE(UnsortedObservationsOf(state, ObsCategory::kFromAvatar).empty());
}

TEST(Observation, HiddenSpritesAreInNoListAndNoCell) {
  const State state = MakeState(kGame, kLevel);
  const TypeId floor = Type(state, "floor");
  EXPECT_TRUE(IsHiddenFrom(state, First(state, "floor")));
  for (int c = 0; c <= static_cast<int>(ObsCategory::kMovable); ++c) {
    for (const auto& list : ObservationsOf(state, static_cast<ObsCategory>(c), Vec2{0, 0})) {
      EXPECT_NE(list.front().type, floor);
    }
  }
  for (const auto& column : BuildObservationGrid(state)) {
    for (const auto& cell : column) {
      for (const Observation& o : cell) EXPECT_NE(o.type, floor);
    }
  }
}

TEST(Observation, TheGridIsXMajorAndASpriteOffTheGridFillsUpToFourCells) {
  State state = MakeState(kGame, kLevel);
  const ObservationGrid aligned = BuildObservationGrid(state);
  ASSERT_EQ(aligned.size(), 5u);  // x
  ASSERT_EQ(aligned[0].size(), 5u);
  // The gem at (20,10) is in cell x=2, y=1 alone (its floor is hidden).
  ASSERT_EQ(aligned[2][1].size(), 1u);
  EXPECT_EQ(aligned[2][1][0].type, Type(state, "gem"));

  // Moved half a cell right and down, the rock at (10,20) covers four cells.
  const SpriteRef rock = First(state, "rock");
  state.sprite(rock).rect.x = 15;
  state.sprite(rock).rect.y = 25;
  const ObservationGrid moved = BuildObservationGrid(state);
  const auto holds_rock = [&](int x, int y) {
    const auto& cell = moved[static_cast<size_t>(x)][static_cast<size_t>(y)];
    return std::any_of(cell.begin(), cell.end(),
                       [&](const Observation& o) { return o.type == Type(state, "rock"); });
  };
  EXPECT_TRUE(holds_rock(1, 2));
  EXPECT_TRUE(holds_rock(2, 2));
  EXPECT_TRUE(holds_rock(1, 3));
  EXPECT_TRUE(holds_rock(2, 3));
  EXPECT_FALSE(holds_rock(1, 1));

  // Half off the left edge, GVGAI's truncating division puts it in column 0 only.
  state.sprite(rock).rect.x = -5;
  state.sprite(rock).rect.y = 20;
  const ObservationGrid off = BuildObservationGrid(state);
  const auto count_rock = [&](const ObservationGrid& grid) {
    int n = 0;
    for (const auto& column : grid) {
      for (const auto& cell : column) {
        n += static_cast<int>(std::count_if(cell.begin(), cell.end(), [&](const Observation& o) {
          return o.type == Type(state, "rock");
        }));
      }
    }
    return n;
  };
  EXPECT_EQ(count_rock(off), 1);
  EXPECT_EQ(off[0][2].back().type, Type(state, "rock"));
}

TEST(Observation, ShotsAreFromTheAvatarAndAResourceSpentStaysListedAtZero) {
  State state = MakeState(kGame, kLevel);
  // USE fires a bullet the way the avatar faces (right); RIGHT then collects the gem, and the
  // rock below the avatar's first cell takes it again.
  Advance(state, Action::kUse, StepMode::kRealGame);
  const auto shots = ObservationsOf(state, ObsCategory::kFromAvatar, AvatarPosition(state));
  ASSERT_EQ(shots.size(), 1u);
  EXPECT_EQ(shots[0].front().type, Type(state, "bullet"));
  EXPECT_EQ(shots[0].front().category, ObsCategory::kFromAvatar);
  EXPECT_EQ(CategoryOf(state, First(state, "bullet")), ObsCategory::kFromAvatar);
  EXPECT_TRUE(AvatarResources(state).empty());
  Advance(state, Action::kRight, StepMode::kRealGame);
  const auto resources = AvatarResources(state);
  ASSERT_EQ(resources.size(), 1u);
  EXPECT_EQ(resources[0].first, Type(state, "gem"));
  EXPECT_EQ(resources[0].second, 1);
  // A ShootAvatar turns in place first: two presses a move.
  for (const Action a : {Action::kLeft, Action::kLeft, Action::kDown, Action::kDown}) {
    Advance(state, a, StepMode::kRealGame);
  }
  ASSERT_EQ(AvatarPosition(state), (Vec2{10, 20}));
  // GVGAI's getAvatarResources keeps every resource the avatar ever held, at 0 too.
  EXPECT_EQ(AvatarResources(state), (std::vector<std::pair<TypeId, int>>{{Type(state, "gem"), 0}}));
}

TEST(Observation, TheLastActionIsTheOneTheAvatarApplied) {
  State state = MakeState(kGame, kLevel);
  EXPECT_EQ(AvatarLastAction(state), Action::kNil);
  Advance(state, Action::kUse, StepMode::kRealGame);
  EXPECT_EQ(AvatarLastAction(state), Action::kUse);
  // The real game plays an action the avatar does not have as NIL, and says so.
  Advance(state, Action::kEscape, StepMode::kRealGame);
  EXPECT_EQ(AvatarLastAction(state), Action::kNil);
}

}  // namespace
}  // namespace vgdl
