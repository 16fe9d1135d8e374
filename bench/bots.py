"""How strong and how fast the computer players are, and that games of computers always end.

    python -m bench.bots [--game dragon] [--games 200] [--whole 1000] [--quick] [--jobs 2] [--journal FILE]

For each game with computer players, three kinds of lines:
- `share`: one seat at LEVEL among seats at OTHER (every other seat), the LEVEL seat rotating so no
  seat order favours it: the share of games it wins (a shared win counts as a share of one) against
  the fair share 1/players.
- `decide`: CPU time per computer decision (observe + plan, or choose; not building the view), p50
  and p99, per level.
- `whole`: games with computers only at every level mixed, per player count and option set: how
  many ended, how many got stuck or broke a rule (the checks of engine.simulate), with wall and
  CPU time (summed over the cell's units: with `--jobs` they ran side by side).
Figures are counts and ratios of one run; the times depend on the machine (compare within a run).

The whole-game sweep takes hours, so it is cut into units (`--chunk` seeds of one cell) that
`--jobs` worker processes play side by side. With `--journal FILE`, each finished unit is appended
to FILE as one JSON line; a rerun with the same journal (and `--seed` and `--chunk`) skips the units
already there for the same version of the engine (as it plays: `engine_version`) and prints its `whole` lines
from the journal and the new units, so an interrupted sweep resumes where it stopped.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import registry
from engine.computers import EASY, HARD, LEVELS, NORMAL, has_policy
from engine.computers.play import RANDOM, Stuck, play_game
from engine.errors import read
from engine.protocol import Game, State, canonical

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


def whole(game: Game, options: dict[str, Any], players: int, seed: int, games: Iterable[int]) -> tuple[int, list[str]]:
    """Game k of a cell (for k in `games`) plays seed `seed + k`, its levels rotated by k."""
    ended, failures = 0, []
    for k in games:
        levels = [LEVELS[(k + s) % len(LEVELS)] for s in range(players)]
        try:
            play_game(game, levels, options, seed + k)
            ended += 1
        except Stuck as stuck:
            failures.append(str(stuck))
        except Exception as crash:  # noqa: BLE001 - a crash is a finding, reported with its seed
            failures.append(f"seed {seed + k}: {type(crash).__name__}: {crash}")
    return ended, failures


@dataclass(frozen=True)
class Unit:
    """Games `first` to `stop - 1` of one cell of the sweep (game, option set, player count):
    what one worker plays at a time, and one line of the journal."""

    game: str
    label: str
    players: int
    seed: int
    first: int
    stop: int

    @property
    def seeds(self) -> tuple[int, int]:
        """The seeds it plays, as a half-open range [from, to)."""
        return self.seed + self.first, self.seed + self.stop

    def key(self) -> tuple[Any, ...]:
        """What names it in the journal: the seeds, and the first seed, which the levels' rotation counts from."""
        return self.game, self.label, self.players, self.seed, self.seeds


@dataclass
class Cell:
    """One `whole` line: a game, an option set and a player count, cut into units."""

    game: str
    label: str
    options: dict[str, Any]
    players: int
    games: int
    units: list[Unit]


def cells(game: Game, whole_games: int, others: int, seed: int, chunk: int) -> list[Cell]:
    """The game's cells in the order their lines print: `whole_games` games at the smallest and largest
    table with the defaults, `others` at every other player count and option set; `chunk` games a unit."""
    out = []
    ends = {game.min_players, game.max_players}
    for label, options, counts in option_sets(game):
        for players in counts:
            games = whole_games if label == "default" and players in ends else others
            units = [Unit(game.name, label, players, seed, first, min(first + chunk, games))
                     for first in range(0, games, chunk)]
            out.append(Cell(game.name, label, options, players, games, units))
    return out


def play_unit(unit: Unit, options: dict[str, Any]) -> dict[str, Any]:
    """Play one unit (in a worker process, or in this one): its journal line, but the engine's version."""
    registry.load()
    started, cpu = time.perf_counter(), time.process_time()
    ended, failures = whole(registry.get(unit.game), options, unit.players, unit.seed, range(unit.first, unit.stop))
    return {"game": unit.game, "label": unit.label, "players": unit.players, "seed": unit.seed, "seeds": unit.seeds,
            "ended": ended, "failures": failures, "cpu": round(time.process_time() - cpu, 3),
            "wall": round(time.perf_counter() - started, 3)}


