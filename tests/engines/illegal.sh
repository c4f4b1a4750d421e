#!/bin/sh
# A fake UCI engine for tests: answers every `go` with e2e5, a move no position allows; no Chess960.
while IFS= read -r line; do
    case "$line" in
        uci) echo "id name Illegal"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) echo "info depth 1 score cp 0"; echo "bestmove e2e5" ;;
        quit) exit 0 ;;
    esac
done
