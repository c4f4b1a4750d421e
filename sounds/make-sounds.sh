#!/bin/sh
# make-sounds.sh: make hector's sounds with sox (WAV, 16-bit, mono, 22050 Hz, each under 300 ms).
#
#   sounds/make-sounds.sh            (from anywhere; writes beside this script)
#
# Every sound differs from the others by pitch and rhythm, not only by loudness. The output is
# deterministic (no dither), so running this again changes no file. Licence: GPL-3.0-or-later, like hector.
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Each part goes to its own temporary file (the helpers run in subshells) and prints its name.
# tone SECONDS WAVE FREQ[-FREQ2] GAIN: one part with a short fade in and out.
tone() {
  f=$(mktemp -p "$tmp" XXXXXX.wav)
  sox -D -n -r 22050 -b 16 -c 1 "$f" synth "$1" "$2" "$3" fade q 0.004 "$1" 0.012 vol "$4"
  echo "$f"
}
# thud SECONDS WAVE FREQ GAIN: a tone that dies away at once (fades out over its whole length).
thud() {
  f=$(mktemp -p "$tmp" XXXXXX.wav)
  sox -D -n -r 22050 -b 16 -c 1 "$f" synth "$1" "$2" "$3" fade q 0.002 "$1" "$1" vol "$4"
  echo "$f"
}
# gap SECONDS: silence.
gap() {
  f=$(mktemp -p "$tmp" XXXXXX.wav)
  sox -D -n -r 22050 -b 16 -c 1 "$f" trim 0 "$1"
  echo "$f"
}
# out NAME PARTS...: join the parts.
out() {
  name=$1
  shift
  sox -D "$@" -b 16 "$name"
}

# move: one soft mid tone.
out move.wav "$(tone 0.08 sine 660 0.35)"
# capture: two quick high tones.
out capture.wav "$(tone 0.045 sine 990 0.5)" "$(gap 0.03)" "$(tone 0.045 sine 990 0.5)"
# check: a rising pair.
out check.wav "$(tone 0.08 sine 587 0.5)" "$(gap 0.02)" "$(tone 0.1 sine 880 0.5)"
# illegal (refused input): a low buzz.
out illegal.wav "$(tone 0.2 square 140 0.25)"
# edge (board edge): a short low thud.
out edge.wav "$(thud 0.07 triangle 220 0.6)"
# low_time: three short high beeps.
out low_time.wav "$(tone 0.04 sine 1760 0.4)" "$(gap 0.035)" "$(tone 0.04 sine 1760 0.4)" "$(gap 0.035)" \
  "$(tone 0.04 sine 1760 0.4)"
# flag_fall: a long falling tone.
out flag_fall.wav "$(tone 0.28 sine 1200-300 0.5)"
# game_end: a rising arpeggio C E G C.
out game_end.wav "$(tone 0.055 sine 523 0.45)" "$(gap 0.015)" "$(tone 0.055 sine 659 0.45)" "$(gap 0.015)" \
  "$(tone 0.055 sine 784 0.45)" "$(gap 0.015)" "$(tone 0.07 sine 1047 0.45)"
# draw_offer: two equal mid tones, slower than capture.
out draw_offer.wav "$(tone 0.09 sine 523 0.45)" "$(gap 0.06)" "$(tone 0.09 sine 523 0.45)"
# pulse (D.2.6.2.1, every 5 minutes): one short low tick.
out pulse.wav "$(thud 0.05 sine 330 0.6)"
# double_pulse (every 15 minutes): two low ticks.
out double_pulse.wav "$(thud 0.05 sine 330 0.6)" "$(gap 0.07)" "$(thud 0.05 sine 330 0.6)"
# final_warning (each minute of the last 5, D.2.6.2.2): a falling high-low pair, sharper than the ticks.
out final_warning.wav "$(tone 0.06 square 1320 0.25)" "$(gap 0.03)" "$(tone 0.09 square 660 0.25)"

for f in move capture check illegal edge low_time flag_fall game_end draw_offer pulse double_pulse final_warning; do
  printf '%-12s %s s\n' "$f" "$(soxi -D "$f.wav")"
done
