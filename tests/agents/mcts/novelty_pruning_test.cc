// Novelty-based pruning (Soemers 2016 §4.1.3) on hand-built trees over the rooms of
// tests/data/search/nbp_room.txt, whose MovingAvatar keeps its orientation, so that a move into
// a wall gives the parent's state again.
#include "agents/mcts/novelty_pruning.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <vector>

#include "agents/common/atoms.h"
#include "agents/common/random.h"
#include "agents/mcts/mcts.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::LoadedGame;
using testing::LoadSearchGame;

// A room level, the tree over its actions (root only) and a pruning module for it.
struct Search {
  explicit Search(int level, int64_t arena_ids = 1 << 16) : nbp(arena_ids) {
    std::string error;
    auto loaded = LoadSearchGame("nbp_room", level, &error);
    EXPECT_TRUE(loaded) << error;
    if (loaded) game = *std::move(loaded);
    root_state.emplace(game.def, game.level, 1);
    actions = ActionList::Of(*root_state, /*with_nil=*/false);
    tree.Reset(actions.size());
    nbp.Prefault(tree.max_nodes(), *root_state);
  }

  int Index(Action a) const { return actions.IndexOf(a); }
  int32_t Child(int32_t node, Action a) const { return tree.child(node, Index(a)); }

  // Gives `node` a child for every action, generates the successor of `state` for each (as
  // the search does the first time it reaches the fully expanded node) and tests them.
  // Returns the successors by action index.
  std::vector<State> Test(int32_t node, const State& state) {
    std::vector<State> next;
    std::vector<const State*> pointers;
    next.reserve(static_cast<size_t>(actions.size()));
    for (int a = 0; a < actions.size(); ++a) {
      if (tree.child(node, a) == kNoNode) tree.AddChild(node, a);
      next.push_back(state);
      Advance(next.back(), actions[a], StepMode::kForwardModel);
    }
    for (const State& s : next) pointers.push_back(&s);
    nbp.TestChildren(tree, node, actions, state, pointers.data());
    return next;
  }

  LoadedGame game;
  std::optional<State> root_state;
  ActionList actions;
  Tree tree{1000};
  NoveltyPruning nbp;
};

TEST(NoveltyPruning, MovesIntoWallsAreNotNovelMovesIntoOpenCellsAre) {
  Search search(0);  // the avatar in the top-left corner
  ASSERT_EQ(search.actions.size(), 4);
  const int32_t root = Tree::root();
  EXPECT_FALSE(search.nbp.Tested(root));
  search.Test(root, *search.root_state);
  EXPECT_TRUE(search.nbp.Tested(root));
  EXPECT_TRUE(search.nbp.NotNovel(search.Child(root, Action::kLeft)));
  EXPECT_TRUE(search.nbp.NotNovel(search.Child(root, Action::kUp)));
  EXPECT_FALSE(search.nbp.NotNovel(search.Child(root, Action::kRight)));
  EXPECT_FALSE(search.nbp.NotNovel(search.Child(root, Action::kDown)));
  EXPECT_FALSE(search.nbp.NotNovel(root));
  EXPECT_EQ(search.nbp.stats().marked, 2);
}

TEST(NoveltyPruning, ANotNovelChildIsSkippedOnlyWhileItsParentLooksSafe) {
  Search search(0);
  search.Test(Tree::root(), *search.root_state);
  const int32_t wall = search.Child(Tree::root(), Action::kLeft);
  const int32_t open = search.Child(Tree::root(), Action::kRight);
  ValueBounds bounds;
  bounds.Add(-10.0);
  bounds.Add(10.0);  // a mean of 0 normalises to 0.5
  EXPECT_TRUE(search.nbp.Skipped(wall, 0.0, bounds));
  EXPECT_TRUE(search.nbp.Skipped(wall, 8.0, bounds));
  EXPECT_FALSE(search.nbp.Skipped(wall, -0.2, bounds));  // unpruned in a dangerous situation
  EXPECT_FALSE(search.nbp.Skipped(wall, -10.0, bounds));
  EXPECT_TRUE(search.nbp.Skipped(wall, 4.0, bounds));  // and pruned again when it looks safe
  EXPECT_FALSE(search.nbp.Skipped(open, 8.0, bounds));
  EXPECT_FALSE(search.nbp.Skipped(open, -8.0, bounds));
  // While every value seen was the same, a parent is not dangerous: pruned (MaastCTS2
  // normalises to 0.5 then; ValueBounds::Normalise would give the raw mean, 0).
  EXPECT_TRUE(search.nbp.Skipped(wall, 0.0, ValueBounds{}));
  ValueBounds flat;
  flat.Add(0.0);
  EXPECT_TRUE(search.nbp.Skipped(wall, 0.0, flat));
}

