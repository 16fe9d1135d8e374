"""The table service: every change to a session goes load -> check -> apply -> save, under lock.

- One asyncio lock per session (and per channel while a lobby opens), so clicks are serialised
  and a real-time race is decided by the order the table applies them.
- Sessions are kept in memory once read: the table is the only writer of a session, and a
  change enters the cache only after its transaction committed. A click reads nothing.
- Every accepted change bumps the session version and appends to the event log in the same
  transaction, one trip to the database thread; the interaction id on the log row makes a
  retried delivery a no-op.
- Timers are stored deadlines; `fire_due` applies TIMEOUT (or expires a lobby) when they pass.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection, Iterable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from engine import registry
from engine.computers import LEVELS, Mind, choose, has_policy, policy_for
from engine.errors import AllOf, Either, RuleError, Said, Term, counted
from engine.protocol import LEAVE, TIMEOUT, ActionLike, Choice, Event, Game, Outcome, State, seat_name
from engine.replay import LoggedAction, replay
from engine.words import as_key

from . import computers, metrics, ratings  # ratings and solo records, in the transaction that ends the game
from .computers import KEEPER
from .errors import ChannelBusy, Refused, SessionNotFound, StaleAction, TableError
from .names import clean_name
from .overdue import due_in_order
from .session import ABORTED, FINISHED, LOBBY, PLAYING, Session, computer_name, humans, is_computer, new_computer
from .sessions import Duplicate, LogRow, SessionRows
from .shards import ALL_SHARDS, Shards
from .store import DatabaseFault, Store, Tx

log = logging.getLogger(__name__)
LOBBY_SECONDS = 30 * 60  # an idle lobby closes itself so the channel is free again
MAX_ECHO = 40  # a refusal quotes at most this much of what the player typed
MAX_ID = 2**63 - 1  # SQLite's largest integer
TIMEOUT_RETRY = 30.0  # seconds before a refused timeout is tried again
CACHED_SESSIONS = 4096  # sessions kept in memory, least recently used dropped first
REPAIR_WINDOW = 24 * 3600.0  # an ended game's board is repaired at start-up for this long
FIRE_AT_ONCE = 8  # overdue timers handled concurrently (each may draw and send a board)
COMPUTER_RETRY = 5.0  # seconds before a computer whose move was refused thinks again


@dataclass
class Change:
    """What one accepted (or repeated) action did."""

    session: Session
    events: list[Event] = field(default_factory=list)
    duplicate: bool = False
    outcome: Outcome | None = None
    actor: int | None = None  # the user whose click or command made it; None for timers
    started: bool = False  # the lobby became a game
    stale: str | None = None  # not a change: a click on an out-of-date board, refused in these words to its
    # clicker, who is shown the board as it is now, privately (the board itself is brought up to date)

    @property
    def ended(self) -> bool:
        return self.session.status in (FINISHED, ABORTED)


Listener = Callable[[Change], Awaitable[None]]


def _copy(session: Session) -> Session:
    """A session to change: the cached one stays as it was until the change is saved."""
    return replace(session, seats=list(session.seats), options=dict(session.options), news=list(session.news),
                   picks={key: dict(by_user) for key, by_user in session.picks.items()},
                   minds=json.loads(json.dumps(session.minds)))


def _minds(session: Session) -> list[Mind]:
    """The session's computer minds to change (a copy: the cached session keeps its own)."""
    return [Mind.from_json(mind) for mind in json.loads(json.dumps(session.minds))]


def _title(game: Game) -> Term:
    """A game's title as each language names it, for a refusal's words."""
    return Term(game.title, "game title")


def _full(game: Game) -> TableError:
    """The refusal of one more seat at a full table."""
    return TableError(counted("The table is full ({n} player).", "The table is full ({n} players).", game.max_players))


def _echo(typed: str) -> str:
    """What a player typed, quoted back in a refusal: clipped, so a refusal stays short."""
    return typed if len(typed) <= MAX_ECHO else typed[:MAX_ECHO] + "..."


