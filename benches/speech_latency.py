#!/usr/bin/env python3
"""Speech latency from outside: from the line that makes a move to the first audible sample on the sound card.

Run by benches/speech_latency.sh, which starts a PulseAudio null sink and a speech-dispatcher of their own and
sets PULSE_SERVER and SPEECHD_ADDRESS. Usage: speech_latency.py HECTOR [PLIES]

The sink's monitor is recorded with parec (16 kHz mono). Sample i was played at zero + i/16000, where `zero` is
the earliest (arrival time of a chunk - samples so far / 16000): no chunk arrives before its samples were played.
A move's latency is the time from writing its line to hector's stdin to the first sample above LEVEL after it.

The game mixes UI phrases (English) and board words (German, Appendix D): before every second move hector is
asked `count` and its English answer is heard to the end, so half the moves come right after a change of
language; the first move comes right after the English greeting. Beside each move, `spd-say -l de` of the same
words is timed the same way (spawn to first audible sample), in the same run.
"""

import os
import statistics
import subprocess
import sys
import threading
import time

RATE = 16000
LEVEL = 600  # of 32768: espeak-ng's first syllable passes it within a few ms, the null sink's silence is 0
QUIET = 0.4  # seconds without sound that end an announcement
# A random legal game (seeded), 60 plies without repetition or end: captures, checks, every piece.
GAME = ("c4 g6 d3 f5 e3 e6 Qh5 Nf6 Kd2 Ng8 Na3 Bb4+ Kc2 a5 e4 Ke7 e5 Nh6 Nb1 Qf8 Qd1 c6 Ne2 a4 Bd2 Ra5 Be3 "
        "Rxe5 Bc1 Bd6 g4 Rc5 a3 f4 Nd4 Na6 Rg1 Qd8 Nxc6+ Kf7 Nxd8+ Ke7 f3 Rb5 Nf7 Nf5 Nd8 Rg8 Be3 Rh8 Rg3 "
        "Nb4+ Kc3 Bc5 b3 Bd4+ Kd2 Kxd8 Bg2 Nxg3").split()


class Recorder:
    def __init__(self):
        self.samples = bytearray()
        self.zero = None
        self.lock = threading.Lock()
        self.proc = subprocess.Popen(
            ["parec", "--raw", "--format=s16le", "--channels=1", f"--rate={RATE}", "--latency-msec=5"],
            stdout=subprocess.PIPE)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        while True:
            chunk = self.proc.stdout.read1(4096)
            if not chunk:
                return
            now = time.monotonic()
            with self.lock:
                self.samples += chunk
                zero = now - len(self.samples) // 2 / RATE
                self.zero = zero if self.zero is None else min(self.zero, zero)

    def first_loud_after(self, t):
        """Time of the first sample above LEVEL played after t, or None."""
        with self.lock:
            if self.zero is None:
                return None
            start = max(0, int((t - self.zero) * RATE))
            data = memoryview(bytes(self.samples[start * 2:])).cast("h")
            zero = self.zero
        for i, s in enumerate(data):
            if s > LEVEL or s < -LEVEL:
                return zero + (start + i) / RATE
        return None

    def quiet_since(self):
        """Seconds since the last loud sample (scanning back from the end)."""
        with self.lock:
            data = memoryview(bytes(self.samples[-int(RATE * 2) * 2:])).cast("h")
        for i in range(len(data) - 1, -1, -1):
            if data[i] > LEVEL or data[i] < -LEVEL:
                return (len(data) - 1 - i) / RATE
        return len(data) / RATE

    def stop(self):
        self.proc.terminate()


def heard(rec, t, limit=15.0):
    """Latency of the first sound after t, then wait until it has ended."""
    deadline = time.monotonic() + limit
    first = None
    while time.monotonic() < deadline:
        first = rec.first_loud_after(t)
        if first is not None:
            break
        time.sleep(0.002)
    if first is None:
        raise SystemExit(f"nothing was heard within {limit} s")
    while rec.quiet_since() < QUIET and time.monotonic() < deadline + 30:
        time.sleep(0.02)
    return first - t


def main():
    hector = sys.argv[1]
    plies = int(sys.argv[2]) if len(sys.argv) > 2 else len(GAME)
    rec = Recorder()
    while rec.zero is None:
        time.sleep(0.01)
    time.sleep(0.3)
    t = time.monotonic()
    # HECTOR_SPEECH_ENGINE: the backend measured (speech-dispatcher, tts); unset: the platform's default.
    engine = os.environ.get("HECTOR_SPEECH_ENGINE")
    extra = ["--speech-engine", engine] if engine else []
    print(f"speech engine: {engine or 'default'}")
    proc = subprocess.Popen([hector, "--line", "--opponent", "human", "--speech", "on", *extra],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    greeting = proc.stdout.readline().strip()
    startup = heard(rec, t, 60.0)  # the tts backend lists the voices first (seconds)
    print(f"greeting {greeting!r}: heard {startup * 1000:.1f} ms after start", file=sys.stderr)
    moves, after_phrase, spd = [], [], []
    for n, san in enumerate(GAME[:plies]):
        if n % 2 == 1:
            t = time.monotonic()
            proc.stdin.write("count\n")
            proc.stdin.flush()
            proc.stdout.readline()
            heard(rec, t)
        t = time.monotonic()
        proc.stdin.write(san + "\n")
        proc.stdin.flush()
        said = proc.stdout.readline().strip()
        latency = heard(rec, t)
        moves.append(latency)
        if n % 2 == 1 or n == 0:
            after_phrase.append(latency)
        t = time.monotonic()
        subprocess.run(["spd-say", "-l", "de", said], check=True)
        spd.append(heard(rec, t))
        print(f"{n + 1:2} {san:7} {said!r}: hector {latency * 1000:6.1f} ms, spd-say {spd[-1] * 1000:6.1f} ms",
              file=sys.stderr)
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait(timeout=20)
    rec.stop()

    def ms(xs):
        return (f"median {statistics.median(xs) * 1000:.1f} ms, worst {max(xs) * 1000:.1f} ms "
                f"(n={len(xs)})")
    print(f"hector, every move:                 {ms(moves)}")
    print(f"hector, first move after greeting:  {moves[0] * 1000:.1f} ms")
    print(f"hector, moves after an English UI phrase: {ms(after_phrase)}")
    print(f"spd-say -l de, the same words:      {ms(spd)}")
    diff = [h - s for h, s in zip(moves, spd)]
    print(f"hector - spd-say, per move:         median {statistics.median(diff) * 1000:+.1f} ms, "
          f"worst {max(diff) * 1000:+.1f} ms")
    late = [(GAME[i], round(m * 1000, 1)) for i, m in enumerate(moves) if m > 0.05]
    print(f"moves over 50 ms: {late or 'none'}")
    print(f"start to greeting heard:            {startup * 1000:.1f} ms")


if __name__ == "__main__":
    main()
