"""Eye of the Tiger board image: decodes, fixed size, complete description, no hidden order."""
from __future__ import annotations

import io
import json

import pytest
from PIL import Image

import render.tiger
from engine import registry
from engine.greenbox import CARDS, COLOURS
from engine.protocol import canonical
from engine.rng import Rng
from render.cache import cached_layer_count
from render.tiger import HEIGHT, WIDTH, render_tiger
from tests.kit.readability import image_width, recording_text

registry.load(["engine.tiger"])
G = registry.get("tiger")


def cid(colour: str, symbol: str, starter: bool = False) -> int:
    return next(c.id for c in CARDS if c.colour == colour and c.symbol == symbol and c.starter == starter)


def _take(state: dict, card_id: int) -> None:
    for place in (state["cards"]["draw"], state["cards"]["discard"], state["revealed"], *state["supply"].values()):
        if card_id in place:
            place.remove(card_id)
            return


def rich_state(advanced: bool = True) -> dict:
    state = G.setup(1, {"advanced": advanced}, 3, 0.0)
    state["turn"] = 9
    pile = state["pile"]
    wheel = next(t for t in pile if 24 <= t < 30)
    hammers = next(t for t in pile if 6 <= t < 12)
    for t in (wheel, hammers, 35):
        pile.remove(t)
    state["track"] = [
        {"tile": hammers, "eye": False, "power": 7, "dice": [3, 4], "abilities": ["half_attack"], "colour": None, "extra": 0},
        {"tile": 35, "eye": True},
        {"tile": wheel, "eye": False, "power": 13, "dice": [5, 5], "abilities": ["colour_needed"], "colour": "blue", "extra": 3},
    ]
    state["cubes"]["half_attack"] -= 1
    state["cubes"]["colour_needed"].remove("blue")
    state["defeated"] = [pile.pop(), pile.pop()]
    state["monster_discard"] = [pile.pop()]
    state["cards"]["discard"].extend(state["revealed"])
    state["revealed"] = []
    for c in (cid("green", "arrow"), cid("red", "drop", True), cid("white", "wheel")):
        _take(state, c)
        state["revealed"].append(c)
    state["gold"] = 2
    assert G.invariants(state) == []
    return state


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def test_render_is_a_png_of_the_expected_size():
    # Was 700-800 px wide; a phone shows it about 400 px wide, so the canvas is narrow now.
    image = render_tiger(G.view(rich_state(), 0))
    assert image.png.startswith(b"\x89PNG")
    assert decode(image.png).size == (WIDTH, HEIGHT) and 440 <= WIDTH <= 520 and HEIGHT <= 1.6 * WIDTH
    assert len(image.png) <= 40 * 1024


def test_description_names_track_piles_cards_gold_and_supply():
    state = rich_state()
    text = render_tiger(G.view(state, 0)).description
    for words in ("turn 9", "advanced", f"Pile: {len(state['pile'])} tiles",
                  "Field III (3 light): wheel 5pt, power 13", "Colour needed: only blue cards fight",
                  "Field II (2 light): the Eye of the Tiger", "Field I (1 light): hammers 2pt, power 7",
                  "Half attack", "beside the Eye", "Defeated", "monster discard",
                  "green arrow 4 (light 3)", "red drop 1 (light 0)", "white wheel 2 (light 2)",
                  "Gold 3 (1 from cards, 2 cubes)", f"Deck {len(state['cards']['draw'])}, discard {len(state['cards']['discard'])}",
                  "Supply: red drop 1 for 1", "black drop 6 for 1"):
        assert words in text, words
    assert len(render_tiger(G.view(state, 0)).alt_text) <= 1024


def test_description_of_a_new_game_and_of_the_end():
    state = G.setup(1, {}, 1, 0.0)
    text = render_tiger(G.view(state, 0)).description
    assert "First turn: buy" in text and "Field III (3 light): empty" in text and "the Eye is inside" in text
    state, _ = G.apply(state, 0, {"type": "leave"}, 0.0)
    assert "Game over (resigned): you lose" in render_tiger(G.view(state, 0)).description


