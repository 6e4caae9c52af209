#!/usr/bin/env python3
"""OpenSpiel's MCTS bot as a player program in the CodeCup dialogue: the baseline opponent.

The arena starts the program once per game. It reads `start` (it moves first) or the
opponent's move, answers with one line holding its own move, and exits on `end`. Moves are
written as olympiad writes them, which for these games is OpenSpiel's own text:

    clobber          a1b1 (from-to); OpenSpiel's first player holds a1, as Black does here
    hex              a1..k11 and swap (OpenSpiel's `hex`, `--param swap=true` for ours)
    lines_of_action  b1-b3, c1xa3
    connect6         J10, J10K11: OpenSpiel has no Connect6; scripts/openspiel_connect6.py
                     writes ours as an OpenSpiel game in Python, where a stone is an action,
                     so the bot searches each stone of its pair on its own

The arena speaks GTP, HTP or the Connect6 protocol to `cmd:` programs of these games, so
name this one `codecup:`.

Hex's swap is the one translation. Ours exchanges the players' roles and leaves the stone
where it stands; OpenSpiel's is swap-pieces: the stone is mirrored across the long diagonal
(c2 becomes b3) and recoloured, and the colours stay with the players. The two positions are
each other's mirror image with the colours exchanged, so after a swap every cell passes
through that mirror on its way in and out of OpenSpiel's state, and the games stay the same.

The bot is OpenSpiel's `MCTSBot` (UCT over random rollouts, exact values for solved
subtrees) with a fixed number of simulations per move, as the Olympiad issue's baseline
asks ("OpenSpiel's MCTS bot at 1,000 simulations per move"). OpenSpiel has it twice, in C++
(`pyspiel.MCTSBot`, the default here: about 15 times faster on 11x11 Hex) and in Python
(`open_spiel.python.algorithms.mcts`, `--implementation python`, and always for Connect6,
a Python game the C++ bot cannot drive); the two are the same algorithm with the same
parameters:

    pip install open_spiel
    olympiad match clobber builtin:alphabeta:movetime=1000 \
      "codecup:scripts/openspiel-mcts-player.py clobber --param rows=10 --param columns=10" \
      --games 100 --tc 900 --out clobber-vs-mcts

Where OpenSpiel's rules end a game that ours go on with (Lines of Action: OpenSpiel draws
on the second repetition and a stuck player loses; ours draw on the third and pass), the
bot cannot move: it says so on stderr and exits with code 3, and the arena scores that game
as its fault. A move that is not legal in OpenSpiel's state: stderr names it, exit code 2.
"""

import argparse
import os
import sys

import numpy as np
import pyspiel

from openspiel_params import add_param_option, game_params
from open_spiel.python.algorithms import mcts

# The games whose move texts OpenSpiel and olympiad write alike (Hex but for its swap).
SAME_TEXT = {"clobber", "hex", "lines_of_action"}

# The game OpenSpiel lacks, written for it in scripts/openspiel_connect6.py.
CONNECT6 = "connect6"

# Hex's swap, in both programs' texts.
SWAP = "swap"


def mirrored(cell):
    """A Hex cell mirrored across the long diagonal: column and row change places (c2 -> b3)."""
    column = ord(cell[0]) - ord("a")
    row = int(cell[1:]) - 1
    return f"{chr(ord('a') + row)}{column + 1}"


class Translation:
    """Move texts between ours and OpenSpiel's, either way: the same, or mirrored after a
    Hex swap (the mirror is its own inverse)."""

    def __init__(self):
        self.mirror = False

    def __call__(self, text):
        if text == SWAP:
            self.mirror = True
            return text
        return mirrored(text) if self.mirror else text


