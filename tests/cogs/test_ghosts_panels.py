"""Zap That Ghost's private panels are unversioned (others act meanwhile), so each carries its round:
a panel kept from an earlier round must be refused in a later one, even where the engine would
accept the move it names (the same caller attempting again, the same player swapping again)."""
from __future__ import annotations

from cogs.components import Ref
from cogs.ghosts_panels import ATTEMPT
from cogs.panels import Seat
from engine import registry
from tests.cogs.discord_helpers import buttons, forget_panels, selects
from tests.cogs.ghosts_helpers import board_of, discard_all, mine, open_ghosts, session_of


def tile_select(message, tile):
    return next(s for s in selects(message) if any(o.value == f"{tile[0]}-{tile[1]}" for o in s.options))


async def test_an_attempt_panel_of_an_earlier_round_is_refused_when_the_same_caller_attempts_again(
        world, simcord_bot):
    _env, _guild, channel, u = world
    bob = u["bob"]
    await open_ghosts(u, channel)
    await discard_all(simcord_bot, channel, u)
    called = await bob.click(await board_of(simcord_bot, channel), label="Blue")
    (old,) = [f for f in called.followups if selects(f.message)]
    state = (await session_of(simcord_bot, channel)).state
    card, tile = state["hands"][1][0], [2, 3]
    await bob.select(mine(channel, bob, old.id), [str(card)], custom_id=selects(mine(channel, bob, old.id))[0].custom_id)
    message = mine(channel, bob, old.id)
    await bob.select(message, ["2-3"], custom_id=tile_select(message, tile).custom_id)
    assert not buttons(mine(channel, bob, old.id))["Zap!"].disabled  # a ready panel, kept for later

    forget_panels(simcord_bot)  # (else the next panel retires this one: tests/cogs/test_live_panels.py)
    reopened = await bob.click(await board_of(simcord_bot, channel), label="Play a card (caller)")
    await bob.click(reopened.response, label="Give up")
    for name in ("ann", "cat"):
        await u[name].click(await board_of(simcord_bot, channel), label="Keep my cards")
    called = await bob.click(await board_of(simcord_bot, channel), label="Red")  # bob attempts again
    before = await session_of(simcord_bot, channel)
    assert before.state["phase"] == "attempt" and before.state["caller"] == 1 and card in before.state["hands"][1]

    late = await bob.click(mine(channel, bob, old.id), label="Zap!")
    assert late.ephemeral and "That attempt is over" in late.response.content
    after = await session_of(simcord_bot, channel)
    assert (after.version, after.state) == (before.version, before.state)

    # The custom ids stay within their 40 characters whatever the round and the picks.
    game = registry.get("ghosts")
    seat = Seat(after, game, 1, {**game.view(after.state, 1), "round": 987654}, 0.0)
    drawn = ATTEMPT.draw(seat, f"987654-{card}-55")
    ids = [item.item.custom_id for item in drawn.items]
    assert len(ids) == 5 and all(Ref.parse(i) is not None and len(Ref.parse(i).arg) <= 40 for i in ids)


async def test_a_swap_panel_of_an_earlier_round_is_refused_in_the_next_swap(world, simcord_bot):
    _env, _guild, channel, u = world
    ann, cat = u["ann"], u["cat"]
    await open_ghosts(u, channel)
    await discard_all(simcord_bot, channel, u)

    async def ann_calls_and_gives_up():
        called = await ann.click(await board_of(simcord_bot, channel), label="Yellow")
        (controls,) = [f for f in called.followups if selects(f.message)]
        await ann.click(mine(channel, ann, controls.id), label="Give up")

    await ann_calls_and_gives_up()
    hand = await cat.click(await board_of(simcord_bot, channel), label="My hand")
    assert "swap one card" in hand.response.content
    opened = await cat.click(await board_of(simcord_bot, channel), label="Swap a card")
    old = opened.response
    forget_panels(simcord_bot)  # (else the next round retires it: tests/cogs/test_live_panels.py)
    for name in ("bob", "cat"):  # cat keeps on the board instead; the panel stays open
        await u[name].click(await board_of(simcord_bot, channel), label="Keep my cards")
    await ann_calls_and_gives_up()
    before = await session_of(simcord_bot, channel)
    assert before.state["phase"] == "swap" and 2 not in before.state["swap_done"]

    card = before.state["hands"][2][0]
    late = await cat.select(mine(channel, cat, old.id), [str(card)], custom_id=selects(old.message)[0].custom_id)
    assert late.ephemeral and "That round is over" in late.response.content
    after = await session_of(simcord_bot, channel)
    assert (after.version, after.state) == (before.version, before.state)
