"""/rules: a game's rules as a book of short private pages (page 1: how to win, with a real board),
turned with Previous / Next; its advanced rules as a page of their own when asked; and the 📜 Rules
button of every lobby and board opening the same book."""
from __future__ import annotations

import re

import discord
import pytest

from cogs.components import TableButton
from cogs.game_ui import with_rules
from cogs.rules_pages import PAGE_CHARS
from engine import registry
from engine.arena.rules import ADVANCED, RULES
from tests.cogs.discord_helpers import buttons, message_in, open_table, selects, view_timers
from tests.kit.rules_pages import GAMES, NEXT, PREVIOUS, RULES_BUTTON, flat, read_book


@pytest.mark.parametrize("game", GAMES)
async def test_the_rules_are_short_pages_starting_with_how_to_win_beside_a_real_board(world, game):
    env, _guild, channel, u = world
    result = await u["ann"].slash(channel, "rules", game=game)
    assert result.ephemeral
    pages = await read_book(u["ann"], result.response)
    first, first_message = pages[0]
    assert first.description.startswith("**How to win**") and "/play game:" in first.description
    (picture,) = first_message.attachments
    assert first.image.url == f"attachment://{picture.filename}" and picture.description, "a board, described"
    assert len(pages) >= 3, "how to win, then the rules in parts"
    for number, (embed, message) in enumerate(pages, start=1):
        assert len(embed.description) <= PAGE_CHARS and len(embed) <= 6000, (game, number)
        assert f"page {number} of {len(pages)}" in embed.footer.text
        assert bool(message.attachments) == (number == 1), "only the first page has the picture"
    rules = registry.get(game).rules
    assert flat(" ".join(embed.description for embed, _ in pages[1:])) == flat(rules), "every word, in order"


async def test_previous_turns_back_to_the_first_page_and_its_picture(world):
    env, _guild, channel, u = world
    result = await u["ann"].slash(channel, "rules", game="dragon")
    assert buttons(result.response.message)[PREVIOUS].disabled
    second = (await u["ann"].click(result.response.message, label=NEXT)).response.message
    assert not second.attachments and "Cards" in second.embeds[0].title
    back = (await u["ann"].click(second, label=PREVIOUS)).response.message
    assert back.embeds[0].description == result.response.embeds[0].description and back.attachments
    assert buttons(back)[PREVIOUS].disabled and not buttons(back)[NEXT].disabled


async def test_a_private_rules_book_leaves_no_timer_behind(world):
    """As a panel (tests/cogs/test_panels.py): its page buttons are found by their custom id."""
    env, _guild, channel, u = world
    result = await u["ann"].slash(channel, "rules", game="dragon")
    await u["ann"].click(result.response.message, label=NEXT)
    assert view_timers() == []


async def test_the_rules_of_eye_for_an_eye_point_to_the_advanced_rules(world):
    env, _guild, channel, u = world
    result = await u["ann"].slash(channel, "rules", game="arena")
    (embed,) = result.response.embeds
    assert result.ephemeral and embed.title == "Eye for an Eye: rules" and len(RULES) > PAGE_CHARS
    assert "advanced rules: /rules game:arena advanced:True" in embed.footer.text


async def test_asked_for_the_advanced_rules_shows_them_whole(world):
    env, _guild, channel, u = world
    result = await u["ann"].slash(channel, "rules", game="arena", advanced=True)
    (embed,) = result.response.embeds
    assert result.ephemeral and embed.title == "Eye for an Eye: advanced rules"
    assert embed.description == ADVANCED and len(ADVANCED) <= 4000
    assert "Tribal cards" in embed.description and "The core rules: /rules game:arena" in embed.footer.text


async def test_a_game_without_advanced_rules_says_so_and_shows_its_rules(world):
    env, _guild, channel, u = world
    result = await u["ann"].slash(channel, "rules", game="tally", advanced=True)
    assert "has no advanced rules" in result.response.content
    pages = await read_book(u["ann"], result.response)
    assert "Reach 10" in pages[-1][0].description
    assert "advanced" not in pages[0][0].footer.text


# --------------------------------------------------------------------------- the 📜 Rules button

