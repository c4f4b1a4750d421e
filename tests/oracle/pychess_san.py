#!/usr/bin/env python3
"""The SAN python-chess 1.11.2 writes, for hector's move reader to read back (tests/san_reader.rs).

    pychess_san.py games FILE.pgn...   every mainline move of every standard or Chess960 game
    pychess_san.py generated N SEED    every legal move of N random positions with two or three pieces
                                       of one kind on a side (the cases that need disambiguation)

Each output line: FEN <tab> 1 if Chess960 else 0 <tab> SAN <tab> UCI.
"""
import logging
import random
import sys

import chess
import chess.pgn


def games(paths):
    out = sys.stdout
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            while True:
                try:
                    game = chess.pgn.read_game(f)
                except Exception:  # a broken game ends the file for this test
                    break
                if game is None:
                    break
                variant = game.headers.get("Variant", "standard").lower()
                if variant not in ("standard", "chess960", "chess 960", "fischerandom", "from position"):
                    continue
                board = game.board()
                if type(board) is not chess.Board:
                    continue
                c960 = "1" if board.chess960 else "0"
                for move in game.mainline_moves():
                    if not board.is_legal(move):
                        break
                    out.write(f"{board.fen()}\t{c960}\t{board.san(move)}\t{board.uci(move)}\n")
                    board.push(move)


def generated(n, seed):
    rng = random.Random(seed)
    out = sys.stdout
    made = 0
    while made < n:
        board = chess.Board(None)
        squares = list(chess.SQUARES)
        rng.shuffle(squares)
        board.set_piece_at(squares.pop(), chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares.pop(), chess.Piece(chess.KING, chess.BLACK))
        for color in (chess.WHITE, chess.BLACK):
            kind = rng.choice([chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
            for _ in range(rng.choice([2, 3])):
                board.set_piece_at(squares.pop(), chess.Piece(kind, color))
            for _ in range(rng.randint(0, 4)):
                sq = squares.pop()
                if chess.square_rank(sq) in (0, 7):
                    continue
                board.set_piece_at(sq, chess.Piece(chess.PAWN, rng.choice([chess.WHITE, chess.BLACK])))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if not board.is_valid():
            continue
        made += 1
        fen = board.fen()
        for move in board.legal_moves:
            out.write(f"{fen}\t0\t{board.san(move)}\t{board.uci(move)}\n")


def main():
    # Broken games in the edge-case files are expected; python-chess logs them, the test does not need that.
    logging.disable(logging.CRITICAL)
    sys.stdout.write(f"READY\t{chess.__version__}\n")
    if sys.argv[1] == "games":
        games(sys.argv[2:])
    else:
        generated(int(sys.argv[2]), int(sys.argv[3]))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
