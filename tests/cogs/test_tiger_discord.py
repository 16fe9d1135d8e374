"""Eye of the Tiger played through Discord, in process: Ann plays, Dan watches.

The board carries Buy... / Fight... (Thin deck... / Keep all cards when the deck is used up);
each opens a private panel (cogs/panels.py) whose selects redraw it and whose Confirm button
makes the move; a panel's controls are found by `<panel>:<control>` in their custom ids.
Some tests set up a position by rewriting the stored snapshot, so a fight or an advanced
choice can be checked with known cards and monsters.
"""
from __future__ import annotations

import asyncio
import threading

import pytest

import engine.computers.tiger as tiger_computer
from cogs.components import Ref
from cogs.tiger_panels import FightChoice
from engine import registry
from engine.computers.tiger import advise, par
from engine.greenbox import CARDS
from engine.tiger import EYE_TILE, tile_dots
from host.session import FINISHED
from tests.cogs.discord_helpers import assert_people_named_and_pinged, buttons, forget_panels, message_in, selects
from tests.kit.tiger_play import (
    cid,
    confirm,
    has_select,
    open_panel,
    open_tiger,
    pick,
    play_a_turn,
    press_confirm,
    put,
    reveal,
    rewrite,
    select_of,
    session_of,
)

# --------------------------------------------------------------------------- tests

@pytest.mark.usefixtures("public_views_checked")  # the board, its embed and buttons only read their shared view
async def test_a_whole_game_through_the_buttons_records_a_result(world, simcord_bot):
    env, _, channel, u = world
    board_id = await open_tiger(u, channel)
    game = registry.get("tiger")
    session_id = (await session_of(simcord_bot, channel)).id
    turns, thinned = 0, False
    while (session := await session_of(simcord_bot, channel)) is not None:
        state = session.state
        before = session.version
        await play_a_turn(u["ann"], channel, board_id, game, state, thinned)
        thinned = thinned or state["phase"] == "thin"
        assert (await simcord_bot.table.get(session_id)).version == before + 1  # each turn is one move
        turns += 1
        assert turns < 150
    board = message_in(channel, board_id)
    assert not board.components  # a finished game keeps its picture, loses its buttons
    assert board.attachments and board.attachments[0].description.startswith("Eye of the Tiger")
    assert "is over" in channel.last_message.content
    assert_people_named_and_pinged(env, channel, [u["ann"]])
    final = await simcord_bot.table.get(session_id)
    assert final.status == FINISHED
    mine = sum(tile_dots(t) for t in final.state["defeated"])
    theirs = sum(tile_dots(t) for t in final.state["monster_discard"])
    rows = await simcord_bot.table.store.fetchall("SELECT * FROM results WHERE session_id = ?", (session_id,))
    assert len(rows) == 1
    row = rows[0]
    assert row["user_id"] == u["ann"].id and row["game"] == "tiger"
    assert row["won"] == int(mine > theirs) and row["score"] == mine and row["margin"] == mine - theirs
    assert final.state["removed"]  # the thinning went through the panel
    par_line = next(f.value for f in board.embeds[0].fields if f.name == "Par")
    assert par_line.startswith(f"Par for this deal: {par(final.options, final.seed)} points")
    assert await simcord_bot.table.replayed_state(session_id) == final.state


