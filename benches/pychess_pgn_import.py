#!/usr/bin/env python3
"""Times python-chess reading the three PGN collections used by benches/pgn_import.rs.

Reads every game with chess.pgn.read_game (which replays and checks each mainline move) and prints
games per second. Usage: python3 benches/pychess_pgn_import.py [ROUNDS]
"""

import io
import os
import sys
import time

import chess
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "tests", "data", "pgn", "collections")
FILES = ["twic0920.pgn", "twic1599_1000k.pgn", "lichess_db_1000k.pgn"]


def read_all(texts):
    games = 0
    errors = 0
    for text in texts:
        stream = io.StringIO(text)
        while True:
            game = chess.pgn.read_game(stream)
            if game is None:
                break
            games += 1
            errors += len(game.errors)
    return games, errors


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    texts = []
    for name in FILES:
        with open(os.path.join(DATA, name), encoding="utf-8-sig") as f:
            texts.append(f.read())
    best = None
    games = errors = 0
    for _ in range(rounds):
        start = time.perf_counter()
        games, errors = read_all(texts)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    print(f"python-chess {chess.__version__}: {games} games, {errors} errors, "
          f"best of {rounds}: {best:.3f} s, {games / best:.0f} games/s")


if __name__ == "__main__":
    main()
