"""vgdl.VectorEnv: many copies of one level stepped together by C++ threads, without the GIL.

Each step plays one tick in every environment and returns stacked arrays. An episode that
ends is reset in the same step with its environment's next seed (Gymnasium's same-step
autoreset): its observation is then the new episode's first, and info holds the finished
episode's last observation ("final_observation", where "_final_observation" is True) and its
score ("final_score", NaN elsewhere). Environment i of reset(seed=s) plays exactly as
vgdl.Env with reset(seed=s + i) and the same actions.
"""
import numpy as np

from . import _vgdl
from .env import _game
from .spaces import Box, Discrete, MultiDiscrete


class VectorEnv:
    def __init__(self, game, num_envs, level=0, *, observation="grid",
                 max_ticks=None, threads=0, games_dir=""):
        self.game = _game(game, games_dir)
        self.num_envs = int(num_envs)
        self._core = _vgdl.VectorEnvCore(self.game, self.num_envs, level, max_ticks or 0,
                                         observation, threads)
        self.actions = list(self._core.actions)
        shape = tuple(self._core.observation_shape)
        self.single_action_space = Discrete(len(self.actions))
        self.single_observation_space = Box(0, 255, shape, np.uint8)
        self.action_space = MultiDiscrete([len(self.actions)] * self.num_envs)
        self.observation_space = Box(0, 255, (self.num_envs,) + shape, np.uint8)

    @property
    def threads(self):
        """The threads that step the environments, the caller's included."""
        return self._core.threads

    def state(self, index):
        """A copy of environment `index`'s state."""
        return self._core.state(index)

    def reset(self, *, seed=None, options=None):
        del options
        return self._core.reset(seed), {}

    def step(self, actions):
        obs, rewards, terminated, truncated, final_obs, final_scores = self._core.step(
            np.asarray(actions, dtype=np.int64))
        done = terminated | truncated
        info = {"final_observation": final_obs, "_final_observation": done,
                "final_score": final_scores}
        return obs, rewards, terminated, truncated, info

    def close(self):
        pass
