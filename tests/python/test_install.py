"""`cmake --install`: the installed package imports from the prefix, and the installed `vgdl`
runs a py: agent with the installed host and extension, not the build tree's."""
import json
import os
import subprocess
import sys

import pytest

from conftest import AGENTS, DATA


@pytest.fixture(scope="module")
def prefix(tmp_path_factory):
    build = os.environ.get("VGDL_BUILD_DIR")
    if not build:
        pytest.skip("VGDL_BUILD_DIR is not set (ctest sets it)")
    prefix = tmp_path_factory.mktemp("install") / "prefix"
    subprocess.run([os.environ.get("VGDL_CMAKE", "cmake"), "--install", build, "--prefix", str(prefix)], check=True,
                   capture_output=True, timeout=300)
    return prefix


def test_the_installed_package_imports(prefix, tmp_path):
    packages = prefix / "lib" / "python3" / "dist-packages"
    script = (f"import vgdl; print(vgdl.__file__); "
              f"print(vgdl.load_game({str(DATA / 'coins.txt')!r}).start(0).avatar_cell)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(packages)),
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [str(packages / "vgdl" / "__init__.py"), "(1, 1)"]


def test_the_installed_vgdl_runs_a_python_agent(prefix, tmp_path):
    log, out = tmp_path / "calls.txt", tmp_path / "results.jsonl"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VGDL_PYTHON_HOST")}
    done = subprocess.run([str(prefix / "bin" / "vgdl"), "run", "--agent",
                           f"py:{AGENTS / 'hooks_agent.py'}:HooksAgent:log={log}",
                           "--game", str(DATA / "maze.txt"), "--levels", "0",
                           "--budget-calls", "5", "--no-progress", "--out", str(out)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text())["error"] is None
    package = prefix / "lib" / "python3" / "dist-packages" / "vgdl" / "__init__.py"
    assert f"package {package}" in log.read_text().splitlines()
