#!/usr/bin/env bash
# The screenshots of docs/viewer.md: for each game (caissa, rolit, checkers) it plays the
# tournament of docs/viewer/GAME.toml with `--serve`, takes the live page while games are
# under way, waits for the end, then takes the tournament page and the replay of its first
# game, all with Debian's headless Chromium, into docs/viewer/{live,tournament,replay}-GAME.png.
# Run from the repository root after `cargo build --release` ($OLYMPIAD names another binary).
set -euo pipefail
export OLYMPIAD=${OLYMPIAD:-target/release/olympiad}
olympiad=$OLYMPIAD
shots=docs/viewer
chrome=(chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
  --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars)

shot() { # URL FILE HEIGHT BUDGET_MS
  local profile
  profile=$(mktemp -d)
  timeout 120 "${chrome[@]}" --user-data-dir="$profile" --window-size=1280,"$3" \
    --virtual-time-budget="$4" --screenshot="$2" "$1" 2>/dev/null >/dev/null
  rm -rf "$profile"
}

for game in "${@:-caissa rolit checkers}"; do
  for g in $game; do
    out=$(mktemp -d)
    log="$out/stdout"
    "$olympiad" tournament "$shots/$g.toml" --out "$out/run" --serve 127.0.0.1:0 >"$log" 2>/dev/null &
    pid=$!
    trap 'kill $pid 2>/dev/null || true' EXIT
    until grep -q '^viewer: ' "$log"; do sleep 0.2; done
    url=$(sed -n 's/^viewer: //p' "$log")
    sleep 8
    shot "${url}live?moves=2" "$shots/live-$g.png" 1000 30000
    until grep -q '^still serving' "$log"; do sleep 1; done
    shot "${url}t/0" "$shots/tournament-$g.png" 2400 3000
    first=$(curl -s "${url}t/0" | grep -o '/t/0/game/[a-z0-9-]*' | head -1)
    shot "${url%/}$first?ply=12" "$shots/replay-$g.png" 1100 3000
    kill $pid
    wait $pid 2>/dev/null || true
    rm -rf "$out"
    echo "$g: $shots/live-$g.png $shots/tournament-$g.png $shots/replay-$g.png"
  done
done
