#!/usr/bin/env bash
# Checks the engine against every game of GVGAI's own examples: records episode K of every
# level of every game in examples/gridphysics, examples/contphysics and examples/2player (the
# games with level files of their own) with TraceRecorder, seed 1000 * level + K as
# ../shared/gvgai/TRACES.md lays them out, and replays them with `vgdl verify-traces`.
#   tools/gvgai-recorder/examples.sh OUT K [CAP [POLICY]]
# CAP: ticks after which an episode is cut; the default, 3000, lets every episode run to the
# game's own end or GVGAI's 2000-tick limit. POLICY: as TraceRecorder's last argument (none:
# the sticky random policy). Needs GVGAI compiled with the recorder on $VGDL_GVGAI_CLASSPATH,
# GVGAI's examples folder in $GVGAI_EXAMPLES (README.md beside this file) and a release build.
set -euo pipefail
out=$1 k=$2 cap=${3:-3000} policy=${4:-}
cp=${VGDL_GVGAI_CLASSPATH:?set VGDL_GVGAI_CLASSPATH to GVGAI compiled with TraceRecorder}
examples=${GVGAI_EXAMPLES:?set GVGAI_EXAMPLES to the examples folder of GVGAI}
here=$(cd "$(dirname "$0")" && pwd)
vgdl=${VGDL:-$here/../../build/release/tools/vgdl}
# One folder of traces per examples folder: a two-player game may have a one-player game's name.
mkdir -p "$out/gvgai-failed" "$out/gridphysics" "$out/contphysics" "$out/2player"
record() {
  local folder=$1 game=$2 level=$3
  local t="$out/$folder/${game}_lvl${level}_s$k.trace.gz"
  [ -s "$t" ] && return 0
  local log="$out/gvgai-failed/${folder}_${game}_lvl${level}_s$k.log"
  if timeout 300 java -cp "$cp" core.game.TraceRecorder "$examples/$folder/$game.txt" \
    "$examples/$folder/${game}_lvl$level.txt" "$game" "$folder" "$level" "$cap" \
    $((1000 * level + k)) "$t" ${policy:+"$policy"} >"$log" 2>&1; then
    rm -f "$log"
  else
    rm -f "$t"
  fi
}
export -f record
export out k cap policy cp examples
for folder in gridphysics contphysics 2player; do
  for first in "$examples/$folder"/*_lvl0.txt; do
    game=$(basename "$first" _lvl0.txt)
    for level in 0 1 2 3 4; do
      [ -f "$examples/$folder/${game}_lvl$level.txt" ] && echo "$folder $game $level"
    done
  done
done | xargs -P "$(nproc)" -L 1 bash -c 'record "$0" "$1" "$2"'
echo "recorded: $(find "$out" -name '*.trace.gz' | wc -l) traces; GVGAI failed on" \
  "$(ls "$out/gvgai-failed" | wc -l)"
"$vgdl" verify-traces --games-dir "$examples" "$out/gridphysics" "$out/contphysics" \
  "$out/2player" >"$out/verify.txt" 2>&1 || true
grep '^FAIL' "$out/verify.txt" || true
tail -n 1 "$out/verify.txt"
