"""/game board, /game abort, /game leave and /game history for the game in this channel.

What only the caller sees reads in their own language (`interaction.locale`); the history is posted in the
channel, so it reads in the channel's (`replies.channel_locale`). The board itself reads in the table's language.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry
from engine.errors import RuleError
from host.errors import TableError
from host.session import Session
from host.table import Change, Table

from . import markup, replies
from .actions import channel_of, perform, table_of
from .command_words import command_name
from .guide import title
from .language import language_of, text
from .replies import PUBLIC
from .services import Interaction


class GameControl(commands.GroupCog, group_name="game", group_description="The game in this channel"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def _current(self, interaction: Interaction) -> Session | None:
        session = await table_of(interaction).active_in(channel_of(interaction))
        if session is None:
            await replies.tell(interaction, text(interaction.locale, "No game is running in this channel. Start one "
                                                                     "with `{play}`.",
                                                 play="/" + command_name(interaction.locale, "play")))
        return session

    @app_commands.command(name="board", description="Post the current board again as a fresh message", extras=PUBLIC)
    async def board(self, interaction: Interaction) -> None:
        session = await self._current(interaction)
        if session is None:
            return
        await interaction.client.changes.publish(Change(session), interaction, fresh=True)

    @app_commands.command(name="abort", description="End the game here early (host or channel managers)")
    async def abort(self, interaction: Interaction) -> None:
        may_manage = bool(interaction.permissions and interaction.permissions.manage_channels)
        await self._on_current(interaction, text(interaction.locale, "You ended the game."),
                               lambda table, session: table.abort(session.id, interaction.user.id, may_manage,
                                                                  interaction.id))

    @app_commands.command(name="leave", description="Give up your seat in the game here")
    async def leave(self, interaction: Interaction) -> None:
        await self._on_current(interaction, text(interaction.locale, "You left the game."),
                               lambda table, session: table.leave(session.id, interaction.user.id, interaction.id))

    async def _on_current(self, interaction: Interaction, done: str,
                          call: Callable[[Table, Session], Awaitable[Change]]) -> None:
        """Apply a table call to this channel's game and confirm privately (`done`, in the caller's words),
        or say why not."""
        session = await self._current(interaction)
        if session is None:
            return
        table = table_of(interaction)
        try:
            await perform(interaction, lambda: call(table, session))
        except (TableError, RuleError) as refused:
            await replies.tell(interaction, markup.refusal(refused, interaction.locale))
            return
        await replies.tell(interaction, done)

    @app_commands.command(name="history", description="The last games played in this channel", extras=PUBLIC)
    async def history(self, interaction: Interaction) -> None:
        games = await table_of(interaction).history(channel_of(interaction))
        if not games:
            await replies.tell(interaction, text(interaction.locale, "No games have been played in this channel yet."))
            return
        locale = language_of(replies.channel_locale(interaction))  # 'en' too, as markup.who reads it
        lines = []
        for session, winners in games:
            name = title(registry.get(session.game), locale) if session.game in registry.names() else session.game
            bold = f"**{name}**"
            when = f"<t:{int(session.ended_at or session.created_at)}:R>"
            if session.status == "finished":
                result = (text(locale, "won by {winners}", winners=", ".join(markup.who(w, locale) for w in winners))
                          if winners else text(locale, "no winner"))
            else:
                result = text(locale, "ended early") if session.started_at else text(locale, "lobby closed")
            lines.append(text(locale, "{game} {when}: {result}", game=bold, when=when, result=result))
        embed = discord.Embed(title=text(locale, "Recent games here"), description="\n".join(lines),
                              colour=discord.Colour.blurple())
        await replies.sent_publicly(interaction, embed=embed, allowed_mentions=replies.QUIET)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameControl(bot))
