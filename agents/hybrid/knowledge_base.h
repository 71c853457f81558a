// The knowledge base of the hybrid agent (Joppen et al. 2016, §4): what the agent learns, from
// observation alone, about what each kind of object does. Every transition (s, a, s') that a
// search or the real game shows is given to Observe, which updates
//   - the collision classifiers (§4.4): one per (avatar type, object type), each a pair of
//     single conjunctive rules over the avatar's inventory (InventoryRule): "blocked movement"
//     versus the rest, then effect group A versus B;
//   - the avatar's control counter (§4.2, exception 2): +1 when a transition left the avatar
//     on its cell or took it to the neighbour its action aims at, -1 otherwise; at -20 the
//     avatar type is taken to be out of the player's control;
//   - the maximal step distance per object type and axis (§4.2);
//   - portals (§4.2): a move of the avatar by more than 2 cells (Manhattan) is a teleport; the
//     type it collided with is an entry, the type found at the target cell in s the exit;
//   - spawners (§4.5): a new object with neither the avatar nor any other change within one
//     cell was spawned by the object under it (a portal first, then one not yet a spawner; or,
//     with SpawnerRule::kAlone, only a portal or the one object under it);
//   - objects the avatar stands on without meeting them (inert types: seen on the avatar's cell
//     in the real game, never in a collision with its type), such as a floor: a move onto a
//     cell holding only those is expected to move only the avatar (pruning.h);
//   - what ACTION_USE acts on (§5's feature "use action is possible"): a type that a sprite the
//     avatar made (its sword, its missile) collided with on a step that raised the score or
//     removed an object of the type.
// ObserveRepeat compares two successors of the same state and action (the stochastic check of
// §4.2: "executing the same action in a state twice results in different successor states");
// the objects that differ with no differing neighbour are stochastic. ObserveTick is given the
// consecutive real observations and keeps the movement frequency of each type (§4.2) and the
// blocking objects of stochastic types (assumed blocking until seen on the same cell).
// DangerHeatmap is §4.3.
//
// Choices where the paper is silent (docs/agents.md, "Hybrid agent"):
//   - Inventory dimensions: the first kInventoryDims resource types the avatar is seen to hold;
//     each class of a rule keeps up to kMaxExamples distinct inventories with their counts
//     (further distinct ones are counted for the majority vote only).
//   - A collision is an event of the step whose active sprite is the avatar itself (GVGAI's
//     events; "the environment notifies the agent"); every effect of the step is attributed
//     to every object type the avatar collided with in it.
//   - The movement frequency of a type is learnt from the real game only, whose transitions
//     are one tick apart: the interval between ticks on which some object of the type moved,
//     if every interval seen was the same, else 1. Blocking objects likewise.
//   - A type is dangerous for the heatmap when it is stochastic and a collision with it has
//     lost the game, or, under `unmet_danger` (the default), no collision with it has been seen
//     yet (§6's worst case read as: an unknown collision may lose). The authors' code
//     (YOLOBOT's danger checks, read to learn) asks for a predicted kill, so an unmet stochastic
//     type is harmless until a collision, real or simulated, shows otherwise:
//     unmet_danger = false.
//   - The heatmap's breadth-first search (depth 10) does not enter wall cells; a type that
//     never moved along an axis cannot reach a cell off its row or column.
//
// Time discipline: every table is sized at Init for the game's types and the level; Observe
// allocates nothing.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "agents/common/grid_distance.h"
#include "engine/state.h"

namespace vgdl {

// The binary effect features of a collision (§4.4).
enum CollisionEffect : uint8_t {
  kEffectAvatarType = 1 << 0,  // the avatar's type changed
  kEffectInventory = 1 << 1,   // the avatar's inventory changed
  kEffectScoreUp = 1 << 2,
  kEffectScoreDown = 1 << 3,
  kEffectWin = 1 << 4,
  kEffectLose = 1 << 5,
  kEffectNewObjects = 1 << 6,
  kEffectGoneObjects = 1 << 7,
};

inline constexpr int kInventoryDims = 8;
using Inventory = std::array<int32_t, kInventoryDims>;

// A single conjunctive rule over inventories: the most specific generalisation of its
// positive examples (§4.4). Per dimension, the interval spanned by the positives; a dimension
// is irrelevant when a negative example lies inside its interval (no consistent interval). An
// inventory matches when it lies in every relevant interval; with no relevant dimension the
// majority of the examples decides.
class InventoryRule {
 public:
  static constexpr int kMaxExamples = 16;

