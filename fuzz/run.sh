#!/usr/bin/env bash
# Coverage-guided fuzzing of every parser of outside text, one target after another, one process at a time.
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     (default: 600 seconds, every target)
# Needs cargo-fuzz (`cargo install cargo-fuzz`); runs on stable through RUSTC_BOOTSTRAP=1. New inputs that reach
# new code are added to fuzz/corpus/TARGET (commit them after `fuzz/run.sh --minimize`, see below); a crash is
# written to fuzz/artifacts/TARGET/ and stops that target. Each target's last libFuzzer status line (executions,
# cov: edges, ft: features, corpus size) is printed at the end and kept in fuzz/last-run.txt.
#   fuzz/run.sh --minimize     merges each corpus into its smallest set of inputs with the same coverage.
set -euo pipefail
cd "$(dirname "$0")"
export RUSTC_BOOTSTRAP=1
ALL=(moves fen pgn time_control config_ron vocabulary uci board_check compare clock_tag)
if [[ "${1:-}" == "--minimize" ]]; then
    cargo fuzz build -s none
    for t in "${ALL[@]}"; do
        mkdir -p "corpus/$t.min"
        cargo fuzz run -s none "$t" "corpus/$t.min" "corpus/$t" -- -merge=1 -rss_limit_mb=2048 2>&1 | tail -1
        rm -rf "corpus/$t"
        mv "corpus/$t.min" "corpus/$t"
    done
    exit 0
fi
SECONDS_PER_TARGET="${1:-600}"
shift || true
TARGETS=("$@")
[[ ${#TARGETS[@]} -eq 0 ]] && TARGETS=("${ALL[@]}")
cargo fuzz build -s none
mkdir -p logs
echo "== $(date -u +%Y-%m-%dT%H:%MZ), ${SECONDS_PER_TARGET} s per target" >> last-run.txt
status=0
for t in "${TARGETS[@]}"; do
    echo "== $t: ${SECONDS_PER_TARGET} s"
    # -timeout: an input taking more than 10 s is a hang; -max_len 64 KB lets PGN files with variations through.
    if cargo fuzz run -s none "$t" "corpus/$t" -- -max_total_time="$SECONDS_PER_TARGET" -timeout=10 \
        -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 > "logs/$t.log" 2>&1; then
        result=ok
    else
        result="FAILED (see fuzz/logs/$t.log and fuzz/artifacts/$t/)"
        status=1
    fi
    last=$(grep -aE '#[0-9]+.*(cov|DONE)' "logs/$t.log" | tail -1 || true)
    execs=$(grep -aE 'stat::number_of_executed_units' "logs/$t.log" | tail -1 | awk '{print $2}' || true)
    echo "$t: $result; executions ${execs:-?}; last status: $last" | tee -a last-run.txt
done
exit $status
