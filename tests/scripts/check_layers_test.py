#!/usr/bin/env python3
"""Test of scripts/check-layers on small trees written here: it passes a tree whose includes run
down, and fails, naming the place, on each kind of include that runs back up and on an unknown
top-level folder.

usage: tests/scripts/check_layers_test.py
"""
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts/check-layers"

# Includes that run down or sideways: all allowed.
GOOD = {
    "vgdl/game_def.h": [],
    "engine/state.h": ["vgdl/game_def.h"],
    "agents/agent.h": ["engine/state.h"],
    "agents/common/agent_spec.h": ["agents/agent.h"],
    "agents/mcts/tree.h": [],
    "agents/mcts/mcts.h": ["agents/common/agent_spec.h", "agents/mcts/tree.h"],
    "agents/rhea/seeding.h": ["agents/mcts/mcts.h"],
    "agents/registry.cc": ["agents/mcts/mcts.h", "agents/rhea/seeding.h"],
    "runner/episode.cc": ["agents/registry.h", "engine/state.h"],
    "tools/run_command.cc": ["runner/episode.h", "agents/registry.h", "vgdl_version.h"],
    "tests/anything_test.cc": ["tools/run_command.h"],
}

# (file, include) -> what the report must name.
BAD = [
    ("vgdl/game_def.h", "engine/state.h", "vgdl includes engine"),
    ("engine/state.h", "agents/agent.h", "engine includes agents/common"),
    ("agents/common/options.h", "agents/registry.h", "agents/common includes agents/registry"),
    ("agents/mcts/mcts.h", "agents/registry.h", "an agent family includes agents/registry"),
    ("agents/common/budget.h", "agents/mcts/tree.h", "agents/common includes an agent family"),
    ("agents/mcts/tree.h", "runner/episode.h", "an agent family includes runner"),
    ("runner/plan.h", "tools/run_args.h", "runner includes tools"),
    ("engine/state.h", "gvgai/trace/trace.h", "engine includes gvgai"),
    ("tools/run_args.h", "fidelity/trace.h", "unknown top-level folder fidelity/"),
]


def write_tree(root, files):
    for path, includes in files.items():
        file = root / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text("".join(f'#include "{i}"\n' for i in includes) + "#include <vector>\n")


def run(root):
    done = subprocess.run([sys.executable, str(SCRIPT), "--root", str(root)],
                          capture_output=True, text=True)
    return done.returncode, done.stderr


def main():
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        good = pathlib.Path(tmp) / "good"
        write_tree(good, GOOD)
        code, err = run(good)
        if code != 0:
            failures.append(f"a tree whose includes run down failed:\n{err}")
        for index, (path, include, expected) in enumerate(BAD):
            tree = pathlib.Path(tmp) / f"bad{index}"
            write_tree(tree, {**GOOD, path: GOOD.get(path, []) + [include]})
            code, err = run(tree)
            if code != 1 or expected not in err or f"{path}:" not in err:
                failures.append(f"{path} including {include}: exit {code}, wanted 1 naming "
                                f"'{expected}':\n{err}")
        stray = pathlib.Path(tmp) / "stray"
        write_tree(stray, {**GOOD, "fidelity/trace.cc": ["engine/state.h"]})
        code, err = run(stray)
        if code != 1 or "fidelity/: unknown top-level folder" not in err:
            failures.append(f"an unknown folder with C++ files: exit {code}:\n{err}")
    for failure in failures:
        print("FAIL:", failure)
    print("check_layers_test:", "FAILED" if failures else "passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
