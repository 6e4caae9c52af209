"""Connect6 as an OpenSpiel game written in Python, so that OpenSpiel's MCTS bot can play it.

OpenSpiel has no Connect6 of its own. This registers `python_connect6` through OpenSpiel's
Python-game interface (the way its own `python_tic_tac_toe` is written), with our rules:
19x19 by default (`size`), Black puts one stone, then each side puts two a turn; six or more
in a row win; a full board without one is a draw.

An OpenSpiel action is one stone, so a turn of two stones is two actions by the same player,
and the bot searches each stone on its own. The game ends at the stone that makes six: ours
puts the pair's second stone down all the same, which changes nothing (the turn has won), so
the adapter adds any empty point to complete the pair.

OpenSpiel's Python MCTS bot drives it (its C++ bot cannot call a Python game). Its random
rollouts through OpenSpiel's state interface take 10 s for 1,000 simulations here, so
[`RandomRollouts`] plays them on a plain copy of the board instead: the same uniformly
random stones to the end of the game, at about a tenth of the cost.

Points are GTP's (`J10`: columns A-T without I, rows from the bottom); action = (row - 1) *
size + column.
"""

import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

NAME = "python_connect6"
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
DEFAULT_SIZE = 19
WIN_LENGTH = 6
EMPTY, BLACK, WHITE = 0, 1, 2

_GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Python Connect6",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={"size": DEFAULT_SIZE},
)


def point_text(action, size):
    """The GTP point of an action (`J10`)."""
    row, column = divmod(action, size)
    return f"{COLUMNS[column]}{row + 1}"


def parse_points(text, size):
    """The actions of a turn's text (`J10`, `J10K11`, any case), or None if it is not one."""
    text = text.strip().upper()
    points = []
    i = 0
    while i < len(text):
        column = COLUMNS.find(text[i])
        j = i + 1
        while j < len(text) and text[j].isdigit():
            j += 1
        if column < 0 or column >= size or j == i + 1:
            return None
        row = int(text[i + 1:j]) - 1
        if not 0 <= row < size:
            return None
        points.append(row * size + column)
        i = j
    return points if 1 <= len(points) <= 2 else None


class Connect6Game(pyspiel.Game):
    """Connect6 on a square board of `size` points a side."""

    def __init__(self, params=None):
        self.size = int((params or {}).get("size", DEFAULT_SIZE))
        points = self.size * self.size
        info = pyspiel.GameInfo(
            num_distinct_actions=points,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=points,
        )
        super().__init__(_GAME_TYPE, info, {"size": self.size})

    def new_initial_state(self):
        return Connect6State(self)


class Connect6State(pyspiel.State):
    """A position: the points, whose stone is next, and the winner if any."""

    def __init__(self, game):
        super().__init__(game)
        self.size = game.size
        self.board = [EMPTY] * (self.size * self.size)
        self.stones = 0
        self.winner = None

    def current_player(self):
        if self.winner is not None or self.stones == len(self.board):
            return pyspiel.PlayerId.TERMINAL
        # Stones 0 | 1 2 | 3 4 | ...: Black puts stone 0, then turns of two alternate.
        return ((self.stones + 1) // 2) % 2

    def _legal_actions(self, player):
        return [i for i, v in enumerate(self.board) if v == EMPTY]

    def _apply_action(self, action):
        colour = BLACK + self.current_player()
        self.board[action] = colour
        self.stones += 1
        if self._makes_six(action, colour):
            self.winner = colour - BLACK

    def _makes_six(self, action, colour):
        size, board = self.size, self.board
        row, column = divmod(action, size)
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            run = 1
            for sign in (1, -1):
                r, c = row + sign * dr, column + sign * dc
                while 0 <= r < size and 0 <= c < size and board[r * size + c] == colour:
                    run += 1
                    r += sign * dr
                    c += sign * dc
            if run >= WIN_LENGTH:
                return True
        return False

    def _action_to_string(self, player, action):
        return point_text(action, self.size)

    def is_terminal(self):
        return self.winner is not None or self.stones == len(self.board)

    def returns(self):
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def __str__(self):
        marks = ".XO"
        rows = []
        for row in reversed(range(self.size)):
            line = self.board[row * self.size:(row + 1) * self.size]
            rows.append("".join(marks[v] for v in line))
        return "\n".join(rows)

    def rollout_value(self, rng):
        """Black's result (1, 0, -1) after uniformly random stones to the end of the game:
        OpenSpiel's random rollout, on a copy of the board."""
        if self.winner is not None:
            return 1.0 if self.winner == 0 else -1.0
        board = list(self.board)
        empties = [i for i, v in enumerate(board) if v == EMPTY]
        rng.shuffle(empties)
        stones = self.stones
        scratch = _Scratch(self.size, board)
        for action in empties:
            colour = BLACK + ((stones + 1) // 2) % 2
            board[action] = colour
            stones += 1
            if scratch.makes_six(action, colour):
                return 1.0 if colour == BLACK else -1.0
        return 0.0


class _Scratch:
    """The win test of [`Connect6State`] on a bare board, for rollouts."""

    def __init__(self, size, board):
        self.size = size
        self.board = board

    makes_six = Connect6State._makes_six


class RandomRollouts(mcts.Evaluator):
    """OpenSpiel's `RandomRolloutEvaluator` for this game (one rollout a leaf, uniform
    priors), its rollouts played by [`Connect6State.rollout_value`]."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def evaluate(self, state):
        black = state.rollout_value(self.rng)
        return np.array([black, -black])

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


pyspiel.register_game(_GAME_TYPE, Connect6Game)