TEST(NoveltyPruning, AChildThatRaisesTheScoreIsNovel) {
  Search search(5);  // a bell right of the avatar: bumping into it scores 1, nothing moves
  const std::vector<State> next = search.Test(Tree::root(), *search.root_state);
  const int right = search.Index(Action::kRight);
  ASSERT_GT(Score(next[static_cast<size_t>(right)]), Score(*search.root_state));
  EXPECT_FALSE(search.nbp.NotNovel(search.Child(Tree::root(), Action::kRight)));
  // The moves into walls, which score nothing, are still pruned.
  EXPECT_TRUE(search.nbp.NotNovel(search.Child(Tree::root(), Action::kLeft)));
  EXPECT_TRUE(search.nbp.NotNovel(search.Child(Tree::root(), Action::kUp)));
}

TEST(NoveltyPruning, MovesOfAnAvatarThatMovesAlongOneAxisAreNeverMarked) {
  Search search(3);  // a HorizontalAvatar in the top-left corner
  ASSERT_EQ(search.actions.IndexOf(Action::kUp), -1);
  search.Test(Tree::root(), *search.root_state);
  EXPECT_FALSE(search.nbp.NotNovel(search.Child(Tree::root(), Action::kLeft)));
  EXPECT_EQ(search.nbp.stats().marked, 0);
}

TEST(NoveltyPruning, MovesOfASlowAvatarAreNeverMarked) {
  Search search(2);  // a MovingAvatar of speed 0.5 in the top-left corner
  search.Test(Tree::root(), *search.root_state);
  EXPECT_FALSE(search.nbp.NotNovel(search.Child(Tree::root(), Action::kLeft)));
  EXPECT_FALSE(search.nbp.NotNovel(search.Child(Tree::root(), Action::kUp)));
  EXPECT_EQ(search.nbp.stats().marked, 0);
}

// Algorithm 4.1 written plainly, over full sorted atom lists and a set per tested node, for
// games without scores, USE or movement exceptions.
class ReferenceTests {
 public:
  explicit ReferenceTests(const State& any) { space_.Reset(any); }

  // The marks of `node`'s children by action index, as a test of them gives them.
  std::vector<bool> Test(const Tree& tree, int32_t node, const ActionList& actions, const State& s,
                         const std::vector<State>& children) {
    std::vector<uint32_t> m = Atoms(s);
    std::vector<bool> marks(static_cast<size_t>(actions.size()), false);
    for (int a : Order(tree, node, actions)) {
      const std::vector<uint32_t> child = Atoms(children[static_cast<size_t>(a)]);
      bool not_novel = std::includes(m.begin(), m.end(), child.begin(), child.end());
      for (int32_t q = tree.node(node).parent; !not_novel && q != kNoNode;
           q = tree.node(q).parent) {
        const auto set = sets_.find(q);
        if (set == sets_.end()) continue;
        not_novel =
            std::includes(set->second.begin(), set->second.end(), child.begin(), child.end());
      }
      marks[static_cast<size_t>(a)] = not_novel;
      std::vector<uint32_t> merged;
      std::set_union(m.begin(), m.end(), child.begin(), child.end(), std::back_inserter(merged));
      m = std::move(merged);
    }
    sets_[node] = std::move(m);
    return marks;
  }

