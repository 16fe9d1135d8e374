"""Eye for an Eye's public board under the options, in process: what the embed says in each game
mode (each player's VP; Domination's flower, calls and declaring; the hill card; the Nymphlets),
in Alliances (the teams and their one cup) and on the Rainforest (the Raging Current tracks);
and the rules pages of every option, by /rules and by the board's Rules button.

Figures are set down and dice rigged on the stored state (test set-up); dice are rolled on the
panels. Moves the panel has no button for yet (Domination's declaring, locking dice on a shared
track, catching a Nymphlet) go through the table as the panel's click would, then the board is
brought up to date as after a click.
"""
from __future__ import annotations

import math

import pytest

from cogs.arena.words import clock_words
from cogs.pings import AROUND_SECONDS
from cogs.rules import EMBED_LIMIT, FIELD_LIMIT
from cogs.rules_texts import rules_title
from engine.arena import EyeForAnEye
from engine.arena.ceremony import Ceremony
from engine.arena.data import BURRAPARAY_WINDOWS
from engine.arena.domination import Domination
from engine.arena.hill import KingOfTheHill
from engine.arena.rules import ADVANCED, OPTION_RULES
from engine.hexgrid import neighbour
from tests.cogs.arena.arena_helpers import NE, A, D, H, M, R, S, begin, board_of, put, session_of
from tests.cogs.discord_helpers import pinged
from tests.kit.user_locales import user_locales  # noqa: F401  (the fixture naming users' own locales)

pytestmark = pytest.mark.usefixtures("at_once")  # boards edited at once (conftest.py), for every test here
GAME = EyeForAnEye()


def fields(message) -> dict[str, str]:
    return {f.name: f.value for f in message.embeds[0].fields}


async def act(bot, channel, user, **action):
    """A move as the panel's click makes it: through the table, then the board brought up to date."""
    session = await session_of(bot, channel)
    change = await bot.table.act(session.id, user.id, action)
    await bot.changes.publish(change)  # as a click's change goes out
    return change


def mention(u, name: str) -> str:
    return f"<@{u[name].id}>"


async def test_domination_in_real_time_shows_the_vp_the_flower_and_the_calls_made_never_the_next(
        world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), domination=True)
    state = await table.state()
    flower, calls = state["mode"]["flower"], list(state["mode"]["calls"])
    board = await board_of(simcord_bot, channel)
    assert "Domination" in board.embeds[0].title
    shown = fields(board)
    assert f"1. {mention(u, 'ann')} · Grublic · ❤ 15/15 · 0 VP · 0 in all" in shown["Players"]
    assert f"🌸 Hold the **{flower}** area · 0 flowers scored this round, 5 left in the deck" in shown["Domination"]
    assert "📣 Burraparay! 0 of 4 calls made (they come unannounced)" in shown["Domination"]
    everything = str(board.embeds[0].to_dict())
    assert not [c for c in calls if str(math.ceil(c)) in everything], "the calls are unannounced"

    await table.fire(BURRAPARAY_WINDOWS[1][0], hand_clock)  # past the first call's window
    state = await table.state()
    shown = fields(await board_of(simcord_bot, channel))
    assert state["mode"]["scored"] == 1 and "📣 Burraparay! 1 of 4 calls made" in shown["Domination"]
    assert f"Hold the **{state['mode']['flower']}** area · 1 flower scored this round" in shown["Domination"]
    assert str(math.ceil(state["mode"]["calls"][0])) not in str((await board_of(simcord_bot, channel)).embeds[0].to_dict())


async def all_pass(bot, channel, u, names, first=0):
    """Turn-based: each player (from the `first`) takes a turn-order marker with nothing allocated, so all pass."""
    for n, name in enumerate(names):
        if n >= first:
            await act(bot, channel, u[name], type="marker", marker=n + 1)


