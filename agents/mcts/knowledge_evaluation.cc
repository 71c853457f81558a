// Knowledge-Based Evaluations (Soemers 2016, §4.2.4): see knowledge_evaluation.h.
#include "agents/mcts/knowledge_evaluation.h"

#include <algorithm>

namespace vgdl {

namespace {

// GVGAI's category tests (engine/observation.h) on the definition alone, for a type met in an
// event without a visible sprite: whether a sprite came from the avatar is not known then, so a
// type without any of the flags counts as movable.
ObsCategory CategoryOfDefinition(const SpriteDef& d) {
  if (d.is_avatar) return ObsCategory::kAvatar;
  if (d.is_resource) return ObsCategory::kResource;
  if (d.portal) return ObsCategory::kPortal;
  if (d.is_npc) return ObsCategory::kNpc;
  if (d.is_static) return ObsCategory::kStatic;
  return ObsCategory::kMovable;
}

// The first sprite of `t` the player sees, or kNoSprite. Whether a sprite is hidden is a
// property of its type, so the first sprite answers for all.
SpriteRef FirstVisibleSprite(const State& state, TypeId t) {
  const auto sprites = state.sprites_of(t);
  if (sprites.empty() || IsHiddenFrom(state, sprites.front())) return kNoSprite;
  return sprites.front();
}

}  // namespace

double KnowledgeBasedEvaluation::InitialWeight(ObsCategory category) {
  switch (category) {
    case ObsCategory::kStatic:
      return 0.0;
    case ObsCategory::kNpc:
      return 0.1;
    case ObsCategory::kMovable:
      return 0.25;
    case ObsCategory::kResource:
      return 1.0;
    case ObsCategory::kPortal:
      return 1.0;
    case ObsCategory::kAvatar:
    case ObsCategory::kFromAvatar:
      break;
  }
  return 0.0;
}

KnowledgeBasedEvaluation::KnowledgeBasedEvaluation(const KnowledgeEvaluationOptions& options)
    : options_(options) {}

void KnowledgeBasedEvaluation::Init(const State& first) {
  grid_.Init(first);
  wall_type_ = first.def().FindType("wall");
  const auto types = static_cast<size_t>(first.def().type_count());
  types_.assign(types, TypeKnowledge{});
  provisional_.assign(types, 0);
  root_value_ = GameValue(first);
  bounds_ = ValueBounds{};
  bounds_.Add(0.0);  // Eval_KB of the root itself
}

bool KnowledgeBasedEvaluation::Observe(const State& state, TypeId t, bool from_event) {
  TypeKnowledge& k = types_[static_cast<size_t>(t)];
  uint8_t& provisional = provisional_[static_cast<size_t>(t)];
  if (k.known && provisional == 0) return true;
  const SpriteRef s = FirstVisibleSprite(state, t);
  ObsCategory category;
  if (s != kNoSprite) {
    category = CategoryOf(state, s);
    provisional = 0;
  } else if (k.known) {
    return true;
  } else if (from_event) {
    category = CategoryOfDefinition(state.type_def(t));
    provisional = 1;
  } else {
    return false;
  }
  k.category = category;
  k.excluded =
      category == ObsCategory::kAvatar || category == ObsCategory::kFromAvatar || t == wall_type_;
  if (!k.known) {
    // Fresh tables (Delta_i = n_i = 0, alpha_i = 0.8); no object of it was in the root.
    k.known = true;
    k.weight = InitialWeight(category);
    k.learning_rate = kInitialLearningRate;
    k.delta_sum = 0.0;
    k.events = 0;
    k.root_distance = grid_.unreachable();
  }
  return true;
}

void KnowledgeBasedEvaluation::BeginTick(const State& root) {
  for (TypeKnowledge& k : types_) {
    if (k.known) k.weight += kTickIncrement;
  }
  root_value_ = GameValue(root);
  const int32_t avatar = grid_.AvatarCell(root);
  for (TypeId t = 0; t < static_cast<TypeId>(types_.size()); ++t) {
    if (root.count_of(t) > 0) Observe(root, t, /*from_event=*/false);
    TypeKnowledge& k = types_[static_cast<size_t>(t)];
    if (!k.known || k.excluded) continue;
    // Every type, relevant or not: its weight may become relevant during this tick's search.
    k.root_distance = avatar == GridDistance::kNoCell ? grid_.unreachable()
                                                      : grid_.ClosestOfType(root, avatar, t);
  }
}

void KnowledgeBasedEvaluation::Learn(TypeKnowledge& k, double delta) {
  k.delta_sum += delta;
  k.events += 1;
  const double mean_delta = k.delta_sum / static_cast<double>(k.events);
  k.weight += (mean_delta - k.weight) * k.learning_rate;                               // Eq. 4.3
  k.learning_rate = std::max(kMinLearningRate, kLearningRateDecay * k.learning_rate);  // Eq. 4.4
}

void KnowledgeBasedEvaluation::ObserveStep(double value_before, size_t events_before,
                                           const State& after) {
  // The history is ordered by tick first, so the step's events are the ones past the size it
  // had before (they are also the newest, unfrozen part of the log: reading them is cheap).
  const EventLog& log = after.events();
  const size_t end = log.size();
  if (end <= events_before) return;
  const double delta = GameValue(after) - value_before;
  for (size_t i = events_before; i < end; ++i) {
    const TypeId t = log[i].passive_type;  // o_2: the object the avatar or its sprite hit
    if (t < 0 || static_cast<size_t>(t) >= types_.size()) continue;
    Observe(after, t, /*from_event=*/true);
    Learn(types_[static_cast<size_t>(t)], delta);
  }
}

double KnowledgeBasedEvaluation::KnowledgeValue(const State& s) {
  const int32_t avatar = grid_.AvatarCell(s);
  double value = 0.0;
  for (TypeId t = 0; t < static_cast<TypeId>(types_.size()); ++t) {
    if (s.count_of(t) > 0) Observe(s, t, /*from_event=*/false);
    const TypeKnowledge& k = types_[static_cast<size_t>(t)];
    if (avatar == GridDistance::kNoCell || !Relevant(k)) continue;
    const int d_end = grid_.ClosestOfType(s, avatar, t);
    value += k.weight * static_cast<double>(k.root_distance - d_end);  // Eq. 4.2
  }
  return value;
}

double KnowledgeBasedEvaluation::Evaluate(const State& end, double x_end) {
  // A state whose X differs from the root's already says where it leads.
  if (!options_.always && x_end != root_value_) return x_end;
  if (grid_.AvatarCell(end) == GridDistance::kNoCell) return x_end;
  const double eval = KnowledgeValue(end);
  bounds_.Add(eval);
  return x_end + kMaxBonus * bounds_.Normalise(eval);
}

}  // namespace vgdl
