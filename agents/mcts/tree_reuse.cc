// Tree reuse with decay (see tree_reuse.h).
#include "agents/mcts/tree_reuse.h"

namespace vgdl {

void KeepPlayedSubtree(Tree& tree, int32_t child, const TreeReuseTables& tables, bool deterministic,
                       double gamma) {
  tree.KeepSubtree(child, Tree::kDefaultMaxKept, [&tables](int32_t from, int32_t to) {
    if (tables.sarsa != nullptr) tables.sarsa->Move(from, to);
    if (tables.novelty != nullptr) tables.novelty->Move(from, to);
    if (tables.reverse_penalty != nullptr) tables.reverse_penalty->Move(from, to);
    if (tables.moving_average != nullptr) tables.moving_average->Move(from, to);
  });
  if (tables.novelty != nullptr) {
    tables.novelty->FinishMoves(tree);
    // §4.2.3: in a stochastic game the first ply's novelty marks may be stale; §4.2.5: in a
    // deterministic one they stand.
    if (!deterministic) tables.novelty->ResetFirstPly(tree);
  }
  // §4.2.5: in a deterministic game the old statistics are as good as new ones.
  const double decay = deterministic ? 1.0 : gamma;
  for (int32_t n = 0; n < tree.size(); ++n) {
    Node& node = tree.node(n);
    node.visits *= decay;
    node.total *= decay;
  }
}

}  // namespace vgdl
