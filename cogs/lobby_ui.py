"""How a lobby looks: the seats and what each picked, the options, Join / Leave / Start / Cancel,
a computer's seat added or removed by the host, and a select per lobby choice the options offer
(a character; with King of the Hill and the advanced rules, a pair of General Manoeuvres)
offering the values nobody holds yet.

Discord allows 5 rows of 5 buttons, and a select fills a row: row 0 holds Join / Leave / Start /
Cancel and the table's language (🌐 English: the host picks another privately), the option toggles
and then "Computers" (which offers the host, privately, a computer of each level to add and the
last one to remove) fill rows 1-3 five to a row, and each offered choice's select takes a row of
its own after them, while rows last. 📜 Rules (the game's rules, privately) takes the place after
them when that pushes no select off the last row.

Every word is in the table's language (`Session.language`, the server's when the lobby opened, or the
host's pick), so the lobby reads as the channel reads; the host's private panels read in the host's own.
A choice's words are the catalogues' under CHOICE_WORDS (`Choice.texts`)."""
from __future__ import annotations

import discord

from engine.computers import LEVELS, has_policy
from engine.protocol import CHOICE_WORDS, Choice, Game, Option
from host.session import LOBBY, Session, is_computer

from . import markup
from .components import Ref, TableButton, TableSelect
from .game_ui import Board, rules_button
from .guide import OPTION_LABEL, title
from .language import LANGUAGES, NAMES, language_of, ntext, ptext, text

ROWS = 5  # Discord's rows of components in one message
PER_ROW = 5  # buttons in one row
LABEL = 80  # characters in a button's label
OPTION_ROWS = (1, 2, 3)  # the rows the option toggles may fill


def seated(session: Session, user: int) -> str:
    """A seat's holder in the table's language: a mention, or a computer's name ('Ordinateur 2 (facile)')."""
    return markup.who(user, session.language)


def seat_line(session: Session, game: Game, seat: int, user: int) -> str:
    """'1. @Ann (host) · Grublic': the player, and what they picked in the lobby."""
    picked = [choice_word(session.language, choice.values[value]) for choice in offered(session, game)
              if (value := session.pick_of(choice.key, user)) is not None]
    host = " " + text(session.language, "(host)") if user == session.host_id else ""
    return " · ".join([f"{seat + 1}. {seated(session, user)}{host}", *picked])


def seats_wanted(locale: object, game: Game) -> str:
    """'2-5 players', '1 player' as the reader says it."""
    if game.min_players == game.max_players:
        return ntext(locale, "{n} player", "{n} players", game.max_players)
    return text(locale, "{least}-{most} players", least=game.min_players, most=game.max_players)


def switch(locale: object, on: bool) -> str:
    """An option's state: on or off."""
    return ptext(locale, "option state", "on") if on else ptext(locale, "option state", "off")


def choice_select(session: Session, choice: Choice, row: int) -> TableSelect | None:
    """The select of one lobby choice; a unique value someone holds is not offered (None: all held)."""
    free = [(value, name) for value, name in choice.values.items()
            if not (choice.unique and session.holder(choice.key, value) is not None)]
    if not free:
        return None
    language = session.language
    return TableSelect(Ref(session.id, "choose", choice.key), placeholder=choice_word(language, choice.prompt),
                       options=[discord.SelectOption(label=choice_word(language, name), value=value,
                                                     description=note(language, choice, value))
                                for value, name in free[:25]], row=row)


def choice_word(language: str, english: str) -> str:
    """One of a lobby choice's words (`Choice.texts`) in the table's language."""
    return ptext(language, CHOICE_WORDS, english)


def note(language: str, choice: Choice, value: str) -> str | None:
    """The line a choice's menu shows under a value (a character's difficulty), if it has one."""
    english = choice.notes.get(value)
    return None if english is None else choice_word(language, english)


