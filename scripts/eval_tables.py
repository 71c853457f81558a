"""What the evaluation table scripts share (scripts/soemers-tables, scripts/frydenberg-tables):
reading one folder of `vgdl run --out` files (one agent a file, all of one --seed), Wilson
intervals, McNemar's exact test on paired episodes, and the markdown tables."""
import json
import math
import pathlib


def wilson(wins, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
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
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2.0**n
    return min(1.0, 2.0 * tail)


def paired(rows_a, rows_b):
    """(pairs, a won alone, b won alone) over the episodes both played (same seed)."""
    key = lambda r: (r["game"], r["level"], r["rep"], r["seed"])
    b = {key(r): r["win"] for r in rows_b}
    pairs = [(r["win"], b[key(r)]) for r in rows_a if key(r) in b]
    return len(pairs), sum(1 for x, y in pairs if x and not y), sum(1 for x, y in pairs if y and not x)


def label(path):
    """The agent spec a file name stands for: mcts_bfti+td-td is mcts:bfti,td=td (the driver
    writes ':', ',' and '=' as '_', '+' and '-'); a preset's file is its name."""
    name, _, options = path.stem.partition("_")
    return name + (":" + options.replace("+", ",").replace("-", "=") if options else "")


def load_folder(folder, levels=None, games=None):
    """{agent label: result rows} of every *.jsonl in `folder`, cut to `levels` and `games`."""
    agents = {}
    for f in sorted(pathlib.Path(folder).glob("*.jsonl")):
        rows = [json.loads(line) for line in f.read_text().splitlines() if line.strip()]
        if levels is not None:
            rows = [r for r in rows if r["level"] in levels]
        if games is not None:
            rows = [r for r in rows if r["game"] in games]
        agents[label(f)] = rows
    return agents


def sims_per_act(rows):
    acts = sum(r["actions"] for r in rows)
    return sum(r.get("mean_iterations", 0.0) * r["actions"] for r in rows) / max(acts, 1)


def print_summary(agents, names, reference, reference_heading):
    """Per agent: episodes, wins, win % and its 95% interval, simulations per action, and the
    paper's number (`reference`: label -> (value, where))."""
    print(f"| agent | episodes | wins | win % | 95% CI | sims/act | {reference_heading} | where |")
    print("|---|---|---|---|---|---|---|---|")
    for a in names:
        rows = agents[a]
        n = len(rows)
        w = sum(1 for r in rows if r["win"])
        lo, hi = wilson(w, n)
        t, where = reference.get(a, ("", ""))
        print(f"| `{a}` | {n} | {w} | {100 * w / max(n, 1):.1f} | "
              f"[{100 * lo:.1f}, {100 * hi:.1f}] | {sims_per_act(rows):.1f} | {t} | {where} |")


def print_paired(agents, comparisons):
    """McNemar's test of each (agent, base) in `comparisons` on the episodes both played."""
    print("| agent | against | paired episodes | won only by agent | won only by the other | McNemar p |")
    print("|---|---|---|---|---|---|")
    for a, base in comparisons:
        if a not in agents or base not in agents:
            continue
        n, a_only, b_only = paired(agents[a], agents[base])
        print(f"| `{a}` | `{base}` | {n} | {a_only} | {b_only} | {mcnemar(a_only, b_only):.3g} |")


def print_per_game(agents, names, games=None, extra=None):
    """Wins per game and agent ("w/n"); `extra`: (heading, game -> text) columns after them."""
    extra = extra or []
    if games is None:
        games = sorted({r["game"] for rows in agents.values() for r in rows})
    print("| game | " + " | ".join([f"`{a}`" for a in names] + [h for h, _ in extra]) + " |")
    print("|---|" + "---|" * (len(names) + len(extra)))
    for g in games:
        cells = []
        for a in names:
            rows = [r for r in agents[a] if r["game"] == g]
            cells.append(f"{sum(1 for r in rows if r['win'])}/{len(rows)}" if rows else "")
        cells += [column.get(g, "") for _, column in extra]
        print(f"| {g} | " + " | ".join(cells) + " |")
