#!/usr/bin/env bash
# Every figure hector measures, in one run, each beside its reference (release build):
#   1. PGN import: hector vs the bare pgn-reader + shakmaty replay (target: at most 3 times its time) and vs
#      python-chess (target: at least 30 times as fast), on tests/data/pgn/collections (benches/pgn_import.rs);
#   2. text -> move -> announcement, median and p99 (target p99 under 100 µs; benches/words.rs);
#   3. key -> speech hand-off in the full-screen view, p99 (target under 5 ms; benches/screen_keys.rs);
#   4. the dead-position verdict, median and p99 (target median under 50 µs; benches/dead_position.rs);
#   5. memory of `--load` on a PGN file of about 50 MB made from tests/data and ../shared/data/pgn games
#      (max RSS by /usr/bin/time; target at most 3 times the file's size), and again choosing one of its
#      last games and saving it to its place;
#   6. start-up, resident memory, idle CPU and idle bytes of the full-screen view beside chess-tui
#      (benches/screen_measure.sh; chess-tui only when installed: cargo install chess-tui --locked).
# Usage: bash benches/all.sh      (about 5 minutes; IDLE=10 RUNS=3 for the screen part unless set)
# Criterion's own long measurements are skipped here (run `cargo bench --bench NAME` for them).
set -euo pipefail
cd "$(dirname "$0")/.."
export IDLE=${IDLE:-10} RUNS=${RUNS:-3}
NO_CRITERION=only-the-summary-lines
section() { printf '\n==== %s ====\n' "$1"; }

cargo build --release --locked --quiet
cargo bench --locked --no-run --quiet 2>/dev/null || cargo bench --locked --no-run

section "PGN import (reference: bare pgn-reader + shakmaty replay, python-chess)"
PGN_IMPORT_SUMMARY=1 cargo bench --locked --quiet --bench pgn_import 2>/dev/null

section "text -> announcement (words::parse_move + announce; target p99 < 100 µs)"
cargo bench --locked --quiet --bench words -- "$NO_CRITERION" 2>/dev/null | grep -E 'µs|ms'

section "key -> speech hand-off, full-screen view (target p99 < 5 ms)"
cargo bench --locked --quiet --bench screen_keys -- "$NO_CRITERION" 2>/dev/null | grep -E 'µs|ms'

section "dead-position verdict (target median < 50 µs)"
cargo bench --locked --quiet --bench dead_position -- "$NO_CRITERION" 2>/dev/null | grep -vE '^(Benchmarking|Gnuplot|$)'

section "memory: --load of a ~50 MB PGN file (target max RSS at most 3 times the file)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
big=$work/big.pgn
sources=(tests/data/pgn/collections/*.pgn)
for f in ../shared/data/pgn/famous/kasparov-deep-blue-1997.pgn \
    ../shared/data/pgn/annotated/variations-nags-and-comments.pgn \
    ../shared/data/pgn/chess960/cutechess-fischerrandom.pgn; do
    [[ -f $f ]] && sources+=("$f")
done
while (($(stat -c %s "$big" 2>/dev/null || echo 0) < 50000000)); do
    for f in "${sources[@]}"; do
        cat "$f" >> "$big"
        printf '\n\n' >> "$big"
    done
done
size=$(stat -c %s "$big")
mkdir -p "$work/config" "$work/data"
out=$(printf 'quit\n' | XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data \
    /usr/bin/time -f 'maxrss_kb %M elapsed_s %e' target/release/hector --line --opponent human \
    --load "$big" 2>&1)
echo "$out" | grep -v '^maxrss' | head -3
rss_kb=$(echo "$out" | awk '/^maxrss_kb/ {print $2}')
elapsed=$(echo "$out" | awk '/^maxrss_kb/ {print $4}')
printf 'file %.1f MB; max RSS %.1f MB = %.2f times the file (target at most 3); %s s\n' \
    "$(echo "$size / 1000000" | bc -l)" "$(echo "$rss_kb * 1024 / 1000000" | bc -l)" \
    "$(echo "$rss_kb * 1024 / $size" | bc -l)" "$elapsed"
# The same file with --save to itself: one of its last games chosen, read again and saved to its place
# (every other game kept byte for byte).
count=$(echo "$out" | grep -oE 'holds [0-9]+ games' | grep -oE '[0-9]+' || echo 1)
out=$(printf '%s\nquit\n' "$((count - 1))" | XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data \
    /usr/bin/time -f 'maxrss_kb %M elapsed_s %e' target/release/hector --line --opponent human \
    --load "$big" --save "$big" 2>&1)
rss_kb=$(echo "$out" | awk '/^maxrss_kb/ {print $2}')
elapsed=$(echo "$out" | awk '/^maxrss_kb/ {print $4}')
printf 'game %s of %s chosen and saved to its place: max RSS %.1f MB = %.2f times the file; %s s\n' \
    "$((count - 1))" "$count" "$(echo "$rss_kb * 1024 / 1000000" | bc -l)" \
    "$(echo "$rss_kb * 1024 / $size" | bc -l)" "$elapsed"

section "full-screen view: start-up, memory, idle CPU and bytes, beside chess-tui"
bash benches/screen_measure.sh
