"""Play many games with random legal actions, or computer players, and check each one.

    python -m engine.simulate GAME --players N --games K --seed S [--bots LEVEL[,LEVEL...]] [--json]

With `--bots`, computer players (engine/computers) play every seat at that level (easy, normal,
hard), or seat by seat given a level per seat, instead of random legal actions. A game whose random
play cannot reach its end (`PLAYED_BY_COMPUTERS`: Bugs & Co, where random clicks wait out the idle
timer) is played by its computers, levels mixed seat by seat, unless `--random` is given. The
figures count how games ended (`endings`, from the state's `end`).

After every action: the state survives a JSON round trip and the game's invariants hold.
After every game: replaying the log from the seed gives the same snapshot. Any failure
exits non-zero with the seed that shows it.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from . import registry
from .computers import EASY, HARD, LEVELS, NORMAL, has_policy
from .computers.play import play_game
from .errors import RuleError
from .protocol import TIMEOUT, Game, Outcome, State, canonical
from .replay import LoggedAction, replay
from .rng import Rng

MAX_STEPS = 20_000
START = 1_700_000_000.0
TIMEOUT_CHANCE = 20  # one action in this many lets a running timer expire instead
PLAYED_BY_COMPUTERS: dict[str, tuple[str, ...]] = {"bugs": (HARD, NORMAL, EASY)}  # game -> seat levels, in turn


@dataclass
class Stats:
    games: int = 0
    actions: int = 0
    timeouts: int = 0
    wins: Counter = field(default_factory=Counter)
    score_sum: float = 0.0
    failures: list[str] = field(default_factory=list)
    endings: Counter = field(default_factory=Counter)  # how games ended (`how_it_ended`) -> games
    rounds: Counter = field(default_factory=Counter)  # how rounds ended, for a game that keeps them (`rounds_ended`)


def how_it_ended(state: State) -> str:
    """The reason a finished game gives in its `end` ("countdown", "idle", ...), or "-" if it keeps none."""
    end = state.get("end")
    reason = end.get("reason") if isinstance(end, dict) else end
    return str(reason) if reason else "-"


def rounds_ended(state: State) -> list[str]:
    """How each round of a game of rounds ended, as its results keep it (`results`, each with how it
    `ended`: Eye for an Eye's knockout, scoring, passed, time or cap); [] for a game without rounds."""
    results = state.get("results")
    if not isinstance(results, list):
        return []
    return [str(r["ended"]) for r in results if isinstance(r, dict) and "ended" in r]


def rounds_figures(rounds: Counter) -> dict[str, object]:
    """The rounds' endings and the share a turn-based cap ended (nothing for a game without rounds)."""
    total = sum(rounds.values())
    if not total:
        return {}
    return {"round_endings": dict(rounds.most_common()), "cap_share": round(rounds["cap"] / total, 4)}


class SimulationFailure(Exception):
    pass


def play_one(game: Game, players: int, options: dict[str, bool], seed: int,
             chooser: Rng) -> tuple[State, list[LoggedAction], Outcome]:
    """One random game to the end; returns its log and outcome or raises SimulationFailure."""
    now = START
    state = game.setup(players, options, seed, now)
    log: list[LoggedAction] = []
    for _ in range(MAX_STEPS):
        outcome = game.outcome(state)
        if outcome is not None:
            break
        choices = [(seat, a) for seat in range(players) for a in game.legal_actions(state, seat)]
        deadline = game.next_deadline(state)
        if deadline is not None and (not choices or chooser.below(TIMEOUT_CHANCE) == 0):
            now = max(now, deadline)
            seat, action = None, dict(TIMEOUT)
        elif choices:
            seat, action = chooser.choice(choices)
            now += 1.0
        else:
            raise SimulationFailure("stuck: no legal action and no timer")
        try:
            state, _ = game.apply(state, seat, action, now)
        except RuleError as exc:
            raise SimulationFailure(f"a listed legal action was refused: {action} by {seat}: {exc}") from exc
        log.append(LoggedAction(seat, action, now))
        if json.loads(canonical(state)) != state:
            raise SimulationFailure(f"state does not survive JSON after {action}")
        broken = game.invariants(state)
        if broken:
            raise SimulationFailure(f"invariant broken after {action}: {'; '.join(broken)}")
    else:
        raise SimulationFailure(f"no end after {MAX_STEPS} actions")
    rebuilt = replay(game, players, options, seed, START, log)
    if canonical(rebuilt) != canonical(state):
        raise SimulationFailure("replay of the log does not give the snapshot")
    return state, log, outcome


def run(game: Game, players: int, games: int, seed: int, options: dict[str, bool],
        bots: list[str] | None = None) -> Stats:
    stats = Stats()
    chooser = Rng(seed ^ 0x5EED)
    for k in range(games):
        game_seed = seed + k
        try:
            if bots:
                played = play_game(game, bots, options, game_seed)
                state, log, outcome = played.state, played.log, played.outcome
            else:
                state, log, outcome = play_one(game, players, options, game_seed, chooser)
        except Exception as exc:  # noqa: BLE001 - any crash is a finding, reported with its seed
            stats.failures.append(f"seed {game_seed}: {type(exc).__name__}: {exc}")
            continue
        stats.games += 1
        stats.endings[how_it_ended(state)] += 1
        stats.rounds.update(rounds_ended(state))
        stats.actions += len(log)
        stats.timeouts += sum(1 for e in log if e.seat is None)
        for seat in outcome.winners():
            stats.wins[seat] += 1
        stats.score_sum += sum(outcome.scores) / max(1, len(outcome.scores))
    return stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="turn a game option on (repeatable)")
    parser.add_argument("--module", action="append", default=[], help="also load this game module")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--bots", help="computer players at this level (easy, normal, hard), or one level per seat"
                                       " separated by commas")
    parser.add_argument("--random", action="store_true", help="random legal actions, even for a game played by its "
                                                              "computers by default")
    args = parser.parse_args(argv)

    registry.load(args.module)
    try:
        game = registry.get(args.game)
    except RuleError as exc:
        print(exc, file=sys.stderr)
        return 2
    players = args.players or game.min_players
    if not game.min_players <= players <= game.max_players:
        print(f"{game.title} takes {game.min_players}-{game.max_players} players.", file=sys.stderr)
        return 2
    options = {o.key: o.default for o in game.options}
    for key in args.option:
        if key not in options:
            print(f"{game.title} has no option '{key}'.", file=sys.stderr)
            return 2
        options[key] = True

    bots = None
    if args.bots is None and not args.random and game.name in PLAYED_BY_COMPUTERS:
        levels = PLAYED_BY_COMPUTERS[game.name]
        args.bots = ",".join(levels[seat % len(levels)] for seat in range(players))
    if args.bots:
        bots = args.bots.split(",")
        if len(bots) == 1:
            bots *= players
        if len(bots) != players or any(level not in LEVELS for level in bots) or not has_policy(game):
            print(f"--bots takes one of {', '.join(LEVELS)}, or one per seat, for a game with computer players.",
                  file=sys.stderr)
            return 2
    started = time.perf_counter()
    stats = run(game, players, args.games, args.seed, options, bots)
    elapsed = time.perf_counter() - started
    figures = {
        "game": game.name,
        "players": players,
        "games": stats.games,
        "failures": len(stats.failures),
        "games_per_second": round(stats.games / elapsed, 1) if elapsed else None,
        "mean_actions": round(stats.actions / stats.games, 1) if stats.games else 0,
        "timeouts": stats.timeouts,
        "wins_by_seat": {str(s): stats.wins[s] for s in range(players)},
        "mean_score": round(stats.score_sum / stats.games, 2) if stats.games else 0,
        "played_by": ",".join(bots) if bots else "random legal actions",  # seat by seat
        "endings": dict(stats.endings.most_common()),
        **rounds_figures(stats.rounds),
    }
    if args.json:
        print(json.dumps({**figures, "failure_details": stats.failures[:20]}))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
        for failure in stats.failures[:20]:
            print(f"FAILED {failure}")
    return 1 if stats.failures else 0


if __name__ == "__main__":
    sys.exit(main())
