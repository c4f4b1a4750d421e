#!/usr/bin/env bash
# Sets up hector on Debian 12 and starts a game: two players at one keyboard in line mode.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cargo build --release --locked --quiet
exec ./target/release/hector --line --opponent human "$@"
