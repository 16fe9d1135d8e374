"""The message that ends a game: the final standings (a solo game: won or lost, and the score) and a
Rematch button. A finished game pings its seated players, watchers not; an aborted one pings nobody
(whoever ended it told the table already, and nothing is left to do)."""
from __future__ import annotations

from typing import Any

import discord

from engine import registry
from engine.protocol import Outcome
from host.session import FINISHED, Session
from host.table import Table

from . import replies
from .components import Ref, TableButton, view_of
from .markup import board_link, mentions, pinging, summary, who


async def end_message(table: Table, session: Session) -> dict[str, Any]:
    """What `channel.send` takes to announce the end of `session`."""
    game = registry.get(session.game)
    finished = session.status == FINISHED
    outcome = game.outcome(session.game_state) if finished and len(session.seats) == 1 else None
    title = f"{game.title} is over"
    if outcome is not None:
        title += ": won" if 0 in outcome.winners() else ": lost"
    embed = discord.Embed(title=title, description=summary(session),
                          colour=discord.Colour.gold() if finished else discord.Colour.dark_grey())
    if outcome is not None:
        embed.add_field(name="Result", inline=False, value=solo_result(session.seats[0], outcome))
    elif finished:
        embed.add_field(name="Final standings", inline=False, value="\n".join(
            f"{rank}. {who(user)} ({score:g})" for rank, user, score in await table.standings(session.id)))
    embed.add_field(name="Board", value=board_link(session), inline=False)
    again = TableButton(Ref(session.id, "rematch"), label="Rematch", style=discord.ButtonStyle.success)
    return {"content": f"**{game.title}** is over: {mentions(session.seats)}", "embed": embed,
            "view": view_of([again]), "allowed_mentions": pinging(session.seats) if finished else replies.QUIET}


def solo_result(user: int, outcome: Outcome) -> str:
    """'@Ann lost · score 12 (margin -8)': a solo game has no standings to list, only its result."""
    result = f"{who(user)} {'won' if 0 in outcome.winners() else 'lost'} · score {outcome.scores[0]:g}"
    return result + (f" (margin {outcome.margin:+g})" if outcome.margin is not None else "")
