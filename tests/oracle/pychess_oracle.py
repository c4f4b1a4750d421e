#!/usr/bin/env python3
# Oracle for tests/differential.rs: replays games with python-chess and prints, for every position, what
# python-chess says about it. One process serves a whole test run.
#
# Input, one request a line (tab-separated):
#   G <id> <fen> <0|1 chess960> <uci moves separated by spaces, possibly empty>
#   S <n>                      Chess960 start position number n (Scharnagl)
# Output:
#   READY <python-chess version>            once, at start
#   P <id> <k> <fen> <legal uci sorted, space-separated> <flags> <san of move k, or ->   for k = 0..=len
#   X <id> <k> <message>                    move k could not be played (then E follows)
#   E <id>
#   S <n> <fen>
# flags: nine characters 0/1 for is_checkmate, is_stalemate, is_insufficient_material,
# has_insufficient_material(WHITE), has_insufficient_material(BLACK), is_fivefold_repetition,
# is_seventyfive_moves, can_claim_threefold_repetition, can_claim_fifty_moves.
#
# can_claim_threefold_repetition() replays the game back to the last irreversible move for every position and
# every legal move, which makes it the slowest part of the oracle by far. The oracle therefore also keeps python-chess's
# own counting incrementally (the same _transposition_key(), the same window: the positions since the last move for
# which is_irreversible() was true, the same test: three occurrences now, or two of the position after some legal
# move), and calls the real can_claim_threefold_repetition() on every 8th position and whenever the incremental
# answer changes; a disagreement between the two is reported as an X line, so the test fails. Set ORACLE_FULL=1 to
# call the real method for every position.

import collections
import os
import sys

try:
    import chess
except ImportError as e:
    sys.stderr.write(f"ORACLE-ERROR python-chess is missing ({e}); run: pip install chess==1.11.2\n")
    sys.exit(3)

FULL = os.environ.get("ORACLE_FULL") == "1"


def b(x):
    return "1" if x else "0"


TURN = 8  # index of the side to move in Board._transposition_key()


def threefold_incremental(board, window):
    """python-chess's can_claim_threefold_repetition(), with the window's counts kept up to date by game()."""
    if window[board._transposition_key()] >= 3:
        return True
    # A claim with a move needs a position with the opponent to move that already occurred twice.
    if not any(c >= 2 and key[TURN] != board.turn for key, c in window.items()):
        return False
    for move in board.generate_legal_moves():
        board.push(move)
        try:
            if window[board._transposition_key()] >= 2:
                return True
        finally:
            board.pop()
    return False


def describe(board, window, k, previous):
    """Returns fen, legal moves, flags, the incremental threefold answer and an error message or None."""
    claim3 = threefold_incremental(board, window)
    error = None
    if FULL or k % 8 == 0 or claim3 != previous:
        real = board.can_claim_threefold_repetition()
        if real != claim3:
            error = f"oracle: incremental threefold {claim3} but can_claim_threefold_repetition() {real}"
            claim3 = real
    flags = "".join(
        b(x)
        for x in (
            board.is_checkmate(),
            board.is_stalemate(),
            board.is_insufficient_material(),
            board.has_insufficient_material(chess.WHITE),
            board.has_insufficient_material(chess.BLACK),
            board.is_fivefold_repetition(),
            board.is_seventyfive_moves(),
            claim3,
            board.can_claim_fifty_moves(),
        )
    )
    legal = " ".join(sorted(board.uci(m) for m in board.legal_moves))
    return board.fen(), legal, flags, claim3, error


def game(out, gid, fen, chess960, moves):
    board = chess.Board(fen, chess960=chess960)
    window = collections.Counter([board._transposition_key()])
    previous = False
    for k in range(len(moves) + 1):
        fen_now, legal, flags, previous, error = describe(board, window, k, previous)
        if error is not None:
            out.write(f"P\t{gid}\t{k}\t{fen_now}\t{legal}\t{flags}\t-\n")
            out.write(f"X\t{gid}\t{k}\t{error}\n")
            break
        san = "-"
        move = None
        if k < len(moves):
            try:
                move = board.parse_uci(moves[k])
                san = board.san(move)
            except ValueError as e:
                out.write(f"P\t{gid}\t{k}\t{fen_now}\t{legal}\t{flags}\t-\n")
                out.write(f"X\t{gid}\t{k}\t{moves[k]}: {e}\n")
                break
        out.write(f"P\t{gid}\t{k}\t{fen_now}\t{legal}\t{flags}\t{san}\n")
        if move is not None:
            irreversible = board.is_irreversible(move)
            board.push(move)
            if irreversible:
                window = collections.Counter()
            window[board._transposition_key()] += 1
    out.write(f"E\t{gid}\n")


def main():
    out = sys.stdout
    out.write(f"READY\t{chess.__version__}\n")
    out.flush()
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line:
            continue
        parts = line.split("\t")
        if parts[0] == "G":
            _, gid, fen, c960, moves = parts
            game(out, gid, fen, c960 == "1", moves.split())
        elif parts[0] == "S":
            n = int(parts[1])
            out.write(f"S\t{n}\t{chess.Board.from_chess960_pos(n).fen()}\n")
        else:
            out.write(f"X\t?\t0\tunknown request {parts[0]!r}\n")
    out.flush()


if __name__ == "__main__":
    main()
