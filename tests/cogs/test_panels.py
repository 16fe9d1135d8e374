"""The panel kit, played as users would: open privately, pick (the panel redraws itself),
make the move, refusals for watchers, out-of-turn players and panels the game moved past."""
from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from cogs.drafts import NONE, Draft, fields, option, spread_pick
from cogs.panels import Seat
from tests.cogs.discord_helpers import buttons, message_in, selects, view_timers
from tests.cogs.picks import ADD, Picks, start_picks


async def test_a_panel_opens_privately_redraws_itself_and_makes_the_move(world, simcord_bot):
    env, guild, channel, u = world
    board_id = await start_picks(simcord_bot, u, channel)
    opened = await u["ann"].click(message_in(channel, board_id), label="Choose...")
    assert opened.ephemeral and "Chosen: -" in opened.response.content
    panel = opened.response
    assert buttons(panel.message)["Add"].disabled
    (select,) = selects(panel.message)
    picked = await u["ann"].select(panel, ["2"], custom_id=select.custom_id)
    assert picked.response.content.endswith("Chosen: 2")  # the same message, edited
    session = await simcord_bot.table.active_in(channel.id)
    assert session.state["total"] == 0, "a pick is not a move"
    await u["ann"].click(picked.response, label="Add")
    session = await simcord_bot.table.active_in(channel.id)
    assert session.state["total"] == 2 and session.state["turn"] == 1
    assert "adds 2" in picked.response.content and not picked.response.components  # the panel is now a note
    assert "total 2" in message_in(channel, board_id).embeds[0].description


async def test_a_private_panel_leaves_no_timer_behind(world, simcord_bot):
    """discord.py gives a view sent privately a 15-minute timeout and a task asleep on it; every panel
    a player opened would hold one (our controls are found by their custom id: they never time out)."""
    env, guild, channel, u = world
    board_id = await start_picks(simcord_bot, u, channel)
    for _ in range(3):
        opened = await u["ann"].click(message_in(channel, board_id), label="Choose...")
        assert opened.ephemeral
        (select,) = selects(opened.response.message)
        await u["ann"].select(opened.response, ["2"], custom_id=select.custom_id)
    assert view_timers() == []


async def test_watchers_and_players_out_of_turn_get_a_private_refusal(world, simcord_bot):
    env, guild, channel, u = world
    board_id = await start_picks(simcord_bot, u, channel)
    watcher = await u["cat"].click(message_in(channel, board_id), label="Choose...")
    assert watcher.ephemeral and "watching" in watcher.response.content
    early = await u["bob"].click(message_in(channel, board_id), label="Choose...")
    assert early.ephemeral and "not your turn" in early.response.content


def a_seat() -> Seat:
    """A seat for drawing controls only: the kit reads the session's id and version."""
    return Seat(SimpleNamespace(id=7, version=3), Picks(), 0, {}, 0.0)


def test_option_texts_are_trimmed_to_discords_100_characters():
    select = ADD.select(a_seat(), "n", "", [option("x" * 150, 1, description="y" * 120), option("short", 2)])
    labels = [o.label for o in select.item.options]
    assert labels == ["x" * 99 + "…", "short"] and select.item.options[0].description == "y" * 99 + "…"


def test_a_long_choice_is_spread_over_selects_of_25_and_a_pick_in_one_keeps_the_others():
    options = [option(f"Card {n}", n) for n in range(54)]
    selects = ADD.spread(a_seat(), "p", "", options, placeholder="Cards", max_values=2)
    assert [len(s.item.options) for s in selects] == [25, 25, 4]
    assert [s.item.placeholder for s in selects] == ["Cards (1-25)", "Cards (26-50)", "Cards (51-54)"]
    assert [s.item.row for s in selects] == [0, 1, 2] and all(s.item.min_values == 0 for s in selects)
    assert spread_pick(options, "p2", ["3", "52"], ["50", "53"]) == ["3", "50", "53"]  # 52 unpicked in its select
    assert spread_pick(options, "p0", ["3", "52"], []) == ["52"]


def test_a_draft_of_fields_reads_missing_ones_as_empty():
    assert fields("2-4.9", 4) == ["2", "4.9", "", ""] and fields("", 2) == ["", ""]


async def test_a_probe_panel_opens_when_the_engine_offers_its_move_else_says_why_in_the_engines_words(
        world, simcord_bot):
    env, guild, channel, u = world
    board_id = await start_picks(simcord_bot, u, channel)
    early = await u["bob"].click(message_in(channel, board_id), label="Quick...")
    assert early.ephemeral and f"It is not your turn: <@{u['ann'].id}> is to play." in early.response.content
    opened = await u["ann"].click(message_in(channel, board_id), label="Quick...")
    (select,) = selects(opened.response.message)
    await u["ann"].select(opened.response, ["2"], custom_id=select.custom_id)  # the pick is the move (act)
    session = await simcord_bot.table.active_in(channel.id)
    assert session.state["total"] == 2 and "adds 2" in opened.response.content


@dataclass(frozen=True)
class Order(Draft):
    dish: str = ""
    sides: tuple[int, ...] = ()
    table: int | None = None
    spicy: bool = True
    clears = {"dish": ("sides",)}  # another dish: its sides go


def test_a_typed_draft_travels_as_text_and_reads_back_with_defaults_for_what_is_missing():
    order = Order("soup", (4, 9), 12, False)
    assert str(order) == "soup-4.9-12-0" and Order.parse(str(order)) == order
    assert Order.parse("") == Order() and Order.parse("tea-x-y") == Order("tea")


def test_a_pick_sets_the_field_its_control_names_and_clears_the_fields_that_depend_on_it():
    order = Order("soup", (4,), 3)
    assert order.picked("sides1", ["4", "9"]).sides == (4, 9)  # one of several selects of a field
    assert order.picked("table", [NONE]).table is None and order.picked("spicy", []).spicy is False
    assert order.picked("dish", ["tea"]) == Order("tea", (), 3)
    assert order.picked("go", []) == order  # a control naming no field changes nothing


def test_a_draft_keeps_only_what_is_still_offered_and_its_selects_show_what_it_holds():
    order = Order("soup", (4, 9), 3)
    assert order.within(sides={9, 5}, table={1, 2}) == Order("soup", (9,), None)
    shown = ADD.select(a_seat(), "sides0", order, [option("Four", 4), option("Five", 5), option("Nine", 9)],
                       max_values=3)
    assert [o.default for o in shown.item.options] == [True, False, True]
    none = ADD.select(a_seat(), "table", Order(), [option("No table", NONE), option("Table 3", 3)])
    assert [o.default for o in none.item.options] == [True, False]


async def test_the_board_embed_is_the_games_words_laid_out_by_the_kit(world, simcord_bot):
    env, guild, channel, u = world
    board_id = await start_picks(simcord_bot, u, channel)
    embed = message_in(channel, board_id).embeds[0]
    shown = {f.name: f.value for f in embed.fields}
    assert embed.title == "Picks" and shown["Now"] == f"<@{u['ann'].id}> adds 1 or 2."  # seats named as fields
    assert shown["Adders"].splitlines() == [f"▶ 1. <@{u['ann'].id}> · first", f"2. <@{u['bob'].id}> · second (away)"]
    assert "Timer" in shown and embed.footer.text.startswith("Table ")
