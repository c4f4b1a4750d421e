#!/bin/sh
# A fake UCI engine for tests: a correct handshake, then it never answers `go` (nor `stop`).
while IFS= read -r line; do
    case "$line" in
        uci) echo "id name Hanger"; echo "uciok" ;;
        isready) echo "readyok" ;;
        quit) exit 0 ;;
    esac
done
