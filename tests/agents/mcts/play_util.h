// Helpers for the search-agent tests (MCTS, IW, RHEA): loading the small games of
// tests/data/search and the bundled games, playing an agent with a forward-model-call budget, and
// finding a deterministic level's shortest solution by exhaustive breadth-first search.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <queue>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "agents/agent.h"
#include "agents/common/action_list.h"
#include "agents/common/budget.h"
#include "agents/registry.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "engine/state.h"
#include "vgdl/loader.h"

namespace vgdl::testing {

struct LoadedGame {
  std::shared_ptr<const GameDef> def;
  LevelDef level;
};

inline std::optional<LoadedGame> LoadGameFiles(const std::filesystem::path& game_file,
                                               const std::filesystem::path& level_file,
                                               std::string* error) {
  GameLoad game = LoadGameFromFile(game_file);
  if (!game.game) {
    *error = "cannot load " + game_file.string();
    return std::nullopt;
  }
  LevelLoad level = LoadLevelFromFile(*game.game, level_file);
  if (!level.level) {
    *error = "cannot load " + level_file.string();
    return std::nullopt;
  }
  return LoadedGame{game.game, *std::move(level.level)};
}

// tests/data/search/<name>.txt and <name>_lvl<level>.txt.
inline std::optional<LoadedGame> LoadSearchGame(const std::string& name, int level,
                                                std::string* error) {
  const std::filesystem::path dir = std::filesystem::path(VGDL_TEST_DATA_DIR) / "search";
  return LoadGameFiles(dir / (name + ".txt"),
                       dir / (name + "_lvl" + std::to_string(level) + ".txt"), error);
}

// A game of tests/data/search (level 0) that the test needs: a load failure fails the test
// and yields an empty game.
inline LoadedGame MustLoadSearchGame(const std::string& name) {
  std::string error;
  auto game = LoadSearchGame(name, 0, &error);
  if (!game) ADD_FAILURE() << error;
  return game ? *std::move(game) : LoadedGame{};
}

// An agent from its registry spec that the test needs: a bad spec fails the test (null).
inline std::unique_ptr<Agent> MakeAgent(const std::string& spec, uint64_t seed = 1) {
  std::string error;
  auto agent = CreateAgent(spec, seed, &error);
  EXPECT_NE(agent, nullptr) << error;
  return agent;
}

// A game bundled with the project (games/<name>.txt, levels/<name>_lvl<level>.txt): tests
// that are not about fidelity to GVGAI play these, so that they run on a clone with nothing
// beside it.
inline std::optional<LoadedGame> LoadBundledGame(const std::string& name, int level,
                                                 std::string* error) {
  const std::filesystem::path root(VGDL_SOURCE_DIR);
  return LoadGameFiles(root / "games" / (name + ".txt"),
                       root / "levels" / (name + "_lvl" + std::to_string(level) + ".txt"), error);
}

// A bundled game that the test needs: a load failure fails the test and yields an empty game.
inline LoadedGame MustLoadBundledGame(const std::string& name, int level = 0) {
  std::string error;
  auto game = LoadBundledGame(name, level, &error);
  if (!game) ADD_FAILURE() << error;
  return game ? *std::move(game) : LoadedGame{};
}

struct PlayResult {
  std::vector<Action> actions;
  std::vector<AgentStats> stats;
  bool won = false;
  bool lost = false;
  int ticks = 0;
  double score = 0.0;
};

// Plays `agent` on the level as the runner does (Init with a fork, a fork per decision, the
// real game advanced with StepMode::kRealGame), with call budgets, for at most `max_ticks`.
inline PlayResult Play(Agent& agent, const LoadedGame& game, int64_t game_seed,
                       int64_t calls_per_act, int max_ticks, int64_t init_calls = 0) {
  State real(game.def, game.level, game_seed);
  {
    Budget init = Budget::ForwardModelCalls(init_calls);
    agent.Init(real.Fork(), init);
  }
  PlayResult result;
  while (!real.ended() && real.tick() < max_ticks) {
    const State observation = real.Fork();
    Budget budget = Budget::ForwardModelCalls(calls_per_act);
    const Action action = agent.Act(observation, budget);
    result.actions.push_back(action);
    result.stats.push_back(agent.LastStats());
    Advance(real, action, StepMode::kRealGame);
  }
  result.won = real.ended() && GameWinner(real) == Winner::kWins;
  result.lost = real.ended() && GameWinner(real) == Winner::kLoses;
  result.ticks = real.tick();
  result.score = Score(real);
  return result;
}

// Two agents that `make` builds alike play the level from `game_seed` with `calls_per_act`
// calls an act for `ticks` ticks: with call budgets they must choose the same actions and end
// with the same score.
template <class MakeAgentFn>
void ExpectReproducible(const MakeAgentFn& make, const LoadedGame& game, int64_t game_seed,
                        int64_t calls_per_act, int ticks, int64_t init_calls = 0) {
  const auto a = make();
  const auto b = make();
  const PlayResult ra = Play(*a, game, game_seed, calls_per_act, ticks, init_calls);
  const PlayResult rb = Play(*b, game, game_seed, calls_per_act, ticks, init_calls);
  EXPECT_EQ(ra.actions, rb.actions) << a->Name();
  EXPECT_EQ(ra.score, rb.score) << a->Name();
}

// One Act, from tick 0 of `game`, of a fresh agent (`make(calls)`, a unique_ptr to an Agent)
// under each call budget `first`, `first + step`, ... below `end`: every forward-model call must
// be counted in AgentStats::fm_calls and none may go over the budget. `also(stats, budget,
// calls)` adds the test's own checks.
template <class MakeAgentFor, class AlsoCheck>
void ExpectEveryCallCountedWithinBudget(const LoadedGame& game, int64_t first, int64_t end,
                                        int64_t step, const MakeAgentFor& make,
                                        const AlsoCheck& also) {
  for (int64_t calls = first; calls < end; calls += step) {
    const auto agent = make(calls);
    const State state(game.def, game.level, 1);
    Budget budget = Budget::ForwardModelCalls(calls);
    agent->Act(state.Fork(), budget);
    const AgentStats stats = agent->LastStats();
    EXPECT_LE(budget.calls(), calls);
    EXPECT_EQ(stats.fm_calls, budget.calls()) << "budget " << calls;
    also(stats, budget, calls);
  }
}
template <class MakeAgentFor>
void ExpectEveryCallCountedWithinBudget(const LoadedGame& game, int64_t first, int64_t end,
                                        int64_t step, const MakeAgentFor& make) {
  ExpectEveryCallCountedWithinBudget(game, first, end, step, make,
                                     [](const AgentStats&, const Budget&, int64_t) {});
}

// GVGAI's timing from tick 0 of `game`: Init under `init_ns` of CPU time (none when 0), then
// ten acts under 40 ms with the 5 ms margin, each judged as the runner judges it (the budget's
// measure, clock jumps discarded; budget.h) and each followed by `also(agent)`.
template <class AlsoCheck>
void ExpectActsWithinGvgaiTime(Agent& agent, const LoadedGame& game, int64_t init_ns,
                               const AlsoCheck& also) {
  State state(game.def, game.level, 1);
  if (init_ns > 0) {
    Budget init = Budget::CpuTime(init_ns, 5'000'000);
    agent.Init(state.Fork(), init);
  }
  for (int t = 0; t < 10 && !state.ended(); ++t) {
    Budget budget = Budget::CpuTime(40'000'000, 5'000'000);
    const Action a = agent.Act(state.Fork(), budget);
    EXPECT_LT(budget.ElapsedNanos(), 40'000'000) << agent.Name() << " tick " << t;
    also(agent);
    Advance(state, a, StepMode::kRealGame);
  }
}
inline void ExpectActsWithinGvgaiTime(Agent& agent, const LoadedGame& game, int64_t init_ns) {
  ExpectActsWithinGvgaiTime(agent, game, init_ns, [](const Agent&) {});
}

// Stand-in clocks for CallsAroundAStall: the agent's thread works 10 us of CPU (and of
// wall) time per forward-model call, and once it has made `stall_at` calls it stalls: both
// clocks jump by 40 ms, as when a vCPU stops and the guest charges the wait to the thread.
struct StallClocks {
  static constexpr int64_t kPerCallNs = 10'000;
  static constexpr int64_t kStallNs = 40'000'000;
  static inline const Budget* budget = nullptr;  // set once the budget exists
  static inline int64_t stall_at = 0;

