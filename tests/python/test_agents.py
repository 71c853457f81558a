"""Agents from Python: the built-in ones called through the module, a Python agent played by
the module and by `vgdl run --agent py:...` under the competition's rules, and what the runner
records when a Python agent overruns its time or raises."""
import json
import subprocess

import pytest

import vgdl
from breadth_first_agent import BreadthFirstAgent
from conftest import AGENTS

BFS = f"py:{AGENTS / 'breadth_first_agent.py'}:BreadthFirstAgent"
MISBEHAVING = AGENTS / "misbehaving_agents.py"


def actions_of(spec, game, seed, ticks=15):
    """The actions agent `spec` seeded with `seed` plays in `ticks` ticks of level 0."""
    agent = vgdl.Agent(spec, seed=seed)
    state = vgdl.load_game(game).start(0, seed=5)
    agent.init(state, vgdl.Budget.forward_model_calls(1000))
    played = []
    for _ in range(ticks):
        action = agent.act(state, vgdl.Budget.forward_model_calls(100))
        played.append(action)
        state.advance(action, real_game=True)
        if state.game_over:
            break
    return played


def test_a_built_in_agent_replays_from_its_seed(coins):
    assert actions_of("mcts", coins, seed=3) == actions_of("mcts", coins, seed=3)
    assert vgdl.Agent("rhea:p=4", seed=1).name.startswith("rhea:")
    assert any(a["name"] == "mcts" for a in vgdl.agents())


def test_a_bad_agent_spec_raises():
    with pytest.raises(ValueError, match="mtcs"):
        vgdl.Agent("mtcs")
    with pytest.raises(ValueError, match="create it directly in Python"):
        vgdl.Agent("py:agent.py:Agent")


def test_budgets():
    budget = vgdl.Budget.forward_model_calls(2)
    assert budget.counts_calls and budget.has_room()
    budget.count_call()
    budget.count_call()
    assert not budget.has_room() and budget.calls == 2 and budget.remaining() == 0
    timed = vgdl.Budget.cpu_time(40, margin_ms=5)
    assert not timed.counts_calls and 0 < timed.remaining() <= 35
    with pytest.raises(ValueError):
        vgdl.Budget.cpu_time(0)


def test_the_python_agent_wins_the_maze_through_the_module(maze):
    agent = BreadthFirstAgent(seed=1)
    state = vgdl.load_game(maze).start(0)
    while not state.game_over:
        state.advance(agent.act(state.fork(), vgdl.Budget.cpu_time(40)), real_game=True)
    assert state.winner == vgdl.Winner.WINS


def run(binary, agent, game, tmp_path, *extra):
    """`vgdl run` of one agent: its exit status and its results lines."""
    out = tmp_path / "results.jsonl"
    done = subprocess.run([binary, "run", "--agent", agent, "--game", game, "--no-progress",
                           "--out", str(out), *extra], capture_output=True, text=True,
                          timeout=120)
    lines = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    return done, lines


def test_vgdl_run_plays_the_python_agent(vgdl_binary, maze, tmp_path):
    done, lines = run(vgdl_binary, BFS + ":depth=20", maze, tmp_path, "--levels", "0",
                      "--reps", "2")
    assert done.returncode == 0, done.stderr
    assert len(lines) == 2
    for line in lines:
        assert line["agent"].endswith("breadth_first_agent.py:BreadthFirstAgent:depth=20")
        assert line["win"] and line["error"] is None and not line["disqualified"]
        assert line["mean_fm_calls"] > 0  # the agent counts its calls on the runner's budget
        assert line["mean_iterations"] > 0  # and reports its search's size


def test_python_agents_on_threads(vgdl_binary, maze, coins, tmp_path):
    # Several runner threads take turns on the one interpreter.
    done, lines = run(vgdl_binary, BFS, f"{maze},{coins}", tmp_path, "--levels", "0", "--reps",
                      "3", "-j", "2")
    assert done.returncode == 0, done.stderr
    assert len(lines) == 6 and all(line["win"] for line in lines)


