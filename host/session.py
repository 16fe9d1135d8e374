"""A session row as a Python object: one game table in one channel, lobby to the end."""
from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from engine import registry
from engine.computers import LEVELS
from engine.errors import RuleError, Said, StoredText, read, stored
from engine.protocol import State, View

LOBBY, PLAYING, FINISHED, ABORTED = "lobby", "playing", "finished", "aborted"
MAX_COMPUTERS = 9  # numbers 1-9 per table, more than any game seats
USER_FIELD = re.compile(r"\{@(\d+)\}")
ACTIVE = (LOBBY, PLAYING)
NEWS_KEPT = 5
NewsLine = StoredText  # as stored: a plain text, or a Said kept as its id and values (`stored`)


# Computers hold seats under negative user ids no Discord user has, `-(10 * number + level)`: a
# computer's name ("Computer (hard)", "Computer 2 (easy)") and level read from its id alone, in the
# lobby, on boards and in results. (Their play is host/computers.py.)

def computer_id(number: int, level: str) -> int:
    return -(10 * number + LEVELS.index(level) + 1)


def is_computer(user_id: int) -> bool:
    """A computer's seat (not a player's seat kept for them)."""
    return user_id <= -10


def level_of(user_id: int) -> str:
    return LEVELS[(-user_id) % 10 - 1]


def computer_name(user_id: int) -> str:
    number = -user_id // 10
    return f"Computer ({level_of(user_id)})" if number == 1 else f"Computer {number} ({level_of(user_id)})"


def humans(user_ids: Sequence[int]) -> list[int]:
    return [user for user in user_ids if not is_computer(user)]