  static int64_t Now() {
    if (budget == nullptr) return 0;
    const int64_t calls = budget->calls();
    return calls * kPerCallNs + (calls >= stall_at ? kStallNs : 0);
  }
  static BudgetClocks Make() { return BudgetClocks{&Now, &Now}; }
};

// One Act of `agent`, from tick 0 of `game`, under GVGAI's 40 ms with the 5 ms margin, stalled
// after `stall_at` calls (StallClocks): the deadline has passed then, so the agent must make no
// further forward-model call, even in the middle of an iteration, and still answer an action
// of the game. Returns the calls it made (counted in its stats too).
inline int64_t CallsAroundAStall(const LoadedGame& game, int64_t stall_at, Agent& agent) {
  const State state(game.def, game.level, 1);
  StallClocks::budget = nullptr;
  StallClocks::stall_at = stall_at;
  Budget budget = Budget::CpuTime(40'000'000, 5'000'000, StallClocks::Make());
  StallClocks::budget = &budget;
  const Action a = agent.Act(state.Fork(), budget);
  StallClocks::budget = nullptr;
  EXPECT_LE(budget.calls(), stall_at) << agent.Name();
  EXPECT_EQ(agent.LastStats().fm_calls, budget.calls()) << agent.Name();
  EXPECT_GE(ActionList::Of(state, /*with_nil=*/true).IndexOf(a), 0) << agent.Name();
  return budget.calls();
}

// CallsAroundAStall for an agent that searches until the deadline: it makes exactly
// `stall_at` calls.
inline void ExpectNoCallAfterAStall(const LoadedGame& game, int64_t stall_at, Agent& agent) {
  EXPECT_EQ(CallsAroundAStall(game, stall_at, agent), stall_at) << agent.Name();
}

// What identifies a position of a deterministic game for duplicate detection: every sprite's
// type and rectangle and the avatar's orientation, the score and the winner (not the tick).
inline std::vector<int64_t> PositionKey(const State& s) {
  std::vector<int64_t> key;
  key.push_back(static_cast<int64_t>(Score(s) * 1000.0));
  key.push_back(static_cast<int64_t>(GameWinner(s)));
  for (TypeId t = 0; t < s.def().type_count(); ++t) {
    for (SpriteRef r : s.sprites_of(t)) {
      const Sprite& sp = s.sprite(r);
      key.insert(key.end(), {t, sp.rect.x, sp.rect.y, sp.rect.w, sp.rect.h,
                             static_cast<int64_t>(sp.orientation.x * 8),
                             static_cast<int64_t>(sp.orientation.y * 8)});
    }
  }
  return key;
}

// The number of actions of a shortest winning sequence of a deterministic level (breadth-first
// over positions), or -1 if none within `max_depth`.
inline int ShortestSolution(const LoadedGame& game, int max_depth) {
  State start(game.def, game.level, 0);
  const std::vector<Action> actions = AvailableActions(start);
  std::set<std::vector<int64_t>> seen{PositionKey(start)};
  std::queue<std::pair<State, int>> open;
  open.emplace(start, 0);
  while (!open.empty()) {
    auto [state, depth] = std::move(open.front());
    open.pop();
    if (depth >= max_depth) continue;
    for (Action a : actions) {
      State next = state;
      Advance(next, a, StepMode::kForwardModel);
      if (next.ended() && GameWinner(next) == Winner::kWins) return depth + 1;
      if (next.ended()) continue;
      if (!seen.insert(PositionKey(next)).second) continue;
      open.emplace(std::move(next), depth + 1);
    }
  }
  return -1;
}

}  // namespace vgdl::testing