 private:
  std::vector<uint32_t> Atoms(const State& s) const {
    std::vector<uint32_t> atoms;
    space_.ForEachAtom(s, [&](size_t atom) { atoms.push_back(static_cast<uint32_t>(atom)); });
    std::sort(atoms.begin(), atoms.end());
    atoms.erase(std::unique(atoms.begin(), atoms.end()), atoms.end());
    return atoms;
  }
  // MaastCTS2's order: the opposite of the move into the node last, its repetition before.
  static std::vector<int> Order(const Tree& tree, int32_t node, const ActionList& actions) {
    std::vector<int> order;
    const int into = tree.node(node).action;
    const Action previous = into >= 0 ? actions[into] : Action::kNil;
    const Action opposite = previous == Action::kUp      ? Action::kDown
                            : previous == Action::kDown  ? Action::kUp
                            : previous == Action::kLeft  ? Action::kRight
                            : previous == Action::kRight ? Action::kLeft
                                                         : Action::kNil;
    for (int a = 0; a < actions.size(); ++a) {
      if (actions[a] != previous && actions[a] != opposite) order.push_back(a);
    }
    for (int a = 0; a < actions.size(); ++a) {
      if (actions[a] == previous) order.push_back(a);
    }
    for (int a = 0; a < actions.size(); ++a) {
      if (actions[a] == opposite && opposite != Action::kNil) order.push_back(a);
    }
    return order;
  }

  AtomSpace space_;
  std::map<int32_t, std::vector<uint32_t>> sets_;
};

// Random descents through a growing tree, each node tested the first time it is reached, by
// the module and by the reference: their marks must agree. `arena_ids` small enough makes
// the module keep fewer sets, so the reference is told which sets were kept.
void ExpectSameMarksAsTheReference(const std::string& game_name, int level, int descents, int depth,
                                   uint64_t seed, int max_cached_difference) {
  std::string error;
  auto game = LoadSearchGame(game_name, level, &error);
  ASSERT_TRUE(game) << error;
  const State root_state(game->def, game->level, 7);
  const ActionList actions = ActionList::Of(root_state, false);
  Tree tree(20000);
  tree.Reset(actions.size());
  NoveltyPruning nbp(NoveltyPruning::kDefaultArenaIds, max_cached_difference);
  nbp.Prefault(tree.max_nodes(), root_state);
  ReferenceTests reference(root_state);
  AgentRandom rng(seed);
  int compared = 0;
  int marked = 0;
  for (int d = 0; d < descents; ++d) {
    int32_t node = Tree::root();
    State state = root_state;
    for (int step = 0; step < depth && !state.ended(); ++step) {
      std::vector<State> next;
      for (int a = 0; a < actions.size(); ++a) {
        if (tree.child(node, a) == kNoNode) tree.AddChild(node, a);
        next.push_back(state);
        Advance(next.back(), actions[a], StepMode::kForwardModel);
      }
      if (!nbp.Tested(node)) {
        std::vector<const State*> pointers;
        for (const State& s : next) pointers.push_back(&s);
        nbp.TestChildren(tree, node, actions, state, pointers.data());
        const std::vector<bool> marks = reference.Test(tree, node, actions, state, next);
        for (int a = 0; a < actions.size(); ++a) {
          // The children are fresh: their marks are the test's alone.
          EXPECT_EQ(nbp.NotNovel(tree.child(node, a)), marks[static_cast<size_t>(a)])
              << "descent " << d << " step " << step << " action " << a;
          marked += marks[static_cast<size_t>(a)] ? 1 : 0;
          ++compared;
        }
      }
      const int a = rng.NextInt(actions.size());
      node = tree.child(node, a);
      state = next[static_cast<size_t>(a)];
    }
  }
  EXPECT_GT(marked, 0);
  EXPECT_LT(marked, compared);
}

