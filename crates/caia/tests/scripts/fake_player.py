"""A player program for the hub's tests that does what its arguments say, in order, so that
every way a player can behave (answer at once, answer late, hang, crash, exit, send an empty
line, write stderr, start children) is a real process and not a mock.

Actions: say:TEXT (a stdout line; say: is an empty line), err:TEXT (a stderr line),
sleep:MS, read (one stdin line; exits at end of input), echo:N (read N lines, answer each
with 'got LINE'), hang, segv, exit:CODE, child (starts `sleep 1000` and writes
'child PID' on stderr), pid (writes 'pid PID' on stderr), pids:FILE (writes 'pid PID'
and a 'child PID' line per child started so far into FILE), touch:FILE (creates FILE, to
tell a test that the actions before it are done), wait:FILE (until FILE exists, to act only
after the test did something), stamp:FILE (writes the monotonic clock in nanoseconds into
FILE: the same clock as the manager's `stamp` and the hub's, so a test can bracket a charge).
"""
import os
import signal
import subprocess
import sys
import time


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def err(line):
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


children = []
for action in sys.argv[1:]:
    word, _, arg = action.partition(":")
    if word == "say":
        out(arg)
    elif word == "err":
        err(arg)
    elif word == "sleep":
        time.sleep(int(arg) / 1000)
    elif word == "read":
        if not sys.stdin.readline():
            sys.exit(0)
    elif word == "echo":
        for _ in range(int(arg)):
            line = sys.stdin.readline()
            if not line:
                sys.exit(0)
            out("got " + line.rstrip("\n"))
    elif word == "hang":
        while True:
            time.sleep(3600)
    elif word == "segv":
        os.kill(os.getpid(), signal.SIGSEGV)
    elif word == "exit":
        sys.exit(int(arg))
    elif word == "child":
        child = subprocess.Popen(["sleep", "1000"], stdout=subprocess.DEVNULL)
        children.append(child.pid)
        err("child %d" % child.pid)
    elif word == "pids":
        with open(arg, "w") as f:
            f.write("pid %d\n" % os.getpid())
            for c in children:
                f.write("child %d\n" % c)
    elif word == "touch":
        open(arg, "w").close()
    elif word == "wait":
        while not os.path.exists(arg):
            time.sleep(0.001)
    elif word == "stamp":
        with open(arg, "w") as f:
            f.write("%d\n" % time.monotonic_ns())
    elif word == "pid":
        err("pid %d" % os.getpid())
    else:
        err("fake_player: unknown action " + action)
        sys.exit(64)
