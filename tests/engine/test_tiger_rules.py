"""Eye of the Tiger: one test per rule, the text's five scenarios, and random play."""
from __future__ import annotations

import json

import pytest

from engine import registry
from engine.errors import RuleError
from engine.greenbox import CARDS, COLOURS, DOTS, TILES
from engine.protocol import LEAVE, TIMEOUT, canonical
from engine.rng import Rng
from engine.tiger import (
    EYE_TILE,
    THIN_MAX,
    Tiger,
    card_light,
    eye_field,
    fight_fields,
    fight_words,
    preview_fight,
    purchases,
)

registry.load(["engine.tiger"])
G = registry.get("tiger")
III, II, I = 2, 1, 0  # track indexes of the fields


# --------------------------------------------------------------------------- helpers

def cid(colour: str, symbol: str, starter: bool = False, value: int | None = None) -> int:
    """The id of the card of `colour` and `symbol` (a starter card when `starter`)."""
    for c in CARDS:
        if c.colour == colour and c.symbol == symbol and c.starter == starter and value in (None, c.value):
            return c.id
    raise LookupError((colour, symbol, starter))


def new(advanced: bool = False, seed: int = 1, turn: int = 2) -> dict:
    state = G.setup(1, {"advanced": advanced}, seed, 0.0)
    state["turn"] = turn
    return state


def _take_card(state: dict, card_id: int) -> None:
    for place in (state["cards"]["draw"], state["cards"]["discard"], state["revealed"], state["removed"],
                  *state["supply"].values()):
        if card_id in place:
            place.remove(card_id)
            return
    raise LookupError(card_id)


def reveal(state: dict, *card_ids: int) -> None:
    """Make `card_ids` the revealed cards; the old revealed cards go to the discard pile."""
    state["cards"]["discard"].extend(state["revealed"])
    state["revealed"] = []
    for c in card_ids:
        _take_card(state, c)
    state["revealed"] = list(card_ids)


def tile_of(state: dict, symbol: str) -> int:
    for t in state["pile"]:
        if TILES[t].symbol == symbol and t != EYE_TILE:
            return t
    raise LookupError(symbol)


def put(state: dict, field: int, symbol: str, power: int = 5, abilities: tuple = (), colour: str | None = None) -> dict:
    """A monster of `symbol` on `field`, taking its tile from the pile and its cubes from the rows."""
    tile = tile_of(state, symbol)
    state["pile"].remove(tile)
    entry = {"tile": tile, "eye": False, "power": power, "dice": [], "abilities": list(abilities),
             "colour": colour, "extra": 0}
    for a in abilities:
        if a in ("no_weakness", "light", "half_attack"):
            state["cubes"][a] -= 1
        elif a in ("colour_removed", "colour_needed"):
            state["cubes"][a].remove(colour)
    assert state["track"][field] is None
    state["track"][field] = entry
    return entry


def put_eye(state: dict, field: int) -> None:
    state["pile"].remove(EYE_TILE)
    state["track"][field] = {"tile": EYE_TILE, "eye": True}


def next_tile(state: dict, symbol: str | None = None, eye: bool = False) -> int:
    """Put a tile of `symbol` (or the Eye) on top of the monster pile."""
    tile = EYE_TILE if eye else tile_of(state, symbol)
    state["pile"].remove(tile)
    state["pile"].insert(0, tile)
    return tile


def force_dice(state: dict, a: int, b: int) -> None:
    """Set the generator so that the next two rolls are a and b."""
    for x in range(100000):
        rng = Rng(x)
        if rng.roll() == a and rng.roll() == b:
            state["rng"] = x
            return
    raise AssertionError("no generator state found")


def play(state: dict, action: dict) -> tuple[dict, list]:
    new_state, events = G.apply(state, 0, action, 0.0)
    assert G.invariants(new_state) == []
    return new_state, events


def buy_nothing(state: dict, *dice: int) -> dict:
    if dice:
        force_dice(state, *dice)
    return play(state, {"type": "pass_buy"})[0]


def fight(state: dict, field: int, cards: list[int], **extra) -> dict:
    return play(state, {"type": "fight", "monster": field, "cards": cards, **extra})[0]


def fights_listed(state: dict) -> list[dict]:
    return [a for a in G.legal_actions(state, 0) if a["type"] == "fight"]


# --------------------------------------------------------------------------- setup

def test_setup_starting_deck_is_the_18_light_green_cards_shuffled_with_3_revealed():
    state = G.setup(1, {}, 1, 0.0)
    own = state["cards"]["draw"] + state["revealed"]
    assert sorted(own) == sorted(c.id for c in CARDS if c.starter)
    assert len(own) == 18 and len(state["revealed"]) == 3 and state["cards"]["discard"] == []
    assert sorted(CARDS[c].value for c in own) == [1] * 12 + [2] * 6
    other = G.setup(1, {}, 2, 0.0)
    assert other["cards"]["draw"] != state["cards"]["draw"]


def test_setup_six_supply_stacks_drop_on_top_arrow_at_bottom():
    state = G.setup(1, {}, 1, 0.0)
    assert list(state["supply"]) == list(COLOURS)
    for colour, stack in state["supply"].items():
        assert [CARDS[c].symbol for c in stack] == ["drop", "hammers", "circles", "bricks", "wheel", "arrow"]
        assert all(CARDS[c].colour == colour and not CARDS[c].starter for c in stack)
    view = G.view(state, 0)
    assert [s["top"]["price"] for s in view["supply"]] == [1] * 6


def test_setup_eye_is_mixed_into_the_last_11_tiles_of_the_monster_pile():
    positions = set()
    for seed in range(60):
        state = G.setup(1, {}, seed, 0.0)
        assert sorted(state["pile"]) == list(range(36)) and state["track"] == [None, None, None]
        positions.add(state["pile"].index(EYE_TILE))
    assert positions <= set(range(25, 36)) and len(positions) > 5


def test_setup_ability_cube_rows():
    state = G.setup(1, {}, 1, 0.0)
    cubes = state["cubes"]
    assert (cubes["no_weakness"], cubes["light"], cubes["half_attack"]) == (3, 3, 3)
    assert sorted(cubes["colour_removed"]) == sorted(COLOURS) == sorted(cubes["colour_needed"])
    assert state["gold"] == 0 and state["defeated"] == [] and state["monster_discard"] == []


