#!/usr/bin/env bash
# Differential check of the engine against GVGAI on random games (random_games.py): generates
# COUNT games from FIRST, records SEEDS sticky-random episodes of each with GVGAI
# (TraceRecorder, cut at CAP ticks: 1000, where `vgdl verify-traces` expects a cut), and replays them with `vgdl verify-traces`. Games that GVGAI
# itself cannot run (an exception in its parser or game loop) are counted and skipped.
#   tools/gvgai-recorder/differential.sh OUT FIRST COUNT [SEEDS [CAP [grid|cont|grid+|cont+|grid++|cont++|grid+++|cont+++][-large][-2p]]]
# Needs GVGAI compiled with the recorder on $VGDL_GVGAI_CLASSPATH (README.md beside this
# file) and a release build of the engine. VGDL_RECORDER_POLICY=mcts records episodes of
# GVGAI's sample MCTS agent instead of the sticky random policy; each of those episodes that
# does not replay is then recorded again with its actions and no search (see the end).
set -euo pipefail
out=$1 first=$2 count=$3 seeds=${4:-2} cap=${5:-1000} kind=${6:-grid}
case $kind in cont*) folder=contphysics prefix=rc ;; *) folder=gridphysics prefix=rg ;; esac
cp=${VGDL_GVGAI_CLASSPATH:?set VGDL_GVGAI_CLASSPATH to GVGAI compiled with TraceRecorder}
here=$(cd "$(dirname "$0")" && pwd)
vgdl=${VGDL:-$here/../../build/release/tools/vgdl}
mkdir -p "$out/traces" "$out/gvgai-failed" "$out/gvgai-aborted"
python3 "$here/random_games.py" "$out/games" "$first" "$count" "$kind"
record() {
  local n=$1 k=$2 g="$out/games/$folder/$prefix$1"
  local t="$out/traces/$prefix${n}_lvl0_s$k.trace.gz"
  [ -s "$t" ] && return 0
  local log="$out/gvgai-failed/$prefix${n}_s$k.log"
  if ! timeout 60 java -cp "$cp" core.game.TraceRecorder "$g.txt" "${g}_lvl0.txt" "$prefix$n" \
    "$folder" 0 "$cap" "$k" "$t" $policy >"$log" 2>&1; then
    rm -f "$t"
    return 0
  fi
  # GVGAI ends a game after 25 logger messages (spec quirk 11, which the engine does not
  # replicate), and disqualifies a player whose act took over 50 ms (a pause of the JVM on a
  # busy machine): such an episode says nothing about the engine.
  if grep -q "Finishing the game due to number of warnings\|controller disqualified" "$log"; then
    mv "$log" "$out/gvgai-aborted/"
    rm -f "$t"
    return 0
  fi
  rm -f "$log"
}
export -f record
policy=${VGDL_RECORDER_POLICY:-}
export out cp cap folder prefix policy
for n in $(seq "$first" $((first + count - 1))); do
  for k in $(seq 1 "$seeds"); do echo "$n $k"; done
done | xargs -P "$(nproc)" -n 2 bash -c 'record "$0" "$1"'
echo "recorded: $(ls "$out/traces" | wc -l) traces; GVGAI failed on $(ls "$out/gvgai-failed" | wc -l)," \
  "ended $(ls "$out/gvgai-aborted" | wc -l) early (its logger's limit, a disqualification)"
"$vgdl" verify-traces --games-dir "$out/games" "$out/traces" >"$out/verify.txt" 2>&1 || true
tail -n 3 "$out/verify.txt"
# An MCTS episode that does not replay is recorded again from GVGAI with the same actions and
# no search. When the engine replays that, the difference came from the agent's simulations
# changing GVGAI's real game through state they share with it (spec quirks 14 and 34, and the
# sprite templates: docs/fidelity.md), not from the engine.
if [ "$policy" = mcts ]; then
  mkdir -p "$out/replayed"
  for name in $(sed -n 's/^FAIL \([^ ]*\) .*/\1/p' "$out/verify.txt"); do
    game=${name%_lvl0_s*} k=${name##*_s}
    zcat "$out/traces/$name.trace.gz" | awk '$1 == "t" {print $3}' >"$out/replayed/$name.actions"
    g="$out/games/$folder/$game"
    timeout 120 java -cp "$cp" core.game.TraceRecorder "$g.txt" "${g}_lvl0.txt" "$game" "$folder" \
      0 "$cap" "$k" "$out/replayed/$name.trace.gz" "$out/replayed/$name.actions" \
      >"$out/replayed/$name.log" 2>&1 || true
    if "$vgdl" verify-traces --games-dir "$out/games" "$out/replayed/$name.trace.gz" >/dev/null 2>&1; then
      echo "$name: the same actions without the search replay (the simulations changed GVGAI's game)"
    else
      echo "$name: the same actions without the search do not replay either"
    fi
  done | tee "$out/replayed.txt"
fi