TEST(NoveltyPruning, MarksAsAPlainAlgorithm41DoesInAMaze) {
  ExpectSameMarksAsTheReference("nbp_corridors", 0, 300, 12, 1,
                                NoveltyPruning::kDefaultMaxCachedDifference);
  ExpectSameMarksAsTheReference("nbp_corridors", 0, 300, 12, 1, 0);
}

TEST(NoveltyPruning, MarksAsAPlainAlgorithm41DoesWithBoxesAndSparks) {
  ExpectSameMarksAsTheReference("nbp_boxes", 0, 400, 10, 4,
                                NoveltyPruning::kDefaultMaxCachedDifference);
  ExpectSameMarksAsTheReference("nbp_boxes", 0, 400, 10, 4, 0);
}

TEST(NoveltyPruning, MarksAsAPlainAlgorithm41DoesInAnOpenRoom) {
  // Children often go back to a cell of an old ancestor's set that the nearer sets lack,
  // while their parent's cell is not in that set either: with no cached differences these
  // checks walk the parent's atoms.
  ExpectSameMarksAsTheReference("nbp_room", 1, 400, 10, 3,
                                NoveltyPruning::kDefaultMaxCachedDifference);
  ExpectSameMarksAsTheReference("nbp_room", 1, 400, 10, 3, 0);
}

TEST(NoveltyPruning, MarksAsAPlainAlgorithm41DoesWithDozensOfSpritesMovingEachTick) {
  ExpectSameMarksAsTheReference("nbp_swarm", 0, 150, 8, 2,
                                NoveltyPruning::kDefaultMaxCachedDifference);
  ExpectSameMarksAsTheReference("nbp_swarm", 0, 150, 8, 2, 0);
  ExpectSameMarksAsTheReference("nbp_swarm", 0, 150, 8, 2, 3);
}

TEST(NoveltyPruning, ANodeWhoseChildrenAreAllNotNovelIsNotNovelAndSoOnUpTheTree) {
  Search search(4);  // a pocket open only downwards, one cell deep
  const int32_t root = Tree::root();
  const std::vector<State> first = search.Test(root, *search.root_state);
  const int32_t down = search.Child(root, Action::kDown);
  EXPECT_FALSE(search.nbp.NotNovel(down));
  EXPECT_FALSE(search.nbp.NotNovel(root));
  // Below: three moves into walls and one back up to the root's state.
  search.Test(down, first[static_cast<size_t>(search.Index(Action::kDown))]);
  for (int a = 0; a < search.actions.size(); ++a) {
    EXPECT_TRUE(search.nbp.NotNovel(search.tree.child(down, a))) << a;
  }
  EXPECT_TRUE(search.nbp.NotNovel(down));
  EXPECT_TRUE(search.nbp.NotNovel(root));  // all its children are not novel now

  // After a tree reuse in a nondeterministic game the first ply is tested again; "down" passes
  // its own test but keeps its children's marks, so it is not novel again.
  search.nbp.ResetFirstPly(search.tree);
  EXPECT_FALSE(search.nbp.NotNovel(down));
  EXPECT_FALSE(search.nbp.NotNovel(root));
  search.Test(root, *search.root_state);
  EXPECT_TRUE(search.nbp.NotNovel(down));
  EXPECT_TRUE(search.nbp.NotNovel(root));
}

// The path of the deeper tests in level 1 (the avatar in the middle of a room, at (3, 3)):
// root -> right (4, 3) -> down (4, 4) -> left (3, 4), where the last state repeats the root's
// down child (3, 4), a sibling of the grandparent "right".
struct RoomPath {
  explicit RoomPath(Search& search) {
    const int32_t root = Tree::root();
    const std::vector<State> at_root = search.Test(root, *search.root_state);
    right = search.Child(root, Action::kRight);
    const std::vector<State> at_right =
        search.Test(right, at_root[static_cast<size_t>(search.Index(Action::kRight))]);
    down = search.Child(right, Action::kDown);
    const std::vector<State> at_down =
        search.Test(down, at_right[static_cast<size_t>(search.Index(Action::kDown))]);
    left = search.Child(down, Action::kLeft);
    left_state.emplace(at_down[static_cast<size_t>(search.Index(Action::kLeft))]);
  }
  int32_t right = kNoNode;
  int32_t down = kNoNode;
  int32_t left = kNoNode;
  std::optional<State> left_state;
};