def lobby_board(session: Session, game: Game) -> Board:
    open_, language = session.status == LOBBY, session.language
    seats = "\n".join(seat_line(session, game, i, user) for i, user in enumerate(session.seats)) or "-"
    if open_:
        # After the host leaves, the news says who hosts now; "opened a table" would name the wrong one.
        opened = (markup.said(session, session.news[-1]) if session.news
                  else text(language, "{host} opened a table.", host=f"<@{session.host_id}>"))
        said = [opened + " " + text(language, "Press **{join}** to take a seat; the host presses **{start}** when "
                                              "everyone is in.", join=ptext(language, "button", "Join"),
                                    start=ptext(language, "button", "Start"))]
        if takes_computers(game):
            said.append(text(language, "Playing alone or short of players? The host can add computer players."))
        items, shown = lobby_controls(session, game)
        for choice in offered(session, game):
            unpicked = choice_word(language, choice.unpicked)
            if choice in shown:
                said.append(text(language, "{prompt} below; {unpicked}.", prompt=choice_word(language, choice.prompt),
                                 unpicked=unpicked))
            else:  # Discord's five rows are full with these options: its menu is not shown
                said.append(text(language, "No room for a {thing} menu with these options: {unpicked}.",
                                 thing=choice_word(language, choice.thing), unpicked=unpicked))
        if session.deadline:
            said.append(text(language, "The lobby closes {when} if nobody starts.",
                             when=f"<t:{int(session.deadline)}:R>"))
        description = "\n".join(said)
    else:
        description = markup.summary(session) or text(language, "This lobby is closed.")
    embed = discord.Embed(title=text(language, "{game} - lobby", game=title(game, language)), description=description,
                          colour=discord.Colour.green() if open_ else discord.Colour.dark_grey())
    embed.add_field(name=text(language, "Seats ({taken}/{most})", taken=len(session.seats), most=game.max_players),
                    value=seats, inline=True)
    if game.options:
        embed.add_field(name=text(language, "Options"), value="\n".join(
            f"{ptext(language, OPTION_LABEL, o.label)}: **{switch(language, bool(session.options.get(o.key)))}**"
            for o in game.options), inline=True)
    table = text(language, "table {number}", number=session.id)
    embed.set_footer(text=f"{seats_wanted(language, game)} · {table}")
    if not open_:
        return Board(embed)
    return Board(embed, items=items)


def lobby_controls(session: Session, game: Game) -> tuple[list[discord.ui.Item], list[Choice]]:
    """The lobby's buttons and selects, and the choices whose select found a row."""
    language = session.language
    items: list[discord.ui.Item] = [
        TableButton(Ref(session.id, "join"), label=ptext(language, "button", "Join"),
                    style=discord.ButtonStyle.success),
        TableButton(Ref(session.id, "leave"), label=ptext(language, "button", "Leave")),
        TableButton(Ref(session.id, "start"), label=ptext(language, "button", "Start"),
                    style=discord.ButtonStyle.primary, disabled=len(session.seats) < game.min_players),
        TableButton(Ref(session.id, "cancel"), label=ptext(language, "button", "Cancel"),
                    style=discord.ButtonStyle.danger),
        TableButton(Ref(session.id, "languages"), label=f"🌐 {NAMES[language_of(language)]}"),
    ]
    toggles = option_buttons(session, game) + computer_buttons(session, game)
    rules = rules_button(session.id)
    rules.item.label = ptext(language, "button", "📜 Rules")  # game_ui's button, named in the table's language
    if fits_after(toggles, len(offered(session, game))):
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
    """A toggle per option (laid out five to a row over OPTION_ROWS by `lobby_board`), in the table's language."""
    return [TableButton(Ref(session.id, "opt", option.key), label=toggle_label(session, option)) for option in game.options]


def toggle_label(session: Session, option: Option) -> str:
    """'Quick match: …: off', its option's words and its state in the table's language."""
    words = _cut(ptext(session.language, OPTION_LABEL, option.label))
    state = switch(session.language, bool(session.options.get(option.key)))
    return text(session.language, "{option}: {state}", option=words, state=state)


def computer_buttons(session: Session, game: Game) -> list[TableButton]:
    """"Computers": it shows the host a computer of each level to add and the last one to remove
    (`computer_panel`); nothing to do there with every seat taken by people."""
    if not takes_computers(game):
        return []
    full, seated = len(session.seats) >= game.max_players, any(is_computer(user) for user in session.seats)
    return [TableButton(Ref(session.id, "bots"), label=ptext(session.language, "button", "🤖 Computers"),
                        disabled=full and not seated)]


def computer_panel(session: Session, game: Game, locale: object = None) -> list[discord.ui.Item]:
    """The host's private buttons, in the host's `locale`: add a computer of a level (one more seat
    each click), or remove the computer seated last."""
    full = len(session.seats) >= game.max_players
    return [*(TableButton(Ref(session.id, "bot", level), disabled=full,
                          label=text(locale, "Add computer ({level})", level=markup.level_word(locale, level)))
              for level in LEVELS),
            TableButton(Ref(session.id, "unbot"), label=ptext(locale, "button", "Remove computer"),
                        style=discord.ButtonStyle.danger, disabled=not any(is_computer(u) for u in session.seats))]


def language_buttons(session: Session) -> list[discord.ui.Item]:
    """The host's private choice of the table's language: each language named in its own words, the
    table's own greyed."""
    return [TableButton(Ref(session.id, "language", code), label=NAMES[code], disabled=code == session.language)
            for code in LANGUAGES]


def _cut(label: str) -> str:
    """An option's label short enough for a button (80 characters with its ': off', or French ' : oui')."""
    return label if len(label) <= LABEL - 6 else label[:LABEL - 7] + "…"
