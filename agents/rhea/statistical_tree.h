// The statistical tree of `rhea` (Gaina 2021 §3.2.9, Alg. 5; spec/RHEA.md §2.9, "EA-tree" after
// Perez et al.'s open-loop trees): every evaluated action sequence is walked from a root at the
// current state, nodes being added for new actions; every node on the walk (the root included)
// gets one visit and the individual's fitness. The action played is a child of the root.
//
// With the shift buffer the tree is carried to the next decision: the played child becomes the
// root, its siblings are dropped and the stored values are discounted by the shift discount.
// The nodes live in two pools of the MCTS tree (agents/mcts/tree.h), faulted in at Init; carrying
// copies the kept subtree from one pool into the other, so no decision allocates.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "agents/common/random.h"
#include "agents/mcts/tree.h"
#include "agents/rhea/options.h"

namespace vgdl::rhea {

class StatisticalTree {
 public:
  explicit StatisticalTree(int max_nodes);

  // Allocates and faults in both pools (for Init).
  void Prefault();
  // A tree of only a root whose nodes have `num_actions` children.
  void Reset(int num_actions);
  // One visit and `value` for the root and every node of `path`, nodes added as needed (none
  // once the pool is full: the walk then stops at the deepest existing node).
  void Update(std::span<const int8_t> path, double value);
  // The root's child for action index `action` becomes the root, its totals times `discount`;
  // a fresh tree when that child does not exist. `num_actions`: the new root's action count
  // (a changed action set gives a fresh tree).
  void Reroot(int action, double discount, int num_actions);
  // The root child to play: most visited (Alg. 5, RHv2) or highest UCB1 (§3.2.9 text), with
  // GVGAI's noise on ties; -1 when the root has no child.
  int FinalMove(TreeFinalMove rule, double c, AgentRandom& rng) const;

  const Tree& tree() const { return trees_[current_]; }

 private:
  Tree& mutable_tree() { return trees_[current_]; }

  std::array<Tree, 2> trees_;
  size_t current_ = 0;
  std::vector<int32_t> source_;  // while carrying: the old index of each copied node
};

}  // namespace vgdl::rhea