async def test_the_fight_preview_shows_light_penalty_attack_and_why_not(world, simcord_bot):
    _, _, channel, u = world
    board_id = await open_tiger(u, channel)
    hammers, circles, arrow = cid("red", "hammers", True), cid("red", "circles", True), cid("red", "arrow")

    def position(state):
        state["turn"] = 2
        reveal(state, hammers, circles, arrow)
        put(state, 2, "hammers", 7)  # field III: needs 3 light
        put(state, 1, "bricks", 3, ("no_weakness",))  # field II: value-1 cards cannot fight
    state, board_id = await rewrite(simcord_bot, u, channel, position)
    panel = await open_panel(u["ann"], channel, board_id, "Fight…")
    await pick(u["ann"], panel, "tiger_fight:monster", [2])
    await pick(u["ann"], panel, "tiger_fight:cards", [hammers])
    text = panel.content
    assert "Light: 1 (needs 3), 2 missing" in text and "Penalty: -4 attack" in text
    assert "Attack: -3 (values 1, -4 penalty) against power 7" in text
    assert "❌ Not possible: Not strong enough" in text and confirm(panel).disabled
    assert not has_select(panel, "tiger_fight:double") and not has_select(panel, "tiger_fight:lose")  # no such choice

    await pick(u["ann"], panel, "tiger_fight:monster", [1])  # the cards stay chosen
    assert "❌ Not possible: No weakness: cards of value 1 cannot fight" in panel.content
    assert confirm(panel).disabled

    await pick(u["ann"], panel, "tiger_fight:monster", [2])
    await pick(u["ann"], panel, "tiger_fight:cards", [hammers, arrow])
    text = panel.content
    assert "Light: 4 (needs 3)" in text and "Penalty: none" in text
    assert "Attack: 7 (values 7) against power 7" in text
    assert "Gold if you win: 1" in text and "Cards lost after the win: red hammers (1)" in text
    assert "✅" in text and not confirm(panel).disabled
    monster = state["track"][2]["tile"]
    await press_confirm(u["ann"], panel)
    state = (await session_of(simcord_bot, channel)).state
    assert monster in state["defeated"] and state["gold"] == 1 and hammers in state["removed"]
    assert "You beat the hammers monster" in message_in(channel, board_id).embeds[0].description


async def test_a_watcher_changes_nothing(world, simcord_bot):
    _, _, channel, u = world
    await open_tiger(u, channel)

    def position(state):
        state["turn"] = 2
        put(state, 2, "hammers", 7)
    _, board_id = await rewrite(simcord_bot, u, channel, position)
    before = await session_of(simcord_bot, channel)
    for label in ("Buy…", "Fight…"):
        result = await u["dan"].click(message_in(channel, board_id), label=label)
        assert result.ephemeral and "You are watching this game" in result.response.content
        assert not result.response.components  # no panel for a watcher
    after = await session_of(simcord_bot, channel)
    assert after.version == before.version and after.state == before.state


async def test_a_used_up_deck_offers_thinning_to_the_player_only(world, simcord_bot):
    _, _, channel, u = world
    await open_tiger(u, channel)

    def used_up(state):
        state["cards"]["discard"] += state["cards"]["draw"] + state["revealed"]
        state["cards"]["draw"], state["revealed"], state["phase"] = [], [], "thin"
    _, board_id = await rewrite(simcord_bot, u, channel, used_up)
    board = message_in(channel, board_id)
    assert set(buttons(board)) == {"Thin deck…", "Keep all cards", "Hint", "📜 Rules"}
    assert "Thin deck" in board.embeds[0].fields[-1].value
    before = await session_of(simcord_bot, channel)
    for label in ("Thin deck…", "Keep all cards"):
        result = await u["dan"].click(board, label=label)
        assert result.ephemeral and "You are watching this game" in result.response.content
    assert (await session_of(simcord_bot, channel)).version == before.version
    await u["ann"].click(board, label="Keep all cards")
    after = await session_of(simcord_bot, channel)
    assert after.version == before.version + 1 and after.state["phase"] == "turn"
    assert len(after.state["revealed"]) == 3 and not after.state["removed"]
    assert set(buttons(message_in(channel, board_id))) == {"Buy…", "Fight…", "Hint", "📜 Rules"}


