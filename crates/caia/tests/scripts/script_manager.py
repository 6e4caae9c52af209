"""A Caia manager for the hub's tests that plays a script: its one argument is a file of
lines, each either sent to the hub as it is, or an instruction:
  < (read one line), <<PREFIX (read lines until one starts with PREFIX), sleep MS,
  wait FILE (until FILE exists), exit CODE (leave without I stop_caiaio), stamp FILE (write
  the monotonic clock in nanoseconds into FILE, the clock the hub's Instant reads: a stamp
  before a command and one after its answer bracket what the hub did in between).
Every line read is recorded in the script's file name + '.out', so that the test sees exactly
what the hub answered.
"""
import os
import sys
import time

script = sys.argv[1]
record = open(script + ".out", "w")


def read():
    line = sys.stdin.readline()
    if not line:
        record.write("<end of input>\n")
        record.flush()
        sys.exit(3)
    line = line.rstrip("\n")
    record.write(line + "\n")
    record.flush()
    return line


for line in open(script).read().splitlines():
    if line == "<":
        read()
    elif line.startswith("<<"):
        while not read().startswith(line[2:]):
            pass
    elif line.startswith("sleep "):
        time.sleep(int(line[6:]) / 1000)
    elif line.startswith("wait "):
        while not os.path.exists(line[5:]):
            time.sleep(0.005)
    elif line.startswith("stamp "):
        with open(line[6:], "w") as f:
            f.write("%d\n" % time.monotonic_ns())
    elif line.startswith("exit "):
        sys.exit(int(line[5:]))
    else:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
