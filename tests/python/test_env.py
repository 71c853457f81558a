"""vgdl.Env and vgdl.VectorEnv: Gymnasium's interface, reproducibility from a seed, the tick
limit, and a vector environment that plays exactly as single ones."""
import numpy as np
import pytest

import vgdl


def trajectory(env, seed, actions):
    """(observation, reward, terminated, truncated, tick) of each step, the reset's first."""
    observation, _ = env.reset(seed=seed)
    steps = [(observation, 0.0, False, False, 0)]
    for action in actions:
        observation, reward, terminated, truncated, info = env.step(action)
        steps.append((observation, reward, terminated, truncated, info["tick"]))
        if terminated or truncated:
            break
    return steps


def same(a, b):
    return len(a) == len(b) and all(np.array_equal(x[0], y[0]) and x[1:] == y[1:]
                                    for x, y in zip(a, b))


def test_the_gymnasium_interface(coins):
    env = vgdl.make(coins, render_mode="rgb_array")
    assert env.action_space.n == 5 and env.actions[-1] == vgdl.Action.NIL
    assert env.observation_space.shape == (4, 6, 8)
    observation, info = env.reset(seed=1)
    assert env.observation_space.contains(observation)
    assert info["tick"] == 0 and info["avatar_cell"] == (1, 1)
    observation, reward, terminated, truncated, info = env.step(env.actions.index(
        vgdl.Action.RIGHT))
    assert env.observation_space.contains(observation)
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert info["avatar_cell"] == (2, 1)
    assert env.render().shape == (600, 800, 3)
    assert env.action_space.contains(env.action_space.sample())


def test_rewards_and_termination(maze):
    env = vgdl.Env(maze, 0)
    env.reset(seed=0)
    right, down = env.actions.index(vgdl.Action.RIGHT), env.actions.index(vgdl.Action.DOWN)
    steps = [env.step(a) for a in [right] * 4 + [down] * 4]
    assert [s[1] for s in steps] == [0.0] * 7 + [1.0]
    assert steps[-1][2] and not steps[-1][3] and steps[-1][4]["winner"] == "WINS"
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(right)
    with pytest.raises(IndexError, match="outside 0-4"):
        env.reset()
        env.step(7)


def test_truncation_at_the_tick_limit(maze):
    env = vgdl.Env(maze, 0, max_ticks=10)
    env.reset(seed=0)
    nil = env.actions.index(vgdl.Action.NIL)
    results = [env.step(nil)[2:4] for _ in range(10)]
    assert results[-1] == (False, True) and all(r == (False, False) for r in results[:-1])
    # GVGAI's own limit: the game ends after its tick 2000, the 2001st played: a truncation.
    env = vgdl.Env(maze, 0)
    env.reset(seed=0)
    for steps in range(1, vgdl.MAX_TICKS + 2):
        _, _, terminated, truncated, info = env.step(nil)
        assert (terminated, truncated) == (False, steps == vgdl.MAX_TICKS + 1)
    assert info["winner"] == "LOSES"
    with pytest.raises(ValueError, match="max_ticks must be between 1 and 2000"):
        vgdl.Env(maze, 0, max_ticks=3000)


def test_reproducible_from_a_seed(coins):
    env = vgdl.Env(coins)
    actions = np.random.default_rng(0).integers(0, 5, 300)
    first = trajectory(env, 11, actions)
    assert same(first, trajectory(env, 11, actions))
    assert not same(first, trajectory(env, 12, actions))  # the rat wanders differently


def test_rgb_observations(coins):
    env = vgdl.Env(coins, observation="rgb")
    observation, _ = env.reset(seed=0)
    assert observation.shape == env.observation_space.shape == (600, 800, 3)
    assert np.array_equal(observation, env.state.frame())


def test_vector_env_plays_as_single_envs(coins):
    count, seed, ticks = 4, 20, 400
    vector = vgdl.VectorEnv(coins, count, threads=2)
    singles = [vgdl.Env(coins) for _ in range(count)]
    rng = np.random.default_rng(1)
    observations, _ = vector.reset(seed=seed)
    for i, env in enumerate(singles):
        assert np.array_equal(observations[i], env.reset(seed=seed + i)[0])
    episodes_ended = 0
    for _ in range(ticks):
        actions = rng.integers(0, vector.single_action_space.n, count)
        observations, rewards, terminated, truncated, info = vector.step(actions)
        for i, env in enumerate(singles):
            observation, reward, term, trunc, _ = env.step(actions[i])
            assert (rewards[i], terminated[i], truncated[i]) == (reward, term, trunc)
            if term or trunc:  # same-step autoreset: the vector env is in the next episode
                episodes_ended += 1
                assert np.array_equal(info["final_observation"][i], observation)
                assert info["final_score"][i] == env.state.score
                observation, _ = env.reset()
            assert np.array_equal(observations[i], observation)
    assert episodes_ended > 0  # the autoreset was exercised
    assert vector.observation_space.shape == (count, 4, 6, 8)
    with pytest.raises(ValueError, match="expected 4 actions"):
        vector.step([0, 0])
