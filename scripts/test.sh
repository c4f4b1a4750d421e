#!/usr/bin/env bash
# Installs what the tests need on Debian 12 and runs every test (debug build). Nothing is skipped: the tests
# that drive Stockfish, tmux and python-chess run on a developer's machine as on CI, and a missing tool stops
# the run here, saying what to install.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --tests
missing=()
command -v stockfish >/dev/null 2>&1 || [ -x /usr/games/stockfish ] || missing+=("stockfish (apt-get install stockfish)")
command -v tmux >/dev/null 2>&1 || missing+=("tmux (apt-get install tmux)")
command -v strace >/dev/null 2>&1 || missing+=("strace, which holds a rename in tests/kill.rs (apt-get install strace)")
[ -x /usr/bin/fenrir ] || missing+=("fenrir, the screen reader of tests/fenrir.rs (apt-get install fenrir)")
python3 -c 'import chess' >/dev/null 2>&1 || missing+=("python-chess 1.11.2 (python3 -m pip install chess==1.11.2)")
if [ "${#missing[@]}" -gt 0 ]; then
  printf 'hector tests: missing, so the tests that need it cannot run:\n' >&2
  printf '  %s\n' "${missing[@]}" >&2
  exit 1
fi
cargo test --locked "$@"
cargo check --locked --benches --quiet
