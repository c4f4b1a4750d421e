#!/bin/sh
# A fake engine for tests: on `uci` it floods its output with lines and never says `uciok`.
read -r line
yes "info string flood flood flood flood flood flood flood flood flood flood flood flood"
