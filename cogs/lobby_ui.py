"""How a lobby looks: the seats, the options, and Join / Leave / Start / Cancel."""
from __future__ import annotations

import discord

from engine.protocol import Game
from engine.words import player_count
from host.session import LOBBY, Session

from . import markup
from .components import TableButton
from .game_ui import Board
from .refs import Ref


def lobby_board(session: Session, game: Game) -> Board:
    open_ = session.status == LOBBY
    seats = "\n".join(f"{i + 1}. <@{user}>{' (host)' if user == session.host_id else ''}"
                      for i, user in enumerate(session.seats)) or "-"
    if open_:
        # After the host leaves, the news says who hosts now; "opened a table" would name the wrong one.
        opened = markup.said(session, session.news[-1]) if session.news else f"<@{session.host_id}> opened a table."
        text = f"{opened} Press **Join** to take a seat; the host presses **Start** when everyone is in."
        if session.deadline:
            text += f"\nThe lobby closes <t:{int(session.deadline)}:R> if nobody starts."
    else:
        text = markup.summary(session) or "This lobby is closed."
    embed = discord.Embed(title=f"{game.title} - lobby", description=text,
                          colour=discord.Colour.green() if open_ else discord.Colour.dark_grey())
    embed.add_field(name=f"Seats ({len(session.seats)}/{game.max_players})", value=seats, inline=True)
    if game.options:
        embed.add_field(name="Options", value="\n".join(
            f"{o.label}: **{'on' if session.options.get(o.key) else 'off'}**" for o in game.options), inline=True)
    embed.set_footer(text=f"{player_count(game.min_players, game.max_players)} · table {session.id}")
    if not open_:
        return Board(embed)
    items: list[discord.ui.Item] = [
        TableButton(Ref(session.id, "join"), label="Join", style=discord.ButtonStyle.success),
        TableButton(Ref(session.id, "leave"), label="Leave"),
        TableButton(Ref(session.id, "start"), label="Start", style=discord.ButtonStyle.primary,
                    disabled=len(session.seats) < game.min_players),
        TableButton(Ref(session.id, "cancel"), label="Cancel", style=discord.ButtonStyle.danger),
    ]
    for option in game.options:
        state = "on" if session.options.get(option.key) else "off"
        items.append(TableButton(Ref(session.id, "opt", option.key), label=f"{option.label}: {state}", row=1))
    return Board(embed, items=items)
