"""The Rolit referee of the Caia seed document for four players, over trivial players: it
tells each player its number, then for each move locks, listens to the mover, unlocks,
checks the move (player P's K-th move of the game must be 'mK', K counted over all moves),
forwards it to the three others, and after MOVES moves asks the four times and reports.
On a wrong move it sends '0' to the others and reports the offender's loss. With an
argument PREFIX it reports a finished game only once the files PREFIX1 to PREFIX4 exist
(trivial_player.py's sign that it noted every move), 30 s at most: the report makes the
manager kill the players, which may not have read the last moves yet.
"""
import os
import sys
import time

MOVES = 12
PLAYERS = 4


def PRINT(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def READ():
    line = sys.stdin.readline()
    if not line:
        sys.exit(3)
    return line.rstrip("\n")


for p in range(1, PLAYERS + 1):
    PRINT("%d %d" % (p, p))
for k in range(MOVES):
    mover = k % PLAYERS + 1
    PRINT("I lock")
    while READ() != "lock_ok":
        pass
    PRINT("I listen %d" % mover)
    move = READ()
    PRINT("I unlock")
    if move != "m%d" % k:
        for other in range(1, PLAYERS + 1):
            if other != mover:
                PRINT("%d 0" % other)
        PRINT("I report PLAYER_%d_LOOSES %s" % (mover, move))
        sys.exit(0)
    for other in range(1, PLAYERS + 1):
        if other != mover:
            PRINT("%d %s" % (other, move))
if len(sys.argv) > 1:
    deadline = time.monotonic() + 30
    for p in range(1, PLAYERS + 1):
        while not os.path.exists(sys.argv[1] + str(p)) and time.monotonic() < deadline:
            time.sleep(0.005)
times = []
for p in range(1, PLAYERS + 1):
    PRINT("I request_time %d" % p)
    times.append(READ().split()[1])
PRINT("M report %d 0 0 0 all_%d_moves_times_%s" % (MOVES, MOVES, "_".join(times)))
