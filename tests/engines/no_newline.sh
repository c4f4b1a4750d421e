#!/bin/sh
# A fake engine for tests: on `uci` it prints forever without ever ending a line.
read -r line
exec tr "\000" "a" < /dev/zero