def test_the_runner_calls_init_act_and_result(vgdl_binary, maze, tmp_path):
    log = tmp_path / "calls.txt"
    agent = f"py:{AGENTS / 'hooks_agent.py'}:HooksAgent:log={log},fast,scale=2"
    done, lines = run(vgdl_binary, agent, maze, tmp_path, "--levels", "0", "--seed", "1")
    assert done.returncode == 0, done.stderr
    calls = log.read_text().splitlines()
    # `vgdl run` first makes the agent once with seed 0, to refuse one that cannot be made.
    assert calls[0] == "new seed=0 fast=True scale=2.0"
    assert calls[2].startswith("new seed=") and calls[2].endswith("fast=True scale=2.0")
    assert calls[1].startswith("package ") and calls[1] == calls[3]
    assert calls[4:] == ["init tick=0 room=True", "result tick=2001 winner=LOSES"]
    agent = f"py:{AGENTS / 'hooks_agent.py'}:HooksAgent:log={log}"
    log.unlink()
    run(vgdl_binary, agent, maze, tmp_path, "--levels", "0", "--overwrite", "--budget-calls",
        "10")
    calls = log.read_text().splitlines()
    assert calls[5:7] == ["act tick=0 remaining=True", "act tick=1 remaining=True"]
    assert len(calls) == 5 + 2001 + 1  # an act for each of GVGAI's 2001 ticks


def test_the_python_agents_forward_model_predicts_the_real_game(vgdl_binary, tmp_path):
    # cratedock (games/) is deterministic: every prediction must come true, 2000 ticks long.
    agent = f"py:{AGENTS / 'predicting_agent.py'}:PredictingAgent"
    game = str(AGENTS.parent.parent.parent / "games" / "cratedock.txt")
    done, lines = run(vgdl_binary, agent, game, tmp_path, "--levels", "0", "--reps", "2")
    assert done.returncode == 0, done.stderr
    assert [(line["error"], line["ticks"]) for line in lines] == [(None, 2000)] * 2


def test_an_overrunning_python_agent_is_disqualified(vgdl_binary, coins, tmp_path):
    # 100 ms of the thread's CPU time in one act: over GVGAI's 50 ms, as for a C++ agent.
    done, lines = run(vgdl_binary, f"py:{MISBEHAVING}:SlowAgent:ms=100", coins, tmp_path)
    assert done.returncode == 0, done.stderr
    [line] = lines
    assert line["disqualified"] and line["disqualified_for"] == "act"
    assert line["score"] == -1000 and not line["win"] and line["ticks"] == 2
    assert line["max_act_ms"] >= 100


def test_a_python_agent_over_the_action_time_plays_nil(vgdl_binary, coins, tmp_path):
    done, lines = run(vgdl_binary, f"py:{MISBEHAVING}:SlowAgent:ms=45", coins, tmp_path)
    [line] = lines
    assert not line["disqualified"] and line["overspent"] == 1 and line["error"] is None


def test_a_raising_python_agent_is_recorded_and_the_run_goes_on(vgdl_binary, coins, tmp_path):
    done, lines = run(vgdl_binary, f"py:{MISBEHAVING}:RaisingAgent", coins, tmp_path,
                      "--reps", "2")
    assert done.returncode == 2  # `vgdl run`: an episode ended with an error
    assert len(lines) == 2
    for line in lines:
        assert "ValueError: the agent gave up at tick 3" in line["error"]
        assert "misbehaving_agents.py(" in line["error"]  # the traceback's frame


@pytest.mark.parametrize("name, message", [
    ("KeepsBudgetAgent", "this budget belonged to a call that has returned"),
    ("NotAnActionAgent", "an action is a vgdl.Action or an int, not str"),
])
def test_agent_mistakes_are_errors(vgdl_binary, coins, tmp_path, name, message):
    done, lines = run(vgdl_binary, f"py:{MISBEHAVING}:{name}", coins, tmp_path)
    assert done.returncode == 2
    assert message in lines[0]["error"]


def test_a_missing_class_or_file_is_refused(vgdl_binary, coins, tmp_path):
    done, _ = run(vgdl_binary, f"py:{MISBEHAVING}:Missing", coins, tmp_path)
    assert done.returncode != 0
    assert "has no class 'Missing' (classes: SlowAgent" in done.stderr
    done, _ = run(vgdl_binary, f"py:{tmp_path / 'none.py'}:Agent", coins, tmp_path)
    assert done.returncode != 0 and "no Python file" in done.stderr


def test_python_agent_options_are_checked(vgdl_binary, coins, tmp_path):
    done, _ = run(vgdl_binary, BFS + ":depth=500", coins, tmp_path)
    assert done.returncode != 0 and "depth" in done.stderr
    done = subprocess.run([vgdl_binary, "run", "--agent", BFS + ":dpeth=3", "--game", coins],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "depth" in done.stderr
