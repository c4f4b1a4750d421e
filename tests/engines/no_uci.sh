#!/bin/sh
# A fake engine for tests: reads every command and never answers, not even `uci`.
while IFS= read -r line; do
    :
done