def test_first_turn_is_a_purchase_only():
    state = G.setup(1, {}, 1, 0.0)
    state["track"][III] = None
    put(state, III, "drop", power=1)
    assert {a["type"] for a in G.legal_actions(state, 0)} == {"buy", "pass_buy"}
    with pytest.raises(RuleError, match="first turn"):
        G.apply(state, 0, {"type": "fight", "monster": III, "cards": state["revealed"][:1]}, 0.0)


# --------------------------------------------------------------------------- a turn and the deck

def test_turn_reveals_three_new_cards_after_an_action():
    state = new()
    before = list(state["revealed"])
    state = buy_nothing(state, 1, 2)
    assert len(state["revealed"]) == 3 and not set(before) & set(state["revealed"])
    assert set(before) <= set(state["cards"]["discard"]) and state["turn"] == 3


def test_deck_used_up_offers_thinning_of_up_to_two_cards_before_the_shuffle():
    state = new()
    state["cards"]["discard"].extend(state["cards"]["draw"])
    state["cards"]["draw"] = []
    state = buy_nothing(state, 1, 2)
    assert state["phase"] == "thin" and state["revealed"] == []
    thins = G.legal_actions(state, 0)
    assert all(a["type"] == "thin" and len(a["remove"]) <= 2 for a in thins)
    assert {"type": "thin", "remove": []} in thins
    with pytest.raises(RuleError):
        G.apply(state, 0, {"type": "pass_buy"}, 0.0)
    gone = state["cards"]["discard"][:2]
    with pytest.raises(RuleError, match="at most 2"):
        G.apply(state, 0, {"type": "thin", "remove": state["cards"]["discard"][:3]}, 0.0)
    state, _ = play(state, {"type": "thin", "remove": gone})
    assert set(gone) <= set(state["removed"]) and not set(gone) & set(state["revealed"] + state["cards"]["draw"])
    assert state["phase"] == "turn" and len(state["revealed"]) == 3
    assert len(state["cards"]["draw"]) == 18 - 2 - 3 and state["cards"]["discard"] == []


def test_thinning_only_when_the_deck_is_used_up():
    state = new()
    with pytest.raises(RuleError, match="used up"):
        G.apply(state, 0, {"type": "thin", "remove": []}, 0.0)


def test_thinning_takes_only_discard_pile_cards():
    state = new()
    state["cards"]["discard"].extend(state["cards"]["draw"])
    state["cards"]["draw"] = []
    state = buy_nothing(state, 1, 2)
    with pytest.raises(RuleError, match="discard pile"):
        G.apply(state, 0, {"type": "thin", "remove": [state["supply"]["red"][0]]}, 0.0)


def test_a_partly_drawn_turn_thins_then_completes_the_reveal_from_the_new_deck():
    state = new()
    last = state["cards"]["draw"].pop()
    state["cards"]["discard"].extend(state["cards"]["draw"])
    state["cards"]["draw"] = [last]
    state = buy_nothing(state, 1, 2)
    assert state["phase"] == "thin" and state["revealed"] == [last]
    state, _ = play(state, {"type": "thin", "remove": []})
    assert len(state["revealed"]) == 3 and state["revealed"][0] == last


# --------------------------------------------------------------------------- buying

def test_gold_is_the_value_one_revealed_cards_plus_personal_gold():
    state = new()
    reveal(state, cid("red", "drop", True), cid("blue", "hammers", True), cid("red", "circles", True))
    state["gold"] = 3
    view = G.view(state, 0)
    assert (view["card_gold"], view["gold"], view["gold_available"]) == (2, 3, 5)
    stacks = {a["stack"] for a in G.legal_actions(state, 0) if a["type"] == "buy"}
    assert stacks == set(COLOURS)  # every top card (drop, price 1) is affordable


def test_buy_takes_the_top_card_of_a_stack_at_its_dots_into_the_discard_pile():
    state = new()
    reveal(state, cid("red", "drop", True), cid("blue", "hammers", True), cid("yellow", "circles", True))
    state["removed"].append(state["supply"]["green"].pop(0))  # green top is now hammers, price 2
    top = state["supply"]["green"][0]
    force_dice(state, 1, 2)
    state, _ = play(state, {"type": "buy", "stack": "green"})
    assert top in state["cards"]["discard"] and top not in state["supply"]["green"]
    assert CARDS[state["supply"]["green"][0]].symbol == "circles"


def test_a_card_dearer_than_your_gold_cannot_be_bought():
    state = new()
    reveal(state, cid("red", "drop", True), cid("blue", "circles", True), cid("yellow", "circles", True))
    state["removed"].append(state["supply"]["red"].pop(0))
    with pytest.raises(RuleError, match="costs 2 gold and you have 1"):
        G.apply(state, 0, {"type": "buy", "stack": "red"}, 0.0)
    assert {"type": "buy", "stack": "red"} not in G.legal_actions(state, 0)


def test_excess_gold_is_forfeited_personal_gold_included():
    # The old rule kept the 3 unspent gold cubes; GAMES.md: "whatever the purchase does not use is
    # lost, the personal supply included".
    state = new()
    reveal(state, cid("red", "drop", True), cid("blue", "hammers", True), cid("red", "circles", True))
    state["gold"] = 4
    for _ in range(2):
        state["removed"].append(state["supply"]["white"].pop(0))  # white top: circles, price 3
    force_dice(state, 1, 2)
    state, events = play(state, {"type": "buy", "stack": "white"})
    assert state["gold"] == 0  # 2 card gold + 4 cubes = 6; the card cost 3; the other 3 are lost
    assert any("Excess gold is forfeited: 3 gold" in e.text for e in events)


def test_excess_gold_is_forfeited_when_buying_nothing():
    state = new()
    reveal(state, cid("red", "drop", True), cid("blue", "circles", True), cid("red", "circles", True))
    state["gold"] = 2
    state, events = play(state, {"type": "pass_buy"})
    assert state["gold"] == 0 and any("3 gold unused is lost" in e.text for e in events)


def test_gold_won_in_a_fight_is_kept_until_the_next_buy_step():
    state = new()
    reveal(state, cid("black", "drop"))
    put(state, I, "wheel", power=4)
    state = fight(state, I, [cid("black", "drop")])
    assert state["gold"] == 3 and G.view(state, 0)["gold_available"] == 3 + G.view(state, 0)["card_gold"]
    assert buy_nothing(state, 1, 2)["gold"] == 0


