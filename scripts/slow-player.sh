#!/bin/sh
# A player program that takes its time: `olympiad play GAME` (its default engine, the
# game's own protocol) whose every answer is held back for a pause, so that games of
# engines that answer at once (random movers) can be watched move by move in the web
# viewer. What the referee writes (the end of the game too) reaches the engine at once.
# Usage in a player spec: cmd:sh scripts/slow-player.sh GAME SECONDS
# ($OLYMPIAD names the binary; default target/release/olympiad).
game=$1 pause=$2
"${OLYMPIAD:-target/release/olympiad}" play "$game" | while IFS= read -r line; do
  sleep "$pause"
  printf '%s\n' "$line"
done
