#!/usr/bin/env python3
"""hector's game analysis beside python-chess's, driving the same Stockfish at the same node count.

A 40-move game (80 half-moves, 81 positions) is analysed at a fixed node count, one thread, the same hash:
  - hector: `hector --analyse GAME.pgn --verbose` (its runner, src/engine/analyst.rs), the time it reports for the
    analysis (engine start, handshake, every position searched) and the engine's own search time (the `time` of each
    search's last info line, summed);
  - python-chess: chess.engine.SimpleEngine.popen_uci, then analyse(board, Limit(nodes=N)) for each position,
    timed from popen to quit; the engine's own time is the sum of each result's info["time"].
The overhead of each is its time beyond the engine's own, as a share of the engine's own time. Medians of ROUNDS
runs, alternating the two.

Usage: python3 benches/analysis_overhead.py [NODES] [ROUNDS]     (default 100000 nodes, 3 rounds; release build
if present, else debug)
"""

import io
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import chess
import chess.engine
import chess.pgn

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
NODES = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
HASH = 16
# The same Stockfish for both (Debian puts it in /usr/games, which PATH may lack).
STOCKFISH = shutil.which("stockfish") or "/usr/games/stockfish"

# Kasparov - Topalov, Wijk aan Zee 1999, the first 40 moves (80 half-moves).
GAME = """1. e4 d6 2. d4 Nf6 3. Nc3 g6 4. Be3 Bg7 5. Qd2 c6 6. f3 b5 7. Nge2 Nbd7 8. Bh6 Bxh6 9. Qxh6 Bb7
10. a3 e5 11. O-O-O Qe7 12. Kb1 a6 13. Nc1 O-O-O 14. Nb3 exd4 15. Rxd4 c5 16. Rd1 Nb6 17. g3 Kb8 18. Na5 Ba8
19. Bh3 d5 20. Qf4+ Ka7 21. Rhe1 d4 22. Nd5 Nbxd5 23. exd5 Qd6 24. Rxd4 cxd4 25. Re7+ Kb6 26. Qxd4+ Kxa5
27. b4+ Ka4 28. Qc3 Qxd5 29. Ra7 Bb7 30. Rxb7 Qc4 31. Qxf6 Kxa3 32. Qxa6+ Kxb4 33. c3+ Kxc3 34. Qa1+ Kd2
35. Qb2+ Kd1 36. Bf1 Rd2 37. Rd7 Rxd7 38. Bxc4 bxc4 39. Qxh8 Rd3 40. Qa8 c3 *"""


def binary():
    for kind in ("release", "debug"):
        b = os.path.join(ROOT, "target", kind, "hector")
        if os.path.exists(b):
            return b
    sys.exit("build hector first: cargo build --release --locked")


def hector_run(tmp, pgn):
    cfg = os.path.join(tmp, "config", "hector")
    os.makedirs(cfg, exist_ok=True)
    with open(os.path.join(cfg, "analysis.ron"), "w") as f:
        f.write(f"(depth: None, nodes: Some({NODES}), seconds: None, threads: 1, hash_mb: {HASH})")
    out = os.path.join(tmp, "out.pgn")
    if os.path.exists(out):
        os.remove(out)
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(tmp, "config"), XDG_DATA_HOME=os.path.join(tmp, "data"))
    r = subprocess.run([binary(), "--analyse", pgn, "--save", out, "--line", "--verbose", "--engine", STOCKFISH],
                       env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    m = re.search(r"analysis of (\d+) positions: engine (\d+) ms, whole (\d+) ms", r.stderr)
    if r.returncode != 0 or not m:
        sys.exit(f"hector failed: {r.stdout}\n{r.stderr}")
    return int(m.group(1)), int(m.group(2)) / 1000, int(m.group(3)) / 1000


def pychess_run(game):
    began = time.perf_counter()
    engine = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
    engine.configure({"Threads": 1, "Hash": HASH})
    board = game.board()
    engine_time = 0.0
    positions = 0
    for node in [game] + list(game.mainline()):
        info = engine.analyse(node.board(), chess.engine.Limit(nodes=NODES))
        engine_time += info.get("time", 0.0)
        positions += 1
    engine.quit()
    return positions, engine_time, time.perf_counter() - began


def main():
    game = chess.pgn.read_game(io.StringIO(GAME))
    assert len(list(game.mainline())) == 80, "the game must have 80 half-moves"
    with tempfile.TemporaryDirectory() as tmp:
        pgn = os.path.join(tmp, "game.pgn")
        with open(pgn, "w") as f:
            f.write('[Event "Wijk aan Zee"]\n[White "Kasparov"]\n[Black "Topalov"]\n\n' + GAME + "\n")
        h, p = [], []
        for _ in range(ROUNDS):
            h.append(hector_run(tmp, pgn))
            p.append(pychess_run(game))
    print(f"{NODES} nodes per position, 1 thread, hash {HASH} MiB, {ROUNDS} rounds (medians), {binary()}, {STOCKFISH}")
    print("who\tpositions\tengine s\twhole s\toverhead s\toverhead %")
    for name, runs in (("hector", h), ("python-chess", p)):
        n = runs[0][0]
        eng = statistics.median(r[1] for r in runs)
        whole = statistics.median(r[2] for r in runs)
        over = statistics.median(r[2] - r[1] for r in runs)
        pct = statistics.median((r[2] - r[1]) / r[1] * 100 for r in runs)
        print(f"{name}\t{n}\t{eng:.2f}\t{whole:.2f}\t{over:.3f}\t{pct:.1f}")


if __name__ == "__main__":
    main()