async def test_domination_turn_based_asks_those_still_to_declare_and_pings_only_them(world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    names = ("ann", "bob", "cat")
    table = await begin(env, simcord_bot, channel, u, names, domination=True, turn_based=True)
    before_declaring = {m.id for m in channel.history()}
    await all_pass(simcord_bot, channel, u, names[:2])
    hand_clock.advance(AROUND_SECONDS + 1)  # Ann and Bob look away; Cat, whose pass ends the turn, is at the table
    await all_pass(simcord_bot, channel, u, names, first=2)
    declare_pings = [pinged(env, m) for m in channel.history() if m.id not in before_declaring and pinged(env, m)]
    assert declare_pings[-1] == {u["ann"].id, u["bob"].id}, "each owes a declaration: those away are pinged, together"
    state = await table.state()
    assert state["phase"] == "declare"
    deadline = math.ceil(state["flow"]["deadline"])
    board = await board_of(simcord_bot, channel)
    shown = fields(board)
    assert (f"Burraparay? The flower is **{state['mode']['flower']}**: {mention(u, 'ann')}, {mention(u, 'bob')} and "
            f"{mention(u, 'cat')} still to declare Trigger or Not and the dice they roll (**Open my board**), "
            f"<t:{deadline}:R>.") == shown["Now"]
    assert shown["Players"].count("▶ ") == 3, "everyone who has not declared is waited on"
    assert clock_words(GAME.view(state, 0)) == f"round 1 of 4 declaring ends <t:{deadline}:R>", "the panels' clock"
    assert "calls made" not in shown["Domination"], "turn-based, no call is timed"

    pings_before = {m.id for m in channel.history()}
    await act(simcord_bot, channel, u["ann"], type="declare", trigger=True, dice=0)
    shown = fields(await board_of(simcord_bot, channel))
    assert mention(u, "ann") not in shown["Now"]
    assert f"{mention(u, 'bob')} and {mention(u, 'cat')} still to declare" in shown["Now"]
    await act(simcord_bot, channel, u["bob"], type="declare", trigger=False, dice=0)
    shown = fields(await board_of(simcord_bot, channel))
    assert f"{mention(u, 'cat')} still to declare" in shown["Now"] and shown["Players"].count("▶ ") == 1
    new = [m for m in channel.history() if m.id not in pings_before]
    assert not set().union(*(pinged(env, m) for m in new)), "Cat is at the table; those who declared never again"
    assert (await session_of(simcord_bot, channel)).ping_message_id is None, \
        "the call stays up until all it called have declared, and no longer"

    await act(simcord_bot, channel, u["cat"], type="declare", trigger=True, dice=0)
    state = await table.state()
    assert state["phase"] == "roll"
    shown = fields(await board_of(simcord_bot, channel))
    assert "Last Burraparay?: Trigger 0, Not 0: no scoring" in shown["Domination"]


async def test_king_of_the_hill_shows_the_hill_cards_dice_and_whether_the_hill_is_climbing(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), hill=True)
    shown = fields(await board_of(simcord_bot, channel))
    assert "King of the Hill" in (await board_of(simcord_bot, channel)).embeds[0].title
    assert "Hill card: 👣 free · ⏫ free · ✨ free" in shown["King of the Hill"]
    assert "⛰ The next fill climbs the hill · scored 0 times this round" in shown["King of the Hill"]
    assert "0 VP · 0 in all" in shown["Players"]

    await table.roll("ann", M, A, A, A, A, auto=False)
    await act(simcord_bot, channel, u["ann"], type="hill")
    shown = fields(await board_of(simcord_bot, channel))
    assert f"Hill card: 👣 Grublic ({mention(u, 'ann')}) · ⏫ free · ✨ free" in shown["King of the Hill"]

    await table.roll("bob", R, S, D, D, H, auto=False)
    await act(simcord_bot, channel, u["bob"], type="hill")
    shown = fields(await board_of(simcord_bot, channel))
    assert "Hill card: 👣 free · ⏫ free · ✨ free" in shown["King of the Hill"], "the filling die sent them home"
    assert "⛰ **Climbing the Hill!** The next fill scores" in shown["King of the Hill"]