def test_three_revealed_cards_of_one_colour_add_that_colours_top_card():
    state = new()
    reveal(state, cid("blue", "drop", True), cid("blue", "hammers", True), cid("blue", "circles", True))
    force_dice(state, 1, 2)
    drop, hammers = state["supply"]["blue"][:2]
    state, events = play(state, {"type": "buy", "stack": "blue"})
    assert {drop, hammers} <= set(state["cards"]["discard"])
    assert any("Three blue cards" in e.text for e in events)


def test_the_colour_bonus_may_be_declined_and_needs_one_colour():
    state = new()
    reveal(state, cid("blue", "drop", True), cid("blue", "hammers", True), cid("blue", "circles", True))
    force_dice(state, 1, 2)
    assert {"type": "pass_buy", "bonus": False} in G.legal_actions(state, 0)
    after, _ = play(state, {"type": "pass_buy", "bonus": False})
    assert after["supply"]["blue"] == state["supply"]["blue"]
    reveal(state, cid("blue", "drop", True), cid("blue", "hammers", True), cid("red", "circles", True))
    after, _ = play(state, {"type": "pass_buy"})
    assert after["supply"]["blue"] == state["supply"]["blue"]


def test_buying_nothing_still_advances_the_track():
    state = new()
    top = next_tile(state, "wheel")
    state = buy_nothing(state, 3, 4)
    assert state["track"][III]["tile"] == top and state["track"][III]["power"] == 7


# --------------------------------------------------------------------------- the track

def test_new_monster_enters_field_three_with_power_of_two_dice():
    state = new()
    next_tile(state, "bricks")
    force_dice(state, 6, 5)
    state, events = play(state, {"type": "pass_buy"})
    monster = state["track"][III]
    assert monster["dice"] == [6, 5] and monster["power"] == 11 and monster["abilities"] == []
    assert any("power 11" in e.text for e in events)


def test_push_moves_occupied_fields_right_and_a_gap_absorbs_it():
    state = new()
    a = put(state, III, "drop")
    c = put(state, I, "hammers")
    state = buy_nothing(state, 1, 2)
    track = state["track"]
    assert track[II]["tile"] == a["tile"] and track[I]["tile"] == c["tile"] and track[III] is not None
    assert state["monster_discard"] == []


def test_monster_pushed_off_field_one_goes_to_discard_pile_with_cubes_returned():
    state = new()
    put(state, III, "drop")
    put(state, II, "drop")
    gone = put(state, I, "bricks", abilities=("colour_needed",), colour=state["cubes"]["colour_needed"][0])
    state["cubes"]["no_weakness"] -= 1
    gone["abilities"].append("no_weakness")
    state = buy_nothing(state, 1, 2)
    assert state["monster_discard"] == [gone["tile"]]
    assert state["cubes"]["no_weakness"] == 3
    assert state["cubes"]["colour_needed"][-1] == gone["colour"]
    assert G.view(state, None)["monster_discard"]["points"] == 4


def test_eye_reaching_field_one_because_a_buy_pushed_a_monster_off_ends_the_game():
    state = new()
    put(state, III, "drop")
    put_eye(state, II)
    gone = put(state, I, "bricks")
    state["defeated"] = [tile_of(state, "arrow")]
    state["pile"].remove(state["defeated"][0])
    entering = next_tile(state, "wheel")
    state, events = play(state, {"type": "pass_buy"})
    assert state["phase"] == "over" and state["monster_discard"] == [gone["tile"], EYE_TILE]
    assert eye_field(state) is None and G.outcome(state).won == (False,)  # 6 against 4 + 6
    assert state["track"][III]["tile"] == entering and state["track"][III]["dice"] == []  # ends at once
    assert any("reaches field I" in e.text for e in events)
    assert state["end_reason"] == "the Eye of the Tiger reached field I"


def test_eye_reaching_field_one_after_a_won_fight_pushes_a_monster_off_and_ends_the_game():
    state = new()
    reveal(state, cid("red", "arrow"))
    beaten = put(state, III, "hammers", power=1)
    put_eye(state, II)
    gone = put(state, I, "drop", power=40)
    state = fight(state, III, [cid("red", "arrow")])
    assert state["phase"] == "over" and state["defeated"] == [beaten["tile"]]
    assert state["monster_discard"] == [gone["tile"], EYE_TILE] and G.outcome(state).won == (False,)


def test_eye_reaching_field_one_through_a_gap_does_not_end_the_game():
    state = new()
    put_eye(state, II)
    put(state, III, "drop")
    state = buy_nothing(state, 1, 2)  # nothing leaves the track: the Eye waits on field I
    assert state["phase"] == "turn" and state["track"][I]["eye"] and state["monster_discard"] == []


def test_with_the_pile_empty_the_eye_reaching_field_one_as_a_monster_leaves_ends_the_game():
    state = new()
    gone = put(state, I, "circles")
    put_eye(state, II)
    state["defeated"].extend(state["pile"])
    state["pile"] = []
    state = buy_nothing(state)
    assert state["phase"] == "over" and state["monster_discard"] == [gone["tile"], EYE_TILE]


def test_eye_pushed_off_field_one_ends_the_game_on_the_monster_discard_pile():
    state = new()
    put(state, III, "drop")
    put(state, II, "drop")
    put_eye(state, I)
    state["defeated"] = []
    state = buy_nothing(state, 1, 2)
    assert state["phase"] == "over" and state["monster_discard"] == [EYE_TILE]
    assert G.outcome(state).won == (False,)


def test_with_the_monster_pile_empty_a_buy_moves_every_tile_one_field():
    state = new()
    a = put(state, II, "drop")
    put_eye(state, III)
    state["defeated"].extend(state["pile"])
    state["pile"] = []
    state = buy_nothing(state)
    assert state["track"][I]["tile"] == a["tile"] and state["track"][II]["eye"] and state["track"][III] is None
    state = buy_nothing(state)  # the drop monster leaves: the Eye reaches field I, the game ends
    assert state["monster_discard"] == [a["tile"], EYE_TILE] and state["phase"] == "over"


@pytest.mark.parametrize("face,ability", [(1, "no_weakness"), (2, "light"), (3, "half_attack")])
def test_a_double_activates_its_ability_with_a_cube(face, ability):
    state = new()
    state = buy_nothing(state, face, face)
    assert state["track"][III]["abilities"] == [ability]
    assert state["cubes"][ability] == 2


