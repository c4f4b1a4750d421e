#!/usr/bin/env bash
# Sets up hector on Debian 12 and starts its main job: the full-screen view, a new game against the engine
# (Debian's stockfish), speech and sounds on. Options are passed on (e.g. --color black, --level 4, --time 15+10,
# --opponent human, or --line for line mode).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# The first build compiles about 250 crates and takes several minutes; cargo shows its progress. Later runs
# build only what changed.
if [ ! -x target/release/hector ]; then
  echo "hector: building hector (release; the first build takes a few minutes, progress below)" >&2
fi
cargo build --release --locked
exec ./target/release/hector "$@"
