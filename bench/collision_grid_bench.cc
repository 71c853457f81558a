// Google Benchmark: a spatial lookup (engine/collision_grid.h) among sprites piled on one
// spot, as a game that spawns thousands of particles in one place makes them. The pile covers
// the corner of four cells, so every lookup merges four long cell lists into list order.
#include <benchmark/benchmark.h>

#include <optional>
#include <string>
#include <vector>

#include "engine/collision_grid.h"
#include "engine/state.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

constexpr std::string_view kRocks = R"(BasicGame square_size=10
    SpriteSet
        rock > Immovable
    LevelMapping
        r > rock
    InteractionSet
        rock EOS > stepBack
    TerminationSet
        Timeout limit=100 win=True
)";

std::vector<SpriteRef> Rocks(const State& state) {
  const auto rocks = state.sprites_of(state.def().FindType("rock"));
  return {rocks.begin(), rocks.end()};
}

// `count` rocks, all moved onto the corner where cells (0,0), (1,0), (0,1) and (1,1) meet.
std::optional<State> PiledRocks(int count) {
  const GameLoad game = LoadGameFromText(kRocks, "rocks.txt");
  if (!game.game) return std::nullopt;
  std::string level;
  for (int placed = 0; placed < count; placed += 100) {
    level += std::string(static_cast<size_t>(std::min(100, count - placed)), 'r') + "\n";
  }
  const LevelLoad loaded = LoadLevelFromText(*game.game, level, "rocks_lvl0.txt");
  if (!loaded.level) return std::nullopt;
  std::optional<State> state;
  state.emplace(game.game, *loaded.level, 0);
  for (const SpriteRef s : Rocks(*state)) state->sprite(s).rect = Rect{5, 5, 10, 10};
  return state;
}

void BM_PiledLookup(benchmark::State& bs) {
  const auto count = static_cast<int>(bs.range(0));
  const std::optional<State> state = PiledRocks(count);
  if (!state) {
    bs.SkipWithError("the rocks game does not load");
    return;
  }
  const std::vector<SpriteRef> rocks = Rocks(*state);
  if (rocks.size() != static_cast<size_t>(count)) {
    bs.SkipWithError("the level does not hold the rocks asked for");
    return;
  }
  CollisionGrid grid;
  grid.Build(*state, rocks);
  std::vector<uint32_t> candidates;
  for (auto _ : bs) {
    grid.Candidates(Rect{5, 5, 10, 10}, candidates, /*probe_below=*/false);
    benchmark::DoNotOptimize(candidates.data());
  }
  bs.SetItemsProcessed(static_cast<int64_t>(bs.iterations()) * count);
}

BENCHMARK(BM_PiledLookup)->Arg(1000)->Arg(4000);

}  // namespace
}  // namespace vgdl
