// One episode of the real game under the competition rules.
#include "runner/episode.h"

#include <sched.h>
#include <sys/resource.h>

#include <algorithm>
#include <exception>
#include <stdexcept>

#include "engine/game.h"
#include "engine/state.h"
#include "runner/host_stall_watch.h"
#include "runner/seeds.h"

namespace vgdl {

namespace {

constexpr double kDisqualifiedScore = -1000.0;  // GVGAI's handleResult for a DISQ player

double Millis(int64_t ns) {
  return static_cast<double>(ns) / static_cast<double>(kNanosPerMilli);
}

// GVGAI asks the player for an action only while its avatar exists and is enabled (§4.1 3a).
bool AvatarAsked(const State& state) {
  const SpriteRef avatar = state.player(0).avatar;
  return avatar != kNoSprite && !state.sprite(avatar).disabled();
}

// What the kernel did for the calling thread so far (getrusage(RUSAGE_THREAD)): read around
// each act, outside its budget, to tell an act's own work from time charged in the kernel.
struct KernelUsage {
  int64_t system_ns = 0;  // CPU time spent in the kernel on the thread's behalf
  int64_t page_faults = 0;

  static KernelUsage Now() {
    rusage u{};
    getrusage(RUSAGE_THREAD, &u);
    KernelUsage k;
    k.system_ns = static_cast<int64_t>(u.ru_stime.tv_sec) * 1'000'000'000 +
                  static_cast<int64_t>(u.ru_stime.tv_usec) * 1'000;
    k.page_faults = static_cast<int64_t>(u.ru_minflt) + static_cast<int64_t>(u.ru_majflt);
    return k;
  }
  KernelUsage operator-(const KernelUsage& o) const {
    return {system_ns - o.system_ns, page_faults - o.page_faults};
  }
};

// When an act ran and on which cores it began and ended (sched_getcpu(); -1 when not read),
// for the host-stall watch.
struct ActWindow {
  int64_t begin_ns = 0;  // the steady clock
  int64_t end_ns = 0;
  int begin_cpu = -1;
  int end_cpu = -1;

  // How long the act's core ran nothing during it: on a core change, the shorter of the two
  // cores' stalls, since only what both show is sure to have held the act.
  std::optional<int64_t> HostStallNs(const HostStallWatch& watch) const {
    if (begin_cpu < 0 || end_cpu < 0) return std::nullopt;
    const auto first = watch.StallNs(begin_cpu, begin_ns, end_ns);
    if (begin_cpu == end_cpu || !first) return first;
    const auto second = watch.StallNs(end_cpu, begin_ns, end_ns);
    if (!second) return std::nullopt;
    return std::min(*first, *second);
  }
};

// Per-action measurements.
struct ActTotals {
  int64_t actions = 0;
  int64_t cpu_ns = 0;
  int64_t max_cpu_ns = 0;
  int64_t wall_ns = 0;
  int64_t max_wall_ns = 0;
  int64_t calls = 0;
  int64_t max_calls = 0;
  int64_t iterations = 0;
  int64_t max_raw_ns = 0;
  int64_t over_raw = 0;
  int64_t excess_ns = 0;  // Init's included
  int64_t max_unchecked_ns = 0;
  int max_cpu_tick = -1;
  int64_t max_cpu_unchecked_ns = 0;  // in the act of max_cpu_ns
  int64_t max_cpu_unchecked_wall_ns = 0;
  KernelUsage max_cpu_kernel;
  ActWindow max_cpu_window;
  ActWindow max_unchecked_window;  // the act of max_unchecked_ns

  void Add(int tick, int64_t cpu, const ActWindow& window, int64_t fm_calls,
           int64_t agent_iterations) {
    ++actions;
    iterations += agent_iterations;
    cpu_ns += cpu;
    if (cpu > max_cpu_ns || max_cpu_tick < 0) {
      max_cpu_tick = tick;
      max_cpu_window = window;
    }
    max_cpu_ns = std::max(max_cpu_ns, cpu);
    const int64_t wall = window.end_ns - window.begin_ns;
    wall_ns += wall;
    max_wall_ns = std::max(max_wall_ns, wall);
    calls += fm_calls;
    max_calls = std::max(max_calls, fm_calls);
  }

  // The raw clock's view of the same act, for information.
  void AddRaw(int64_t raw_cpu, int64_t excess, bool over_limit) {
    max_raw_ns = std::max(max_raw_ns, raw_cpu);
    over_raw += over_limit ? 1 : 0;
    excess_ns += excess;
  }

