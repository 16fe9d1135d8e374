"""Eye of the Tiger board image: decodes, fixed size, complete description, no hidden order."""
from __future__ import annotations

import io

from PIL import Image

from engine import registry
from engine.greenbox import CARDS
from render.cache import cached_layer_count
from render.tiger import HEIGHT, WIDTH, render_tiger

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
    image = render_tiger(G.view(rich_state(), 0))
    assert image.png.startswith(b"\x89PNG")
    assert decode(image.png).size == (WIDTH, HEIGHT) and 700 <= WIDTH <= 800


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
