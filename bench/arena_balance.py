"""Eye for an Eye's balance: each character's share of wins with the strongest computer players (hard).

    python -m bench.arena_balance [--pairs 2] [--sixes 1] [--seed 1] [--table 2-core ...]

Tables, one column each: 2 players and 6 players, in the core game and with the advanced rules, real time,
normal matches (players + 1 rounds). At 2 players every pair of characters plays in both seat orders
`--pairs` times (15 pairs, so 30 matches a pass); a character's share is the matches it won over those it
played (fair share 0.5). At 6 players the six characters play together, the seats rotated each match so every
character sits in every seat once a rotation (`--sixes` rotations of 6 matches; fair share 1/6 = 0.167). A shared
win counts as a share of one.

Echo before and after ARENA.md 4.16: the "core, before" columns play the core game as it was, Echo without his
Guards and Call the Guard (a game without `core_innates`, as one stored before the reading plays on); the other
core columns give him them. The issue's figures before (simple computer players, not these): Echo won 0.43 of
two-player matches against 0.69-0.92 for the others, 11 of 237 six-player matches (fair share 39.5).

Figures are shares of one run (the seeds fix them); CPU time beside wall time per column, on a shared machine.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from itertools import combinations
from typing import Any

from engine.arena import EyeForAnEye
from engine.arena.data import CHARACTERS, START_SECONDS
from engine.arena.rounds import prepare
from engine.computers.play import play_game
from engine.protocol import State

LEVEL = "hard"  # the strongest computer players
TABLES = ("2-core-before", "2-core", "2-advanced", "6-core-before", "6-core", "6-advanced")


class WithoutCoreGuards(EyeForAnEye):
    """The core game before ARENA.md 4.16: Echo has no Guards and no Call the Guard."""

    def setup(self, players: int, options: dict[str, Any], seed: int, now: float) -> State:
        state = super().setup(players, options, seed, now)
        del state["core_innates"]
        prepare(state, list(range(players)), now, START_SECONDS)  # the round laid out again without them
        return state


def matches(players: int, passes: int) -> list[list[str]]:
    """The character line-ups, seat by seat: every pair both ways, or the six rotated seat by seat."""
    keys = list(CHARACTERS)
    if players == 2:
        return [list(pair) for _ in range(passes) for a, b in combinations(keys, 2) for pair in ((a, b), (b, a))]
    return [keys[k:] + keys[:k] for _ in range(passes) for k in range(len(keys))]


def shares(table: str, passes: int, seed: int) -> tuple[dict[str, float], Counter, float, float]:
    """Per character its win share, the matches it played, and the column's wall and CPU seconds."""
    players, rules = int(table[0]), table[2:]
    game = WithoutCoreGuards() if rules.endswith("before") else EyeForAnEye()
    won: dict[str, float] = dict.fromkeys(CHARACTERS, 0.0)
    played: Counter = Counter()
    started, cpu = time.perf_counter(), time.process_time()
    for k, line_up in enumerate(matches(players, passes)):
        options = {"advanced": rules == "advanced", "character": line_up}
        outcome = play_game(game, [LEVEL] * players, options, seed + k, check=False).outcome
        winners = outcome.winners()
        for s, key in enumerate(line_up):
            played[key] += 1
            won[key] += 1 / len(winners) if s in winners else 0.0
    return ({key: won[key] / played[key] for key in played}, played, time.perf_counter() - started,
            time.process_time() - cpu)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.arena_balance", description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2, help="passes over every pair, both seat orders (2 players)")
    parser.add_argument("--sixes", type=int, default=1, help="rotations of the six characters (6 players)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", action="append", choices=TABLES, help="only this column (repeatable)")
    args = parser.parse_args(argv)
    columns = args.table or list(TABLES)
    results = {}
    for table in columns:
        passes = args.pairs if table.startswith("2") else args.sixes
        results[table] = shares(table, passes, args.seed)
        _, played, wall, cpu = results[table]
        print(f"# {table}: {sum(played.values()) // int(table[0])} matches, {wall:.1f} s wall, {cpu:.1f} s CPU",
              flush=True)
    width = max(len(c) for c in columns) + 2
    print("character".ljust(12) + "".join(c.rjust(width) for c in columns))
    for key, character in CHARACTERS.items():
        print(character.name.ljust(12) + "".join(f"{results[c][0][key]:.2f}".rjust(width) for c in columns))
    print("fair share".ljust(12) + "".join(f"{1 / int(c[0]):.2f}".rjust(width) for c in columns))
    return 0


if __name__ == "__main__":
    sys.exit(main())
