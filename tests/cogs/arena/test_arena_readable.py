"""Eye for an Eye readable (issue 23): hexes named as players say them ('D4') in the placement menu,
the panel and the board's description; the panel's legend on the first panel and behind ℹ Legend;
every button the engine would refuse greyed, with the engine's reason in words; the board's clock
as time left, and the countdown's own caption. Played through Discord, in process."""
from __future__ import annotations

import re

import pytest

from cogs.arena.legend import TITLE
from engine.arena.data import COUNTDOWN_SECONDS
from tests.cogs.arena.arena_helpers import OPEN, A, E, H, M, Table, W, begin, board_of, put
from tests.cogs.discord_helpers import buttons, message_in, selects

pytestmark = pytest.mark.usefixtures("at_once")  # boards edited at once (conftest.py)

ENGINE_HEX = re.compile(r"\[-?\d+, -?\d+\]|-?\d,-?\d\b")  # '[-2, -2]' or '-4,1': the engine's numbers
LABEL = r"[A-I][1-9]"


def legends(channel, user) -> list:
    """The legend messages `user` has been sent (ephemeral: only they see them)."""
    return [m for m in channel.history(viewer=user) if m.embeds and m.embeds[0].title == TITLE]


async def test_hexes_are_named_as_players_say_them_in_the_menu_the_panel_and_the_description(world, simcord_bot):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="arena")
    lobby_id = channel.last_message.id
    await u["bob"].click(message_in(channel, lobby_id), label="Join")
    await u["ann"].click(message_in(channel, lobby_id), label="Start")
    table = Table(env, simcord_bot, channel, u)
    panel = await table.open("ann")
    you = re.search(rf"You are (\w+) \((\w+) area\), at \*\*{LABEL}\*\* facing \w+\.", panel.content)
    assert you, panel.content  # a random character (none picked in the lobby), in its area
    (menu,) = selects(table.panel("ann"))
    assert menu.options and all(re.fullmatch(rf"Stand at {LABEL} facing (E|NE|NW|W|SW|SE)", o.label)
                                for o in menu.options), [o.label for o in menu.options]
    other = next(o for o in menu.options if not o.default)
    await table.choose("ann", other.value)
    assert f"at **{other.label.split()[2]}** facing" in table.panel("ann").content, "the place picked, by its name"
    description = (await board_of(simcord_bot, channel)).attachments[0].description
    assert f"({you[1]}): {other.label.split()[2]} {you[2]} start, facing" in description, description
    assert "Hexes: row 1 (top) to 9" in description
    for text in (table.panel("ann").content, description, *(o.label for o in selects(table.panel("ann"))[0].options)):
        assert not ENGINE_HEX.search(text), text

    await table.click("ann", "✅ Ready")
    await table.open("bob")
    await table.click("bob", "✅ Ready")
    await table.fire(COUNTDOWN_SECONDS, simcord_bot.clock)
    await put(table, ann=([0, 0], E), bob=([-4, 1], E))
    content = await table.click("ann", "🔄 Refresh")
    assert "Facing E at E5 · in your front arc: nobody" in content  # [0, 0]: the middle of row 5
    assert not ENGINE_HEX.search(content)


async def test_the_first_panel_comes_with_the_legend_and_its_button_shows_it_again(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"))
    (legend,) = legends(channel, u["ann"])
    assert legend.flags.ephemeral and not legends(channel, u["cat"]), "private to its player"
    said = legend.embeds[0].description + "".join(f.value for f in legend.embeds[0].fields)
    for sign in ("⚔ Attack", "🛡 Defence", "👣 Move", "❤ Heal", "⏫ Ready", "✨ Special", "Qty: All", "⚡ **Auto**",
                 "Auto-Parry", "min", "✓", "D4"):
        assert sign in said, sign
    assert all(len(f.value) <= 1024 for f in legend.embeds[0].fields) and len(legend.embeds[0]) <= 6000

    # A second open of the panel does not repeat it; the panel's ℹ Legend button shows it, the panel stays.
    await u["ann"].click(await board_of(simcord_bot, channel), label=OPEN)
    assert len(legends(channel, u["ann"])) == 1
    panel_before = table.panel("bob").content
    shown = await u["bob"].click(table.panel("bob"), label="ℹ Legend")
    assert shown.response.id != table.panels["bob"] and shown.response.embeds[0].title == TITLE
    assert len(legends(channel, u["bob"])) == 2 and table.panel("bob").content == panel_before


async def test_attack_and_the_other_actions_are_greyed_with_the_engines_reason(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"))
    await put(table, ann=([0, 0], E), bob=([-4, 1], E))  # Bob far away: nobody in Ann's front arc
    await table.roll("ann", A, A, H, H, H)  # ⚡ Auto: Attack 2, Heal 3 (she is at full health)
    panel = table.panel("ann")
    shown = buttons(panel)
    assert shown["⚔ Attack"].disabled and shown["❤ Heal"].disabled and shown["👣 Move…"].disabled
    assert "🚫 ⚔ Attack: Nobody stands next to you in your front arc: move or turn to face someone first." \
        in panel.content
    assert "🚫 ❤ Heal: You are at full health (15)." in panel.content
    assert re.search(r"🚫 👣 Move: put 1 👣 die on \w+ first\.", panel.content), panel.content
    assert shown["🎲 Roll"].disabled and "🚫 🎲 Roll: All your dice are allocated: recover some to roll them." \
        in panel.content  # every die is on a track

    # Bob steps into her front arc: the Attack names him and goes; its line is gone.
    await put(table, bob=([1, 0], W))
    content = await table.click("ann", "🔄 Refresh")
    assert not buttons(table.panel("ann"))["⚔ Attack → Riparian"].disabled and "🚫 ⚔ Attack" not in content
    assert "Spear Thrust 2 on Riparian" in await table.click("ann", "⚔ Attack → Riparian")


async def test_the_board_gives_time_left_and_the_countdown_its_own_caption(world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), countdown=False)
    description = (await board_of(simcord_bot, channel)).attachments[0].description
    assert "Everyone is in place: the round starts at Yarra Mark!" in description
    seconds = int(COUNTDOWN_SECONDS)
    assert f"Round starts (Yarra Mark!): {seconds // 60}:{seconds % 60:02d} left." in description
    assert "Turn phase" not in description and "game turn" not in description and "UTC" not in description
    await table.fire(COUNTDOWN_SECONDS, hand_clock)
    await put(table, ann=([0, 0], E), bob=([1, 0], W))
    hand_clock.advance(25)
    await table.click("ann", "🔄 Refresh")
    await table.roll("ann", A, A, H, H, M)  # a change redraws the board, 25 s into the round
    description = (await board_of(simcord_bot, channel)).attachments[0].description
    assert "Round ends (Yarra Bung!): 4:35 left." in description and "UTC" not in description
