"""A Python agent for the tests and docs/python.md: breadth-first search over the forward
model, to the nearest tick that gains score or wins."""
import random

import vgdl


class BreadthFirstAgent:
    """Breadth-first search to the nearest score gain or win."""

    options = {"depth": (12, "the longest plan searched, in ticks", (1, 100))}

    def __init__(self, seed=0, depth=12):
        self.depth = depth
        self.rng = random.Random(seed)

    def act(self, state, budget):
        self.iterations = 0  # states expanded: the runner reports it as sims/act
        actions = state.available_actions()
        frontier = [(state, None)]
        seen = {state.avatar_cell}
        for _ in range(self.depth):
            deeper = []
            for parent, first in frontier:
                self.iterations += 1
                for action in actions:
                    if not budget.has_room():
                        return first if first is not None else self.rng.choice(actions)
                    budget.count_call()
                    child = parent.copy()
                    child.advance(action)
                    plan = action if first is None else first
                    if child.winner == vgdl.Winner.WINS or child.score > state.score:
                        return plan
                    if child.game_over or child.avatar_cell in seen:
                        continue
                    seen.add(child.avatar_cell)
                    deeper.append((child, plan))
            frontier = deeper
        return self.rng.choice(actions)
