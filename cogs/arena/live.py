"""Reaching players who did not click: pushed prompts and news (ARENA.md 3.3).

Discord lets a bot write to a player privately only through that player's own interaction, so
the bot keeps each player's latest panel interaction in memory (per session and seat; tokens
last 15 min) and pushes to that panel: the REACT view when an attack waits on them, hit and
knock-out news (and a status, a card or a Guard sent back that befalls them), private notes (an
attack that came too late), a turn that comes to them, a countdown and a new round; every panel
when a Tribal card's pause begins or ends (their buttons grey, then come back). A defender with no live panel (none opened, expired, or the bot
restarted) gets a public mention pinging only them, with a button that opens their panel on the
prompt; it is deleted once the attack is answered. If nobody answers, the engine's timer lets
Auto-Parry answer.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import discord

from engine import registry
from engine.arena.view_types import PendingView, as_view
from engine.protocol import Event
from host.session import PLAYING, Session
from host.table import Change

from .. import markup, replies
from ..channel_budget import DELETE, POST
from ..components import view_of
from ..language import language_of, ptext, said_text, text
from ..markup import pinging
from ..panels import Seat
from ..services import Bot, Interaction
from .panel import PANEL
from .words import READER, stamp, unanswered

log = logging.getLogger(__name__)
EVERYONE = ("round", "round_end", "countdown", "phase", "game_over")  # news that changes every panel
# Public news for the panels of the players it befalls, by the seats its text names: an attack's
# defender (the second named), whom a hit or knock-out lands on, who gets a status (the last
# named: Riparian nets Pluma), whose Guard went back to the supply, whom a card moves or strikes.
NEWS: dict[str, slice] = {"attack": slice(1, 2), "hit": slice(0, 1), "knockout": slice(0, 1),
                          "status": slice(-1, None), "guard": slice(0, 1), "card": slice(1, None)}


@dataclass
class Held:
    interaction: Interaction
    draft: str


@dataclass
class Reach:
    """Whom a change concerns: panels to redraw with their notes, and defenders to call."""

    notes: defaultdict[int, list[str]]
    react: set[int]
    everyone: bool


def concerned(events: list[Event]) -> Reach:
    """Private events go to their seat; public news (NEWS) to the seats it befalls."""
    reach = Reach(defaultdict(list), set(), False)
    for event in events:
        if event.kind == "react" and event.private_to is not None:
            reach.react.add(event.private_to)
        elif event.private_to is not None:
            reach.notes[event.private_to].append(event.text)
        elif event.kind in NEWS:
            for seat in dict.fromkeys(event.seats[NEWS[event.kind]]):
                reach.notes[seat].append(event.text)
        reach.everyone = reach.everyone or event.kind in EVERYONE
    return reach


class Live:
    """What the bot keeps in memory to reach players' panels: their latest panel interaction, the
    mentions it posted instead, and whom each game waited on. A restart forgets it all, by design:
    players without a live panel get mentions until they open it again."""

    def __init__(self, client: Bot) -> None:
        self.client = client
        self.panels: dict[tuple[int, int], Held] = {}
        self.mentions: dict[tuple[int, int], int] = {}
        self.waiting: dict[int, set[int]] = {}
        self.paused: dict[int, bool] = {}
        self.locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.introduced: set[tuple[int, int]] = set()  # (session, seat) shown the panel's legend

    def introduce(self, session_id: int, seat: int) -> bool:
        """Whether this is the seat's first panel in the match (since the bot started): the legend goes with it."""
        first = (session_id, seat) not in self.introduced
        self.introduced.add((session_id, seat))
        return first

    def keep(self, session_id: int, seat: int | None, interaction: Interaction, draft: str) -> None:
        if seat is not None:
            self.panels[(session_id, seat)] = Held(interaction, draft)

    def payload(self, session: Session, seat: int, draft: str, note: str = "") -> dict[str, Any]:
        """The panel's message as it should be now."""
        if session.status != PLAYING:
            over = text(READER.get() or session.language, "This match is over: see the channel.")
            told = markup.said(session, note, READER.get())
            return {"content": f"{told}\n{over}".strip(), "view": None, "attachments": [],
                    "allowed_mentions": replies.QUIET}
        game = registry.get(session.game)
        now = self.client.table.clock()
        reading = language_of(READER.get() or session.language)
        drawn = PANEL.draw(Seat(session, game, seat, game.view(session.game_state, seat), now, reading), draft, note)
        content = drawn.text
        return {"content": content[:2000], "view": view_of(drawn.items) if drawn.items else None,
                "attachments": [], "allowed_mentions": replies.QUIET}

    async def push(self, change: Change, actor: int | None = None) -> None:
        """After a change: bring the panels it concerns up to date, and mention defenders who have none."""
        session = await self.client.table.get(change.session.id)
        sid = session.id
        async with self.locks[sid]:
            if session.status != PLAYING:
                await self.close(session, [e.text for e in change.events if e.kind in ("round_end", "game_over")])
                return
            game = registry.get(session.game)
            view = as_view(session.public_view())
            windows = {p["defender"]: p for p in view["pending"] if p["deadline"]}
            for key in [k for k in self.mentions if k[0] == sid and k[1] not in windows]:
                await self.unmention(session, key)
            reach = concerned(change.events)
            waiting = set(game.waiting_for(session.game_state))
            newly = waiting - self.waiting.get(sid, set())
            self.waiting[sid] = waiting
            paused = view.get("paused") is not None
            everyone = reach.everyone or paused != self.paused.get(sid, False)
            self.paused[sid] = paused
            mine = {seat for s, seat in self.panels if s == sid} if everyone else set()
            for seat in sorted((reach.react | set(reach.notes) | newly | mine) - {actor}):
                reached = await self.refresh(session, seat, reach.notes[seat])
                if seat not in reach.react or seat not in windows or session.computer_plays(seat):
                    continue
                if reached:
                    await self.take_ping(session, seat, None)
                elif (sid, seat) not in self.mentions:
                    await self.mention(session, seat, windows[seat], reach.notes[seat])

    async def close(self, session: Session, last: list[str]) -> None:
        """The match is over: every live panel says so, the mentions go, the memory is freed."""
        for seat in sorted(seat for s, seat in self.panels if s == session.id):
            await self.refresh(session, seat, last)
        for key in [k for k in self.mentions if k[0] == session.id]:
            await self.unmention(session, key)
        self.waiting.pop(session.id, None)
        self.paused.pop(session.id, None)
        self.introduced -= {key for key in self.introduced if key[0] == session.id}
        self.locks.pop(session.id, None)

    async def refresh(self, session: Session, seat: int, notes: list[str]) -> bool:
        """Edit the seat's panel through its latest interaction; False when there is none alive."""
        held = self.panels.get((session.id, seat))
        if held is None:
            return False
        try:
            language = held.interaction.locale  # the panel's player's, as the interaction it goes through says
            told = "\n".join(said_text(language, note) for note in notes)  # each by its words' id, then joined
            reading = READER.set(language)
            try:
                payload = self.payload(session, seat, held.draft, told)
            finally:
                READER.reset(reading)
            await held.interaction.edit_original_response(**payload)
        except discord.HTTPException:  # its token expired (15 min), or the panel was dismissed
            self.panels.pop((session.id, seat), None)
            return False
        if session.status != PLAYING:
            self.panels.pop((session.id, seat), None)
        return True

    async def mention(self, session: Session, seat: int, entry: PendingView, notes: list[str]) -> None:
        """A public prompt pinging only the defender, whose button opens their panel on it: they are
        attacked, or (a Ceremony catch) their Nymphlet is."""
        user, language = session.seats[seat], session.language
        said = (markup.said(session, notes[0]) if notes
                else text(language, "An attack waits on {who}.", who=f"<@{user}>"))
        game, state = registry.get(session.game), session.game_state
        me = as_view(game.view(state, seat))["seats"][seat]
        most = max((a["dice"] for a in game.legal_actions(state, seat) if a["type"] == "parry"), default=0)
        values = {"who": f"<@{user}>", "said": said, "when": stamp(entry["deadline"]),
                  "otherwise": unanswered(me, entry, state["turn_based"], most, language)}
        called = (text(language, "{who}, you are attacked! {said} Answer {when}, or {otherwise}", **values)
                  if entry.get("nymphlet") is None else
                  text(language, "{who}, your Nymphlet is attacked! {said} Answer {when}, or {otherwise}", **values))
        channel = self.client.get_partial_messageable(session.channel_id)
        async with self.client.presenter.budget.slot(session.channel_id, POST):  # the channel's share of Discord's limits
            message = await channel.send(called, view=view_of([PANEL.opener(
                session, ptext(language, "button", "Answer the attack"), style=discord.ButtonStyle.danger)]),
                allowed_mentions=pinging([user]))
        self.mentions[(session.id, seat)] = message.id
        await self.take_ping(session, seat, message.id)

    async def take_ping(self, session: Session, seat: int, message_id: int | None) -> None:
        """The defender was called (their panel, or `message_id`): the presenter, which keeps one
        ping message per table, must not ping them again with a generic "your move". Its slot
        takes our call instead; it deletes that message once the game waits on someone else."""
        if registry.get(session.game).waiting_for(session.game_state) != [seat]:
            return  # the presenter pings nobody while several players must answer
        if session.ping_message_id is not None:
            with contextlib.suppress(discord.HTTPException):
                channel = self.client.get_partial_messageable(session.channel_id)
                async with self.client.presenter.budget.slot(session.channel_id, DELETE):
                    await channel.get_partial_message(session.ping_message_id).delete()
        await self.client.table.set_ping(session.id, message_id, [session.seats[seat]])

    async def unmention(self, session: Session, key: tuple[int, int]) -> None:
        message_id = self.mentions.pop(key)
        channel = self.client.get_partial_messageable(session.channel_id)
        with contextlib.suppress(discord.HTTPException):
            async with self.client.presenter.budget.slot(session.channel_id, DELETE):
                await channel.get_partial_message(message_id).delete()

    async def on_change(self, change: Change, via: Interaction | None, fresh: bool) -> None:
        """The bus's private stage (cogs/bus.py): a match's change reaches the panels it concerns before
        the board, but the clicker's own, which its click redraws."""
        if change.duplicate or change.session.state is None:
            return
        actor = None if change.actor is None else change.session.seat_of(change.actor)
        await self.tell(change, actor=actor)

    async def tell(self, change: Change, actor: int | None = None) -> None:
        """`push`, where Discord refusing a message must not stop the board's redraw."""
        try:
            await self.push(change, actor)
        except discord.HTTPException:
            log.warning("could not reach the panels of session %s", change.session.id, exc_info=True)


def live_of(client: Bot) -> Live:
    return client.arena_live
