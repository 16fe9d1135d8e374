"""Eye of the Tiger played through simcord: opening the solo table, its private panels (found by
`<panel>:<control>` in their custom ids), positions set up by rewriting the stored snapshot, and a
greedy player who clicks a whole game through in the table's language."""
from __future__ import annotations

from cogs.language import ptext, said_text
from engine.greenbox import CARDS, TILES
from engine.protocol import canonical
from engine.tiger import EYE_TILE, card_price, card_said, preview_fight, tile_dots
from tests.cogs.discord_helpers import buttons, message_in, selects


async def open_tiger(u, channel):
    """/play game:tiger starts at once (a solo game); returns the board message's id."""
    result = await u["ann"].slash(channel, "play", game="tiger")
    assert not result.ephemeral
    return channel.last_message.id


async def session_of(bot, channel):
    return await bot.table.active_in(channel.id)


async def rewrite(bot, u, channel, change):
    """Set up a position: change the stored snapshot (tests only), then post a fresh board
    with `/game board`. Returns the state and the new board's id."""
    session = await session_of(bot, channel)
    state = session.state
    change(state)
    await bot.table.store.write(lambda tx: tx.execute(
        "UPDATE sessions SET state = ? WHERE id = ?", (canonical(state), session.id)))
    await u["ann"].slash(channel, "game board")
    return state, channel.last_message.id


def cid(colour: str, symbol: str, starter: bool = False) -> int:
    return next(c.id for c in CARDS if c.colour == colour and c.symbol == symbol and c.starter == starter)


def reveal(state, *card_ids):
    """Make these the revealed cards (taken from wherever they are); the old ones are discarded."""
    state["cards"]["discard"].extend(state["revealed"])
    state["revealed"] = []
    for c in card_ids:
        for place in (state["cards"]["draw"], state["cards"]["discard"], *state["supply"].values()):
            if c in place:
                place.remove(c)
                break
    state["revealed"] = list(card_ids)


def put(state, field, symbol, power, abilities=()):
    """A monster of `symbol` from the pile onto track index `field` (0 = field I)."""
    tile = next(t for t in state["pile"] if TILES[t].symbol == symbol and t != EYE_TILE)
    state["pile"].remove(tile)
    state["track"][field] = {"tile": tile, "eye": False, "power": power, "dice": [1, 2],
                             "abilities": list(abilities), "colour": None, "extra": 0}
    for ability in abilities:
        if ability in ("no_weakness", "light", "half_attack"):
            state["cubes"][ability] -= 1
    return tile


async def open_panel(user, channel, board_id, label):
    result = await user.click(message_in(channel, board_id), label=label)
    assert result.ephemeral
    return result.response


def select_of(panel, control):
    """A panel's select by its panel and control name, "tiger_fight:monster" (the custom_id's
    action and the control before the draft)."""
    return next(s for s in selects(panel.message) if f":{control}~" in s.custom_id)


def has_select(panel, control):
    return any(f":{control}~" in s.custom_id for s in selects(panel.message))


async def pick(user, panel, control, values):
    result = await user.select(panel, [str(v) for v in values], custom_id=select_of(panel, control).custom_id)
    assert result.response.ephemeral
    return result


def confirm(panel):
    """A panel's Confirm button, whatever its words (its control is `go`)."""
    return next(b for b in buttons(panel.message).values() if ":go~" in b.custom_id)


async def press_confirm(user, panel):
    result = await user.click(panel, custom_id=confirm(panel).custom_id)
    assert not panel.components, panel.content  # the panel became a note of what happened
    return result


# --------------------------------------------------------------------------- a greedy player

def best_fight(game, state):
    """The fight an eager player picks: the Eye first, then the most points, gold, fewest losses."""
    best, best_key = None, None
    for action in game.legal_actions(state, 0):
        if action["type"] != "fight" or "double" in action:
            continue
        p = preview_fight(state, action["monster"], action["cards"])
        key = (p["ends_game"], tile_dots(state["track"][action["monster"]]["tile"]), p["gold"], -len(p["lose"]),
               -len(action["cards"]))
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


def best_buy(game, state):
    """The dearest card on offer (None: nothing is affordable, buy nothing)."""
    stacks = [a["stack"] for a in game.legal_actions(state, 0)
              if a["type"] == "buy" and "second" not in a and "bonus" not in a]
    return max(stacks, key=lambda s: card_price(state["supply"][s][0]), default=None)


async def play_a_turn(user, channel, board_id, game, state, thinned, language="en", look=None):
    """One greedy turn through the board's buttons and panels, whose labels read in `language`;
    `look` is shown each private panel as it is drawn and redrawn, and the note it becomes."""
    def word(english):
        return ptext(language, "button", english)

    def seen(panel):
        if look is not None:
            look(panel)
        return panel

    async def chose(panel, control, values):
        await pick(user, panel, control, values)
        seen(panel)  # the panel is redrawn in place

    if state["phase"] == "thin":
        if thinned:
            await user.click(message_in(channel, board_id), label=word("Keep all cards"))
            return
        panel = seen(await open_panel(user, channel, board_id, word("Thin deck…")))
        weakest = sorted(state["cards"]["discard"], key=lambda c: (CARDS[c].value, c))[:2]
        # the two weakest may sit in different selects when the pile is long: pick them one by one
        for card in weakest:
            action = next(s for s in selects(panel.message) if str(card) in [o.value for o in s.options])
            chosen = [o.value for o in action.options if o.default] + [str(card)]
            await user.select(panel, chosen, custom_id=action.custom_id)
            seen(panel)
        assert all(said_text(language, card_said(c)) in panel.content for c in weakest)
        await press_confirm(user, panel)
        seen(panel)
        return
    fight = best_fight(game, state) if state["turn"] > 1 else None
    if fight is not None:
        panel = seen(await open_panel(user, channel, board_id, word("Fight…")))
        await chose(panel, "tiger_fight:monster", [fight["monster"]])
        await chose(panel, "tiger_fight:cards", fight["cards"])
        assert "✅" in panel.content, panel.content
        await press_confirm(user, panel)
        seen(panel)
        return
    stack = best_buy(game, state)
    panel = seen(await open_panel(user, channel, board_id, word("Buy…")))
    await chose(panel, "tiger_buy:card", [stack or "nothing"])
    if panel.components:  # extra choices (a colour bonus): the pick only chose, Confirm buys
        await press_confirm(user, panel)
    seen(panel)
