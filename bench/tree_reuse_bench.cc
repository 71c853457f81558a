// Google Benchmark: tree reuse's compaction (Tree::KeepSubtree, Soemers §4.2.3) on a full node
// pool, the step at the start of a decision of `maastcts` that issue 36 asked to time on its
// own. The pool is filled breadth-first with 5 actions a node (a full 524288-node pool is about
// eight plies); the kept subtree is the first child of the root, which holds a fifth of the
// nodes and whose compaction passes over all of them after it: the worst case of one pass.
// The tree is rebuilt, untimed, before each compaction.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "agents/mcts/tree.h"

namespace vgdl {
namespace {

constexpr int kActions = 5;

// Breadth-first until the pool is full: parents precede children, as in a real search.
void Fill(Tree& tree) {
  tree.Reset(kActions);
  for (int32_t parent = Tree::root(); !tree.full(); ++parent) {
    for (int a = 0; a < kActions && !tree.full(); ++a) tree.AddChild(parent, a);
  }
}

void BM_KeepSubtreeOfAFullPool(benchmark::State& state) {
  Tree tree(static_cast<int32_t>(state.range(0)));
  tree.Prefault();
  int64_t kept = 0;
  for (auto _ : state) {
    state.PauseTiming();
    Fill(tree);
    state.ResumeTiming();
    tree.KeepSubtree(tree.child(Tree::root(), 0), [](int32_t, int32_t) {});
    kept = tree.size();
    benchmark::DoNotOptimize(kept);
  }
  state.counters["kept_nodes"] = static_cast<double>(kept);
}
BENCHMARK(BM_KeepSubtreeOfAFullPool)
    ->Arg(1 << 16)
    ->Arg(Tree::kDefaultMaxNodes)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime();

}  // namespace
}  // namespace vgdl
