"""Eye for an Eye played through Discord, in process: three users fight in one channel, Dan watches.

Figures are set next to each other and dice are rigged on the stored state (test set-up, as the
engine tests do); everything else is clicked as a player would, on the board and on the private
panels. Timers are fired by hand.
"""
from __future__ import annotations

import asyncio

import pytest

from engine.arena.data import (
    BETWEEN_SECONDS,
    COUNTDOWN_SECONDS,
    REACT_SECONDS,
    ROUND_SECONDS,
    TB_TURN_SECONDS,
)
from engine.rng import rig
from tests.cogs.arena.arena_helpers import (
    NW,
    OPEN,
    SW,
    A,
    D,
    E,
    H,
    M,
    R,
    W,
    begin,
    board_of,
    log_lines,
    put,
    session_of,
)
from tests.cogs.discord_helpers import (
    assert_people_named_and_pinged,
    buttons,
    message_in,
    pinged,
    public_texts,
)
from tests.kit.arena_log import log_text

pytestmark = pytest.mark.usefixtures("at_once")  # boards edited at once (conftest.py), for every test here


async def test_the_round_starts_after_a_countdown_with_a_headline_of_its_own(world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), countdown=False)
    ends = (await table.state())["flow"]["deadline"]
    panel = table.panel("ann")
    assert "Everyone is in place: **Yarra Mark!**" in panel.content and "🎲 Roll" not in buttons(panel)
    assert "Everyone is in place" in (await board_of(simcord_bot, channel)).embeds[0].fields[1].value
    assert not [m for m in channel.history() if (m.content or "").startswith("Yarra Mark!")], "not yet"
    await table.fire(COUNTDOWN_SECONDS, hand_clock)
    state = await table.state()
    assert state["phase"] == "fight" and state["flow"]["deadline"] == ends + ROUND_SECONDS
    assert [m.content for m in channel.history() if (m.content or "").startswith("Yarra Mark!")] == \
        ["Yarra Mark! The round runs 5 minutes."]
    assert "🎲 Roll" in buttons(table.panel("ann")) and "🎲 Roll" in buttons(table.panel("bob")), "pushed to both"


