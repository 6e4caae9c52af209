"""A Caïssa player for the tests, over the CodeCup dialogue: 'Start' or the opponent's move
in, its own move out, 'X' (or end of input) stops it. It asks `olympiad show` for the legal
moves and picks one with its own small generator, so that a seed gives the same game on every
machine. With a third argument K it writes the non-move 'a1-a1' as its K-th move.

Usage: caissa_player.py OLYMPIAD SEED [K]
"""
import subprocess
import sys

olympiad = sys.argv[1]
state = int(sys.argv[2])
bad_at = int(sys.argv[3]) if len(sys.argv) > 3 else 0
moves = []
mine = 0


def legal_moves():
    shown = subprocess.run(
        [olympiad, "show", "caissa", "--moves", " ".join(moves)],
        capture_output=True, text=True, check=True,
    ).stdout
    for line in shown.splitlines():
        if line.startswith("legal moves ("):
            return line.split(":", 1)[1].split()
    return []


for line in sys.stdin:
    line = line.strip()
    if line in ("X", "end", "Quit"):
        break
    if line.lower() != "start":
        moves.append(line)
    mine += 1
    if mine == bad_at:
        choice = "a1-a1"
    else:
        legal = legal_moves()
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        choice = legal[(state >> 33) % len(legal)]
        moves.append(choice)
    sys.stdout.write(choice + "\n")
    sys.stdout.flush()
