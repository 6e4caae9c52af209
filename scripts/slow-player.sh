#!/bin/sh
# A player program that thinks for a while: `olympiad play GAME` (its default engine, the
# game's own protocol) behind a pause before each line it reads, so that games of engines
# that answer at once (random movers) can be watched move by move in the web viewer.
# Usage in a player spec: cmd:sh scripts/slow-player.sh OLYMPIAD GAME SECONDS
olympiad=$1 game=$2 pause=$3
while IFS= read -r line; do
  sleep "$pause"
  printf '%s\n' "$line"
done | "$olympiad" play "$game"
