"""Python agents that break the rules, for the tests: one that thinks too long, one that
raises, one that answers something that is not an action."""
import time

import vgdl


class SlowAgent:
    """Spends `ms` of the thread's CPU time on the act of tick `tick`."""

    options = {"ms": (100, "CPU milliseconds spent"), "tick": (2, "the slow act's tick")}

    def __init__(self, seed=0, ms=100, tick=2):
        self.ms = ms
        self.tick = tick

    def act(self, state, budget):
        if state.tick == self.tick:
            end = time.thread_time() + self.ms / 1000
            while time.thread_time() < end:
                pass
        return vgdl.Action.NIL


class RaisingAgent:
    """Raises at the act of tick 3."""

    def __init__(self, seed=0):
        pass

    def act(self, state, budget):
        if state.tick == 3:
            raise ValueError("the agent gave up at tick 3")
        return vgdl.Action.NIL


class KeepsBudgetAgent:
    """Keeps the budget of its first act and asks it in the next one."""

    def __init__(self, seed=0):
        self.kept = None

    def act(self, state, budget):
        if self.kept is not None:
            self.kept.has_room()  # raises: that act has returned
        self.kept = budget
        return 0


class NotAnActionAgent:
    """Answers a string."""

    def __init__(self, seed=0):
        pass

    def act(self, state, budget):
        return "left"
