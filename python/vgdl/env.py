"""vgdl.Env: one game level as a Gymnasium-style environment.

The episode is the competition's real game (an action the avatar lacks plays as NIL) with
GVGAI's 2000-tick limit; the reward is the score gained by each tick. Stepping, seeds and
observations are the C++ core's (python/env_core.h), shared with vgdl.VectorEnv.
"""
import numpy as np

from . import _vgdl
from .spaces import Box, Discrete


def _game(game, games_dir):
    return game if isinstance(game, _vgdl.Game) else _vgdl.load_game(game, games_dir)


def step_info(state, tick_before):
    """What step and reset put in `info`: the state's facts that the observation leaves out."""
    return {
        "tick": state.tick,
        "score": state.score,
        "winner": state.winner.name,
        "avatar_cell": state.avatar_cell,
        "resources": state.resources,
        "events": state.events(since_tick=tick_before),
    }


class Env:
    """A level of a game, played episode after episode.

    game: a vgdl.Game, or a name or file as `vgdl run --game` takes it (games_dir as there).
    observation: "grid", uint8 (types, height, width) counts of each type's visible sprites
    per cell (State.type_counts); or "rgb", the frame (height, width, 3) State.frame draws.
    max_ticks: the episode is truncated after this many ticks (1 to 2000); None (or 0): only by
    GVGAI's limit, which ends the game after its tick 2000, the 2001st played (truncated
    unless won).
    render_mode: "rgb_array" (render() returns the frame) or None.
    """

    metadata = {"render_modes": ["rgb_array"], "render_fps": 10}

    def __init__(self, game, level=0, *, observation="grid", max_ticks=None,
                 render_mode=None, games_dir=""):
        if render_mode not in (None, "rgb_array"):
            raise ValueError(f"render_mode is 'rgb_array' or None, not {render_mode!r}")
        self.game = _game(game, games_dir)
        self.render_mode = render_mode
        self._core = _vgdl.EnvCore(self.game, level, max_ticks or 0, observation)
        self.actions = list(self._core.actions)
        self.action_space = Discrete(len(self.actions))
        self.observation_space = Box(0, 255, tuple(self._core.observation_shape), np.uint8)

    @property
    def state(self):
        """A copy of the running episode's state."""
        return self._core.state

    @property
    def unwrapped(self):
        return self

    def reset(self, *, seed=None, options=None):
        """A new episode; without a seed, the seed after the last one (0 at first)."""
        del options  # accepted for Gymnasium's signature; there are none
        observation = self._core.reset(seed)
        return observation, step_info(self._core.state, 0)

    def step(self, action):
        tick = self._core.state.tick
        observation, reward, terminated, truncated = self._core.step(int(action))
        return observation, reward, terminated, truncated, step_info(self._core.state, tick)

    def render(self):
        if self.render_mode == "rgb_array":
            return self._core.state.frame()
        return None

    def close(self):
        pass

    def __repr__(self):
        return f"<vgdl.Env {self.game.name}>"


def make(game, level=0, **kwargs):
    """Env(game, level, **kwargs), named as gymnasium.make is."""
    return Env(game, level, **kwargs)