  // Where the act just added went without asking its budget (Budget::longest_unchecked_ns).
  void AddUnchecked(int tick, const Budget& budget, const KernelUsage& kernel,
                    const ActWindow& window) {
    if (budget.longest_unchecked_ns() > max_unchecked_ns) {
      max_unchecked_ns = budget.longest_unchecked_ns();
      max_unchecked_window = window;
    }
    if (tick != max_cpu_tick) return;
    max_cpu_unchecked_ns = budget.longest_unchecked_ns();
    max_cpu_unchecked_wall_ns = budget.longest_unchecked_wall_ns();
    max_cpu_kernel = kernel;
  }

  void CopyTo(EpisodeResult& r) const {
    r.actions = actions;
    r.overspent_raw = over_raw;
    r.clock_excess_ms = Millis(excess_ns);
    if (actions == 0) return;
    const auto n = static_cast<double>(actions);
    r.mean_act_ms = Millis(cpu_ns) / n;
    r.max_act_ms = Millis(max_cpu_ns);
    r.mean_act_wall_ms = Millis(wall_ns) / n;
    r.max_act_wall_ms = Millis(max_wall_ns);
    r.mean_fm_calls = static_cast<double>(calls) / n;
    r.max_fm_calls = max_calls;
    r.mean_iterations = static_cast<double>(iterations) / n;
    r.max_act_raw_ms = Millis(max_raw_ns);
    r.max_act_tick = max_cpu_tick;
    r.max_act_unchecked_ms = Millis(max_cpu_unchecked_ns);
    r.max_act_unchecked_wall_ms = Millis(max_cpu_unchecked_wall_ns);
    r.max_act_system_ms = Millis(max_cpu_kernel.system_ns);
    r.max_act_page_faults = max_cpu_kernel.page_faults;
    r.max_unchecked_ms = Millis(max_unchecked_ns);
    if (const HostStallWatch* watch = HostStallWatch::Active()) {
      if (const auto stall = max_cpu_window.HostStallNs(*watch))
        r.max_act_host_stall_ms = Millis(*stall);
      if (const auto stall = max_unchecked_window.HostStallNs(*watch))
        r.max_unchecked_host_stall_ms = Millis(*stall);
    }
  }
};

// The outcome GVGAI reports: (win, score with a winner's minimum of 1, last tick processed).
void Finish(const State& state, EpisodeResult& r) {
  r.win = state.player(0).winner == Winner::kWins;
  r.score = ReportedScore(state, 0);
  r.ticks = std::max(0, state.tick() - 1);
}

void Disqualify(EpisodeResult& r, const char* phase, int tick) {
  r.disqualified = true;
  r.disqualified_for = phase;
  r.win = false;
  r.score = kDisqualifiedScore;
  r.ticks = tick;
}

// The episode after the level is built; `phase` names what was running if something throws.
class Episode {
 public:
  Episode(State& state, const AgentFactory& factory, const Rules& rules, EpisodeResult& r)
      : state_(state), factory_(factory), rules_(rules), r_(r) {}

  void Play(uint64_t episode_seed) {
    if (!Init(episode_seed)) return;
    if (!Loop()) return;
    TearDown();
  }

  const char* phase() const { return phase_; }
  const ActTotals& totals() const { return totals_; }

 private:
  bool Init(uint64_t episode_seed) {
    phase_ = "agent init";
    // The budget's clock starts first: construction and the copy count, as in GVGAI.
    Budget budget = rules_.InitBudget();
    agent_ = factory_(AgentSeed(episode_seed));
    if (agent_ == nullptr) throw std::runtime_error("the agent could not be created");
    const State observation = state_.Fork();
    agent_->Init(observation, budget);
    const int64_t elapsed = budget.ElapsedNanos();
    r_.init_ms = Millis(elapsed);
    totals_.excess_ns += budget.clock_excess_ns();
    if (InitTooLong(rules_, elapsed)) {
      Disqualify(r_, "init", 0);
      return false;
    }
    return true;
  }

