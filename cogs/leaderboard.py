"""/leaderboard, /stats and /privacy: boards and player stats as an image plus a text version.

- `/leaderboard game:<name> [scope:server|global] [period:all|month|week]`: the top 10 (image and
  text) and, if the caller is further down, their own place. Scope defaults to this server (global in
  DMs). What the figures mean is in host/leaderboard.py and the footer says it in a sentence.
- `/stats [user]`: games, wins and rating per game, latest results, and a rating-over-time chart.
  Someone who hid from global boards shows others only the games played in this server.
- `/privacy`: a toggle; hidden players are left off global boards (server boards still show them).

Boards and stats are posted in the channel, so they read in the channel's language (`replies.channel_locale`);
what only the caller sees (a refusal, /privacy) in the caller's own. Counts and win rates are written as
the reader writes numbers; ratings as chess writes them, whole and without a thousands separator
('1516', 'rating +14'), in every language.
"""
from __future__ import annotations

import functools
from datetime import UTC, datetime

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry
from engine.errors import RuleError
from host import leaderboard as boards
from host.leaderboard import RATED, Board, PlayerStats, RecentResult, Standing
from host.names import clean_name
from render.encode import render_async
from render.leaderboard import Row, Series, percent, render_leaderboard, render_rating_chart

from . import replies
from .actions import table_of
from .command_words import command_name, option_name
from .games import offer_games
from .guide import title
from .language import N_, language_of, ntext, number, ptext, said_text, text
from .markup import refusal
from .pictures import as_file
from .replies import PUBLIC
from .services import Interaction

SCOPE_TEXT = {"server": N_("This server"), "global": N_("Global")}
PERIOD_TEXT = {"all": N_("All time"), "month": N_("This month"), "week": N_("This week")}
SCOPE_CHOICES = [app_commands.Choice(name=name, value=value) for value, name in SCOPE_TEXT.items()]
PERIOD_CHOICES = [app_commands.Choice(name=name, value=value) for value, name in PERIOD_TEXT.items()]
EMBED_FIELDS = 10


def title_of(game: str, locale: object) -> str:
    """A game's title for the reader; its key if the game is gone from the registry."""
    try:
        return title(registry.get(game), locale)
    except RuleError:
        return game


def ordinal(n: int, locale: object) -> str:
    """A finishing place as the reader writes it: '2nd', German '2.', French '2e' ('1er').

    Babel formats no ordinals, and in these three languages a place is the number and a mark that
    depends only on the number, so it is written here; the sentence around it is the catalogue's."""
    language = language_of(locale)
    if language == "de":
        return f"{n}."
    if language == "fr":
        return "1er" if n == 1 else f"{n}e"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def command(locale: object, *names: str) -> str:
    """A command as the reader's Discord names it: '/privacy', '/privatsphäre'."""
    return "/" + " ".join(command_name(locale, name) for name in names)


def signed(value: float, locale: object) -> str:
    """'+3' or '-2' (a score's margin), the number as the reader writes it."""
    return ("-" if value < 0 else "+") + number(locale, abs(value))


def won_rate(rate: float, locale: object) -> str:
    """'50%', as the board's picture writes it (render/leaderboard.percent)."""
    return said_text(locale, percent(rate))


def figure(board: Board, standing: Standing) -> str:
    """The number a row is ranked by, as players read it."""
    return f"{board.rating(standing):.0f}" if board.by_rating else str(standing.wins)


def figure_label(board: Board, locale: object) -> str:
    """The heading of the figure's column: 'Rating' or 'Wins'."""
    return ptext(locale, "leaderboard column", "Rating") if board.by_rating else ptext(
        locale, "leaderboard column", "Wins")


def figure_word(by_rating: bool, locale: object) -> str:
    """The figure named inside a line, before its number: 'rating 1516', 'wins 3' (German keeps its capital)."""
    return ptext(locale, "leaderboard figure", "rating") if by_rating else ptext(locale, "leaderboard figure", "wins")


def rating_change(delta: float, locale: object) -> str:
    """A game's rating change, named so it is not read as a score: "rating +14", "rating −12" (a true minus)."""
    points = round(delta)
    return f"{figure_word(True, locale)} {'−' if points < 0 else '+'}{abs(points)}"


def day(locale: object, at: float, pattern: str) -> str:
    """A day (UTC) written with the reader's CLDR `pattern` (the catalogue's form of the English one)."""
    from babel.dates import format_date  # imported on the first date shown: a light start

    return format_date(datetime.fromtimestamp(at, UTC), pattern, locale=language_of(locale))


def since_day(locale: object, at: float) -> str:
    """'Tue 05 Jan': the first day a board counts."""
    # Translators: a date pattern (CLDR, as Babel reads it): EEE the weekday, dd the day, MMM the month, abbreviated.
    return day(locale, at, ptext(locale, "date pattern", "EEE dd MMM"))


def chart_day(locale: object, at: float) -> str:
    """'05 Jan 2027': a day under the rating chart."""
    # Translators: a date pattern (CLDR, as Babel reads it): dd the day, MMM the month abbreviated, y the year.
    return day(locale, at, ptext(locale, "date pattern", "dd MMM y"))


