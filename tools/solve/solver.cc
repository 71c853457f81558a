#include "tools/solve/solver.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <utility>

#include "agents/iw/novelty.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "engine/position_key.h"
#include "tools/solve/visited_positions.h"

namespace vgdl::tools {

namespace {

using Clock = std::chrono::steady_clock;

// How a position was reached: the position it was expanded from and the tick's action. The
// search keeps one per stored position and rebuilds the solution from the last one.
struct PathStep {
  uint32_t parent = 0;
  Action action = Action::kNil;
};

struct Open {
  uint32_t step = 0;  // index of its PathStep
  State state;
};

// About what a copy of `state` holds, following State's layout: the sprite pool and the slot
// order keep HeadroomVector's headroom (n + n/8 + 16), frozen sprites are shared by every copy,
// and each of its dozen buffers costs the allocator's overhead.
size_t EstimatedBytes(const State& state) {
  const auto headroom = [](size_t n) { return n + n / 8 + 16; };
  const auto types = static_cast<size_t>(state.def().type_count());
  size_t pooled = 0;
  for (TypeId t = 0; t < state.def().type_count(); ++t) {
    if (!state.is_frozen_type(t)) pooled += static_cast<size_t>(state.count_of(t));
  }
  constexpr size_t kBuffers = 12;
  constexpr size_t kAllocatorOverhead = 16;
  return sizeof(State) + headroom(pooled) * sizeof(Sprite) +
         2 * headroom(static_cast<size_t>(state.sprite_count())) * sizeof(SpriteRef) +
         state.resources().size() * sizeof(ResourceRecord) +
         types * (sizeof(uint32_t) + 2 * sizeof(uint64_t)) +
         static_cast<size_t>(state.player_count()) * sizeof(Player) +
         state.counters().size() * sizeof(int) + kBuffers * kAllocatorOverhead;
}

// The successors of a position are one per action the player may choose (GVGAI's order, NIL
// last), or the one tick that passes without asking it.
std::vector<Action> Choices(const State& state) {
  if (!PlayerAsked(state, 0)) return {Action::kNil};
  return AvailableActions(state, 0, /*with_nil=*/true);
}

class Search {
 public:
  Search(const State& initial, const SolveOptions& options)
      : options_(options), plan_(PlanPositionKeys(initial)), start_(Clock::now()) {
    result_.keys_with_tick = plan_.with_tick;
    result_.clock_reader = plan_.clock_reader;
    if (!plan_.exact) result_.no_merging_reason = plan_.inexact_reason;
    path_.push_back({});
    State root(initial);
    if (options_.novelty_pruning) {
      novelty_.Reset(root);
      novelty_.TestAndMemorize(root);
    }
    Remember(root);
    layer_bytes_ = EstimatedBytes(root);
    layer_.push_back({0, std::move(root)});
  }

  SolveResult Run(const State& initial) {
    if (initial.player(0).winner == Winner::kWins) return Finish(SolveAnswer::kSolved);
    if (initial.ended()) return Finish(SolveAnswer::kUnwinnable);
    while (!layer_.empty()) {
      if (const auto answer = ExpandLayer()) return Finish(*answer);
      ++result_.depth_completed;
      if (!layer_.empty() && OutOfTime()) return Finish(Stop("seconds"));
    }
    return Finish(options_.novelty_pruning ? SolveAnswer::kNoveltyExhausted
                                           : SolveAnswer::kUnwinnable);
  }