TEST(NoveltyPruning, ADeeperStateIsComparedWithTheSetsItsAncestorsCached) {
  Search search(1);
  const RoomPath path(search);
  // Neither the left state's siblings, nor its parent, nor the parent's siblings (the set kept
  // at "right") have the avatar at (3, 4); the root's set (the grandparent's siblings) has.
  EXPECT_TRUE(search.nbp.NotNovel(path.left));
  // Its siblings right (5, 4) and down (4, 5) are new cells.
  EXPECT_FALSE(search.nbp.NotNovel(search.Child(path.down, Action::kRight)));
  EXPECT_FALSE(search.nbp.NotNovel(search.Child(path.down, Action::kDown)));
  // Up goes back to (4, 3), the parent's parent: in the set kept at "right".
  EXPECT_TRUE(search.nbp.NotNovel(search.Child(path.down, Action::kUp)));
  // One level further down, from (3, 4): right goes back to (4, 4), found in the set kept at
  // "down" (its parent's siblings and parent).
  search.Test(path.left, *path.left_state);
  EXPECT_TRUE(search.nbp.NotNovel(search.Child(path.left, Action::kRight)));
  EXPECT_FALSE(search.nbp.NotNovel(search.Child(path.left, Action::kDown)));
}

TEST(NoveltyPruning, WithTheArenaFullNodesAreStillTestedButTheirSetsAreNotKept) {
  // Measure the room's sets, then give the arena room for the root's alone.
  Search measure(1);
  measure.Test(Tree::root(), *measure.root_state);
  const int64_t one_set = measure.nbp.arena_used();
  ASSERT_GT(one_set, 0);

  Search search(1, one_set);
  const RoomPath path(search);
  EXPECT_EQ(search.nbp.arena_used(), one_set);
  EXPECT_EQ(search.nbp.stats().unkept_sets, 2);  // "right" and "down"
  // "right"'s children were still marked: its left child is the root's state.
  EXPECT_TRUE(search.nbp.NotNovel(search.Child(path.right, Action::kLeft)));
  // The left state is still found in the root's set, past the missing one of "right".
  EXPECT_TRUE(search.nbp.NotNovel(path.left));
  // From the left state, right goes back to "down", whose set (and that of "right", which
  // also holds it) was not kept: novel now (ADeeperState... marks it).
  search.Test(path.left, *path.left_state);
  EXPECT_FALSE(search.nbp.NotNovel(search.Child(path.left, Action::kRight)));
}

// The tree of `search` reused at `new_root` as tree reuse compacts it: the kept nodes in
// increasing index order, each moved to its rank.
Tree Reuse(Search& search, int32_t new_root) {
  const Tree& old = search.tree;
  Tree kept(old.max_nodes());
  kept.Reset(old.num_actions());
  std::vector<int32_t> index(static_cast<size_t>(old.size()), kNoNode);
  index[static_cast<size_t>(new_root)] = Tree::root();
  search.nbp.Move(new_root, Tree::root());
  for (int32_t n = new_root + 1; n < old.size(); ++n) {
    const int32_t parent = index[static_cast<size_t>(old.node(n).parent)];
    if (parent == kNoNode) continue;
    const int32_t moved = kept.AddChild(parent, old.node(n).action);
    index[static_cast<size_t>(n)] = moved;
    search.nbp.Move(n, moved);
  }
  search.nbp.FinishMoves(kept);
  return kept;
}

