// Novelty-Based Pruning, Soemers (2016) §4.1.3 (see novelty_pruning.h). Where the thesis is
// silent, MaastCTS2 (Soemers' GVGAI agent: model/MctNode.java, iw/NoveltyTester.java,
// move_selection/MaxAvgScore.java) settled it; each such place says so.
#include "agents/mcts/novelty_pruning.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <iterator>
#include <limits>

#include "agents/common/large_table.h"
#include "engine/observation.h"

namespace vgdl {

namespace {

// The most atoms a state has: one per sprite under GVGAI's sprite limit, and the avatar's.
constexpr size_t kMaxStateAtoms = State::kMaxSprites + 1;

bool IsMovement(Action a) {
  return a == Action::kUp || a == Action::kDown || a == Action::kLeft || a == Action::kRight;
}

Action Opposite(Action a) {
  switch (a) {
    case Action::kUp:
      return Action::kDown;
    case Action::kDown:
      return Action::kUp;
    case Action::kLeft:
      return Action::kRight;
    case Action::kRight:
      return Action::kLeft;
    default:
      return a;
  }
}

// Levels with more possible atoms are not tested: the two bit tables of a test would take
// over 16 MiB (a 100 x 100 level of 100 types has 6M atoms: 1.5 MiB).
constexpr size_t kMaxAtomSpace = size_t{1} << 26;

bool TestBit(const std::vector<uint64_t>& bits, size_t i) {
  return ((bits[i >> 6] >> (i & 63)) & 1) != 0;
}
// Sets bit i; false when it was set already.
bool SetBit(std::vector<uint64_t>& bits, size_t i) {
  const uint64_t mask = uint64_t{1} << (i & 63);
  uint64_t& w = bits[i >> 6];
  if ((w & mask) != 0) return false;
  w |= mask;
  return true;
}
void ClearBit(std::vector<uint64_t>& bits, size_t i) {
  bits[i >> 6] &= ~(uint64_t{1} << (i & 63));
}

// Touches every page of a vector's full capacity, so that a test never faults one in.
void ReserveFaulted(std::vector<uint32_t>& v, size_t n) {
  v.assign(n, 0);
  v.clear();
}

}  // namespace

NoveltyPruning::NoveltyPruning(int64_t arena_ids, int max_cached_difference)
    : arena_capacity_(std::clamp(arena_ids, kMinArenaIds, kMaxArenaIds)),
      max_diff_(static_cast<size_t>(std::clamp(max_cached_difference, 0, 1 << 16))) {}

void NoveltyPruning::FreeArena::operator()(uint32_t* p) const {
  FreeLargeTable(p);
}

void NoveltyPruning::Prefault(int32_t max_nodes, const State& observation) {
  entries_.Prefault(max_nodes);
  if (!arena_) {
    const size_t bytes = sizeof(uint32_t) * static_cast<size_t>(arena_capacity_);
    arena_.reset(static_cast<uint32_t*>(AllocateLargeTable(bytes)));
    PrefaultLargeTable(arena_.get(), bytes);
  }
  space_.Reset(observation);
  disabled_ = space_.size() > kMaxAtomSpace;
  const size_t words = disabled_ ? 0 : (space_.size() + 63) / 64;
  parent_bits_.assign(words, 0);
  child_bits_.assign(words, 0);
  ReserveFaulted(parent_, kMaxStateAtoms);
  ReserveFaulted(added_, kMaxStateAtoms);
  ReserveFaulted(removed_, kMaxStateAtoms);
  ReserveFaulted(fresh_, kMaxStateAtoms);
  // M holds the atoms of a state and of its successors.
  ReserveFaulted(extra_, kMaxStateAtoms * kMaxSearchActions);
  ReserveFaulted(merged_, kMaxStateAtoms * kMaxSearchActions);
  ReserveFaulted(diffs_, (max_diff_ + 1) * kMaxCachedLevels);
  levels_.assign(kMaxCachedLevels, LevelDiff{});
  levels_.clear();
  stats_ = {};
  Clear();
}

void NoveltyPruning::Clear() {
  valid_ = 0;
  arena_used_ = 0;
}

NoveltyPruning::Entry& NoveltyPruning::Writable(int32_t node) {
  while (valid_ <= node) entries_[valid_++] = kFresh;
  return entries_[node];
}

void NoveltyPruning::LoadParent(const State& s) {
  parent_.clear();
  size_t low = SIZE_MAX;
  size_t high = 0;
  size_t avatar = AtomSpace::kNoAtom;
  const size_t avatar_base = space_.avatar_base();
  space_.ForEachAtom(s, [&](size_t atom) {
    if (!SetBit(parent_bits_, atom)) return;  // two sprites of a type in one cell
    if (atom >= avatar_base) {
      avatar = atom;
      return;
    }
    parent_.push_back(static_cast<uint32_t>(atom));
    low = std::min(low, atom);
    high = std::max(high, atom);
  });
  // Sorted by reading the bit table back where it is dense enough (most levels: walls in
  // every row), which costs less than sorting; the avatar's atom is above every at(...).
  if (!parent_.empty() && (high >> 6) - (low >> 6) < 8 * parent_.size()) {
    parent_.clear();
    for (size_t w = low >> 6; w <= high >> 6; ++w) {
      for (uint64_t bits = parent_bits_[w]; bits != 0; bits &= bits - 1) {
        const size_t atom = (w << 6) + static_cast<size_t>(std::countr_zero(bits));
        if (atom > high) break;
        parent_.push_back(static_cast<uint32_t>(atom));
      }
    }
  } else {
    std::sort(parent_.begin(), parent_.end());
  }
  parent_avatar_ = avatar;
  if (avatar != AtomSpace::kNoAtom) parent_.push_back(static_cast<uint32_t>(avatar));
}

void NoveltyPruning::UnloadParent() {
  for (uint32_t atom : parent_) ClearBit(parent_bits_, atom);
}

bool NoveltyPruning::SameCells(const State& s, const State& next, TypeId t) const {
  // The same list of sprites that never move: the same cells (the engine's own bookkeeping,
  // so that scenery costs nothing).
  if (s.type_version(t) == next.type_version(t) && s.is_static_type(t)) return true;
  const std::span<const SpriteRef> before = s.sprites_of(t);
  const std::span<const SpriteRef> after = next.sprites_of(t);
  if (before.size() != after.size()) return false;
  for (size_t i = 0; i < before.size(); ++i) {
    const Rect& a = s.sprite(before[i]).rect;
    const Rect& b = next.sprite(after[i]).rect;
    if (a.x == b.x && a.y == b.y) continue;
    if (space_.CellOf(a.x, a.y) != space_.CellOf(b.x, b.y)) return false;
  }
  return true;
}

void NoveltyPruning::LoadChild(const State& s, const State& next) {
  added_.clear();
  removed_.clear();
  // One tick changes few sprites: a type whose sprites are in the same cells as in s (in the
  // same order, which a copy keeps) has the same atoms, found by comparing rectangles.
  for (TypeId t = 0; t < space_.types(); ++t) {
    if (!space_.Observed(t) || SameCells(s, next, t)) continue;
    space_.ForEachAtomOfType(next, t, [&](size_t atom) {
      if (TestBit(parent_bits_, atom)) {
        SetBit(child_bits_, atom);
      } else {
        added_.push_back(static_cast<uint32_t>(atom));
      }
    });
    space_.ForEachAtomOfType(s, t, [&](size_t atom) {
      if (!TestBit(child_bits_, atom)) removed_.push_back(static_cast<uint32_t>(atom));
    });
    space_.ForEachAtomOfType(next, t, [&](size_t atom) { ClearBit(child_bits_, atom); });
  }
  const size_t avatar = space_.AvatarAtom(next);
  if (avatar != parent_avatar_) {
    if (avatar != AtomSpace::kNoAtom) added_.push_back(static_cast<uint32_t>(avatar));
    if (parent_avatar_ != AtomSpace::kNoAtom) {
      removed_.push_back(static_cast<uint32_t>(parent_avatar_));
    }
  }
  std::sort(added_.begin(), added_.end());
  added_.erase(std::unique(added_.begin(), added_.end()), added_.end());
  std::sort(removed_.begin(), removed_.end());
  removed_.erase(std::unique(removed_.begin(), removed_.end()), removed_.end());
}

std::span<const uint32_t> NoveltyPruning::ParentMinusSet(size_t level, uint32_t offset,
                                                         bool* cached) {
  *cached = false;
  if (level >= kMaxCachedLevels) return {};
  // Levels are reached in any order (a child may fail a cheaper check at a lower level).
  if (level >= levels_.size()) levels_.resize(level + 1, LevelDiff{kNotComputed, 0});
  if (levels_[level].begin == kNotComputed) {
    if (diffs_.size() + max_diff_ + 1 > diffs_.capacity()) return {};
    const uint32_t* set = arena_.get() + offset + kSetHeader;
    const uint32_t* end = set + arena_.get()[offset + 1];
    const auto begin = static_cast<uint32_t>(diffs_.size());
    for (uint32_t atom : parent_) {
      while (set != end && *set < atom) ++set;
      if (set != end && *set == atom) continue;
      diffs_.push_back(atom);
      if (diffs_.size() - begin > max_diff_) break;
    }
    levels_[level] = {begin, static_cast<uint32_t>(diffs_.size() - begin)};
  }
  *cached = true;
  const LevelDiff d = levels_[level];
  return {diffs_.data() + d.begin, d.count};
}

bool NoveltyPruning::ChildInSetByWalk(uint32_t offset) const {
  const uint32_t* set = arena_.get() + offset + kSetHeader;
  const uint32_t* end = set + arena_.get()[offset + 1];
  auto removed = removed_.begin();
  for (uint32_t atom : parent_) {
    if (removed != removed_.end() && *removed == atom) {
      ++removed;
      continue;
    }
    while (set != end && *set < atom) ++set;
    if (set == end || *set != atom) return false;
  }
  return true;
}

bool NoveltyPruning::ChildInSet(size_t level, uint32_t offset) {
  const uint32_t* set = arena_.get() + offset + kSetHeader;
  const uint32_t* end = set + arena_.get()[offset + 1];
  // The child's atoms are (s without removed_) and added_. The atoms new to M decide most
  // tests, so they go first.
  for (uint32_t atom : fresh_) {
    if (!std::binary_search(set, end, atom)) return false;
  }
  for (uint32_t atom : added_) {
    if (!std::binary_search(set, end, atom)) return false;
  }
  // s without removed_ is in the set when every atom of s missing from it was removed.
  bool cached = false;
  const std::span<const uint32_t> missing = ParentMinusSet(level, offset, &cached);
  if (cached && missing.size() <= max_diff_) {
    return std::includes(removed_.begin(), removed_.end(), missing.begin(), missing.end());
  }
  if (cached && removed_.size() <= max_diff_) return false;  // more are missing than removed
  return ChildInSetByWalk(offset);
}

bool NoveltyPruning::InAncestorSet(const Tree& tree, int32_t node) {
  // The set kept at node q is what q's children cached (line 25), so the sets that n's
  // ancestors cached are those kept at n's parent, grandparent, ... and the root. A node whose
  // set found no room is passed over (the chain of MaastCTS2 stops at a missing set instead;
  // passing over compares with more of N(s'), as Definition 2 asks).
  size_t level = 0;  // counts the sets met, the same for all the children of `node`
  for (int32_t q = tree.node(node).parent; q != kNoNode; q = tree.node(q).parent) {
    const Entry e = Get(q);
    if (e.set == kNoSet) continue;
    if (ChildInSet(level++, e.set)) return true;
  }
  return false;
}

bool NoveltyPruning::MovementExempt(const ActionList& actions, Action a, const State& s) {
  if (!IsMovement(a)) return false;
  bool horizontal = false;
  bool vertical = false;
  for (Action b : actions) {
    horizontal |= b == Action::kLeft || b == Action::kRight;
    vertical |= b == Action::kUp || b == Action::kDown;
  }
  // MaastCTS2 asks for more than three available actions instead of both axes (its own TODO
  // says the axes are meant); the thesis names the axes. The speed is the avatar's in s, the
  // parent state, as in MaastCTS2.
  return !(horizontal && vertical) || AvatarSpeed(s) <= 0.5;
}

int NoveltyPruning::TestOrder(const Tree& tree, int32_t node, const ActionList& actions,
                              std::array<int, kMaxSearchActions>& order) const {
  // The thesis leaves the order of Succ(s) open (it decides which of two equal siblings is
  // kept). MaastCTS2 tests USE last (the action most often without effect), the opposite of
  // the move into the node second to last and its repetition third to last (the moves most
  // likely to return or to bump into a wall); the others keep the action order.
  const int into = tree.node(node).action;
  const Action previous = into >= 0 && into < actions.size() ? actions[into] : Action::kNil;
  const auto rank = [&](int a) {
    const Action act = actions[a];
    if (act == Action::kUse) return 3;
    if (IsMovement(previous) && act == Opposite(previous)) return 2;
    if (IsMovement(previous) && act == previous) return 1;
    return 0;
  };
  const int n = std::min(tree.num_actions(), actions.size());
  for (int a = 0; a < n; ++a) order[static_cast<size_t>(a)] = a;
  std::stable_sort(order.begin(), order.begin() + n,
                   [&](int x, int y) { return rank(x) < rank(y); });
  return n;
}

void NoveltyPruning::TestChildren(const Tree& tree, int32_t node, const ActionList& actions,
                                  const State& s, const State* const* children) {
  if (Tested(node) || !tree.FullyExpanded(node)) return;
  Writable(node).tested = 1;
  ++stats_.tests;
  if (disabled_) return;

  LoadParent(s);  // lines 2-4: M starts as the atoms of s
  extra_.clear();
  levels_.clear();
  diffs_.clear();
  const double score = Score(s);
  std::array<int, kMaxSearchActions> order{};
  const int n = TestOrder(tree, node, actions, order);
  for (int i = 0; i < n; ++i) {
    const int a = order[static_cast<size_t>(i)];
    const int32_t child = tree.child(node, a);
    const State& next = *children[a];
    LoadChild(s, next);  // line 6
    fresh_.clear();
    std::set_difference(added_.begin(), added_.end(), extra_.begin(), extra_.end(),
                        std::back_inserter(fresh_));
    Entry& entry = Writable(child);
    // §4.1.3: a child that raised the score is novel regardless of any test.
    entry.score_rise = Score(next) > score ? 1 : 0;
    bool not_novel = false;
    if (entry.score_rise == 0) {
      // Line 7 (M) and lines 11-20 (the ancestors' sets, one at a time, as Algorithm 4.1 and
      // MaastCTS2 do; a union of the sets would prune more than either).
      not_novel = fresh_.empty() || InAncestorSet(tree, node);
      // The movement exceptions apply to both parts of the test (MaastCTS2 applies them to
      // the first part only; the thesis makes no such difference).
      if (not_novel && MovementExempt(actions, actions[a], s)) not_novel = false;
      if (not_novel) ++stats_.marked;
      // A child tested before (the first ply after ResetFirstPly) whose own children all
      // are not novel is not novel either.
      if (!not_novel && entry.tested != 0) not_novel = AllChildrenNotNovel(tree, child);
    }
    entry.not_novel = not_novel ? 1 : 0;
    if (!fresh_.empty()) {  // line 22
      merged_.clear();
      std::merge(extra_.begin(), extra_.end(), fresh_.begin(), fresh_.end(),
                 std::back_inserter(merged_));
      extra_.swap(merged_);
    }
  }
  KeepSet(node);  // lines 24-26, once for all the children
  UnloadParent();
  MarkIfAllChildrenNotNovel(tree, node);
}

bool NoveltyPruning::AllChildrenNotNovel(const Tree& tree, int32_t node) const {
  if (tree.num_actions() == 0 || !tree.FullyExpanded(node)) return false;
  for (int a = 0; a < tree.num_actions(); ++a) {
    if (!NotNovel(tree.child(node, a))) return false;
  }
  return true;
}

void NoveltyPruning::MarkIfAllChildrenNotNovel(const Tree& tree, int32_t node) {
  // §4.1.3: otherwise selection could reach a node whose children are all pruned. MaastCTS2
  // goes on up the tree (a node marked so may complete its parent's set of marks) and leaves
  // a node whose score rose novel, as the score rule says.
  for (int32_t n = node; n != kNoNode; n = tree.node(n).parent) {
    const Entry e = Get(n);
    if (e.not_novel != 0 || e.score_rise != 0 || !AllChildrenNotNovel(tree, n)) return;
    Writable(n).not_novel = 1;
  }
}

void NoveltyPruning::KeepSet(int32_t node) {
  Entry& entry = Writable(node);
  entry.set = kNoSet;
  const auto count = static_cast<int64_t>(parent_.size() + extra_.size());
  if (arena_used_ + kSetHeader + count > arena_capacity_) {
    ++stats_.unkept_sets;
    return;
  }
  uint32_t* out = arena_.get() + arena_used_;
  out[0] = static_cast<uint32_t>(node);
  out[1] = static_cast<uint32_t>(count);
  // M = the atoms of s and those its children added, which s lacks: disjoint sorted lists.
  std::merge(parent_.begin(), parent_.end(), extra_.begin(), extra_.end(), out + kSetHeader);
  entry.set = static_cast<uint32_t>(arena_used_) & kNoSet;  // fits: < kMaxArenaIds
  arena_used_ += kSetHeader + count;
}

void NoveltyPruning::DropSet(int32_t node) {
  if (node >= valid_) return;
  Entry& entry = entries_[node];
  if (entry.set == kNoSet) return;
  // The last set is given back at once; any other becomes a gap that FinishMoves closes.
  const int64_t end = entry.set + kSetHeader + arena_.get()[entry.set + 1];
  if (end == arena_used_) arena_used_ = entry.set;
  entry.set = kNoSet;
}

int NoveltyPruning::FinalMove(const Tree& tree, const ValueBounds& bounds, AgentRandom& rng,
                              uint32_t excluded) const {
  const int32_t root = Tree::root();
  // Per group: the child with the highest mean, ties broken by noise.
  struct Best {
    int action = -1;
    double mean = 0.0;
    double noised = std::numeric_limits<double>::lowest();
    void Offer(int a, double m, double noised_mean) {
      if (noised_mean > noised) *this = {a, m, noised_mean};
    }
  };
  Best novel;
  Best pruned;  // not novel, more than one visit
  Best any;
  for (int a = 0; a < tree.num_actions(); ++a) {
    const int32_t child = tree.child(root, a);
    if (child == kNoNode || (excluded >> a & 1u) != 0) continue;
    const Node& n = tree.node(child);
    if (n.visits <= 0.0) continue;
    const double mean = n.mean();
    const double noised = TieBreakNoise(mean, kTieEpsilon, rng.NextDouble());
    any.Offer(a, mean, noised);
    if (!NotNovel(child)) {
      novel.Offer(a, mean, noised);
    } else if (n.visits > 1.0) {
      // The thesis: "a visit count greater than 1" (MaastCTS2 takes one visit or more).
      pruned.Offer(a, mean, noised);
    }
  }
  if (novel.action >= 0 && Normalise(bounds, novel.mean) >= 0.5) return novel.action;
  // The pruned child must be strictly better: an equal mean keeps the novel one, as in
  // MaastCTS2, which compares the means without noise.
  if (pruned.action >= 0 && (novel.action < 0 || pruned.mean > novel.mean)) return pruned.action;
  // MaastCTS2 plays the best of all children when no novel one was visited and no pruned one
  // qualifies (it penalises pruned children rather than leaving them out).
  return novel.action >= 0 ? novel.action : any.action;
}

void NoveltyPruning::Move(int32_t from, int32_t to) {
  if (from == to) return;
  const Entry e = Get(from);
  Writable(to) = e;
  if (e.set != kNoSet) arena_.get()[e.set] = static_cast<uint32_t>(to);
}

void NoveltyPruning::FinishMoves(const Tree& tree) {
  valid_ = std::min(valid_, tree.size());
  // Slides the sets still owned by a node of the compacted tree down over the gaps, in arena
  // order. A set is live when its owner's entry points at it: a discarded node's index is
  // either past the tree or taken by a moved node, whose entry points elsewhere.
  uint32_t* arena = arena_.get();
  int64_t write = 0;
  for (int64_t read = 0; read < arena_used_;) {
    const auto owner = static_cast<int64_t>(arena[read]);
    const int64_t length = kSetHeader + arena[read + 1];
    const bool live = owner < valid_ && entries_[static_cast<int32_t>(owner)].set == read;
    if (live) {
      if (write != read) std::copy(arena + read, arena + read + length, arena + write);
      entries_[static_cast<int32_t>(owner)].set = static_cast<uint32_t>(write) & kNoSet;
      write += length;
    }
    read += length;
  }
  arena_used_ = write;
}

void NoveltyPruning::ResetFirstPly(const Tree& tree) {
  const int32_t root = Tree::root();
  if (valid_ <= root) return;
  // §4.2.3: the marks of the first ply go; deeper marks stay (retesting them costs too much).
  // The root's set described the old state's successors, so it goes too; the root's children
  // are tested again the next time a simulation passes the root.
  DropSet(root);
  Entry& r = Writable(root);
  r.tested = 0;
  r.not_novel = 0;
  r.score_rise = 0;
  for (int a = 0; a < tree.num_actions(); ++a) {
    const int32_t child = tree.child(root, a);
    if (child == kNoNode || child >= valid_) continue;
    Entry& c = entries_[child];
    c.not_novel = 0;
    c.score_rise = 0;
  }
}

}  // namespace vgdl
