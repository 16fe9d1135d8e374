"""One Eye for an Eye board per mode, saved as PNG, with its pixel size, bytes and render time.

    python -m bench.mode_shots [--out /tmp/shots] [--players 4] [--seed 1]

Prints each board's pixel size, PNG bytes, warm render time (the fastest of RUNS) and description
length.
The modes are issue 14's simulate commands (`python -m engine.simulate arena --players 4
--option advanced` alone and with each mode, and the Rainforest with Alliances), plus the core
game: each is a seeded match played as people do (`bench.arena_mix`, timers firing when nobody
may act) until its mode has something to show: a Nymphlet caught, a flower to hold, dice on the
hill card (or, failing that, the most actions a shot waits). The shots are for a closing note and
for eyes; tests check the pieces.
"""
from __future__ import annotations

import argparse
import io
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from bench import arena_mix
from engine.arena import EyeForAnEye
from engine.protocol import TIMEOUT
from engine.rng import Rng
from render.arena import render_arena

NAMES = ["Ann", "Bartholomew", "Cy", "Dee", "Ed", "Flo"]
MOST_ACTIONS = 600   # a shot is taken by then, showing or not
AFTER = 40           # ... and not before this many actions: figures have met by then
RUNS = 5             # warm renders timed, the fastest reported (the machine may be busy)
View = dict[str, Any]


def _showing(mode: str) -> Callable[[View], bool]:
    """Whether a view shows what its mode's shot is for (always, for the modeless games)."""
    def playing(view: View) -> bool:
        return view["phase"] in ("fight", "turns")

    wants: dict[str, Callable[[View], bool]] = {
        "ceremony": lambda v: sum(v["game_mode"]["catches"]) > 0,
        "domination": lambda v: v["game_mode"]["flower"] is not None,
        "hill": lambda v: any(d is not None for d in v["game_mode"]["card"]["dice"]),
        "alliances+rainforest": lambda v: any(d is not None for c in v["currents"] for d in c["dice"]),
    }
    want = wants.get(mode, lambda v: True)
    return lambda v: playing(v) and want(v)


SHOTS: dict[str, tuple[str, ...]] = {
    "core": (),
    "advanced": ("advanced",),
    "alliances+rainforest": ("advanced", "alliances", "rainforest"),
    "domination": ("advanced", "domination"),
    "hill": ("advanced", "hill"),
    "ceremony": ("advanced", "ceremony"),
}


def shot_view(mode: str, players: int, seed: int) -> View:
    """A seeded match of `mode` played until it shows what its shot is for."""
    game, rng = EyeForAnEye(), Rng(seed)
    state = game.setup(players, dict.fromkeys(SHOTS[mode], True), seed, 0.0)
    showing = _showing(mode)
    now = 0.0
    for step in range(MOST_ACTIONS):
        view = game.view(state, None)
        if step >= AFTER and showing(view) or game.outcome(state) is not None:
            return view
        moves = [(s, a) for s in range(players) for a in game.legal_actions(state, s)]
        if moves:
            now += 1.0
            seat, action = arena_mix.pick(state, moves, rng)
            state, _ = game.apply(state, seat, action, now)
        else:  # nobody may act (a countdown): the timer fires
            now = max(now, game.next_deadline(state) or now)
            state, _ = game.apply(state, None, dict(TIMEOUT), now)
    return game.view(state, None)


def _timed(render: Callable[..., object], view: View, names: list[str]) -> float:
    """One render's time in ms."""
    started = time.perf_counter()
    render(view, names, now=0.0)
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="/tmp/shots", help="the folder the PNGs go to")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for mode in SHOTS:
        view = shot_view(mode, args.players, args.seed)
        image = render_arena(view, NAMES[:args.players], now=0.0)  # warm: the layers and glyphs cached
        took = min(_timed(render_arena, view, NAMES[:args.players]) for _ in range(RUNS))
        path = out / f"{mode}.png"
        path.write_bytes(image.png)
        width, height = Image.open(io.BytesIO(image.png)).size
        print(f"{mode:21s} {width}x{height} px, {len(image.png) / 1024:5.1f} KiB, {took:4.1f} ms, "
              f"description {len(image.description)} chars, {view['phase']}, round {view['round']} -> {path}")


if __name__ == "__main__":
    main()