  void Add(const Inventory& inventory, bool positive);
  bool Matches(const Inventory& inventory) const;
  // Whether a consistent interval decides (some dimension is relevant), or every example was
  // positive: Matches is then no majority vote.
  bool Decided() const;
  int positives() const { return counts_[1]; }
  int negatives() const { return counts_[0]; }
  // Whether dimension d has a consistent interval (for tests and documentation).
  bool Relevant(int d) const;
  int32_t lo(int d) const { return lo_[static_cast<size_t>(d)]; }
  int32_t hi(int d) const { return hi_[static_cast<size_t>(d)]; }

 private:
  std::array<std::array<Inventory, kMaxExamples>, 2> examples_{};  // [negative, positive]
  std::array<int, 2> stored_{};
  std::array<int, 2> counts_{};
  Inventory lo_{};
  Inventory hi_{};
};

// What the classifier of one (avatar type, object type) pair predicts for a collision.
struct CollisionPrediction {
  bool known = false;    // a collision of the pair has been seen
  bool blocked = false;  // the avatar's move is blocked
  // The blocked prediction comes from a consistent rule, or no collision of the pair was ever
  // unblocked: not from a majority vote. Pruning trusts only these (pruning.h).
  bool certainly_blocked = false;
  uint8_t effects = 0;  // CollisionEffect bits of the predicted group
  double score_change = 0.0;
  bool loses() const { return (effects & kEffectLose) != 0; }
  bool wins() const { return (effects & kEffectWin) != 0; }
};

class CollisionClassifier {
 public:
  // One observed collision: `blocked` or the effect group `effects` with its score change.
  void Learn(const Inventory& inventory, bool blocked, uint8_t effects, double score_change);
  CollisionPrediction Predict(const Inventory& inventory) const;
  int collisions() const { return collisions_; }

 private:
  static constexpr int kMaxGroupsB = 3;
  // The group of B with the most collisions, or -1.
  int MajorityB() const;

  InventoryRule blocked_rule_;
  InventoryRule effect_rule_;  // positive: class A
  int collisions_ = 0;
  bool has_a_ = false;
  uint8_t effects_a_ = 0;
  double score_a_ = 0.0;
  int count_a_ = 0;
  struct GroupB {
    uint8_t effects = 0;
    double score = 0.0;  // sum of score changes
    int count = 0;
  };
  std::array<GroupB, kMaxGroupsB> groups_b_{};
  int num_b_ = 0;
};

// Which object on a spawn cell is taken for the spawner (§4.5).
enum class SpawnerRule : uint8_t {
  kAny,    // the paper: a portal first, then an object not yet a spawner, then the first
  kAlone,  // the authors' code (YOLOBOT's learnSpawner): a portal, or the cell's only type;
           // with several types and no portal nothing is learnt
};

class KnowledgeBase {
 public:
  static constexpr int kControlThreshold = -20;  // §4.2
  static constexpr int kHeatDepth = 10;          // §4.3
  static constexpr double kNoHeat = std::numeric_limits<double>::infinity();

  // Sizes every table for the game of `first` and forgets everything learnt before.
  void Init(const State& first, SpawnerRule spawner_rule = SpawnerRule::kAny,
            bool unmet_danger = true);

  // A transition any search or the real game made: `before` -a-> `after`.
  void Observe(const State& before, Action action, const State& after);
  // Two successors of the same state and action; returns whether they differ (and then the
  // game has shown a stochastic effect).
  bool ObserveRepeat(const State& first, const State& second);
  // Consecutive real observations (one tick apart).
  void ObserveTick(const State& before, const State& after);

  bool stochastic() const { return stochastic_; }
  bool IsStochasticType(TypeId t) const { return Type(t).stochastic; }
  bool AvatarInControl(TypeId avatar_type) const;
  int max_step_x(TypeId t) const { return Type(t).max_step_x; }
  int max_step_y(TypeId t) const { return Type(t).max_step_y; }
  int step_frequency(TypeId t) const;
  // Whether stochastic type `mover` may be blocked by `other` (true until seen on one cell).
  bool MayBlock(TypeId mover, TypeId other) const;
  bool IsPortal(TypeId t) const { return Type(t).portal_exit != kNoType; }
  TypeId PortalExit(TypeId t) const { return Type(t).portal_exit; }
  TypeId SpawnedBy(TypeId spawner) const { return Type(spawner).spawns; }
  bool UseAffects(TypeId t) const { return Type(t).use_affects; }
  // Whether the avatar (of `avatar_type`) shares cells with objects of type `t` without ever
  // colliding with them.
  bool Inert(TypeId avatar_type, TypeId t) const;

