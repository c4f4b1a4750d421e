#!/bin/sh
# A fake UCI engine for tests: a correct handshake, then it exits with code 3 at the first `go`.
while IFS= read -r line; do
    case "$line" in
        uci) echo "id name Crasher 1"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) exit 3 ;;
        quit) exit 0 ;;
    esac
done
