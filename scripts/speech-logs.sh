#!/usr/bin/env bash
# What a player hears in three scripted sessions, for comparing two builds of hector (a reshaping of the
# code must sound the same): a game by keys in the full-screen view (tmux), a game in line mode, and the record-mode
# whole game of the casebook. Each speech log is written without its time stamps to OUTDIR/{keys,line,record}.txt.
#   bash scripts/speech-logs.sh BINARY OUTDIR        then: diff -r OUTDIR-before OUTDIR-after
set -euo pipefail
bin=$(realpath "$1"); out=$(realpath -m "$2"); here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
work=$(mktemp -d); trap 'tmux -L speechlogs kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
env_of() { echo "HOME=$1 XDG_DATA_HOME=$1/d XDG_CONFIG_HOME=$1/c XDG_STATE_HOME=$1/s"; }
strip() { cut -f2- "$1"; }

# 1. Line mode: a game between two people with questions, refusals, claims, a takeback and mate.
d=$work/line; mkdir -p "$d"; cd "$d"
printf '%s\n' e4 e5 Nf3 board 'wait 30s' time used count 'square e4' 'rank e4' 'knights f3' 'Knight g5' xx \
  'attackers e5' 'legal f1' 'pieces white' material moves last undo takeback offer decline Bc4 Nc6 Qh5 Nf6 \
  'claim' Qxf7 'moves 3' 'scoresheet' repeat help 'sides all' new yes f4 e6 g4 Qh4 'level 3' 'opponent human' \
  fen quit \
  | env $(env_of "$d") "$bin" --line --opponent human --virtual-clock --time 5+3 --speech off --speech-log log.txt --language en \
      --save g.pgn >/dev/null 2>&1 || true
strip log.txt > "$out/line.txt"

# 2. Record mode: the casebook's whole game (Deep Blue - Kasparov 1997, game 2) with its incidents, in one run.
d=$work/record; mkdir -p "$d"; cd "$d"
sed -n 's/^> //p' "$here/tests/casebook/game-record-mode-a-whole-game-with-incidents.case" \
  | env $(env_of "$d") "$bin" --line --virtual-clock --mode record --time 90m+30s --color black --speech off \
      --speech-log log.txt --language en --save g.pgn --white "Deep Blue" --black "Garry Kasparov" >/dev/null 2>&1 || true
strip log.txt > "$out/record.txt"

# 3. The full-screen view by keys: from/to selection with arrows and Enter, queries, a refusal, quit.
d=$work/keys; mkdir -p "$d"; cd "$d"
tmux -L speechlogs -f /dev/null new-session -d -x 100 -y 32 \
  "env $(env_of "$d") TERM=xterm-256color $bin --virtual-clock --time 5+3 --speech off --sound off --gamepad off --speech-log $d/log.txt --language en --opponent human"
until [ -s "$d/log.txt" ]; do sleep 0.2; done
keys() { for k in "$@"; do tmux -L speechlogs send-keys "$k"; sleep 0.4; done; }
keys Enter Up Up Enter                            # the focus starts on e2: e2-e4
keys Up Up Up Enter Down Down Enter               # e7-e5
keys Down Down Down Down Right Right Enter Up Up Left Enter   # g1-f3
keys s r f d l a b m x t c Escape
keys : N c 6 Enter                                # a move typed on the : line
keys : w a i t Space 1 m Enter : t i m e Enter
keys Enter Enter Escape q
sleep 1; keys y
sleep 1
strip log.txt > "$out/keys.txt"
wc -l "$out"/*.txt
