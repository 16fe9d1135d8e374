"""Faults around the real bot process: a stalled or locked database, boards a crash left unposted
or unrecorded, and private texts kept out of a DEBUG log.

Why each exists (each fails for that reason if the feature goes):
- A stalled database: another program (a backup, `sqlite3` in a shell) holds the write lock.
  Discord drops an interaction not acknowledged within 3 s, so a click that waits on the lock
  must be acknowledged first (`cogs/replies.in_time`, after 2 s): with the fake's
  `interaction_deadline=3`, a late acknowledgement is answered 10062 and the click is lost.
  A stall under SQLite's 5 s busy timeout must still apply the click; a longer one must tell
  the player, privately, that nothing was done, and say why in the log.
- A lobby saved but never posted (a crash between the insert and the post) must be posted at
  start-up; a lobby posted but whose message id was never saved must be found again (in the
  channel's recent history at start-up, or by the first click on it), so Join works on the
  message the players see. Without it the lobby is invisible or its message never changes.
- A locked database at start-up must end with one line and exit status 3, not a traceback.
- LOG_LEVEL=DEBUG must not write private (ephemeral) texts, a player's hand or a refusal meant
  for one person, to the log: discord.py logs whole payloads at DEBUG.
"""
from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fakediscord import FLAG_EPHEMERAL, FakeDiscord
from tests.process.harness import (
    START_TIMEOUT,
    STEP_TIMEOUT,
    Harness,
    assert_no_traceback,
    button,
    click_start,
    description,
    join_on,
    open_tally_with_two,
    players_field,
    seats,
    title,
)

pytestmark = pytest.mark.process  # starts real processes: slow, scheduled first

DEADLINE = 3.0  # Discord's: an interaction acknowledged later than this is unknown (10062)
EXIT_DATABASE = 3
CANNOT_SAVE = "The bot cannot save games right now (the database is busy"


@contextlib.contextmanager
def write_locked(database: Path, how: str = "IMMEDIATE") -> Iterator[sqlite3.Connection]:
    """Another program holds the database's write lock (`BEGIN IMMEDIATE`) until the block ends."""
    db = sqlite3.connect(database, isolation_level=None, timeout=10)
    try:
        db.execute(f"BEGIN {how}")
        yield db
    finally:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        db.close()


def row(database: Path, sql: str, params: tuple = ()) -> tuple:
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10)) as db:
        return db.execute(sql, params).fetchone()


def game_row(database: Path) -> tuple[int, int, int]:
    """(id, version, shown_version) of the game being played."""
    return row(database, "SELECT id, version, shown_version FROM sessions WHERE status = 'playing'")


def logged(database: Path, interaction_id: int) -> int:
    return row(database, "SELECT COUNT(*) FROM events WHERE interaction_id = ?", (interaction_id,))[0]