  // False when the agent was disqualified.
  bool Loop() {
    while (!state_.ended()) {
      Action action = Action::kNil;
      if (AvatarAsked(state_)) {
        const int tick = state_.tick();
        phase_ = "agent act";
        // Read only where it is reported: time budgets (results.cc).
        const KernelUsage kernel_start =
            rules_.enforces_time() ? KernelUsage::Now() : KernelUsage{};
        const bool watched = HostStallWatch::Active() != nullptr;
        // The watch's clock, so that the window and its sleepers' logs compare.
        ActWindow window{.begin_ns = HostStallWatch::NowNs(),
                         .begin_cpu = watched ? sched_getcpu() : -1};
        Budget budget = rules_.ActBudget();
        const State observation = state_.Fork();
        action = agent_->Act(observation, budget);
        const int64_t cpu = budget.ElapsedNanos();
        window.end_ns = HostStallWatch::NowNs();
        window.end_cpu = watched ? sched_getcpu() : -1;
        const int64_t calls = std::max(budget.calls(), agent_->LastStats().fm_calls);
        totals_.Add(tick, cpu, window, calls, agent_->LastStats().iterations);
        const int64_t raw = cpu + budget.clock_excess_ns();
        totals_.AddRaw(raw, budget.clock_excess_ns(), JudgeAct(rules_, raw) != ActVerdict::kInTime);
        if (rules_.enforces_time())
          totals_.AddUnchecked(tick, budget, KernelUsage::Now() - kernel_start, window);
        switch (JudgeAct(rules_, cpu)) {
          case ActVerdict::kDisqualified:
            Disqualify(r_, "act", tick);
            return false;
          case ActVerdict::kOverspent:
            ++r_.overspent;
            action = Action::kNil;
            break;
          case ActVerdict::kInTime:
            break;
        }
      }
      phase_ = "engine";
      if (action == Action::kEscape) {  // GVGAI's abort(): this tick still runs, then the end
        Advance(state_, Action::kNil, StepMode::kRealGame);
        r_.aborted = true;
        break;
      }
      Advance(state_, action, StepMode::kRealGame);
    }
    Finish(state_, r_);
    return true;
  }

  void TearDown() {
    phase_ = "agent result";
    Budget budget = Budget::CpuTime(rules_.teardown_ns, 0);  // measured like Init and act()
    agent_->Result(state_.Fork());
    if (TeardownTooLong(rules_, budget.ElapsedNanos())) Disqualify(r_, "teardown", r_.ticks);
  }

  State& state_;
  const AgentFactory& factory_;
  const Rules& rules_;
  EpisodeResult& r_;
  std::unique_ptr<Agent> agent_;
  ActTotals totals_;
  const char* phase_ = "setup";
};

}  // namespace

std::map<std::string, std::string> ChosenParameters(const GameDef& game) {
  std::map<std::string, std::string> chosen;
  for (const GameParameter& p : game.parameters) {
    if (p.chosen) chosen[p.name] = p.played;
  }
  return chosen;
}

EpisodeResult RunEpisode(const RunGame& game, const EpisodeTask& task, const AgentFactory& factory,
                         const Rules& rules, const FinalStateObserver& on_end) {
  EpisodeResult r;
  r.agent = task.agent;
  r.game = task.game;
  r.level = task.level;
  if (game.def) r.parameters = ChosenParameters(*game.def);
  r.rep = task.rep;
  r.seed = task.seed;
  r.run_seed = task.run_seed;
  r.budget = rules.Describe();
  const auto level = static_cast<size_t>(task.level);
  if (task.level < 0 || level >= game.levels.size() || !game.levels[level] || !game.def) {
    r.error = "game '" + game.name + "' has no level " + std::to_string(task.level);
    return r;
  }
  std::optional<State> state;
  try {
    state.emplace(game.GameOfLevel(level), *game.levels[level], GameSeed(task.seed));
  } catch (const std::exception& e) {
    r.error = std::string("engine: building the level: ") + e.what();
    return r;
  }
  if (state->player_count() == 0) {
    r.error = "level " + std::to_string(task.level) + " of '" + game.name + "' has no avatar";
    return r;
  }
  Episode episode(*state, factory, rules, r);
  try {
    episode.Play(task.seed);
  } catch (const std::exception& e) {
    r.error = std::string(episode.phase()) + ": " + e.what();
  } catch (...) {
    r.error = std::string(episode.phase()) + ": unknown exception";
  }
  episode.totals().CopyTo(r);
  r.sprite_limit_tick = state->sprite_limit_tick();
  if (!r.error.empty() && !r.disqualified) Finish(*state, r);
  if (on_end) on_end(*state);
  return r;
}

}  // namespace vgdl
