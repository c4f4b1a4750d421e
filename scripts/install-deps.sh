#!/usr/bin/env bash
# Installs what hector needs on Debian 12 (as root, or with sudo): the Debian packages, python-chess for the
# differential tests, and checks the Rust toolchain. Safe to run again: it installs only what is missing.
# With --tests also what the tests need: a virtual sound card (PulseAudio null sink) for tests/speech_sound.rs.
set -euo pipefail

# speech-dispatcher-espeak-ng is speech-dispatcher's real voice: without it (apt-get --no-install-recommends
# leaves it out) speech-dispatcher runs only its dummy module, which plays a canned recording instead of a move.
PACKAGES=(pkg-config libasound2-dev libudev-dev libspeechd-dev libclang-dev speech-dispatcher
          speech-dispatcher-espeak-ng espeak-ng stockfish tmux sox python3 python3-pip liblouis-dev liblouis-data
          liblouis-bin)
if [ "${1:-}" = "--tests" ]; then
  PACKAGES+=(pulseaudio pulseaudio-utils libasound2-plugins fenrir strace)
fi

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else echo "hector: need root (or sudo) to run: $*" >&2; exit 1
  fi
}

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# python3 may come from elsewhere (pyenv); do not install Debian's only for that.
if command -v python3 >/dev/null 2>&1; then
  missing=("${missing[@]/python3}"); missing=("${missing[@]/python3-pip}")
fi
filtered=(); for p in "${missing[@]}"; do [ -n "$p" ] && filtered+=("$p"); done
if [ "${#filtered[@]}" -gt 0 ]; then
  echo "hector: installing Debian packages: ${filtered[*]} (speech, sound, the Stockfish engine, and what building needs)" >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${filtered[@]}" >/dev/null
fi

# The whole speech chain: speech-dispatcher must list a real output module, not only its dummy.
if [ -d /usr/lib/speech-dispatcher-modules ] && ! ls /usr/lib/speech-dispatcher-modules/sd_espeak-ng >/dev/null 2>&1; then
  echo "hector: speech-dispatcher has no espeak-ng module: apt-get install speech-dispatcher-espeak-ng" >&2
  exit 1
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "hector: Rust (cargo 1.95 or newer) is needed; install it with rustup from rustup.rs, then run this again" >&2
  exit 1
fi

if [ "${1:-}" = "--tests" ]; then
  if ! python3 -c 'import chess, sys; sys.exit(0 if chess.__version__ == "1.11.2" else 1)' 2>/dev/null; then
    echo "hector: installing python-chess 1.11.2 (the differential tests' oracle)" >&2
    python3 -m pip install -q chess==1.11.2 2>/dev/null \
      || python3 -m pip install -q --break-system-packages chess==1.11.2 \
      || python3 -m pip install -q --user --break-system-packages chess==1.11.2
  fi
fi
