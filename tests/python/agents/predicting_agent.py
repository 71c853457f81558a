"""A Python agent that checks the forward model it is handed against the real game: in a
deterministic game, the state it predicts for its action must be the next state the runner
hands it. The host copies states made by `vgdl`'s engine into the module's own copy of the
engine; this agent fails (raises) if anything is lost on the way."""
import random


class PredictingAgent:
    """Random actions, each one's outcome predicted and checked the next tick."""

    options = {"sims": (10, "random 8-tick simulations per act, to exercise the forward model")}

    def __init__(self, seed=0, sims=10):
        self.rng = random.Random(seed)
        self.sims = sims
        self.predicted = None

    def act(self, state, budget):
        if self.predicted is not None and not self.predicted.same_position(state):
            raise AssertionError(f"tick {state.tick}: the real game differs from the "
                                 f"forward model's prediction")
        actions = state.available_actions()
        for _ in range(self.sims):
            simulation = state.copy()
            for _ in range(8):
                simulation.advance(self.rng.choice(actions))
        action = self.rng.choice(actions)
        self.predicted = state.copy()
        self.predicted.advance(action, real_game=True)
        return action
