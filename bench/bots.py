"""How strong and how fast the computer players are, and that games of computers always end.

    python -m bench.bots [--game dragon] [--games 200] [--whole 1000] [--quick]

For each game with computer players, three kinds of lines:
- `share`: one seat at LEVEL among seats at OTHER (every other seat), the LEVEL seat rotating so no
  seat order favours it: the share of games it wins (a shared win counts as a share of one) against
  the fair share 1/players.
- `decide`: CPU time per computer decision (observe + plan, or choose), p50 and p99, per level.
- `whole`: games with computers only at every level mixed, per player count and option set: how
  many ended, how many got stuck or broke a rule (the checks of engine.simulate), with wall and
  CPU time.
Figures are counts and ratios of one run; the times depend on the machine (compare within a run).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from engine import registry
from engine.computers import EASY, HARD, LEVELS, NORMAL, has_policy
from engine.computers.play import RANDOM, Stuck, play_game
from engine.protocol import Game

MATCHUPS = ((HARD, EASY), (NORMAL, EASY), (HARD, RANDOM), (NORMAL, RANDOM), (EASY, RANDOM))
MULTI = ("dragon", "ghosts", "bugs", "arena")
ARENA_MODES = ("domination", "hill", "ceremony")


def option_sets(game: Game) -> Iterator[tuple[str, dict[str, Any], range]]:
    """(label, options, player counts) to cover: the defaults, then each option alone, and for
    Eye for an Eye each mode, each with turn-based play too."""
    defaults = {o.key: o.default for o in game.options}
    yield "default", defaults, range(game.min_players, game.max_players + 1)
    for option in game.options:
        if option.key in ARENA_MODES or option.default:
            continue
        most = option.max_players or game.max_players
        least = 4 if option.key == "alliances" else game.min_players
        yield option.key, {**defaults, option.key: True}, range(least, most + 1)
    if game.name == "arena":
        for mode in ARENA_MODES:
            most = next(o.max_players for o in game.options if o.key == mode) or game.max_players
            for turn_based in (False, True):
                label = f"{mode}{' turn_based' if turn_based else ''}"
                yield label, {**defaults, mode: True, "turn_based": turn_based}, range(game.min_players, most + 1)


def share(game: Game, level: str, other: str, players: int, games: int, seed: int) -> tuple[float, int]:
    """The share of games a seat at `level` wins among `players - 1` seats at `other`, and how many
    games never ended (they count as not won: random play can stall a game for ever, e.g. in Zap
    That Ghost by calling at random every roll, which costs nothing and wins the race)."""
    won, endless = 0.0, 0
    options = {o.key: o.default for o in game.options}
    for k in range(games):
        seat = k % players
        levels = [level if s == seat else other for s in range(players)]
        try:
            outcome = play_game(game, levels, options, seed + k, check=False).outcome
        except Stuck:
            endless += 1
            continue
        winners = outcome.winners()
        if seat in winners:
            won += 1 / len(winners)
    return won / games, endless


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def decide_times(game: Game, level: str, players: int, games: int, seed: int) -> list[float]:
    options = {o.key: o.default for o in game.options}
    times: list[float] = []
    for k in range(games):
        times += play_game(game, [level] * players, options, seed + k, check=False).decisions
    return times


def whole(game: Game, options: dict[str, Any], players: int, games: int, seed: int) -> tuple[int, list[str]]:
    ended, failures = 0, []
    for k in range(games):
        levels = [LEVELS[(k + s) % len(LEVELS)] for s in range(players)]
        try:
            play_game(game, levels, options, seed + k)
            ended += 1
        except Stuck as stuck:
            failures.append(str(stuck))
        except Exception as crash:  # noqa: BLE001 - a crash is a finding, reported with its seed
            failures.append(f"seed {seed + k}: {type(crash).__name__}: {crash}")
    return ended, failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bots", description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=MULTI, help="only this game (repeatable)")
    parser.add_argument("--games", type=int, default=200, help="games per win-share line")
    parser.add_argument("--whole", type=int, default=1000, help="whole games at 2 and at the largest table")
    parser.add_argument("--others", type=int, default=100, help="whole games at every other count and option set")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a tenth of every count")
    parser.add_argument("--skip", action="append", default=[], choices=("share", "decide", "whole"))
    args = parser.parse_args(argv)
    scale = 10 if args.quick else 1
    registry.load()
    failed = 0
    for name in args.game or MULTI:
        game = registry.get(name)
        if not has_policy(game):
            continue
        ends = sorted({game.min_players, game.max_players})
        if "share" not in args.skip:
            for players in ends:
                for level, other in MATCHUPS:
                    started, cpu = time.perf_counter(), time.process_time()
                    won, endless = share(game, level, other, players, max(1, args.games // scale), args.seed)
                    stalled = f", {endless} games without an end" if endless else ""
                    print(f"share {name} players={players} {level} vs {other}: {won:.1%} (fair {1 / players:.1%})"
                          f"{stalled} · {time.perf_counter() - started:.1f} s wall,"
                          f" {time.process_time() - cpu:.1f} s CPU", flush=True)
        if "decide" not in args.skip:
            for level in LEVELS:
                times = decide_times(game, level, game.min_players, max(1, 20 // scale), args.seed)
                print(f"decide {name} {level}: {len(times)} decisions, p50 {1000 * statistics.median(times):.2f} ms,"
                      f" p99 {1000 * percentile(times, 0.99):.2f} ms, max {1000 * max(times):.2f} ms CPU", flush=True)
        if "whole" not in args.skip:
            for label, options, counts in option_sets(game):
                for players in counts:
                    games = args.whole if label == "default" and players in ends else args.others
                    games = max(1, games // scale)
                    started, cpu = time.perf_counter(), time.process_time()
                    ended, failures = whole(game, options, players, games, args.seed)
                    failed += len(failures)
                    print(f"whole {name} {label} players={players}: {ended}/{games} ended, {len(failures)} stuck or"
                          f" broken · {time.perf_counter() - started:.1f} s wall, {time.process_time() - cpu:.1f} s CPU",
                          flush=True)
                    for failure in failures[:3]:
                        print(f"  FAILED {failure}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
