// A small stochastic game shared by the tests of the State as a value and of action files:
// random NPCs, a spawner, a shooting avatar that can die, and a 300-tick timeout.
#pragma once

namespace vgdl::testing {

inline constexpr const char* kStochasticGame = R"(BasicGame square_size=10
  SpriteSet
    floor > Immovable hidden=True
    wall > Immovable
    gem > Resource limit=5
    bug > RandomNPC cons=1
    nest > SpawnPoint stype=bug prob=0.3 cooldown=4 total=6
    avatar > ShootAvatar stype=bolt
    bolt > Missile
  LevelMapping
    . > floor
    g > floor gem
    n > floor nest
    A > floor avatar
  InteractionSet
    avatar wall > stepBack
    bug wall > stepBack
    bolt wall > killSprite
    bug bolt > killBoth scoreChange=2
    gem avatar > collectResource scoreChange=1
    avatar bug > killSprite scoreChange=-5
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
    Timeout limit=300 win=True
)";

inline constexpr const char* kStochasticLevel =
    "wwwwwwwwww\n"
    "w..g....nw\n"
    "w.A...g..w\n"
    "w...g....w\n"
    "wn.......w\n"
    "wwwwwwwwww\n";

}  // namespace vgdl::testing
