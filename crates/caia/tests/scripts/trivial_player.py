"""A trivial player for the four-player test: it reads its number P, then the K-th move of
the game (K from 0) is 'mK', played by player K mod 4 + 1. On its turn it writes its move;
otherwise it reads the move, checks it and notes 'saw mK' on stderr (its log). After the
last move it stops itself, as Rolit players do; '0' stops it early. With an argument
PREFIX it creates the file PREFIX + P once its log holds every move, so that a test can wait
for that before the player is killed.
"""
import sys

MOVES = 12
PLAYERS = 4
me = int(sys.stdin.readline())
for k in range(MOVES):
    if k % PLAYERS + 1 == me:
        sys.stdout.write("m%d\n" % k)
        sys.stdout.flush()
    else:
        line = sys.stdin.readline().strip()
        if line != "m%d" % k:
            sys.stderr.write("player %d: expected m%d, got %r\n" % (me, k, line))
            sys.exit(1)
        sys.stderr.write("player %d saw m%d\n" % (me, k))
sys.stderr.flush()
if len(sys.argv) > 1:
    open(sys.argv[1] + str(me), "w").close()
