"""/leaderboard, /stats and /privacy: boards and player stats as an image plus a text version.

- `/leaderboard game:<name> [scope:server|global] [period:all|month|week]`: the top 10 (image and
  text) and, if the caller is further down, their own place. Scope defaults to this server (global in
  DMs). What the figures mean is in host/leaderboard.py and the footer says it in a sentence.
- `/stats [user]`: games, wins and rating per game, latest results, and a rating-over-time chart.
  Someone who hid from global boards shows others only the games played in this server.
- `/privacy`: a toggle; hidden players are left off global boards (server boards still show them).
"""
from __future__ import annotations

from datetime import UTC, datetime

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry
from engine.errors import RuleError
from engine.words import plural
from host import leaderboard as boards
from host.leaderboard import RATED, Board, PlayerStats, Standing
from host.names import clean_name
from render.encode import render_async
from render.leaderboard import Row, Series, render_leaderboard, render_rating_chart

from . import replies
from .actions import table_of
from .games import offer_games
from .pictures import as_file
from .replies import PUBLIC
from .services import Interaction

PERIOD_TEXT = {"all": "All time", "month": "This month", "week": "This week"}
SCOPE_CHOICES = [app_commands.Choice(name="This server", value="server"),
                 app_commands.Choice(name="Global", value="global")]
PERIOD_CHOICES = [app_commands.Choice(name="All time", value="all"),
                  app_commands.Choice(name="This month", value="month"),
                  app_commands.Choice(name="This week", value="week")]
EMBED_FIELDS = 10


def title_of(game: str) -> str:
    try:
        return registry.get(game).title
    except RuleError:
        return game


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def figure(board: Board, standing: Standing) -> str:
    """The number a row is ranked by, as players read it."""
    return f"{board.rating(standing):.0f}" if board.by_rating else str(standing.wins)


def figure_label(board: Board) -> str:
    return "Rating" if board.by_rating else "Wins"


def explain(board: Board) -> str:
    """One sentence on what the board ranks by."""
    where = "games played in this server" if board.scope == "server" else "games everywhere"
    if not board.by_rating:
        what = "Ranked by wins, then win rate"
    elif board.scope == "global":
        what = "Ranked by rating (a newcomer starts at 1500)"
    else:
        what = "Ranked by 1500 + the rating points won and lost in this server"
    since = "" if board.since is None else f"; since {_day(board.since)} (UTC)"
    hidden = "; players who chose /privacy are not listed" if board.scope == "global" else ""
    return f"{what}; {where}{since}{hidden}."


