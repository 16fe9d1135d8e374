"""Eye for an Eye's advanced rules played through Discord, in process: Ann (Grublic), Bob (Riparian)
and Cat (Echo) in one channel.

As in test_arena_discord.py, figures are set down and dice rigged on the stored state (test
set-up); everything else is clicked on the board and the private panels. Covered: a card of each
band (Leap, Shield Bash, Hunting Net), Echo's innate Call the Guard and his Guard acting, reactions
beside Parry in the pushed REACT prompt (Protect the Chief, Watch Out!), a status (Netted) on the
board and the panel, the pause while a card's attack waits, and ARENA.md 3.3's clicks for cards.
"""
from __future__ import annotations

import re

import pytest

from engine.rng import rig
from tests.cogs.arena.arena_helpers import NE, SE, SW, A, D, E, H, M, R, S, W, begin, board_of, log_lines, put
from tests.cogs.discord_helpers import buttons, public_texts, selects
from tests.kit.arena_setup import give

pytestmark = pytest.mark.usefixtures("at_once")  # boards edited at once (conftest.py), for every test here

CHARACTERS = ("grublic", "riparian", "echo")
GRUBLIC, RIPARIAN, ECHO = range(3)


async def advanced(env, bot, channel, u):
    table = await begin(env, bot, channel, u, ("ann", "bob", "cat"), characters=CHARACTERS, advanced=True)
    state = await table.state()
    assert state["advanced"] and state["chars"] == list(CHARACTERS)
    return table


async def test_cards_start_unready_and_ready_dice_ready_them(world, simcord_bot):
    env, _guild, channel, u = world
    table = await advanced(env, simcord_bot, channel, u)
    panel = table.panel("ann")
    shown = buttons(panel)
    assert {"I ○ Leap 0/1⏫", "II ○ Shield Bash 0/2⏫", "III ○ Thunderstomp 0/3⏫"} <= set(shown)
    assert shown["I ○ Leap 0/1⏫"].disabled, "an Unready card cannot be used"
    assert "✨ Watch Out! 0/2" in shown, "the innate action has its button"
    assert "Passive" not in panel.content and "I ○ Leap [·] min 1" in panel.content

    await table.roll("ann", R, S, S, A, M, auto=False)
    (allocate,) = selects(table.panel("ann"))
    labels = [o.label for o in allocate.options]
    assert "⏫×1 → Leap (ready)" in labels and "✨×2 → Watch Out!" in labels
    text = await table.choose("ann", "a:leap")  # one pick readies it: the Ready die goes back
    assert "readies Leap" in text and "I ● Leap 0/1✨" in buttons(table.panel("ann"))
    (allocate,) = selects(table.panel("ann"))
    assert "✨×1 → Leap (use)" in [o.label for o in allocate.options]
    embed = (await board_of(simcord_bot, channel)).embeds[0]
    cards = next(f for f in embed.fields if f.name.startswith("Tribal cards"))
    assert "Grublic: Leap ● · Shield Bash ○ 0/2⏫ · Thunderstomp ○ 0/3⏫" in cards.value


