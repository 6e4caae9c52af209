"""The two-player referee of the Caia seed document, line by line, for Caïssa: it checks
each move (and whether it ended the game) with `olympiad show`, forwards it, tells the other
player 'X' after a wrong move, asks both times at the end and reports in the 2005 form
`I report MESSAGE` (the manager receives `report MESSAGE`). The seed checks for the last move
after player 2's move only (Lamistra); Caïssa can end after either, so both are checked.

Usage: seed_referee.py OLYMPIAD [LOGFILE]
"""
import subprocess
import sys

olympiad = sys.argv[1]
log = open(sys.argv[2], "w") if len(sys.argv) > 2 else None
moves = []


def PRINT(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def READ():
    line = sys.stdin.readline()
    if not line:
        sys.exit(3)
    return line.rstrip("\n")


def process(move):
    """'ok', 'last' (the move ended the game: the 'game over' line) or None (wrong)."""
    shown = subprocess.run(
        [olympiad, "show", "caissa", "--moves", " ".join(moves + [move])],
        capture_output=True, text=True,
    )
    if shown.returncode != 0 or " " in move or not move:
        return None
    moves.append(move)
    if log:
        log.write(move + "\n")
        log.flush()  # the manager may kill the referee as soon as it has the report
    for line in shown.stdout.splitlines():
        if line.startswith("game over: "):
            return line[len("game over: "):]
    return "ok"


def listen(player):
    PRINT("I lock")
    while READ() != "lock_ok":
        pass
    PRINT("I listen %d" % player)
    move = READ()
    PRINT("I unlock")
    return move


def times():
    PRINT("I request_time 1")
    time1 = READ().split()[1]
    PRINT("I request_time 2")
    time2 = READ().split()[1]
    return "TIMES %s %s" % (time1, time2)


def mistake(player, move):
    PRINT("%d X" % (3 - player))
    PRINT("I report PLAYER %d WINS: PLAYER %d SENT %s; %s" % (3 - player, player, move, times()))
    sys.exit(0)


PRINT("1 Start")
while True:
    move1 = listen(1)
    result = process(move1)
    if result is None:
        mistake(1, move1)
    if result != "ok":
        break
    PRINT("2 " + move1)
    move2 = listen(2)
    result = process(move2)
    if result is None:
        mistake(2, move2)
    if result != "ok":
        break
    PRINT("1 " + move2)
PRINT("I report %s AFTER %d MOVES; %s" % (result.upper(), len(moves), times()))