def test_thin_phase_is_described():
    state = G.setup(1, {}, 1, 0.0)
    state["turn"] = 2
    state["cards"]["discard"].extend(state["cards"]["draw"])
    state["cards"]["draw"] = []
    state, _ = G.apply(state, 0, {"type": "pass_buy"}, 0.0)
    assert state["phase"] == "thin"
    rendered = render_tiger(G.view(state, 0))
    assert "remove up to 2" in rendered.description and "No cards revealed" in rendered.description
    decode(rendered.png)


def test_image_does_not_show_the_deck_order_or_the_pile_order():
    state = rich_state()
    other = rich_state()
    other["cards"]["draw"].reverse()
    other["pile"].reverse()
    assert render_tiger(G.view(state, None)).png == render_tiger(G.view(other, None)).png


def test_empty_supply_stacks_and_basic_mode_render():
    state = rich_state(advanced=False)
    state["removed"].extend(state["supply"]["red"])
    state["supply"]["red"] = []
    rendered = render_tiger(G.view(state, 0))
    assert "red empty" in rendered.description and "advanced" not in rendered.description
    decode(rendered.png)


def test_the_static_layer_is_cached():
    render_tiger(G.view(rich_state(), 0))
    count = cached_layer_count()
    render_tiger(G.view(rich_state(), 0))
    assert cached_layer_count() == count


# --------------------------------------------------------------------------- phone readability

def _put_monster(state: dict, field: int, symbols: range) -> None:
    tile = next(t for t in state["pile"] if t in symbols)
    state["pile"].remove(tile)
    state["track"][field] = {"tile": tile, "eye": False, "power": 4, "dice": [1, 3], "abilities": [],
                             "colour": None, "extra": 0}


def _put_eye_beside(state: dict, eye_field: int, monster_field: int, symbols: range) -> None:
    state["pile"].remove(35)
    state["track"][eye_field] = {"tile": 35, "eye": True}
    _put_monster(state, monster_field, symbols)


def won_state() -> dict:
    state = G.setup(1, {}, 4, 0.0)
    state["turn"] = 12
    _put_eye_beside(state, 1, 0, range(6, 12))
    strong = cid("black", "drop")
    _take(state, strong)
    state["cards"]["discard"].extend(state["revealed"])
    state["revealed"] = [strong]
    state, _ = G.apply(state, 0, {"type": "fight", "monster": 0, "cards": [strong]}, 0.0)
    assert state["won"] is True
    return state


def lost_state() -> dict:
    state = G.setup(1, {"advanced": True}, 5, 0.0)
    state["turn"] = 20
    _put_eye_beside(state, 1, 0, range(18, 24))
    _put_monster(state, 2, range(0, 6))
    state, _ = G.apply(state, 0, {"type": "pass_buy"}, 0.0)  # the bricks monster leaves: the Eye is on field I
    assert state["phase"] == "over" and state["won"] is False
    return state


def mid_game_state() -> dict:
    """Every kind of marker at once: abilities with wrapped labels, all bonuses, many cubes and gold."""
    state = rich_state()
    state["bonus"] = {"light": 1, "attack": 2, "field_one": 4}
    state["gold"] = 12
    monster = state["track"][0]
    state["cubes"]["half_attack"] += 1
    state["cubes"]["colour_removed"].remove("yellow")
    monster.update(abilities=["colour_removed"], colour="yellow")
    state["track"][2]["power"] = 18
    return state


def thin_state() -> dict:
    state = G.setup(1, {}, 1, 0.0)
    state["turn"] = 2
    state["cards"]["discard"].extend(state["cards"]["draw"])
    state["cards"]["draw"] = []
    state, _ = G.apply(state, 0, {"type": "pass_buy"}, 0.0)
    return state


BOARDS = {"start": lambda: G.setup(1, {}, 1, 0.0), "start advanced": lambda: G.setup(1, {"advanced": True}, 2, 0.0),
          "mid game": lambda: rich_state(advanced=False), "mid game advanced": mid_game_state,
          "thin": thin_state, "won": won_state, "lost": lost_state, "aborted": mid_game_state}


