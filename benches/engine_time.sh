#!/usr/bin/env bash
# Measures the engine's time for its first move at each level with a clock (default 5+3): hector in line mode,
# the engine plays White, the speech log's time stamps give the time from the start to the engine's move.
# Usage: bash benches/engine_time.sh [TIME_CONTROL] [LEVELS...]   e.g. bash benches/engine_time.sh 5+3 1 5 9
set -euo pipefail
cd "$(dirname "$0")/.."
tc="${1:-5+3}"; shift || true
levels=("$@"); [ "${#levels[@]}" -eq 0 ] && levels=(1 2 3 4 5 6 7 8 9 10)
bin=target/debug/hector; [ -x target/release/hector ] && bin=target/release/hector
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
secs() { date -d "$1" +%s.%N; }
printf 'level\tfirst move (s)\n'
for level in "${levels[@]}"; do
  log="$tmp/speech-$level.log"
  # Input stays open until the engine has answered (at most 60 s), then quit.
  ( for _ in $(seq 600); do sleep 0.1; grep -q "^.*	.*\(Bauer\|Springer\)" "$log" 2>/dev/null && break; done; echo quit ) \
    | XDG_DATA_HOME="$tmp" XDG_CONFIG_HOME="$tmp" "$bin" --line --opponent engine --color black \
        --level "$level" --time "$tc" --speech-log "$log" >/dev/null
  start=$(head -1 "$log" | cut -f1); moved=$(grep "	\(Bauer\|Springer\)" "$log" | head -1 | cut -f1)
  printf '%s\t%.1f\n' "$level" "$(echo "$(secs "$moved") - $(secs "$start")" | bc)"
done