TEST(NoveltyPruning, MoveAndFinishMovesKeepMarksAndSetsThroughATreeReuse) {
  Search search(1);
  const RoomPath path(search);
  const int64_t used = search.nbp.arena_used();
  const int left_index = search.Index(Action::kLeft);
  const int down_index = search.Index(Action::kDown);
  ASSERT_TRUE(search.nbp.NotNovel(path.left));
  ASSERT_TRUE(search.nbp.NotNovel(search.Child(path.right, Action::kLeft)));

  // Play "right": its subtree moves to the front, the root and its other children go.
  search.tree = Reuse(search, path.right);
  Tree& tree = search.tree;
  const int32_t root = Tree::root();
  const int32_t down = tree.child(root, down_index);
  const int32_t left = tree.child(down, left_index);
  ASSERT_LT(left, path.left);  // the indices did change
  EXPECT_TRUE(search.nbp.Tested(root));
  EXPECT_TRUE(search.nbp.Tested(down));
  EXPECT_FALSE(search.nbp.Tested(left));
  EXPECT_TRUE(search.nbp.NotNovel(left));
  EXPECT_TRUE(search.nbp.NotNovel(tree.child(root, left_index)));
  EXPECT_FALSE(search.nbp.NotNovel(tree.child(down, search.Index(Action::kRight))));
  // The old root's set is gone from the arena; those of "right" and "down" stay.
  EXPECT_LT(search.nbp.arena_used(), used);
  EXPECT_GT(search.nbp.arena_used(), 0);

  // A test below still finds the kept sets at their new places: from (3, 4), up is (3, 3),
  // which only the set of the new root ("right"'s children) holds now.
  search.Test(left, *path.left_state);
  EXPECT_TRUE(search.nbp.NotNovel(tree.child(left, search.Index(Action::kUp))));
  EXPECT_FALSE(search.nbp.NotNovel(tree.child(left, down_index)));
}

TEST(NoveltyPruning, ResetFirstPlyRetestsTheNewRootsChildrenAndKeepsDeeperMarks) {
  Search search(1);
  const RoomPath path(search);
  const int left_index = search.Index(Action::kLeft);
  const int down_index = search.Index(Action::kDown);
  std::optional<State> right_state(*search.root_state);
  Advance(*right_state, Action::kRight, StepMode::kForwardModel);
  search.tree = Reuse(search, path.right);
  Tree& tree = search.tree;
  const int32_t root = Tree::root();
  const int32_t left = tree.child(tree.child(root, down_index), left_index);

  search.nbp.ResetFirstPly(tree);
  EXPECT_FALSE(search.nbp.Tested(root));
  EXPECT_FALSE(search.nbp.NotNovel(tree.child(root, left_index)));  // the first ply's mark
  EXPECT_TRUE(search.nbp.NotNovel(left));                           // a deeper one
  // Retested from the new root's state, with no ancestors left: (3, 3) is a new cell now.
  search.Test(root, *right_state);
  EXPECT_TRUE(search.nbp.Tested(root));
  EXPECT_FALSE(search.nbp.NotNovel(tree.child(root, left_index)));
}

TEST(NoveltyPruning, TheFinalMovePrefersNovelChildrenUnlessTheyLookBad) {
  Search search(0);
  search.Test(Tree::root(), *search.root_state);
  const int left = search.Index(Action::kLeft);    // not novel
  const int right = search.Index(Action::kRight);  // novel
  const int down = search.Index(Action::kDown);    // novel
  const int up = search.Index(Action::kUp);        // not novel
  // Child a with `visits` visits of mean `mean`.
  const auto set = [&](int a, double visits, double mean) {
    Node& n = search.tree.node(search.tree.child(Tree::root(), a));
    n.visits = visits;
    n.total = visits * mean;
  };
  ValueBounds unit;  // means normalise to themselves
  unit.Add(0.0);
  unit.Add(1.0);
  AgentRandom rng(5);
  const auto final_move = [&](const ValueBounds& bounds) {
    return search.nbp.FinalMove(search.tree, bounds, rng);
  };
  set(left, 5.0, 0.9);
  set(right, 5.0, 0.6);
  set(down, 5.0, 0.55);
  set(up, 0.0, 0.0);
  EXPECT_EQ(final_move(unit), right);  // the best novel child
  set(right, 5.0, 0.4);
  set(down, 5.0, 0.3);
  EXPECT_EQ(final_move(unit), left);  // novel ones look bad
  set(left, 1.0, 0.9);
  EXPECT_EQ(final_move(unit), right);  // one visit is too few
  set(left, 5.0, 0.35);
  EXPECT_EQ(final_move(unit), right);  // not better than it
  set(left, 5.0, 0.4);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(final_move(unit), right);  // nor equal
  // All values alike (no reward seen yet): novel children, whatever the noise.
  set(left, 5.0, 0.0);
  set(right, 5.0, 0.0);
  set(down, 5.0, 0.0);
  ValueBounds flat;
  flat.Add(0.0);
  for (int i = 0; i < 20; ++i) {
    const int a = final_move(flat);
    EXPECT_TRUE(a == right || a == down) << a;
  }
  set(right, 0.0, 0.0);
  set(down, 0.0, 0.0);
  set(left, 1.0, 0.2);
  EXPECT_EQ(final_move(unit), left);  // nothing else was visited
  set(left, 0.0, 0.0);
  EXPECT_EQ(final_move(unit), -1);
}