@pytest.mark.parametrize("name", list(BOARDS))
def test_every_text_is_readable_on_a_phone(name):
    """At 400 px wide no text is under 12 px, and every text has contrast 4.5:1 on its background."""
    state, aborted = BOARDS[name](), name == "aborted"
    with recording_text(render.tiger) as log:
        image = render_tiger(G.view(state, None), aborted=aborted)
    assert log.drawn and log.problems(image_width(image.png)) == []
    assert len(image.png) <= 40 * 1024


def test_an_empty_field_says_empty_readably():
    with recording_text(render.tiger) as log:
        image = render_tiger(G.view(G.setup(1, {}, 1, 0.0), None))
    empty = [t for t in log.drawn if t.text == "empty"]
    assert len(empty) == 3 and all(t.contrast >= 4.5 for t in empty)
    assert log.problems(image_width(image.png)) == []


# --------------------------------------------------------------------------- an aborted game

PROMPTS = ("Your turn", "buy or fight", "First turn", "remove up to", "Deck used up", "beat the monster",
           "win the Eye", "free card", "buy up to 2")


def test_an_aborted_board_says_it_ended_early_and_prompts_nothing():
    state = mid_game_state()
    with recording_text(render.tiger) as log:
        normal = render_tiger(G.view(state, None))
    assert any(p in t.text for t in log.drawn for p in PROMPTS)  # the live board does prompt
    with recording_text(render.tiger) as log:
        aborted = render_tiger(G.view(state, None), aborted=True)
    drawn = " | ".join(t.text for t in log.drawn)
    assert "aborted" in drawn and "ended early" in drawn
    assert not any(p.lower() in drawn.lower() for p in PROMPTS), drawn
    title = next(t.text for t in log.drawn if t.text.startswith("Eye of the Tiger"))
    assert title == "Eye of the Tiger · ended early"  # no turn marker
    text = aborted.description
    assert "aborted" in text and "ended early" in text
    assert "Buy or fight" not in text and "beat it to win" not in text and "Buy or fight" in normal.description
    assert aborted.png != normal.png


def test_an_aborted_first_turn_or_thinning_board_prompts_nothing():
    for state in (G.setup(1, {}, 1, 0.0), thin_state()):
        with recording_text(render.tiger) as log:
            rendered = render_tiger(G.view(state, None), aborted=True)
        drawn = " | ".join(t.text for t in log.drawn)
        assert not any(p.lower() in drawn.lower() for p in PROMPTS), drawn
        assert "First turn" not in rendered.description and "remove up to" not in rendered.description


# --------------------------------------------------------------------------- the supply's order

def _stored(state: dict) -> dict:
    """What the table keeps between two actions: the canonical snapshot, read back."""
    return json.loads(canonical(state))


def test_supply_keeps_its_fixed_stack_order_over_a_played_game():
    """Stacks red, blue, yellow, green, white, black, each top card first, even after the stored
    snapshot (sorted keys) and with a stack bought empty."""
    state = _stored(G.setup(1, {}, 11, 0.0))
    rng = Rng(11)
    for turn in range(14):
        if state["phase"] == "over":
            break
        actions = G.legal_actions(state, 0)
        buys = [a for a in actions if a["type"] == "buy"]
        action = buys[0] if buys and turn % 3 else rng.choice(actions)
        state, _ = G.apply(state, 0, action, 0.0)
        if turn == 3:  # as if the red stack had been bought out
            state["cards"]["discard"] += state["supply"]["red"]
            state["supply"]["red"] = []
        state = _stored(state)
        view = G.view(state, None)
        assert [s["colour"] for s in view["supply"]] == list(COLOURS)
        for stack in view["supply"]:
            prices = [c["price"] for c in stack["cards"]]
            assert prices == sorted(prices) and (stack["top"] is None or stack["top"] == stack["cards"][0])
        text = render_tiger(view).description
        supply = text.split("Supply: ")[1]
        assert [supply.index(f"{c} ") for c in COLOURS] == sorted(supply.index(f"{c} ") for c in COLOURS)
        with recording_text(render.tiger) as log:
            render_tiger(view)
        assert [t.text for t in log.drawn if t.text in COLOURS][-6:] == list(COLOURS)
    assert list(state["supply"]) != list(COLOURS)  # the stored snapshot itself is sorted
    assert view["supply"][0] == {"colour": "red", "count": 0, "top": None, "cards": []}
    assert "Supply: red empty, blue " in text
