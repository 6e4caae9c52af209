#!/usr/bin/env python3
"""Cross-checks olympiad's move generator against OpenSpiel's along random games.

Plays GAMES random games in OpenSpiel (PyPI `open_spiel`) and, at every position of each,
asks `olympiad perft OURS 1 --divide --moves "..."` for our legal moves and compares them
with OpenSpiel's as sets of move texts; at the end of each game it checks that ours is over
too. It stops at the first difference, naming the game, the moves and both move lists.

    pip install open_spiel
    scripts/openspiel-cross-check.py clobber "clobber(rows=5,columns=6)" \
      --param rows=5 --param columns=6 --games 200 --olympiad target/release/olympiad
    scripts/openspiel-cross-check.py hex "hex(size=11,swap=off)" --games 50
    scripts/openspiel-cross-check.py lines_of_action loa --games 20

Where the rules agree: Clobber entirely (OpenSpiel's first player holds a1, as Black does
here; a player without a move loses in both). Hex without the swap (`hex(swap=off)`, OpenSpiel's
`hex` with `swap=false`), endings included; with the swap OpenSpiel plays it as swap-pieces
(the first stone mirrored and recoloured, colours staying with the players) where ours
exchanges the players' colours, so the positions after it match only up to that reflection
and are not compared. Lines of Action in move generation only: where
OpenSpiel ends a game that ours goes on with (a stuck player loses there and passes here;
the second repetition draws there, the third here), the walk stops at that position, and a
position where the player to move has no move is not compared.
"""

import argparse
import random
import subprocess
import sys

import pyspiel

from openspiel_params import add_param_option, game_params


# The games whose endings OpenSpiel and olympiad rule alike: where OpenSpiel's game is over,
# ours must be too (no legal move left).
SAME_END = {"clobber", "hex"}


def our_moves(olympiad, game, moves):
    """Our legal moves (texts) after `moves`."""
    out = subprocess.run(
        [olympiad, "perft", game, "1", "--divide", "--moves", " ".join(moves)],
        capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"olympiad perft after {moves}: {out.stderr.strip()}")
    found = set()
    for line in out.stdout.splitlines():
        mv, sep, count = line.partition(":")
        # `MOVE: COUNT` lines, then the total as `nodes: N`.
        if sep and count.strip().isdigit() and mv.strip() != "nodes":
            found.add(mv.strip())
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("openspiel",
                        help="OpenSpiel's name of the game (clobber, hex, lines_of_action)")
    parser.add_argument("ours", help="olympiad's name of the same game and variant")
    add_param_option(parser)
    parser.add_argument("--games", type=int, default=100, help="random games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--olympiad", default="olympiad", help="the olympiad binary")
    args = parser.parse_args()
    params = game_params(parser, args.param)
    game = pyspiel.load_game(args.openspiel, params)
    rng = random.Random(args.seed)
    positions = 0
    for number in range(1, args.games + 1):
        state = game.new_initial_state()
        moves = []
        while True:
            theirs = {state.action_to_string(a) for a in state.legal_actions()}
            if state.is_terminal() and args.openspiel not in SAME_END:
                break
            ours = our_moves(args.olympiad, args.ours, moves)
            positions += 1
            if ours != theirs:
                sys.exit(
                    f"game {number}, after {len(moves)} moves ({' '.join(moves) or 'none'}):\n"
                    f"  only ours: {sorted(ours - theirs)}\n"
                    f"  only OpenSpiel's: {sorted(theirs - ours)}")
            if state.is_terminal():
                break
            action = rng.choice(state.legal_actions())
            moves.append(state.action_to_string(action))
            state.apply_action(action)
        print(f"game {number}: {len(moves)} moves agree", flush=True)
    print(f"{args.games} games, {positions} positions: the move lists agree")


if __name__ == "__main__":
    main()
