"""Eye of the Tiger texts count right: "1 card", "1 gold", "1 point", never "1 cards" or "1 points"."""
from __future__ import annotations

import re

import render.tiger
from engine import registry
from engine.errors import RuleError
from engine.greenbox import CARDS, TILES
from engine.rng import Rng
from engine.tiger import EYE_TILE, preview_fight
from render.tiger import render_tiger
from tests.kit.readability import recording_text

registry.load(["engine.tiger"])
G = registry.get("tiger")
ONE_OF_MANY = re.compile(r"(?<![\d.+-])1 (cards|points|pts|tiles|cubes|monsters|dots|golds|stacks|turns)\b")


def cid(colour: str, symbol: str) -> int:
    return next(c.id for c in CARDS if c.colour == colour and c.symbol == symbol and not c.starter)


def tile(state: dict, symbol: str) -> int:
    found = next(t for t in state["pile"] if TILES[t].symbol == symbol and t != EYE_TILE)
    state["pile"].remove(found)
    return found


def test_counting_words_in_the_events_and_refusals_of_random_games():
    """Every event and every refusal of 40 random games, both modes, counts in the singular for 1."""
    texts: list[str] = []
    for seed in range(40):
        state = G.setup(1, {"advanced": seed % 2 == 1}, seed, 0.0)
        rng = Rng(seed)
        while G.outcome(state) is None:
            for field in range(3):
                texts.append(preview_fight(state, field, state["revealed"][:1] or [0])["reason"] or "")
            try:
                G.apply(state, 0, {"type": "buy", "stack": "black"}, 0.0)
            except RuleError as refusal:
                texts.append(str(refusal))
            state, events = G.apply(state, 0, rng.choice(G.legal_actions(state, 0)), 0.0)
            texts += [e.text for e in events]
    bad = [t for t in texts if ONE_OF_MANY.search(t)]
    assert texts and bad == []


def test_the_end_of_the_game_counts_one_point_in_the_singular():
    state = G.setup(1, {}, 1, 0.0)
    state["defeated"] = [tile(state, "drop")]
    state, events = G.apply(state, 0, {"type": "leave"}, 0.0)
    assert "Defeated 1 point against 0" in events[-1].text


def test_colour_removed_with_a_single_card_of_that_colour_says_so():
    state = G.setup(1, {}, 1, 0.0)
    state["turn"] = 2
    blue = cid("blue", "arrow")
    for place in (state["cards"]["draw"], state["supply"]["blue"]):
        if blue in place:
            place.remove(blue)
    state["cards"]["discard"].extend(state["revealed"])
    state["revealed"] = [blue]
    state["cubes"]["colour_removed"].remove("blue")
    state["track"][0] = {"tile": tile(state, "drop"), "eye": False, "power": 1, "dice": [4, 4],
                         "abilities": ["colour_removed"], "colour": "blue", "extra": 0}
    reason = preview_fight(state, 0, [blue])["reason"]
    assert "your only blue card cannot fight" in reason and "all 1" not in reason


def test_the_board_counts_one_tile_point_and_cube_in_the_singular():
    state = G.setup(1, {}, 1, 0.0)
    state["turn"] = 2
    drops = [t for t in state["pile"] if TILES[t].symbol == "drop"]
    state["defeated"] = drops[:1]
    state["monster_discard"] = [t for t in state["pile"] if t not in drops[:1] and t != EYE_TILE]
    state["pile"] = [EYE_TILE]
    state["gold"] = 1
    view = G.view(state, None)
    assert view["pile"] == 1 and view["defeated"]["points"] == 1
    with recording_text(render.tiger) as log:
        rendered = render_tiger(view)
    drawn = [t.text for t in log.drawn]
    assert "1 point" in drawn and "1 tile" in " ".join(drawn) and "1 cube" in " ".join(drawn)
    for text in drawn + [rendered.description]:
        assert not ONE_OF_MANY.search(text), text
    assert "Pile: 1 tile " in rendered.description and "Defeated 1 point vs" in rendered.description
