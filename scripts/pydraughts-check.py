#!/usr/bin/env python3
"""International draughts moves by pydraughts (PyPI `pydraughts`), an independent oracle for
games/draughts: perft from a position, and random games whose every position's legal moves
are compared with `olympiad perft draughts 1 --divide`.

pydraughts lists a capture once per route, so two routes that take the same pieces to the
same square show twice (the Woldouby position shows it); the FMJD rules and our generator
count them once. This script merges them by pydraughts' own Hub text (start x end x pieces
taken, ascending), which names exactly (start, end, pieces taken). No draw rule applies
(our side reads each position with `draws=off`): the comparison is of the moves.

    pip install pydraughts
    scripts/pydraughts-check.py perft 6
    scripts/pydraughts-check.py perft 5 --fen "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24"
    scripts/pydraughts-check.py games 200 --olympiad target/release/olympiad

`games` prints each disagreement (position, moves only pydraughts has, moves only we have)
and a summary; it exits with status 1 if there was any.
"""

import argparse
import random
import subprocess
import sys
import time

import draughts


def moves(board):
    """The legal moves as a set of Hub texts, routes to the same pieces merged."""
    return {m.hub_move for m in board.legal_moves()}


def perft(board, depth):
    if depth == 0:
        return 1
    seen = {}
    for m in board.legal_moves():
        seen.setdefault(m.hub_move, m)
    if depth == 1:
        return len(seen)
    total = 0
    for m in seen.values():
        board.push(m)
        total += perft(board, depth - 1)
        board.pop()
    return total


def our_texts(hub_moves):
    """pydraughts' moves in our notation: a step `a-b`, a capture `axb`, or in full
    (`axbxc...`) when another capture goes from the same square to the same square."""
    ends = {}
    for h in hub_moves:
        if "x" in h:
            a, b = h.split("x")[:2]
            ends[(a, b)] = ends.get((a, b), 0) + 1
    out = set()
    for h in hub_moves:
        if "x" not in h:
            out.add(h)
            continue
        a, b = h.split("x")[:2]
        out.add(h if ends[(a, b)] > 1 else f"{a}x{b}")
    return out


def ours(olympiad, fen):
    run = subprocess.run(
        [olympiad, "perft", "draughts", "1", "--divide", "--position", f"{fen} draws=off"],
        capture_output=True, text=True, check=False)
    if run.returncode != 0:
        sys.exit(f"olympiad refused {fen!r}: {run.stderr.strip()}")
    found = set()
    for line in run.stdout.splitlines():
        move, sep, _ = line.partition(":")
        if sep and move.strip() and move.strip()[0].isdigit():
            found.add(move.strip())
    return found


def games(args):
    rng = random.Random(args.seed)
    positions = differences = 0
    for game in range(args.count):
        board = draughts.Board(variant="standard")
        for _ in range(args.plies):
            theirs = moves(board)
            mine = ours(args.olympiad, board.fen)
            positions += 1
            if our_texts(theirs) != mine:
                differences += 1
                print(f"game {game}: {board.fen}\n  only pydraughts: "
                      f"{sorted(our_texts(theirs) - mine)}\n  only ours: "
                      f"{sorted(mine - our_texts(theirs))}", flush=True)
            if not theirs:
                break
            pick = rng.choice(sorted(theirs))
            board.push(next(m for m in board.legal_moves() if m.hub_move == pick))
    print(f"{args.count} games, {positions} positions, {differences} differences")
    return 1 if differences else 0


def white_first(fen):
    """The FEN with White's list first: pydraughts 0.6.7 reads the first list as White's
    whatever its letter (`W:B12,...:W25,...`, the issue's Woldouby text, reads with the
    colours swapped)."""
    side, *fields = fen.strip().rstrip(".").split(":")
    fields.sort(key=lambda f: f[:1].upper() != "W")
    return ":".join([side, *fields])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    p = sub.add_parser("perft", help="counts for depths 1..DEPTH, captures merged")
    p.add_argument("depth", type=int)
    p.add_argument("--fen", default=None, help="a PDN FEN (default: the start)")
    g = sub.add_parser("games", help="random games compared position by position")
    g.add_argument("count", type=int)
    g.add_argument("--plies", type=int, default=200, help="longest game")
    g.add_argument("--seed", type=int, default=2026)
    g.add_argument("--olympiad", default="target/release/olympiad", help="our binary")
    args = parser.parse_args()
    if args.mode == "perft":
        fen = white_first(args.fen) if args.fen else "startpos"
        board = draughts.Board(variant="standard", fen=fen)
        for depth in range(1, args.depth + 1):
            start = time.time()
            print(f"depth {depth}: {perft(board, depth)} ({time.time() - start:.1f} s)",
                  flush=True)
        return 0
    return games(args)


if __name__ == "__main__":
    sys.exit(main())
