"""The speed benchmarks keep running (issue 11); they print figures and assert no timing here.

Also: the render caches stay bounded in bytes however many games are live, and a board drawn
from warm caches is the same image as one drawn from cold ones."""
from __future__ import annotations

import asyncio

import pytest

from engine import registry
from engine.arena import EyeForAnEye
from engine.ghosts import Ghosts
from render import arena, cache, ghosts, palette
from render.cache import cached_layer_bytes, clear_layer_cache


@pytest.mark.parametrize("name", ["dragon", "arena"])
def test_latency_bench_compares_with_the_naive_pipeline(name: str) -> None:
    from bench import latency

    stages = asyncio.run(latency.run(name, 6, 2, compare_naive=True))
    assert len(stages["total"]) == len(stages["naive total"]) == 6
    line = latency.summary(name, stages)
    assert line.startswith(f"{name}: p50 ") and ", naive p50 " in line and line.endswith("x")


def bounded(run, seconds: float = 90):
    """The bench run `run()` makes, failing after `seconds` rather than blocking the suite.

    The burst once hung here at its end: the scheduler's nap (asyncio.wait_for on Python 3.11)
    swallowed the cancel that stops it when a wakeup came at the same moment (host/scheduler.py)."""

    async def within():
        async with asyncio.timeout(seconds):
            return await run()

    return asyncio.run(within())


def test_throughput_bench_drives_the_table_and_presenter() -> None:
    from bench import throughput

    stats, elapsed, edits = bounded(lambda: throughput.burst(["dragon", "tiger"], 2, 0.5, 0.001))
    assert stats.applied > 0 and edits >= stats.applied and stats.acks and stats.stale == 0
    stats, elapsed, rss = bounded(lambda: throughput.steady(["ghosts", "arena"], 4, 40, 0.5, 0.001))
    assert stats.applied > 0 and rss > 0


@pytest.mark.parametrize("name", ["tiger", "arena"])
def test_board_sizes_bench_plays_and_encodes(name: str) -> None:
    from bench import board_sizes, latency

    registry.load()
    found = board_sizes.sizes(name, latency.seats_for(name, 2), 2, 3, most=60)
    assert 0 < len(found) <= 62 and max(found) <= board_sizes.LIMIT


def test_many_live_games_keep_the_layer_cache_within_its_bytes() -> None:
    clear_layer_cache()
    game = Ghosts()
    for seed in range(80):  # each game has a board of its own: more than fit in the cache
        ghosts.render_ghosts(game.view(game.setup(2, {}, seed, 0.0), None))
    assert 0 < cached_layer_bytes() <= cache.MAX_LAYER_BYTES


BOARDS = {
    "ghosts": (Ghosts(), lambda view: ghosts.render_ghosts(view).png),
    "arena": (EyeForAnEye(), lambda view: arena.render_arena(view, ["Ann", "Bob", "Cy", "Di"]).png),
}


@pytest.mark.parametrize("name", BOARDS)
def test_warm_caches_draw_the_same_board_as_cold_ones(name: str) -> None:
    game, render = BOARDS[name]
    views = palette.sample_views(game, 4, seed=5, at=(2, 30))
    warm = [render(view) for view in views]
    for view, png in zip(views, warm, strict=True):
        clear_layer_cache()
        assert render(view) == png
