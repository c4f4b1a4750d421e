#!/usr/bin/env bash
# Speech latency of hector, measured from outside (not a test): from the line that makes a move to the first
# audible sample on a virtual sound card, median and worst over a 60-ply game that mixes English UI phrases and
# German board words, beside spd-say of the same words in the same run. See benches/speech_latency.py.
#
#   bash benches/speech_latency.sh [PLIES]        (HECTOR=path/to/hector to measure another build)
#   HECTOR_SPEECH_ENGINES="tts" bash benches/speech_latency.sh   (one backend only; default: both)
#
# Starts its own PulseAudio (null sink) and then its own speech-dispatcher in a temporary folder, so nothing of
# the user's is touched and speech-dispatcher starts after the sound server. Needs pulseaudio,
# pulseaudio-utils, speech-dispatcher and speech-dispatcher-espeak-ng (bash scripts/install-deps.sh --tests).
set -euo pipefail
cd "$(dirname "$0")/.."
for p in pulseaudio pactl parec speech-dispatcher spd-say python3; do
  command -v "$p" >/dev/null || { echo "speech_latency: $p is missing: bash scripts/install-deps.sh --tests" >&2; exit 2; }
done
hector=${HECTOR:-target/debug/hector}
[ -n "${HECTOR:-}" ] || cargo build --locked --quiet
dir=$(mktemp -d /tmp/hector-latency.XXXXXX)
mkdir -p "$dir/run" "$dir/home" "$dir/log" "$dir/config" "$dir/data"
chmod 700 "$dir/run"
export XDG_RUNTIME_DIR="$dir/run" HOME="$dir/home" PULSE_SERVER="$dir/run/pulse/native"
export XDG_CONFIG_HOME="$dir/config" XDG_DATA_HOME="$dir/data"
export SPEECHD_ADDRESS="unix_socket:$dir/run/speechd.sock"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; sleep 0.3; rm -rf "$dir"; }
trap cleanup EXIT
trap "exit 130" INT TERM
pulseaudio -n --daemonize=no --exit-idle-time=-1 --use-pid-file=no \
  --load="module-null-sink sink_name=hector_latency" --load=module-native-protocol-unix >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 50); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
pactl info >/dev/null 2>&1 || { echo "speech_latency: PulseAudio did not start" >&2; exit 2; }
pactl set-default-sink hector_latency
speech-dispatcher -s -t 0 -c unix_socket -S "$dir/run/speechd.sock" -L "$dir/log" -P "$dir/run/speechd.pid" \
  >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -S "$dir/run/speechd.sock" ] && break; sleep 0.1; done
[ -S "$dir/run/speechd.sock" ] || { echo "speech_latency: speech-dispatcher did not start" >&2; exit 2; }
spd-say -O | grep -qv -e '^OUTPUT MODULES' -e dummy \
  || { echo "speech_latency: speech-dispatcher has no real output module (speech-dispatcher-espeak-ng)" >&2; exit 2; }
# A first utterance so that speech-dispatcher's module is loaded before anything is timed, as on a desktop.
spd-say -w -l de "eins" >/dev/null
echo "hector: $hector; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
# Both backends in the same run, the direct one (Linux's default) and the one over the tts crate.
for engine in ${HECTOR_SPEECH_ENGINES:-speech-dispatcher tts}; do
  HECTOR_SPEECH_ENGINE=$engine python3 benches/speech_latency.py "$hector" "${1:-60}"
done