async def test_the_ceremony_shows_the_nymphlets_left_per_player_and_the_catches(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), ceremony=True)
    shown = fields(await board_of(simcord_bot, channel))
    assert (f"🌟 Nymphlets left: Grublic ({mention(u, 'ann')}) 3 · Riparian ({mention(u, 'bob')}) 3"
            in shown["Nymphlet Ceremony"])
    assert "Caught: none yet" in shown["Nymphlet Ceremony"]

    state = await table.state()
    index = next(i for i, n in enumerate(state["tokens"]) if n["owner"] == 1)
    state["tokens"][index]["hex"] = [1, -1]
    await put(table, ann=(neighbour([1, -1], 4), NE))  # south-west of it, facing it
    await table.roll("ann", A, H, H, M, R, auto=False)
    await act(simcord_bot, channel, u["ann"], type="allocate", track="attack", count=1)
    await act(simcord_bot, channel, u["ann"], type="attack", nymphlet=index, dice=1)
    shown = fields(await board_of(simcord_bot, channel))
    assert f"Riparian ({mention(u, 'bob')}) 2" in shown["Nymphlet Ceremony"]
    assert f"Caught: Grublic ({mention(u, 'ann')}) 1" in shown["Nymphlet Ceremony"]
    assert f"{mention(u, 'ann')} · Grublic · ❤ 15/15 · 2 VP · 0 in all" in shown["Players"]


async def test_alliances_show_each_team_and_its_one_cup(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob", "cat", "dan"), alliances=True)
    state = await table.state()
    state["cups"] = [2, 3, 0, 4]
    await table.roll("ann", M, M, H, H, R)  # any move redraws the board
    shown = fields(await board_of(simcord_bot, channel))
    assert shown["Teams"] == (f"Team A: Grublic ({mention(u, 'ann')}), Riparian ({mention(u, 'bob')}) · cup 5\n"
                              f"Team B: Banksia ({mention(u, 'cat')}), Pluma ({mention(u, 'dan')}) · cup 4")
    assert f"{mention(u, 'ann')} · Grublic · ❤ 15/15 · team A · 0 pts" in shown["Players"]


async def test_the_rainforest_shows_whose_dice_sit_on_each_raging_current(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), advanced=True, rainforest=True)
    shown = fields(await board_of(simcord_bot, channel))
    assert "**Swell** (the stream moves 1 downstream): 👣 free · 👣 free" in shown["Raging Currents"]
    assert "**Backwash** (the stream moves 1 upstream): ✨ free · ✨ free" in shown["Raging Currents"]
    assert "**Flood** (figures beside the stream step in): ✨ free · ✨ free · ✨ free" in shown["Raging Currents"]
    await table.roll("ann", M, A, A, A, A, auto=False)
    await act(simcord_bot, channel, u["ann"], type="current", track="rapids", count=1)
    shown = fields(await board_of(simcord_bot, channel))
    assert (f"**Rapids** (the stream moves 2 downstream): 👣 Grublic ({mention(u, 'ann')}) · 👣 free · 👣 free"
            in shown["Raging Currents"])


async def test_every_eye_adds_no_option_field(world, simcord_bot):
    env, _guild, channel, u = world
    await begin(env, simcord_bot, channel, u, ("ann", "bob"), countdown=False)
    board = await board_of(simcord_bot, channel)
    assert [f.name for f in board.embeds[0].fields] == ["Players", "Now"]
    assert "cup 0 · 0 pts" in board.embeds[0].fields[0].value and " · " not in board.embeds[0].title[15:]


# --------------------------------------------------------------------------- the options' rules pages

async def test_every_option_has_its_rules_page_within_discords_limits(world):
    env, _guild, channel, u = world
    titles = {}
    for option in GAME.options:
        result = await u["ann"].slash(channel, "rules", game="arena", option=option.key)
        (embed,) = result.response.embeds
        assert result.ephemeral and not result.response.content, option.key
        assert len(embed.description) <= (EMBED_LIMIT if option.key == "advanced" else FIELD_LIMIT), option.key
        assert len(embed) <= 6000 and "The core rules" not in embed.description
        assert f"The core rules: /rules game:arena · /play game:arena options:{option.key}" in embed.footer.text
        titles[option.key] = (embed.title, embed.description)
    assert titles["advanced"] == ("Eye for an Eye: advanced rules", ADVANCED)
    assert titles["turn_based"][0] == "Eye for an Eye: Turn-based"
    assert titles["turn_based"][1].startswith("**Turn-based** (option): each game turn starts with a realtime phase")
    assert titles["domination"] == ("Eye for an Eye: Domination", Domination.rules)
    assert titles["hill"] == ("Eye for an Eye: King of the Hill", KingOfTheHill.rules)
    assert titles["ceremony"] == ("Eye for an Eye: Nymphlet Ceremony", Ceremony.rules)
    assert titles["alliances"][1] == OPTION_RULES["alliances"] and titles["rainforest"][1] == OPTION_RULES["rainforest"]


