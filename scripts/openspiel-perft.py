#!/usr/bin/env python3
"""Perft by OpenSpiel (PyPI `open_spiel`), the independent oracle for our move generators.

Counts the sequences of exactly DEPTH moves (a finished game is no leaf) from the start of
an OpenSpiel game, after the given moves (OpenSpiel's own move texts), for depths 1..DEPTH.

    pip install open_spiel
    scripts/openspiel-perft.py clobber 4 --param rows=10 --param columns=10
    scripts/openspiel-perft.py clobber 3 --param rows=10 --param columns=10 --moves "b8c8 c2c1"

Compare with `olympiad perft GAME DEPTH` (for Clobber OpenSpiel's first player holds a1,
as ours does, and writes moves as we do: `a1b1`).
"""

import argparse
import sys
import time

import pyspiel

from openspiel_params import add_param_option, game_params


def perft(state, depth):
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(perft(state.child(a), depth - 1) for a in actions)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="OpenSpiel's name of the game (clobber, hex, ...)")
    parser.add_argument("depth", type=int, help="the deepest count")
    add_param_option(parser)
    parser.add_argument("--moves", default="", help="moves played first, blank-separated")
    args = parser.parse_args()
    params = game_params(parser, args.param)
    state = pyspiel.load_game(args.game, params).new_initial_state()
    for text in args.moves.split():
        found = [a for a in state.legal_actions() if state.action_to_string(a) == text]
        if not found:
            sys.exit(f"move '{text}' is not legal here (OpenSpiel's texts)")
        state = state.child(found[0])
    for depth in range(1, args.depth + 1):
        start = time.time()
        print(f"depth {depth}: {perft(state, depth)} ({time.time() - start:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