async def test_an_advanced_round_by_three_users(world, simcord_bot):
    env, _guild, channel, u = world
    table = await advanced(env, simcord_bot, channel, u)
    clicks = {}

    async def count(what, name, *labels):
        before = table.clicks[name]
        for label in labels:
            await table.click(name, label)
        clicks[what] = table.clicks[name] - before
        return table.panel(name).content

    # Band I, 1 click: Ann readies Leap and leaps two hexes ahead.
    await put(table, ann=([-3, 1], E), bob=([3, -3], SW), cat=([1, -1], SW))
    await table.roll("ann", R, S, D, D, H, auto=False)
    await table.choose("ann", "a:leap")
    await table.roll("ann", S, S, S, S, S, auto=False)
    await table.choose("ann", "a:leap")
    assert ": Leap to D6." in await count("Leap", "ann", "I ● Leap 1/1✨")  # [-1, 1], as players say it
    assert (await table.state())["figures"][GRUBLIC]["hex"] == [-1, 1]

    # Echo's innate Call the Guard, 2 clicks: the hex beside him (stones and figures greyed).
    await table.roll("cat", S, S, D, D, A, auto=False)
    await table.choose("cat", "a:call_the_guard")
    text = await count("Call the Guard", "cat", "✨ Call the Guard 2/2")
    assert "**Call the Guard** · which hex beside you?" in text
    assert buttons(table.panel("cat"))["↗ NE"].disabled, "a stone"
    assert "Echo's Guard 1" in await table.click("cat", "↙ SW")
    clicks["Call the Guard"] += 1
    state = await table.state()
    assert state["guards"][ECHO][0] == {"hex": [0, 0], "facing": SW, "statuses": {}}
    board = await board_of(simcord_bot, channel)
    assert "Guards 1/4 out, 5 tokens" in board.embeds[0].fields[0].value
    assert "Guards 1 at E5 facing SW" in board.attachments[0].description  # [0, 0]

    # His Guard takes his Attack: the figure cycle, then the attack on Ann beside it.
    await put(table, ann=([-1, 1], NE))
    await table.roll("cat", A, A, D, D, M, auto=False)
    await table.choose("cat", "a:attack")
    await table.click("cat", "🐦 Echo acts")
    assert "⚔ Attack → Grublic" in buttons(table.panel("cat"))
    await table.click("cat", "⚔ Attack → Grublic")
    assert "Echo's Guard 1 ({2}): Attack 2 on Grublic ({0})" in log_lines(await table.state())

    # Band II with a choice of target, 2 clicks; it pauses everyone while Echo's window is open,
    # and Cat's prompt offers Protect the Chief beside Parry.
    await put(table, ann=([0, 1], NE), bob=([1, 1], W), cat=([1, 0], SW))
    state = await table.state()
    state["guards"][ECHO][0] = {"hex": [1, -1], "facing": SW, "statuses": {}}
    await table.click("cat", "🛡 Auto-Parry: on")
    await table.roll("cat", R, R, D, D, S, auto=False)
    await table.choose("cat", "a:protect_the_chief")
    await table.choose("cat", "a:parry")
    await table.choose("cat", "a:protect_the_chief")
    await table.roll("ann", R, R, S, S, D, auto=False)
    await table.choose("ann", "a:shield_bash")
    await table.choose("ann", "a:shield_bash")
    text = await count("Shield Bash", "ann", "II ● Shield Bash 2/2+1✨")
    assert "**Shield Bash** · whom?" in text
    assert {"⚔ Riparian", "⚔ Echo"} <= set(buttons(table.panel("ann")))
    await table.click("ann", "⚔ Echo")
    clicks["Shield Bash"] += 1
    view_ = (await table.state())
    assert view_["pending"][0]["card"] == "Shield Bash" and view_["pending"][0]["defender"] == ECHO
    prompt = table.panel("cat")
    assert "Grublic: Shield Bash on you (front)" in prompt.content
    assert {"🛡 Parry 1", "⚡ Protect the Chief: Guard 1 takes it", "Take the hits"} <= set(buttons(prompt))
    board = await board_of(simcord_bot, channel)
    assert "⏸ **Paused:** Grublic's Shield Bash lands first" in board.embeds[0].fields[1].value
    assert "Paused: " in board.attachments[0].description
    paused = await table.click("bob", "🔄 Refresh")
    assert "⏸ **Paused:** Grublic's Shield Bash lands first" in paused
    assert buttons(table.panel("bob"))["🎲 Roll"].disabled, "everyone else waits"
    assert "Protect the Chief! Echo's Guard 1" in await count("Protect the Chief", "cat",
                                                                "⚡ Protect the Chief: Guard 1 takes it")
    state = await table.state()
    assert not state["pending"] and state["figures"][ECHO]["health"] == 10, "the Guard took every hit"
    assert state["guards"][ECHO][0] is None and state["guard_tokens"][ECHO] == 4 and state["cups"][GRUBLIC] >= 1

    # Band III and a status: Bob's Hunting Net on Ann (in sight within 3); Ann's panel is told.
    await put(table, ann=([-1, -1], E), bob=([1, -1], W), cat=([3, 0], W))
    assert not buttons(table.panel("bob"))["🎲 Roll"].disabled, "the pause is over: pushed to every panel"
    await table.roll("bob", R, R, R, S, S, auto=False)
    await table.choose("bob", "a:hunting_net")
    await table.choose("bob", "a:hunting_net")
    assert "III ● Hunting Net 2/2✨" in buttons(table.panel("bob"))
    await count("Hunting Net", "bob", "III ● Hunting Net 2/2✨")
    assert "Netted" in table.panel("ann").content, "the netted player's panel says so"
    board = await board_of(simcord_bot, channel)
    assert "Netted (ends <t:" in board.embeds[0].fields[0].value
    assert re.search(r"Netted, \d:\d\d left", board.attachments[0].description), "time left, not a clock time"

    # Watch Out! answers an attack from the rear, 1 click in the pushed prompt.
    await put(table, ann=([0, 0], E), bob=([-1, 0], E))
    state = await table.state()
    state["figures"][GRUBLIC]["statuses"] = {}
    await table.roll("ann", S, S, D, D, M, auto=False)
    await table.choose("ann", "a:watch_out")
    await table.roll("bob", A, A, M, M, D)
    await table.click("bob", "⚔ Attack → Grublic")
    prompt = table.panel("ann")
    assert "Riparian: Attack on you (rear)" in prompt.content
    assert "⚡ Watch Out! → face W" in buttons(prompt)
    assert {"⚡ Watch Out! → face NW", "⚡ Watch Out! → face SW"} <= set(buttons(prompt)), "each facing the attacker"
    await count("Watch Out!", "ann", "⚡ Watch Out! → face W")
    state = await table.state()
    assert state["figures"][GRUBLIC]["facing"] == W and not state["pending"]
    assert "Grublic ({0}): Watch Out! Now facing W." in log_lines(state)

    assert clicks == {"Leap": 1, "Call the Guard": 2, "Shield Bash": 2, "Protect the Chief": 1,
                      "Hunting Net": 1, "Watch Out!": 1}
    assert "Seat" not in public_texts(channel)