async def test_a_real_time_round_by_three_users_attacks_resolve_in_arrival_order(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob", "cat"))
    state = await table.state()
    assert state["phase"] == "fight"
    headline = [m for m in channel.history() if (m.content or "").startswith("Yarra Mark!")]
    assert len(headline) == 1, "the round start is a message of its own"
    assert "Pool:" in table.panel("ann").content, "the panel moved on to the round by itself"

    # Bob (Riparian) stands on the high ground facing east; Ann and Cat stand in his front arc,
    # each with him alone in theirs.
    await put(table, bob=([0, 0], E), ann=([1, -1], SW), cat=([0, 1], NW))
    await table.roll("ann", A, H, H, M, R)      # Spear Thrust 1
    await table.roll("bob", D, D, M, H, R)      # Parry 2
    await table.roll("cat", A, A, A, A, R)      # Thorn Club 4: 5 hits
    assert "🛡 Parry [🛡🛡··] min 2 ✓" in table.panel("bob").content
    assert "⚔ Attack → Riparian" in buttons(table.panel("cat"))  # one target: no target view

    # Both panels were drawn before either attack; Ann's click arrives first.
    cat_panel = table.panel("cat")
    await table.click("ann", "⚔ Attack → Riparian")
    await u["cat"].click(cat_panel, label="⚔ Attack → Riparian")
    state = await table.state()
    lines = log_lines(state)
    assert lines.index("Spear Thrust 1 on Riparian") < lines.index("Thorn Club 4 on Riparian")
    assert "Riparian ({1}): Parry 1; no hit lands." in lines  # Auto-Parry spent 1 on Ann's 1 hit ...
    assert "Riparian ({1}): 5 hits land." in lines  # ... so 1 Parry die is left: under its minimum
    assert state["figures"][1]["health"] == 10 and state["cups"] == [0, 0, 5]
    session = await session_of(simcord_bot, channel)
    actions = [(e.seat, e.action["type"]) for e in await simcord_bot.table.log(session.id)][-2:]
    assert actions == [(0, "attack"), (2, "attack")]

    # Bob was told on his own panel; the board shows the newest news.
    bob_panel = table.panel("bob").content
    assert "5 hits land" in bob_panel and "❤ 10/15" in bob_panel
    board = await board_of(simcord_bot, channel)
    assert "❤ 10/15" in board.embeds[0].fields[0].value and "5 hits land" in board.embeds[0].description
    assert f"move {session.version}" in board.embeds[0].footer.text

    # Cat moves two steps (3 clicks): the steps the engine would refuse are greyed.
    await table.roll("cat", M, M, H, D, R)  # Trudge 2
    assert "**Move**" in await table.click("cat", "👣 Move…")
    shown = buttons(table.panel("cat"))
    assert shown["↖ NW"].disabled and shown["↘ SE"].disabled  # Riparian there; a stone there
    assert "you end at F5" in await table.click("cat", "↗ NE")  # [1, 0]: the 6th hex of row 5
    assert "Trudge 2 (NE, L), now facing W." in await table.click("cat", "⟲ Left")
    # Now Ann has two figures in her front arc: Attack asks whom (2 clicks).
    await table.roll("ann", A, A, H, H, R)
    assert "**Attack whom?**" in await table.click("ann", "⚔ Attack")
    assert set(buttons(table.panel("ann"))) == {"⚔ Riparian", "⚔ Banksia", "✖ Cancel"}
    assert "Spear Thrust 2 on Banksia" in await table.click("ann", "⚔ Banksia")
    assert (await table.state())["figures"][2]["health"] == 13
    assert not any(m.flags.ephemeral for m in channel.history())
    assert "Pool:" not in public_texts(channel)


async def test_a_reaction_prompt_reaches_the_defender_who_parries(world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"))
    await put(table, ann=([0, 0], E), bob=([1, 0], W))
    assert "Auto-Parry is off" in await table.click("bob", "🛡 Auto-Parry: on")
    await table.roll("ann", A, A, A, A, M)       # Spear Thrust 4
    await table.roll("bob", D, D, D, D, M, auto=False)
    assert "🛡 Parry [🛡🛡🛡🛡] min 2 ✓" in await table.choose("bob", "a:parry")  # allocating is one pick

    # 1. Bob's panel is live: the prompt is pushed into it, and he parries with one click.
    await table.click("ann", "Qty: All")
    await table.click("ann", "⚔ Attack 1 → Riparian")
    prompt = table.panel("bob")
    assert "Spear Thrust on you (front)" in prompt.content and "1 hit" in prompt.content
    assert set(buttons(prompt)) == {"🛡 Parry 1", "Take the hits"}  # at most one die per hit
    assert not [m for m in channel.history() if "your move" in (m.content or "")], "his panel was the call"
    assert "Parry 1; no hit lands" in await table.click("bob", "🛡 Parry 1")
    assert (await table.state())["figures"][1]["health"] == 15

    # 2. Bob's panel token has expired (15 min of Discord time): a public mention pings him
    # alone, and with nobody answering, Auto-Parry answers when the window closes.
    await env.advance_time(15 * 60 + 1)
    await table.click("ann", "Qty: All")
    await table.click("ann", "⚔ Attack 1 → Riparian")
    mention = channel.last_message
    assert mention.content.startswith(f"<@{u['bob'].id}>, you are attacked!")
    assert mention.content.endswith(", or Auto-Parry answers for you.")
    assert pinged(env, mention) == {u["bob"].id} and "Answer the attack" in buttons(mention)
    assert not [m for m in channel.history() if "your move" in (m.content or "")], "pinged once"
    watcher = await u["dan"].click(mention, label="Answer the attack")
    assert watcher.ephemeral and "watching" in watcher.response.content
    await table.fire(REACT_SECONDS + 0.5, hand_clock)
    state = await table.state()
    assert "Riparian ({1}): Parry 1; no hit lands." in log_text(state)[-1] and not state["pending"]
    assert mention.id not in [m.id for m in channel.history()], "the answered prompt is gone"

    # 3. Again, and Bob answers through the mention's button: his panel opens on the prompt.
    await table.click("ann", "⚔ Attack → Riparian")
    mention = channel.last_message
    assert "Answer the attack" in buttons(mention)
    answer = await u["bob"].click(mention, label="Answer the attack")
    assert answer.ephemeral and "Spear Thrust on you (front)" in answer.response.content
    table.panels["bob"] = answer.response.id
    assert set(buttons(answer.response.message)) == {"🛡 Parry 1", "🛡 Parry 2", "Take the hits"}
    assert "2 hits land" in await table.click("bob", "Take the hits")
    assert (await table.state())["figures"][1]["health"] == 13
    assert mention.id not in [m.id for m in channel.history()]
    assert "Pool:" in table.panel("bob").content  # back to his board, live again


async def test_a_turn_based_round(world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), turn_based=True)
    state = await table.state()
    assert state["phase"] == "roll" and state["turn_based"]
    await put(table, ann=([0, 0], E), bob=([1, 0], W))
    rig(state := await table.state(), A, A, A, M, M, D, D)
    assert "(2 left)" in str(buttons(table.panel("ann"))) or "🎲 Roll (3 left)" in buttons(table.panel("ann"))
    await table.click("ann", "🎲 Roll (3 left)")
    # ✔ Done allocates whatever fits, then shows the free turn-order markers.
    assert "**Take a turn-order marker**" in await table.click("ann", "✔ Done")
    assert (await table.state())["dice"][0]["tracks"] == {"attack": 3, "move": 2, "heal": 0, "parry": 2}
    assert {"1st", "2nd", "↩ Back to the dice"} == set(buttons(table.panel("ann")))
    rig(await table.state(), D, D, D, H, H, H, M)
    await table.click("bob", "🎲 Roll (3 left)")
    await table.click("bob", "✔ Done")
    bob_before = table.panel("bob")  # drawn while marker 1 was free

    # Markers are claimed by click, in arrival order: the slower player learns by how many ms.
    await table.click("ann", "1st")
    await env.advance_time(0.042)
    taken = await u["bob"].click(bob_before, label="1st")
    told = table.panel("bob").content
    assert f"Grublic (<@{u['ann'].id}>) took the 1st marker, **42 ms** before you" in told
    assert taken.response.id == table.panels["bob"] and buttons(table.panel("bob"))["1st: Grublic"].disabled
    await table.click("bob", "2nd")
    state = await table.state()
    assert state["phase"] == "turns" and state["tb"]["active"] == 0
    board = await board_of(simcord_bot, channel)
    assert "1st" in board.embeds[0].fields[0].value and f"<@{u['ann'].id}>'s turn" in board.embeds[0].fields[1].value

    # Only the player on turn acts: the other's buttons are greyed, and his panel says why (the engine's words).
    bob_panel = table.panel("bob")
    assert buttons(bob_panel)["Pass"].disabled and buttons(bob_panel)["End turn"].disabled
    assert "🚫" in bob_panel.content and "It is Grublic" in bob_panel.content
    assert "**Your turn**" in table.panel("ann").content
    rig(await table.state(), A, R, H)  # the attack roll: Attack and Ready hit, Heal does not
    await table.click("ann", "⚔ Attack → Riparian")
    prompt = table.panel("bob")  # pushed to Bob: a turn-based defender chooses how many dice to roll
    assert "on you (front)" in prompt.content and "🎲 Roll 3 Defence" in buttons(prompt)
    rig(await table.state(), D, H)
    assert "1 hit cancelled" in await table.click("bob", "🎲 Roll 2 Defence")
    state = await table.state()
    assert state["figures"][1]["health"] == 14 and state["tb"]["active"] == 0
    await table.click("ann", "End turn")
    assert "**Your turn**" in table.panel("bob").content  # pushed when the turn came to him
    assert "+1 health" in await table.click("bob", "❤ Heal")

    # Bob goes silent: his turn timer passes for him; Ann passes; the next game turn rolls.
    await table.fire(TB_TURN_SECONDS + 1, hand_clock)
    assert "runs out of time and passes" in log_lines(await table.state())
    await table.click("ann", "Pass")
    state = await table.state()
    assert state["phase"] == "roll" and state["tb"]["game_turn"] == 2
    assert "🎲 Roll (3 left)" in buttons(table.panel("ann")), "a new game turn reaches every panel"


async def test_a_turn_based_defender_away_from_their_panel_is_told_their_defence_dice_will_roll(
        world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), turn_based=True)
    await put(table, ann=([0, 0], E), bob=([1, 0], W))
    for name, faces, marker in (("ann", (A, A, A, M, M, D, D), "1st"), ("bob", (D, D, D, H, H, H, M), "2nd")):
        rig(await table.state(), *faces)
        await table.click(name, "🎲 Roll (3 left)")
        await table.click(name, "✔ Done")
        await table.click(name, marker)
    await env.advance_time(15 * 60 + 1)  # Bob's panel token expires: a public mention must reach him
    rig(await table.state(), A, R, H)
    await table.click("ann", "⚔ Attack → Riparian")
    mention = channel.last_message
    assert mention.content.startswith(f"<@{u['bob'].id}>, you are attacked!")
    assert mention.content.endswith(", or every Defence die is rolled."), "turn-based, no Auto-Parry"


