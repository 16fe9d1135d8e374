"""How a leaderboard and a player's stats read, in the reader's language (cogs/leaderboard.py posts them):
the board's sentence on what it ranks by, its rows as text, a result, a player's games and wins.

Counts and win rates are written as the reader writes numbers; ratings as chess writes them, whole and
without a thousands separator ('1516', 'rating +14'), in every language. Places are '2nd', German '2.',
French '1er' / '2e'; days follow a CLDR pattern the catalogue keeps per language.
"""
from __future__ import annotations

import functools
from datetime import UTC, datetime

from engine import registry
from engine.errors import RuleError
from host.leaderboard import RATED, Board, PlayerStats, RecentResult, Standing
from render.leaderboard import Row, percent

from .command_words import command_name
from .guide import title
from .language import N_, language_of, ntext, number, ptext, said_text, text

SCOPE_TEXT = {"server": N_("This server"), "global": N_("Global")}
PERIOD_TEXT = {"all": N_("All time"), "month": N_("This month"), "week": N_("This week")}
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
