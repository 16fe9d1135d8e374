"""/play and the lobby's buttons and selects (Join, Leave, Start, Cancel, the table's language,
option toggles, computers, choices)."""
from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from engine import registry
from engine.errors import RuleError
from engine.words import as_key
from host.errors import ChannelBusy, TableError
from host.session import Session
from host.table import Change

from . import replies
from .actions import channel_of, perform, table_of
from .command_words import command_name
from .components import Ref, view_of
from .games import offer_games
from .guide import title
from .language import LANGUAGES, language_of, ptext, text
from .lobby_ui import computer_panel, language_buttons, seats_wanted, takes_computers
from .markup import board_link
from .replies import PUBLIC
from .services import Interaction


async def option_names(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete the chosen game's options; several may be given, separated by commas."""
    try:
        game = registry.find(str(getattr(interaction.namespace, "game", "") or ""))
    except RuleError:
        return []
    done, _, typing = current.rpartition(",")
    prefix = f"{done}," if done else ""
    already = {as_key(key) for key in done.split(",")}  # read as /play reads them
    return [app_commands.Choice(name=f"{prefix}{o.key} ({o.label})"[:100], value=f"{prefix}{o.key}")
            for o in game.options
            if o.key not in already and as_key(typing) in o.key and len(prefix) + len(o.key) <= 100][:25]


class Lobby(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        offer_games(self.play)

    @app_commands.command(name="play", description="Open a table for a game in this channel", extras=PUBLIC)
    @app_commands.describe(game="The game to play",
                           options="Options to turn on, separated by commas (they can also be set in the lobby)",
                           practice="Play at once against an easy computer, to learn the game")
    @app_commands.autocomplete(options=option_names)
    async def play(self, interaction: Interaction, game: str, options: str | None = None,
                   practice: bool = False) -> None:
        table = table_of(interaction)
        try:
            chosen = registry.find(game)
        except RuleError as unknown:
            await replies.tell(interaction, str(unknown))
            return
        if interaction.guild_id is None and chosen.min_players > 1 and not takes_computers(chosen):
            await replies.tell(interaction, text(interaction.locale, "{game} is for {players}: start it in a server "
                                                                     "channel where your friends can join.",
                                                 game=title(chosen, interaction.locale),
                                                 players=seats_wanted(interaction.locale, chosen)))
            return
        await table.remember_name(interaction.user.id, interaction.user.display_name)
        try:
            turned_on = [key.strip() for key in (options or "").split(",") if key.strip()]
            change = await table.open(chosen.name, interaction.guild_id, channel_of(interaction),
                                      interaction.user.id, interaction.id, turned_on, practice,
                                      language=language_of(replies.channel_locale(interaction)))
        except ChannelBusy as busy:
            s = busy.session
            where = board_link(s) if s.message_id else f"<#{s.channel_id}>"
            abort = "/" + " ".join(command_name(interaction.locale, part) for part in ("game", "abort"))
            await replies.tell(interaction, text(interaction.locale, "A game of **{game}** is already running here: "
                                                                     "{where}. Finish it or use `{abort}` first.",
                                                 game=title(registry.get(s.game), interaction.locale), where=where,
                                                 abort=abort))
            return
        except TableError as refused:
            await replies.tell(interaction, str(refused))
            return
        await show_new_table(interaction, change)


async def show_new_table(interaction: Interaction, change: Change) -> None:
    """A new lobby (or a solo game that started at once) goes to the channel as a new message."""
    await interaction.client.changes.publish(change, interaction, fresh=True)


async def offer_computers(interaction: Interaction, ref: Ref, values: list[str]) -> None:
    """"Computers": the host adds one at a level, or removes one, privately (the lobby keeps its rows
    for options)."""
    session = await hosted(interaction, ref, TableError("Only the host can add or remove computers."))
    rules = f"/{ptext(interaction.locale, 'command', 'rules')}"
    await replies.tell(interaction, text(interaction.locale, "Add a computer at which level? Easy thinks slowly and"
                                                             " forgets, hard is quick and sharp (`{rules}` says what"
                                                             " each level means in this game).", rules=rules),
                       view=view_of(computer_panel(session, registry.get(session.game), interaction.locale)))


async def offer_languages(interaction: Interaction, ref: Ref, values: list[str]) -> None:
    """🌐: the host picks the table's language privately."""
    session = await hosted(interaction, ref, TableError("Only the host can change the table's language."))
    await replies.tell(interaction, text(interaction.locale, "In which language should this table read? Its lobby, "
                                                             "board and messages in the channel change at once."),
                       view=view_of(language_buttons(session)))


async def hosted(interaction: Interaction, ref: Ref, refusal: TableError) -> Session:
    """The clicked lobby's session, for its host only (anyone else gets `refusal`)."""
    session = await table_of(interaction).get(ref.session_id)
    if interaction.user.id != session.host_id:
        raise refusal
    return session


async def rematch_click(interaction: Interaction, ref: Ref, values: list[str]) -> None:
    """The end's Rematch button: a new lobby with the same players, options and picks."""
    table = table_of(interaction)
    await table.remember_name(interaction.user.id, interaction.user.display_name)
    change = await table.rematch(ref.session_id, interaction.user.id, interaction.id)
    await show_new_table(interaction, change)
    if change.duplicate:
        await replies.acknowledge(interaction)


LOBBY_CONTROLS = ("join", "leave", "start", "cancel", "language", "opt", "choose", "bot", "unbot")


async def lobby_click(interaction: Interaction, ref: Ref, values: list[str]) -> None:
    """The lobby's buttons and selects, each one table call."""
    table, sid, user, iid = table_of(interaction), ref.session_id, interaction.user.id, interaction.id
    calls = {
        "join": lambda: table.join(sid, user, iid),
        "leave": lambda: table.leave(sid, user, iid),
        "start": lambda: table.start(sid, user, iid),
        "cancel": lambda: table.cancel(sid, user, iid),
        "language": lambda: table.set_language(sid, user, ref.arg, LANGUAGES, iid),
        "opt": lambda: table.toggle_option(sid, user, ref.arg, iid),
        "choose": lambda: table.choose(sid, user, ref.arg, values[0] if values else "", iid),
        "bot": lambda: table.add_computer(sid, user, ref.arg, iid),
        "unbot": lambda: table.remove_computer(sid, user, iid),
    }
    await perform(interaction, calls[ref.action])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