async def settled(fake: FakeDiscord, database: Path) -> None:
    """Wait until the bot has written its board bookkeeping (it does so within a second of an
    edit), so no write of its own is pending when the test takes the lock."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + STEP_TIMEOUT
    while (current := game_row(database))[1] != current[2]:
        assert loop.time() < deadline, f"the bot never recorded the board it drew: {current}"
        await asyncio.sleep(0.05)


async def acknowledged(fake: FakeDiscord, rec) -> None:
    try:
        await fake.wait_for(lambda: rec.callback_type is not None, DEADLINE + 1)
    except TimeoutError:
        raise AssertionError(f"the click was not acknowledged within Discord's {DEADLINE:g} s while the database "
                             f"was locked (the fake answered: {fake.rejected[-1:]})") from None


async def tally_in_play(fake: FakeDiscord, harness: Harness) -> tuple[int, int]:
    """A game of tally between alice and bob, alice to play; returns (alice, board message id)."""
    ann, bob = fake.user_id("alice"), fake.user_id("bob")
    await harness.start_connected()
    lobby_id = await open_tally_with_two(fake, ann, bob)
    await click_start(fake, ann, lobby_id)
    await settled(fake, harness.database)
    return ann, lobby_id


# ------------------------------------------------------------------------------ a stalled database


async def test_a_click_during_a_4s_stall_is_acknowledged_in_time_and_applied(tmp_path):
    async with FakeDiscord(interaction_deadline=DEADLINE) as fake, Harness(fake, tmp_path) as harness:
        ann, board_id = await tally_in_play(fake, harness)
        _, version, _ = game_row(harness.database)
        edits = fake.message(board_id)["_edits"]

        with write_locked(harness.database):
            stalled_at = time.monotonic()
            rec = await fake.click(ann, board_id, button(fake.message(board_id), "Add 2")["custom_id"], wait=False)
            await acknowledged(fake, rec)
            acknowledged_after = time.monotonic() - stalled_at
            assert rec.callback_type == 6, f"answered with type {rec.callback_type}, not a deferred update"
            assert acknowledged_after < DEADLINE, f"acknowledged after {acknowledged_after:.2f} s"
            await asyncio.sleep(0.5)
            assert fake.message(board_id)["_edits"] == edits, "the board changed while the database was locked"
            await asyncio.sleep(4.0 - (time.monotonic() - stalled_at))

        await fake.wait_for(lambda: "total 2" in description(fake.message(board_id)), STEP_TIMEOUT)
        print(f"\n4 s stall: acknowledged after {acknowledged_after:.2f} s, board edited "
              f"{time.monotonic() - stalled_at:.2f} s after the click")
        assert f"▶ 2. <@{fake.user_id('bob')}>" in players_field(fake.message(board_id)), "the turn did not pass"
        assert game_row(harness.database)[1] == version + 1 and logged(harness.database, rec.id) == 1
        assert not rec.followup_ids, f"the player was told {[m['content'] for m in rec.followups]}"
        assert_no_traceback(*harness.runs)
        fake.assert_clean()  # no 10062: the acknowledgement came in time


async def test_a_click_during_an_8s_stall_is_refused_privately_and_changes_nothing(tmp_path):
    async with FakeDiscord(interaction_deadline=DEADLINE) as fake, Harness(fake, tmp_path) as harness:
        ann, board_id = await tally_in_play(fake, harness)
        _, version, _ = game_row(harness.database)
        board_before = fake.message(board_id)
        edits, text_before = board_before["_edits"], description(board_before)

        with write_locked(harness.database):
            stalled_at = time.monotonic()
            rec = await fake.click(ann, board_id, button(board_before, "Add 2")["custom_id"], wait=False)
            await acknowledged(fake, rec)
            assert time.monotonic() - stalled_at < DEADLINE and rec.callback_type == 6, \
                f"answered with {rec.callback_type}: {rec.content!r}"
            # The lock is held until the player is told (after SQLite's 5 s busy timeout), and 8 s at least.
            await fake.wait_for(lambda: rec.followup_ids, STEP_TIMEOUT)
            told_after = time.monotonic() - stalled_at
            await asyncio.sleep(max(0.0, 8.0 - told_after))

        (answer,) = rec.followups
        print(f"\n8 s stall: acknowledged in time, told after {told_after:.2f} s: {answer['content']!r}")
        assert answer["flags"] & FLAG_EPHEMERAL, "the refusal is not private"
        assert answer["content"].startswith(CANNOT_SAVE) and "so that was not done" in answer["content"]
        assert game_row(harness.database)[1] == version and logged(harness.database, rec.id) == 0
        board = fake.message(board_id)
        assert board["_edits"] == edits and description(board) == text_before, "the board changed"
        log = harness.runs[-1].stdout
        assert "not saved: the database is busy (locked by another program)" in log, log[-2000:]

        # The lock is gone: the same player's next click is applied.
        again = await fake.click(ann, board_id, button(board, "Add 1")["custom_id"], timeout=STEP_TIMEOUT)
        assert again.callback_type in (6, 7) and not again.followup_ids  # 7: the board as its answer
        await fake.wait_for(lambda: "total 1" in description(fake.message(board_id)), STEP_TIMEOUT)
        assert game_row(harness.database)[1] == version + 1
        assert_no_traceback(*harness.runs)
        fake.assert_clean()


async def test_a_stall_right_after_a_board_edit_keeps_the_board_bookkeeping(tmp_path):
    """The board bookkeeping is written within a second of an edit; a stall then must delay that
    write, not lose it or end in an unhandled task exception."""
    async with FakeDiscord() as fake, Harness(fake, tmp_path) as harness:
        ann, board_id = await tally_in_play(fake, harness)
        await fake.click(ann, board_id, button(fake.message(board_id), "Add 1")["custom_id"], timeout=STEP_TIMEOUT)
        await fake.wait_for(lambda: "total 1" in description(fake.message(board_id)), STEP_TIMEOUT)
        with write_locked(harness.database):  # before the bookkeeping of that edit is written
            await asyncio.sleep(6.5)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STEP_TIMEOUT  # the bookkeeping's retry, once the lock is gone
        while (current := game_row(harness.database))[1] != current[2] and loop.time() < deadline:
            await asyncio.sleep(0.1)
        log = harness.runs[-1].stdout
        assert "Traceback" not in log and "never retrieved" not in log, log[-2500:]
        assert current[1] == current[2], f"the db still says the board shows version {current[2]} of {current[1]}"


# ------------------------------------------------------------------------------ lobbies a crash left behind


def lobby_messages(fake: FakeDiscord, channel_id: int, session_id: int) -> list[dict]:
    """The channel's public messages carrying this lobby's Join button."""
    return [m for m in fake.messages(channel_id, ephemeral=False)
            if FakeDiscord.find_component(m, custom_id_prefix=f"tt:{session_id}:-:join:")]


async def open_lobby(fake: FakeDiscord, database: Path, host: int, channel_id: int) -> tuple[int, int]:
    played = await fake.slash(host, "play", {"game": "tally"}, channel_id=channel_id, timeout=STEP_TIMEOUT)
    assert played.message is not None and title(played.message) == "Tally - lobby"
    (sid,) = row(database, "SELECT id FROM sessions WHERE channel_id = ? AND status = 'lobby'", (channel_id,))
    return sid, int(played.message["id"])


def forget_board(database: Path, session_id: int) -> None:
    """What a crash between saving a lobby and saving its message id leaves (written while the bot is down)."""
    with contextlib.closing(sqlite3.connect(database, timeout=10)) as db, db:
        changed = db.execute("UPDATE sessions SET message_id = NULL, board_key = NULL, shown_version = -1"
                             " WHERE id = ?", (session_id,))
        assert changed.rowcount == 1


async def test_lobbies_never_posted_or_never_recorded_are_shown_after_a_restart(tmp_path):
    async with FakeDiscord() as fake, Harness(fake, tmp_path) as harness:
        ann, bob = fake.user_id("alice"), fake.user_id("bob")
        second = fake.add_channel("second")
        first_run = await harness.start_connected()
        unposted, gone_id = await open_lobby(fake, harness.database, ann, fake.channel_id)
        unrecorded, kept_id = await open_lobby(fake, harness.database, ann, second)
        await harness.crash(first_run)

        forget_board(harness.database, unposted)
        fake.forget_message(gone_id)  # never posted: nothing in the channel
        forget_board(harness.database, unrecorded)  # posted, but its id never saved
        kept_edits = fake.message(kept_id)["_edits"]
        second_run = await harness.start_connected()

        # Never posted: posted at start-up, and it is the lobby the table keeps up to date.
        (posted,) = lobby_messages(fake, fake.channel_id, unposted)
        assert title(posted) == "Tally - lobby" and f"<@{ann}>" in seats(posted)
        # Never recorded: found again in the channel, redrawn, not posted a second time.
        assert lobby_messages(fake, second, unrecorded) == [fake.message(kept_id)]
        assert fake.message(kept_id)["_edits"] > kept_edits, "the found lobby was not redrawn"
        for sid, message_id in ((unposted, int(posted["id"])), (unrecorded, kept_id)):
            stored = row(harness.database, "SELECT message_id FROM sessions WHERE id = ?", (sid,))[0]
            assert stored == message_id, f"session {sid} records message {stored}, not {message_id}"

        await join_on(fake, bob, int(posted["id"]))
        await join_on(fake, bob, kept_id)  # a click on the message the players always saw
        assert lobby_messages(fake, second, unrecorded) == [fake.message(kept_id)]
        assert "2/3" in (fake.message(kept_id)["embeds"][0]["fields"][0]["name"])
        assert "redrew 2 boards" in second_run.stdout
        assert_no_traceback(*harness.runs)
        fake.assert_clean()


async def test_a_lobby_the_start_up_search_missed_is_adopted_by_a_click_on_it(tmp_path):
    async with FakeDiscord() as fake, Harness(fake, tmp_path) as harness:
        ann, bob = fake.user_id("alice"), fake.user_id("bob")
        first_run = await harness.start_connected()
        sid, lobby_id = await open_lobby(fake, harness.database, ann, fake.channel_id)
        await harness.crash(first_run)
        forget_board(harness.database, sid)
        # At start-up Discord refuses the channel history once: the lobby is not found then.
        fake.inject_error("GET", r"^/channels/\d+/messages$", 403, code=50001, message="Missing Access")
        second_run = await harness.start_connected()
        assert row(harness.database, "SELECT message_id FROM sessions WHERE id = ?", (sid,))[0] is None
        assert lobby_messages(fake, fake.channel_id, sid) == [fake.message(lobby_id)], "a second lobby was posted"

        await join_on(fake, bob, lobby_id)  # the first click on it adopts it
        assert row(harness.database, "SELECT message_id FROM sessions WHERE id = ?", (sid,))[0] == lobby_id
        assert lobby_messages(fake, fake.channel_id, sid) == [fake.message(lobby_id)]
        assert "could not repair the board of session" in second_run.stdout
        fake.assert_clean()


# ------------------------------------------------------------------------------ a locked database at start-up


@pytest.mark.parametrize("used_before", [False, True], ids=["new file", "used before"])
async def test_a_locked_database_at_start_up_is_one_line_and_exit_3(tmp_path, used_before):
    async with FakeDiscord() as fake, Harness(fake, tmp_path) as harness:
        if used_before:  # the bot ran on it (WAL, migrated); a backup now holds it
            await harness.crash(await harness.start_connected())
        with write_locked(harness.database, "EXCLUSIVE"):
            run = await harness.start()
            code = await run.wait(5 + START_TIMEOUT)
        lines = [line for line in run.stderr.splitlines() if line.strip()]
        print(f"\nlocked database ({'used before' if used_before else 'new file'}): exit {code}, {lines}")
        assert code == EXIT_DATABASE, run.report()
        assert len(lines) == 1 and lines[0].startswith("Database problem:"), run.report()
        assert "locked by another program" in lines[0]
        assert "Traceback" not in run.stderr + run.stdout, run.report()
        assert fake.ready_count == (1 if used_before else 0), "the bot went online with a database it cannot use"


# ------------------------------------------------------------------------------ private texts and the DEBUG log


async def test_private_texts_never_reach_the_log_at_debug(tmp_path):
    async with FakeDiscord() as fake, Harness(fake, tmp_path) as harness:
        ann, bob, dan = fake.user_id("alice"), fake.user_id("bob"), fake.add_user("dan")
        count = fake.ready_count + 1
        run = await harness.start(env=harness.env(LOG_LEVEL="DEBUG"))
        await fake.wait_connected(START_TIMEOUT, count=count)

        played = await fake.slash(ann, "play", {"game": "ghosts"}, timeout=STEP_TIMEOUT)
        board_id = int(played.message["id"])
        await join_on(fake, bob, board_id)
        started = await fake.click(ann, board_id, button(fake.message(board_id), "Start")["custom_id"],
                                   timeout=STEP_TIMEOUT)
        assert started.callback_type in (6, 7) and not started.followup_ids  # 7: the board as its answer
        await fake.wait_for(lambda: FakeDiscord.find_component(fake.message(board_id), label="Discard 2"),
                            STEP_TIMEOUT)
        board = fake.message(board_id)

        refused = await fake.click(dan, board_id, button(board, "Discard 2")["custom_id"], timeout=STEP_TIMEOUT)
        assert refused.ephemeral and "You are watching this game" in refused.content, refused.content
        hand = await fake.click(ann, board_id, button(board, "My hand")["custom_id"], timeout=STEP_TIMEOUT)
        assert hand.ephemeral and hand.content.startswith("Your hand:"), hand.content
        panel = await fake.click(bob, board_id, button(board, "Discard 2")["custom_id"], timeout=STEP_TIMEOUT)
        assert panel.ephemeral and "Choose the **2** cards" in panel.content
        select = FakeDiscord.find_component(panel.message, custom_id_prefix="ts:")
        picked = await fake.select(bob, panel.message["id"], select["custom_id"],
                                   [o["value"] for o in select["options"][:2]], timeout=STEP_TIMEOUT)
        assert picked.callback_type == 6
        await harness.crash(run)

        private = [m["content"] for m in fake.messages(ephemeral=True) if m.get("content")]
        private += [a["description"] for m in fake.messages(ephemeral=True) for a in m.get("attachments") or []
                    if a.get("description")]  # the hand image's text description
        assert len(private) >= 4, private
        log = run.stdout
        assert " DEBUG " in log, "LOG_LEVEL=DEBUG did not take effect"
        for phrase in ("You are watching this game", "Your hand", "Choose the **2** cards"):
            assert phrase not in log, f"{phrase!r} reached the log"
        for text in private:
            for line in filter(lambda line: len(line) >= 12, text.splitlines()):
                assert line[:40] not in log, f"a private text reached the log: {line!r}"
        assert " DEBUG discord." not in log, "discord.py's payload logging is on"
        assert_no_traceback(run)
        fake.assert_clean()