def test_double_four_and_five_take_the_rightmost_colour_cube_which_returns_to_the_right_end():
    state = new()
    row = list(state["cubes"]["colour_removed"])
    state = buy_nothing(state, 4, 4)
    monster = state["track"][III]
    assert monster["abilities"] == ["colour_removed"] and monster["colour"] == row[-1]
    state = buy_nothing(state, 5, 5)
    assert state["track"][III]["colour"] == G.setup(1, {}, 1, 0.0)["cubes"]["colour_needed"][-1]
    state = buy_nothing(state, 1, 2)
    second = state["cubes"]["colour_removed"][-1]
    state = buy_nothing(state, 1, 2)  # the colour-removed monster leaves field I
    assert state["cubes"]["colour_removed"][-1] == row[-1] and second != row[-1]
    assert sorted(state["cubes"]["colour_removed"]) == sorted(COLOURS)


def test_an_empty_cube_row_triggers_nothing():
    state = new()
    state["cubes"]["light"] = 0  # as if all three white cubes were out
    force_dice(state, 2, 2)
    state, _ = G.apply(state, 0, {"type": "pass_buy"}, 0.0)
    assert state["track"][III]["abilities"] == [] and state["cubes"]["light"] == 0


def test_double_six_emerging_pain_removes_the_top_card_of_the_deck_else_the_discard_pile():
    state = new()
    top = state["cards"]["draw"][-1]
    state = buy_nothing(state, 6, 6)
    assert top in state["removed"] and state["track"][III]["abilities"] == []
    state["cards"]["discard"].extend(state["cards"]["draw"])
    state["cards"]["draw"] = []
    last = state["cards"]["discard"][-1]
    state = buy_nothing(state, 6, 6)
    assert last in state["removed"]


# --------------------------------------------------------------------------- fighting

def test_light_needed_is_three_two_one_by_field():
    state = new()
    reveal(state, cid("black", "drop"))  # value 6, light 0
    for field in (III, II, I):
        put(state, field, "hammers", power=1)
    assert [preview_fight(state, f, state["revealed"])["light_needed"] for f in (III, II, I)] == [3, 2, 1]
    assert [preview_fight(state, f, state["revealed"])["penalty"] for f in (III, II, I)] == [6, 4, 2]


def test_light_of_a_card_is_its_dots_halved_rounded_down():
    assert {s: card_light(cid("red", s)) for s in DOTS} == {
        "drop": 0, "hammers": 1, "circles": 1, "bricks": 2, "wheel": 2, "arrow": 3}


def test_each_missing_light_costs_two_attack_and_a_fight_needs_attack_at_least_power():
    state = new()
    reveal(state, cid("black", "drop"), cid("green", "drop"))  # 6 + 5, no light
    put(state, II, "hammers", power=7)
    check = preview_fight(state, II, state["revealed"])
    assert (check["light"], check["penalty"], check["attack"], check["possible"]) == (0, 4, 7, True)
    state["track"][II]["power"] = 8
    check = preview_fight(state, II, state["revealed"])
    assert not check["possible"] and "attack would be 7" in check["reason"]
    with pytest.raises(RuleError, match="power 8"):
        G.apply(state, 0, {"type": "fight", "monster": II, "cards": state["revealed"]}, 0.0)


def test_light_monster_needs_enough_light_not_compensated_by_attack():
    state = new()
    reveal(state, cid("black", "drop"), cid("green", "drop"), cid("red", "hammers", True))
    put(state, II, "drop", power=1, abilities=("light",))
    check = preview_fight(state, II, state["revealed"])
    assert not check["possible"] and "Light" in check["reason"]
    reveal(state, cid("black", "drop"), cid("red", "bricks"))  # bricks: 2 light
    assert preview_fight(state, II, state["revealed"])["possible"]


def test_no_weakness_value_one_cards_cannot_fight():
    state = new()
    reveal(state, cid("red", "drop", True), cid("black", "drop"))
    put(state, I, "wheel", power=1, abilities=("no_weakness",))
    assert "value 1" in preview_fight(state, I, state["revealed"])["reason"]
    assert preview_fight(state, I, [cid("black", "drop")])["possible"]


def test_half_attack_halves_the_sum_of_values():
    state = new()
    reveal(state, cid("black", "drop"), cid("red", "circles"))  # 6 + 3 = 9, light 1
    put(state, I, "wheel", power=4, abilities=("half_attack",))
    check = preview_fight(state, I, state["revealed"])
    assert check["values"] == 4 and check["attack"] == 4 and check["possible"]
    state["track"][I]["power"] = 5
    assert not preview_fight(state, I, state["revealed"])["possible"]


def test_colour_removed_discards_one_card_of_that_colour_before_the_fight():
    state = new()
    blue1, blue2 = cid("blue", "arrow"), cid("blue", "bricks")
    reveal(state, blue1, blue2, cid("black", "drop"))
    put(state, I, "drop", power=2, abilities=("colour_removed",), colour="blue")
    assert "discarded" in preview_fight(state, I, [blue1, blue2])["reason"]
    assert preview_fight(state, I, [blue1, cid("black", "drop")])["possible"]
    reveal(state, cid("black", "drop"), cid("red", "arrow"))  # no blue card: nothing to discard
    assert preview_fight(state, I, state["revealed"])["possible"]


def test_colour_needed_only_cards_of_that_colour_fight():
    state = new()
    reveal(state, cid("green", "arrow"), cid("black", "drop"))
    put(state, I, "drop", power=2, abilities=("colour_needed",), colour="green")
    assert "only green" in preview_fight(state, I, state["revealed"])["reason"]
    assert preview_fight(state, I, [cid("green", "arrow")])["possible"]
    reveal(state, cid("black", "drop"))
    assert "no green card" in preview_fight(state, I, state["revealed"])["reason"]


def test_a_clean_win_with_one_card_pays_the_monster_dots_halved_rounded_up():
    state = new()
    reveal(state, cid("black", "drop"), cid("red", "drop", True))
    put(state, I, "wheel", power=4)
    state = fight(state, I, [cid("black", "drop")])
    assert state["gold"] == 3


