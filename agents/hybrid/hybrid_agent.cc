// Joppen et al. 2016, §3: the hybrid agent (see hybrid_agent.h).
#include "agents/hybrid/hybrid_agent.h"

#include <array>
#include <memory>
#include <stdexcept>
#include <utility>

#include "agents/common/option_table.h"
#include "agents/common/preset_spec.h"
#include "agents/mcts/deterministic_detection.h"
#include "engine/observation.h"

namespace vgdl {

HybridAgent::HybridAgent(std::string name, const HybridOptions& options, uint64_t seed)
    : name_(std::move(name)), options_(options), rng_(seed), hs_(options.hs), mcts_(options.mcts) {
  if (!(options_.tick_share > 0.0 && options_.tick_share <= 1.0)) {
    throw std::invalid_argument("tick_share must be in (0, 1], got " +
                                std::to_string(options_.tick_share));
  }
  if (options_.targets.ban_ticks < 0) {
    throw std::invalid_argument("ban_ticks must be >= 0, got " +
                                std::to_string(options_.targets.ban_ticks));
  }
  path_.reserve(4096);
}

double HybridAgent::ExpectedScore(const State& root, const KnowledgeBase& kb) {
  double e = Score(root);
  if (!HasAvatar(root)) return e;
  const TypeId avatar_type = AvatarType(root);
  const Inventory inventory = kb.InventoryOf(root);
  for (TypeId t = 0; t < kb.type_count(); ++t) {
    const auto sprites = root.sprites_of(t);
    if (sprites.empty()) continue;
    const CollisionPrediction p = kb.Predict(avatar_type, t, inventory);
    if (!p.known || p.blocked || p.score_change <= 0.0) continue;
    for (SpriteRef r : sprites) {
      const Sprite& sp = root.sprite(r);
      if (!sp.has(SpriteFlag::kOfAvatarType) && !IsHiddenFrom(root, r)) e += p.score_change;
    }
  }
  return e;
}

void HybridAgent::Prepare(const State& first) {
  if (prepared_) return;
  prepared_ = true;
  kb_.Init(first, options_.spawner_rule, options_.unmet_danger);
  targets_.Init(first, kb_, options_.targets);
  if (options_.heuristic_search) hs_.Init(first, rng_);
  mcts_.Init(first, rng_);
  last_observation_.CopyFrom(first, rng_);
  predicted_.CopyFrom(first, rng_);
  look_ahead_.CopyFrom(first, rng_);
  look_ahead_twin_.CopyFrom(first, rng_);
  mode_ = options_.heuristic_search ? Mode::kSearch : Mode::kMcts;
}

void HybridAgent::Init(const State& observation, Budget& budget) {
  Prepare(observation);
  if (mode_ != Mode::kSearch) return;
  if (ShowsNpc(observation)) {
    SwitchToMcts(observation.tick());
    return;
  }
  hs_.Start(observation, rng_);
  // No stop criterion during the initial second but stochasticity (§3.1).
  const auto outcome = hs_.Continue(budget, kb_, 0.0, /*check_stop=*/false, rng_);
  if (outcome == HeuristicSearch::Outcome::kNpc) npc_seen_ = true;
}

void HybridAgent::SwitchToMcts(int tick) {
  if (mode_ == Mode::kMcts) return;
  mode_ = Mode::kMcts;
  switch_tick_ = tick;
}

void HybridAgent::LearnFromRealGame(const State& observation) {
  if (!has_last_) return;
  const State& last = last_observation_.get();
  if (last.tick() + 1 != observation.tick()) return;  // not one tick apart
  kb_.Observe(last, last_action_, observation);
  kb_.ObserveTick(last, observation);
  if (has_prediction_) kb_.ObserveRepeat(predicted_.get(), observation);
}

void HybridAgent::ExtendLookAhead(Budget& budget) {
  State& la = look_ahead_.get();
  for (int k = 0; k < kLookAheadNils && !la.ended(); ++k) {
    // Each step twice, from one state with two random streams: a stochastic check (§4.2).
    // Both asked of the budget (a deadline may pass between them).
    if (!budget.HasRoom(0, 2)) return;
    State& twin = look_ahead_twin_.CopyFrom(la, rng_);
    if (!SimulateStepWithin(twin, Action::kNil, budget)) return;
    if (!SimulateStepWithin(la, Action::kNil, budget)) return;
    kb_.ObserveRepeat(la, twin);
    if (ShowsNpc(la)) npc_seen_ = true;
  }
  if (la.ended() && game_end_tick_ < 0) game_end_tick_ = la.tick();
}

void HybridAgent::Predict(const State& observation, Action action, Budget& budget) {
  has_prediction_ = false;
  if (mode_ == Mode::kMcts) return;
  State& p = predicted_.CopyFrom(observation, rng_);
  has_prediction_ = SimulateStepWithin(p, action, budget);
}

bool HybridAgent::StartReplay(const State& observation, int32_t node, bool then_mcts) {
  if (node == HeuristicSearch::kNone) return false;
  // ACTION_NIL was played while searching: it must have changed nothing (§4.2).
  if (!SamePosition(observation, hs_.root())) {
    SwitchToMcts(observation.tick());
    return false;
  }
  hs_.PathTo(node, path_);
  replay_index_ = 0;
  mcts_after_replay_ = then_mcts;
  if (path_.empty()) return false;
  mode_ = Mode::kReplay;
  return true;
}

Action HybridAgent::SearchTick(const State& observation, Budget& budget) {
  if (!hs_.started()) hs_.Start(observation, rng_);
  // Replays `node`'s path when it can; otherwise the search goes on, or MCTS takes over when
  // the observation showed that ACTION_NIL changed the game (StartReplay switched).
  auto replay = [&](int32_t node, bool then_mcts, Action* action) {
    if (StartReplay(observation, node, then_mcts)) {
      *action = ReplayTick(observation, budget);
      return true;
    }
    if (mode_ == Mode::kMcts) {
      *action = MctsTick(observation, budget);
      return true;
    }
    return false;
  };
  Action action = Action::kNil;
  const double expected = ExpectedScore(hs_.root(), kb_);
  const int32_t terminal = hs_.best_terminal();
  if (terminal != HeuristicSearch::kNone && hs_.score(terminal) >= expected &&
      replay(terminal, false, &action)) {
    return action;
  }
  const auto outcome = hs_.Continue(budget, kb_, expected, /*check_stop=*/true, rng_);
  using Outcome = HeuristicSearch::Outcome;
  if (outcome == Outcome::kNpc) {
    npc_seen_ = true;
    SwitchToMcts(observation.tick());
    return MctsTick(observation, budget);
  }
  if (outcome == Outcome::kFound && replay(hs_.found(), false, &action)) return action;
  // The game-tick thresholds (§3.1).
  const int game_length = game_end_tick_ >= 0 ? game_end_tick_ : options_.max_game_ticks;
  const int remaining = game_length - observation.tick();
  const int32_t best_terminal = hs_.best_terminal();
  if (best_terminal != HeuristicSearch::kNone && game_end_tick_ >= 0 &&
      hs_.depth(best_terminal) >= remaining - 1 && replay(best_terminal, false, &action)) {
    return action;
  }
  const bool out_of_ticks = observation.tick() >= options_.tick_share * game_length;
  if (outcome == Outcome::kExhausted || out_of_ticks) {
    const int32_t node = best_terminal != HeuristicSearch::kNone ? best_terminal : hs_.best();
    if (replay(node, true, &action)) return action;
    SwitchToMcts(observation.tick());
    return MctsTick(observation, budget);
  }
  return Action::kNil;
}

Action HybridAgent::ReplayTick(const State& observation, Budget& budget) {
  if (replay_index_ < path_.size()) return path_[replay_index_++];
  // The path is played and the game goes on.
  if (mcts_after_replay_) {
    SwitchToMcts(observation.tick());
    return MctsTick(observation, budget);
  }
  mode_ = Mode::kSearch;
  hs_.Start(observation, rng_);
  return SearchTick(observation, budget);
}

Action HybridAgent::MctsTick(const State& observation, Budget& budget) {
  const std::vector<double>& heat = kb_.DangerHeatmap(observation);
  targets_.Update(observation, kb_, heat);
  return mcts_.Search(observation, budget, kb_, targets_, heat, rng_);
}

Action HybridAgent::Act(const State& observation, Budget& budget) {
  Prepare(observation);
  const int64_t iterations_before = hs_.expansions() + mcts_.stats().iterations;
  LearnFromRealGame(observation);
  if (mode_ != Mode::kMcts) {
    if (!look_ahead_started_) {
      look_ahead_.CopyFrom(observation, rng_);
      look_ahead_started_ = true;
    }
    ExtendLookAhead(budget);
    if (kb_.stochastic() || npc_seen_ || ShowsNpc(observation)) SwitchToMcts(observation.tick());
  }
  Action action = Action::kNil;
  switch (mode_) {
    case Mode::kSearch:
      action = SearchTick(observation, budget);
      break;
    case Mode::kReplay:
      action = ReplayTick(observation, budget);
      break;
    case Mode::kMcts:
      action = MctsTick(observation, budget);
      break;
  }
  Predict(observation, action, budget);
  last_observation_.CopyFrom(observation, rng_);
  has_last_ = true;
  last_action_ = action;
  const int64_t iterations_after = hs_.expansions() + mcts_.stats().iterations;
  stats_.iterations = iterations_after >= iterations_before ? iterations_after - iterations_before
                                                            : iterations_after;
  stats_.fm_calls = budget.calls();
  return action;
}

namespace {

using H = HybridOptions;

constexpr std::array<OptionChoice<HsPrePrune>, 2> kHsPrePruneRules{
    {{"knowledge", HsPrePrune::kKnowledge}, {"expected", HsPrePrune::kExpected}}};

void AddHeuristicSearchOptions(OptionTable<H>& t) {
  t.Bool("hs", &H::heuristic_search, "heuristic search while the game looks deterministic")
      .Double("ws", [](auto& h) -> auto& { return h.hs.ws; }, "w_s: score weight of H_HS (Eq. 3.1)",
              {0, 1e6})
      .Custom(
          {"preprune", OptionType::kBool, "", "pre-pruning by the knowledge base (§6)"},
          // One switch for both searches.
          [](const H& h) -> std::string { return h.hs.pre_prune ? "true" : "false"; },
          [](const AgentOptions& o, const std::string& name, H& h) {
            h.hs.pre_prune = o.GetBool(name);
            h.mcts.pre_prune = h.hs.pre_prune;
          })
      .Choice(
          "hs_preprune", [](auto& h) -> auto& { return h.hs.pre_prune_rule; },
          "what the heuristic search prunes unsimulated (§6, Algorithm 1 line 6): 'knowledge' "
          "(moves predicted to equal ACTION_NIL or to lose, and expected duplicates) or "
          "'expected' (the authors' BFS: expected duplicates only; predicted blocks and losses "
          "are simulated)",
          kHsPrePruneRules)
      .Bool(
          "dedup", [](auto& h) -> auto& { return h.hs.post_prune; },
          "post-pruning of duplicate states (§6)")
      .Bool(
          "expect", [](auto& h) -> auto& { return h.hs.expect; },
          "pre-pruning by the hash of the expected next state in heuristic search (§6)")
      .Int("hs_nodes", [](auto& h) -> auto& { return h.hs.max_nodes; }, "heuristic search nodes",
           {16, 1 << 24})
      .Int("hs_states", [](auto& h) -> auto& { return h.hs.max_states; },
           "heuristic search states kept, at most (others are re-simulated)", {1, 65536})
      .Double("hs_state_mb", [](auto& h) -> auto& { return h.hs.state_mb; },
              "memory for the heuristic search's kept states (MB)", {0, 65536})
      .Double("tick_share", &H::tick_share,
              "share of the game's ticks the heuristic search may use (§3.1)", {0.001, 1});
}

void AddMctsOptions(OptionTable<H>& t) {
  t.Double("c", [](auto& h) -> auto& { return h.mcts.c; }, "UCB1 exploration constant", {0, 100})
      .Int("depth", [](auto& h) -> auto& { return h.mcts.depth; }, "maximal rollout depth",
           {0, 1000})
      .Double("eps", [](auto& h) -> auto& { return h.mcts.epsilon; }, "rollout epsilon (§3.2)",
              {0, 1})
      .Int("backtrack", [](auto& h) -> auto& { return h.mcts.backtrack; },
           "alternatives tried after a rollout's loss (§3.2)", {0, kMaxSearchActions})
      .Double("wo", [](auto& h) -> auto& { return h.mcts.wo; },
              "outcome weight of H_MCTS (Eq. 3.2)", {0, 1e6})
      .Double("mcts_ws", [](auto& h) -> auto& { return h.mcts.ws; },
              "score weight of H_MCTS (Eq. 3.2)", {0, 1e6})
      .Double("wd", [](auto& h) -> auto& { return h.mcts.wd; }, "target-distance weight of H_MCTS",
              {0, 1e6})
      .Double("wt", [](auto& h) -> auto& { return h.mcts.wt; }, "step weight of H_MCTS", {0, 1e6})
      .Bool(
          "informed", [](auto& h) -> auto& { return h.mcts.informed; },
          "informed priors and rollouts (§3.2, §5)")
      .Int("mcts_nodes", [](auto& h) -> auto& { return h.mcts.max_nodes; }, "MCTS tree nodes",
           {16, 1 << 22})
      .Int("ban_ticks", [](auto& h) -> auto& { return h.targets.ban_ticks; },
           "ticks a target whose distance stopped decreasing stays disregarded (§5); 0: the "
           "rest of the game",
           {0, 100000});
}

constexpr std::array<OptionChoice<SpawnerRule>, 2> kSpawnerRules{
    {{"any", SpawnerRule::kAny}, {"alone", SpawnerRule::kAlone}}};

void AddKnowledgeOptions(OptionTable<H>& t) {
  t.Bool("unmet_danger", &H::unmet_danger,
         "a stochastic type the avatar has never collided with is dangerous (§6's worst case); "
         "false: only a predicted loss is (the authors' code)");
  t.Choice("spawner", &H::spawner_rule,
           "which object on the cell of an object that appeared spawned it (§4.5): 'any' (the "
           "paper: a portal, else one not yet a spawner, else the first) or 'alone' (the "
           "authors' code: a portal or the cell's only type; nothing learnt otherwise)",
           kSpawnerRules);
}

constexpr std::array<OptionChoice<MetRule>, 2> kMetRules{
    {{"collision", MetRule::kCollision}, {"cell", MetRule::kSharedCell}}};

constexpr std::array<OptionChoice<TargetRank>, 2> kTargetRanks{
    {{"distance", TargetRank::kDistance}, {"priority", TargetRank::kPriority}}};

void AddTargetOptions(OptionTable<H>& t) {
  t.Choice(
      "rank", [](auto& h) -> auto& { return h.targets.rank; },
      "how target selection weighs distance against what an object does (Eq. 5.4): "
      "'distance' (w^T phi(o) - d(o): the nearest desirable object) or 'priority' (the "
      "authors' code: ranked by predicted effect, distance a bonus within 6 cells, a "
      "bonus for a type long not the target)",
      kTargetRanks);
  t.Choice(
      "met", [](auto& h) -> auto& { return h.targets.met; },
      "what counts as having met a type, for target selection's 'not yet encountered' "
      "(§5 is silent): 'cell' (the authors' code: a collision with it seen, or having "
      "stood alive on a cell holding it) or 'collision' (a collision only)",
      kMetRules);
}

const OptionTable<H>& HybridOptionTable() {
  static const OptionTable<H> table = BuildOptionTable<H>(
      {AddHeuristicSearchOptions, AddMctsOptions, AddKnowledgeOptions, AddTargetOptions});
  return table;
}

// The ranges are declared with the options (AgentOptions refuses what lies outside them);
// the option structs' Validate functions check the same for code that builds them directly.
HybridOptions ReadHybridOptions(const AgentOptions& o) {
  HybridOptions h = HybridOptionTable().Read(o);
  ValidateHeuristicSearchOptions(h.hs);
  ValidateEnhancedMctsOptions(h.mcts);
  return h;
}

}  // namespace

std::vector<AgentSpec> HybridSpecs() {
  const char* paper = "Joppen et al. 2016, Informed Hybrid Game Tree Search, TUD-KE-2016-01, §3-6";
  // The questions §4.5 and §5 leave open, or answer otherwise, as the authors' code (YOLOBOT)
  // answers them: docs/agents.md, docs/hybrid-evaluation.md.
  HybridOptions code;
  code.spawner_rule = SpawnerRule::kAlone;
  code.targets.rank = TargetRank::kPriority;
  code.hs.pre_prune_rule = HsPrePrune::kExpected;
  code.unmet_danger = false;
  struct Preset {
    const char* name;
    const char* summary;
    HybridOptions defaults;
  };
  const std::array<Preset, 2> presets{{
      {"hybrid",
       "YOLOBOT: a learnt knowledge base, heuristic search with pruning while the game looks "
       "deterministic, informed MCTS with backtracking from the first stochastic effect or NPC",
       HybridOptions{}},
      {"hybrid-code",
       "hybrid where the authors' code reads the paper otherwise: spawners learnt from a cell's "
       "only type, targets ranked by what they do, predicted blocks and losses simulated by the "
       "heuristic search, danger only where a loss is predicted "
       "(hybrid:spawner=alone,rank=priority,hs_preprune=expected,unmet_danger=false)",
       code},
  }};
  std::vector<AgentSpec> specs;
  for (const Preset& preset : presets) {
    specs.push_back(PresetSpec(
        preset.name, preset.summary, paper, HybridOptionTable().Declarations(preset.defaults),
        [](std::string name, const AgentOptions& options, uint64_t seed) {
          return std::make_unique<HybridAgent>(std::move(name), ReadHybridOptions(options), seed);
        }));
  }
  return specs;
}

}  // namespace vgdl
