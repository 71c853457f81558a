// `vgdl bench`: forward-model speed on one game, measured the way ../shared/gvgai/BENCH.md
// measured GVGAI Java (copies/s, advances/s, copy+advance/s, rollouts/s), on one thread.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/game.h"
#include "engine/state.h"
#include "gvgai/trace/random_policy.h"
#include "tools/bench_curve.h"
#include "tools/commands.h"
#include "tools/cpu_clock.h"
#include "tools/game_flags.h"
#include "vgdl/loader.h"

namespace vgdl::tools {
namespace {

namespace fs = std::filesystem;

struct BenchArgs {
  std::string game;
  int level = 0;
  double seconds = 1.0;
  int64_t seed = 0;
  std::string games_dir;
  bool json = false;
  std::string only;  // one figure's name, for profiling it alone; empty: all four
  int repeat = 1;    // measurements per figure; the fastest is reported
  bool gvgai_subset = false;
  int curve = 0;     // ticks per window of --curve; 0: the four figures instead
  int episodes = 0;  // --curve's episodes; 0: as many as --seconds allows
};

// Whether `figure` is measured under --only `only` (empty: every figure).
bool Measures(const std::string& only, const char* figure) {
  return only.empty() || only == figure;
}

// Keeps the compiler from dropping work whose result is otherwise unused.
template <typename T>
void KeepAlive(const T& value) {
  asm volatile("" : : "r"(&value) : "memory");
}

// Something that depends on the whole state, folded into a checksum the program prints.
uint64_t Touch(const State& s) {
  return static_cast<uint64_t>(s.sprite_count()) * 31u + static_cast<uint64_t>(s.tick());
}

struct Rate {
  double per_second = 0.0;
  uint64_t count = 0;
};

// Runs `step` (which returns the work units it did) until `seconds` of CPU time have passed.
// Reading the thread's CPU clock is a system call on some virtual machines (about a
// microsecond), so the clock is read once per batch, and batches grow until one takes about a
// millisecond: the readings then cost well under 1% of the figure even for sub-microsecond steps.
template <typename Step>
Rate Measure(double seconds, Step&& step) {
  constexpr double kBatchSeconds = 1e-3;
  const double start = ThreadCpuSeconds();
  uint64_t units = 0;
  uint64_t batch = 1;
  double now = start;
  do {
    const double batch_start = now;
    for (uint64_t i = 0; i < batch; ++i) units += static_cast<uint64_t>(step());
    now = ThreadCpuSeconds();
    if (now - batch_start < kBatchSeconds && batch < (uint64_t{1} << 20)) batch *= 2;
  } while (now - start < seconds);
  return {static_cast<double>(units) / (now - start), units};
}

// The fastest of `repeat` measurements. On a shared or virtual machine a measurement can only
// be slowed down by other load, never sped up, so the fastest is the best estimate of the
// engine's own speed (the usual practice of timeit and similar tools).
template <typename Step>
Rate Best(int repeat, double seconds, Step&& step) {
  Rate best;
  for (int i = 0; i < repeat; ++i) {
    const Rate r = Measure(seconds, step);
    if (r.per_second > best.per_second) best = r;
  }
  return best;
}

struct BenchResult {
  int sprites = 0;
  Rate copies;
  Rate advances;
  Rate copy_advances;
  Rate rollouts;
  double mean_rollout_length = 0.0;
  uint64_t checksum = 0;
};

// A full random game from `initial`: until the game ends (the engine ends every game after
// tick 2000; the bound only guards against an engine that does not).
uint64_t Rollout(const State& initial, trace::SplitMix64& rng, uint64_t& checksum) {
  State s(initial);
  uint64_t length = 0;
  while (!s.ended() && length <= static_cast<uint64_t>(kMaxTicks)) {
    Advance(s, trace::RandomAction(s, rng, /*with_nil=*/false), StepMode::kForwardModel);
    ++length;
  }
  checksum += Touch(s);
  return length;
}

BenchResult RunBench(const State& initial, double seconds, int repeat, uint64_t seed,
                     const std::string& only) {
  const auto wanted = [&](const char* figure) { return Measures(only, figure); };
  BenchResult r;
  r.sprites = initial.sprite_count();
  trace::SplitMix64 rng(seed);
  uint64_t checksum = 0;
  // Warm caches and the allocator before the first figure.
  Measure(std::min(0.2, seconds), [&] {
    State s(initial);
    checksum += Touch(s);
    return 1;
  });

  if (wanted("copies"))
    r.copies = Best(repeat, seconds, [&] {
      State s(initial);
      KeepAlive(s);
      checksum += Touch(s);
      return 1;
    });

  State chain(initial);
  if (wanted("advances"))
    r.advances = Best(repeat, seconds, [&] {
      if (chain.ended()) chain = initial;
      Advance(chain, trace::RandomAction(chain, rng, false), StepMode::kForwardModel);
      checksum += Touch(chain);
      return 1;
    });

  if (wanted("copy-advances"))
    r.copy_advances = Best(repeat, seconds, [&] {
      State s(initial);
      Advance(s, trace::RandomAction(s, rng, false), StepMode::kForwardModel);
      checksum += Touch(s);
      return 1;
    });

  uint64_t total_length = 0;
  uint64_t rollouts_done = 0;  // over every repetition, like total_length
  if (wanted("rollouts"))
    r.rollouts = Best(repeat, seconds, [&] {
      total_length += Rollout(initial, rng, checksum);
      ++rollouts_done;
      return 1;
    });
  r.mean_rollout_length =
      static_cast<double>(total_length) / static_cast<double>(std::max<uint64_t>(1, rollouts_done));
  r.checksum = checksum;
  return r;
}

void PrintDiagnostics(const Diagnostics& diagnostics) {
  for (const auto& d : diagnostics.items()) {
    if (d.severity == Severity::kError) std::cerr << Format(d) << "\n";
  }
}

std::string Fixed(double value, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  return buf;
}

// The level's initial state, or a user error naming what did not load.
State LoadInitialState(const BenchArgs& args) {
  std::string error;
  const auto location =
      ResolveGame(args.game, GamesDirFor(args.games_dir, VGDL_SOURCE_DIR), &error);
  if (!location)
    FailWithUserError("bench", error.empty() ? "game '" + args.game + "' not found" : error);
  const auto level_index = static_cast<size_t>(args.level);
  if (level_index >= location->level_files.size() || location->level_files[level_index].empty()) {
    FailWithUserError("bench",
                      "game '" + args.game + "' has no level " + std::to_string(args.level));
  }
  const GameLoad game =
      LoadGameFromFile(location->game_file,
                       LoadOptions{.gvgai_subset = args.gvgai_subset, .parameter_settings = {}});
  if (!game.game) {
    PrintDiagnostics(game.diagnostics);
    FailWithUserError("bench", "the game does not load");
  }
  if (const Diagnostic* stop = GvgaiStopWarning(game)) std::cerr << Format(*stop) << "\n";
  const LevelLoad level = LoadLevelFromFile(*game.game, location->level_files[level_index]);
  if (!level.level) {
    PrintDiagnostics(level.diagnostics);
    FailWithUserError("bench", "the level does not load");
  }
  return State(level.PlayedWith(game.game), *level.level, args.seed);
}

// With --only, the other figures were not measured: null in JSON.
void PrintJson(const BenchArgs& args, const std::string& name, const BenchResult& r) {
  const auto figure = [&](const char* which, double value) {
    return Measures(args.only, which) ? nlohmann::json(value) : nlohmann::json(nullptr);
  };
  const nlohmann::json j = {
      {"game", name},
      {"level", args.level},
      {"sprites", r.sprites},
      {"seconds", args.seconds},
      {"repeat", args.repeat},
      {"seed", args.seed},
      {"copies_per_s", figure("copies", r.copies.per_second)},
      {"advances_per_s", figure("advances", r.advances.per_second)},
      {"copy_advances_per_s", figure("copy-advances", r.copy_advances.per_second)},
      {"rollouts_per_s", figure("rollouts", r.rollouts.per_second)},
      {"mean_rollout_length", figure("rollouts", r.mean_rollout_length)},
      {"checksum", r.checksum}};
  std::cout << j.dump() << "\n";
}

// With --only, the other figures were not measured: left out.
void PrintText(const BenchArgs& args, const std::string& name, const BenchResult& r) {
  const auto measured = [&](const char* figure) { return Measures(args.only, figure); };
  std::cout << name << " level " << args.level << ": " << r.sprites << " sprites at tick 0, "
            << Fixed(args.seconds, 1) << " CPU s per figure, one thread\n";
  auto row = [](const char* label, double value, const std::string& note = "") {
    std::printf("  %-16s %14s%s\n", label, Fixed(value, value < 100 ? 1 : 0).c_str(), note.c_str());
  };
  if (measured("copies")) row("copies/s", r.copies.per_second);
  if (measured("advances")) row("advances/s", r.advances.per_second);
  if (measured("copy-advances")) row("copy+advance/s", r.copy_advances.per_second);
  if (measured("rollouts")) {
    row("rollouts/s", r.rollouts.per_second,
        "  (mean length " + Fixed(r.mean_rollout_length, 1) + " ticks)");
  }
  std::printf("  (checksum %llx)\n", static_cast<unsigned long long>(r.checksum));
  std::fflush(stdout);
}

double PerUnit(uint64_t total, uint64_t units) {
  return static_cast<double>(total) / static_cast<double>(std::max<uint64_t>(1, units));
}

void PrintCurveJson(const BenchArgs& args, const std::string& name, const Curve& c) {
  nlohmann::json windows = nlohmann::json::array();
  for (const CurveWindow& w : c.windows) {
    windows.push_back(
        {{"first_tick", w.first_tick},
         {"ticks", w.ticks},
         {"episodes", w.episodes},
         {"advances", w.advances},
         {"advances_per_s", w.per_second()},
         {"mean_sprites", PerUnit(w.sprites_at_end, static_cast<uint64_t>(w.episodes))},
         {"created_per_tick", PerUnit(w.created, w.advances)},
         {"removed_per_tick", PerUnit(w.removed, w.advances)}});
  }
  const nlohmann::json j = {
      {"game", name},          {"level", args.level},    {"seconds", args.seconds},
      {"seed", args.seed},     {"episodes", c.episodes}, {"windows", windows},
      {"checksum", c.checksum}};
  std::cout << j.dump() << "\n";
}

void PrintCurveText(const BenchArgs& args, const std::string& name, const Curve& c) {
  std::cout << name << " level " << args.level << ": " << c.episodes
            << " random episodes, advances/s in windows of " << args.curve << " ticks\n";
  std::printf("  %-11s %8s %12s %9s %9s %9s\n", "ticks", "episodes", "advances/s", "sprites",
              "made/tick", "gone/tick");
  for (const CurveWindow& w : c.windows) {
    const std::string ticks =
        std::to_string(w.first_tick) + "-" + std::to_string(w.first_tick + w.ticks - 1);
    std::printf("  %-11s %8d %12.0f %9.0f %9.1f %9.1f\n", ticks.c_str(), w.episodes, w.per_second(),
                PerUnit(w.sprites_at_end, static_cast<uint64_t>(w.episodes)),
                PerUnit(w.created, w.advances), PerUnit(w.removed, w.advances));
  }
  std::printf("  (checksum %llx)\n", static_cast<unsigned long long>(c.checksum));
  std::fflush(stdout);
}

void RunCurve(const BenchArgs& args, const State& initial) {
  const Curve c = MeasureCurve(initial, args.curve, args.seconds, args.episodes,
                               static_cast<uint64_t>(args.seed));
  if (args.json) {
    PrintCurveJson(args, initial.def().name, c);
  } else {
    PrintCurveText(args, initial.def().name, c);
  }
}

void Run(const BenchArgs& args) {
  const State initial = LoadInitialState(args);
  if (args.curve > 0) return RunCurve(args, initial);
  const BenchResult r =
      RunBench(initial, args.seconds, args.repeat, static_cast<uint64_t>(args.seed), args.only);
  const std::string& name = initial.def().name;
  if (args.json) {
    PrintJson(args, name, r);
  } else {
    PrintText(args, name, r);
  }
}

}  // namespace

void AddBenchCommand(CLI::App& app) {
  auto args = std::make_shared<BenchArgs>();
  CLI::App* cmd = app.add_subcommand(
      "bench", "Measure copies/s, advances/s, copy+advance/s and rollouts/s on one game");
  cmd->add_option("game", args->game, "Game file, bundled game name, or name under --games-dir")
      ->required();
  cmd->add_option("--level", args->level, "Level number")->check(CLI::NonNegativeNumber);
  cmd->add_option("--seconds", args->seconds, "CPU seconds per figure")
      ->check(CLI::Range(0.01, 3600.0));
  cmd->add_option("--seed", args->seed, "Seed of the game and of the random actions");
  AddGamesDirOption(cmd, args->games_dir);
  cmd->add_flag("--json", args->json, "Print one JSON object");
  AddGvgaiSubsetFlag(cmd, args->gvgai_subset);
  cmd->add_option("--repeat", args->repeat,
                  "Measure each figure this many times and report the fastest (for noisy "
                  "machines)")
      ->check(CLI::Range(1, 1000));
  cmd->add_option(
         "--only", args->only,
         "Measure one figure alone (for a profiler); the others are left out (null in --json)")
      ->check(CLI::IsMember({"copies", "advances", "copy-advances", "rollouts"}));
  cmd->add_option("--curve", args->curve,
                  "Instead of the four figures: advances/s in windows of this many ticks over "
                  "whole random episodes from the level's start, for --seconds CPU s in all, "
                  "with the sprites alive, made and gone (mid-game as well as from the start)")
      ->check(CLI::Range(1, 2000));
  cmd->add_option("--episodes", args->episodes,
                  "With --curve: play this many episodes, whatever their time (the same ones on "
                  "every build); 0: as many as --seconds allows")
      ->check(CLI::Range(0, 1000000));
  cmd->callback([args] { Run(*args); });
}

}  // namespace vgdl::tools