def one_sentence(clauses: list[str], locale: object) -> str:
    """Clauses joined into one sentence as the reader punctuates it ('a; b; c.', French 'a ; b ; c.')."""
    # Translators: two clauses of one sentence (what a leaderboard counts), joined by a semicolon.
    return functools.reduce(lambda said, clause: text(locale, "{said}; {clause}", said=said, clause=clause),
                            clauses) + "."


def explain(board: Board, locale: object) -> str:
    """One sentence on what the board ranks by."""
    if not board.by_rating:
        what = text(locale, "Ranked by wins, then win rate")
    elif board.scope == "global":
        what = text(locale, "Ranked by rating (a newcomer starts at 1500)")
    else:
        what = text(locale, "Ranked by 1500 + the rating points won and lost in this server")
    clauses = [what, text(locale, "games played in this server") if board.scope == "server" else text(
        locale, "games everywhere")]
    if board.since is not None:
        clauses.append(text(locale, "since {day} (UTC)", day=since_day(locale, board.since)))
    if board.scope == "global":
        clauses.append(text(locale, "players who chose {privacy} are not listed", privacy=command(locale, "privacy")))
    return one_sentence(clauses, locale)


def subtitle(board: Board, locale: object) -> str:
    return " · ".join([text(locale, SCOPE_TEXT[board.scope]), text(locale, PERIOD_TEXT[board.period]),
                       ntext(locale, "{n} player", "{n} players", board.players)])


def rows_of(board: Board, viewer: int) -> tuple[list[Row], Row | None]:
    def row(s: Standing) -> Row:
        return Row(s.position, s.name, figure(board, s), s.games, s.win_rate, highlight=s.user_id == viewer)
    return [row(s) for s in board.top], None if board.me is None else row(board.me)


def text_version(board: Board, viewer: int, locale: object) -> str:
    lines = []
    word = figure_word(board.by_rating, locale)
    for s in [*board.top, *([board.me] if board.me else [])]:
        mark = " " + text(locale, "← you") if s.user_id == viewer else ""
        gap = "…\n" if s is board.me else ""
        points = f" · {figure_word(True, locale)} {s.points:+.0f}" if board.kind == RATED and not board.by_rating else ""
        games = ntext(locale, "{n} game", "{n} games", s.games)
        won = text(locale, "{rate} won", rate=won_rate(s.win_rate, locale))
        lines.append(f"{gap}**{s.position}.** <@{s.user_id}> · {word} **{figure(board, s)}** · {games} · {won}"
                     f"{points}{mark}")
    if not board.top:
        lines.append(text(locale, "No games on this board yet."))
    if board.viewer_hidden:
        lines.append(text(locale, "You are hidden from global boards (use `{privacy}` to show yourself).",
                          privacy=command(locale, "privacy")))
    elif board.top and board.me is None and all(s.user_id != viewer for s in board.top):
        lines.append(text(locale, "You have no games on this board yet."))
    return "\n".join(lines)


def recent_line(result: RecentResult, locale: object) -> str:
    """'Tally: 2nd of 3 · rating −12 <t:…:R>', or a solo game's 'Patience: won (score 12) <t:…:R>'."""
    game, when = title_of(result.game, locale), f"<t:{int(result.at)}:R>"
    if result.players == 1:
        score = number(locale, result.score)
        said = (text(locale, "{game}: won (score {score})", game=game, score=score) if result.won
                else text(locale, "{game}: lost (score {score})", game=game, score=score))
    else:
        said = text(locale, "{game}: {place} of {players}", game=game, place=ordinal(result.rank, locale),
                    players=number(locale, result.players))
        if result.delta is not None:
            said += f" · {rating_change(result.delta, locale)}"
    return f"{said} {when}"


def games_and_wins(games: int, wins: int, locale: object) -> tuple[str, str]:
    """'2 games', '1 win'."""
    return ntext(locale, "{n} game", "{n} games", games), ntext(locale, "{n} win", "{n} wins", wins)


def stats_lines(stats: PlayerStats, locale: object) -> list[tuple[str, str]]:
    fields = []
    for g in stats.games[:EMBED_FIELDS - 1]:
        games, wins = games_and_wins(g.games, g.wins, locale)
        parts = [games, f"{wins} ({won_rate(g.win_rate, locale)})"]
        if g.rated:
            rating = ptext(locale, "leaderboard column", "Rating")
            parts.insert(0, f"{rating} **{g.rating:.0f}**")
        else:
            if g.best_margin is not None:
                parts.append(text(locale, "best margin {margin}", margin=signed(g.best_margin, locale)))
            elif g.best_score is not None:
                parts.append(text(locale, "best score {score}", score=number(locale, g.best_score)))
            if g.streak is not None:
                parts.append(text(locale, "streak {n} (best {best})", n=number(locale, g.streak),
                                  best=number(locale, g.best_streak or 0)))
        fields.append((title_of(g.game, locale), " · ".join(parts)))
    recent = [recent_line(r, locale) for r in stats.recent]
    if recent:
        fields.append((text(locale, "Recent results"), "\n".join(recent)))
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
                                   show=functools.partial(said_text, locale))
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
                                       series, show=functools.partial(said_text, locale),
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
