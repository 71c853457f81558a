// Knowledge-Based Evaluations (KBE) of Soemers 2016, §4.2.4: a heuristic term that tells apart
// simulations whose ordinary evaluation X(s) (Eq. 3.1) is the same, by how much closer they
// take the avatar to objects that, from the collisions seen so far, seem good to touch.
//
//   Eval_KB(s_T) = sum_i w_i * (d_0(i) - d_T(i))                                     (Eq. 4.2)
//
// over the object types i seen in the game, except the avatar's types, the types of sprites the
// avatar created and the "wall" type, and only where w_i >= 1e-4. d_0(i) and d_T(i) are the
// walking distances (agents/common/grid_distance.h) from the avatar to the closest object of
// type i in the root s_0 and in the simulation's end s_T. When X(s_T) = X(s_0) (or always, with
// the option `always`), s_T is valued X(s_T) + 0.5 * normalised Eval_KB, the normalisation
// being by the least and greatest Eval_KB of the game so far, so that the bonus stays below any
// real score change (GVGAI's scores change by 1 or more).
//
// The weights are learnt from the collision events of the simulations. For every forward-model
// step s_{t-1} -> s_t, with Delta_t = X(s_t) - X(s_{t-1}), each new event (o_1, o_2), o_1 the
// avatar or one of its sprites and o_2 of type i, gives
//   Delta_i += Delta_t,  n_i += 1,
//   w_i <- w_i + (Delta_i / n_i - w_i) * alpha_i,                                     (Eq. 4.3)
//   alpha_i <- max(0.1, 0.75 * alpha_i),                                              (Eq. 4.4)
// with alpha_i = 0.8 at first. A type gets its tables when it is first observed in the game
// (a visible sprite of it in a state KBE reads, or an event with it), w_i starting at Table
// 4.1's value for its observation category: static 0, NPC 0.1, movable 0.25, resource 1,
// portal 1. At the start of every game tick every weight grows by 1e-4, so that types whose
// weight sank to 0 are tried again now and then.
//
// Choices where the thesis is silent (docs/agents.md, "Knowledge-based evaluations"):
//  - A type with no visible object (in s_0 or s_T) has distance width * height there, the
//    initial value of Alg. 4.3 (line 3) and the distance of an unreachable object; so does
//    every type when there is no avatar in s_0.
//  - A type's category is that of the first visible sprite of it seen (GVGAI categorises
//    sprites, and "from-avatar" is a property of the sprite); a type first met in an event,
//    with no visible sprite in that state, is categorised by its definition alone until a
//    sprite of it is seen (its weight stays as learnt).
//  - The bounds of the normalisation start as [0, 0]: Eval_KB of the root itself is 0, so "no
//    closer, no further" always lies inside them and a single value is not normalised by an
//    empty interval (MaastCTS2 starts them at [-2, 2]). They are kept for the whole game.
//  - A state without an avatar, or with its avatar outside the grid, gets no bonus.
//  - Relevance is w_i >= 1e-4 as the thesis writes it (text and Alg. 4.2, 4.3), so a type
//    whose weight turned negative is left out rather than fled from; MaastCTS2 tests |w_i|.
//    With Delta_t measured in X (Eq. 3.1), one losing collision makes a weight about -8e6,
//    which under |w_i| would outweigh every other type after normalisation.
//  - Delta_t is the change of X itself, wins and losses included (+-1e7), as §4.2.4 defines
//    it; MaastCTS2 counts them as +-1 and skips losses of the play-out.
//  - The event's o_2 is GVGAI's passive object (engine/event_log.h): the avatar or its sprite
//    is always the active one.
//
// Time discipline: the tables are sized for the game's types at Init and the distance buffers
// for the level; nothing here allocates afterwards.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "agents/common/evaluation.h"
#include "agents/common/grid_distance.h"
#include "engine/observation.h"
#include "engine/state.h"

namespace vgdl {

struct KnowledgeEvaluationOptions {
  // "Always KBE" (Soemers Table 5.11): add the bonus even when X(s_T) != X(s_0).
  bool always = false;
};

class KnowledgeBasedEvaluation {
 public:
  static constexpr double kTickIncrement = 1e-4;   // added to every weight each tick
  static constexpr double kRelevantWeight = 1e-4;  // w_i below it: type i left out of Eq. 4.2
  static constexpr double kInitialLearningRate = 0.8;
  static constexpr double kLearningRateDecay = 0.75;
  static constexpr double kMinLearningRate = 0.1;
  static constexpr double kMaxBonus = 0.5;  // Eval_KB is normalised into [0, kMaxBonus]

  // Table 4.1 (avatar and from-avatar types, which Eq. 4.2 leaves out, get 0).
  static double InitialWeight(ObsCategory category);

  // What KBE knows of one type.
  struct TypeKnowledge {
    bool known = false;  // observed in this game: the fields below are valid
    ObsCategory category = ObsCategory::kStatic;
    bool excluded = false;  // left out of Eq. 4.2: avatar, from-avatar or wall type
    double weight = 0.0;
    double learning_rate = kInitialLearningRate;
    double delta_sum = 0.0;  // Delta_i
    int64_t events = 0;      // n_i
    int root_distance = 0;   // d_0(i) of the current tick
  };

  explicit KnowledgeBasedEvaluation(const KnowledgeEvaluationOptions& options = {});

  // At the agent's Init: colours the level's grid and sizes the tables for the game's types;
  // forgets everything learnt in an earlier game.
  void Init(const State& first);

  // Before every search from a root (the Init search included): every weight grows by 1e-4,
  // the root's types are observed, d_0(i) is computed for every type whatever its weight (it
  // may become relevant during the search) and X(s_0) is remembered.
  void BeginTick(const State& root);

  // After every forward-model step of a simulation: `value_before` is X of the state before the
  // step and `events_before` the size of its events history; `after` is the state after it.
  // Learns from the events the step added (Eq. 4.3, 4.4).
  void ObserveStep(double value_before, size_t events_before, const State& after);

  // The value of the simulation's end `end` whose X is `x_end`: x_end plus the normalised
  // Eval_KB when X(s_T) = X(s_0) (or always), else x_end. Widens the normalisation bounds.
  double Evaluate(const State& end, double x_end);

  // Eval_KB(s) of Eq. 4.2, unnormalised; 0 without an avatar. Observes s's types.
  double KnowledgeValue(const State& s);

  const KnowledgeEvaluationOptions& options() const { return options_; }
  const TypeKnowledge& type(TypeId t) const { return types_[static_cast<size_t>(t)]; }
  double root_value() const { return root_value_; }
  const ValueBounds& bounds() const { return bounds_; }
  const GridDistance& grid() const { return grid_; }

 private:
  // Gives `t` its tables if it has none, categorised by its first visible sprite in `state`, or
  // by its definition when `from_event` and it has none. Returns whether it is known now.
  bool Observe(const State& state, TypeId t, bool from_event);
  void Learn(TypeKnowledge& k, double delta);
  bool Relevant(const TypeKnowledge& k) const {
    return k.known && !k.excluded && k.weight >= kRelevantWeight;
  }

  KnowledgeEvaluationOptions options_;
  GridDistance grid_;
  TypeId wall_type_ = kNoType;
  std::vector<TypeKnowledge> types_;  // by type id
  // Types first met in an event, categorised by definition only until a sprite is seen.
  std::vector<uint8_t> provisional_;
  double root_value_ = 0.0;
  ValueBounds bounds_;
};

}  // namespace vgdl
