"""Shared fixtures of the Python module's tests (ctest's python.pytest runs them with the
built package on PYTHONPATH and the built `vgdl` in VGDL_BINARY). Every game is one written
in tests/: no GVGAI file is needed."""
import os
import pathlib
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = HERE.parent.parent
DATA = SOURCE / "tests" / "data" / "agents"
AGENTS = HERE / "agents"

sys.path.insert(0, str(AGENTS))


@pytest.fixture
def coins():
    return str(DATA / "coins.txt")


@pytest.fixture
def maze():
    return str(DATA / "maze.txt")


@pytest.fixture
def vgdl_binary():
    binary = os.environ.get("VGDL_BINARY")
    if not binary:
        pytest.skip("VGDL_BINARY is not set (ctest sets it)")
    return binary
