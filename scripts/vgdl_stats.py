#!/usr/bin/env python3
"""The statistics of the evaluation scripts, the same as `vgdl report`'s: the 95% Wilson interval
of a win rate (runner/summary.cc, WilsonInterval) and McNemar's exact test on paired episodes
(runner/paired.cc, McNemarExactPValue and ComparePaired). scripts/eval_tables.py and the table
scripts use these; nothing else in scripts/ computes them.

usage: scripts/vgdl_stats.py --check [VGDL_BINARY [RESULTS_DIR]...]
       (default results: docs/results/rhea-1000, frydenberg-1000 and soemers-ablation)

--check tests the functions on values worked out by hand; with VGDL_BINARY it also runs
`vgdl report --html` on each RESULTS_DIR's files and compares, for every agent over all games
(the page's win-rate chart, full precision), every game and agent (the text table, 0.1 %) and
every pair of agents (the page's McNemar table: the paired counts and the p-value as printed),
the report's numbers with these. It prints what it compared and exits 1 on the first difference.
"""
import html
import itertools
import json
import math
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile

# The 97.5th percentile of the standard normal, as runner/summary.cc has it (not 1.96: the two
# give intervals some 1e-6 apart).
Z95 = 1.959963984540054


def wilson(wins, n, z=Z95):
    """The Wilson score interval (low, high) of `wins` out of `n`; (0, 1) when n is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def mcnemar(a_only, b_only):
    """McNemar's exact test: 2 P(X <= min) for X ~ Bin(a_only + b_only, 1/2), at most 1."""
    n = a_only + b_only
    if n == 0:
        return 1.0
    k = min(a_only, b_only)
    # In integers, divided once: 2.0**n overflows a double beyond n = 1023.
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2.0 * tail)


def episode(r):
    """What makes two results a pair: the same game, level, repetition and seed."""
    return (r["game"], r["level"], r["rep"], r["seed"])


def paired(rows_a, rows_b):
    """(pairs, a won alone, b won alone) over the episodes both played (same seed)."""
    b = {episode(r): r["win"] for r in rows_b}
    pairs = [(r["win"], b[episode(r)]) for r in rows_a if episode(r) in b]
    a_only = sum(1 for x, y in pairs if x and not y)
    return len(pairs), a_only, sum(1 for x, y in pairs if y and not x)


def p_text(p):
    """A p-value as the report's page prints it."""
    return "%.1e" % p if p < 0.001 else "%.3f" % p


# --check -------------------------------------------------------------------------------------

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_RESULTS = ["docs/results/rhea-1000", "docs/results/frydenberg-1000",
                   "docs/results/soemers-ablation"]


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check_by_hand():
    """Values worked out independently of the code above."""
    if abs(Z95 - statistics.NormalDist().inv_cdf(0.975)) > 1e-15:
        fail("Z95 = %r" % Z95)
    # With z = 1.96: 0 of n: [0, z^2 / (n + z^2)]; 5 of 10: 0.5 -+ 1.96 sqrt(0.025 + 1.96^2 / 400)
    # / 1.38416 (bc).
    lo, hi = wilson(0, 10, 1.96)
    if lo != 0.0 or abs(hi - 3.8416 / 13.8416) > 1e-12:
        fail("wilson(0, 10, 1.96) = %r" % ((lo, hi),))
    lo, hi = wilson(5, 10, 1.96)
    if abs(lo - 0.236589593617) > 1e-11 or abs(hi - 0.763410406383) > 1e-11:
        fail("wilson(5, 10, 1.96) = %r" % ((lo, hi),))
    if wilson(0, 0) != (0.0, 1.0):
        fail("wilson(0, 0) = %r" % (wilson(0, 0),))
    # Bin(10, 1/2): P(X <= 1) = 11/1024.
    for args, want in [((0, 0), 1.0), ((1, 9), 22 / 1024), ((9, 1), 22 / 1024), ((5, 5), 1.0),
                       ((0, 3), 0.25)]:
        if abs(mcnemar(*args) - want) > 1e-15:
            fail("mcnemar%r = %r, expected %r" % (args, mcnemar(*args), want))
    # Thousands of discordant pairs: symmetric is 1 (the tail holds the middle term twice).
    if mcnemar(1500, 1500) != 1.0 or not 0.0 < mcnemar(1400, 1600) < 0.001:
        fail("mcnemar over 3000 pairs: %r, %r" % (mcnemar(1500, 1500), mcnemar(1400, 1600)))
    print("vgdl_stats: wilson and mcnemar give the values worked out by hand")


def html_cells(row):
    return [re.sub(r"<[^>]*>", "", c) for c in re.findall(r"<td>(.*?)</td>", row)]


