#!/bin/sh
# A fake UCI engine for tests: writes every command it gets to the file $1 and answers every `go` with a2a3.
log="$1"
: > "$log"
while IFS= read -r line; do
    echo "$line" >> "$log"
    case "$line" in
        uci)
            echo "id name Echo"
            echo "option name UCI_Chess960 type check default false"
            echo "option name UCI_LimitStrength type check default false"
            echo "option name UCI_Elo type spin default 1350 min 1350 max 2850"
            echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) echo "bestmove a2a3 ponder e7e5" ;;
        quit) exit 0 ;;
    esac
done