def test_a_win_with_mixed_colours_pays_no_gold():
    state = new()
    reveal(state, cid("black", "drop"), cid("red", "hammers", True))
    put(state, I, "wheel", power=4)
    state = fight(state, I, [cid("black", "drop"), cid("red", "hammers", True)])
    assert state["gold"] == 0


def test_a_card_of_the_monster_symbol_leaves_the_game_after_the_win_one_only():
    state = new()
    low, high = cid("red", "drop", True), cid("black", "drop")
    reveal(state, low, high)
    put(state, I, "drop", power=3)
    after = fight(state, I, [low, high])
    assert low in after["removed"] and high in after["cards"]["discard"]
    after = fight(state, I, [low, high], lose=high)
    assert high in after["removed"] and low in after["cards"]["discard"]


def test_beaten_monster_goes_to_the_defeated_pile_leaving_a_gap_and_its_cubes_return():
    state = new()
    reveal(state, cid("red", "arrow"))
    put(state, III, "drop")
    put(state, II, "hammers", power=1, abilities=("half_attack",))
    state = fight(state, II, [cid("red", "arrow")])
    assert state["track"][II] is None and state["track"][III] is not None
    assert state["cubes"]["half_attack"] == 3 and TILES[state["defeated"][0]].symbol == "hammers"


def test_beating_the_monster_right_of_the_eye_ends_the_game_and_takes_the_eye():
    state = new()
    reveal(state, cid("black", "drop"))
    put_eye(state, II)
    put(state, I, "hammers", power=2)
    assert preview_fight(state, I, state["revealed"])["ends_game"]
    state = fight(state, I, [cid("black", "drop")])
    assert state["phase"] == "over" and EYE_TILE in state["defeated"]
    outcome = G.outcome(state)
    assert outcome.won == (True,) and outcome.scores == (8.0,) and outcome.margin == 8.0


def test_another_win_moves_the_eye_one_field_pushing_monsters_ahead():
    state = new()
    reveal(state, cid("black", "drop"))
    put_eye(state, III)
    beside = put(state, II, "drop")
    put(state, I, "hammers", power=2)
    state = fight(state, I, [cid("black", "drop")])
    assert state["track"][II]["eye"] and state["track"][I]["tile"] == beside["tile"]
    assert state["phase"] == "turn"


def test_an_eye_on_field_one_leaves_the_track_after_another_win_and_the_game_ends():
    state = new()
    reveal(state, cid("red", "arrow"))
    put_eye(state, I)
    put(state, III, "hammers", power=1)
    state = fight(state, III, [cid("red", "arrow")])
    assert state["phase"] == "over" and state["monster_discard"] == [EYE_TILE]


def test_the_eye_is_not_a_monster_and_cannot_be_fought():
    state = new()
    reveal(state, cid("black", "drop"))
    put_eye(state, I)
    assert "cannot be fought" in preview_fight(state, I, state["revealed"])["reason"]
    assert fights_listed(state) == []


def test_the_player_chooses_the_cards_and_only_revealed_cards_fight():
    state = new()
    reveal(state, cid("black", "drop"), cid("red", "drop", True))
    put(state, I, "wheel", power=3)
    assert {tuple(a["cards"]) for a in fights_listed(state)} == {
        (cid("black", "drop"),), (cid("black", "drop"), cid("red", "drop", True))}
    with pytest.raises(RuleError, match="revealed"):
        G.apply(state, 0, {"type": "fight", "monster": I, "cards": [cid("green", "arrow")]}, 0.0)


# --------------------------------------------------------------------------- scoring and the end

def test_scoring_more_points_than_the_discard_pile_wins_and_a_tie_loses():
    state = new()
    state["defeated"] = [tile_of(state, "wheel")]
    state["pile"].remove(state["defeated"][0])
    state["monster_discard"] = [tile_of(state, "bricks"), tile_of(state, "drop")]
    for t in state["monster_discard"]:
        state["pile"].remove(t)
    put_eye(state, I)
    put(state, III, "drop")
    put(state, II, "drop")
    over = buy_nothing(state, 1, 2)  # the Eye (6) joins the discard pile: 5 against 11
    outcome = G.outcome(over)
    assert outcome.won == (False,) and outcome.margin == -6.0 and "Lost 5 to 11" in outcome.summary
    state["defeated"].append(tile_of(state, "arrow"))
    state["pile"].remove(state["defeated"][-1])
    over = buy_nothing(state, 1, 2)  # 11 against 11: not more, so a loss
    assert G.outcome(over).won == (False,) and G.outcome(over).margin == 0.0


def test_leaving_is_a_resignation_and_a_loss():
    state = new()
    state["defeated"] = [tile_of(state, "arrow")]
    state["pile"].remove(state["defeated"][0])
    state, _ = play(state, dict(LEAVE))
    assert state["phase"] == "over" and G.outcome(state).won == (False,)
    assert "Resigned" in G.outcome(state).summary and G.legal_actions(state, 0) == []


def test_no_time_limit_and_timeout_changes_nothing():
    state = new()
    assert G.next_deadline(state) is None and G.waiting_for(state) == [0]
    with pytest.raises(RuleError, match="no time limit"):
        G.apply(state, None, dict(TIMEOUT), 0.0)


def test_invariants_notice_a_lost_card_or_tile():
    state = new()
    assert G.invariants(state) == []
    state["revealed"].pop()
    state["pile"].pop()
    broken = G.invariants(state)
    assert any("cards" in b for b in broken) and any("tiles" in b for b in broken)


# --------------------------------------------------------------------------- the text's scenarios

def test_scenario_1_enough_light_and_attack_against_field_three():
    state = new()
    cards = [cid("red", "hammers", True), cid("blue", "drop", True), cid("white", "arrow")]  # light 1+0+3
    reveal(state, *cards)
    put(state, III, "drop", power=4)
    check = preview_fight(state, III, cards)
    assert (check["light"], check["penalty"], check["attack"], check["possible"]) == (4, 0, 5, True)
    assert {"type": "fight", "monster": III, "cards": cards} in G.legal_actions(state, 0)


def test_scenario_2_too_little_light_but_attack_enough_for_the_penalty():
    state = new()
    cards = [cid("black", "drop"), cid("green", "drop"), cid("red", "hammers", True)]  # 6+5+1, light 0+0+1
    reveal(state, *cards)
    put(state, III, "wheel", power=8)
    put(state, II, "bricks", power=10)
    put(state, I, "circles", power=12)
    checks = [preview_fight(state, f, cards) for f in (III, II, I)]
    assert [c["penalty"] for c in checks] == [4, 2, 0]
    assert [c["attack"] for c in checks] == [8, 10, 12]
    assert all(c["possible"] for c in checks)


