#!/usr/bin/env bash
# The full-screen view under a real screen reader (figures in docs/screen-readers.md): fenrir 1.9 in its terminal
# mode (`fenrir -e`) in tmux at 80x24, as tests/fenrir.rs drives it, plays a scripted game by keys, one key every GAP
# seconds (1.2 by default): moves by file and rank keys and Enter (a Two Knights Defence, 20 plies, then Ctrl-g
# and y for a new game), a query between the moves (s, l, w, c, o). fenrir speaks through its generic speech
# driver into a script that writes when each utterance starts and sleeps as long as espeak-ng would speak it
# (fenrir's own interruptions act as with real speech); hector runs with `--speech off --speech-log`.
#
# Reported, comparing fenrir's utterances with hector's speech log:
#   - the start: launch to hector's greeting, to fenrir starting to say it, and how long fenrir then speaks;
#   - keys answered: hector's answer to the key is spoken by fenrir (in an utterance that started after the key,
#     before the next key's answer is spoken); answers dropped: those never spoken;
#   - answered first: the first utterance after the key holds the answer (at most a title before it), and how
#     often not a word comes before it (but "Again:");
#   - answer lag: key sent -> the utterance holding the answer started; median and 90th percentile;
#   - cut off: answers fenrir stopped (for the next key) before espeak-ng would have said their last word.
#
# fenrir's speech rate is its shipped default (0.65 of 80..450 words a minute: about 320), which the script gives
# espeak-ng; fenrir's own settings otherwise, except hasAttributes=False (as earlier runs had it; --attributes keeps its shipped True).
#
# Usage: bash benches/fenrir_measure.sh [--keys N] [--busy] [--gap SECONDS] [--view plain|colour|auto]
#            [--board shown|hidden] [--interrupt] [--attributes] [--keep]
#   --keys N   how many keys (default 60; 500 for the race check, about 10 minutes)
#   --busy     two `yes >/dev/null` load both cores during the run
#   --view     plain (`--plain`; default), colour (`--colour-view`: colours and the board, even under fenrir) or
#              auto (no view chosen: under fenrir hector starts plain with the board hidden by itself)
#   --board    shown (default) or hidden (`--no-board`: the board's squares not drawn, so a move changes no rank)
#   --interrupt  fenrir's keyboard#interruptOnKeyPress=True (a key stops what fenrir is saying; its shipped
#              settings.conf has False)
#   --attributes  fenrir's shipped general#hasAttributes=True ("has attribute" when the cursor lands on a
#              coloured character)
#   --keep     keep the work folder (utterances, speech log, key times) and print its path
#   --analyse DIR  only report on a kept work folder
# Needs fenrir, tmux, espeak-ng and python3 (scripts/install-deps.sh --tests). Builds hector (dev profile,
# optimised) unless HECTOR=/path/to/hector is set.
set -euo pipefail
cd "$(dirname "$0")/.."
KEYS=60
BUSY=0
GAP=1.2
VIEW=plain
BOARD=shown
KEEP=0
INTERRUPT=False
ATTRIBUTES=False
ANALYSE=
while (($#)); do
    case $1 in
        --keys) KEYS=$2; shift ;;
        --busy) BUSY=1 ;;
        --gap) GAP=$2; shift ;;
        --view) VIEW=$2; shift ;;
        --board) BOARD=$2; shift ;;
        --keep) KEEP=1 ;;
        --interrupt) INTERRUPT=True ;;
        --attributes) ATTRIBUTES=True ;;
        --analyse) ANALYSE=$2; KEEP=1; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
for tool in fenrir tmux espeak-ng python3; do
    command -v "$tool" >/dev/null || { echo "$tool is needed (scripts/install-deps.sh --tests)" >&2; exit 1; }
done
if [[ -n $ANALYSE ]]; then
    work=$ANALYSE
    trap 'echo "work folder: $work"' EXIT
