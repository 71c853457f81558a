// Target selection (Joppen et al. 2016, §5): the object the avatar should head for when nothing
// interesting lies within the search's observation horizon.
//
// Once per game tick, every visible object o (not the avatar, not the avatar's own sprites)
// gets the binary features phi(o) of its predicted collision with the avatar (§4.4): score
// increase, score decrease, win, loss, blocks movement, is a portal, not yet encountered,
// inventory change, ACTION_USE possible. Its distance d(o) from the avatar is a best-first
// (Dijkstra) search over the cells with the edge cost of Eq. 5.3,
//   c(x, y, x', y') = 1 + 80 / (heat(x', y') + 1),
// heat being the danger heatmap (§4.3). The most interesting object o_c maximises H(o) (Eq. 5.4).
// A second Dijkstra search from o_c gives every cell its distance to the target: the rollout
// policy and the informed priors of MCTS (§3.2) prefer moves that lower it, and H_MCTS (Eq. 3.2)
// subtracts it. Within 3 steps of the target, the move minimising the Euclidean distance to it
// is taken instead (§5). A target whose distance has not decreased for kPatience ticks is
// disregarded and another one chosen (§5, "validate the selection"), for `ban_ticks` ticks or,
// with ban_ticks = 0, for the rest of the game.
// One-axis games (the avatar cannot move vertically, or cannot move horizontally): the target is
// the column (row) with the most interesting objects, objects closer to the avatar weighing more
// (1 / (1 + distance along the other axis)); the distance to it is the distance along the axis.
//
// Choices where the paper is silent (docs/agents.md, "Hybrid agent"):
//   - Eq. 5.4 is printed as H(o) = -d(o) w^T phi(o), which as a product would prefer, at equal
//     distance, the less desirable of two desirable objects; it is read as the trade-off the text
//     describes, H(o) = w^T phi(o) - d(o), and only objects with w^T phi(o) > 0 are targets.
//   - Weights: score up 10, score down -10, win 100, loss -100, blocks -5, portal 2, not yet
//     encountered 5, inventory change 5, use possible 5 (the avatar has ACTION_USE and the
//     knowledge base has seen its sprites act on the type: KnowledgeBase::UseAffects).
//   - Cells holding an object predicted to block the avatar, and wall cells, cannot be entered
//     (the target's own cell excepted). kPatience = 10 ticks; at most kMaxBanned targets are
//     remembered as disregarded (the oldest is forgotten first).
//   - How long a disregarded target stays disregarded (§5 does not say) is the option
//     ban_ticks; its default 0, for the rest of the game, is the reading the 40 ms evaluation
//     played (docs/hybrid-evaluation.md). Where the only desirable object is banned so, MCTS
//     has no target for the rest of the game (crossfire, cakybaky); the authors' code
//     disregards an object for 100 ticks.
//   - What counts as having met a type, for the feature "not yet encountered" (§5 does not
//     say): the option `met` (MetRule). The default, kSharedCell, is how the authors' code
//     learns it (YOLOBOT's learnAlivePosition): a collision of the avatar with the type has
//     been seen, or the avatar has stood, alive, on a cell holding the type in the real game
//     (KnowledgeBase::Inert). So a floor or a street with no rule for the avatar stops drawing
//     the avatar once it has walked on one (waitforbreakfast's ground kept it from the chair:
//     docs/hybrid-evaluation.md). kCollision, collisions only, is the reading the 40 ms
//     evaluation played.
//   - How Eq. 5.4 weighs distance against desirability: the option `rank` (TargetRank). Eq. 5.3
//     costs a cell 1 + 80 / (heat + 1), 81 on a cell without danger, so with the weights above
//     the difference H(o) = w^T phi(o) - d(o) picks the nearest desirable object: a win two
//     cells away loses to an unmet wall one cell away. That is `rank=distance`, the reading the
//     evaluations before it played. `rank=priority` ranks as the authors' code does (YOLOBOT's
//     TargetChooser, read to learn): the nearest object of each type, ranked by what touching
//     it is predicted to do (TargetPriorities) with distance counting only as a bonus within
//     kNearCells, plus a bonus growing by one every 10 ticks (at most 100) since the type was
//     last the target, so that targets rotate; no target when the best ranks below -300. A
//     target whose distance has not decreased for 40 * max(1, priority / 50) ticks is
//     disregarded for 100 ticks (the code's patience and blacklist), not kPatience.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "agents/common/action_list.h"
#include "agents/hybrid/knowledge_base.h"
#include "agents/hybrid/pruning.h"
#include "engine/state.h"

