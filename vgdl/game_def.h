// The immutable game definition: everything that is fixed once a VGDL game file is loaded.
//
// The loader (loader.h) resolves GVGAI's rules into this structure: type ids, the class
// resolution rule for nested sprites, parameter inheritance and typing, sprite order, subtype
// sets, the interaction, EOS and TIME tables, terminations and the level mapping. The engine
// reads it and never writes it; many game states share one GameDef.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "vgdl/geometry.h"

namespace vgdl {

using TypeId = int16_t;
inline constexpr TypeId kNoType = -1;
inline constexpr TypeId kWallType = 0;    // pre-registered by GVGAI
inline constexpr TypeId kAvatarType = 1;  // pre-registered by GVGAI

using EffectId = int32_t;

struct SourceLoc {
  int line = 0;    // 1-based
  int column = 0;  // 1-based
};

struct Color {
  uint8_t r = 0, g = 0, b = 0;
  friend constexpr bool operator==(Color, Color) = default;
};

// Every sprite class GVGAI registers (spec §6, §7). Avatars come last; IsAvatarClass() relies
// on that.
enum class SpriteClass : uint8_t {
  kImmovable,
  kDoor,
  kConveyor,
  kPassive,
  kResource,
  kResourcePack,
  kFlicker,
  kOrientedFlicker,
  kSpreader,
  kMissile,
  kRandomMissile,
  kErraticMissile,
  kWalker,
  kWalkerJumper,
  kRandomNPC,
  kRandomInertial,
  kChaser,
  kFleeing,
  kLOSChaser,
  kAlternateChaser,
  kRandomAltChaser,
  kPathChaser,
  kPathAltChaser,
  kRandomPathAltChaser,
  kSpriteProducer,
  kSpawnPoint,
  kBomber,
  kRandomBomber,
  kBomberRandomMissile,
  kSpawnPointMultiSprite,
  kPortal,
  // Avatars.
  kMovingAvatar,
  kHorizontalAvatar,
  kVerticalAvatar,
  kNullAvatar,
  kFlakAvatar,
  kOrientedAvatar,
  kShootAvatar,
  kOngoingAvatar,
  kOngoingShootAvatar,
  kOngoingTurningAvatar,
  kMissileAvatar,
  kShootOnlyAvatar,
  kAimedAvatar,
  kSpaceshipAvatar,
  kLanderAvatar,
  kCarAvatar,
  kBirdAvatar,
  kPlatformerAvatar,
  kWizardAvatar,
};
inline constexpr int kSpriteClassCount = static_cast<int>(SpriteClass::kWizardAvatar) + 1;
constexpr bool IsAvatarClass(SpriteClass c) {
  return c >= SpriteClass::kMovingAvatar;
}
// GVGAI's SpawnPoint and its subclasses: each sprite has its own spawn type (`stype` at
// first; updateSpawnType changes it), and a `prob` that makes it stochastic.
constexpr bool IsSpawnPointClass(SpriteClass c) {
  return c == SpriteClass::kSpawnPoint || c == SpriteClass::kBomber ||
         c == SpriteClass::kRandomBomber || c == SpriteClass::kBomberRandomMissile;
}

// GVGAI's ACTIONS enum. The numeric values are only used internally.
enum class Action : uint8_t { kNil, kUp, kLeft, kDown, kRight, kUse, kEscape };
inline constexpr int kActionCount = 7;
std::string_view ActionName(Action a);  // "ACTION_UP", ...

enum class PhysicsType : uint8_t { kGrid = 0, kContinuous = 1 };

// The resolved parameters of one sprite type: the fields of GVGAI's VGDLSprite and of its
// class, after inheritance from parent nodes, class defaults and the typing cascade (§2.4).
// Field names follow GVGAI's VGDL parameter names so that a reader can match them.
struct SpriteDef {
  // Identity and the type tree.
  std::string name;
  TypeId id = kNoType;
  TypeId parent = kNoType;       // kNoType for top-level nodes of the SpriteSet
  std::vector<TypeId> children;  // in file order
  bool is_leaf = true;
  bool declared = false;  // appears in the SpriteSet (false: default wall/avatar)
  SpriteClass cls = SpriteClass::kImmovable;
  std::vector<TypeId> itypes;    // root .. self
  std::vector<TypeId> subtypes;  // GVGAI's iSubTypes: itypes + all descendants (§2.5)
  SourceLoc loc;
  // Raw "key=value" strings after inheritance, in key order; for summaries and diagnostics.
  std::map<std::string, std::string> raw_params;