async def test_the_board_rules_button_adds_the_advanced_rules(world, simcord_bot):
    env, _guild, channel, u = world
    await advanced(env, simcord_bot, channel, u)
    rules = await u["dan"].click(await board_of(simcord_bot, channel), label="📜 Rules")
    pages = [m for m in (rules.response, *rules.followups) if m is not None and m.embeds]  # a slow click is deferred
    assert [m.embeds[0].title for m in pages] == ["Eye for an Eye: rules", "Eye for an Eye: advanced rules"]
    assert all(m.ephemeral for m in pages)


def ready(state, seat, *cards, **tracks):
    """Test set-up: these cards Ready and dice on tracks (the rest of the dice in the pool, unrolled)."""
    state["cards"][seat] = list(cards)
    give(state, seat, **tracks)


async def test_each_cards_view_asks_only_what_it_needs(world, simcord_bot):
    """Incendiary (Ann), Pluma (Bob) and Echo (Cat): Heat, Flame Blade's toggle, an amount of Heat
    to vent, a whole Sword Dance, Will of the Wind's flight and facing, Dive Bomb's landing, a
    Surge of a Guard; a card with one way to use it goes in 1 click."""
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob", "cat"), characters=("incendiary", "pluma", "echo"),
                        advanced=True)
    inc, pluma, echo = range(3)
    await put(table, ann=([0, 0], E), bob=([1, 0], W), cat=([-3, 3], NE))
    state = await table.state()
    ready(state, inc, "slow_heat", slow_heat=1, attack=2)
    await table.click("ann", "🔄 Refresh")
    assert buttons(table.panel("ann"))["🔥 Burn Heat: off"].disabled, "no Heat to burn yet"
    assert "Heat 2" in await table.click("ann", "I ● Slow Heat 1/1✨")  # 1 click
    assert "🔥 Heat 2" in table.panel("ann").content
    await table.click("ann", "🔥 Burn Heat: off")
    assert "⚔ Attack → Pluma" in buttons(table.panel("ann")) and "🔥 Burn Heat: on" in buttons(table.panel("ann"))
    await table.click("ann", "⚔ Attack → Pluma")
    state = await table.state()
    assert state["figures"][inc]["heat"] == 1 and "1 unblockable hit" in log_lines(state)

    state["figures"][inc]["heat"] = 3
    ready(state, inc, "vented_heat_blast", vented_heat_blast=2)
    await table.click("ann", "🔄 Refresh")
    assert "vent how much Heat?" in await table.click("ann", "II ● Vented Heat Blast 2/2✨")
    assert {"🔥 1", "🔥 2", "🔥 3"} <= set(buttons(table.panel("ann")))
    assert "Vented Heat Blast of 2 Heat" in await table.click("ann", "🔥 2")  # 2 clicks
    state = await table.state()
    assert state["figures"][inc]["heat"] == 1

    ready(state, inc, "sword_dance", sword_dance=3)
    await table.click("ann", "🔄 Refresh")
    assert "strike 1 of up to 3" in await table.click("ann", "III ● Sword Dance 3/3✨")
    assert {"⚔ Pluma (face E)", "Whole dance ×3"} <= set(buttons(table.panel("ann")))
    await table.click("ann", "🔥 Burn Heat: off (1 left)")
    await table.click("ann", "⚔ Pluma (face E)")  # a strike burning the last Heat
    assert buttons(table.panel("ann"))["🔥 Burn Heat: on (0 left)"]
    await table.click("ann", "🔥 Burn Heat: on (0 left)")
    assert "strike 3 of up to 3 (so far: Pluma facing E 🔥; Pluma facing E)" in \
        await table.click("ann", "⚔ Pluma (face E)")
    await table.click("ann", "✔ Dance (2)")
    state = await table.state()
    assert "Incendiary ({0}): Sword Dance!" in log_lines(state) and state["figures"][inc]["heat"] == 0
    assert not state["pending"], "both strikes landed"

    # Pluma: Will of the Wind flies, then a facing sends it (3 clicks); Dive Bomb, one figure in
    # sight, asks only where to land (2 clicks).
    await put(table, ann=([-1, 1], E), bob=([-1, -2], E))
    ready(state, pluma, "will_of_the_wind", will_of_the_wind=1)
    await table.click("bob", "🔄 Refresh")
    assert "fly up to 2 hexes (or stay)" in await table.click("bob", "I ● Will of the Wind 1/1✨")
    assert "fly SE, then a facing sends it." in await table.click("bob", "↘ SE")
    await table.click("bob", "face SE")
    state = await table.state()
    assert state["figures"][pluma]["hex"] == [-1, -1] and state["figures"][pluma]["facing"] == SE
    ready(state, pluma, "dive_bomb", dive_bomb=3)
    await table.click("bob", "🔄 Refresh")
    text = await table.click("bob", "III ● Dive Bomb 3/3✨")
    assert "land on which side of Incendiary?" in text and buttons(table.panel("bob"))["↙ SW"].disabled, "a stone"
    assert "Dive Bomb onto D5" in await table.click("bob", "↖ NW")  # the engine's [-1, 0], as players say it
    state = await table.state()
    assert state["figures"][pluma]["hex"] == [-1, 0] and not state["pending"]

    # Echo: Surge, a select per Guard on the board, then ✔ Surge.
    state["guards"][echo][0] = {"hex": [-3, 2], "facing": E, "statuses": {}}
    ready(state, echo, "surge", surge=1)
    await table.click("cat", "🔄 Refresh")
    assert "each Guard may step 1 hex and turn 1 side." in await table.click("cat", "I ● Surge 1/1✨")
    assert buttons(table.panel("cat"))["✔ Surge"].disabled, "nothing moves yet"
    await table.choose("cat", "xl")
    assert "Surge! Guard 1 L." in await table.click("cat", "✔ Surge")
    assert (await table.state())["guards"][echo][0]["facing"] == NE
    # ... and his Guard takes his Movement: the figure cycle, then the MOVE view moves the Guard.
    ready(await table.state(), echo, move=1)
    await table.click("cat", "🔄 Refresh")
    await table.click("cat", "🐦 Echo acts")
    assert "🐦 Guard 1 acts" in buttons(table.panel("cat"))
    assert "Guard 1 ends" not in await table.click("cat", "👣 Move…")
    assert buttons(table.panel("cat"))["➡ E"].disabled, "a stone"
    await table.click("cat", "↗ NE")
    state = await table.state()
    assert state["guards"][echo][0]["hex"] == [-2, 1] and state["figures"][echo]["hex"] == [-3, 3]


