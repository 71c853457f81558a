// Google Benchmark suite: copy, advance and copy+advance on level 0 of ten GVGAI games, the
// figures ../shared/gvgai/BENCH.md gives for GVGAI Java; and a spatial lookup among piled
// sprites. Games are read from ../shared/gvgai/games beside the source tree, or from
// $VGDL_GAMES_DIR.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/collision_grid.h"
#include "engine/game.h"
#include "engine/state.h"
#include "gvgai/trace/random_policy.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;

fs::path GamesDir() {
  if (const char* env = std::getenv("VGDL_GAMES_DIR"); env != nullptr && *env != '\0') {
    return env;
  }
  return fs::path(VGDL_SOURCE_DIR) / ".." / "shared" / "gvgai" / "games";
}

// The initial state of level 0, loaded once per game; or why it could not be.
struct Fixture {
  std::optional<State> initial;
  std::string error;
};

const Fixture& Load(const std::string& game) {
  static std::map<std::string, Fixture> cache;
  if (auto it = cache.find(game); it != cache.end()) return it->second;
  Fixture& f = cache[game];
  const fs::path file = GamesDir() / "gridphysics" / (game + ".txt");
  const fs::path level = GamesDir() / "gridphysics" / (game + "_lvl0.txt");
  std::error_code ec;
  if (!fs::is_regular_file(file, ec) || !fs::is_regular_file(level, ec)) {
    f.error = "no " + file.string() + " (set VGDL_GAMES_DIR)";
    return f;
  }
  const GameLoad g = LoadGameFromFile(file);
  if (!g.game) {
    f.error = game + " does not load";
    return f;
  }
  const LevelLoad l = LoadLevelFromFile(*g.game, level);
  if (!l.level) {
    f.error = game + " level 0 does not load";
    return f;
  }
  f.initial.emplace(g.game, *l.level, 0);
  return f;
}

// Sets the counters every figure reports and returns the initial state, or null after
// SkipWithError.
const State* Setup(benchmark::State& bs, const std::string& game) {
  const Fixture& f = Load(game);
  if (!f.initial) {
    bs.SkipWithError(f.error.c_str());
    return nullptr;
  }
  bs.counters["sprites"] = f.initial->sprite_count();
  return &*f.initial;
}

void BM_Copy(benchmark::State& bs, const std::string& game) {
  const State* initial = Setup(bs, game);
  if (initial == nullptr) return;
  for (auto _ : bs) {
    State copy(*initial);
    benchmark::DoNotOptimize(copy);
    benchmark::ClobberMemory();
  }
  bs.counters["per_s"] =
      benchmark::Counter(static_cast<double>(bs.iterations()), benchmark::Counter::kIsRate);
}

// Advance chains with uniformly random actions; a fresh copy of the initial state when the
// game ends (the copy is timed too, as in GVGAI's measurement).
void BM_Advance(benchmark::State& bs, const std::string& game) {
  const State* initial = Setup(bs, game);
  if (initial == nullptr) return;
  trace::SplitMix64 rng(1);
  State s(*initial);
  for (auto _ : bs) {
    if (s.ended()) s = *initial;
    Advance(s, trace::RandomAction(s, rng, false), StepMode::kForwardModel);
    benchmark::DoNotOptimize(s);
  }
  bs.counters["per_s"] =
      benchmark::Counter(static_cast<double>(bs.iterations()), benchmark::Counter::kIsRate);
}

void BM_CopyAdvance(benchmark::State& bs, const std::string& game) {
  const State* initial = Setup(bs, game);
  if (initial == nullptr) return;
  trace::SplitMix64 rng(1);
  for (auto _ : bs) {
    State s(*initial);
    Advance(s, trace::RandomAction(s, rng, false), StepMode::kForwardModel);
    benchmark::DoNotOptimize(s);
  }
  bs.counters["per_s"] =
      benchmark::Counter(static_cast<double>(bs.iterations()), benchmark::Counter::kIsRate);
}

// A spatial lookup (engine/collision_grid.h) among `range(0)` bombs piled on one spot of
// aliens' level, the corner of four cells, as a game that spawns thousands of particles in one
// place makes them: every lookup merges four long cell lists into list order.
void BM_PiledLookup(benchmark::State& bs) {
  const State* initial = Setup(bs, "aliens");
  if (initial == nullptr) return;
  State s(*initial);
  const int half = s.block_size() / 2;
  const TypeId bomb = s.def().FindType("bomb");
  std::vector<SpriteRef> pile;
  for (int64_t i = 0; i < bs.range(0); ++i) {
    pile.push_back(s.AddSprite(bomb, half, half));
    if (pile.back() == kNoSprite) {
      bs.SkipWithError("aliens has no bomb type, or refused a bomb");
      return;
    }
  }
  CollisionGrid grid;
  grid.Build(s, pile);
  std::vector<uint32_t> candidates;
  const Rect probe{half, half, s.block_size(), s.block_size()};
  for (auto _ : bs) {
    grid.Candidates(probe, candidates, /*probe_below=*/false);
    benchmark::DoNotOptimize(candidates.data());
  }
  bs.SetItemsProcessed(static_cast<int64_t>(bs.iterations()) * bs.range(0));
}

int RegisterAll() {
  for (const char* game : {"aliens", "boulderdash", "sokoban", "zelda", "chase", "missilecommand",
                           "butterflies", "frogs", "portals", "survivezombies"}) {
    const std::string g = game;
    benchmark::RegisterBenchmark(("copy/" + g).c_str(), BM_Copy, g);
    benchmark::RegisterBenchmark(("advance/" + g).c_str(), BM_Advance, g);
    benchmark::RegisterBenchmark(("copy_advance/" + g).c_str(), BM_CopyAdvance, g);
  }
  benchmark::RegisterBenchmark("piled_lookup", BM_PiledLookup)->Arg(1000)->Arg(4000);
  return 0;
}

[[maybe_unused]] const int registered = RegisterAll();

}  // namespace
}  // namespace vgdl

BENCHMARK_MAIN();
