"""Eye for an Eye through Discord, in process: the rigged faces and the directions, the players' panels
opened from the board and clicked (`Table`), a table begun from /play to "Yarra Mark!", figures set
down on the stored state (test set-up), the game's log."""
from __future__ import annotations

from collections import Counter

from engine.arena.data import COUNTDOWN_SECONDS, SEAT_ORDER
from engine.rng import rig
from tests.cogs.discord_helpers import message_in, selects
from tests.kit.arena_log import log_text

A, D, M, H, R, S = 1, 2, 3, 4, 5, 6  # rigged rolls: the faces Attack Defence Move Heal Ready Special
E, NE, NW, W, SW, SE = range(6)
OPEN = "🎮 Open my board"


async def session_of(bot, channel):
    return await bot.table.active_in(channel.id)


async def board_of(bot, channel):
    return message_in(channel, (await session_of(bot, channel)).message_id)


def mine(channel, user, message_id):
    """A message as `user` sees it now (their own ephemeral messages included)."""
    return next(m for m in channel.history(viewer=user) if m.id == message_id)


class Table:
    """The players' panels (message ids), opened from the board, and clicks on them."""

    def __init__(self, env, bot, channel, users) -> None:
        self.env, self.bot, self.channel, self.u = env, bot, channel, users
        self.panels: dict[str, int] = {}
        self.clicks: Counter[str] = Counter()  # on the panels, by player

    async def open(self, name: str):
        opened = await self.u[name].click(await board_of(self.bot, self.channel), label=OPEN)
        assert opened.ephemeral, opened.response.content
        self.panels[name] = opened.response.id
        return opened.response

    def panel(self, name: str):
        return mine(self.channel, self.u[name], self.panels[name])

    async def click(self, name: str, label: str):
        """Click a button of the player's panel; the panel is edited in place (returns its text)."""
        self.clicks[name] += 1
        done = await self.u[name].click(self.panel(name), label=label)
        assert done.response.id == self.panels[name], "the panel redraws itself, no new message"
        return self.panel(name).content

    async def choose(self, name: str, value: str):
        self.clicks[name] += 1
        (select,) = [s for s in selects(self.panel(name)) if any(o.value == value for o in s.options)]
        await self.u[name].select(self.panel(name), [value], custom_id=select.custom_id)
        return self.panel(name).content

    async def state(self):
        return (await session_of(self.bot, self.channel)).state

    async def roll(self, name: str, *faces: int, auto: bool = True) -> None:
        rig(await self.state(), *faces)
        await self.click(name, "🎲 Roll")
        if auto:
            await self.click(name, "⚡ Auto")

    async def fire(self, seconds: float, clock) -> None:
        clock.advance(seconds)
        await self.bot.table.fire_due()
        await self.env.settle()


async def begin(env, bot, channel, u, names, countdown=True, characters=SEAT_ORDER, **options):
    """Open the table, every player picks the character of their seat in `characters` (in the lobby:
    unpicked ones are random), opens their panel and presses Ready; after the countdown (unless
    told not to wait for it), "Yarra Mark!"."""
    await u[names[0]].slash(channel, "play", game="arena", **({"options": ",".join(options)} if options else {}))
    lobby_id = channel.last_message.id
    for name in names[1:]:
        await u[name].click(message_in(channel, lobby_id), label="Join")
    for name, character in zip(names, characters, strict=False):
        lobby = message_in(channel, lobby_id)
        (select,) = [s for s in selects(lobby) if s.placeholder == "Choose your character"]  # beside the generals
        await u[name].select(lobby, [character], custom_id=select.custom_id)
    await u[names[0]].click(message_in(channel, lobby_id), label="Start")
    table = Table(env, bot, channel, u)
    for name in names:
        await table.open(name)
        await table.click(name, "✅ Ready")
    await env.settle()
    assert (await table.state())["phase"] == "countdown"
    if countdown:
        await table.fire(COUNTDOWN_SECONDS, bot.clock)
    return table


async def put(table: Table, **where: tuple[list[int], int]) -> None:
    """Set figures down (test set-up): name=(hex, facing)."""
    state = await table.state()
    seats = {name: i for i, name in enumerate(table.panels)}
    for name, (hex_, facing) in where.items():
        state["figures"][seats[name]]["hex"], state["figures"][seats[name]]["facing"] = list(hex_), facing


def log_lines(state) -> str:
    return "\n".join(log_text(state))