async def test_slippery_answers_from_the_prompt_and_may_slip_away(world, simcord_bot):
    env, _guild, channel, u = world
    table = await advanced(env, simcord_bot, channel, u)
    await put(table, ann=([0, 0], E), bob=([1, 0], W), cat=([-3, 3], NE))
    state = await table.state()
    ready(state, RIPARIAN, "slippery", slippery=1)
    ready(state, GRUBLIC, attack=3)
    await table.click("ann", "🔄 Refresh")
    await table.click("ann", "⚔ Attack → Riparian")
    prompt = table.panel("bob")
    assert "Grublic: Spear Thrust on you (front)**: 3 hits" in prompt.content
    assert {"⚡ Slippery", "Take the hits"} <= set(buttons(prompt))
    (slips,) = selects(prompt)
    slip = next(o.value for o in slips.options if o.label == "Slippery, then slip NE")
    assert "Slippery cancels 2 hits and slips NE" in await table.choose("bob", slip)  # 1 pick
    state = await table.state()
    assert state["figures"][RIPARIAN]["hex"] == [2, -1] and state["figures"][RIPARIAN]["health"] == 14


async def test_turn_based_the_cards_share_row_3_with_end_turn_and_pass(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), characters=CHARACTERS, advanced=True,
                        turn_based=True)
    await put(table, ann=([0, 0], E), bob=([1, 0], W))
    rig(await table.state(), A, A, M, M, H, H, H)
    await table.click("ann", "🎲 Roll (3 left)")
    await table.click("ann", "✔ Done")
    await table.click("ann", "1st")
    await table.click("bob", "✔ Done")
    await table.click("bob", "2nd")
    panel = table.panel("ann")
    assert "**Your turn**" in panel.content
    (row,) = [[c.label for c in row.children] for row in panel.components if any(
        getattr(c, "label", "") == "Pass" for c in row.children)]
    assert row == ["I ○ Leap 0/1⏫", "II ○ Shield Bash 0/2⏫", "III ○ Thunderstomp 0/3⏫", "End turn", "Pass"]