 private:
  // Expands every position of the current layer; an answer when the search stops in it.
  std::optional<SolveAnswer> ExpandLayer() {
    std::vector<Open> next;
    size_t next_bytes = 0;
    for (Open& open : layer_) {
      for (const Action action : Choices(open.state)) {
        State child(open.state);
        const uint64_t draws_before = child.rng().raw_state();
        Advance(child, action, StepMode::kRealGame);
        ++result_.generated;
        // The clock is read every 256 ticks played: reading it costs about as much as a tick.
        if ((result_.generated & 255) == 0 && OutOfTime()) return Stop("seconds");
        if (child.rng().raw_state() != draws_before && !result_.drew_random) {
          result_.drew_random = true;
          result_.stochastic_tick = open.state.tick();
          result_.stochastic_path = PathTo(open.step);
          if (!options_.for_this_seed) return SolveAnswer::kStochastic;
        }
        if (child.player(0).winner == Winner::kWins) {
          result_.ticks = PathTo(open.step);
          result_.ticks.push_back(action);
          return SolveAnswer::kSolved;
        }
        if (child.ended()) continue;  // lost, or GVGAI's 2000 ticks are over
        if (plan_.exact && child.sprite_count() > kPositionKeyMaxSprites) return Stop("sprites");
        // IW(1): a position without a new atom is pruned (a repeated one has none).
        if (options_.novelty_pruning && !novelty_.TestAndMemorize(child)) continue;
        if (!Remember(child)) continue;
        if (result_.stored > options_.limits.max_states) return Stop("states");
        path_.push_back({open.step, action});
        next_bytes += EstimatedBytes(child);
        next.push_back({static_cast<uint32_t>(path_.size() - 1), std::move(child)});
        if (MemoryUsed(next_bytes) > MemoryLimit()) return Stop("memory");
      }
      ++result_.expanded;
    }
    layer_ = std::move(next);
    layer_bytes_ = next_bytes;
    return std::nullopt;
  }

  // Counts `state` as stored; false when its position was reached before.
  bool Remember(State& state) {
    if (plan_.exact) {
      std::string key;
      AppendPositionKey(state, plan_, &key);
      if (!visited_.Insert(std::move(key))) return false;
    }
    ++result_.stored;
    return true;
  }

  std::vector<Action> PathTo(uint32_t step) const {
    std::vector<Action> ticks;
    for (uint32_t s = step; s != 0; s = path_[s].parent) ticks.push_back(path_[s].action);
    std::reverse(ticks.begin(), ticks.end());
    return ticks;
  }

  size_t MemoryUsed(size_t next_bytes) {
    const size_t used =
        visited_.bytes() + path_.size() * sizeof(PathStep) + layer_bytes_ + next_bytes;
    result_.peak_bytes = std::max(result_.peak_bytes, used);
    return used;
  }
  size_t MemoryLimit() const {
    return static_cast<size_t>(options_.limits.max_memory_mb) * 1024 * 1024;
  }
  bool OutOfTime() const { return Seconds() > options_.limits.max_seconds; }
  double Seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  SolveAnswer Stop(const char* limit) {
    result_.limit = limit;
    return SolveAnswer::kNoWinWithinLimits;
  }
  SolveResult Finish(SolveAnswer answer) {
    result_.answer = answer;
    result_.seconds = Seconds();
    return std::move(result_);
  }

  const SolveOptions& options_;
  const PositionKeyPlan plan_;
  const Clock::time_point start_;
  SolveResult result_;
  VisitedPositions<> visited_;
  NoveltyTable novelty_;        // IW(1)'s atoms seen (novelty_pruning only)
  std::vector<PathStep> path_;  // path_[0] is the initial position
  std::vector<Open> layer_;
  size_t layer_bytes_ = 0;
};

}  // namespace

SolveResult Solve(const State& initial, const SolveOptions& options) {
  if (initial.player_count() != 1) throw std::invalid_argument("Solve: a one-player game only");
  return Search(initial, options).Run(initial);
}

ActionFile SolutionFile(const State& initial, const std::vector<Action>& ticks, int64_t seed) {
  State state(initial);
  ActionRecorder recorder(seed, 1);
  for (const Action action : ticks) {
    const Action chosen[] = {action};
    PlayRealTick(state, chosen, &recorder);
  }
  return recorder.File(state);
}

}  // namespace vgdl::tools