def test_scenario_3_too_little_light_and_attack_so_no_fight():
    state = new()
    cards = [cid("red", "hammers", True), cid("blue", "drop", True), cid("red", "circles")]  # 1+1+3, light 1+0+1
    reveal(state, *cards)
    put(state, III, "wheel", power=4)
    put(state, II, "bricks", power=6)
    put(state, I, "hammers", power=7)
    check = preview_fight(state, III, cards)
    assert (check["light"], check["penalty"], check["attack"]) == (2, 2, 3) and not check["possible"]
    assert fights_listed(state) == []


def test_scenario_4_a_card_matching_the_monster_symbol_is_lost_after_the_fight():
    state = new()
    drop6, wheel2, drop1 = cid("black", "drop"), cid("white", "wheel"), cid("red", "drop")
    assert (CARDS[drop6].value, CARDS[wheel2].value, CARDS[drop1].value) == (6, 2, 1)
    reveal(state, drop6, wheel2, drop1)
    put(state, III, "wheel", power=6)
    put(state, II, "drop", power=9)
    put(state, I, "hammers", power=5)
    listed = fights_listed(state)
    assert sorted(a["cards"] for a in listed if a["monster"] == III) == sorted([[drop6, wheel2], [drop6, wheel2, drop1]])
    assert [a["cards"] for a in listed if a["monster"] == II] == [[drop6, wheel2, drop1]]
    assert sorted(a["cards"] for a in listed if a["monster"] == I) == sorted(
        [[drop6, wheel2], [drop6, drop1], [drop6, wheel2, drop1]])
    after = fight(state, III, [drop6, wheel2])
    assert wheel2 in after["removed"] and drop6 in after["cards"]["discard"]
    after = fight(state, II, [drop6, wheel2, drop1])
    assert [c for c in (drop6, drop1) if c in after["removed"]] == [drop1]
    after = fight(state, I, [drop6, drop1])
    assert not set(after["removed"]) & {drop6, wheel2, drop1}


def test_scenario_5_a_win_with_one_card_or_one_colour_gains_gold():
    state = new()
    arrow4, wheel3, other = cid("green", "arrow"), cid("green", "wheel"), cid("red", "drop", True)
    assert (CARDS[arrow4].value, CARDS[wheel3].value) == (4, 3)
    reveal(state, arrow4, wheel3, other)
    put(state, III, "wheel", power=4)
    put(state, I, "hammers", power=6)
    assert preview_fight(state, III, [arrow4])["gold"] == 3
    after = fight(state, III, [arrow4])
    assert after["gold"] == 3 and not after["removed"]
    assert not preview_fight(state, I, [arrow4])["possible"]
    after = fight(state, I, [arrow4, wheel3])
    assert after["gold"] == 1
    after = fight(state, I, [arrow4, wheel3, other])
    assert after["gold"] == 0


# --------------------------------------------------------------------------- advanced mode

def test_basic_mode_has_no_sum_abilities_or_streaks():
    state = new()
    for symbol in ("drop", "drop"):
        next_tile(state, symbol)
        state = buy_nothing(state, 1, 2)
        assert state["track"][III]["abilities"] == [] and state["track"][III]["power"] == 3


def test_advanced_sum_3_only_matching_symbols_fight():
    state = new(advanced=True)
    next_tile(state, "hammers")
    state = buy_nothing(state, 1, 2)
    assert state["track"][III]["abilities"] == ["only_match"]
    reveal(state, cid("black", "hammers"), cid("red", "arrow"))
    assert "Only hammers" in preview_fight(state, III, state["revealed"])["reason"]


def test_advanced_sum_4_without_double_reduces_light_by_one():
    state = new(advanced=True)
    state = buy_nothing(state, 1, 3)
    assert state["track"][III]["abilities"] == ["dim"]
    reveal(state, cid("red", "arrow"))  # value 6, light 3
    check = preview_fight(state, III, state["revealed"])
    assert check["light"] == 2 and check["penalty"] == 2
    state = buy_nothing(state, 2, 2)  # a double 4: the standard light ability, no sum ability
    assert state["track"][III]["abilities"] == ["light"]


def test_advanced_sum_6_matching_symbols_cannot_fight():
    state = new(advanced=True)
    next_tile(state, "drop")
    state = buy_nothing(state, 2, 4)
    assert state["track"][III]["abilities"] == ["no_match"]
    reveal(state, cid("black", "drop"), cid("red", "arrow"))
    assert "cannot fight" in preview_fight(state, III, state["revealed"])["reason"]
    assert preview_fight(state, III, [cid("red", "arrow")])["possible"]


def test_advanced_sum_8_needs_at_least_one_matching_symbol():
    state = new(advanced=True)
    next_tile(state, "drop")
    state = buy_nothing(state, 3, 5)
    assert state["track"][III]["abilities"] == ["need_match"]
    state["track"][III]["power"] = 1
    reveal(state, cid("black", "drop"), cid("red", "arrow"))
    assert "At least one drop" in preview_fight(state, III, [cid("red", "arrow")])["reason"]
    assert preview_fight(state, III, state["revealed"])["possible"]


def test_advanced_sum_10_cards_all_even_or_all_odd():
    state = new(advanced=True)
    state = buy_nothing(state, 4, 6)
    assert state["track"][III]["abilities"] == ["even_odd"]
    state["track"][III]["power"] = 1
    reveal(state, cid("red", "arrow"), cid("blue", "bricks"), cid("red", "wheel"))  # 6, 5, 5
    assert "even or all odd" in preview_fight(state, III, state["revealed"])["reason"]
    assert preview_fight(state, III, [cid("blue", "bricks"), cid("red", "wheel")])["possible"]


def test_advanced_sum_11_doubles_one_card_which_then_leaves_the_game():
    state = new(advanced=True)
    next_tile(state, "bricks")
    state = buy_nothing(state, 5, 6)
    monster = state["track"][III]
    assert monster["abilities"] == ["double"] and monster["power"] == 11
    card = cid("red", "arrow")  # 6, light 3
    reveal(state, card)
    assert not preview_fight(state, III, [card])["possible"]
    assert {"type": "fight", "monster": III, "cards": [card], "double": card} in G.legal_actions(state, 0)
    after = fight(state, III, [card], double=card)
    assert card in after["removed"] and after["defeated"] == [monster["tile"]]


