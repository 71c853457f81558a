"""What the evaluation table scripts share (scripts/soemers-tables, scripts/frydenberg-tables,
scripts/rhea-tables, scripts/hybrid-tables): reading folders of `vgdl run --out` files (one agent
a file, all of one --seed), and the markdown tables. Wilson intervals and McNemar's exact test on paired episodes
are scripts/vgdl_stats.py's, the same as `vgdl report`'s (scripts/vgdl_stats.py --check)."""
import json
import pathlib

from vgdl_stats import mcnemar, paired, wilson


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


def fill_from(agents, folders, levels=None, games=None, names=None):
    """Adds to each agent of `agents` (or only those in `names`) the episodes that the files of the
    same agent in `folders` hold and it lacks, the first folder first. An episode is its game,
    level and repetition; one of another run (another run seed) is not taken. Evaluations that share
    games (the 20 of Frydenberg et al. are among Soemers' 60) so count an episode once."""
    for folder in folders:
        for agent, rows in load_folder(folder, levels, games).items():
            if agent not in agents or (names is not None and agent not in names):
                continue
            have = {(r["game"], r["level"], r["rep"]) for r in agents[agent]}
            run_seeds = {r["run_seed"] for r in agents[agent]}
            for r in rows:
                key = (r["game"], r["level"], r["rep"])
                if key in have or (run_seeds and r["run_seed"] not in run_seeds):
                    continue
                agents[agent].append(r)
                have.add(key)
    return agents


def timed(agents):
    """Whether the runs had a time budget (ms) rather than a call budget."""
    return any(r["budget"].endswith("ms") for rows in agents.values() for r in rows)


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


def print_time_discipline(agents, names):
    """Per agent of a timed run: actions, mean and longest act (thread CPU time), acts over the
    budget (played as NIL), disqualified episodes and the longest init."""
    print("| agent | episodes | actions | mean act | longest act | acts over 40 ms | disqualified "
          "| longest init |")
    print("|---|---|---|---|---|---|---|---|")
    for a in names:
        rows = agents[a]
        acts = sum(r["actions"] for r in rows)
        mean = sum(r["mean_act_ms"] * r["actions"] for r in rows) / max(acts, 1)
        over = sum(r["overspent"] for r in rows)
        over += sum(1 for r in rows if r["disqualified"] and r.get("disqualified_for") == "act")
        print(f"| `{a}` | {len(rows)} | {acts} | {mean:.2f} ms | "
              f"{max((r['max_act_ms'] for r in rows), default=0):.2f} ms | {over} | "
              f"{sum(1 for r in rows if r['disqualified'])} | "
              f"{max((r['init_ms'] for r in rows), default=0):.1f} ms |")


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