async def test_thinning_picks_across_a_long_discard_pile(world, simcord_bot):
    _, _, channel, u = world
    await open_tiger(u, channel)

    def used_up_with_everything(state):
        state["cards"]["discard"] += state["cards"]["draw"] + state["revealed"]
        for stack in state["supply"].values():
            state["cards"]["discard"] += stack
            stack.clear()
        state["cards"]["draw"], state["revealed"], state["phase"] = [], [], "thin"
    state, board_id = await rewrite(simcord_bot, u, channel, used_up_with_everything)
    panel = await open_panel(u["ann"], channel, board_id, "Thin deck…")
    picks = selects(panel.message)
    assert len(picks) == 3 and sum(len(p.options) for p in picks) == 54  # 25 options per select at most
    first, last = picks[0].options[0].value, picks[2].options[0].value
    await u["ann"].select(panel, [first], custom_id=picks[0].custom_id)
    await u["ann"].select(panel, [last], custom_id=selects(panel.message)[2].custom_id)
    chosen = [CARDS[int(first)].name, CARDS[int(last)].name]
    assert confirm(panel).label == f"Confirm: remove {chosen[0]} and {chosen[1]}"
    await u["ann"].select(panel, [picks[1].options[0].value], custom_id=selects(panel.message)[1].custom_id)
    assert "remove at most 2" in panel.content and confirm(panel).disabled  # three chosen: too many
    await u["ann"].select(panel, [], custom_id=selects(panel.message)[1].custom_id)
    await press_confirm(u["ann"], panel)
    state = (await session_of(simcord_bot, channel)).state
    assert sorted(state["removed"]) == sorted([int(first), int(last)]) and state["phase"] == "turn"


async def test_a_panel_the_game_moved_past_is_refused(world, simcord_bot):
    _, _, channel, u = world
    board_id = await open_tiger(u, channel)
    started = (await session_of(simcord_bot, channel)).version
    old = await open_panel(u["ann"], channel, board_id, "Buy…")
    forget_panels(simcord_bot)  # (else the fresh panel retires the old one: tests/cogs/test_live_panels.py)
    fresh = await open_panel(u["ann"], channel, board_id, "Buy…")
    await pick(u["ann"], fresh, "tiger_buy:card", ["nothing"])
    if fresh.components:  # three cards of one colour: the pick only chose, Confirm buys
        await press_confirm(u["ann"], fresh)
    version = (await session_of(simcord_bot, channel)).version
    assert version == started + 1
    result = await u["ann"].select(old, ["nothing"], custom_id=select_of(old, "tiger_buy:card").custom_id)
    assert result.ephemeral and "out of date" in (result.response or result.followups[0]).content
    assert (await session_of(simcord_bot, channel)).version == version


async def test_the_colour_bonus_can_be_declined(world, simcord_bot):
    _, _, channel, u = world
    board_id = await open_tiger(u, channel)
    red = [cid("red", s, True) for s in ("drop", "hammers", "circles")]
    state, board_id = await rewrite(simcord_bot, u, channel, lambda s: reveal(s, *red))
    red_stack = list(state["supply"]["red"])
    panel = await open_panel(u["ann"], channel, board_id, "Buy…")
    assert "Three red cards" in panel.content
    await pick(u["ann"], panel, "tiger_buy:card", ["blue"])  # with a choice left, picking does not buy yet
    assert panel.components and "Confirm: buy blue drop (2) for 1 gold" in buttons(panel.message)
    await u["ann"].click(panel, label="Free red card: taking it (click to decline)")
    assert "you decline it" in panel.content
    await press_confirm(u["ann"], panel)
    state = (await session_of(simcord_bot, channel)).state
    assert state["supply"]["red"] == red_stack and cid("blue", "drop") in state["cards"]["discard"] + state["revealed"]


async def test_the_buy_panel_says_unspent_gold_is_lost_gold_cubes_included(world, simcord_bot):
    _, _, channel, u = world
    await open_tiger(u, channel)
    cards = [cid("red", "drop", True), cid("blue", "drop", True), cid("yellow", "circles", True)]  # 2 gold

    def position(state):
        state["turn"] = 2
        state["gold"] = 3  # gold cubes from clean wins since the last buy
        reveal(state, *cards)
    _, board_id = await rewrite(simcord_bot, u, channel, position)
    panel = await open_panel(u["ann"], channel, board_id, "Buy…")
    assert "you have **5 gold** (2 from your revealed cards, 3 gold cubes)" in panel.content
    assert "unspent gold is lost, the cubes too" in panel.content
    await pick(u["ann"], panel, "tiger_buy:card", ["red"])  # nothing else to decide: picking buys
    assert not panel.components and "4 gold unused is lost" in panel.content  # the panel is now a note
    state = (await session_of(simcord_bot, channel)).state
    assert state["gold"] == 0 and cid("red", "drop") in state["cards"]["discard"]