async def test_a_whole_match_ends_with_standings_and_a_watcher_is_refused(world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"))
    board = await board_of(simcord_bot, channel)
    watcher = await u["dan"].click(board, label=OPEN)
    assert watcher.ephemeral and "watching" in watcher.response.content
    peek = await u["dan"].click(board, label="👁 Peek boards")  # nothing is hidden: anyone may look
    assert peek.ephemeral and "Grublic" in peek.response.content and "Riparian" in peek.response.content
    rules = await u["dan"].click(board, label="📜 Rules")
    assert rules.ephemeral and "Parry" in rules.response.embeds[0].description

    await put(table, ann=([0, 0], E), bob=([1, 0], W))
    await table.roll("ann", A, A, A, A, A)
    await table.click("ann", "⚔ Attack → Riparian")
    assert (await table.state())["cups"] == [4, 0]
    first_board = (await session_of(simcord_bot, channel)).message_id
    await table.fire(ROUND_SECONDS + 1, hand_clock)  # Yarra Bung!
    results = [m for m in channel.history() if (m.content or "").startswith("Yarra Bung!")]
    assert len(results) == 1 and f"<@{u['ann'].id}>" in results[0].content and "Seat" not in results[0].content
    session = await session_of(simcord_bot, channel)
    assert session.state["round"] == 2 and session.message_id != first_board, "a fresh board for round 2"
    assert not message_in(channel, first_board).components, "round 1's board stays as a record, without buttons"
    assert "round 2 of 3" in table.panel("ann").content, "the new round reached the panels"
    for _ in range(2):  # rounds 2 and 3: nobody acts, both survive: tied
        await table.fire(BETWEEN_SECONDS + 1, hand_clock)
        await table.fire(COUNTDOWN_SECONDS, hand_clock)
        await table.fire(ROUND_SECONDS + 1, hand_clock)
    assert await session_of(simcord_bot, channel) is None
    assert_people_named_and_pinged(env, channel, [u["ann"], u["bob"]])
    (embed,) = channel.last_message.embeds
    assert "Grublic" in embed.description and "12 points" in embed.description
    assert "This match is over" in table.panel("bob").content and "Yarra Bung!" in table.panel("bob").content


async def test_the_paced_board_merges_a_burst_of_moves_and_its_old_buttons_still_work(world, simcord_bot,
                                                                                        monkeypatch):
    env, _guild, channel, u = world
    await begin(env, simcord_bot, channel, u, ("ann", "bob"))
    ui = simcord_bot.uis["arena"]
    assert type(ui).min_edit_seconds == 2.0
    monkeypatch.setattr(ui, "min_edit_seconds", 2.0)  # the game's own pace, set aside for the set-up
    redraws = []
    real = simcord_bot.presenter._redraw

    async def counted(session):
        redraws.append(session.version)
        await real(session)
    simcord_bot.presenter._redraw = counted
    session = await session_of(simcord_bot, channel)
    for user in ("ann", "bob", "ann"):  # three moves in a burst
        change = await simcord_bot.table.act(session.id, u[user].id, {"type": "roll"})
        await simcord_bot.presenter.show(change)
    newest = (await session_of(simcord_bot, channel)).version
    assert len(redraws) <= 1 and newest not in redraws, "the burst waits for the pace"
    board = await board_of(simcord_bot, channel)
    assert not board.embeds[0].footer.text.endswith(f"move {newest}")
    opened = await u["bob"].click(board, label=OPEN)  # a board not redrawn yet: its button still works
    assert opened.ephemeral and "Pool:" in opened.response.content
    await asyncio.sleep(2.1)  # the presenter's pace (its task was started here, outside the bot)
    await env.settle()
    assert redraws[-1] == newest and len(redraws) <= 2, redraws
    assert (await board_of(simcord_bot, channel)).embeds[0].footer.text.endswith(f"move {newest}")


async def test_an_attack_on_a_figure_knocked_out_a_moment_before_is_told_by_how_many_ms(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob", "cat"))
    await put(table, bob=([0, 0], E), ann=([1, -1], SW), cat=([0, 1], NW))
    state = await table.state()
    state["figures"][1]["health"], state["start_health"] = 2, state["start_health"] - 13  # set-up: Bob is weak
    await table.roll("ann", A, A, H, H, R)
    await table.roll("cat", A, A, A, H, R)
    cat_panel = table.panel("cat")  # drawn while Riparian still stood
    assert f"Riparian (<@{u['bob'].id}>) is knocked out" in await table.click("ann", "⚔ Attack → Riparian")
    await env.advance_time(0.015)
    late = await u["cat"].click(cat_panel, label="⚔ Attack → Riparian")
    told = table.panel("cat").content
    assert late.response.id == table.panels["cat"] and told.startswith("⏱ Too slow: ")
    assert f"Grublic (<@{u['ann'].id}>) knocked Riparian (<@{u['bob'].id}>) out, **15 ms** before you" in told
    assert (await table.state())["dice"][2]["tracks"]["attack"] == 3, "the slower attack spent nothing"
    assert "knocked out" in table.panel("bob").content, "the knocked-out player's panel says so by itself"


async def test_the_common_actions_take_the_clicks_arena_md_promises(world, simcord_bot):
    """ARENA.md 3.3: Roll 1, allocate 1, Attack 1 (2 to choose a target), Move 2 steps 3, Heal 1,
    Parry 0 (Auto-Parry) or 1 (the pushed prompt): counted on the panels of three players."""
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob", "cat"))
    # Bob faces east with Ann (NE) and Cat (SE) in his front arc; each has him alone in theirs.
    await put(table, bob=([0, 0], E), ann=([1, -1], SW), cat=([0, 1], NW))
    counted = {}

    async def count(what, name, *labels, select=None):
        """`name`'s clicks to do `what`: the labels clicked in turn (or one pick of a select)."""
        before = table.clicks[name]
        for label in labels:
            await table.click(name, label)
        if select is not None:
            await table.choose(name, select)
        counted[what] = table.clicks[name] - before
        return log_lines(await table.state())

    rig(await table.state(), A, A, D, D, H)
    await count("roll", "ann", "🎲 Roll")
    assert (await table.state())["dice"][0]["pool"] == ["A", "A", "D", "D", "H"]
    await count("allocate", "ann", select="a:attack")
    await table.roll("bob", D, D, A, A, H)  # Auto: Parry 2, Attack 2 (Auto-Parry on)
    bob_before = table.clicks["bob"]
    assert "Spear Thrust 2 on Riparian" in await count("attack", "ann", "⚔ Attack → Riparian")
    counted["parry (Auto-Parry)"] = table.clicks["bob"] - bob_before
    assert "Riparian ({1}): Parry 2; no hit lands." in log_lines(await table.state())
    assert "Attack 2 on Grublic" in await count("attack, choosing the target", "bob", "⚔ Attack", "⚔ Grublic")
    await table.roll("cat", M, M, H, H, H)  # Auto: Trudge 2, Heal 3
    assert "Trudge 2 (L, L)" in await count("move 2 steps", "cat", "👣 Move…", "⟲ Left", "⟲ Left")
    await table.roll("ann", H, H, H, D, D)  # Auto: Heal 3, Parry 2
    assert "+1 health (14)" in await count("heal", "ann", "❤ Heal")
    await table.click("ann", "🛡 Auto-Parry: on")  # off: the next attack asks her
    await table.roll("bob", A, A, D, D, M)
    await table.click("bob", "⚔ Attack")
    await table.click("bob", "⚔ Grublic")
    assert "on you (front)" in table.panel("ann").content, "the prompt was pushed to her panel"
    assert "Parry 2; no hit lands" in await count("parry (prompt)", "ann", "🛡 Parry 2")
    assert counted == {"roll": 1, "allocate": 1, "attack": 1, "parry (Auto-Parry)": 0,
                       "attack, choosing the target": 2, "move 2 steps": 3, "heal": 1, "parry (prompt)": 1}
