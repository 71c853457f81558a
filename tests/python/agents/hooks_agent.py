"""A Python agent that writes down each call the runner makes, for the tests: init, every
act, result, with the tick and what the budget said."""
import vgdl


class HooksAgent:
    """Writes its calls to the file named by its option `log`."""

    options = {"log": ("calls.txt", "the file to write the calls to"),
               "fast": (False, "answer without reading the budget"),
               "scale": (1.5, "a float option, written back", (0.0, 10.0))}

    def __init__(self, seed=0, log="calls.txt", fast=False, scale=1.5):
        self.out = open(log, "a", encoding="utf-8")
        self.out.write(f"new seed={seed} fast={fast} scale={scale}\n")
        self.out.write(f"package {vgdl.__file__}\n")
        self.fast = fast

    def init(self, state, budget):
        self.out.write(f"init tick={state.tick} room={budget.has_room()}\n")

    def act(self, state, budget):
        if not self.fast:
            self.out.write(f"act tick={state.tick} remaining={budget.remaining() > 0}\n")
        return vgdl.Action.RIGHT

    def result(self, state):
        self.out.write(f"result tick={state.tick} winner={state.winner.name}\n")
        self.out.close()
