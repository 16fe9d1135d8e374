"""The message that ends a game: the final standings (a solo game: won or lost, and the score) and a
Rematch button, in the table's language. A finished game pings its seated players, watchers not; an
aborted one pings nobody (whoever ended it told the table already, and nothing is left to do)."""
from __future__ import annotations

from typing import Any

import discord

from engine import registry
from engine.protocol import Outcome
from host.session import FINISHED, Session
from host.table import Table

from . import replies
from .components import Ref, TableButton, view_of
from .language import ptext, text
from .markup import board_link, mentions, pinging, summary, who


async def end_message(table: Table, session: Session) -> dict[str, Any]:
    """What `channel.send` takes to announce the end of `session`."""
    game = registry.get(session.game)
    language = session.language
    title = ptext(language, "game title", game.title)
    finished = session.status == FINISHED
    outcome = game.outcome(session.game_state) if finished and len(session.seats) == 1 else None
    heading = (text(language, "{game} is over", game=title) if outcome is None
               else text(language, "{game} is over: won", game=title) if 0 in outcome.winners()
               else text(language, "{game} is over: lost", game=title))
    embed = discord.Embed(title=heading, description=summary(session),
                          colour=discord.Colour.gold() if finished else discord.Colour.dark_grey())
    if outcome is not None:
        embed.add_field(name=ptext(language, "end", "Result"), inline=False,
                        value=solo_result(session.seats[0], outcome, language))
    elif finished:
        embed.add_field(name=ptext(language, "end", "Final standings"), inline=False, value="\n".join(
            f"{rank}. {who(user, language)} ({score:g})" for rank, user, score in await table.standings(session.id)))
    embed.add_field(name=ptext(language, "end", "Board"), value=board_link(session), inline=False)
    again = TableButton(Ref(session.id, "rematch"), label=ptext(language, "button", "Rematch"),
                        style=discord.ButtonStyle.success)
    return {"content": text(language, "**{game}** is over: {players}", game=title, players=mentions(session.seats, language)),
            "embed": embed, "view": view_of([again]),
            "allowed_mentions": pinging(session.seats) if finished else replies.QUIET}


def solo_result(user: int, outcome: Outcome, language: str | None = None) -> str:
    """'@Ann lost · score 12 (margin -8)': a solo game has no standings to list, only its result."""
    values = {"who": who(user, language), "score": f"{outcome.scores[0]:g}"}
    won = 0 in outcome.winners()
    if outcome.margin is None:
        return (text(language, "{who} won · score {score}", **values) if won
                else text(language, "{who} lost · score {score}", **values))
    values["margin"] = f"{outcome.margin:+g}"
    return (text(language, "{who} won · score {score} (margin {margin})", **values) if won
            else text(language, "{who} lost · score {score} (margin {margin})", **values))
