"""Board image sizes at every player count: random legal play, every board drawn and encoded.

    python -m bench.board_sizes [--game arena|all] [--games 20] [--most-boards N] [--seed 1]

For each game with a board of its own and each table size it allows, plays `--games` seeded
games to the end (or STEPS actions, or until `--most-boards` boards), actions chosen as `bench.latency` chooses them (a timer fires when nobody may act), and
prints the median and largest PNG, and the largest one's share of the 40 KB a board may take
(issue 11: boards <= 40 KB at every player count).
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench.latency import MODES, PICKERS, uniform
from engine import registry
from engine.protocol import TIMEOUT
from engine.rng import Rng
from render.encode import RenderedImage

LIMIT = 40 * 1024
STEPS = 2000  # actions a game takes at most (long Dragon and Eye for an Eye matches stop there)
NAMES = ["Bartholomew Fitzgerald-Smythe", "Ann", "WWWWWWWWWWWWWWWWWWWW", "Cy", "Dee", "Ed", "Flo", "Gus"]


def renderers() -> dict[str, Callable[[dict[str, Any], list[str], bool], RenderedImage]]:
    from render.arena import render_arena
    from render.bugs import render_bugs
    from render.dragon import render_dragon
    from render.ghosts import render_ghosts
    from render.tiger import render_tiger

    return {
        "dragon": lambda view, names, aborted: render_dragon(view, names, now=0.0, aborted=aborted),
        "ghosts": lambda view, names, aborted: render_ghosts(view, names=names, aborted=aborted),
        "tiger": lambda view, names, aborted: render_tiger(view, aborted=aborted),
        "bugs": lambda view, names, aborted: render_bugs(view, names, now=0.0, aborted=aborted),
        "arena": lambda view, names, aborted: render_arena(view, names, aborted=aborted),
    }


def sizes(name: str, players: int, games: int, seed: int, most: int | None = None) -> list[int]:
    """The PNG size of every board of `games` seeded games, each of STEPS actions at most (and
    `most` boards in all, when given)."""
    game, render = registry.get(name), renderers()[name]
    modes, pick = MODES.get(name, ((),)), PICKERS.get(name, uniform)
    found: list[int] = []
    for g in range(games):
        rng = Rng(seed * 1000 + g)
        state = game.setup(players, dict.fromkeys(modes[g % len(modes)], True), seed * 1000 + g, 0.0)
        for step in range(STEPS):
            if most is not None and len(found) >= most:
                break
            found.append(len(render(game.view(state, None), NAMES[:players], False).png))
            moves = [(s, a) for s in range(players) for a in game.legal_actions(state, s)]
            deadline = game.next_deadline(state)
            if game.outcome(state) is not None or not moves and deadline is None:
                break
            if moves:
                seat, action = pick(state, moves, rng)
                state, _ = game.apply(state, seat, action, 1.0 + step)
            else:  # nobody may act (a countdown): the timer fires
                state, _ = game.apply(state, None, dict(TIMEOUT), max(1.0 + step, deadline or 0.0))
        found.append(len(render(game.view(state, None), NAMES[:players], True).png))
        if most is not None and len(found) >= most:
            break
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all", help="a game's name, or 'all' for every board game")
    parser.add_argument("--games", type=int, default=20, help="random games per game and table size")
    parser.add_argument("--most-boards", type=int, help="boards per game and table size at most (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    registry.load()
    worst = 0
    for name in renderers() if args.game == "all" else (args.game,):
        game = registry.get(name)
        for players in range(game.min_players, game.max_players + 1):
            started = time.perf_counter()
            found = sizes(name, players, args.games, args.seed, args.most_boards)
            worst = max(worst, max(found))
            print(f"{name:7s} {players} players: {len(found):5d} boards, median {statistics.median(found) / 1024:5.1f} KiB, "
                  f"max {max(found) / 1024:5.1f} KiB ({max(found) / LIMIT:4.0%} of 40 KiB), "
                  f"{(time.perf_counter() - started) / len(found) * 1000:.1f} ms a board")
    print(f"largest board: {worst / 1024:.1f} KiB ({'within' if worst <= LIMIT else 'OVER'} 40 KiB)")


if __name__ == "__main__":
    main()
