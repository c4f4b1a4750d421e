#!/usr/bin/env bash
# Measures hector's full-screen view in tmux at 80x24, and chess-tui beside it in the same run when it is
# installed (cargo install chess-tui --locked; or CHESS_TUI=/path/to/chess-tui):
#   - start-up: launch to the first announcement (speech log) and to the first screen (capture-pane);
#   - resident memory (VmRSS) after start-up, without the engine;
#   - idle: bytes written to the terminal (tmux pipe-pane) and CPU time used over IDLE seconds (default 30)
#     while no key is pressed.
# Usage: bash benches/screen_measure.sh            (release build; IDLE=30 RUNS=5 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
IDLE=${IDLE:-30}
RUNS=${RUNS:-5}
cargo build --release --locked --quiet
HECTOR=$PWD/target/release/hector
CHESS_TUI=${CHESS_TUI:-$(command -v chess-tui || true)}
work=$(mktemp -d)
sock=hector-measure-$$
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
tick=$(getconf CLK_TCK)

now_ms() { date +%s%3N; }

# The process of a pane running PROGRAM: the pane's own process, or its child of that name.
pid_of() {
    local pane_pid comm
    pane_pid=$(tmux -L "$sock" display-message -p -t "$1" '#{pane_pid}')
    comm=$(cat /proc/"$pane_pid"/comm)
    if [[ $comm == "$2"* ]]; then echo "$pane_pid"; else pgrep -P "$pane_pid" -x "$2" | head -1; fi
}

cpu_ticks() { awk '{print $14 + $15}' /proc/"$1"/stat; }
rss_kb() { awk '/^VmRSS/ {print $2}' /proc/"$1"/status; }

# Waits until the pane shows at least 100 non-blank characters (chess-tui's menu at 80x24 has 181, hector's
# board far more); prints the milliseconds since $2.
first_screen() {
    local t
    while true; do
        t=$(now_ms)
        if (( $(tmux -L "$sock" capture-pane -p -t "$1" | tr -d ' \n' | wc -m) >= 100 )); then
            echo $(( t - $2 )); return
        fi
        if (( t - $2 > 20000 )); then echo "none-in-20s"; return; fi
        sleep 0.005
    done
}

# Waits for the first line of a speech log; prints the milliseconds from $2 to its time stamp.
first_announcement() {
    while [[ ! -s $1 ]]; do sleep 0.005; done
    local stamp ms
    stamp=$(head -1 "$1" | cut -f1)
    ms=$(date -d "$stamp" +%s%3N)
    echo $(( ms - $2 ))
}

# start NAME COMMAND: a new detached tmux session of 80x24 running COMMAND in a clean home.
start() {
    local name=$1; shift
    mkdir -p "$work/$name/data" "$work/$name/config" "$work/$name/home"
    tmux -L "$sock" -f /dev/null new-session -d -s "$name" -x 80 -y 24 \
        "env HOME=$work/$name/home XDG_DATA_HOME=$work/$name/data XDG_CONFIG_HOME=$work/$name/config TERM=xterm-256color $*"
}

# idle NAME PROGRAM: bytes written and CPU used over IDLE seconds, and the resident memory.
idle() {
    local pid b0 b1 c0 c1 rss out=$work/$1.pipe
    pid=$(pid_of "$1" "$2")
    rss=$(rss_kb "$pid")
    : > "$out"
    tmux -L "$sock" pipe-pane -t "$1" -o "cat >> $out"
    sleep 1
    b0=$(stat -c %s "$out"); c0=$(cpu_ticks "$pid")
    sleep "$IDLE"
    b1=$(stat -c %s "$out"); c1=$(cpu_ticks "$pid")
    tmux -L "$sock" pipe-pane -t "$1"
    printf '%-44s RSS %6d KiB; idle %ss: %6d bytes written (%.1f B/s), CPU %.2f s (%.2f %%)\n' \
        "$1" "$rss" "$IDLE" $(( b1 - b0 )) "$(echo "($b1 - $b0) / $IDLE" | bc -l)" \
        "$(echo "($c1 - $c0) / $tick" | bc -l)" "$(echo "100 * ($c1 - $c0) / $tick / $IDLE" | bc -l)"
}

median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

echo "== start-up, median of $RUNS runs (ms) =="
for variant in "human:--opponent human" "engine:" "engine+speech:--speech on"; do
    name=${variant%%:*}; args=${variant#*:}
    speech="--speech off"; [[ $name == *speech* ]] && speech=""
    ann=(); scr=()
    for i in $(seq "$RUNS"); do
        s="$name-$i"; log="$work/$s.log"
        t0=$(now_ms)
        start "$s" "$HECTOR" $speech --sound off $args --speech-log "$log"
        scr+=("$(first_screen "$s" "$t0")")
        ann+=("$(first_announcement "$log" "$t0")")
        tmux -L "$sock" kill-session -t "$s"
    done
    printf 'hector %-14s first announcement %4s ms, first screen %4s ms\n' "($name)" \
        "$(printf '%s\n' "${ann[@]}" | median)" "$(printf '%s\n' "${scr[@]}" | median)"
done
if [[ -n $CHESS_TUI ]]; then
    scr=()
    for i in $(seq "$RUNS"); do
        t0=$(now_ms)
        start "tui-$i" "$CHESS_TUI"
        scr+=("$(first_screen "tui-$i" "$t0")")
        tmux -L "$sock" kill-session -t "tui-$i"
    done
    printf 'chess-tui %-11s first screen %4s ms (%s)\n' "" "$(printf '%s\n' "${scr[@]}" | median)" "$("$CHESS_TUI" --version 2>/dev/null | head -1)"
else
    echo "chess-tui: not installed (cargo install chess-tui --locked), not measured"
fi

echo "== idle, ${IDLE}s without a key =="
start hector-no-engine "$HECTOR" --speech off --sound off --opponent human
sleep 1
idle hector-no-engine hector
start hector-clock-minutes "$HECTOR" --speech off --sound off --opponent human --time 90m+30s
sleep 1
idle hector-clock-minutes hector
start hector-engine "$HECTOR" --speech off --sound off
sleep 1
idle hector-engine hector
if [[ -n $CHESS_TUI ]]; then
    start chess-tui "$CHESS_TUI"
    sleep 1
    idle chess-tui chess-tui
fi