namespace vgdl {

// What counts as having met a type for §5's feature "not yet encountered".
enum class MetRule : uint8_t {
  kCollision,   // a collision of the avatar's type with it has been seen
  kSharedCell,  // or the avatar has stood on a cell holding it (KnowledgeBase::Inert); default
};

// How Eq. 5.4 ranks the objects (see the choices above).
enum class TargetRank : uint8_t {
  kDistance,  // H(o) = w^T phi(o) - d(o), only objects with w^T phi(o) > 0
  kPriority,  // the authors' code: priorities by predicted effect, distance a near bonus
};

// The authors' priorities (rank=priority), by the first predicted effect that applies, in this
// order: a win, an unmet portal, blocking (a wall), score and inventory up, score up, inventory
// up, unmet, ACTION_USE acts on it, a type change; else a loss, else nothing. Score down is
// added to the one that applies.
struct TargetPriorities {
  double win = 1000.0;
  double unmet_portal = 150.0;
  double blocks = -200.0;
  double score_and_inventory = 140.0;
  double score_up = 135.0;
  double inventory = 132.0;
  double unmet = 131.0;
  double use = 90.0;
  double avatar_type = 100.0;
  double lose = -100.0;
  double score_down = -1000.0;
  double near = 21.0;            // within kNearCells of the avatar
  double rotation_max = 100.0;   // the bonus of a type long not the target, at most
  double rotation_ticks = 10.0;  // ticks per point of that bonus
  double no_target_below = -300.0;
};

struct TargetOptions {
  int ban_ticks = 0;  // how long a disregarded target stays disregarded; 0 for the rest of the game
  MetRule met = MetRule::kSharedCell;  // what counts as having met a type
  TargetRank rank = TargetRank::kDistance;
};

struct TargetWeights {
  double score_up = 10.0;
  double score_down = -10.0;
  double win = 100.0;
  double lose = -100.0;
  double blocks = -5.0;
  double portal = 2.0;
  double unseen = 5.0;
  double inventory = 5.0;
  double use = 5.0;
};

class TargetSelector {
 public:
  static constexpr int kPatience = 10;
  static constexpr int kMaxBanned = 16;
  static constexpr int kEuclideanRange = 3;
  static constexpr double kHeatCost = 80.0;      // Eq. 5.3
  static constexpr int kNearCells = 6;           // rank=priority's near bonus (Manhattan)
  static constexpr int kPriorityBanTicks = 100;  // rank=priority's blacklist

  void Init(const State& first, const KnowledgeBase& kb, const TargetOptions& options = {});
  // Chooses the target for the tick of `root` (Eq. 5.3, 5.4).
  void Update(const State& root, const KnowledgeBase& kb, const std::vector<double>& heat);

  bool has_target() const { return target_cell_ != GridDistance::kNoCell; }
  int32_t target_cell() const { return target_cell_; }
  TypeId target_type() const { return target_type_; }
  // The distance from `cell` to the target (Eq. 5.3's costs), or unreachable() when there is
  // no target or no path.
  double DistanceFrom(int32_t cell) const;
  double unreachable() const { return unreachable_; }
  // H(o) of Eq. 5.4 for an object of type `t` on `cell`, given the avatar's distances of the
  // last Update; for tests.
  double Desirability(const State& state, const KnowledgeBase& kb, TypeId t) const;
  // rank=priority: the authors' priority of type `t` from its predicted effect alone (no
  // distance or rotation bonus); `portal_category`: GVGAI files the object under the portal
  // category (Door, Portal, portal=True). For tests.
  double EffectPriority(const State& state, const KnowledgeBase& kb, TypeId t,
                        bool portal_category) const;
  const TargetWeights& weights() const { return weights_; }

  // The index in `actions` of the allowed action that brings the avatar of `state` closest to
  // the target, or -1 when there is no target (or no allowed move gets closer or stays level).
  int GreedyAction(const State& state, const ActionList& actions, const KnowledgeBase& kb,
                   ActionMask allowed) const;
  // The informed prior of action i in `state` (§3.2): 1 if it lowers the distance to the
  // target, 0.5 if it keeps it, 0 if it raises it; 0.5 for every action without a target.
  double Prior(const State& state, Action action, const KnowledgeBase& kb) const;

 private:
  void Dijkstra(int32_t from, const std::vector<double>& heat, std::vector<double>& dist);
  void MarkBlockedCells(const State& root, const KnowledgeBase& kb);
  // §5's features both rankings read: the type has been met (MetRule), and ACTION_USE acts on it.
  bool Met(const KnowledgeBase& kb, const CollisionPrediction& p, TypeId avatar_type,
           TypeId t) const;
  static bool UsePossible(const State& state, const KnowledgeBase& kb, TypeId t);
  // The best object of Eq. 5.4 (rank=distance) or of the authors' priorities (rank=priority).
  struct Choice {
    int32_t cell;
    TypeId type;
    int32_t id;
    Vec2 position;
    double value;
  };
  bool Eligible(const State& root, SpriteRef r, const KnowledgeBase& kb, int32_t avatar,
                int32_t* cell) const;
  Choice ChooseByDistance(const State& root, const KnowledgeBase& kb, int32_t avatar);
  Choice ChooseByPriority(const State& root, const KnowledgeBase& kb, int32_t avatar) const;
  bool ChooseLine(const State& root, int32_t avatar);
  void Validate(const Choice& choice, int tick);
  bool Banned(int32_t id, int tick) const;
  void Ban(int32_t id, int tick);
  double ActionDistance(const State& state, Action action, const KnowledgeBase& kb) const;

  TargetWeights weights_;
  int width_ = 0;
  int height_ = 0;
  double unreachable_ = 0.0;
  std::vector<uint8_t> blocked_;  // per cell, this tick
  std::vector<double> from_avatar_;
  std::vector<double> to_target_;
  struct HeapEntry {
    double d;
    int32_t cell;
  };
  std::vector<HeapEntry> heap_;
  int32_t target_cell_ = GridDistance::kNoCell;
  TypeId target_type_ = kNoType;
  int32_t target_id_ = -1;
  Vec2 target_position_;
  bool one_axis_ = false;
  bool columns_ = true;  // one-axis: the target is a column (else a row)
  std::vector<double> line_value_;
  double best_distance_ = 0.0;
  int stale_ticks_ = 0;
  struct BannedTarget {
    int32_t id;
    int until;  // the first tick on which it may be chosen again
  };
  TargetOptions options_;
  TargetPriorities priorities_;
  std::vector<int> last_target_tick_;  // per type: when it last stopped being the target
  std::array<BannedTarget, kMaxBanned> banned_{};
  int num_banned_ = 0;
  int next_banned_ = 0;
};

}  // namespace vgdl