def new_computer(seats: Sequence[int], level: str) -> int:
    """The id of one more computer at this table: the lowest number not seated yet."""
    taken = {-user // 10 for user in seats if is_computer(user)}
    number = next(n for n in range(1, MAX_COMPUTERS + 1) if n not in taken)
    return computer_id(number, level)


def upgraded(game: str, state: State) -> State:
    """A stored state in its game's current shape (`Game.upgrade`); a game not loaded keeps it as is."""
    try:
        return registry.get(game).upgrade(state)
    except RuleError:
        return state


@dataclass
class Session:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    status: str
    host_id: int
    seats: list[int]
    options: dict[str, bool]
    seed: int
    state: State | None
    version: int
    deadline: float | None
    message_id: int | None
    board_key: str | None
    news: list[NewsLine]  # JSON-ready, as stored; `news_lines()` reads them as texts
    created_at: float
    started_at: float | None = None
    ended_at: float | None = None
    summary: str | None = None
    ping_message_id: int | None = None
    pinged: list[int] = field(default_factory=list)
    shown_version: int = -1  # the version the board message shows
    picks: dict[str, dict[int, str]] = field(default_factory=dict)  # lobby choice key -> user id -> value
    minds: list[dict[str, Any]] = field(default_factory=list)  # computer seats' minds (engine.computers.Mind)
    language: str = "en"  # the table's language: its lobby, board and channel messages read in it
    _public: tuple[State, View] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def board_behind(self) -> bool:
        """The board message is missing or shows an older version (a crash before a redraw)."""
        return self.message_id is None or self.shown_version < self.version

    @property
    def game_state(self) -> State:
        """The state of the game under way or over. A lobby has none: asking for it is a mistake
        of the caller (boards and clicks of a game look only once it started), said plainly here
        rather than as a crash deep inside a game's rules."""
        if self.state is None:
            raise LookupError(f"session {self.id} is still a lobby: it has no game state")
        return self.state

    def public_view(self) -> View:
        """What everyone sees of the game now (`Game.view(state, None)`), made once per state: a move's
        board picture, its embed, its buttons and the live panels all read it, and only read it (the
        `public_views_checked` fixture of tests/cogs/conftest.py holds the whole-game tests to that)."""
        state = self.game_state
        if self._public is None or self._public[0] is not state:
            self._public = (state, registry.get(self.game).view(state, None))
        return self._public[1]

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (a board drawn in a worker process) without the view it keeps: the worker makes its own."""
        return {**self.__dict__, "_public": None}

    @property
    def active(self) -> bool:
        return self.status in ACTIVE

    @staticmethod
    def user_name(user_id: int) -> str:
        """How the table's own news names someone who may hold no seat (a host who left):
        a field like the engine's seat fields, filled in by whoever shows the text."""
        return f"{{@{user_id}}}"

    def seat_of(self, user_id: int) -> int | None:
        try:
            return self.seats.index(user_id)
        except ValueError:
            return None

    def kept_by_computer(self) -> list[int]:
        """Seats a computer plays for their away players now."""
        return [mind["seat"] for mind in self.minds if not is_computer(self.seats[mind["seat"]])]

    @property
    def learner(self) -> int | None:
        """The seat of the one person at a table of computers (practice), else None."""
        people = [seat for seat, user in enumerate(self.seats) if not is_computer(user)]
        return people[0] if len(people) == 1 < len(self.seats) else None

    def computer_plays(self, seat: int) -> bool:
        """A computer plays this seat now (its own, or an away player's): nobody there to ping."""
        return any(mind["seat"] == seat for mind in self.minds)

    def pick_of(self, key: str, user_id: int) -> str | None:
        """What `user_id` picked for the lobby choice `key` (None: nothing yet)."""
        return self.picks.get(key, {}).get(user_id)

    def holder(self, key: str, value: str) -> int | None:
        """Who holds `value` of the lobby choice `key`, if anyone does."""
        return next((user for user, held in self.picks.get(key, {}).items() if held == value), None)

    def setup_options(self) -> dict[str, Any]:
        """What the game's `setup` is given: the options, and each choice's picks in seat order.

        The start and every replay read these same picks, so a replay sets up the same game.
        """
        seat_picks = {key: [by_user.get(user) for user in self.seats] for key, by_user in self.picks.items()}
        return {**self.options, **seat_picks}

    def add_news(self, lines: Sequence[str]) -> None:
        """Keep the latest lines as the engine wrote them, an engine's words (a `Said`) with their id and
        values, so they read in the table's language; cogs fill in the players' names."""
        self.news = (self.news + [stored(line) for line in lines])[-NEWS_KEPT:]

    def news_lines(self) -> list[str]:
        """The news as texts: English, an engine's words being `Said` values again."""
        return [read(line) for line in self.news]

    @classmethod
    def from_row(cls, row: Any) -> Session:
        return cls(
            id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], game=row["game"],
            status=row["status"], host_id=row["host_id"], seats=json.loads(row["seats"]),
            options=json.loads(row["options"]), seed=row["seed"],
            state=None if row["state"] is None else upgraded(row["game"], json.loads(row["state"])),
            version=row["version"], deadline=row["deadline"], message_id=row["message_id"], board_key=row["board_key"],
            news=json.loads(row["news"]), created_at=row["created_at"], started_at=row["started_at"],
            ended_at=row["ended_at"], summary=summary_read(row["summary"]), ping_message_id=row["ping_message_id"],
            pinged=json.loads(row["pinged"]), shown_version=row["shown_version"],
            picks={key: {int(user): value for user, value in by_user.items()}
                   for key, by_user in json.loads(row["picks"]).items()},
            minds=json.loads(row["minds"]), language=row["language"],
        )


def summary_stored(summary: str | None) -> str | None:
    """How the summary column keeps a session's summary: an engine's words (a `Said`) as the JSON of its
    id and values, as the news keeps them, so it reads in any language after a restart; a plain text as is."""
    return json.dumps(stored(summary)) if isinstance(summary, Said) else summary


def summary_read(column: str | None) -> str | None:
    """A stored summary as it was made (`summary_stored`); a plain text (every older row) as it is."""
    if column is None or not column.startswith('{"said"'):
        return column
    return cast(str, read(json.loads(column)))