def engine_version(todo: Sequence[Cell]) -> str:
    """The version of the engine as it plays: a digest of one seeded game of every option set in
    `todo` (at its smallest table; its final state and log). Units journalled under the same digest
    are reused: a change of the engine's words or of code that plays nothing here keeps them, a change
    of how any of these games is played does not. A few seconds, against hours of sweep."""
    digest = hashlib.blake2b(digest_size=12)
    smallest: dict[tuple[str, str], Cell] = {}
    for cell in todo:
        if (cell.game, cell.label) not in smallest or cell.players < smallest[cell.game, cell.label].players:
            smallest[cell.game, cell.label] = cell
    for (name, label), cell in sorted(smallest.items()):
        levels = [LEVELS[s % len(LEVELS)] for s in range(cell.players)]
        played = play_game(registry.get(name), levels, cell.options, cell.units[0].seed, check=False)
        digest.update(f"{name} {label} {canonical(as_played(played.state))} {played.log!r}".encode())
    return digest.hexdigest()


def as_played(state: State) -> State:
    """The state with its words as English text: Eye for an Eye keeps its log as its words' ids
    (engine/errors.stored), which say the same English as the plain lines its older versions kept, so
    the digest stays a digest of how the game is played, not of how its words are stored."""
    if "log" not in state:
        return state
    return {**state, "log": [str(read(line)) for line in state["log"]]}


def key_of(entry: dict[str, Any]) -> tuple[Any, ...]:
    """A journal line's unit, as `Unit.key` names it."""
    return entry["game"], entry["label"], entry["players"], entry["seed"], tuple(entry["seeds"])


def journalled(journal: Path | None, engine: str | None) -> dict[tuple[Any, ...], dict[str, Any]]:
    """The units the journal holds for this `engine` version, by key (a line cut short by a crash is skipped)."""
    found: dict[tuple[Any, ...], dict[str, Any]] = {}
    if journal is None or not journal.exists():
        return found
    for line in journal.read_text().splitlines():
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(entry, dict) and entry.get("engine") == engine:
            found[key_of(entry)] = entry
    return found


def sweep(todo: list[Cell], jobs: int, journal: Path | None, say: Callable[[str], None] = print) -> int:
    """Play every unit not yet in the journal (in `jobs` processes), journal each as it ends, and say each
    cell's `whole` line, in order, as soon as its units are all done. Returns the games that failed."""
    engine = engine_version(todo)
    done = journalled(journal, engine)
    if journal is not None and journal.exists() and journal.read_text()[-1:] not in ("", "\n"):
        with journal.open("a") as out:
            out.write("\n")  # a line cut short by a crash ends there, so the next line stands alone
    waiting = list(todo)
    failed = 0

    def say_ready() -> None:
        nonlocal failed
        while waiting and all(unit.key() in done for unit in waiting[0].units):
            cell = waiting.pop(0)
            entries = [done[unit.key()] for unit in cell.units]
            failures = [f for e in entries for f in e["failures"]]
            failed += len(failures)
            say(f"whole {cell.game} {cell.label} players={cell.players}: {sum(e['ended'] for e in entries)}/"
                f"{cell.games} ended, {len(failures)} stuck or broken · {sum(e['wall'] for e in entries):.1f} s wall,"
                f" {sum(e['cpu'] for e in entries):.1f} s CPU")
            for failure in failures[:3]:
                say(f"  FAILED {failure}")

    def record(entry: dict[str, Any]) -> None:
        entry["engine"] = engine
        if journal is not None:
            with journal.open("a") as out:
                out.write(json.dumps(entry) + "\n")
        done[key_of(entry)] = entry
        say_ready()

    units = [(unit, cell.options) for cell in todo for unit in cell.units if unit.key() not in done]
    say_ready()  # the cells the journal holds whole
    if jobs <= 1:
        for unit, options in units:
            record(play_unit(unit, options))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for future in as_completed([pool.submit(play_unit, unit, options) for unit, options in units]):
                record(future.result())
    return failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bots", description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=MULTI, help="only this game (repeatable)")
    parser.add_argument("--games", type=int, default=200, help="games per win-share line")
    parser.add_argument("--whole", type=int, default=1000, help="whole games at 2 and at the largest table")
    parser.add_argument("--others", type=int, default=100, help="whole games at every other count and option set")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a tenth of every count")
    parser.add_argument("--skip", action="append", default=[], choices=("share", "decide", "whole"))
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the whole games")
    parser.add_argument("--chunk", type=int, default=25, help="whole games per unit of work (and journal line)")
    parser.add_argument("--journal", type=Path, help="append each finished unit here; a rerun skips those journalled")
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
            todo = cells(game, max(1, args.whole // scale), max(1, args.others // scale), args.seed, max(1, args.chunk))
            failed += sweep(todo, args.jobs, args.journal, lambda line: print(line, flush=True))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