async def test_the_rules_option_autocompletes_the_options_with_a_page_and_an_unknown_one_is_told(world):
    env, _guild, channel, u = world
    choices = await u["ann"].autocomplete(channel, "rules", "option", "", game="arena")
    assert [c["value"] for c in choices] == [o.key for o in GAME.options]
    assert [c["value"] for c in await u["ann"].autocomplete(channel, "rules", "option", "hil", game="arena")] == ["hill"]
    result = await u["ann"].slash(channel, "rules", game="arena", option="turbo")
    assert "no option `turbo` with rules of its own (those that have: advanced, turn_based" in result.response.content
    assert result.response.embeds[0].title == "Eye for an Eye: rules"
    assert "option:" in result.response.embeds[0].footer.text


async def test_the_board_rules_button_adds_the_rules_of_the_options_on(world, simcord_bot):
    env, _guild, channel, u = world
    await begin(env, simcord_bot, channel, u, ("ann", "bob", "cat", "dan"), domination=True, alliances=True,
                turn_based=True)
    rules = await u["ann"].click(await board_of(simcord_bot, channel), label="📜 Rules")
    pages = [m for m in (rules.response, *rules.followups) if m is not None and m.embeds]
    assert [m.embeds[0].title for m in pages] == ["Eye for an Eye: rules", "Eye for an Eye: this game's options"]
    options = pages[1].embeds[0]
    assert [(f.name, f.value) for f in options.fields] == [("Alliances", OPTION_RULES["alliances"]),
                                                           ("Domination", Domination.rules)], \
        "turn-based play is in the core rules already"
    assert all(m.ephemeral for m in pages) and all(len(m.embeds[0]) <= 6000 for m in pages)


async def test_a_full_board_under_every_option_at_once_fits_discords_limits(world, simcord_bot):
    """Six players, advanced, Alliances, the Rainforest and Domination turn-based, declaring, every
    Raging Current but its last space filled, statuses on everyone: each field and the whole embed fit."""
    env, guild, channel, u = world
    for name in ("eve", "fay"):
        u[name] = guild.add_member(env.create_user(name))
    names = ("ann", "bob", "cat", "dan", "eve", "fay")
    table = await begin(env, simcord_bot, channel, u, names, advanced=True, alliances=True, rainforest=True,
                        domination=True, turn_based=True)
    await all_pass(simcord_bot, channel, u, names)
    state = await table.state()
    for spaces in state["shared"].values():
        spaces[:-1] = [n % 6 for n in range(len(spaces) - 1)]
    for figure in state["figures"]:
        figure["statuses"] = {"netted": {"until": 1_800_000_100.0}, "hidden": {"until": 1_800_000_100.0}}
    state["log"] = ["{0} " + "x" * 300] * len(state["log"])
    await act(simcord_bot, channel, u["ann"], type="declare", trigger=True, dice=0)
    embed = (await board_of(simcord_bot, channel)).embeds[0]
    sizes = {f.name: len(f.value) for f in embed.fields}
    assert {"Players", "Teams", "Domination", "Raging Currents", "Now", "Tribal cards (● Ready)"} <= set(sizes)
    assert max(sizes.values()) <= 1024 and len(embed) <= 6000


async def test_the_board_rules_button_answers_in_the_clicking_players_language(world, simcord_bot,
                                                                               user_locales):  # noqa: F811
    """An English table, a German player: the rules they ask for from the board read in German (issue 27)."""
    env, _guild, channel, u = world
    await begin(env, simcord_bot, channel, u, ("ann", "bob"))
    user_locales[u["ann"].id] = "de"
    rules = await u["ann"].click(await board_of(simcord_bot, channel), label="📜 Rules")
    pages = [m for m in (rules.response, *rules.followups) if m is not None and m.embeds]
    assert pages[0].embeds[0].title == rules_title(GAME, "de") != rules_title(GAME, "en")
