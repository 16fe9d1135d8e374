"""Actions parsed once where they enter a game (engine/shapes.py): a malformed action is refused there,
saying what is wrong, and a well-formed one reaches the rules holding only its declared fields."""
from __future__ import annotations

import pytest

from engine import registry
from engine.arena import EyeForAnEye
from engine.computers import LEVELS
from engine.computers.play import START, play_game
from engine.errors import RuleError, Term
from engine.protocol import EVERY_GAME, FLAG, PAIR, WHOLE, WORDS, canonical, list_of, maybe, needed, parse, record

SHAPES = {**EVERY_GAME, "step": {"to": PAIR, "dice": maybe(WHOLE), "path": WORDS},
          "dance": {"strikes": list_of(record(Term("a strike", "kind of value"), facing=WHOLE, heat=FLAG),
                                          Term("a list of strikes", "kind of value"))}}


def test_a_well_formed_action_keeps_its_declared_fields_only():
    assert parse(SHAPES, {"type": "step", "to": [1, 2], "dice": None, "path": ["E"], "junk": 3}) == \
        {"type": "step", "to": [1, 2], "dice": None, "path": ["E"]}
    assert parse(SHAPES, {"type": "timeout"}) == {"type": "timeout"}
    assert parse(SHAPES, {"type": "dance", "strikes": [{"facing": 2}, {"facing": 0, "heat": True}]})


@pytest.mark.parametrize("action, words", [
    ({"type": "fly"}, "no action of type “fly”"),
    ({"to": [1, 2]}, "no action of type “None”"),
    ({"type": "step", "to": [1, True]}, "“to” must be two whole numbers"),  # True must not pass for 1
    ({"type": "step", "dice": 2.5}, "“dice” must be a whole number"),
    ({"type": "step", "path": "E"}, "“path” must be a list of words"),
    ({"type": "dance", "strikes": [{"facing": 1, "at": 2}]}, "“strikes” must be a list of strikes"),
])
def test_a_malformed_action_is_refused_saying_what_is_wrong(action, words):
    with pytest.raises(RuleError, match=words):
        parse(SHAPES, action)


def test_the_arena_refuses_a_malformed_action_before_its_rules_and_changes_nothing():
    game = EyeForAnEye()
    state = game.setup(2, {o.key: o.default for o in game.options}, 1, 1000.0)
    before = canonical(state)
    for action in ({"type": "place", "hex": "A1", "facing": 0}, {"type": "place", "hex": [0, 0], "facing": True},
                   {"type": "allocate", "track": 3}, {"type": "jump"}):
        with pytest.raises(RuleError, match="must be|no action of type"):
            game.apply(state, 0, action, 1000.0)
    assert canonical(state) == before


def test_a_needed_field_must_be_there():
    shapes = {"go": {"to": needed(PAIR)}}
    assert parse(shapes, {"type": "go", "to": [0, 1]}) == {"type": "go", "to": [0, 1]}
    with pytest.raises(RuleError, match="A “go” action needs its “to”"):
        parse(shapes, {"type": "go"})


def test_dragon_refuses_a_malformed_cell_at_the_edge_and_an_off_grid_one_by_its_rule():
    registry.load()
    dragon = registry.get("dragon")
    state = dragon.setup(2, {}, 3, 1000.0)
    for cell, words in (([1, True], "“cell” must be a cell"), (None, "“cell” must be a cell"),
                        ([9, 9], "Pick a cell of the 7x7 grid"), ("Z9", "'Z9' is not a cell")):
        with pytest.raises(RuleError, match=words):
            dragon.apply(state, 0, {"type": "reveal", "cell": cell}, 1000.0)
    with pytest.raises(RuleError, match="needs its “cell”"):
        dragon.apply(state, 0, {"type": "reveal"}, 1000.0)
    assert dragon.apply(state, 0, {"type": "reveal", "cell": "A1"}, 1000.0)[0]["revealed"] == [[0, 0]]


@pytest.mark.parametrize("name", ["dragon", "ghosts", "tiger", "bugs", "arena"])
def test_every_move_a_game_offers_parses_to_itself(name):
    """Each game declares its actions' shapes, and no field of a move it offers is unknown to them
    (`parse` would drop it before the rules saw it): checked along a game of computers."""
    registry.load()
    game = registry.get(name)
    assert game.shapes is not None
    options = {o.key: True for o in game.options if o.key in ("advanced", "rainforest")}
    options = {**{o.key: o.default for o in game.options}, **options}
    players = max(game.min_players, 2) if game.max_players > 1 else 1
    played = play_game(game, [LEVELS[s % len(LEVELS)] for s in range(players)], options, 5, check=False)
    state, offered = game.setup(players, options, 5, START), 0
    for step, entry in enumerate(played.log):
        if step % 7 == 0:
            for seat in range(players):
                for move in game.legal_actions(state, seat):
                    assert game.parse(move) == move, move
                    offered += 1
        state, _ = game.apply(state, entry.seat, entry.action, entry.now)
    assert offered > 20
