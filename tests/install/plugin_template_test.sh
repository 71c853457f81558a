#!/usr/bin/env bash
# Installs this build into a temporary prefix, builds the template agent of
# examples/agent-plugin against it as an outside project would (find_package(vgdl)), and plays
# it with the installed `vgdl`: the result line must name the plugin and record no error.
#   plugin_template_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
source=$2
tmp=$(mktemp -d /tmp/vgdl-install-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log"
cmake -S "$source/examples/agent-plugin" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" \
  >"$tmp/configure.log" || { cat "$tmp/configure.log"; exit 1; }
cmake --build "$tmp/build" >"$tmp/build.log" || { cat "$tmp/build.log"; exit 1; }

"$tmp/prefix/bin/vgdl" run --agent "$tmp/build/libmy_agent.so:depth=5" \
  --game "$source/tests/data/agents/coins.txt" --levels 0 --reps 1 --budget-calls 500 \
  --seed 3 --no-progress --out "$tmp/results.jsonl"
line=$(cat "$tmp/results.jsonl")
echo "$line"
grep -q "\"agent\":\"$tmp/build/libmy_agent.so:depth=5\"" <<<"$line"
grep -q '"error":null' <<<"$line"