def _day(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%a %d %b")


def subtitle(board: Board) -> str:
    scope = "This server" if board.scope == "server" else "Global"
    players = f"{board.players} player" + ("" if board.players == 1 else "s")
    return f"{scope} · {PERIOD_TEXT[board.period]} · {players}"


def rows_of(board: Board, viewer: int) -> tuple[list[Row], Row | None]:
    def row(s: Standing) -> Row:
        return Row(s.position, s.name, figure(board, s), s.games, s.win_rate, highlight=s.user_id == viewer)
    return [row(s) for s in board.top], None if board.me is None else row(board.me)


def text_version(board: Board, viewer: int) -> str:
    lines = []
    for s in [*board.top, *([board.me] if board.me else [])]:
        mark = " ← you" if s.user_id == viewer else ""
        gap = "…\n" if s is board.me else ""
        points = f" · rating {s.points:+.0f}" if board.kind == RATED and not board.by_rating else ""
        lines.append(f"{gap}**{s.position}.** <@{s.user_id}> · {figure_label(board).lower()} **{figure(board, s)}**"
                     f" · {plural(s.games, 'game')} · {round(100 * s.win_rate)}% won{points}{mark}")
    if not board.top:
        lines.append("No games on this board yet.")
    if board.viewer_hidden:
        lines.append("You are hidden from global boards (use `/privacy` to show yourself).")
    elif board.top and board.me is None and all(s.user_id != viewer for s in board.top):
        lines.append("You have no games on this board yet.")
    return "\n".join(lines)


def rating_change(delta: float) -> str:
    """A game's rating change, named so it is not read as a score: "rating +14", "rating −12" (a true minus)."""
    points = round(delta)
    return f"rating {'−' if points < 0 else '+'}{abs(points)}"


def stats_lines(stats: PlayerStats) -> list[tuple[str, str]]:
    fields = []
    for g in stats.games[:EMBED_FIELDS - 1]:
        rate = f"{plural(g.wins, 'win')} ({round(100 * g.win_rate)}%)"
        if g.rated:
            value = f"Rating **{g.rating:.0f}** · {plural(g.games, 'game')} · {rate}"
        else:
            best = (f"best margin {g.best_margin:+g}" if g.best_margin is not None
                    else f"best score {g.best_score:g}" if g.best_score is not None else "")
            streak = "" if g.streak is None else f" · streak {g.streak} (best {g.best_streak})"
            value = f"{plural(g.games, 'game')} · {rate}" + (f" · {best}" if best else "") + streak
        fields.append((title_of(g.game), value))
    recent = []
    for r in stats.recent:
        when = f"<t:{int(r.at)}:R>"
        if r.players == 1:
            recent.append(f"{title_of(r.game)}: {'won' if r.won else 'lost'} (score {r.score:g}) {when}")
        else:
            change = "" if r.delta is None else f" · {rating_change(r.delta)}"
            recent.append(f"{title_of(r.game)}: {ordinal(r.rank)} of {r.players}{change} {when}")
    if recent:
        fields.append(("Recent results", "\n".join(recent)))
    return fields


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
            await replies.tell(interaction, str(unknown))
            return
        scope = scope or ("server" if interaction.guild_id else "global")
        if scope == "server" and interaction.guild_id is None:
            await replies.tell(interaction, "Server boards only exist in a server; try `scope:Global`.")
            return
        await replies.think(interaction, public=True)
        await table.remember_name(interaction.user.id, interaction.user.display_name)
        viewer = interaction.user.id
        board = await boards.leaderboard(table.store, chosen, scope=scope, period=period,
                                         guild_id=interaction.guild_id, viewer=viewer, now=table.clock())
        rows, me = rows_of(board, viewer)
        image = await render_async(render_leaderboard, f"{chosen.title} leaderboard", subtitle(board), rows, me=me,
                                   figure_label=figure_label(board))
        embed = discord.Embed(title=f"{chosen.title} leaderboard", description=text_version(board, viewer),
                              colour=discord.Colour.gold())
        embed.set_author(name=subtitle(board))
        embed.set_image(url=f"attachment://{image.filename}")
        embed.set_footer(text=explain(board))
        await replies.sent_publicly(interaction, embed=embed, file=as_file(image), allowed_mentions=replies.QUIET)

    @app_commands.command(name="stats", description="A player's games, wins, ratings and latest results",
                          extras=PUBLIC)
    @app_commands.describe(user="Whose stats (you, if left out)")
    async def stats(self, interaction: Interaction, user: discord.User | None = None) -> None:
        table = table_of(interaction)
        target = user or interaction.user
        if target.bot:
            await replies.tell(interaction, "Bots do not play here, so they have no stats.")
            return
        await table.remember_name(interaction.user.id, interaction.user.display_name)
        if target.id != interaction.user.id:
            await table.remember_name(target.id, target.display_name)
        limited = target.id != interaction.user.id and await boards.is_hidden(table.store, target.id)
        name = clean_name(target.display_name)
        if limited and interaction.guild_id is None:
            await replies.tell(interaction, f"{name} keeps their stats private.")
            return
        stats = await boards.player_stats(table.store, target.id,
                                          guild_id=interaction.guild_id if limited else None)
        if not stats.games:
            where = " in this server" if limited else ""
            await replies.tell(interaction, f"{name} has not finished a game{where} yet.")
            return
        await replies.think(interaction, public=True)
        wins = sum(g.wins for g in stats.games)
        embed = discord.Embed(title=f"{name}: stats",
                              description=f"<@{target.id}> · {plural(stats.total_games, 'game')} · {plural(wins, 'win')}",
                              colour=discord.Colour.gold())
        for name, value in stats_lines(stats):
            embed.add_field(name=name, value=value, inline=False)
        if limited:
            embed.set_footer(text=f"{name} is hidden from global boards: "
                                  "only games played in this server are shown.")
        files = []
        if stats.history:
            series = [Series(title_of(game), points) for game, points in stats.history.items()]
            chart = await render_async(render_rating_chart, f"{name}: rating over time", series)
            embed.set_image(url=f"attachment://{chart.filename}")
            files.append(as_file(chart))
        await replies.sent_publicly(interaction, embed=embed, files=files, allowed_mentions=replies.QUIET)

    @app_commands.command(name="privacy", description="Hide yourself from global leaderboards, or show yourself again")
    async def privacy(self, interaction: Interaction) -> None:
        table = table_of(interaction)
        hidden = await boards.toggle_hidden(table.store, interaction.user.id, table.clock())
        if hidden:
            text = ("You are now hidden from global leaderboards, and others see only your games in their "
                    "server in `/stats`. Server boards still list you. Use `/privacy` again to show yourself.")
        else:
            text = "You are visible on global leaderboards again. Use `/privacy` to hide."
        await replies.tell(interaction, text)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Leaderboards(bot))
