#!/usr/bin/env python3
"""Test of scripts/javabench-results on hand-written javabench output (tests/data/javabench).

usage: tests/scripts/javabench_results_test.py [VGDL_BINARY]

Converts tests/data/javabench/sample.txt (with its .meta and .logs/) and checks every line; with
VGDL_BINARY (ctest passes the built `vgdl`), also that `vgdl report` reads the output alone and
beside a results file of this project's own 40 ms evaluation (seed 36, aliens only).
"""
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests/data/javabench/sample.txt"

# (agent, level) -> the keys expected in its line (the duplicate YOLOBOT level 0: the last one).
EXPECTED = {
    ("java:YOLOBOT", 0): dict(win=True, score=79.0, ticks=381, disqualified=False,
                              disqualified_for=None, overspent=0, error=None, wall_s=24.1),
    ("java:YOLOBOT", 1): dict(win=False, score=12.0, ticks=2000, disqualified=False,
                              overspent=2, max_act_ms=43.0, wall_s=88.0),
    ("java:YOLOBOT", 2): dict(win=False, score=-1000.0, ticks=57, disqualified=True,
                              disqualified_for="act", overspent=1, max_act_ms=61.0),
    ("java:YOLOBOT", 3): dict(win=False, score=0.0, ticks=0, disqualified=True,
                              disqualified_for="init", overspent=0),
    ("java:YOLOBOT", 4): dict(score=-1000.0, disqualified=True, disqualified_for="teardown"),
    ("java:MaastCTS2", 0): dict(win=False, score=-1000.0, ticks=5, disqualified=False,
                                error="java.lang.NullPointerException"),
    # No log: META gives the overspent count, and no time.
    ("java:YBCriber", 0): dict(win=True, score=77.0, ticks=511, overspent=1, wall_s=38.1),
}


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def main(argv):
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "java.jsonl"
        p = subprocess.run([sys.executable, str(ROOT / "scripts/javabench-results"), "-o", str(out),
                            str(SAMPLE)], capture_output=True, text=True)
        if p.returncode != 0:
            fail("javabench-results exited %d: %s" % (p.returncode, p.stderr))
        for warning in ["YOLOBOT.Agent aliens 0 36 played again",
                        "no RESULT for YBCriber.Agent aliens 1 36 (rc=137 killed=1)"]:
            if warning not in p.stderr:
                fail("no warning '%s' in: %s" % (warning, p.stderr))
        lines = [json.loads(s) for s in out.read_text().splitlines()]
        got = {(r["agent"], r["level"]): r for r in lines}
        if len(lines) != len(EXPECTED) or set(got) != set(EXPECTED):
            fail("episodes %s, expected %s" % (sorted(got), sorted(EXPECTED)))
        for key, want in EXPECTED.items():
            r = got[key]
            common = dict(game="aliens", rep=0, seed=36, budget="40ms")
            for k, v in {**common, **want}.items():
                if r.get(k, "(absent)") != v:
                    fail("%s: %s is %r, expected %r" % (key, k, r.get(k, "(absent)"), v))
            if "run_seed" in r or ("max_act_ms" in r and "max_act_ms" not in want):
                fail("%s: a key it should not have: %s" % (key, r))
        print("javabench-results: %d lines as expected" % len(lines))

        if argv and argv[0]:
            vgdl = argv[0]
            ours = ROOT / "docs/results/hybrid-40ms/hybrid.jsonl"
            for files in ([str(out)], [str(out), str(ours), "--game", "aliens"]):
                p = subprocess.run([vgdl, "report"] + files, capture_output=True, text=True)
                if p.returncode != 0:
                    fail("vgdl report %s exited %d: %s" % (" ".join(files), p.returncode, p.stderr))
                for name in ["java:YOLOBOT", "java:MaastCTS2", "java:YBCriber"] + \
                        (["hybrid"] if len(files) > 1 else []):
                    if name not in p.stdout:
                        fail("vgdl report %s: no %s in:\n%s" % (" ".join(files), name, p.stdout))
            print("vgdl report reads them, alone and beside " + str(ours.relative_to(ROOT)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
