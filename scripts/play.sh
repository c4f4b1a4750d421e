#!/usr/bin/env bash
# Sets up hector on Debian 12 and starts its main job: the full-screen view, a new game against the engine
# (Debian's stockfish), speech and sounds on. Options are passed on (e.g. --color black, --level 4, --time 15+10,
# --opponent human, or --line for line mode).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cargo build --release --locked --quiet
exec ./target/release/hector "$@"
