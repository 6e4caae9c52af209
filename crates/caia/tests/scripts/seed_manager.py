"""The manager of the Caia seed document, line by line, for two or more players, driven by a
JSON plan (its one argument): {"cpu_speed": "2800 850" (optional), "record": FILE,
"games": [{"players": [{"exe": E, "ms": MS, "log": L}, ...], "referee": R,
"referee_arg": A}, ...]}. The underscores the seed's scan lost are restored (lock_ok,
number_players, kill_referee, stop_caiaio). Every line it reads is written to the record.
"""
import json
import sys

plan = json.load(open(sys.argv[1]))
record = open(plan["record"], "w")


def PRINT(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def READ():
    line = sys.stdin.readline()
    if not line:
        record.write("<end of input>\n")
        sys.exit(3)
    line = line.rstrip("\n")
    record.write(line + "\n")
    record.flush()
    return line


if "cpu_speed" in plan:
    PRINT("I cpu_speed " + plan["cpu_speed"])
for game in plan["games"]:
    players = game["players"]
    PRINT("I lock")
    while READ() != "lock_ok":
        pass
    PRINT("I number_players %d" % len(players))
    for n, player in enumerate(players, 1):
        log = " " + player["log"] if "log" in player else ""
        PRINT("I player %d %s %d%s" % (n, player["exe"], player["ms"], log))
        PRINT("I start %d 100" % n)
        READ()  # no_firsterror or firsterror MESSAGE
    PRINT("I unlock")
    arg = " " + game["referee_arg"] if "referee_arg" in game else ""
    PRINT("I referee %s%s" % (game["referee"], arg))
    while not READ().startswith("report"):
        pass
    for n in range(1, len(players) + 1):
        PRINT("I kill %d" % n)
    PRINT("I kill_referee")
PRINT("I stop_caiaio")
