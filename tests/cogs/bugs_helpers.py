"""Bugs & Co through Discord, in process: a player's private panel opened from the board, a place
grabbed, a button pressed, and what the engine's state says (to choose places and check the table);
and a short whole game, its buttons read in the table's language."""
from __future__ import annotations

import re

from cogs.language import ptext
from engine.bugs import BEAT_SECONDS, COUNTDOWN_BEATS, design_of
from tests.cogs.discord_helpers import message_in, selects

DESIGN_WORDS = re.compile(r"\b(red|yellow|green|blue|purple) (round|long|square|spiky|pointy) bug")


async def session_of(bot, channel):
    return await bot.table.active_in(channel.id)


async def state_of(bot, channel):
    return (await session_of(bot, channel)).state


async def board_of(bot, channel):
    return message_in(channel, (await session_of(bot, channel)).message_id)


def mine(channel, user, message_id):
    """A message as `user` sees it now (their own ephemeral messages included)."""
    return next(m for m in channel.history(viewer=user) if m.id == message_id)


async def open_panel(bot, channel, user, language="en") -> int:
    """Click 1: the board's Grab a tile opens the player's private panel; returns its id."""
    opened = await user.click(await board_of(bot, channel), label=ptext(language, "button", "Grab a tile"))
    assert opened.ephemeral, opened.response.content
    assert opened.response.embeds == [] and not DESIGN_WORDS.search(opened.response.content)
    return opened.response.id


def place_select(message, kind: str, place: int):
    """The select (`g`: grab, `p`: put back on an empty place) that offers `place`."""
    return next(s for s in selects(message) if f":bugs_play:{kind}" in s.custom_id
                and str(place) in {o.value for o in s.options})


async def grab(channel, user, panel_id, place):
    message = mine(channel, user, panel_id)
    return await user.select(message, [str(place)], custom_id=place_select(message, "g", place).custom_id)


async def press(channel, user, panel_id, label):
    return await user.click(mine(channel, user, panel_id), label=label)


def face_down(state, wanted=lambda design: True):
    return [p for p, tile in enumerate(state["places"]) if tile is not None and wanted(design_of(tile).id)]


def full_designs(state):
    """Designs whose three tiles all lie face down on the table."""
    designs = [design_of(t).id for t in state["places"] if t is not None]
    return sorted({d for d in designs if designs.count(d) == 3})


async def play_a_short_game(env, bot, channel, u, clock, seats, language="en", look=None):
    """Every player opens their panel, looks at a tile and puts it back, keeps a set of three and a
    stray; the last moves a tile onto an empty place; all take a trophy, and the countdown runs out.
    `look` is shown the board and each panel after every click (buttons read in `language`)."""
    def seen(message):
        if look is not None:
            look(message)

    def word(english, **values):
        return ptext(language, "button", english, **values)

    async def click(user, panel, label):
        await press(channel, user, panel, label)
        seen(mine(channel, user, panel))

    panels = {name: await open_panel(bot, channel, u[name], language) for name in seats}
    targets = dict(zip(seats, full_designs(await state_of(bot, channel)), strict=False))
    for name in seats:
        user, panel, target = u[name], panels[name], targets[name]
        seen(mine(channel, user, panel))
        place = face_down(await state_of(bot, channel), lambda d: d not in targets.values())[0]
        await grab(channel, user, panel, place)
        seen(mine(channel, user, panel))
        await click(user, panel, word("Put it back on place {place}", place=place + 1))
        for _ in range(3):
            await grab(channel, user, panel, face_down(await state_of(bot, channel), target.__eq__)[0])
            await click(user, panel, word("Keep it"))
        await grab(channel, user, panel, face_down(await state_of(bot, channel), lambda d: d not in targets.values())[0])
        await click(user, panel, word("Keep it"))
        seen(await board_of(bot, channel))
    state, last = await state_of(bot, channel), seats[-1]
    empty = next(p for p, tile in enumerate(state["places"]) if tile is None)
    await grab(channel, u[last], panels[last], face_down(state)[0])
    message = mine(channel, u[last], panels[last])
    seen(message)
    await u[last].select(message, [str(empty)], custom_id=place_select(message, "p", empty).custom_id)
    seen(mine(channel, u[last], panels[last]))
    seen(await board_of(bot, channel))
    for name in seats:  # while trophies are left: the last one starts the countdown
        trophy = next((child.label for row in mine(channel, u[name], panels[name]).components
                       for child in row.children if ":bugs_play:trophy" in (child.custom_id or "")), None)
        if trophy is not None:
            await click(u[name], panels[name], trophy)
            seen(await board_of(bot, channel))
    for _ in range(COUNTDOWN_BEATS):
        clock.advance(BEAT_SECONDS)
        await bot.table.fire_due()
        await env.settle()
        seen(await board_of(bot, channel) if await session_of(bot, channel) else channel.history()[-1])
    for name in seats:
        seen(mine(channel, u[name], panels[name]))