  // The collision classifier's prediction for the avatar (of `avatar_type`, holding
  // `inventory`) colliding with an object of `object`. A deadly spawner (§4.5) predicts a loss.
  CollisionPrediction Predict(TypeId avatar_type, TypeId object, const Inventory& inventory) const;
  const CollisionClassifier& classifier(TypeId avatar_type, TypeId object) const {
    return classifiers_[PairIndex(avatar_type, object)];
  }
  // The avatar's inventory in the knowledge base's dimensions.
  Inventory InventoryOf(const State& state) const;
  bool Dangerous(TypeId avatar_type, TypeId t) const;

  // §4.3: the danger heatmap of `state`, one value per cell (row-major), kNoHeat where no
  // dangerous object can come within kHeatDepth steps.
  const std::vector<double>& DangerHeatmap(const State& state);

  const GridDistance& grid() const { return grid_; }
  int type_count() const { return type_count_; }

 private:
  struct TypeInfo {
    bool stochastic = false;
    int max_step_x = 0;  // cells
    int max_step_y = 0;
    int last_move_tick = -1;
    int move_interval = 0;  // 0: unknown; -1: intervals differ
    TypeId portal_exit = kNoType;
    TypeId spawns = kNoType;
    bool spawner = false;
    bool use_affects = false;
    bool under_avatar = false;  // seen on the avatar's cell
  };
  // A sprite as the diffs see it: its type, id and cell.
  struct Seen {
    TypeId type = kNoType;
    int32_t id = 0;
    int32_t cell = GridDistance::kNoCell;
  };

  const TypeInfo& Type(TypeId t) const { return types_[static_cast<size_t>(t)]; }
  TypeInfo& Type(TypeId t) { return types_[static_cast<size_t>(t)]; }
  size_t PairIndex(TypeId a, TypeId b) const {
    return static_cast<size_t>(a) * static_cast<size_t>(type_count_) + static_cast<size_t>(b);
  }
  int32_t CellOf(const State& s, SpriteRef r) const;
  // The visible non-avatar sprites of `s` into `out`, by type then id; without the level's
  // frozen sprites (which never move, appear or vanish) unless `with_frozen`.
  void Collect(const State& s, std::vector<Seen>& out, bool with_frozen) const;
  // f(type) for each visible non-avatar sprite of `s` on `cell`, frozen ones included.
  template <class F>
  void ForEachVisibleAt(const State& s, int32_t cell, F&& f) const;
  // Matches `a_` and `b_` by (type, id): changed_ gets the cells of sprites that moved,
  // appeared or vanished; moved_/appeared_ what moved and appeared.
  void Diff();
  int DimOf(TypeId resource);
  void LearnCollisions(const State& before, Action action, const State& after);
  void LearnControl(const State& before, Action action, const State& after);
  void LearnPortal(const State& before, const State& after);
  void LearnSpawners(const State& before, const State& after);
  void LearnWhatLiesUnderTheAvatar(const State& s);
  // Whether an object of type `t` vanished in the last Diff.
  bool Vanished(TypeId t) const;
  // Whether a change other than change `owner` lies within one cell of `cell`.
  bool ChangedNear(int32_t cell, int32_t owner) const;
  uint8_t EffectsOf(const State& before, const State& after) const;

  GridDistance grid_;
  int type_count_ = 0;
  bool stochastic_ = false;
  std::vector<TypeInfo> types_;
  std::vector<CollisionClassifier> classifiers_;  // [avatar type][object type]
  std::vector<uint8_t> not_blocking_;             // [mover][other]: seen on one cell
  std::vector<int> control_;                      // by avatar type
  SpawnerRule spawner_rule_ = SpawnerRule::kAny;
  bool unmet_danger_ = true;                   // a stochastic type never collided with is dangerous
  std::array<TypeId, kInventoryDims> dims_{};  // resource type of each dimension
  int num_dims_ = 0;
  std::vector<int32_t> type_counts_;  // scratch: per-type count differences
  std::vector<double> heat_;
  std::vector<int32_t> bfs_, bfs_depth_;
  std::vector<uint32_t> bfs_stamp_;
  uint32_t bfs_search_ = 0;
  // Diff scratch.
  std::vector<Seen> a_, b_;
  struct Moved {
    TypeId type;
    int32_t from, to;
    int32_t owner;  // its entries in changed_
  };
  struct Change {
    int32_t cell;
    int32_t owner;  // one number per moved, appeared or vanished object
  };
  std::vector<Moved> moved_;
  std::vector<Moved> vanished_;          // from == to: the cell it left
  std::vector<int32_t> appeared_;        // indices into b_
  std::vector<int32_t> appeared_owner_;  // their entries in changed_
  std::vector<Change> changed_;
  std::vector<TypeId> collided_;  // this step's collision types
};

}  // namespace vgdl