  // VGDLSprite fields (§3.1), with class defaults applied.
  double speed = 0.0;
  int cooldown = 0;  // already forced to >= 1 (postProcess)
  Vec2 orientation = dir::kNone;
  bool is_oriented = false;
  bool rotate_in_place = false;
  bool stationary = false;
  PhysicsType physics = PhysicsType::kGrid;
  double mass = 1.0;
  double gravity = 0.0;
  double friction = 0.0;
  double max_speed = -1.0;
  double jump_strength = 0.0;
  bool solid = false;
  int health_points = 0;
  int max_health_points = 0;  // = health_points when 0 (postProcess)
  int limit_health_points = 1000;
  int time_to_live = -1;
  bool singleton = false;
  bool is_static = false;
  bool is_npc = false;
  bool is_resource = false;
  bool portal = false;
  bool is_avatar = false;
  bool is_stochastic = false;
  bool only_active = false;
  std::vector<bool> hidden;     // per player; a shorter list repeats element 0
  std::vector<bool> invisible;  // per player; rendering only
  double w_mult = 1.0;
  double h_mult = 1.0;
  // A sprite's width and height on a level of `block`-pixel cells: GVGAI's (int) (block * wMult).
  int32_t width_at(int block) const { return JavaIntCast(block * w_mult); }
  int32_t height_at(int block) const { return JavaIntCast(block * h_mult); }
  // Whether wMult or hMult make its sprites other than a block in size.
  bool scaled() const { return w_mult != 1.0 || h_mult != 1.0; }
  double rotation = 0.0;
  // Rendering only.
  Color color{};
  bool has_color = false;  // false: GVGAI picks a random colour; we pick one from the name
  std::string img;
  bool oriented_img = false;
  double shrinkfactor = 1.0;
  bool draw_arrow = false;
  bool autotiling = false;
  double randomtiling = -1.0;
  double frame_rate = -1.0;

