"""/help: one page for a newcomer: the games (who plays, how, how long), how to start one, and the
commands. A message that mentions the bot gets the same page as a reply.

Discord delivers a message's content to a bot without the privileged Message Content intent when the
message mentions it, so answering a mention needs no intent beyond the default ones. The commands
are listed from the command tree itself, so the page never names one that is gone.

The page is in the reader's language: `/help` in the user's Discord locale (or the `language` they
pick), a mention's answer in the server's, since the whole channel reads it. Commands, options and
buttons are named as that reader's Discord shows them (cogs/command_words.py).
"""
from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry

from . import replies
from .command_words import command_name, option_name, qualified_name
from .guide import facts, title
from .language import LANGUAGES, N_, NAMES, ntext, ptext, text
from .services import Bot, Interaction

log = logging.getLogger(__name__)
FIELD_LIMIT = 1024  # Discord's limit for a field's value
FIRST = ("play", "rules", "help", "game")  # the commands a newcomer needs first; the others follow in tree order

LANGUAGE_CHOICES = [app_commands.Choice(name=NAMES[code], value=code) for code in LANGUAGES]
HOW_TO_START = (  # {play}: `/play game:<name>`, {practice}: the same with `practice:True`; the rest are buttons
    N_("`{play}` opens a lobby in this channel: friends press **{join}**, the host presses **{start}**. "
       "A solo game starts at once."),
    N_("Short of players? In the lobby the host presses **{add_computer}** (easy, normal or hard); the lobby's "
       "🌐 button sets the language the table reads in."),
    N_("`{practice}`: play at once against an easy computer, to learn a game alone."),
    N_("**{rules}** on every lobby and board shows the rules privately; **{rematch}** at the end opens a new "
       "lobby with the same players."),
)


def game_lines(locale: object = None) -> list[str]:
    """'**Treasure of the Dragons** `dragon` · 2-5 · turns · ~20 min', a line per game."""
    return [" · ".join([f"**{title(game, locale)}** `{game.name}`", *facts(game, locale)])
            for game in (registry.get(name) for name in registry.names())]


def typed(locale: object, command: str, *options: tuple[str, str]) -> str:
    """A command as the reader types it: '/play game:<name>' ('/spielen spiel:<Spielname>')."""
    return " ".join([f"/{command_name(locale, command)}",
                     *(f"{option_name(locale, option)}:{value}" for option, value in options)])


def a_game(locale: object) -> str:
    """What stands for the game chosen, in a typed command: '<name>'."""
    return "<" + ptext(locale, "typed", "name") + ">"


def how_to_start(locale: object = None) -> list[str]:
    name = a_game(locale)
    words = {"play": typed(locale, "play", ("game", name)),
             "practice": typed(locale, "play", ("game", name), ("practice", "True")),
             "join": ptext(locale, "button", "Join"), "start": ptext(locale, "button", "Start"),
             "add_computer": ptext(locale, "button", "🤖 Computers"), "rules": ptext(locale, "button", "📜 Rules"),
             "rematch": ptext(locale, "button", "Rematch")}
    return [text(locale, line, **words) for line in HOW_TO_START]


def command_lines(tree: app_commands.CommandTree, locale: object = None) -> list[str]:
    """'`/play` Open a table for a game in this channel', a line per command (a group's subcommands each)."""
    top = sorted(tree.get_commands(type=discord.AppCommandType.chat_input),
                 key=lambda c: FIRST.index(c.name) if c.name in FIRST else len(FIRST))
    lines = []
    for command in top:
        children = command.commands if isinstance(command, app_commands.Group) else [command]
        lines += [f"`/{qualified_name(locale, child)}` {text(locale, child.description)}" for child in children]
    return lines


def field_text(lines: list[str]) -> str:
    """Whole lines, as many as fit a field."""
    joined = ""
    for line in lines:
        if len(joined) + len(line) + 1 > FIELD_LIMIT:
            break
        joined += ("\n" if joined else "") + line
    return joined or "-"


def help_embed(bot: Bot, locale: object = None) -> discord.Embed:
    """The page in the reader's language (`locale`: a Discord locale or 'de'; None reads English)."""
    games = len(registry.names())
    embed = discord.Embed(title=text(locale, "Tabletop games: help"), colour=discord.Colour.blurple(),
                          description=ntext(locale, "One board or card game to play right here, with buttons.",
                                             "{n} board and card games to play right here, with buttons.", games))
    embed.add_field(name=text(locale, "Games (players · play · length)"), value=field_text(game_lines(locale)),
                    inline=False)
    embed.add_field(name=text(locale, "How to start"),
                    value=field_text([f"• {line}" for line in how_to_start(locale)]), inline=False)
    embed.add_field(name=text(locale, "Commands"), value=field_text(command_lines(bot.tree, locale)), inline=False)
    rules = typed(locale, "rules", ("game", a_game(locale)))
    return embed.set_footer(text=text(locale, "Each game's rules: {rules}", rules=rules))


def mentions_me(bot: Bot, message: discord.Message) -> bool:
    """Someone (not a bot) named this bot in the text itself: a reply that merely pings it does not count."""
    return bot.user is not None and not message.author.bot and bot.user.id in message.raw_mentions


class Help(commands.Cog):
    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="The games, how to start one, and the commands")
    @app_commands.describe(language="The language of this page (yours in Discord, if left out)")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def help(self, interaction: Interaction, language: str | None = None) -> None:
        await replies.tell(interaction, embed=help_embed(interaction.client, language or interaction.locale))

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if not mentions_me(self.bot, message):
            return
        try:
            await message.reply(embed=help_embed(self.bot, message.guild.preferred_locale if message.guild else None),
                                mention_author=False, allowed_mentions=replies.QUIET)
        except discord.HTTPException:
            log.warning("could not answer a mention in channel %s", message.channel.id, exc_info=True)


async def setup(bot: Bot) -> None:
    await bot.add_cog(Help(bot))
