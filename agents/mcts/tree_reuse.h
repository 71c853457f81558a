// Tree reuse (Soemers 2016 §4.2.3; MaastCTS2): after a real move the subtree below the action
// played becomes the next search's tree, its statistics decayed by gamma so that the new
// search's samples soon outweigh the old ones (Figure 5.4; MaastCTS2's gamma = 0.6). In a game
// that deterministic game detection classifies as deterministic (§4.2.5) the old statistics
// are as good as new ones: no decay, and the first ply's novelty marks stand.
//
// MctsAgent decides when a tree may be kept (the state that follows its last decision, the same
// actions, no macro actions: mcts.cc's PrepareRoot); this file does the keeping.
#pragma once

#include <cstdint>

#include "agents/mcts/moving_average.h"
#include "agents/mcts/novelty_pruning.h"
#include "agents/mcts/reverse_penalty.h"
#include "agents/mcts/sarsa_uct.h"
#include "agents/mcts/tree.h"

namespace vgdl {

// The tables kept beside the tree, indexed by node, that move with the kept nodes; nullptr for
// an enhancement that is off.
struct TreeReuseTables {
  SarsaUct* sarsa = nullptr;
  NoveltyPruning* novelty = nullptr;
  ReversePenalty* reverse_penalty = nullptr;
  MovingAverage* moving_average = nullptr;
};

// Makes the subtree below `child` (a child of the root) the whole tree (Tree::KeepSubtree, at
// most Tree::kDefaultMaxKept nodes), moves `tables` with it, and multiplies every kept node's
// visits and total by `gamma`, or by 1 when `deterministic`.
void KeepPlayedSubtree(Tree& tree, int32_t child, const TreeReuseTables& tables, bool deterministic,
                       double gamma);

}  // namespace vgdl