def find_action(state, text):
    """OpenSpiel's action for the move text `text` in `state`, or None."""
    for action in state.legal_actions():
        if state.action_to_string(action) == text:
            return action
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(SAME_TEXT | {CONNECT6}),
                        help="OpenSpiel's name of the game, or connect6")
    add_param_option(parser)
    parser.add_argument("--simulations", type=int, default=1000,
                        help="MCTS simulations per move (default 1000)")
    parser.add_argument("--rollouts", type=int, default=1,
                        help="random rollouts per leaf evaluation (default 1)")
    parser.add_argument("--uct-c", type=float, default=2.0,
                        help="UCT's exploration constant (default 2, OpenSpiel's example)")
    parser.add_argument("--seed", type=int, default=None,
                        help="random seed (default: a new one each game)")
    parser.add_argument("--implementation", choices=["cpp", "python"], default=None,
                        help="OpenSpiel's C++ MCTSBot (the default) or its Python one (the "
                             "only one for connect6)")
    args = parser.parse_args()
    params = game_params(parser, args.param)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little") & 0x7FFFFFFF
    if args.game == CONNECT6:
        if args.implementation == "cpp":
            parser.error("connect6 is a Python game: OpenSpiel's C++ bot cannot drive it")
        import openspiel_connect6 as connect6
        game = pyspiel.load_game(connect6.NAME, params)
        rng = np.random.RandomState(seed)
        evaluator = connect6.RandomRollouts(seed)
        bot = mcts.MCTSBot(game, uct_c=args.uct_c, max_simulations=args.simulations,
                           evaluator=evaluator, solve=True, random_state=rng)
        return connect6_dialogue(game, bot, connect6)
    game = pyspiel.load_game(args.game, params)
    if args.implementation in (None, "cpp"):
        evaluator = pyspiel.RandomRolloutEvaluator(args.rollouts, seed)
        bot = pyspiel.MCTSBot(game, evaluator, args.uct_c, args.simulations,
                              1000, True, seed, False)
    else:
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=args.rollouts, random_state=rng)
        bot = mcts.MCTSBot(game, uct_c=args.uct_c, max_simulations=args.simulations,
                           evaluator=evaluator, solve=True, random_state=rng)
    state = game.new_initial_state()
    translation = Translation()

    def our_move():
        if state.is_terminal():
            print(f"openspiel-mcts-player: OpenSpiel's rules ended the game "
                  f"(returns {state.returns()}) but the referee asks for a move",
                  file=sys.stderr)
            sys.exit(3)
        action = bot.step(state)
        text = translation(state.action_to_string(action))
        state.apply_action(action)
        print(text, flush=True)

    for number, line in enumerate(sys.stdin, start=1):
        text = line.strip()
        if text in ("start", "Start", "START"):
            our_move()
        elif text in ("end", "End", "END", "quit", "Quit"):
            # At once: the referee gives a finished player a moment only, and the
            # interpreter's teardown (numpy, scipy) can take longer than that.
            os._exit(0)
        else:
            action = None
            if not state.is_terminal():
                action = find_action(state, translation(text))
            if action is None:
                print(f"openspiel-mcts-player: line {number}: '{text}' is not a legal move "
                      f"here (OpenSpiel's {args.game}, move {state.move_number() + 1})",
                      file=sys.stderr)
                sys.exit(2)
            state.apply_action(action)
            our_move()


def connect6_dialogue(game, bot, connect6):
    """The CodeCup dialogue for Connect6: turns of one stone (Black's first) or two."""
    state = game.new_initial_state()

    def our_turn():
        if state.is_terminal():
            print(f"openspiel-mcts-player: the game is over (returns {state.returns()}) "
                  f"but the referee asks for a move", file=sys.stderr)
            sys.exit(3)
        stones = 1 if state.stones == 0 else 2
        points = []
        for _ in range(stones):
            if state.is_terminal():
                # The first stone made six: ours puts a second down all the same.
                if state.stones < len(state.board):
                    points.append(next(i for i, v in enumerate(state.board)
                                       if v == connect6.EMPTY))
                break
            action = bot.step(state)
            state.apply_action(action)
            points.append(action)
        print("".join(connect6.point_text(a, state.size) for a in points), flush=True)

    for number, line in enumerate(sys.stdin, start=1):
        text = line.strip()
        if text in ("start", "Start", "START"):
            our_turn()
        elif text in ("end", "End", "END", "quit", "Quit"):
            os._exit(0)
        else:
            points = connect6.parse_points(text, state.size)
            legal = points is not None and len(set(points)) == len(points)
            for action in points or []:
                if not legal or state.is_terminal() or state.board[action] != connect6.EMPTY:
                    legal = False
                    break
                state.apply_action(action)
            if not legal:
                print(f"openspiel-mcts-player: line {number}: '{text}' is not a legal turn "
                      f"here (stone {state.stones + 1})", file=sys.stderr)
                sys.exit(2)
            our_turn()


if __name__ == "__main__":
    main()
