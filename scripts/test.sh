#!/usr/bin/env bash
# Installs what the tests need on Debian 12 and runs every test (debug build).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --tests
cargo test --locked "$@"
cargo check --locked --benches --quiet