async def test_advanced_second_purchase(world, simcord_bot):
    _, _, channel, u = world
    board_id = await open_tiger(u, channel)
    drops = [cid(c, "drop", True) for c in ("red", "blue", "yellow")]  # 3 gold, three of one symbol

    def position(state):
        state["advanced"] = True
        reveal(state, *drops)
    _, board_id = await rewrite(simcord_bot, u, channel, position)
    panel = await open_panel(u["ann"], channel, board_id, "Buy…")
    assert "second card" in panel.content and not has_select(panel, "tiger_buy:second")
    await pick(u["ann"], panel, "tiger_buy:card", ["red"])
    second = [o.value for o in select_of(panel, "tiger_buy:second").options]
    assert "none" in second and "red" in second  # the next red card is a second choice too
    await pick(u["ann"], panel, "tiger_buy:second", ["green"])
    assert confirm(panel).label == "Confirm: buy red drop (1) and green drop (5) for 2 gold"
    await press_confirm(u["ann"], panel)
    state = (await session_of(simcord_bot, channel)).state
    owned = state["cards"]["discard"] + state["revealed"] + state["cards"]["draw"]
    assert cid("red", "drop") in owned and cid("green", "drop") in owned


async def test_advanced_double_card_and_the_card_lost(world, simcord_bot):
    _, _, channel, u = world
    board_id = await open_tiger(u, channel)
    red_h, blue_h, arrow = cid("red", "hammers", True), cid("blue", "hammers", True), cid("red", "arrow")

    def position(state):
        state["advanced"] = True
        state["turn"] = 2
        reveal(state, red_h, blue_h, arrow)
        put(state, 0, "hammers", 6, ("double",))  # field I, dice summing to 11 in advanced mode
    _, board_id = await rewrite(simcord_bot, u, channel, position)
    panel = await open_panel(u["ann"], channel, board_id, "Fight…")
    await pick(u["ann"], panel, "tiger_fight:cards", [red_h, blue_h, arrow])
    assert has_select(panel, "tiger_fight:double") and has_select(panel, "tiger_fight:lose")
    assert "Cards lost after the win: red hammers (1)" in panel.content  # the engine's default
    await pick(u["ann"], panel, "tiger_fight:lose", [blue_h])
    assert "Cards lost after the win: blue hammers (1)" in panel.content
    await pick(u["ann"], panel, "tiger_fight:double", [arrow])
    assert "Attack: 14 (values 14)" in panel.content
    assert "Cards lost after the win: red arrow (6), blue hammers (1)" in panel.content
    await press_confirm(u["ann"], panel)
    state = (await session_of(simcord_bot, channel)).state
    assert arrow in state["removed"] and blue_h in state["removed"] and red_h not in state["removed"]


def test_the_longest_drafts_fit_in_a_custom_id():
    """The whole custom_id arg, `control~draft`, stays within 40 characters (cogs/refs.py)."""
    top = max(c.id for c in CARDS)
    longest = [("second", "yellow-yellow-1"), ("card", "nothing--0"),
               ("monster", str(FightChoice(2, (top - 2, top - 1, top), top, top - 1))),
               ("p3", ".".join(str(top - k) for k in range(8)))]  # two cards in each of four selects
    for control, draft in longest:
        assert len(Ref(1, "tiger_fight", f"{control}~{draft}", 10**6).custom_id.split(":")[-1]) <= 40


async def test_play_with_the_advanced_option_starts_an_advanced_game(world, simcord_bot):
    _env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tiger", options="advanced")
    session = await simcord_bot.table.active_in(channel.id)
    assert session.options == {"advanced": True} and session.state["advanced"] is True
    assert "advanced" in " ".join(f.value for f in channel.last_message.embeds[0].fields).lower()


# --------------------------------------------------------------------------- hint and par

async def ask_hint(user, channel, board_id):
    result = await user.click(message_in(channel, board_id), label="Hint")
    assert result.ephemeral
    return result.response.content