TEST(NoveltyPruning, TheCorridorGameIsSolvableAndItsWallMovesArePruned) {
  // The game for the search's end-to-end test of NBP.
  std::string error;
  auto game = LoadSearchGame("nbp_corridors", 0, &error);
  ASSERT_TRUE(game) << error;
  EXPECT_EQ(testing::ShortestSolution(*game, 30), 18);
  State state(game->def, game->level, 1);
  const ActionList actions = ActionList::Of(state, false);
  Tree tree(100);
  tree.Reset(actions.size());
  NoveltyPruning nbp(1 << 16);
  nbp.Prefault(tree.max_nodes(), state);
  std::vector<State> next;
  std::vector<const State*> pointers;
  for (int a = 0; a < actions.size(); ++a) {
    tree.AddChild(Tree::root(), a);
    next.push_back(state);
    Advance(next.back(), actions[a], StepMode::kForwardModel);
  }
  for (const State& s : next) pointers.push_back(&s);
  nbp.TestChildren(tree, Tree::root(), actions, state, pointers.data());
  // The start is a corner of two corridors: left and up run into walls.
  for (int a = 0; a < actions.size(); ++a) {
    const bool wall = actions[a] == Action::kLeft || actions[a] == Action::kUp;
    EXPECT_EQ(nbp.NotNovel(tree.child(Tree::root(), a)), wall) << a;
  }
}

// The search with the enhancement, end to end: in a maze of one-cell corridors most moves run
// into a wall and change nothing. Plain MCTS, unable to tell them from the others within its
// horizon, plays them about half the time; with novelty-based pruning they are pruned and
// almost never played.
TEST(NoveltyPruning, TheSearchNoLongerPlaysMovesIntoWalls) {
  const testing::LoadedGame game = testing::MustLoadSearchGame("nbp_corridors");
  if (!game.def) return;
  auto wall_share = [&](bool nbp) {
    int moves = 0;
    int into_walls = 0;
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      MctsOptions o = MctsOptions::Soemers();
      o.init_search = false;
      o.novelty_pruning = nbp;
      MctsAgent agent("mcts", o, seed);
      State state(game.def, game.level, 1);
      Budget init = Budget::ForwardModelCalls(0);
      agent.Init(state.Fork(), init);
      for (int tick = 0; tick < 60 && !state.ended(); ++tick) {
        Budget budget = Budget::ForwardModelCalls(300);
        const Action a = agent.Act(state.Fork(), budget);
        const Vec2 before = AvatarPosition(state);
        Advance(state, a, StepMode::kRealGame);
        ++moves;
        if (!state.ended() && AvatarPosition(state) == before) ++into_walls;
      }
    }
    return static_cast<double>(into_walls) / moves;
  };
  EXPECT_GT(wall_share(false), 0.3);
  EXPECT_LT(wall_share(true), 0.05);
}

}  // namespace
}  // namespace vgdl