@pytest.mark.parametrize("game", ("arena", "bugs", "dragon", "ghosts", "tally"))
async def test_every_lobby_has_a_rules_button_answering_privately_with_the_book(world, game):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game=game)
    lobby = channel.last_message
    rules = await u["bob"].click(lobby, label=RULES_BUTTON)  # anyone may read them, seated or not
    assert rules.ephemeral and rules.response.embeds[0].description.startswith("**How to win**")
    assert rules.response.attachments, "with a picture of the game's board"
    assert message_in(channel, lobby.id).embeds == lobby.embeds, "the lobby itself is unchanged"


async def test_the_lobby_rules_button_leaves_every_choice_its_select(world):
    """Eye for an Eye's fullest lobby: 5 buttons in row 0, 7 toggles and Add computer, and with King of
    the Hill and the advanced rules two choices (a character, a pair of General Manoeuvres)."""
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="arena", options="advanced,hill")
    lobby = message_in(channel, channel.last_message.id)
    assert RULES_BUTTON in buttons(lobby) and len(selects(lobby)) == 2
    assert len(lobby.components) <= 5 and all(len(row.children) <= 5 for row in lobby.components)


async def test_the_lobby_rules_button_reads_the_rules_of_the_options_on(world):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="arena", options="advanced,domination")
    rules = await u["ann"].click(channel.last_message, label=RULES_BUTTON)
    titles = [embed.title for embed, _ in await read_book(u["ann"], rules.response)]
    assert "Eye for an Eye: advanced rules" in titles and titles[-1] == "Eye for an Eye: Domination"


@pytest.mark.parametrize("game", ("bugs", "dragon", "ghosts", "tally"))
async def test_every_board_has_one_rules_button(world, game):
    env, _guild, channel, u = world
    board_id = await open_table(u, channel, game, ("ann", "bob"))
    board = message_in(channel, board_id)
    assert RULES_BUTTON in buttons(board)
    rules = await u["cat"].click(board, label=RULES_BUTTON)  # a watcher too
    assert rules.ephemeral and rules.response.embeds[0].title == f"{registry.get(game).title}: rules"


async def test_a_solo_board_has_a_rules_button(world):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tiger")
    assert RULES_BUTTON in buttons(channel.last_message)


async def test_eye_for_an_eyes_board_keeps_its_one_rules_button(world):
    env, _guild, channel, u = world
    board_id = await open_table(u, channel, "arena", ("ann", "bob"))
    board = message_in(channel, board_id)
    labels = [child.label for row in board.components for child in row.children]
    assert labels.count(RULES_BUTTON) == 1


def test_a_full_board_gets_no_rules_button():
    """Discord's 5 rows of 5 buttons: a board that fills them keeps its controls as they are."""
    from host.session import PLAYING, Session
    session = Session(id=1, guild_id=None, channel_id=1, game="tally", status=PLAYING, host_id=1, seats=[1],
                      options={}, seed=1, state={}, version=0, deadline=None, message_id=None, board_key=None,
                      news=[], created_at=0.0)
    full: list[discord.ui.Item] = [discord.ui.Button(label=str(i), row=i // 5) for i in range(25)]
    assert with_rules(session, full) == full
    rows = [discord.ui.Select(options=[discord.SelectOption(label="a")], row=row) for row in range(4)]
    added = with_rules(session, rows)[-1]
    assert isinstance(added, TableButton) and added.item.label == RULES_BUTTON
    assert added.row == 4, "after the game's own controls"


def test_rules_pages_are_cut_at_headings():
    from cogs.rules_pages import heading_of, packed, parts
    text = "**A:** one.\n- a list line\n**B** (two): two.\n_C_: three."
    assert parts(text) == ["**A:** one.\n- a list line", "**B** (two): two.", "_C_: three."]
    assert [heading_of(block) for block in parts(text)] == ["A", "B", "C"]
    assert packed(text, limit=30) == ["**A:** one.\n- a list line", "**B** (two): two.\n_C_: three."]
    long = "**D:** " + " ".join(f"Sentence {i} is here." for i in range(40))
    assert all(len(page) <= 100 for page in packed(long, limit=100))
    assert re.sub(r"\s+", " ", " ".join(packed(long, limit=100))) == long


async def test_the_page_buttons_carry_their_book_so_they_work_after_the_cog_reloads(world, simcord_bot):
    env, _guild, channel, u = world
    result = await u["ann"].slash(channel, "rules", game="ghosts")
    await simcord_bot.reload_extension("cogs.rules")  # what the cog remembers is gone, as after a restart
    turned = await u["ann"].click(result.response.message, label=NEXT)
    assert "page 2 of" in turned.response.message.embeds[0].footer.text
