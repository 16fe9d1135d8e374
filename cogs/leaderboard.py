"""/leaderboard, /stats and /privacy: boards and player stats as an image plus a text version.

- `/leaderboard game:<name> [scope:server|global] [period:all|month|week]`: the top 10 (image and
  text) and, if the caller is further down, their own place. Scope defaults to this server (global in
  DMs). What the figures mean is in host/leaderboard.py and the footer says it in a sentence.
- `/stats [user]`: games, wins and rating per game, latest results, and a rating-over-time chart.
  Someone who hid from global boards shows others only the games played in this server.
- `/privacy`: a toggle; hidden players are left off global boards (server boards still show them).

Boards and stats are posted in the channel, so they read in the channel's language (`replies.channel_locale`);
what only the caller sees (a refusal, /privacy) in the caller's own. Their words: cogs/leaderboard_words.py.
"""
from __future__ import annotations

import functools

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry
from engine.errors import RuleError
from host import leaderboard as boards
from host.names import clean_name
from render.encode import render_async
from render.leaderboard import Series, render_leaderboard, render_rating_chart

from . import replies
from .actions import table_of
from .command_words import option_name
from .games import offer_games
from .guide import title
from .language import shown_in, text
from .leaderboard_words import (
    PERIOD_TEXT,
    SCOPE_TEXT,
    chart_day,
    command,
    explain,
    figure_label,
    figure_word,
    games_and_wins,
    rows_of,
    stats_lines,
    subtitle,
    text_version,
    title_of,
)
from .markup import refusal
from .pictures import as_file
from .replies import PUBLIC
from .services import Interaction

SCOPE_CHOICES = [app_commands.Choice(name=name, value=value) for value, name in SCOPE_TEXT.items()]
PERIOD_CHOICES = [app_commands.Choice(name=name, value=value) for value, name in PERIOD_TEXT.items()]


class Leaderboards(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        offer_games(self.leaderboard)

    @app_commands.command(name="leaderboard", description="The top 10 players of a game", extras=PUBLIC)
    @app_commands.describe(game="The game", scope="Games played in this server, or everywhere",
                           period="All time, this month or this week")
    @app_commands.choices(scope=SCOPE_CHOICES, period=PERIOD_CHOICES)
    async def leaderboard(self, interaction: Interaction, game: str, scope: str | None = None,
                          period: str = "all") -> None:
        table = table_of(interaction)
        try:
            chosen = registry.find(game)
        except RuleError as unknown:
            await replies.tell(interaction, refusal(unknown, interaction.locale))
            return
        scope = scope or ("server" if interaction.guild_id else "global")
        if scope == "server" and interaction.guild_id is None:
            typed = f"{option_name(interaction.locale, 'scope')}:{text(interaction.locale, SCOPE_TEXT['global'])}"
            await replies.tell(interaction, text(interaction.locale, "Server boards only exist in a server; "
                                                                     "try `{scope}`.", scope=typed))
            return
        await replies.think(interaction, public=True)
        await table.remember_name(interaction.user.id, interaction.user.display_name)
        viewer, locale = interaction.user.id, replies.channel_locale(interaction)
        board = await boards.leaderboard(table.store, chosen, scope=scope, period=period,
                                         guild_id=interaction.guild_id, viewer=viewer, now=table.clock())
        rows, me = rows_of(board, viewer)
        heading = text(locale, "{game} leaderboard", game=title(chosen, locale))
        image = await render_async(render_leaderboard, heading, subtitle(board, locale), rows, me=me,
                                   figure_label=figure_label(board, locale),
                                   figure_word=figure_word(board.by_rating, locale),
                                   empty=text(locale, "No games on this board yet."),
                                   show=shown_in(locale))
        embed = discord.Embed(title=heading, description=text_version(board, viewer, locale),
                              colour=discord.Colour.gold())
        embed.set_author(name=subtitle(board, locale))
        embed.set_image(url=f"attachment://{image.filename}")
        embed.set_footer(text=explain(board, locale))
        await replies.sent_publicly(interaction, embed=embed, file=as_file(image), allowed_mentions=replies.QUIET)

    @app_commands.command(name="stats", description="A player's games, wins, ratings and latest results",
                          extras=PUBLIC)
    @app_commands.describe(user="Whose stats (you, if left out)")
    async def stats(self, interaction: Interaction, user: discord.User | None = None) -> None:
        table = table_of(interaction)
        target = user or interaction.user
        private = interaction.locale  # the caller's own answers; the stats are for the channel
        if target.bot:
            await replies.tell(interaction, text(private, "Bots do not play here, so they have no stats."))
            return
        await table.remember_name(interaction.user.id, interaction.user.display_name)
        if target.id != interaction.user.id:
            await table.remember_name(target.id, target.display_name)
        limited = target.id != interaction.user.id and await boards.is_hidden(table.store, target.id)
        name = clean_name(target.display_name)
        if limited and interaction.guild_id is None:
            await replies.tell(interaction, text(private, "{name} keeps their stats private.", name=name))
            return
        stats = await boards.player_stats(table.store, target.id,
                                          guild_id=interaction.guild_id if limited else None)
        if not stats.games:
            none_yet = (text(private, "{name} has not finished a game in this server yet.", name=name) if limited
                        else text(private, "{name} has not finished a game yet.", name=name))
            await replies.tell(interaction, none_yet)
            return
        await replies.think(interaction, public=True)
        locale = replies.channel_locale(interaction)
        games, wins = games_and_wins(stats.total_games, sum(g.wins for g in stats.games), locale)
        embed = discord.Embed(title=text(locale, "{name}: stats", name=name),
                              description=f"<@{target.id}> · {games} · {wins}", colour=discord.Colour.gold())
        for heading, value in stats_lines(stats, locale):
            embed.add_field(name=heading, value=value, inline=False)
        if limited:
            embed.set_footer(text=text(locale, "{name} is hidden from global boards: only games played in this "
                                               "server are shown.", name=name))
        files = []
        if stats.history:
            series = [Series(title_of(game, locale), points) for game, points in stats.history.items()]
            chart = await render_async(render_rating_chart, text(locale, "{name}: rating over time", name=name),
                                       series, show=shown_in(locale),
                                       dated=functools.partial(chart_day, locale))
            embed.set_image(url=f"attachment://{chart.filename}")
            files.append(as_file(chart))
        await replies.sent_publicly(interaction, embed=embed, files=files, allowed_mentions=replies.QUIET)

    @app_commands.command(name="privacy", description="Hide yourself from global leaderboards, or show yourself again")
    async def privacy(self, interaction: Interaction) -> None:
        table = table_of(interaction)
        hidden = await boards.toggle_hidden(table.store, interaction.user.id, table.clock())
        locale, again = interaction.locale, command(interaction.locale, "privacy")
        if hidden:
            said = text(locale, "You are now hidden from global leaderboards, and others see only your games in their "
                                "server in `{stats}`. Server boards still list you. Use `{privacy}` again to show "
                                "yourself.", stats=command(locale, "stats"), privacy=again)
        else:
            said = text(locale, "You are visible on global leaderboards again. Use `{privacy}` to hide.", privacy=again)
        await replies.tell(interaction, said)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Leaderboards(bot))