def check_report(vgdl, folder):
    files = sorted(str(f) for f in (ROOT / folder).glob("*.jsonl"))
    if not files:
        fail("no results files in " + folder)
    rows = [json.loads(line) for f in files for line in pathlib.Path(f).read_text().splitlines()
            if line.strip()]
    by_agent = {}
    for r in rows:
        by_agent.setdefault(r["agent"], []).append(r)
    with tempfile.TemporaryDirectory() as tmp:
        page_path = pathlib.Path(tmp) / "report.html"
        p = subprocess.run([vgdl, "report", "--html", str(page_path)] + files,
                           capture_output=True, text=True)
        page = ""
        if p.returncode != 0 and "vega" in p.stderr:
            # No charting library (libjs-vega, scripts/install-deps) for the page: the text only.
            print("vgdl_stats: no page from `vgdl report --html` (%s): the text table only"
                  % p.stderr.strip().splitlines()[-1])
            p = subprocess.run([vgdl, "report"] + files, capture_output=True, text=True)
        if p.returncode != 0:
            fail("vgdl report on %s exited %d: %s" % (folder, p.returncode, p.stderr))
        if page_path.exists():
            page = page_path.read_text()
    compared = [0, 0, 0]

    # Every agent over all games: the win-rate chart holds the interval at full precision.
    charts = json.loads(re.search(r"const VGDL_CHARTS = (.*);\n", page).group(1)) if page else []
    bars = next((c["spec"]["data"][0]["values"] for c in charts if c["id"] == "win-rates"), [])
    for bar in bars:
        wins, n = map(int, re.match(r"(\d+)/(\d+) won", bar["tip"]).groups())
        lo, hi = wilson(wins, n)
        if abs(lo - bar["low"]) > 1e-12 or abs(hi - bar["high"]) > 1e-12:
            fail("%s, %s over all games: report [%r, %r], wilson [%r, %r]"
                 % (folder, bar["agent"], bar["low"], bar["high"], lo, hi))
        compared[0] += 1

    # Every game and agent: the text table, "episodes  win%  [low, high]" in percent, under the
    # names the page shows for the agents' specs.
    spec_of = {html.unescape(name): html.unescape(spec)
               for spec, name in re.findall(r'<span title="([^"]*)">([^<]*)</span>', page)}
    line = re.compile(r"^(\S+)\s+(\S+)\s+(\d+)\s+(\d+\.\d)\s+\[\s*(\d+\.\d),\s*(\d+\.\d)\]")
    for text in p.stdout.splitlines():
        m = line.match(text)
        if not m:
            continue
        game, agent, n = m.group(1), m.group(2), int(m.group(3))
        if page:
            spec = spec_of.get(agent, agent)
            cell = [r for r in rows if r["game"] == game and r["agent"] == spec]
            wins = sum(1 for r in cell if r["win"])
        else:  # without the page's names of the specs, the wins that the row's win % stands for
            cell, wins = [None] * n, round(float(m.group(4)) * n / 100)
        lo, hi = wilson(wins, n)
        ours = ("%d" % len(cell), "%.1f" % (100 * wins / max(n, 1)), "%.1f" % (100 * lo),
                "%.1f" % (100 * hi))
        if ours != (m.group(3), m.group(4), m.group(5), m.group(6)):
            fail("%s, %s on %s: report %s, here %s" % (folder, agent, game, m.groups()[2:], ours))
        compared[1] += 1

    cells_in_rows = len({(r["game"], r["agent"]) for r in rows})
    if compared[1] != cells_in_rows:
        fail("%s: %d game-agent rows in the report, %d in the files" % (folder, compared[1],
                                                                         cells_in_rows))

    # Every pair of agents: the page's table of paired comparisons (none for one agent).
    table = page[page.find("p (McNemar, exact)"):]
    table = table[:table.find("</table>")]
    reported = {}
    for row in table.split("<tr>")[1:]:
        a, b = (html.unescape(t) for t in re.findall(r'<span title="([^"]*)"', row)[:2])
        reported[(a, b)] = html_cells(row)[2:]
    for a, b in itertools.combinations(by_agent if page else [], 2):
        key = (a, b) if (a, b) in reported else (b, a)
        if key not in reported:
            fail("%s: no paired comparison of %s and %s" % (folder, a, b))
        n, a_only, b_only = paired(by_agent[key[0]], by_agent[key[1]])
        cells = reported[key]
        ours = [str(n), str(a_only), str(b_only), p_text(mcnemar(a_only, b_only))]
        if ours != [cells[0], cells[2], cells[3], cells[5]]:
            fail("%s, %s against %s: report %s, here %s" % (folder, key[0], key[1], cells, ours))
        compared[2] += 1
    if not compared[1] or (page and (not compared[0] or (len(by_agent) > 1 and not compared[2]))):
        fail("%s: nothing compared of one kind (%d totals, %d rows, %d pairs)"
             % (folder, *compared))
    print("vgdl_stats: %s: as `vgdl report` for %d agents over all games, %d game-agent rows and "
          "%d pairs" % (folder, *compared))


def main(argv):
    if not argv or argv[0] != "--check":
        print(__doc__.strip())
        return 2
    check_by_hand()
    if len(argv) > 1 and argv[1]:
        for folder in argv[2:] or DEFAULT_RESULTS:
            check_report(argv[1], folder)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
