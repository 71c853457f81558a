// Moving-average returns (Gudmundsson and Björnsson 2011, "MCTS: Improved Action Selection
// Techniques for Deterministic Games", Eq. 3-4): in a deterministic game a node's true value
// is one of few outcomes, and its estimate moves toward it as the tree below it learns; the
// arithmetic mean lets old samples overshadow that move, so old samples are slowly forgotten:
//   Q(s, a) <- Q(s, a) + lambda * (r - Q(s, a))                                     (Eq. 3)
//   lambda = 1 / N(s, a)  when N(s, a) <= M,   lambda_0  when N(s, a) > M           (Eq. 4)
// with M = 30 and lambda_0 = 0.05 (the paper's experiments): the arithmetic mean for the first
// M samples, a recency-weighted average after.
//
// Choices (docs/agents.md, "Moving-average returns"):
//   - N(s, a) counts the back-ups this table received for the node, after the current one is
//     counted (so the first back-up has lambda = 1 and sets Q = r). Back-ups the loop makes
//     outside it (BFTI's initial samples, loss avoidance's sibling values) are not seen; a
//     node without a moving-average back-up is valued by its arithmetic mean (Value's
//     fallback).
//   - Tree reuse keeps a node's Q and N (Move); its decay does not apply: the moving average
//     is its own forgetting, and in deterministic games, where the agent applies it, tree
//     reuse's gamma is 1 anyway (Soemers 2016 §4.2.5).
//   - r is X(s) of the iteration (the value the MC back-up adds), in the range of X; the loop
//     normalises Q as it normalises the mean.
//
// Memory: a NodeTable (node_table.h) faulted in by Prefault at Init. Nodes are appended in
// index order; entries from the last written index on are emptied when first written, so no
// hook is needed where nodes are created.
#pragma once

#include <cstdint>

#include "agents/mcts/node_table.h"

namespace vgdl {

// Gudmundsson and Björnsson: "M = 30 and lambda = 0.05 in MA".
inline constexpr int kMovingAverageM = 30;
inline constexpr double kMovingAverageLambda0 = 0.05;

struct MovingAverageOptions {
  int m = kMovingAverageM;
  double lambda0 = kMovingAverageLambda0;
};

// Throws std::invalid_argument naming the valid ranges: M in [1, 1000000], lambda_0 in (0, 1].
void ValidateMovingAverageOptions(const MovingAverageOptions& options);

// Eq. 4: the step size of the `n`-th sample (n >= 1, this sample counted).
double MovingAverageStep(double n, const MovingAverageOptions& options);

class MovingAverage {
 public:
  explicit MovingAverage(const MovingAverageOptions& options = {});

  const MovingAverageOptions& options() const { return options_; }

  // Reserves and faults in the values for `max_nodes` nodes (Init, outside timed decisions).
  void Prefault(int32_t max_nodes) { entries_.Prefault(max_nodes); }
  // A fresh tree (Tree::Reset): no node has a value.
  void Reset() { known_ = 0; }
  // Tree reuse: node `from` becomes node `to` (to <= from), in increasing order of `to` from
  // the new root (to = 0, which starts a compaction), as Tree::KeepSubtree calls on_move; nodes
  // past the last `to` are then new.
  void Move(int32_t from, int32_t to);

  // Eq. 3 for `node` with the iteration's return `r`.
  void Update(int32_t node, double r);

  // The node's Q, or `mean` (its arithmetic mean) when it never had a moving-average back-up.
  double Value(int32_t node, double mean) const;
  // The back-ups the node received (0 for a node never updated).
  double Samples(int32_t node) const;

 private:
  struct Entry {
    double q;
    double n;
  };
  // Makes entries [known_, node] empty so that `node` may be written.
  void Reach(int32_t node);

  MovingAverageOptions options_;
  NodeTable<Entry> entries_;
  int32_t known_ = 0;               // nodes [0, known_) have entries
  int32_t known_before_moves_ = 0;  // known_ when the current compaction started
};

}  // namespace vgdl
