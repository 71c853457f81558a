// The default sprite set (default_sprites.h): the table and the tile cutter.
#include "tools/window/default_sprites.h"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include "vgdl/text.h"

namespace vgdl::window {

namespace {

// The tiles, by what they show. Rectangles were read off the atlases of crawl-tiles-data
// 2:0.28.0 (Debian 12); tests/window/default_sprites_test.cc checks they lie inside them.
constexpr TileRect kAmulet{TileAtlas::kMain, 64, 0, 32, 32};
constexpr TileRect kAngel{TileAtlas::kPlayer, 832, 640, 32, 32};
constexpr TileRect kAnimal{TileAtlas::kPlayer, 97, 742, 32, 30};
constexpr TileRect kApple{TileAtlas::kMain, 128, 413, 32, 32};
constexpr TileRect kArcher{TileAtlas::kPlayer, 578, 1222, 26, 32};
constexpr TileRect kBat{TileAtlas::kPlayer, 192, 704, 32, 32};
constexpr TileRect kBear{TileAtlas::kPlayer, 64, 704, 32, 32};
constexpr TileRect kBee{TileAtlas::kPlayer, 244, 742, 32, 31};
constexpr TileRect kBird{TileAtlas::kPlayer, 576, 704, 32, 32};
constexpr TileRect kBird2{TileAtlas::kPlayer, 676, 691, 32, 32};
constexpr TileRect kBlob{TileAtlas::kPlayer, 480, 640, 32, 32};
constexpr TileRect kBone{TileAtlas::kMain, 25, 658, 27, 24};
constexpr TileRect kBook{TileAtlas::kMain, 0, 595, 32, 29};
constexpr TileRect kBoots{TileAtlas::kMain, 32, 381, 32, 27};
constexpr TileRect kBoulder{TileAtlas::kFeat, 992, 128, 32, 32};
constexpr TileRect kBullet{TileAtlas::kMain, 0, 872, 32, 15};
constexpr TileRect kBush{TileAtlas::kFeat, 352, 32, 32, 32};
constexpr TileRect kButterfly{TileAtlas::kPlayer, 288, 704, 32, 32};
constexpr TileRect kCat{TileAtlas::kPlayer, 191, 742, 32, 23};
constexpr TileRect kCheese{TileAtlas::kMain, 0, 413, 32, 26};
constexpr TileRect kCloak{TileAtlas::kMain, 672, 0, 32, 31};
constexpr TileRect kCrate{TileAtlas::kWall, 0, 352, 32, 32};
constexpr TileRect kDeadTree{TileAtlas::kFeat, 32, 32, 32, 32};
constexpr TileRect kDemon{TileAtlas::kPlayer, 608, 1088, 32, 32};
constexpr TileRect kDoorClosed{TileAtlas::kFeat, 640, 32, 32, 32};
constexpr TileRect kDoorOpen{TileAtlas::kFeat, 352, 320, 32, 32};
constexpr TileRect kDragon{TileAtlas::kPlayer, 513, 656, 32, 32};
constexpr TileRect kDwarf{TileAtlas::kPlayer, 544, 1216, 32, 32};
constexpr TileRect kEgg{TileAtlas::kMain, 208, 658, 32, 29};
constexpr TileRect kExplosion{TileAtlas::kMain, 480, 872, 32, 32};
constexpr TileRect kEye{TileAtlas::kPlayer, 128, 1088, 32, 32};
constexpr TileRect kFlame{TileAtlas::kMain, 224, 832, 32, 32};
constexpr TileRect kFlamePit{TileAtlas::kFeat, 128, 352, 32, 32};
constexpr TileRect kFloorBlack{TileAtlas::kFloor, 320, 288, 32, 32};
constexpr TileRect kFloorBlue{TileAtlas::kFloor, 320, 160, 32, 32};
constexpr TileRect kFloorGrass{TileAtlas::kFloor, 0, 384, 32, 32};
constexpr TileRect kFloorGrey{TileAtlas::kFloor, 576, 0, 32, 32};
constexpr TileRect kFloorMarble{TileAtlas::kFloor, 160, 544, 32, 32};
constexpr TileRect kFloorRed{TileAtlas::kFloor, 672, 96, 32, 32};
constexpr TileRect kFloorSand{TileAtlas::kFloor, 320, 320, 32, 32};
constexpr TileRect kFountain{TileAtlas::kFeat, 384, 352, 32, 32};
constexpr TileRect kGemWallBlue{TileAtlas::kWall, 512, 1120, 32, 32};
constexpr TileRect kGemWallGreen{TileAtlas::kWall, 416, 1120, 32, 32};
constexpr TileRect kGemWallRed{TileAtlas::kWall, 576, 1120, 32, 32};
constexpr TileRect kGemWallYellow{TileAtlas::kWall, 896, 1120, 32, 32};
constexpr TileRect kGhost{TileAtlas::kPlayer, 128, 640, 32, 32};
constexpr TileRect kGold{TileAtlas::kMain, 352, 689, 32, 32};
constexpr TileRect kHeart{TileAtlas::kMain, 416, 532, 32, 32};
constexpr TileRect kHole{TileAtlas::kFeat, 192, 416, 32, 32};
constexpr TileRect kHouse{TileAtlas::kFeat, 544, 224, 32, 32};
constexpr TileRect kIceBlock{TileAtlas::kWall, 736, 800, 32, 32};
constexpr TileRect kIceBolt{TileAtlas::kMain, 32, 872, 32, 17};
constexpr TileRect kKey{TileAtlas::kMain, 256, 595, 32, 29};
constexpr TileRect kKing{TileAtlas::kPlayer, 377, 1243, 32, 32};
constexpr TileRect kKnight{TileAtlas::kPlayer, 525, 1222, 27, 31};
constexpr TileRect kLaser{TileAtlas::kMain, 416, 841, 32, 30};
constexpr TileRect kLava{TileAtlas::kFloor, 192, 832, 32, 32};
constexpr TileRect kMace{TileAtlas::kMain, 64, 128, 32, 32};
constexpr TileRect kMan{TileAtlas::kPlayer, 349, 1222, 26, 31};
constexpr TileRect kOrb{TileAtlas::kMain, 224, 629, 32, 25};
constexpr TileRect kPlank{TileAtlas::kFeat, 0, 64, 32, 32};
constexpr TileRect kPortal{TileAtlas::kFeat, 416, 192, 32, 32};
constexpr TileRect kPotion{TileAtlas::kMain, 12, 544, 32, 32};
constexpr TileRect kRat{TileAtlas::kPlayer, 491, 742, 32, 27};
constexpr TileRect kRobot{TileAtlas::kPlayer, 224, 1152, 32, 32};
constexpr TileRect kScorpion{TileAtlas::kPlayer, 655, 744, 32, 32};
constexpr TileRect kShield{TileAtlas::kMain, 0, 349, 32, 26};
constexpr TileRect kSlime{TileAtlas::kPlayer, 927, 1318, 32, 25};
constexpr TileRect kSmoke{TileAtlas::kMain, 288, 841, 32, 24};
constexpr TileRect kSnake{TileAtlas::kPlayer, 31, 695, 32, 32};
constexpr TileRect kSparkle{TileAtlas::kMain, 384, 872, 32, 32};
constexpr TileRect kSpell{TileAtlas::kMain, 128, 872, 32, 17};
constexpr TileRect kSpider{TileAtlas::kPlayer, 800, 736, 32, 32};
constexpr TileRect kStaff{TileAtlas::kMain, 224, 595, 32, 26};
constexpr TileRect kStairs{TileAtlas::kFeat, 160, 224, 32, 32};
constexpr TileRect kStatueGold{TileAtlas::kFeat, 736, 160, 32, 32};
constexpr TileRect kStatueGrey{TileAtlas::kFeat, 0, 160, 32, 32};
constexpr TileRect kSword{TileAtlas::kMain, 0, 161, 32, 32};
constexpr TileRect kThug{TileAtlas::kPlayer, 624, 1190, 32, 32};
constexpr TileRect kTombstone{TileAtlas::kFeat, 576, 160, 32, 32};
constexpr TileRect kTrap{TileAtlas::kFeat, 64, 192, 32, 32};
constexpr TileRect kTree{TileAtlas::kFeat, 0, 0, 32, 32};
constexpr TileRect kVampire{TileAtlas::kPlayer, 624, 1190, 32, 32};
constexpr TileRect kWallBlue{TileAtlas::kWall, 256, 96, 32, 32};
constexpr TileRect kWallDirt{TileAtlas::kWall, 128, 288, 32, 32};
constexpr TileRect kWallMetal{TileAtlas::kWall, 320, 320, 32, 32};
constexpr TileRect kWallOrange{TileAtlas::kWall, 0, 96, 32, 32};
constexpr TileRect kWallRed{TileAtlas::kWall, 0, 128, 32, 32};
constexpr TileRect kWallStone{TileAtlas::kWall, 544, 128, 32, 32};
constexpr TileRect kWater{TileAtlas::kFloor, 0, 896, 32, 32};
constexpr TileRect kWhirlpool{TileAtlas::kFeat, 448, 192, 32, 32};
constexpr TileRect kWizard{TileAtlas::kPlayer, 744, 1190, 32, 32};
constexpr TileRect kWolf{TileAtlas::kPlayer, 960, 704, 32, 32};
constexpr TileRect kWoman{TileAtlas::kPlayer, 989, 1190, 23, 31};
constexpr TileRect kWorm{TileAtlas::kPlayer, 128, 768, 32, 32};

// Every image name of GVGAI's games (the games of GAIGResearch/GVGAI's examples/, including
// names that only differ in case, and frame names a game names itself), sorted.
constexpr DefaultSprite kDefaultSprites[] = {
    {"alien", kDemon},
    {"base", kWallStone},
    {"box", kCrate},
    {"dirt", kWallDirt},
    {"ghost", kGhost},
    {"key", kKey},
    {"newset/alienShotgun", kDemon},
    {"newset/alienShotgun_0", kDemon},
    {"newset/alienShotgun_1", kDemon},
    {"newset/arrow", kLaser},
    {"newset/bandit1", kThug},
    {"newset/bandit1h", kThug},
    {"newset/barrier1", kWallStone},
    {"newset/blessedman", kWizard},
    {"newset/block1", kWallMetal},
    {"newset/block2", kCrate},
    {"newset/block3", kCrate},
    {"newset/blockB", kGemWallBlue},
    {"newset/blockB2", kGemWallBlue},
    {"newset/blockB3", kGemWallBlue},
    {"newset/blockG", kGemWallGreen},
    {"newset/blockG2", kGemWallGreen},
    {"newset/blockG3", kGemWallGreen},
    {"newset/blockR", kGemWallRed},
    {"newset/blockR2", kGemWallRed},
    {"newset/blockR3", kGemWallRed},
    {"newset/blockY", kGemWallYellow},
    {"newset/blockY2", kGemWallYellow},
    {"newset/blockY3", kGemWallYellow},
    {"newset/boilingwater", kLava},
    {"newset/bomb", kBoulder},
    {"newset/bomb2", kBoulder},
    {"newset/bomb4", kBoulder},
    {"newset/bomb5", kBoulder},
    {"newset/bossthug", kThug},
    {"newset/burger", kCheese},
    {"newset/butter", kCheese},
    {"newset/butterfly1", kButterfly},
    {"newset/c3", kBook},
    {"newset/c5", kBook},
    {"newset/cake", kCheese},
    {"newset/camel1", kAnimal},
    {"newset/camel2", kAnimal},
    {"newset/camel2L", kAnimal},
    {"newset/camel3", kAnimal},
    {"newset/camel3L", kAnimal},
    {"newset/camel4", kAnimal},
    {"newset/camel4L", kAnimal},
    {"newset/camel5", kAnimal},
    {"newset/camel5L", kAnimal},
    {"newset/cannon", kRobot},
    {"newset/car1", kRobot},
    {"newset/car1R", kRobot},
    {"newset/car2", kRobot},
    {"newset/car2R", kRobot},
    {"newset/car3", kRobot},
    {"newset/car3R", kRobot},
    {"newset/car4", kRobot},
    {"newset/car4R", kRobot},
    {"newset/car_green", kRobot},
    {"newset/car_orangeD", kRobot},
    {"newset/car_red", kRobot},
    {"newset/car_redD", kRobot},
    {"newset/car_redR", kRobot},
    {"newset/cat", kCat},
    {"newset/chair1", kCrate},
    {"newset/chair2", kCrate},
    {"newset/chair3", kCrate},
    {"newset/chair4", kCrate},
    {"newset/chamber_floor", kFloorGrey},
    {"newset/chamber_wall", kWallStone},
    {"newset/chamber_wall_blue", kWallBlue},
    {"newset/chamber_wall_orange", kWallOrange},
    {"newset/cheese", kCheese},
    {"newset/chef", kMan},
    {"newset/chell_blue", kWoman},
    {"newset/chell_orange", kWoman},
    {"newset/cherries", kApple},
    {"newset/cherries2", kApple},
    {"newset/chicken", kBird},
    {"newset/chickenr", kBird},
    {"newset/chickenr_0", kBird},
    {"newset/cigarette", kStaff},
    {"newset/city1", kHouse},
    {"newset/city1_1", kHouse},
    {"newset/city1_fire", kFlamePit},
    {"newset/cloud1", kSmoke},
    {"newset/cloud2", kSmoke},
    {"newset/cocoonb2", kEgg},
    {"newset/cop1", kMan},
    {"newset/cop2", kMan},
    {"newset/cursedman", kThug},
    {"newset/d2", kBook},
    {"newset/d3", kBook},
    {"newset/diver1", kMan},
    {"newset/dock1", kPlank},
    {"newset/dock2", kPlank},
    {"newset/dock3", kPlank},
    {"newset/egg", kEgg},
    {"newset/eggcracked", kEgg},
    {"newset/exit", kStairs},
    {"newset/exit2", kStairs},
    {"newset/fastfoodtrolley1", kCrate},
    {"newset/fastfoodtrolley2", kCrate},
    {"newset/fireman", kMan},
    {"newset/fireman2", kMan},
    {"newset/firetruckL", kRobot},
    {"newset/firetruckR", kRobot},
    {"newset/flag1", kFountain},
    {"newset/flag2", kFountain},
    {"newset/floor1", kFloorMarble},
    {"newset/floor2", kFloorMarble},
    {"newset/floor3", kFloorMarble},
    {"newset/floor4", kFloorMarble},
    {"newset/floor5", kFloorMarble},
    {"newset/floor6", kFloorMarble},
    {"newset/flour", kCheese},
    {"newset/football", kOrb},
    {"newset/fuel", kPotion},
    {"newset/girl1", kWoman},
    {"newset/girl2", kWoman},
    {"newset/girl2_c", kWoman},
    {"newset/girl3", kWoman},
    {"newset/girl3flag", kFountain},
    {"newset/girl4", kWoman},
    {"newset/girl5", kWoman},
    {"newset/goalpost1", kFountain},
    {"newset/goalpost2", kFountain},
    {"newset/greenthug", kThug},
    {"newset/h10", kBook},
    {"newset/h2", kBook},
    {"newset/helicopter", kRobot},
    {"newset/highway", kFloorGrey},
    {"newset/highway2", kFloorGrey},
    {"newset/highway3", kFloorGrey},
    {"newset/hole1", kHole},
    {"newset/hole4", kHole},
    {"newset/hole5", kHole},
    {"newset/hotdog", kCheese},
    {"newset/humanShotgun", kMan},
    {"newset/hydrant", kPotion},
    {"newset/it_is_a_trap", kTrap},
    {"newset/jail", kWallMetal},
    {"newset/jaildoor1", kDoorClosed},
    {"newset/ladder2", kStairs},
    {"newset/laser1", kLaser},
    {"newset/laser1_1", kLaser},
    {"newset/laser2_1", kLaser},
    {"newset/laser3", kLaser},
    {"newset/lasercannon", kRobot},
    {"newset/lasercannon_1", kRobot},
    {"newset/lasercannon_2", kRobot},
    {"newset/lasercannon_3", kRobot},
    {"newset/lasercannon_4", kRobot},
    {"newset/linedown", kLaser},
    {"newset/lineleft", kLaser},
    {"newset/lineright", kLaser},
    {"newset/lineup", kLaser},
    {"newset/lock1", kWallMetal},
    {"newset/log", kPlank},
    {"newset/logm", kPlank},
    {"newset/man1", kMan},
    {"newset/man2", kMan},
    {"newset/man3", kMan},
    {"newset/man3_satback", kMan},
    {"newset/man3_satfront", kMan},
    {"newset/man3_satleft", kMan},
    {"newset/man3_satright", kMan},
    {"newset/man3flag", kFountain},
    {"newset/man4", kMan},
    {"newset/milk", kPotion},
    {"newset/mirror_d", kIceBlock},
    {"newset/mirror_l", kIceBlock},
    {"newset/mirror_r", kIceBlock},
    {"newset/mirror_u", kIceBlock},
    {"newset/mole_fast", kRat},
    {"newset/mole_slow", kRat},
    {"newset/monkey2", kRat},
    {"newset/niceGuy", kMan},
    {"newset/nurse", kWoman},
    {"newset/pacman", kBlob},
    {"newset/paint2", kPotion},
    {"newset/painter21", kMan},
    {"newset/pasta", kCheese},
    {"newset/pastaplate", kCheese},
    {"newset/pastasauce", kCheese},
    {"newset/pawn1B", kStatueGrey},
    {"newset/pawn1R", kStatueGold},
    {"newset/pawn2B", kStatueGrey},
    {"newset/pawn2R", kStatueGold},
    {"newset/pawn3B", kStatueGrey},
    {"newset/pawn3R", kStatueGold},
    {"newset/pipeLD", kWallMetal},
    {"newset/pipeLR", kWallMetal},
    {"newset/pipeLU", kWallMetal},
    {"newset/pipeRD", kWallMetal},
    {"newset/pipeRU", kWallMetal},
    {"newset/pipeUD", kWallMetal},
    {"newset/piranha1", kSnake},
    {"newset/piranha2", kSnake},
    {"newset/potato", kCheese},
    {"newset/potatoeyes", kCheese},
    {"newset/potatoeyesnose", kCheese},
    {"newset/potatofull", kCheese},
    {"newset/queenB", kStatueGrey},
    {"newset/queenR", kStatueGold},
    {"newset/redthug", kThug},
    {"newset/s10", kBook},
    {"newset/s5", kBook},
    {"newset/satellite", kRobot},
    {"newset/shark2", kSnake},
    {"newset/sheriff1", kMan},
    {"newset/ship", kRobot},
    {"newset/shipwreck", kRobot},
    {"newset/shooter1", kRobot},
    {"newset/shot_laser", kLaser},
    {"newset/shot_portal_blue", kPortal},
    {"newset/shot_portal_orange", kPortal},
    {"newset/snowmanbase", kIceBlock},
    {"newset/snowmanbody", kIceBlock},
    {"newset/snowmanbodyinplace", kIceBlock},
    {"newset/snowmanchest", kIceBlock},
    {"newset/snowmanchestinplace", kIceBlock},
    {"newset/snowmanhead", kIceBlock},
    {"newset/snowmanheadinplace2", kIceBlock},
    {"newset/snowmanwrong", kIceBlock},
    {"newset/spaceman1", kMan},
    {"newset/spaceman2", kMan},
    {"newset/street2", kFloorGrey},
    {"newset/street3", kFloorGrey},
    {"newset/submarine", kRobot},
    {"newset/sugar", kCheese},
    {"newset/superman", kMan},
    {"newset/table1", kCrate},
    {"newset/table2", kCrate},
    {"newset/table3", kCrate},
    {"newset/tank_blue", kRobot},
    {"newset/tank_blueD", kRobot},
    {"newset/tank_blueL", kRobot},
    {"newset/tank_blueR", kRobot},
    {"newset/tank_blueU", kRobot},
    {"newset/tile1", kFloorMarble},
    {"newset/tile2", kFloorMarble},
    {"newset/tile3", kFloorMarble},
    {"newset/tile4", kFloorMarble},
    {"newset/tomato", kApple},
    {"newset/tomatosauce", kApple},
    {"newset/tooth1", kBone},
    {"newset/tooth2", kBone},
    {"newset/tooth3", kBone},
    {"newset/tooth4", kBone},
    {"newset/tree2", kTree},
    {"newset/tuna", kSnake},
    {"newset/turret", kRobot},
    {"newset/waiter", kMan},
    {"newset/wallBlue", kWallBlue},
    {"newset/wallRed", kWallRed},
    {"newset/water", kWater},
    {"newset/water2", kWater},
    {"newset/water2_1", kWater},
    {"newset/water3", kWater},
    {"newset/water4", kWater},
    {"newset/water5", kWater},
    {"newset/whale", kSnake},
    {"newset/whirlpool1", kWhirlpool},
    {"newset/whirlpool2", kWhirlpool},
    {"newset/whirlpool3", kWhirlpool},
    {"newset/win1", kFountain},
    {"newset/win2", kFountain},
    {"newset/win3", kFountain},
    {"newset/win4", kFountain},
    {"newset/winterelf1", kWizard},
    {"newset/yellowthug", kThug},
    {"newset/zombie", kGhost},
    {"oryx/alien1", kDemon},
    {"oryx/alien2", kDemon},
    {"oryx/alien3", kDemon},
    {"oryx/amulat1", kAmulet},
    {"oryx/angel1", kAngel},
    {"oryx/archer1", kArcher},
    {"oryx/archer2", kArcher},
    {"oryx/arrows2", kLaser},
    {"oryx/axe1", kSword},
    {"oryx/axe2", kSword},
    {"oryx/axeman1", kDwarf},
    {"oryx/backBiege", kFloorSand},
    {"oryx/backBlack", kFloorBlack},
    {"oryx/backBlue", kFloorBlue},
    {"oryx/backBrown", kFloorSand},
    {"oryx/backGreen", kFloorGrass},
    {"oryx/backGrey", kFloorGrey},
    {"oryx/backLBlue", kFloorBlue},
    {"oryx/backLBrown", kFloorSand},
    {"oryx/backOBrown", kFloorSand},
    {"oryx/backOrange", kFloorSand},
    {"oryx/backRed", kFloorRed},
    {"oryx/backlBrown", kFloorSand},
    {"oryx/barrel1", kCrate},
    {"oryx/barrel2", kCrate},
    {"oryx/bat1", kBat},
    {"oryx/bat2", kBat},
    {"oryx/bear1", kBear},
    {"oryx/bee1", kBee},
    {"oryx/bee2", kBee},
    {"oryx/belt2", kAmulet},
    {"oryx/bird1", kBird2},
    {"oryx/bird2", kBird2},
    {"oryx/bird3", kBird2},
    {"oryx/book2", kBook},
    {"oryx/bookDown", kBook},
    {"oryx/bookLeft", kBook},
    {"oryx/bookRight", kBook},
    {"oryx/bookUp", kBook},
    {"oryx/bookdown", kBook},
    {"oryx/bookleft", kBook},
    {"oryx/bookright", kBook},
    {"oryx/bookup", kBook},
    {"oryx/boots1", kBoots},
    {"oryx/boots2", kBoots},
    {"oryx/boots3", kBoots},
    {"oryx/bullet1", kBullet},
    {"oryx/bullet2", kBullet},
    {"oryx/bush1", kBush},
    {"oryx/bush2", kBush},
    {"oryx/bush3", kBush},
    {"oryx/bush4", kBush},
    {"oryx/bush5", kBush},
    {"oryx/butcher1", kDwarf},
    {"oryx/circleEffect1", kPortal},
    {"oryx/cloak1", kCloak},
    {"oryx/cloak2", kCloak},
    {"oryx/cloak3", kCloak},
    {"oryx/coin1", kGold},
    {"oryx/coins1", kGold},
    {"oryx/coins3", kGold},
    {"oryx/cspell1", kSpell},
    {"oryx/cspell2", kSpell},
    {"oryx/cspell3", kSpell},
    {"oryx/cspell4", kSpell},
    {"oryx/cspell5", kSpell},
    {"oryx/cyclop1", kBear},
    {"oryx/cyclop2", kBear},
    {"oryx/devil1", kDemon},
    {"oryx/diamond1", kGemWallBlue},
    {"oryx/diamond2", kGemWallBlue},
    {"oryx/diamond3", kGemWallBlue},
    {"oryx/dirtWall", kWallDirt},
    {"oryx/dirtWall_0", kWallDirt},
    {"oryx/dirtWall_12", kWallDirt},
    {"oryx/dirtwall", kWallDirt},
    {"oryx/door2", kDoorClosed},
    {"oryx/doorOpen1", kDoorOpen},
    {"oryx/doorclosed1", kDoorClosed},
    {"oryx/dooropen1", kDoorOpen},
    {"oryx/dragon1", kDragon},
    {"oryx/dragon2", kDragon},
    {"oryx/dragon3", kDragon},
    {"oryx/dragon4", kDragon},
    {"oryx/druid1", kWizard},
    {"oryx/dwarf1", kDwarf},
    {"oryx/eviltree1", kDeadTree},
    {"oryx/explosion1", kExplosion},
    {"oryx/explosion2", kExplosion},
    {"oryx/eye1", kEye},
    {"oryx/fire1", kFlamePit},
    {"oryx/firedown1", kFlame},
    {"oryx/firedown2", kFlame},
    {"oryx/firedown3", kFlame},
    {"oryx/fireleft1", kFlame},
    {"oryx/fireright1", kFlame},
    {"oryx/fireup1", kFlame},
    {"oryx/fireup3", kFlame},
    {"oryx/floor1", kFloorGrey},
    {"oryx/floor2", kFloorGrey},
    {"oryx/floor2_1", kFloorGrey},
    {"oryx/floor3", kFloorGrey},
    {"oryx/floor4", kFloorGrey},
    {"oryx/floorTileGreen", kFloorGrass},
    {"oryx/floorTileOrange", kFloorSand},
    {"oryx/freak1", kDemon},
    {"oryx/freak2", kDemon},
    {"oryx/freak3", kDemon},
    {"oryx/genie1", kWizard},
    {"oryx/ghost1", kGhost},
    {"oryx/ghost2", kGhost},
    {"oryx/ghost3", kGhost},
    {"oryx/ghost4", kGhost},
    {"oryx/ghost5", kGhost},
    {"oryx/ghost6", kGhost},
    {"oryx/gold1", kGold},
    {"oryx/gold2", kGold},
    {"oryx/gold3", kGold},
    {"oryx/goldsack", kGold},
    {"oryx/grass", kFloorGrass},
    {"oryx/guard1", kKnight},
    {"oryx/heart1", kHeart},
    {"oryx/helmet1", kShield},
    {"oryx/helmet2", kShield},
    {"oryx/helmet3", kShield},
    {"oryx/icedown1", kIceBolt},
    {"oryx/key1", kKey},
    {"oryx/key2", kKey},
    {"oryx/key3", kKey},
    {"oryx/king1", kKing},
    {"oryx/knight1", kKnight},
    {"oryx/mace1", kMace},
    {"oryx/mage1", kWizard},
    {"oryx/mineral1", kGemWallRed},
    {"oryx/mineral2", kGemWallRed},
    {"oryx/mineral3", kGemWallRed},
    {"oryx/mushroom1", kBush},
    {"oryx/mushroom2", kBush},
    {"oryx/necromancer1", kWizard},
    {"oryx/ogre1", kBear},
    {"oryx/ogre2", kBear},
    {"oryx/orb1", kOrb},
    {"oryx/orb2", kOrb},
    {"oryx/orb3", kOrb},
    {"oryx/pickaxe", kSword},
    {"oryx/planet", kOrb},
    {"oryx/planet1", kOrb},
    {"oryx/potion1", kPotion},
    {"oryx/potion2", kPotion},
    {"oryx/potion3", kPotion},
    {"oryx/potion4", kPotion},
    {"oryx/potion5", kPotion},
    {"oryx/priest1", kWizard},
    {"oryx/prince1", kKnight},
    {"oryx/princess1", kWoman},
    {"oryx/queen1", kKing},
    {"oryx/rat1", kRat},
    {"oryx/rat2", kRat},
    {"oryx/rogue", kArcher},
    {"oryx/scorpion1", kScorpion},
    {"oryx/scorpion2", kScorpion},
    {"oryx/scorpion3", kScorpion},
    {"oryx/scroll1", kBook},
    {"oryx/seaWater", kWater},
    {"oryx/shield2", kShield},
    {"oryx/slash1", kSword},
    {"oryx/slime1", kSlime},
    {"oryx/slime2", kSlime},
    {"oryx/slime3", kSlime},
    {"oryx/slime4", kSlime},
    {"oryx/slime5", kSlime},
    {"oryx/slime6", kSlime},
    {"oryx/smoke", kSmoke},
    {"oryx/space1", kFloorBlack},
    {"oryx/space2", kFloorBlack},
    {"oryx/space4", kFloorBlack},
    {"oryx/space5", kFloorBlack},
    {"oryx/spaceship1", kRobot},
    {"oryx/spaceship2", kRobot},
    {"oryx/spaceship3", kRobot},
    {"oryx/sparkle1", kSparkle},
    {"oryx/sparkle2", kSparkle},
    {"oryx/sparkle3", kSparkle},
    {"oryx/sparkle4", kSparkle},
    {"oryx/spelunky", kMan},
    {"oryx/spelunky_0", kMan},
    {"oryx/spider2", kSpider},
    {"oryx/spider3", kSpider},
    {"oryx/spike2", kTrap},
    {"oryx/spike3", kTrap},
    {"oryx/staff1", kStaff},
    {"oryx/staff2", kStaff},
    {"oryx/staff3", kStaff},
    {"oryx/stairsdown4", kStairs},
    {"oryx/sword1", kSword},
    {"oryx/sword2", kSword},
    {"oryx/sword3", kSword},
    {"oryx/sword4", kSword},
    {"oryx/swordman1", kKnight},
    {"oryx/swordmankey1", kKnight},
    {"oryx/tombstone1", kTombstone},
    {"oryx/torch1", kFlame},
    {"oryx/treasure1", kGold},
    {"oryx/treasure2", kGold},
    {"oryx/tree1", kTree},
    {"oryx/tree2", kTree},
    {"oryx/vampire1", kVampire},
    {"oryx/wall1", kWallStone},
    {"oryx/wall2", kWallStone},
    {"oryx/wall3", kWallStone},
    {"oryx/wall3_0", kWallStone},
    {"oryx/wall4", kWallStone},
    {"oryx/wall5", kWallStone},
    {"oryx/wall6", kWallStone},
    {"oryx/wolf1", kWolf},
    {"oryx/wolf2", kWolf},
    {"oryx/worm1", kWorm},
    {"oryx/worm2", kWorm},
    {"oryx/yeti1", kBear},
    {"oryx/yeti2", kBear},
    {"portal", kPortal},
    {"spaceship", kRobot},
};

}  // namespace

std::string_view TileAtlasFile(TileAtlas atlas) {
  switch (atlas) {
    case TileAtlas::kMain:
      return "main.png";
    case TileAtlas::kPlayer:
      return "player.png";
    case TileAtlas::kFeat:
      return "feat.png";
    case TileAtlas::kWall:
      return "wall.png";
    case TileAtlas::kFloor:
      return "floor.png";
  }
  return "";
}

std::span<const DefaultSprite> DefaultSpriteTable() {
  return kDefaultSprites;
}

const TileRect* FindDefaultTile(std::string_view image) {
  const std::span<const DefaultSprite> table = DefaultSpriteTable();
  const auto it =
      std::lower_bound(table.begin(), table.end(), image,
                       [](const DefaultSprite& s, std::string_view name) { return s.name < name; });
  if (it != table.end() && it->name == image) return &it->tile;
  for (const DefaultSprite& s : table) {
    if (lang::EqualsIgnoreCase(s.name, image)) return &s.tile;
  }
  return nullptr;
}

std::filesystem::path DefaultTilesDir() {
  if (const char* env = std::getenv("VGDL_CRAWL_TILES_DIR"); env != nullptr && *env != '\0') {
    return env;
  }
  return "/usr/share/crawl/dat/tiles";
}

DefaultSprites::DefaultSprites(std::filesystem::path tiles_dir) : dir_(std::move(tiles_dir)) {}

const sf::Image* DefaultSprites::Atlas(TileAtlas atlas) {
  const auto i = static_cast<size_t>(atlas);
  if (!tried_[i]) {
    tried_[i] = true;
    const std::filesystem::path file = dir_ / TileAtlasFile(atlas);
    std::error_code ec;
    if (!dir_.empty() && std::filesystem::is_regular_file(file, ec)) {
      auto image = std::make_unique<sf::Image>();
      if (image->loadFromFile(file.string()) && image->getSize().x > 0) {
        atlases_[i] = std::move(image);
      }
    }
  }
  return atlases_[i].get();
}

bool DefaultSprites::Available() {
  for (int i = 0; i < kTileAtlasCount; ++i) {
    if (Atlas(static_cast<TileAtlas>(i)) == nullptr) return false;
  }
  return true;
}

ImageView DefaultSprites::ImageFor(std::string_view image) {
  if (image.empty()) return {};
  auto it = tiles_.find(image);
  if (it == tiles_.end()) {
    std::unique_ptr<sf::Image> picture;
    const TileRect* tile = FindDefaultTile(image);
    const sf::Image* atlas = tile != nullptr ? Atlas(tile->atlas) : nullptr;
    if (atlas != nullptr && tile->w > 0 && tile->h > 0 && tile->x >= 0 && tile->y >= 0 &&
        static_cast<unsigned>(tile->x + tile->w) <= atlas->getSize().x &&
        static_cast<unsigned>(tile->y + tile->h) <= atlas->getSize().y) {
      const int side = std::max(tile->w, tile->h);
      picture = std::make_unique<sf::Image>();
      picture->create(static_cast<unsigned>(side), static_cast<unsigned>(side),
                      sf::Color::Transparent);
      picture->copy(*atlas, static_cast<unsigned>((side - tile->w) / 2),
                    static_cast<unsigned>((side - tile->h) / 2),
                    sf::IntRect(tile->x, tile->y, tile->w, tile->h));
    }
    it = tiles_.emplace(std::string(image), std::move(picture)).first;
  }
  if (!it->second) return {};
  const auto size = it->second->getSize();
  return {static_cast<int>(size.x), static_cast<int>(size.y), it->second->getPixelsPtr()};
}

}  // namespace vgdl::window