  // Class parameters (only the ones of this sprite's class are meaningful).
  // Whether the class has GVGAI's public int field `itype`, which teleportToExit reads as the
  // exit type (Portal, the SpawnPoint and Chaser families, Spreader, FlakAvatar): on a sprite
  // without it GVGAI only logs a warning.
  bool has_itype_field = false;
  TypeId stype = kNoType;       // Chaser/Fleeing/PathChaser target, SpawnPoint/Bomber product,
                                // Spreader product, Portal exit, FlakAvatar projectile
  std::vector<TypeId> stypes;   // ShootAvatar weapons, SpawnPointMultiSprite products,
                                // BomberRandomMissile missiles, AlternateChaser stype1
  std::vector<TypeId> stypes2;  // AlternateChaser stype2 (ignored by GVGAI, §15.19)
  std::vector<TypeId> ammo;     // ShootAvatar ammo per weapon; FlakAvatar: one entry
  int min_ammo = -1;            // FlakAvatar
  int ammo_cost = 1;            // FlakAvatar
  int limit = 0;                // Flicker lifetime (default 1); Resource capacity (default 2)
  int value = 1;                // Resource amount given
  double prob = 1.0;            // SpawnPoint family
  int total = 0;                // SpawnPoint family (0 = unlimited)
  Vec2 spawn_orientation = dir::kNone;
  int cons = 0;                        // RandomNPC family
  double max_distance = -1.0;          // Chaser family
  double epsilon = 0.0;                // RandomAltChaser, RandomPathAltChaser
  bool random_target = false;          // PathAltChaser
  double spreadprob = 1.0;             // Spreader
  double probability = 0.1;            // WalkerJumper
  bool airsteering = false;            // Walker
  double angle_diff = 0.0;             // Aimed/Spaceship/Lander/Car avatars
  TypeId spawn_behind = kWallType;     // OngoingTurningAvatar (GVGAI's default id 0, §15.22)
  double ground_speedup_factor = 1.0;  // Platformer/Wizard avatars
  double air_slowdown_factor = 2.0;    // Platformer/Wizard avatars
};

// Every effect GVGAI registers (spec §8.2), by its VGDL name.
enum class EffectKind : uint8_t {
  // Movement and position.
  kStepBack,
  kUndoAll,
  kBounceForward,
  kPullWithIt,
  kWrapAround,
  kTeleportToExit,
  kTurnAround,
  kReverseDirection,
  kFlipDirection,
  kAttractGaze,
  kAlign,
  kWallStop,
  kWallBounce,
  kWallReverse,
  kBounceDirection,
  kHalfSpeed,
  kWaterPhysics,
  kIncreaseSpeedToAll,
  kDecreaseSpeedToAll,
  kSetSpeedForAll,
  // Killing.
  kKillSprite,
  kKillBoth,
  kKillAll,
  kKillIfHasMore,
  kKillIfHasLess,
  kKillIfOtherHasMore,
  kKillIfFromAbove,
  kKillIfFrontal,
  kKillIfNotFrontal,
  kKillIfSlow,
  kKillIfFast,
  kKillIfAlive,
  kKillIfNotUpright,
  kSubtractHealthPoints,
  kRemoveScore,
  // Creation and transformation.
  kSpawn,
  kSpawnIfHasMore,
  kSpawnIfHasLess,
  kSpawnBehind,
  kSpawnAbove,
  kSpawnBelow,
  kSpawnLeft,
  kSpawnRight,
  kCloneSprite,
  kTransformTo,
  kTransformToAll,
  kTransformIfCount,
  kTransformToSingleton,
  kTransformToRandomChild,
  kUpdateSpawnType,
  kSpawnIfCounterSubTypes,
  // Resources and health.
  kCollectResource,
  kCollectResourceIfHeld,
  kChangeResource,
  kAddHealthPoints,
  kAddHealthPointsToMax,
  // Meta.
  kShieldFrom,
  kAddTimer,
};
inline constexpr int kEffectKindCount = static_cast<int>(EffectKind::kAddTimer) + 1;

// One effect as written on an InteractionSet line, with the typed union of all effect
// parameters (only those of `kind` are meaningful). Defaults are GVGAI's.
struct EffectDef {
  EffectKind kind = EffectKind::kKillSprite;
  std::string name;  // as written, e.g. "killSprite"
  SourceLoc loc;
  std::map<std::string, std::string> raw_params;

  // Effect base (§8.1).
  std::vector<int> score_change{0};  // per player; element 0 if the list is shorter
  double prob = 1.0;
  int repeat = 1;
  std::vector<int> counter{0};
  std::vector<int> counter_else{0};
  bool enabled = true;
  bool in_batch = false;  // wallBounce, wallReverse

  // Sprite-type parameters. GVGAI's default for most is "wall" (id 0).
  TypeId stype = kWallType;
  TypeId stype_to = kWallType;       // transformToAll
  TypeId stype_other = kWallType;    // transformToSingleton
  TypeId estype = kNoType;           // transformIfCount, spawnIfCounterSubTypes
  TypeId stype_count = kWallType;    // transformIfCount, spawnIfCounterSubTypes
  TypeId spawn_point = kWallType;    // updateSpawnType
  TypeId resource = kWallType;       // resource effects
  TypeId held_resource = kWallType;  // collectResourceIfHeld
  std::vector<TypeId> not_stype;     // undoAll

