// Novelty-Based Pruning (NBP) for open-loop MCTS, Soemers (2016) §4.1.3, with its interplay
// with tree reuse (§4.2.3) and deterministic game detection (§4.2.5).
//
// The first time a simulation reaches a fully expanded node n, with the state s it generated
// for n, the search generates one successor state s'_a per child (a copy of s advanced by
// action a) and calls TestChildren. Algorithm 4.1 with threshold 1 then marks the children
// "not novel" whose atoms (agents/common/atoms.h) are all true in the neighbourhood
// N(s') = SibLeft(s') ∪ {s} ∪ Sib(s) ∪ N(s): first against the set M of the atoms of s and of
// the siblings tested before s', then, one set at a time, against the sets cached for the
// ancestors. M, completed with every child's atoms, is what n's children cache (line 25); it
// is kept once, for n, so that the test of a grandchild compares with it as "N(p)".
//
// Special cases (§4.1.3):
//   - score(s') > score(s): the child is novel whatever the tests say;
//   - a movement action's child is not marked when the game offers only horizontal or only
//     vertical movement, or when the avatar's speed in s is <= 0.5;
//   - when every child of n is not novel, n is not novel either, and so on up the tree
//     (a node whose own score rose stays novel).
// Soft pruning: a not-novel child is skipped by selection while its parent's normalised mean
// value is >= 0.5 (Skipped); the final move prefers novel root children (FinalMove).
// Tree reuse: Move per kept node, FinishMoves after them, and, in games not detected as
// deterministic, ResetFirstPly (§4.2.3, §4.2.5).
//
// Memory (nothing allocates inside an act; Prefault reserves and faults everything in at
// Init): a 4-byte entry per node in a NodeTable (2 MiB for the default 2^19 nodes); the
// cached sets as sorted runs of uint32 atom ids in one arena; two bits per possible atom of
// the level (cells x types x 6; 18 KiB for 30 x 20 cells and 20 types) and about 0.9 MiB of
// scratch lists for a test. A set holds the atoms of one state (an id per observable sprite
// and the avatar's) plus the few its successors added: on level 0 of GVGAI's games 26
// (bait) to 643 (plants) ids, 1664 in pacman. The default arena, 2^21 ids (8 MiB), holds
// four times what the nodes of one 40 ms search could need if all were tested (the fully
// expanded nodes after an act of `mcts` without NBP, times their set size: at most 0.5M
// ids, pacman and plants; 50-250K in most games). When the arena is full, nodes are still
// tested (their children's marks do not need the arena), but their set is not kept: tests
// below them compare with one set fewer, so they mark fewer children.
//
// Cost: a test enumerates the atoms of s once; a child is compared with s type by type (a
// type whose sprites never move and whose list is unchanged costs nothing, the others a
// rectangle comparison per sprite), so that only the few atoms a tick changed are handled.
// Measured per test on level 0 (release build, this VM): 1.5 us (aliens) to 12 us (plants),
// 44 us (pacman), about the cost of the copies and advances of the children it tests (2 to
// 42 us).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "agents/common/action_list.h"
#include "agents/common/atoms.h"
#include "agents/common/evaluation.h"
#include "agents/common/random.h"
#include "agents/mcts/node_table.h"
#include "agents/mcts/tree.h"
#include "engine/state.h"

namespace vgdl {

class NoveltyPruning {
 public:
  static constexpr int64_t kDefaultArenaIds = int64_t{1} << 21;  // 8 MiB
  static constexpr int64_t kMinArenaIds = 16;
  static constexpr int64_t kMaxArenaIds = (int64_t{1} << 29) - 2;
  static constexpr int kDefaultMaxCachedDifference = 64;

  struct Stats {
    int64_t tests = 0;        // TestChildren calls
    int64_t marked = 0;       // children marked not novel by a test
    int64_t unkept_sets = 0;  // tested nodes whose set found no room in the arena
  };

  // `arena_ids`, the arena's size in atom ids (4 bytes each), is clamped into
  // [kMinArenaIds, kMaxArenaIds]. `max_cached_difference` bounds the atoms a test keeps per
  // ancestor set to speed up its children's checks; it changes no result (tests set 0 to take
  // the slower paths).
  explicit NoveltyPruning(int64_t arena_ids = kDefaultArenaIds,
                          int max_cached_difference = kDefaultMaxCachedDifference);