else
if [[ -z ${HECTOR:-} ]]; then
    cargo build --locked --quiet
    HECTOR=$PWD/target/debug/hector
fi
work=$(mktemp -d /tmp/hector-fenrir-measure.XXXXXX)
sock=hector-fenrir-measure-$$
load_pids=()
cleanup() {
    tmux -L "$sock" kill-server 2>/dev/null || true
    for p in "${load_pids[@]}"; do kill "$p" 2>/dev/null || true; done
    if ((KEEP)); then echo "work folder: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# The speech script: one line when an utterance starts (S, its process, the time, the text), one when espeak-ng
# would have finished it (E). fenrir stops an utterance by ending the script: then no E line.
cat > "$work/say.sh" <<EOF
#!/bin/sh
printf 'S\t%s\t%s\t%s\t%s\n' "\$\$" "\$(date +%s.%N)" "\$1" "\$2" >> $work/said.tsv
b=\$(espeak-ng -s "\${1%.*}" --stdout -- "\$2" 2>/dev/null | wc -c)
sleep \$(awk -v b="\$b" 'BEGIN { printf "%.3f", (b > 44 ? b - 44 : 0) / 44100 }')
printf 'E\t%s\t%s\n' "\$\$" "\$(date +%s.%N)" >> $work/said.tsv
EOF
view_arg=--plain
[[ $VIEW == colour ]] && view_arg=--colour-view
[[ $VIEW == auto ]] && view_arg=
[[ $BOARD == hidden && $VIEW != auto ]] && view_arg+=" --no-board"
cat > "$work/run.sh" <<EOF
#!/bin/sh
cd $work
exec env HOME=$work XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config XDG_STATE_HOME=$work/state \
    LANG=C.UTF-8 $HECTOR $view_arg --opponent human --sound off --speech off --speech-log $work/speech.log
EOF
chmod +x "$work/say.sh" "$work/run.sh"
: > "$work/said.tsv"
: > "$work/keys.tsv"

if ((BUSY)); then
    yes >/dev/null & load_pids+=($!)
    yes >/dev/null & load_pids+=($!)
fi

# The scripted game: keys for each ply (file, rank, Enter on the piece; file, rank, Enter on its target), a query
# after each ply; after 20 plies a new game.
plies=(e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 f3g5 d7d5 e4d5 c6a5 c4b5 c7c6 d5c6 b7c6 b5e2 h7h6 g5f3 e5e4 f3e5 f8d6)
queries=(s l w c o)
script=()
while ((${#script[@]} < KEYS)); do
    i=0
    for ply in "${plies[@]}"; do
        script+=("M-${ply:0:1}" "${ply:1:1}" Enter "M-${ply:2:1}" "${ply:3:1}" Enter "${queries[i % 5]}")
        i=$((i + 1))
    done
    script+=(C-g y)
done
script=("${script[@]:0:KEYS}")

opts="speech#driver=genericDriver;speech#genericSpeechCommand=$work/say.sh fenrirRate \"fenrirText\";"
opts+="sound#enabled=False;remote#enable=False;general#shell=$work/run.sh;general#hasAttributes=$ATTRIBUTES;keyboard#interruptOnKeyPress=$INTERRUPT"
launch=$(date +%s.%N)
echo "$launch" > "$work/launch"
tmux -L "$sock" -f /dev/null new-session -d -s f -x 80 -y 24 \
    "LANG=C.UTF-8 fenrir -e -o '$opts' 2>$work/fenrir.err"
# The start: wait until fenrir has been quiet (every utterance finished) for 2 s, at most 60 s.
python3 - "$work/said.tsv" <<'EOF'
import sys, time
deadline = time.time() + 60
while time.time() < deadline:
    time.sleep(0.5)
    rows = [l.split('\t') for l in open(sys.argv[1]).read().splitlines()]
    starts = {r[1] for r in rows if r[0] == 'S' and r[-1] != 'Start Fenrir'}
    ends = {r[1]: float(r[2]) for r in rows if r[0] == 'E'}
    if starts and starts <= set(ends) and time.time() - max(ends.values()) > 2:
        break
EOF
for key in "${script[@]}"; do
    printf 'K\t%s\t%s\n' "$(date +%s.%N)" "$key" >> "$work/keys.tsv"
    tmux -L "$sock" send-keys -t f "$key"
    sleep "$GAP"
done
sleep 5
tmux -L "$sock" capture-pane -p -t f > "$work/screen.txt"

conditions="view $VIEW, board $BOARD, interruptOnKeyPress=$INTERRUPT, hasAttributes=$ATTRIBUTES, $KEYS keys one every ${GAP}s, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
((BUSY)) && conditions+=", busy (two yes >/dev/null)"
echo "$conditions" > "$work/conditions"
fi
python3 - "$work" <<'EOF'
import re, statistics, subprocess, sys
from datetime import datetime

work = sys.argv[1]
launch = float(open(f'{work}/launch').read())
conditions = open(f'{work}/conditions').read().strip()

def words(text):
    return re.sub(r'[\W_]+', ' ', text.lower()).split()

# fenrir's utterances: start time, end time (None when fenrir stopped it), text. A process id is used again in a
# long run: an E line ends the latest utterance of its process.
utterances, latest, rate = [], {}, '175'
for line in open(f'{work}/said.tsv', encoding='utf-8', errors='replace'):
    r = line.rstrip('\n').split('\t')
    if r[0] == 'S' and len(r) >= 5:
        latest[r[1]] = len(utterances)
        utterances.append([float(r[2]), None, r[4]])
        rate = r[3].split('.')[0] or rate
    elif r[0] == 'E' and len(r) >= 3 and r[1] in latest:
        utterances[latest.pop(r[1])][1] = float(r[2])
utterances = sorted(tuple(u) for u in utterances if u[2] not in ('Start Fenrir', 'pychant is not installed'))

# hector's speech log: time, text.
heard = []
for line in open(f'{work}/speech.log', encoding='utf-8'):
    stamp, _, text = line.rstrip('\n').partition('\t')
    t = datetime.strptime(stamp, '%Y-%m-%dT%H:%M:%S.%fZ').replace(tzinfo=__import__('datetime').timezone.utc)
    heard.append((t.timestamp(), text))
keys = [(float(r[1]), r[2]) for r in (l.rstrip('\n').split('\t') for l in open(f'{work}/keys.tsv'))]

def holds(utterance, answer):
    """The answer's words in the utterance in order, at most two other words between two of them (fenrir says
    "slash", "dash" in a path)."""
    u, a = words(utterance), words(answer)
    if not a:
        return True
    for s in range(len(u)):
        if u[s] != a[0]:
            continue
        i, gap = s, 0
        for w in a[1:]:
            j = i + 1
            while j < len(u) and u[j] != w and j - i <= 3:
                j += 1
            if j >= len(u) or u[j] != w:
                break
            i = j
        else:
            return True
    return False

def before(utterance, answer):
    """Words of the utterance before the answer."""
    u, a = words(utterance), words(answer)
    for s in range(len(u)):
        if u[s:s + 1] == a[:1] and holds(' '.join(u[s:]), answer):
            return s
    return len(u)

# The start.
first_heard = heard[0] if heard else None
print(f'conditions: {conditions}')
if first_heard:
    greet = next((u for u in utterances if holds(u[2], first_heard[1])), None)
    quiet = max((e or t) for t, e, _ in utterances if t < keys[0][0]) if keys else None
    spoken_first = utterances and greet is utterances[0]
    print(f'start: greeting {first_heard[1]!r} logged {first_heard[0] - launch:.2f} s after launch; fenrir began '
          f'it {greet[0] - launch:.2f} s after launch' if greet else 'start: greeting never spoken',
          f'({"the first thing said" if spoken_first else "NOT the first thing said"}); fenrir spoke until '
          f'{quiet - launch:.1f} s after launch' if quiet else '')

def duration(text):
    """How long espeak-ng speaks the text at fenrir's rate."""
    out = subprocess.run(['espeak-ng', '-s', rate, '--stdout', '--', text], capture_output=True).stdout
    return max(len(out) - 44, 0) / 44100

answered = first = very_first = no_answer = 0
lags, dropped, late_first, cut, cut_keys = [], [], [], 0, []
behind_long = 0
gap = statistics.median(b[0] - a[0] for a, b in zip(keys, keys[1:])) if len(keys) > 1 else 1.2
for i, (k, key) in enumerate(keys):
    nxt = keys[i + 1][0] if i + 1 < len(keys) else k + 30
    answer = next((text for t, text in heard if k <= t < nxt), None)
    if answer is None:
        no_answer += 1
        continue
    # Utterances without a word (the silent mark of plain mode, "_", which fenrir gives its speech as " ") are
    # heard as nothing.
    after = [u for u in utterances if k <= u[0] < k + 60 and words(u[2])]
    hit = next((u for u in after if holds(u[2], answer)), None)
    # Spoken for this key: before the next key's answer is spoken (a later repeat does not count).
    if hit is None:
        dropped.append((i, key, answer))
        continue
    answered += 1
    lags.append(hit[0] - k)
    if hit[1] is None:
        # Stopped: by the next utterance's start. The answer was heard whole when the words up to its end fit.
        stop = next((u[0] for u in utterances if u[0] > hit[0]), hit[0] + 60)
        u = words(hit[2])
        upto = ' '.join(u[:before(hit[2], answer) + len(words(answer))])
        if stop - hit[0] < duration(upto):
            cut += 1
            cut_keys.append((i, key, answer, stop - hit[0]))
    if after[0] is hit and before(hit[2], answer) <= 6:
        first += 1
        if words(hit[2])[:before(hit[2], answer)] in ([], ['again']):
            very_first += 1
    else:
        late_first.append((i, key, answer, after[0][2][:80]))
        # Why: fenrir was still speaking (without a pause) since an utterance (an answer and the rows read with it)
        # longer than the gap between keys.
        t, longest = k, 0.0
        for s, e, _ in reversed([u for u in utterances if u[0] < k and words(u[2])]):
            end = e if e is not None else next((u[0] for u in utterances if u[0] > s), s)
            if end < t - 0.15:
                break
            longest, t = max(longest, end - s), s
        if longest > gap:
            behind_long += 1

n = len(keys) - no_answer
def pct(x):
    return f'{100 * x / n:.1f} %' if n else '-'
print(f'keys: {len(keys)}; with an answer in hector\'s speech log: {n} (none: {no_answer})')
print(f'answered (spoken by fenrir): {answered}/{n} = {pct(answered)}; dropped: {len(dropped)}')
print(f'answered first: {first}/{n} = {pct(first)}; with not a word before the answer (but "Again"): '
      f'{very_first}/{n} = {pct(very_first)}')
if lags:
    q = statistics.quantiles(lags, n=10) if len(lags) > 1 else [lags[0]] * 9
    print(f'answer lag (key -> answer utterance starts): median {statistics.median(lags):.2f} s, '
          f'90th percentile {q[8]:.2f} s, max {max(lags):.2f} s')
print(f'answers cut off by fenrir before their last word: {cut}')
if late_first:
    print(f'not first: {len(late_first)}, of them {behind_long} while fenrir was still saying (without a pause) '
          f'an earlier utterance longer than the {gap:.1f} s between keys')
for i, key, answer, spoke in cut_keys[:10]:
    print(f'  cut off: key {i} {key}: {answer!r} after {spoke:.2f} s')
for i, key, answer in dropped[:10]:
    print(f'  dropped: key {i} {key}: {answer!r}')
for i, key, answer, said in late_first[:int(__import__("os").environ.get("SHOW", "10"))]:
    print(f'  not first: key {i} {key}: {answer!r}; first said {said!r}')
EOF
