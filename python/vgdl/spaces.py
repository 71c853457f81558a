"""Observation and action spaces: Gymnasium's own when it is installed, otherwise small
stand-ins with the same attributes and methods that code written for Gymnasium reads
(shape, dtype, n, nvec, low, high, sample, contains, seed)."""
import numpy as np

try:  # pragma: no cover - depends on what is installed
    from gymnasium.spaces import Box, Discrete, MultiDiscrete
    GYMNASIUM = True
except ImportError:
    GYMNASIUM = False

    class _Space:
        def __init__(self, shape, dtype, seed=None):
            self.shape = tuple(shape)
            self.dtype = np.dtype(dtype)
            self.np_random = np.random.default_rng(seed)

        def seed(self, seed=None):
            self.np_random = np.random.default_rng(seed)
            return [seed]

    class Discrete(_Space):
        """The integers 0 to n - 1."""

        def __init__(self, n, seed=None):
            super().__init__((), np.int64, seed)
            self.n = int(n)

        def sample(self):
            return np.int64(self.np_random.integers(self.n))

        def contains(self, x):
            return np.ndim(x) == 0 and float(x).is_integer() and 0 <= int(x) < self.n

        def __repr__(self):
            return f"Discrete({self.n})"

    class MultiDiscrete(_Space):
        """One Discrete(nvec[i]) per entry."""

        def __init__(self, nvec, seed=None):
            self.nvec = np.asarray(nvec, dtype=np.int64)
            super().__init__(self.nvec.shape, np.int64, seed)

        def sample(self):
            return self.np_random.integers(self.nvec).astype(np.int64)

        def contains(self, x):
            x = np.asarray(x)
            return x.shape == self.shape and bool(np.all((x >= 0) & (x < self.nvec)))

        def __repr__(self):
            return f"MultiDiscrete({self.nvec.tolist()})"

    class Box(_Space):
        """Arrays of `shape` with every entry between low and high."""

        def __init__(self, low, high, shape, dtype, seed=None):
            super().__init__(shape, dtype, seed)
            self.low = np.full(self.shape, low, dtype=self.dtype)
            self.high = np.full(self.shape, high, dtype=self.dtype)

        def sample(self):
            return self.np_random.integers(self.low, self.high, endpoint=True,
                                           dtype=self.dtype)

        def contains(self, x):
            x = np.asarray(x)
            return (x.shape == self.shape and x.dtype == self.dtype
                    and bool(np.all((x >= self.low) & (x <= self.high))))

        def __repr__(self):
            return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"

__all__ = ["Box", "Discrete", "MultiDiscrete", "GYMNASIUM"]