def test_advanced_double_gets_the_standard_ability_too():
    state = new(advanced=True)
    state = buy_nothing(state, 3, 3)  # double 3: half attack; sum 6 is a double: no sum ability
    assert state["track"][III]["abilities"] == ["half_attack"]


def test_advanced_same_symbol_appearing_in_a_row_adds_two_then_three_power():
    state = new(advanced=True)
    powers = []
    for _ in range(4):
        next_tile(state, "circles")
        state = buy_nothing(state, 1, 6)
        powers.append(state["track"][III]["power"])
    assert powers == [7, 9, 10, 10]


def test_advanced_the_eye_breaks_a_run_of_appearing_symbols():
    state = new(advanced=True)
    next_tile(state, "circles")
    state = buy_nothing(state, 1, 6)
    next_tile(state, None, eye=True)
    state = buy_nothing(state)
    next_tile(state, "circles")
    state = buy_nothing(state, 1, 6)
    assert state["track"][III]["power"] == 7


def test_advanced_two_defeats_of_one_symbol_give_light_three_give_attack():
    state = new(advanced=True)
    strong = cid("black", "drop")
    for n in range(3):
        reveal(state, strong)
        put(state, I, "wheel", power=1)
        state = fight(state, I, [strong])
        assert state["bonus"] == [{"light": 0, "attack": 0, "field_one": 0},
                                  {"light": 1, "attack": 0, "field_one": 0},
                                  {"light": 1, "attack": 2, "field_one": 0}][n]
    reveal(state, cid("black", "drop"))
    put(state, I, "arrow", power=1)
    state = fight(state, I, [strong])
    reveal(state, strong)
    put(state, I, "wheel", power=1)
    state = fight(state, I, [strong])
    assert state["bonus"]["light"] == 1  # the arrow broke the run of wheels


def test_advanced_buying_between_defeats_keeps_the_run():
    state = new(advanced=True)
    strong = cid("black", "drop")
    reveal(state, strong)
    put(state, I, "wheel", power=1)
    state = fight(state, I, [strong])
    state = buy_nothing(state, 1, 2)
    reveal(state, strong)
    state["track"] = [None, None, None]
    state["pile"] = [t for t in range(36) if t not in state["defeated"]]
    put(state, I, "wheel", power=1)
    state = fight(state, I, [strong])
    assert state["bonus"]["light"] == 1


def test_advanced_discard_runs_remove_a_supply_card_then_add_power_on_field_one():
    state = new(advanced=True)
    first_drop = state["supply"]["red"][0]
    put(state, II, "bricks")
    put(state, I, "bricks")
    for symbol in ("bricks", "bricks"):
        next_tile(state, symbol)
    state = buy_nothing(state, 1, 2)  # bricks enters III: track full
    state = buy_nothing(state, 1, 2)  # 1st bricks off
    assert state["bonus"]["field_one"] == 0
    next_tile(state, "drop")
    state = buy_nothing(state, 1, 2)  # 2nd bricks off: a bricks card leaves the supply
    assert cid("red", "bricks") in state["removed"] and first_drop in state["supply"]["red"]
    next_tile(state, "drop")
    state = buy_nothing(state, 1, 2)  # 3rd bricks off: +2 power on field I
    assert state["bonus"]["field_one"] == 2
    view = G.view(state, 0)
    assert view["track"][I]["power"] == state["track"][I]["power"] + 2
    assert cid("blue", "bricks") not in state["removed"]


def test_advanced_three_revealed_of_one_symbol_allow_two_purchases():
    state = new(advanced=True)
    reveal(state, cid("red", "drop", True), cid("blue", "drop", True), cid("yellow", "drop", True))
    force_dice(state, 1, 2)
    assert {"type": "buy", "stack": "red", "second": "red"} in G.legal_actions(state, 0)
    red = state["supply"]["red"][:2]
    state["gold"] = 3
    after, _ = play(state, {"type": "buy", "stack": "red", "second": "red"})
    assert set(red) <= set(after["cards"]["discard"]) and after["gold"] == 0  # 3 cards paid 1+2; cubes lost
    basic = new()
    reveal(basic, cid("red", "drop", True), cid("blue", "drop", True), cid("yellow", "drop", True))
    with pytest.raises(RuleError, match="second purchase"):
        G.apply(basic, 0, {"type": "buy", "stack": "red", "second": "blue"}, 0.0)


# --------------------------------------------------------------------------- view, preview, simulation

def test_preview_fight_explains_why_a_fight_is_impossible():
    state = new()
    reveal(state, cid("red", "drop", True))
    assert "no monster on field II" in preview_fight(state, II, state["revealed"])["reason"]
    put(state, II, "wheel", power=12)
    check = preview_fight(state, II, state["revealed"])
    assert check["possible"] is False and check["power"] == 12 and check["light_needed"] == 2
    assert "power 12" in check["reason"] and "missing light" in check["reason"]
    assert "at least one" in preview_fight(state, II, [])["reason"]


def test_view_shows_the_track_piles_cards_and_supply_but_not_the_deck_order():
    state = new()
    put(state, III, "wheel", power=13, abilities=("colour_needed",), colour="red")
    view = G.view(state, 0)
    monster = view["track"][III]
    assert (monster["field"], monster["red"], monster["blue"], monster["light_needed"]) == ("III", 2, 3, 3)
    assert monster["abilities"][0]["label"] == "Colour needed: only red cards fight"
    assert view["pile"] == 35 and view["eye"]["where"] == "pile" and view["deck"] == 15
    assert [c["id"] for c in view["deck_cards"]] == sorted(state["cards"]["draw"])
    assert G.view(state, None) == view


def test_supply_stacks_keep_their_fixed_colour_order_in_a_stored_snapshot():
    state = json.loads(canonical(new()))  # the table stores snapshots with sorted keys
    assert list(state["supply"]) == sorted(COLOURS) != list(COLOURS)
    assert [s["colour"] for s in G.view(state, None)["supply"]] == list(COLOURS)
    buys = [a["stack"] for a in G.legal_actions(state, 0) if a["type"] == "buy"]
    assert buys == [c for c in COLOURS if c in buys] and len(buys) > 1