  // For Init: sizes the atoms for the game and level of `observation`, reserves and faults in
  // the per-node entries for `max_nodes`, the arena and the scratch tables of a test. Also
  // Clears.
  void Prefault(int32_t max_nodes, const State& observation);
  // Forgets every mark and set: for a fresh tree.
  void Clear();

  // Whether `node`'s children were tested (TestChildren ran on it since Clear or the last
  // ResetFirstPly).
  bool Tested(int32_t node) const { return Get(node).tested != 0; }
  bool NotNovel(int32_t node) const { return Get(node).not_novel != 0; }
  // The normalisation of NBP's 0.5 thresholds: (v - min) / (max - min), and 0.5 while the
  // bounds do not span an interval (MaastCTS2's Globals.normalise). ValueBounds::Normalise
  // returns v itself then, as GVGAI's Utils.normalise does, which would unprune every node
  // of a game whose values never differed (mean 0 < 0.5): the games without intermediate
  // rewards where pruning matters most.
  static double Normalise(const ValueBounds& bounds, double value) {
    return bounds.valid() ? bounds.Normalise(value) : 0.5;
  }
  // Soft pruning: whether selection skips `child`, given its parent's mean value and the
  // bounds that selection normalises values with. A not-novel child is unpruned while its
  // parent looks dangerous (normalised mean < 0.5). When every child of a node is skipped,
  // selection should choose among all of them as if none were (MaastCTS2 subtracts 100 from
  // their UCB1 value).
  bool Skipped(int32_t child, double parent_mean, const ValueBounds& bounds) const {
    return NotNovel(child) && Normalise(bounds, parent_mean) >= 0.5;
  }

  // Algorithm 4.1 for the children of `node`, which must be fully expanded: `s` is the state
  // this simulation generated for `node` (not a terminal one), `children[a]` the successor of
  // a copy of `s` advanced by `actions[a]`, for every action index a of the tree. Marks the
  // children that are not novel (and, when they all are, `node` and the ancestors whose
  // children then all are), and keeps M for the tests below. Allocates nothing.
  void TestChildren(const Tree& tree, int32_t node, const ActionList& actions, const State& s,
                    const State* const* children);

  // The final-move rule of §4.1.3: the root child (action index) with the highest mean among
  // the novel ones; when its normalised mean is < 0.5 (or no novel child was visited), a
  // not-novel child visited more than once with a strictly higher mean is played instead;
  // when neither exists, the best visited child. Ties within each group are broken at random
  // (GVGAI's noise, drawn from `rng`). -1 when no root child has a visit. The actions whose
  // bit is set in `excluded` (BFTI's safety prepruning) are never played.
  int FinalMove(const Tree& tree, const ValueBounds& bounds, AgentRandom& rng,
                uint32_t excluded = 0) const;

  // Tree reuse compacts the kept nodes into indices 0..size-1 in increasing order: Move(from,
  // to) for each (from >= to; a node that keeps its index may be left out), then FinishMoves
  // with the compacted tree, which drops the sets of the discarded nodes from the arena.
  void Move(int32_t from, int32_t to);
  void FinishMoves(const Tree& tree);
  // Tree reuse in a game not detected as deterministic (§4.2.3; §4.2.5 keeps the marks in
  // deterministic games): the marks of the new root's children (and the root's) are removed
  // and the root is untested, so that its children are tested again from the new state.
  void ResetFirstPly(const Tree& tree);

  const Stats& stats() const { return stats_; }
  // Atom ids in the arena's sets (with their 2-id headers) / its capacity.
  int64_t arena_used() const { return arena_used_; }
  int64_t arena_capacity() const { return arena_capacity_; }