class Table:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 lobby_seconds: float = LOBBY_SECONDS, shards: Shards = ALL_SHARDS) -> None:
        self.store = store
        self.rows = SessionRows(store, shards)
        self.clock = clock
        self.lobby_seconds = lobby_seconds
        # A lock lives while someone holds or waits for it: idle sessions keep none.
        self._locks: weakref.WeakValueDictionary[object, asyncio.Lock] = weakref.WeakValueDictionary()
        self._sessions: OrderedDict[int, Session] = OrderedDict()
        self.listeners: list[Listener] = []  # told of changes nobody clicked for (timers)
        self.wakeup = asyncio.Event()  # set when a deadline may have moved
        self._names: dict[int, str] = {}  # user id -> display name, cleaned
        self._typed: dict[int, str] = {}  # user id -> their display name as Discord last gave it
        self._marks: dict[int, tuple[int, int | None, list[int]]] = {}  # not written yet (see _mark)
        self._marks_since = 0.0

    def _lock(self, key: object) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    def _remember(self, session: Session) -> Session:
        self._sessions[session.id] = session
        self._sessions.move_to_end(session.id)
        while len(self._sessions) > CACHED_SESSIONS:
            self._sessions.popitem(last=False)
        return session

    def _loaded(self, session: Session) -> Session:
        """A session just read from the database, cached unless a move saved while the read was under
        way (clicks after a restart read at once) left a newer one there: that one is returned."""
        cached = self._sessions.get(session.id)
        return cached if cached is not None and cached.version >= session.version else self._remember(session)

    # ---------------------------------------------------------------- reading

    async def get(self, session_id: int) -> Session:
        """The session as last saved (read from the database at most once while cached)."""
        if not 0 < session_id <= MAX_ID:  # a forged or garbled button; SQLite could not even look
            raise SessionNotFound("That game no longer exists.")
        if (cached := self._sessions.get(session_id)) is not None:
            self._sessions.move_to_end(session_id)
            return cached
        session = await self.rows.load(session_id)
        if session is None:
            raise SessionNotFound("That game no longer exists.")
        return self._loaded(session)

    async def active_in(self, channel_id: int) -> Session | None:
        found = await self.rows.active_in(channel_id)
        return None if found is None else await self.get(found.id)

    async def history(self, channel_id: int, limit: int = 10) -> list[tuple[Session, list[int]]]:
        """The last games played here (finished or aborted; not lobbies that never started), with winners."""
        return await self.rows.history(channel_id, limit)

    async def standings(self, session_id: int) -> list[tuple[int, int, float]]:
        return await self.rows.standings(session_id)

    async def boards_behind(self) -> list[Session]:
        """Sessions whose board message is missing or older than the session (see SessionRows)."""
        found = await self.rows.boards_behind(self.clock() - REPAIR_WINDOW)
        return [self._loaded(session) for session in found]

    async def remember_name(self, user_id: int, name: str) -> None:
        """The player's display name as boards and messages show it (`clean_name`: one printable line)."""
        if self._typed.get(user_id) == name:
            return  # one write per name change, not per click, and nothing to clean again
        self._typed[user_id] = name
        name = clean_name(name)
        if self._names.get(user_id) == name:
            return
        self._names[user_id] = name
        await self.rows.remember_name(user_id, name, self.clock())

    async def names(self, user_ids: list[int]) -> list[str]:
        """Display names in the given order; a player never seen is 'Player N', a computer says so."""
        unknown = [u for u in user_ids if u not in self._names and not is_computer(u)]
        if unknown:
            self._names.update({user: clean_name(name) for user, name in (await self.rows.names(unknown)).items()})
        return [computer_name(u) if is_computer(u) else self._names.get(u, f"Player {i + 1}")
                for i, u in enumerate(user_ids)]

    async def next_deadline(self) -> float | None:
        return await self.rows.next_deadline()

    async def log(self, session_id: int) -> list[LoggedAction]:
        return [LoggedAction(r["seat"], json.loads(r["action"]), r["at"]) for r in await self.rows.log(session_id)]

    async def replayed_state(self, session_id: int) -> dict[str, Any] | None:
        """The game rebuilt from seed and log; equal to the snapshot when all is well."""
        session = await self.get(session_id)
        if session.started_at is None:
            return None
        game = registry.get(session.game)
        return replay(game, len(session.seats), session.setup_options(), session.seed, session.started_at,
                      await self.log(session_id))

    # ---------------------------------------------------------------- lobby

    async def open(self, game_name: str, guild_id: int | None, channel_id: int, host_id: int,
                   interaction_id: int | None = None, turned_on: Iterable[str] = (), practice: bool = False,
                   language: str = "en") -> Change:
        """A lobby with the host seated, `turned_on` options on; a solo game starts at once.

        `practice`: the host plays at once against easy computers, as many as the game needs.
        `language`: the table's ('en', 'de', 'fr'; the cog takes it from the server's locale), kept with it."""
        game = registry.get(game_name)
        if practice and (not has_policy(game) or game.max_players == 1):
            raise TableError("{game} has no computer players to practise with.", game=_title(game))
        options = {o.key: o.default for o in game.options}
        for typed in turned_on:
            key = as_key(typed)
            if key not in options:
                if not game.options:
                    raise TableError("{game} has no options: '{typed}' is not one.", game=_title(game),
                                     typed=_echo(typed.strip()))
                raise TableError("{game} has no such option: '{typed}'. Its options: {known}.", game=_title(game),
                                 typed=_echo(typed.strip()), known=", ".join(o.key for o in game.options))
            options[key] = True
        for group in {o.group for o in game.options if o.group is not None}:
            chosen = [o.key for o in game.options if o.group == group and options[o.key]]
            if len(chosen) > 1:
                raise TableError("{game} takes one of {options} at a time: choose one.", game=_title(game),
                                 options=", ".join(chosen))
        seats = [host_id]
        while practice and len(seats) < max(2, game.min_players):
            seats.append(new_computer(seats, "easy"))
        change = await self._open_lobby(game, guild_id, channel_id, host_id, seats, options, {}, interaction_id,
                                        language=language)
        if practice and not change.duplicate:
            return await self.start(change.session.id, host_id, None)
        return change

    async def rematch(self, session_id: int, user_id: int, interaction_id: int | None = None) -> Change:
        """One of the players of an ended game opens a new lobby for the same game in its channel:
        the same players seated, the first seat moved to the end, the same options and lobby picks,
        a new seed, the same language. Whoever asked hosts it; anyone who does not want to play leaves as usual."""
        ended = await self.get(session_id)
        if ended.active:
            raise TableError("That game is still going: a rematch comes after its end.")
        if user_id not in ended.seats:
            raise TableError("Only the players of that game can ask for a rematch: use /play to open a new table.")
        game = registry.get(ended.game)
        seats = ended.seats[1:] + ended.seats[:1]  # who went first goes last: another player begins
        picks = {key: dict(by_user) for key, by_user in ended.picks.items()}
        return await self._open_lobby(game, ended.guild_id, ended.channel_id, user_id, seats, dict(ended.options),
                                      picks, interaction_id, news=[Said("{who} asked for a rematch.", who=Session.user_name(user_id))],
                                      language=ended.language)

    async def _open_lobby(self, game: Game, guild_id: int | None, channel_id: int, host_id: int, seats: list[int],
                          options: dict[str, bool], picks: dict[str, dict[int, str]],
                          interaction_id: int | None, news: list[str] | None = None, language: str = "en") -> Change:
        async with self._lock(("channel", channel_id)):
            busy = await self.active_in(channel_id)
            if busy is not None:
                if await self.rows.handled(interaction_id) == busy.id:
                    return Change(busy, duplicate=True)
                raise ChannelBusy("A game is already running in this channel.", busy)
            now = self.clock()
            lobby = Session(id=0, guild_id=guild_id, channel_id=channel_id, game=game.name, status=LOBBY,
                            host_id=host_id, seats=seats, options=options, seed=secrets.randbits(62),
                            state=None, version=0, deadline=now + self.lobby_seconds, message_id=None,
                            board_key=None, news=list(news or []), created_at=now, picks=picks, language=language)
            try:
                lobby.id = await self.rows.create(lobby, LogRow("lobby", host_id, 0, {"type": "open"}, now,
                                                                interaction_id))
            except Duplicate:  # the same /play delivered twice, the first one already saved
                return Change(await self.get(await self.rows.handled(interaction_id) or 0), duplicate=True)
            self._remember(lobby)
        self.wakeup.set()
        if game.max_players == 1:
            return await self.start(lobby.id, host_id, None)
        return Change(lobby, actor=host_id)

    async def join(self, session_id: int, user_id: int, interaction_id: int | None = None) -> Change:
        def change(session: Session, game: Game) -> str:
            self._require_lobby(session)
            if user_id in session.seats:
                raise TableError("You already have a seat at this table.")
            if len(session.seats) >= game.max_players:
                raise _full(game)
            session.seats.append(user_id)
            session.deadline = self.clock() + self.lobby_seconds
            return "join"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def leave(self, session_id: int, user_id: int, interaction_id: int | None = None) -> Change:
        """Leave a lobby; leaving a game in play is the game's LEAVE action."""
        session = await self.get(session_id)
        if session.status == PLAYING:
            return await self.act(session_id, user_id, dict(LEAVE), interaction_id)

        def change(session: Session, game: Game) -> str:
            self._require_lobby(session)
            if user_id not in session.seats:
                raise TableError("You are not seated at this table.")
            session.seats.remove(user_id)
            for by_user in session.picks.values():
                by_user.pop(user_id, None)  # what they picked is free again
            if not humans(session.seats):
                session.seats.clear()
                self._end(session, ABORTED, Said("Everybody left the lobby."))
            elif user_id == session.host_id:
                session.host_id = humans(session.seats)[0]
                session.add_news([Said("{who} left; {host} is the host now.", who=session.user_name(user_id),
                                       host=session.user_name(session.host_id))])
            return "leave"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def add_computer(self, session_id: int, user_id: int, level: str,
                           interaction_id: int | None = None) -> Change:
        """The host seats a computer of `level` (easy, normal or hard)."""
        def change(session: Session, game: Game) -> str:
            self._require_lobby(session)
            self._require_host(session, user_id, Said("Only the host can add a computer."))
            if not has_policy(game) or game.max_players == 1:
                raise TableError("{game} has no computer players.", game=_title(game))
            if level not in LEVELS:
                raise TableError("There is no level '{level}': choose {levels}.", level=_echo(level),
                                 levels=Either(Term(level, "level") for level in LEVELS))
            if len(session.seats) >= game.max_players:
                raise _full(game)
            session.seats.append(new_computer(session.seats, level))
            session.deadline = self.clock() + self.lobby_seconds
            return "add_computer"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def remove_computer(self, session_id: int, user_id: int, interaction_id: int | None = None) -> Change:
        """The host takes away the computer seated last."""
        def change(session: Session, game: Game) -> str:
            self._require_lobby(session)
            self._require_host(session, user_id, Said("Only the host can remove a computer."))
            seated = [user for user in session.seats if is_computer(user)]
            if not seated:
                raise TableError("There is no computer at this table.")
            session.seats.remove(seated[-1])
            for by_user in session.picks.values():
                by_user.pop(seated[-1], None)
            return "remove_computer"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def toggle_option(self, session_id: int, user_id: int, key: str,
                            interaction_id: int | None = None) -> Change:
        def change(session: Session, game: Game) -> str:
            self._require_lobby(session)
            self._require_host(session, user_id, Said("Only the host can change the options."))
            if key not in session.options:
                raise TableError("This game has no such option.")
            session.options[key] = not session.options[key]
            group = next((o.group for o in game.options if o.key == key), None)
            if session.options[key] and group is not None:  # one option of a group at a time (a game's modes)
                for other in game.options:
                    if other.group == group and other.key != key and other.key in session.options:
                        session.options[other.key] = False
            return "option"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def set_language(self, session_id: int, user_id: int, language: str, known: Collection[str],
                           interaction_id: int | None = None) -> Change:
        """The host sets the table's language, one of the `known` ones the bot can show: its lobby,
        board and channel messages read in it from now on."""
        def change(session: Session, game: Game) -> str:
            self._require_lobby(session)
            self._require_host(session, user_id, Said("Only the host can change the table's language."))
            if language not in known:
                raise TableError("There is no language '{language}' here.", language=_echo(language))
            session.language = language
            return "language"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def choose(self, session_id: int, user_id: int, key: str, value: str,
                     interaction_id: int | None = None) -> Change:
        """A seated player picks `value` of the game's lobby choice `key` (their character, say);
        a unique value someone else holds is refused, naming who holds it."""
        def change(session: Session, game: Game) -> str:
            self._require_lobby(session)
            choice = self._choice(game, key)
            what = choice.word(choice.thing)
            if user_id not in session.seats:
                raise TableError("Join the table first: only seated players choose a {what}.", what=what)
            if not choice.offered(session.options):
                raise TableError("The {what} is chosen only with the options {options} on.", what=what,
                                 options=AllOf(Either(need.split(" or ")) for need in choice.needs))
            if value not in choice.values:
                raise TableError("There is no {what} '{value}'. Choose one of: {values}.", what=what, value=_echo(value),
                                 values=", ".join(choice.values.values()))
            holder = session.holder(key, value)
            if choice.unique and holder not in (None, user_id):
                raise Refused("{choice} is taken by {seat}: choose another {what}.", list(session.seats),
                              choice=choice.word(choice.values[value]), seat=seat_name(session.seats.index(holder)),
                              what=what)
            session.picks.setdefault(key, {})[user_id] = value
            return "choose"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def cancel(self, session_id: int, user_id: int, interaction_id: int | None = None) -> Change:
        def change(session: Session, game: Game) -> str:
            self._require_lobby(session)
            self._require_host(session, user_id, Said("Only the host can cancel the lobby."))
            self._end(session, ABORTED, Said("The host cancelled the lobby."))
            return "cancel"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def start(self, session_id: int, user_id: int, interaction_id: int | None = None) -> Change:
        def change(session: Session, game: Game) -> str:
            if session.status == PLAYING:
                raise TableError("The game has already started.")
            self._require_lobby(session)
            self._require_host(session, user_id, Said("Only the host can start the game."))
            if len(session.seats) < game.min_players:
                raise TableError("{game} needs at least {n} players.", game=_title(game), n=game.min_players)
            now = self.clock()
            self._fill_picks(session, game)
            session.state = game.setup(len(session.seats), session.setup_options(), session.seed, now)
            session.status, session.started_at = PLAYING, now
            minds = computers.minds_at_start(session.seats, session.seed)
            computers.think_all(minds, game, session.state, now)
            session.minds = [mind.to_json() for mind in minds]
            session.deadline = computers.wake_at(game.next_deadline(session.state), minds)
            session.add_news([Said("{game} begins.", game=_title(game))])
            return "start"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def abort(self, session_id: int, user_id: int, may_manage: bool,
                    interaction_id: int | None = None) -> Change:
        """The host, or someone allowed to manage the channel, ends the game; no results count."""
        def change(session: Session, game: Game) -> str:
            if not session.active:
                raise TableError("That game has already ended.")
            if user_id != session.host_id and not may_manage:
                raise TableError("Only the host or someone who can manage this channel can end the game.")
            self._end(session, ABORTED, Said("The game was ended early; no results were recorded."))
            return "abort"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    # ---------------------------------------------------------------- the board message

    async def set_message(self, session_id: int, message_id: int, board_key: str | None, shown_version: int) -> None:
        """Remember where the board now lives and which version it shows (not a game change)."""
        await self.rows.set_message(session_id, message_id, board_key, shown_version)
        self._patch(session_id, message_id=message_id, board_key=board_key, shown_version=shown_version)

    async def set_shown(self, session_id: int, shown_version: int) -> None:
        """The board message shows `shown_version` now."""
        cached = await self.get(session_id)
        self._mark(session_id, shown_version=max(shown_version, cached.shown_version))

    async def set_ping(self, session_id: int, message_id: int | None, pinged: list[int]) -> None:
        """Remember the message that pinged `pinged` (not a game change: the version stays)."""
        await self.get(session_id)
        self._mark(session_id, ping_message_id=message_id, pinged=list(pinged))

    def _mark(self, session_id: int, **fields: Any) -> None:
        """Board bookkeeping rides along with the next save (or the scheduler's next round), so a
        click costs one write. A crash before then only redraws a board or pings once more."""
        self._patch(session_id, **fields)
        cached = self._sessions[session_id]
        if not self._marks:
            self._marks_since = self.clock()
            self.wakeup.set()  # the scheduler writes them if no move does within MARKS_WAIT
        self._marks[session_id] = (cached.shown_version, cached.ping_message_id, cached.pinged)

    def marks_due_in(self, wait: float) -> float | None:
        """Seconds until pending bookkeeping is `wait` old (0: due now); None when nothing waits."""
        return None if not self._marks else max(0.0, self._marks_since + wait - self.clock())

    async def flush_marks(self) -> None:
        """Write the pending board bookkeeping now (the scheduler's rounds, shutdown). A database
        that fails keeps them pending for the next try."""
        pending, self._marks = self._marks, {}
        if not pending:
            return
        try:
            await self.rows.set_marks(pending)
        except DatabaseFault as error:
            log.error("board bookkeeping of %d sessions not saved yet: %s", len(pending), error)
            self._marks = {**pending, **self._marks}

    async def close(self) -> None:
        if not self.store.closed:  # a store closed under us (a crash, in tests) keeps nothing more
            await self.flush_marks()

    def _patch(self, session_id: int, **fields: Any) -> None:
        if (cached := self._sessions.get(session_id)) is not None:
            self._sessions[session_id] = replace(cached, **fields)

    # ---------------------------------------------------------------- play

    async def act(self, session_id: int, user_id: int | None, action: ActionLike,
                  interaction_id: int | None = None, expected_version: int | None = None) -> Change:
        """Apply one game action for `user_id` (None: the table itself)."""
        async with self._lock(session_id):
            session = await self.get(session_id)
            try:
                if session.status != PLAYING:
                    raise (TableError("That game is not being played any more.") if session.status != LOBBY
                           else TableError("The game has not started yet."))
                seat = None if user_id is None else session.seat_of(user_id)
                if user_id is not None and seat is None:
                    raise TableError("You are watching this game: only seated players can act.")
                if expected_version is not None and expected_version != session.version:
                    raise StaleAction("That board is out of date; here is the current one.", session)
                return await self._apply(session, user_id, seat, action, interaction_id)
            except (TableError, RuleError):
                metrics.REFUSALS.labels(session.game).inc()
                # A refused repeat of a click that was applied before is the same click: no refusal.
                if await self.rows.handled(interaction_id) == session_id:
                    return Change(session, duplicate=True)
                raise

    async def fire_due(self, *, up_since: float | None = None, most: int | None = None) -> list[Change]:
        """Apply deadlines that have passed, FIRE_AT_ONCE sessions at a time, and tell the
        listeners what changed. After a long outage thousands may be due: firing them one after
        another would keep boards waiting for minutes; all at once would starve clicks.

        They go in the order players will look at them (host/overdue.py; `up_since`: when the bot
        started). `most` bounds one call, so a long catch-up comes back to the scheduler between
        rounds and a timer that passes meanwhile is not kept waiting behind thousands."""
        gate = asyncio.Semaphore(FIRE_AT_ONCE)

        async def fire(session_id: int) -> Change | None:
            async with gate:
                change = await self._fire(session_id)
                if change is not None:
                    for listener in list(self.listeners):
                        await listener(change)
                return change

        due = await due_in_order(self.store, self.clock(), up_since, self.rows.mine)
        fired = await asyncio.gather(*(fire(session_id) for session_id in due[:most]))
        return [change for change in fired if change is not None]

    async def _fire(self, session_id: int) -> Change | None:
        async with self._lock(session_id):
            session = await self.get(session_id)
            now = self.clock()
            if session.deadline is None or session.deadline > now:
                return None  # someone acted first and moved the timer
            if session.status == LOBBY:
                ended = _copy(session)
                self._end(ended, ABORTED, Said("The lobby closed: nobody started the game in time."))
                await self._save(ended, registry.get(session.game), LogRow("lobby", None, None, {"type": "expire"},
                                                                           now, None))
                return Change(ended)
            if session.status == PLAYING:
                game = registry.get(session.game)
                minds = _minds(session)
                mind = computers.first_due(minds)
                game_deadline = game.next_deadline(session.game_state)
                if mind is not None and mind.due is not None and mind.due <= now and (
                        game_deadline is None or mind.due <= game_deadline):
                    return await self._computer_moves(session, game, minds, mind, now)
                if game_deadline is None or game_deadline > now:
                    await self._set_deadline(session_id, computers.wake_at(game_deadline, minds))
                    return None
                metrics.TIMER_LAG.observe(max(0.0, now - session.deadline))
                try:
                    return await self._apply(session, None, None, dict(TIMEOUT), None)
                except RuleError as refused:
                    # Try again at the game's own deadline, and soon at the latest: a refusal
                    # must never stop a game's timers for good.
                    retry = now + TIMEOUT_RETRY
                    game_deadline = registry.get(session.game).next_deadline(session.game_state)
                    if game_deadline is not None and now < game_deadline < retry:
                        retry = game_deadline
                    log.warning("session %s refused its timeout (%s); trying again at %.0f", session_id, refused, retry)
                    await self._set_deadline(session_id, retry)
                    return None
            await self._set_deadline(session_id, None)
            return None

    # ---------------------------------------------------------------- internals

    async def _apply(self, session: Session, user_id: int | None, seat: int | None,
                     action: ActionLike, interaction_id: int | None, minds: list[Mind] | None = None) -> Change:
        game = registry.get(session.game)
        now = self.clock()
        try:
            new_state, events = game.apply(session.game_state, seat, action, now)
        except RuleError as refused:  # nothing changed; the cog names the players it names
            raise Refused(refused.said, list(session.seats)) from None
        changed = _copy(session)
        changed.state = new_state
        changed.add_news([e.text for e in events if e.private_to is None])
        if minds is not None or session.minds or game.away(new_state) != game.away(session.game_state):
            self._computers_follow(changed, game, session.game_state, user_id, seat,
                                   _minds(session) if minds is None else minds, now)
        else:
            changed.deadline = game.next_deadline(new_state)
        outcome = game.outcome(new_state)
        if outcome is not None:
            self._end(changed, FINISHED, outcome.summary)
        try:
            await self._save(changed, game, LogRow("game", user_id, seat, action, now, interaction_id), outcome)
        except Duplicate:
            return Change(session, duplicate=True)
        metrics.ACTIONS.labels(session.game).inc()
        return Change(changed, events, outcome=outcome, actor=user_id)

    async def _computer_moves(self, session: Session, game: Game, minds: list[Mind], mind: Mind,
                              now: float) -> Change | None:
        """A computer's plan came due: it decides from its seat's view and acts as that seat."""
        action = choose(policy_for(game), mind, game.view(session.game_state, mind.seat), now)
        user_id = session.seats[mind.seat]
        if action is not None:
            try:
                change = await self._apply(session, user_id if is_computer(user_id) else KEEPER, mind.seat,
                                           action, None, minds)
            except Refused as refused:
                log.warning("session %s: the computer in seat %d chose a refused move %s: %s",
                            session.id, mind.seat, action, refused)
                mind.due = now + COMPUTER_RETRY
            else:
                return replace(change, actor=user_id if is_computer(user_id) else None)
        else:
            computers.think_all([mind], game, session.game_state, now)
        await self._set_minds(session, minds, computers.wake_at(game.next_deadline(session.game_state), minds))
        return None

    @staticmethod
    def _computers_follow(changed: Session, game: Game, before: State, user_id: int | None, seat: int | None,
                          minds: list[Mind], now: float) -> None:
        """After a move at a table with computers: a player's own move takes their kept seat back, a
        seat the game just marked away gets a keeper, and every computer plans its next move."""
        state = changed.game_state
        if seat is not None and user_id == changed.seats[seat] and seat in changed.kept_by_computer():
            minds = [mind for mind in minds if mind.seat != seat]
            changed.add_news([Said("{seat} is back and plays their own seat again.", seat=seat_name(seat))])
        for kept in computers.keep_newly_away(minds, changed.seats, game, before, state, changed.seed):
            changed.add_news([Said("{seat} is away: the computer plays their seat until they act again.",
                                   seat=seat_name(kept))])
        computers.think_all(minds, game, state, now)
        changed.minds = [mind.to_json() for mind in minds]
        changed.deadline = computers.wake_at(game.next_deadline(state), minds)

    async def take_back(self, session_id: int, user_id: int) -> Change | None:
        """A player clicked anything at a table where a computer keeps their seat: the seat is
        theirs again, whatever the click does (None: nothing to hand back, the usual case)."""
        session = await self.get(session_id)
        seat = session.seat_of(user_id)
        if session.status != PLAYING or seat is None or seat not in session.kept_by_computer():
            return None
        async with self._lock(session_id):
            session = await self.get(session_id)
            if seat not in session.kept_by_computer():
                return None
            game = registry.get(session.game)
            changed = _copy(session)
            minds = [mind for mind in _minds(session) if mind.seat != seat]
            changed.minds = [mind.to_json() for mind in minds]
            changed.deadline = computers.wake_at(game.next_deadline(session.game_state), minds)
            changed.add_news([Said("{seat} is back and plays their own seat again.", seat=seat_name(seat))])
            await self._save(changed, game, LogRow("lobby", user_id, seat, {"type": "back"}, self.clock(), None))
            return Change(changed, actor=user_id)

    async def _set_minds(self, session: Session, minds: list[Mind], deadline: float | None) -> None:
        stored = [mind.to_json() for mind in minds]
        await self.rows.set_minds(session.id, stored, deadline)
        self._patch(session.id, minds=stored, deadline=deadline)
        self.wakeup.set()

    async def _lobby_change(self, session_id: int, user_id: int, interaction_id: int | None,
                            change: Callable[[Session, Game], str]) -> Change:
        async with self._lock(session_id):
            session = await self.get(session_id)
            changed = _copy(session)
            try:
                kind = change(changed, registry.get(session.game))
            except TableError:
                if await self.rows.handled(interaction_id) == session_id:
                    return Change(session, duplicate=True)
                raise
            row = LogRow("lobby", user_id, changed.seat_of(user_id), {"type": kind}, self.clock(), interaction_id)
            try:
                await self._save(changed, registry.get(session.game), row)
            except Duplicate:
                return Change(session, duplicate=True)
            return Change(changed, actor=user_id, started=kind == "start")

    async def _save(self, session: Session, game: Game, row: LogRow, outcome: Outcome | None = None) -> None:
        """Persist `session` with its log row, then let it replace the cached one."""
        finish = None if outcome is None else partial(self._record_results, session=session, game=game,
                                                      outcome=outcome, now=row.at)
        marks, self._marks = self._marks, {}
        try:
            await self.rows.save(session, row, finish, marks)
        except BaseException:
            self._marks = {**marks, **self._marks}  # not written: still pending
            raise
        session.version += 1
        self._remember(session)
        self.wakeup.set()

    @staticmethod
    async def _record_results(conn: Tx, session: Session, game: Game, outcome: Outcome, now: float) -> None:
        winners = set(outcome.winners())
        seated = len(session.seats) - len(humans(session.seats))
        await conn.executemany(
            "INSERT INTO results (session_id, user_id, guild_id, game, seat, rank, score, won, players,"
            " margin, finished_at, computers) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(session.id, user_id, session.guild_id, game.name, seat, outcome.ranks[seat], outcome.scores[seat],
              int(seat in winners), len(session.seats), outcome.margin, now, seated)
             for seat, user_id in enumerate(session.seats)])
        if not seated:  # ratings and records are between people
            await ratings.record_finished(conn, session, game, outcome, now)

    async def _set_deadline(self, session_id: int, deadline: float | None) -> None:
        await self.rows.set_deadline(session_id, deadline)
        self._patch(session_id, deadline=deadline)
        self.wakeup.set()

    def _end(self, session: Session, status: str, summary: str) -> None:
        """Close the session; the summary joins the news unless an event already said it."""
        session.status, session.summary = status, summary
        session.ended_at, session.deadline = self.clock(), None
        if not any(summary in line for line in session.news_lines()):
            session.add_news([summary])

    @staticmethod
    def _choice(game: Game, key: str) -> Choice:
        found = next((choice for choice in game.choices if choice.key == key), None)
        if found is None:
            raise TableError("{game} has no such choice in the lobby.", game=_title(game))
        return found

    @staticmethod
    def _fill_picks(session: Session, game: Game) -> None:
        """Every seat without a pick gets a random one, drawn from the session's seed: the start
        is deterministic, and the picks are stored with the session for every replay. A choice the
        options do not offer (its mode is off) keeps no picks."""
        for choice in game.choices:
            if not choice.offered(session.options):
                session.picks.pop(choice.key, None)
                continue
            picked = [session.pick_of(choice.key, user) for user in session.seats]
            session.picks[choice.key] = dict(zip(session.seats, choice.fill(picked, session.seed), strict=True))

    @staticmethod
    def _require_lobby(session: Session) -> None:
        if session.status == PLAYING:
            raise TableError("The game has already started.")
        if session.status != LOBBY:
            raise TableError("This lobby is closed.")

    @staticmethod
    def _require_host(session: Session, user_id: int, refusal: Said) -> None:
        """Refuse anyone but the host, in `refusal`'s words ("Only the host can start the game.")."""
        if user_id != session.host_id:
            raise TableError(refusal)


__all__ = ["Change", "Table", "TableError", "RuleError", "LOBBY_SECONDS"]
