"""How a lobby looks: the seats and what each picked, the options, Join / Leave / Start / Cancel,
a computer's seat added or removed by the host, and a select per lobby choice the options offer
(a character; with King of the Hill and the advanced rules, a pair of General Manoeuvres)
offering the values nobody holds yet.

Discord allows 5 rows of 5 buttons, and a select fills a row: row 0 holds Join / Leave / Start /
Cancel / Remove computer, the option toggles and then "Add computer" (which offers the host the
levels privately) fill rows 1-3 five to a row, and each offered choice's select takes a row of
its own after them, while rows last. 📜 Rules (the game's rules, privately) takes row 0's fifth
place when a game has no computers, else the place after "Add computer" when that pushes no
select off the last row."""
from __future__ import annotations

import discord

from engine.computers import LEVELS, has_policy
from engine.protocol import Choice, Game
from engine.words import player_count
from host.session import LOBBY, Session, is_computer

from . import markup
from .components import TableButton, TableSelect
from .game_ui import Board, rules_button
from .refs import Ref

ROWS = 5  # Discord's rows of components in one message
PER_ROW = 5  # buttons in one row
LABEL = 80  # characters in a button's label
OPTION_ROWS = (1, 2, 3)  # the rows the option toggles may fill


def seat_line(session: Session, game: Game, seat: int, user: int) -> str:
    """'1. @Ann (host) · Grublic': the player, and what they picked in the lobby."""
    picked = [choice.values[value] for choice in offered(session, game)
              if (value := session.pick_of(choice.key, user)) is not None]
    return " · ".join([f"{seat + 1}. {markup.who(user)}{' (host)' if user == session.host_id else ''}", *picked])


def choice_select(session: Session, choice: Choice, row: int) -> TableSelect | None:
    """The select of one lobby choice; a unique value someone holds is not offered (None: all held)."""
    free = [(value, name) for value, name in choice.values.items()
            if not (choice.unique and session.holder(choice.key, value) is not None)]
    if not free:
        return None
    return TableSelect(Ref(session.id, "choose", choice.key), placeholder=f"Choose your {choice.label.lower()}",
                       options=[discord.SelectOption(label=name, value=value, description=choice.notes.get(value))
                                for value, name in free[:25]], row=row)


def lobby_board(session: Session, game: Game) -> Board:
    open_ = session.status == LOBBY
    seats = "\n".join(seat_line(session, game, i, user) for i, user in enumerate(session.seats)) or "-"
    if open_:
        # After the host leaves, the news says who hosts now; "opened a table" would name the wrong one.
        opened = markup.said(session, session.news[-1]) if session.news else f"<@{session.host_id}> opened a table."
        text = f"{opened} Press **Join** to take a seat; the host presses **Start** when everyone is in."
        if takes_computers(game):
            text += "\nPlaying alone or short of players? The host can add computer players."
        items, shown = lobby_controls(session, game)
        for choice in offered(session, game):
            if choice in shown:
                text += f"\nChoose your {choice.label.lower()} below; {choice.unpicked}."
            else:  # Discord's five rows are full with these options: its menu is not shown
                text += f"\nNo room for a {choice.label.lower()} menu with these options: {choice.unpicked}."
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
    return Board(embed, items=items)


def lobby_controls(session: Session, game: Game) -> tuple[list[discord.ui.Item], list[Choice]]:
    """The lobby's buttons and selects, and the choices whose select found a row."""
    items: list[discord.ui.Item] = [
        TableButton(Ref(session.id, "join"), label="Join", style=discord.ButtonStyle.success),
        TableButton(Ref(session.id, "leave"), label="Leave"),
        TableButton(Ref(session.id, "start"), label="Start", style=discord.ButtonStyle.primary,
                    disabled=len(session.seats) < game.min_players),
        TableButton(Ref(session.id, "cancel"), label="Cancel", style=discord.ButtonStyle.danger),
    ]
    if takes_computers(game):
        items.append(TableButton(Ref(session.id, "unbot"), label="Remove computer",
                                 disabled=not any(is_computer(user) for user in session.seats)))
    toggles = option_buttons(session, game) + computer_buttons(session, game)
    rules = rules_button(session.id)
    if len(items) < PER_ROW:
        items.append(rules)
    elif fits_after(toggles, len(offered(session, game))):
        toggles.append(rules)
    for i, button in enumerate(toggles[:PER_ROW * len(OPTION_ROWS)]):
        button.row = OPTION_ROWS[i // PER_ROW]
    items += toggles
    first = OPTION_ROWS[0] + -(-len(toggles) // PER_ROW)
    shown = offered(session, game)[:ROWS - first]
    for row, choice in enumerate(shown, start=first):
        if (select := choice_select(session, choice, row)) is not None:
            items.append(select)
    return items, shown


def fits_after(toggles: list[TableButton], selects: int) -> bool:
    """Whether one more button fits after the toggles without pushing a choice's select off the
    last row: a free place in the toggles' last row, or a row nobody needs."""
    rows = -(-len(toggles) // PER_ROW)
    if len(toggles) >= PER_ROW * len(OPTION_ROWS):
        return False
    return len(toggles) % PER_ROW != 0 or OPTION_ROWS[0] + rows + 1 + selects <= ROWS


def offered(session: Session, game: Game) -> list[Choice]:
    """The lobby choices the options on now offer (a mode's pick only with its mode)."""
    return [choice for choice in game.choices if choice.offered(session.options)]


def takes_computers(game: Game) -> bool:
    """A game for several players that has computer players."""
    return game.max_players > 1 and has_policy(game)


def option_buttons(session: Session, game: Game) -> list[TableButton]:
    """A toggle per option (laid out five to a row over OPTION_ROWS by `lobby_board`)."""
    return [TableButton(Ref(session.id, "opt", option.key),
                        label=f"{_cut(option.label)}: {'on' if session.options.get(option.key) else 'off'}")
            for option in game.options]


def computer_buttons(session: Session, game: Game) -> list[TableButton]:
    """"Add computer", while a seat is free: it shows the host the levels (`level_buttons`)."""
    if not takes_computers(game):
        return []
    return [TableButton(Ref(session.id, "bots"), label="Add computer",
                        disabled=len(session.seats) >= game.max_players)]


def level_buttons(session: Session) -> list[discord.ui.Item]:
    """The host's private choice of a computer's level; each click seats one more."""
    return [TableButton(Ref(session.id, "bot", level), label=f"Add computer ({level})") for level in LEVELS]


def _cut(label: str) -> str:
    """An option's label short enough for a button (80 characters with its ': off')."""
    return label if len(label) <= LABEL - 5 else label[:LABEL - 6] + "…"