 private:
  static constexpr uint32_t kNoSet = (uint32_t{1} << 29) - 1;
  // 4 bytes a node. `set`: offset in the arena of the set cached when the node's children
  // were tested, or kNoSet. `score_rise`: the node's state (as its parent's test generated
  // it) scored more than its parent's, so it stays novel.
  struct Entry {
    uint32_t set : 29;
    uint32_t tested : 1;
    uint32_t not_novel : 1;
    uint32_t score_rise : 1;
  };
  static constexpr Entry kFresh{kNoSet, 0, 0, 0};
  // A set in the arena: [owner node][count][count sorted, distinct atom ids].
  static constexpr int64_t kSetHeader = 2;

  // Entries at or past valid_ have never been written since Clear (NodeTable memory is raw).
  Entry Get(int32_t node) const { return node < valid_ ? entries_[node] : kFresh; }
  Entry& Writable(int32_t node);

  // A test sees the parent state s as its sorted atoms (with their bits set in
  // parent_bits_) and each child as the atoms it adds to s and those of s it lacks, which are
  // few: most sprites do not move in one tick, so that no child's full list is sorted.
  void LoadParent(const State& s);
  void UnloadParent();
  void LoadChild(const State& s, const State& next);
  // Whether the sprites of type t are in the same cells in both states.
  bool SameCells(const State& s, const State& next, TypeId t) const;
  // Whether the loaded child's atoms are all in the cached set at `offset`, the `level`-th set
  // met going up from the tested node (0: the nearest), the same for all its children.
  bool ChildInSet(size_t level, uint32_t offset);
  // The atoms of s missing from the set at `offset`, the first max_diff_ + 1 of them at most;
  // computed once per level and test. Empty and *cached false when out of cache room.
  std::span<const uint32_t> ParentMinusSet(size_t level, uint32_t offset, bool* cached);
  bool ChildInSetByWalk(uint32_t offset) const;
  // Whether a cached set of an ancestor of `node` (its parent's, grandparent's, ...) holds
  // every atom of the loaded child (Algorithm 4.1, lines 11-20).
  bool InAncestorSet(const Tree& tree, int32_t node);
  // The movement exceptions: whether a not-novel child for action `a` stays unmarked.
  static bool MovementExempt(const ActionList& actions, Action a, const State& s);
  // The order children are tested in (SibLeft): see novelty_pruning.cc.
  int TestOrder(const Tree& tree, int32_t node, const ActionList& actions,
                std::array<int, kMaxSearchActions>& order) const;
  void KeepSet(int32_t node);
  bool AllChildrenNotNovel(const Tree& tree, int32_t node) const;
  // All children of `node` not novel: marks it and goes on up the tree.
  void MarkIfAllChildrenNotNovel(const Tree& tree, int32_t node);
  void DropSet(int32_t node);

  struct FreeArena {
    void operator()(uint32_t* p) const;
  };

  int64_t arena_capacity_;
  size_t max_diff_;
  std::unique_ptr<uint32_t, FreeArena> arena_;
  int64_t arena_used_ = 0;
  NodeTable<Entry> entries_;
  int32_t valid_ = 0;

  AtomSpace space_;
  bool disabled_ = true;  // no Prefault yet, or too many atoms: nothing is tested

  // Scratch of a test, reserved and faulted in by Prefault.
  std::vector<uint64_t> parent_bits_;  // the atoms of s
  std::vector<uint64_t> child_bits_;   // the atoms of s a child keeps (cleared as used)
  std::vector<uint32_t> parent_;       // the atoms of s, sorted
  size_t parent_avatar_ = AtomSpace::kNoAtom;
  std::vector<uint32_t> added_;    // a child's atoms not in s, sorted
  std::vector<uint32_t> removed_;  // the atoms of s the child lacks, sorted
  std::vector<uint32_t> fresh_;    // added_ not in M
  std::vector<uint32_t> extra_;    // M without the atoms of s, sorted
  std::vector<uint32_t> merged_;   // extra_ with fresh_
  struct LevelDiff {
    uint32_t begin;
    uint32_t count;
  };
  static constexpr uint32_t kNotComputed = UINT32_MAX;
  static constexpr size_t kMaxCachedLevels = 1024;
  std::vector<LevelDiff> levels_;  // per ancestor level: ParentMinusSet in diffs_
  std::vector<uint32_t> diffs_;

  Stats stats_;
};

}  // namespace vgdl
