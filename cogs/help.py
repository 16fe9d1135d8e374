"""/help: one page for a newcomer: the games (who plays, how, how long), how to start one, and the
commands. A message that mentions the bot gets the same page as a reply.

Discord delivers a message's content to a bot without the privileged Message Content intent when the
message mentions it, so answering a mention needs no intent beyond the default ones. The commands
are listed from the command tree itself, so the page never names one that is gone.
"""
from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry

from . import replies
from .guide import facts
from .services import Bot, Interaction

log = logging.getLogger(__name__)
FIELD_LIMIT = 1024  # Discord's limit for a field's value
FIRST = ("play", "rules", "help", "game")  # the commands a newcomer needs first; the others follow in tree order

HOW_TO_START = (
    "`/play game:<name>` opens a lobby in this channel: friends press **Join**, the host presses **Start**. "
    "A solo game starts at once.",
    "Short of players? In the lobby the host presses **Add computer** (easy, normal or hard).",
    "`/play game:<name> practice:True`: play at once against an easy computer, to learn a game alone.",
    "**📜 Rules** on every lobby and board shows the rules privately; **Rematch** at the end opens a new lobby "
    "with the same players.",
)


def game_lines() -> list[str]:
    """'**Treasure of the Dragons** `dragon` · 2-5 · turns · ~20 min', a line per game."""
    return [" · ".join([f"**{game.title}** `{game.name}`", *facts(game)])
            for game in (registry.get(name) for name in registry.names())]


def command_lines(tree: app_commands.CommandTree) -> list[str]:
    """'`/play` Open a table for a game in this channel', a line per command (a group's subcommands each)."""
    top = sorted(tree.get_commands(type=discord.AppCommandType.chat_input),
                 key=lambda c: FIRST.index(c.name) if c.name in FIRST else len(FIRST))
    lines = []
    for command in top:
        children = command.commands if isinstance(command, app_commands.Group) else [command]
        lines += [f"`/{child.qualified_name}` {child.description}" for child in children]
    return lines


def field_text(lines: list[str]) -> str:
    """Whole lines, as many as fit a field."""
    text = ""
    for line in lines:
        if len(text) + len(line) + 1 > FIELD_LIMIT:
            break
        text += ("\n" if text else "") + line
    return text or "-"


def help_embed(bot: Bot) -> discord.Embed:
    embed = discord.Embed(title="Tabletop games: help", colour=discord.Colour.blurple(),
                          description="Board and card games played right here, with buttons.")
    embed.add_field(name="Games (players · play · length)", value=field_text(game_lines()), inline=False)
    embed.add_field(name="How to start", value=field_text([f"• {line}" for line in HOW_TO_START]), inline=False)
    embed.add_field(name="Commands", value=field_text(command_lines(bot.tree)), inline=False)
    return embed.set_footer(text="Each game's rules: /rules game:<name>")


def mentions_me(bot: Bot, message: discord.Message) -> bool:
    """Someone (not a bot) named this bot in the text itself: a reply that merely pings it does not count."""
    return bot.user is not None and not message.author.bot and bot.user.id in message.raw_mentions


class Help(commands.Cog):
    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="The games, how to start one, and the commands")
    async def help(self, interaction: Interaction) -> None:
        await replies.tell(interaction, embed=help_embed(interaction.client))

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if not mentions_me(self.bot, message):
            return
        try:
            await message.reply(embed=help_embed(self.bot), mention_author=False, allowed_mentions=replies.QUIET)
        except discord.HTTPException:
            log.warning("could not answer a mention in channel %s", message.channel.id, exc_info=True)


async def setup(bot: Bot) -> None:
    await bot.add_cog(Help(bot))