  // Scalars.
  double value = 1.0;  // int for resources/health (validated as int), double for speed effects
  int limit = 0;
  int spend = 0;
  int geq = 0;
  int leq = 0;
  int sub_types_num = -1;
  bool kill_second = false;
  bool kill_resource = false;  // collectResource default true, changeResource default false
  bool subtract = false;
  bool pixel_perfect = false;
  bool force_orientation = false;
  bool take_orientation = false;
  bool align = false;      // attractGaze
  bool orient = true;      // align
  bool step_back = false;  // spawnAbove/Below/Left/Right
  double offset = 0.0;     // wrapAround
  double limspeed = 1.0;   // killIfSlow/killIfFast
  double max_bounce_angle_deg = 60.0;
  std::vector<int> score_change_if_killed{0};  // subtractHealthPoints

  // shieldFrom: the shielded effect; addTimer: the effect it queues.
  EffectKind ftype = EffectKind::kKillSprite;
  EffectId timer_delegate = -1;  // addTimer: the delegate effect (same parameters, kind ftype)

  // TIME effects and addTimer.
  int timer = -1;
  bool repeating = false;
  int next_execution = -1;
};

// One (first type, second type) pair of the InteractionSet, in first-appearance order; its
// effects run in declaration order, `repeat` already expanded.
struct InteractionPair {
  TypeId first = kNoType;
  TypeId second = kNoType;
  std::vector<EffectId> effects;
};

// A timed effect written as "X TIME > effect ..." (§8.3).
struct TimeEffectDef {
  EffectId effect = -1;
  TypeId itype = kNoType;
};

enum class TerminationKind : uint8_t {
  kSpriteCounter,
  kSpriteCounterMore,
  kMultiSpriteCounter,
  kMultiSpriteCounterSubTypes,
  kTimeout,
  kStopCounter,
};

struct TerminationDef {
  TerminationKind kind = TerminationKind::kSpriteCounter;
  std::string name;
  SourceLoc loc;
  std::map<std::string, std::string> raw_params;
  int limit = 0;
  std::vector<bool> win;  // per player; missing elements are false
  bool count_score = false;
  TypeId stype = kWallType;   // SpriteCounter, SpriteCounterMore
  TypeId stype1 = kWallType;  // MultiSpriteCounter*, StopCounter
  TypeId stype2 = kNoType;
  TypeId stype3 = kNoType;
  bool min = false;
  int sub_types_num = -1;
  bool use_counter = false;  // Timeout (2p)
  bool compare = false;      // Timeout (2p)
  std::vector<int> limits;   // Timeout (2p)
};

// Level character -> the sprites it creates, in order. Indexed by the character's code: an
// ASCII character itself, any other one 0x80 + its index in the wide_chars of the game or
// level (vgdl/level_chars.h).
using CharMapping = std::array<std::vector<TypeId>, 256>;

// The most players a game may have (`no_players`): GVGAI sets no limit; its games have two.
inline constexpr int kMaxPlayers = 8;

// A parameter of a GameSpace (GVGAI's game-design track, spec §2.9): a line of its
// ParameterSet, "NAME > values=lo:step:hi string=Description value=V". A value, or an element
// of a comma list, in the SpriteSet, InteractionSet or TerminationSet that is NAME stands for
// the parameter's value, written as GVGAI writes it (Java's Integer/Double/Boolean toString).
struct GameParameter {
  enum class Kind : uint8_t { kInt, kDouble, kBool };
  std::string name;
  Kind kind = Kind::kInt;
  std::string values;       // as declared: "0.1:0.1:1.0", "True:False"
  std::string description;  // string=, "" when none
  std::string declared;     // value=, "" when none: GVGAI plays it whatever else is chosen
  // The values GVGAI's DesignMachine can choose, index k being its k-th: lo + k*step while
  // within [lo, hi] (Java's arithmetic) for numbers, {false, true} (or the one declared
  // twice) for booleans. Each as shown to people ("0.3", not GVGAI's 0.30000000000000004).
  std::vector<std::string> shown;
  std::string default_shown;  // the value played without --set: value=, else the first value
  std::string played;         // the value played, shown as in `shown` (or value='s text)
  std::string played_java;    // the text substituted for NAME, as GVGAI writes the value
  bool chosen = false;        // played comes from LoadOptions::parameter_settings
  SourceLoc loc;
};

struct GameDef {
  std::string name;  // file stem, e.g. "aliens"
  std::string path;  // file it was loaded from ("" for text)
  // Loaded with LoadOptions::gvgai_subset and cut short as GVGAI's parser is: the line it
  // stops at, after which nothing was read (0: every line was read).
  int gvgai_stop_line = 0;

