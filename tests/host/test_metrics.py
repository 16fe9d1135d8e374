"""What an operator's Prometheus reads from a process: actions and refusals by game, timer lag, 429s,
every series labelled with the process's shards."""
from __future__ import annotations

import logging

import pytest
from prometheus_client import generate_latest

from host import metrics
from host.errors import Refused
from tests.kit.ratings_play import ANN, BOB


def sample(text: str, name: str, **labels: str) -> float:
    wanted = ",".join(f'{k}="{v}"' for k, v in sorted(labels.items()))
    for line in text.splitlines():
        if line.startswith(name + "{"):
            head, value = line.rsplit(" ", 1)
            found = ",".join(sorted(head[len(name) + 1:-1].split(",")))
            if found == wanted:
                return float(value)
    return 0.0


def served() -> str:
    return generate_latest(metrics._Labelled("0-3/8")).decode()


async def test_actions_and_refusals_are_counted_by_game_and_labelled_with_the_shards(table, clock):
    before = served()
    change = await table.open("tally", 10, 20, ANN)
    sid = change.session.id
    await table.join(sid, BOB)
    await table.start(sid, ANN)
    await table.act(sid, ANN, {"type": "add", "n": 1})
    with pytest.raises(Refused):
        await table.act(sid, ANN, {"type": "add", "n": 1})  # not ANN's turn
    after = served()
    for name, more in (("tabletop_actions_total", 1), ("tabletop_refusals_total", 1)):
        counted = sample(after, name, game="tally", shards="0-3/8") - sample(before, name, game="tally",
                                                                              shards="0-3/8")
        assert counted == more, name


async def test_a_timer_fired_late_is_measured(table, clock):
    before = sample(served(), "tabletop_timer_lag_seconds_count", shards="0-3/8")
    change = await table.open("tally", 10, 20, ANN)
    await table.join(change.session.id, BOB)
    await table.start(change.session.id, ANN)
    clock.advance(61 + 30)  # the 60 s turn timer, fired 30 s late (a bot that was down)
    (fired,) = await table.fire_due()
    assert fired.session.version > change.session.version
    text = served()
    assert sample(text, "tabletop_timer_lag_seconds_count", shards="0-3/8") == before + 1
    assert sample(text, "tabletop_timer_lag_seconds_bucket", le="10.0", shards="0-3/8") < sample(
        text, "tabletop_timer_lag_seconds_bucket", le="60.0", shards="0-3/8")


def test_discord_rate_limits_are_counted_from_discord_py_s_log():
    before = sample(served(), "tabletop_discord_429_total", shards="0-3/8")
    handler = metrics.CountRateLimits(logging.WARNING)
    logger = logging.getLogger("discord.http")
    logger.addHandler(handler)
    try:
        logger.warning("We are being rate limited. PATCH /channels/1/messages/2 responded with 429. Retrying in 1.00 s.")
        logger.warning("Global rate limit has been hit. Retrying in 1.00 seconds.")  # the same 429, said again
    finally:
        logger.removeHandler(handler)
    assert sample(served(), "tabletop_discord_429_total", shards="0-3/8") == before + 1