def test_rules_text_says_when_the_game_ends_and_that_excess_gold_is_forfeited():
    rules = G.rules
    assert "Excess gold is forfeited" in rules and "your cubes too" in rules
    assert "The Eye reaching field I** because a monster left the track ends the game at once" in rules
    assert "cubes not needed are kept" not in rules and "the Eye pushed off ends the game" not in rules


def test_rules_text_fits_discord():
    assert len(G.rules) < 3500 and "Eye" in G.rules and G.options[0].key == "advanced"


def test_greedy_player_beats_random_player():
    from bench.tiger_policies import greedy_policy, random_policy, win_rate
    assert win_rate(greedy_policy, 20, 7) > win_rate(random_policy, 20, 7)


def test_fight_fields_are_the_non_eye_monsters_from_the_second_turn_on():
    game = Tiger()
    state = game.setup(1, {"advanced": False}, 5, 0.0)
    assert fight_fields(state) == []  # the first turn is a purchase
    state, _ = game.apply(state, 0, next(a for a in game.legal_actions(state, 0) if a["type"] == "buy"), 1.0)
    expected = [i for i, e in enumerate(state["track"]) if e is not None and not e["eye"]]
    assert expected and fight_fields(state) == expected == game.view(state, None)["fight_fields"]


# --------------------------------------------------------------------------- previews for the panels

def test_the_purchases_are_the_legal_buys_and_take_what_they_say():
    for seed in range(12):
        state, rng = G.setup(1, {"advanced": seed % 2 == 1}, seed, 0.0), Rng(seed)
        while G.outcome(state) is None:
            offered = purchases(state)
            buys = [a for a in G.legal_actions(state, 0) if a["type"] in ("buy", "pass_buy")]
            assert [p["action"] for p in offered] == buys
            for p in offered[:4]:
                after, events = G.apply(state, 0, p["action"], 0.0)
                news = " ".join(e.text for e in events)
                for card in p["cards"] + ([p["free"]] if p["free"] else []):
                    assert card["name"] in news and all(card["id"] not in s for s in after["supply"].values())
                assert (f"{p['lost']} gold unused is lost" in news) == (p["lost"] > 0)
                assert p["price"] == sum(c["price"] for c in p["cards"]) and p["lost"] >= 0
            state, _ = G.apply(state, 0, rng.choice(G.legal_actions(state, 0)), 0.0)


def test_a_stack_bought_twice_gives_its_next_card():
    state = new(advanced=True)
    reveal(state, cid("red", "drop", True), cid("blue", "drop", True), cid("yellow", "drop", True))
    state["gold"] = 3
    twice = next(p for p in purchases(state) if p["action"] == {"type": "buy", "stack": "red", "second": "red"})
    assert [c["id"] for c in twice["cards"]] == state["supply"]["red"][:2]
    assert (twice["price"], twice["lost"]) == (3, 3)  # 1 + 2 of 6 gold


def test_the_free_colour_card_is_the_top_card_left_after_the_purchase():
    state = new()
    reveal(state, *(cid("red", s, True) for s in ("drop", "hammers", "circles")))
    red = state["supply"]["red"]
    taking = next(p for p in purchases(state) if p["action"] == {"type": "buy", "stack": "red"})
    assert taking["cards"][0]["id"] == red[0] and taking["free"]["id"] == red[1]
    declining = next(p for p in purchases(state) if p["action"] == {"type": "buy", "stack": "red", "bonus": False})
    assert declining["free"] is None


def test_a_fight_names_the_cards_it_may_double_only_against_a_doubling_monster():
    state = new(advanced=True)
    cards = [cid("red", "hammers", True), cid("red", "arrow")]
    reveal(state, *cards)
    put(state, I, "wheel", 6, ("double",))
    put(state, II, "wheel", 6)
    assert preview_fight(state, I, cards)["doubles"] == cards
    assert preview_fight(state, II, cards)["doubles"] == []
    assert "doubling ability" in preview_fight(state, II, cards, double=cards[0])["reason"]


def test_the_lost_card_is_a_choice_among_two_of_the_symbol_unless_the_doubled_card_is_one():
    state = new(advanced=True)
    red_h, blue_h, arrow = cid("red", "hammers", True), cid("blue", "hammers", True), cid("red", "arrow")
    reveal(state, red_h, blue_h, arrow)
    put(state, I, "hammers", 6, ("double",))
    assert preview_fight(state, I, [red_h, blue_h, arrow])["choose_lost"] == [red_h, blue_h]
    assert preview_fight(state, I, [red_h, arrow])["choose_lost"] == []  # one hammers card: no choice
    doubled = preview_fight(state, I, [red_h, blue_h, arrow], double=blue_h)
    assert doubled["choose_lost"] == [] and doubled["lose"] == [blue_h]


def test_a_refused_fight_says_whether_it_counted_the_light_and_the_values():
    state = new()
    put(state, III, "wheel", 30)
    early = preview_fight(state, III, [])
    assert early["light"] is None and early["values"] is None
    counted = preview_fight(state, III, state["revealed"])
    assert counted["light"] is not None and counted["values"] is not None and not counted["possible"]


def test_fight_words_count_light_and_attack_as_far_as_the_preview_did_and_say_what_a_win_gives():
    state = new()
    state["bonus"]["attack"] = 1
    hammers, arrow = cid("red", "hammers", True), cid("red", "arrow")
    reveal(state, hammers, arrow)
    put(state, III, "hammers", 7)
    assert fight_words(state, preview_fight(state, III, [])) == []  # refused before counting
    weak = fight_words(state, preview_fight(state, III, [hammers]))
    assert weak == ["Light: 1 (needs 3), 2 missing", "Penalty: -4 attack",
                    "Attack: -2 (values 1, +1 bonus, -4 penalty) against power 7"]
    strong = fight_words(state, preview_fight(state, III, [hammers, arrow]))
    assert strong[:3] == ["Light: 4 (needs 3)", "Penalty: none", "Attack: 8 (values 7, +1 bonus) against power 7"]
    assert strong[3:] == ["Gold if you win: 1", "Cards lost after the win: red hammers (1)"]


def test_the_view_says_how_many_cards_a_used_up_deck_may_lose():
    assert G.view(G.setup(1, {}, 1, 0.0), 0)["thin_max"] == THIN_MAX == 2