async def test_a_hint_names_the_computers_legal_move_privately_and_changes_nothing(world, simcord_bot):
    _, _, channel, u = world
    board_id = await open_tiger(u, channel)
    game = registry.get("tiger")
    before = await session_of(simcord_bot, channel)
    text = await ask_hint(u["ann"], channel, board_id)
    advice = advise(game.view(before.state, 0))
    assert advice.action in game.legal_actions(before.state, 0)
    assert text.startswith("💡 Hint: ") and advice.move in text and advice.why in text
    assert advice.move.startswith("Buy")  # the first turn is always a purchase
    after = await session_of(simcord_bot, channel)
    assert after.version == before.version and after.state == before.state
    assert set(buttons(message_in(channel, board_id))) == {"Buy…", "Fight…", "Hint", "📜 Rules"}  # as it was


def eye_beside_a_weak_monster(state):
    """Turn 5: a red arrow and two drops revealed, the Eye on field III with a wheel monster beside it."""
    state["turn"] = 5
    reveal(state, cid("red", "arrow"), cid("red", "drop", True), cid("blue", "drop", True))
    state["pile"].remove(EYE_TILE)
    state["track"][2] = {"tile": EYE_TILE, "eye": True}
    put(state, 1, "wheel", 3)  # field II, right beside the Eye


async def test_a_hint_names_the_fight_that_wins_the_eye(world, simcord_bot):
    _, _, channel, u = world
    await open_tiger(u, channel)
    state, board_id = await rewrite(simcord_bot, u, channel, eye_beside_a_weak_monster)
    before = await session_of(simcord_bot, channel)
    text = await ask_hint(u["ann"], channel, board_id)
    assert "Fight the wheel monster on field II" in text and "wins the Eye of the Tiger" in text
    after = await session_of(simcord_bot, channel)
    assert after.version == before.version and after.state == before.state


async def test_a_watcher_gets_no_hint(world, simcord_bot):
    _, _, channel, u = world
    board_id = await open_tiger(u, channel)
    before = await session_of(simcord_bot, channel)
    result = await u["dan"].click(message_in(channel, board_id), label="Hint")
    assert result.ephemeral and "You are watching this game" in result.response.content
    assert "Hint:" not in result.response.content
    assert (await session_of(simcord_bot, channel)).version == before.version


async def test_the_end_of_the_game_shows_the_par_of_the_deal(world, simcord_bot):
    _, _, channel, u = world
    await open_tiger(u, channel)
    state, board_id = await rewrite(simcord_bot, u, channel, eye_beside_a_weak_monster)
    board = message_in(channel, board_id)
    assert "Par" not in [f.name for f in board.embeds[0].fields]  # not while the game is played
    panel = await open_panel(u["ann"], channel, board_id, "Fight…")
    await pick(u["ann"], panel, "tiger_fight:monster", [1])
    await pick(u["ann"], panel, "tiger_fight:cards", [cid("red", "arrow")])
    await press_confirm(u["ann"], panel)
    session = await simcord_bot.table.get((await simcord_bot.table.store.fetchall(
        "SELECT id FROM sessions ORDER BY id DESC LIMIT 1"))[0]["id"])
    assert session.status == FINISHED
    expected = par(session.options, session.seed)
    assert expected > 0
    par_line = next(f.value for f in message_in(channel, board_id).embeds[0].fields if f.name == "Par")
    assert f"Par for this deal: {expected} points" in par_line


async def test_the_par_is_worked_out_in_a_thread_while_the_game_is_played(world, simcord_bot, monkeypatch):
    """A par is a whole game of the computer player: worked out for the end board, it held up the event
    loop and every table's clicks (cogs/tiger_par.py)."""
    _, _, channel, u = world
    threads = []
    cached = tiger_computer._par

    def working_out(options: str, seed: int) -> int:
        threads.append(threading.current_thread())
        return cached(options, seed)

    monkeypatch.setattr(tiger_computer, "_par", working_out)
    await open_tiger(u, channel)
    await asyncio.gather(*simcord_bot.tiger_pars.started.values())  # readiness: what was started has ended
    assert len(threads) == 1 and threads[0] is not threading.main_thread(), threads
