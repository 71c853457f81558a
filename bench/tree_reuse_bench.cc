// Google Benchmark: tree reuse's compaction (Tree::KeepSubtree, Soemers §4.2.3) on a full node
// pool, the step at the start of a decision of `maastcts` that runs before the search first
// asks its budget. The worst case is a subtree that holds nearly the whole pool, as after the
// initialisation's search in a game where one line dominates (camelRace: 505k of 513k nodes
// kept): every kept node is moved. The pool is filled breadth-first with 5 actions a node below
// the root's first child, which is then kept; the tree is rebuilt, and the caches filled with
// other data as after a search, untimed, before each compaction. Arguments: the pool's size and
// the most nodes kept (Tree::kDefaultMaxKept, or the whole pool for no cap).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "agents/mcts/tree.h"

namespace vgdl {
namespace {

constexpr int kActions = 5;

// Breadth-first below the root's first child until the pool is full: parents precede
// children, as in a real search.
void Fill(Tree& tree) {
  tree.Reset(kActions);
  for (int32_t parent = tree.AddChild(Tree::root(), 0); !tree.full(); ++parent) {
    for (int a = 0; a < kActions && !tree.full(); ++a) tree.AddChild(parent, a);
  }
}

// Evicts the tree from the caches, as a search's other work does between two compactions.
void EvictCaches(std::vector<uint64_t>& other) {
  for (size_t i = 0; i < other.size(); i += 8) other[i] += i;
  benchmark::DoNotOptimize(other.data());
}

void BM_KeepNearlyAllOfAFullPool(benchmark::State& state) {
  Tree tree(static_cast<int32_t>(state.range(0)));
  tree.Prefault();
  std::vector<uint64_t> other(size_t{64} << 17);  // 64 MiB
  int64_t kept = 0;
  for (auto _ : state) {
    state.PauseTiming();
    Fill(tree);
    EvictCaches(other);
    state.ResumeTiming();
    tree.KeepSubtree(tree.child(Tree::root(), 0), static_cast<int32_t>(state.range(1)),
                     [](int32_t, int32_t) {});
    kept = tree.size();
    benchmark::DoNotOptimize(kept);
  }
  state.counters["kept_nodes"] = static_cast<double>(kept);
}
BENCHMARK(BM_KeepNearlyAllOfAFullPool)
    ->Args({Tree::kDefaultMaxNodes, Tree::kDefaultMaxNodes})
    ->Args({Tree::kDefaultMaxNodes, Tree::kDefaultMaxKept})
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime();

}  // namespace
}  // namespace vgdl