  // Game line (§2.3).
  int square_size = -1;
  int no_players = 1;  // 1 to kMaxPlayers
  int no_counters = 0;
  std::string key_handler;  // "Pulse" or ""
  std::vector<TypeId> obs;  // path-finder obstacles
  // `GameSpace` instead of `BasicGame`: its ParameterSet's parameters, in file order (empty
  // without one).
  bool game_space = false;
  std::vector<GameParameter> parameters;

  std::vector<SpriteDef> types;      // indexed by TypeId
  std::vector<TypeId> sprite_order;  // leaves in GVGAI's order, avatars last (§2.5)
  CharMapping char_mapping;
  // The LevelMapping's characters outside ASCII, as Java chars: code 0x80 + i stands for
  // wide_chars[i]. Usually empty.
  std::vector<char16_t> wide_chars;
  // Level characters whose LevelMapping entry GVGAI cannot build (it names an unknown sprite,
  // or one GVGAI fails to create): the game loads, but a level using one is refused, as GVGAI
  // crashes building it. Their char_mapping entry is empty. Usually empty.
  std::map<char, std::string> unbuildable_chars;

  std::vector<EffectDef> effects;  // indexed by EffectId
  std::vector<InteractionPair> pairs;
  std::vector<TypeId> eos_types;                   // one entry per EOS line, duplicates kept
  std::vector<std::vector<EffectId>> eos_effects;  // per type id, declaration order
  std::vector<TimeEffectDef> time_effects;         // declaration order
  std::vector<TerminationDef> terminations;        // declaration order

  std::vector<int> resource_limit;  // per type id: Resource `limit`, 0 for other classes

  // Returns kNoType for unknown names.
  TypeId FindType(std::string_view type_name) const;
  const SpriteDef& type(TypeId id) const { return types[static_cast<size_t>(id)]; }
  int type_count() const { return static_cast<int>(types.size()); }
};

// A level file (§2.10): rows padded to the first row's width.
struct LevelDef {
  std::string path;
  int width = 0;                  // cells
  int height = 0;                 // cells
  std::vector<std::string> rows;  // a byte per cell: the character's code (CharMapping)
  // The characters outside ASCII that the codes in `rows` stand for: the game's (or the level's
  // own LevelMapping's) wide_chars, then any the level uses that no mapping names.
  std::vector<char16_t> wide_chars;
  int block_size = 0;  // square_size, or GVGAI's max(2, 800 / max(width, height))
  // The level file's own LevelMapping, when it brings one (GVGAI's level-generation track):
  // it replaces the game's for this level. Null for plain level files.
  std::shared_ptr<const CharMapping> char_mapping;
};

// The mapping `level` is built with: its own, else the game's.
inline const CharMapping& MappingOf(const GameDef& game, const LevelDef& level) {
  return level.char_mapping ? *level.char_mapping : game.char_mapping;
}

}  // namespace vgdl
