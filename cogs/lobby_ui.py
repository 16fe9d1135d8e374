"""How a lobby looks: the seats and what each picked, the options, Join / Leave / Start / Cancel,
and a select per lobby choice (a character) offering the values nobody holds yet."""
from __future__ import annotations

import discord

from engine.protocol import Choice, Game
from engine.words import player_count
from host.session import LOBBY, Session

from . import markup
from .components import TableButton, TableSelect
from .game_ui import Board
from .refs import Ref


def seat_line(session: Session, game: Game, seat: int, user: int) -> str:
    """'1. @Ann (host) · Grublic': the player, and what they picked in the lobby."""
    picked = [choice.values[value] for choice in game.choices
              if (value := session.pick_of(choice.key, user)) is not None]
    return " · ".join([f"{seat + 1}. <@{user}>{' (host)' if user == session.host_id else ''}", *picked])


def choice_select(session: Session, choice: Choice, row: int) -> TableSelect | None:
    """The select of one lobby choice; a unique value someone holds is not offered (None: all held)."""
    free = [(value, name) for value, name in choice.values.items()
            if not (choice.unique and session.holder(choice.key, value) is not None)]
    if not free:
        return None
    return TableSelect(Ref(session.id, "choose", choice.key), placeholder=f"Choose your {choice.label.lower()}",
                       options=[discord.SelectOption(label=name, value=value) for value, name in free[:25]], row=row)


def lobby_board(session: Session, game: Game) -> Board:
    open_ = session.status == LOBBY
    seats = "\n".join(seat_line(session, game, i, user) for i, user in enumerate(session.seats)) or "-"
    if open_:
        # After the host leaves, the news says who hosts now; "opened a table" would name the wrong one.
        opened = markup.said(session, session.news[-1]) if session.news else f"<@{session.host_id}> opened a table."
        text = f"{opened} Press **Join** to take a seat; the host presses **Start** when everyone is in."
        for choice in game.choices:
            text += f"\nChoose your {choice.label.lower()} below; whoever does not gets a random one."
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
    for row, choice in enumerate(game.choices, start=2):
        if (select := choice_select(session, choice, row)) is not None:
            items.append(select)
    return Board(embed, items=items)
