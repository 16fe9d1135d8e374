"""The arena's computer players: legal decisions through whole matches in both timings and every
option, matches that end, attacks on a foe in the front arc (never an ally), the turn-based search
(walk behind a foe, then strike its rear), dice worked for the turns, and levels that differ.

Matches here are quick ones (option `quick`: fewer, shorter rounds) at the fewest players each
option allows; the broad sweep (every option set at every player count, many seeds, win shares,
decision times) is `python -m bench.bots --game arena`."""
from __future__ import annotations

import pytest

from engine.arena import EyeForAnEye
from engine.computers import Mind, choose, policy_for
from engine.computers.play import play_game
from tests.kit.arena_log import log_text
from tests.kit.arena_setup import NOW, E, W, give, put, under_way

GAME = EyeForAnEye()
POLICY = policy_for("arena")
QUICK = {"quick": True}


def decide(state, seat, level="hard", seed=7, now=NOW + 1):
    mind = Mind.new(seat, level, seed)
    return choose(POLICY, mind, GAME.view(state, seat), now)


def turns_begin(state, first=0):
    """Turn-based: every seat takes a marker (`first` the first), so `first`'s turn begins."""
    order = [first] + [s for s in range(state["players"]) if s != first]
    for marker, seat in enumerate(order, start=1):
        state, _ = GAME.apply(state, seat, {"type": "marker", "marker": marker}, NOW + 1)
    assert state["phase"] == "turns" and state["tb"]["active"] == first
    return state


def test_the_policy_is_the_arenas():
    assert POLICY.game == "arena"


@pytest.mark.parametrize("options", [QUICK, {**QUICK, "turn_based": True}], ids=["real_time", "turn_based"])
def test_every_decision_is_accepted_through_a_whole_checked_match(options):
    """play_game refuses the match (Stuck) at the first action the rules refuse, and checks the
    invariants after every step and the replay at the end."""
    played = play_game(GAME, ["hard", "easy"], options, 3)
    assert played.outcome is not None and played.decisions
    assert played.state["phase"] == "over"


@pytest.mark.parametrize(("levels", "options"), [
    (["hard", "easy", "normal", "hard"], {"alliances": True, "advanced": True}),
    (["hard", "normal"], {"rainforest": True, "advanced": True}),
    (["hard", "easy"], {"domination": True}),
    (["normal", "hard"], {"hill": True}),
    (["easy", "hard"], {"ceremony": True}),
    (["hard", "easy", "normal", "hard"], {"alliances": True, "hill": True, "turn_based": True}),
    (["normal", "hard"], {"rainforest": True, "advanced": True, "turn_based": True}),
    (["hard", "normal"], {"domination": True, "turn_based": True}),
    (["hard", "easy"], {"ceremony": True, "turn_based": True}),
])
def test_whole_matches_of_computers_end_in_every_mode(levels, options):
    """Each option at the fewest players it allows, in both timings; a refused action raises Stuck."""
    played = play_game(GAME, levels, {**QUICK, **options}, 11, check=False)
    assert played.outcome is not None
    assert played.state["phase"] == "over"


def test_the_computer_attacks_a_foe_in_its_front_arc():
    state = under_way(GAME.setup(2, {}, 1, NOW))
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], W)
    give(state, 0, attack=2)
    for level in ("easy", "normal", "hard"):
        action = None
        for seed in range(5):  # easy may look away for a moment; it strikes soon enough
            action = choose(POLICY, Mind.new(0, level, seed), GAME.view(state, 0), NOW + 1)
            if action is not None:
                break
        assert action is not None and action["type"] == "attack" and action["target"] == 1


def test_the_computer_never_targets_an_ally():
    state = under_way(GAME.setup(4, {"alliances": True}, 1, NOW))  # teams [0, 1] and [2, 3]
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], W)  # the ally, in front
    give(state, 0, attack=3)
    for seed in range(10):
        action = decide(state, 0, seed=seed)
        assert action is None or action.get("target") != 1
    put(state, 2, [1, -1], W)  # a foe beside the ally, also in front
    assert decide(state, 0) == {"type": "attack", "target": 2, "dice": 3}


def test_the_turn_based_search_never_targets_an_ally():
    state = under_way(GAME.setup(4, {"alliances": True, "turn_based": True}, 1, NOW))
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], W)  # the ally, in front
    put(state, 2, [1, -1], W)  # a foe, also in front
    give(state, 0, attack=3)
    state = turns_begin(state)
    assert decide(state, 0) == {"type": "attack", "target": 2, "dice": 3}


def test_the_computer_parries_a_front_attack_in_its_window():
    state = under_way(GAME.setup(2, {}, 1, NOW))
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], W)
    give(state, 1, attack=3)
    give(state, 0, parry=2)
    state["auto_parry"][0] = False
    state, _ = GAME.apply(state, 1, {"type": "attack", "target": 0, "dice": 3}, NOW + 1)
    assert decide(state, 0) == {"type": "parry", "dice": 2}


def face_to_face_turn():
    """Turn-based, seat 0's turn: the foe stands in its front arc facing it, with Parry dice, and
    seat 0 has the Movement to walk round to the foe's rear."""
    state = under_way(GAME.setup(2, {"turn_based": True}, 1, NOW))
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], W)
    give(state, 0, attack=3, move=4)
    give(state, 1, parry=2)
    return turns_begin(state)


def test_hard_walks_behind_a_foe_and_strikes_its_rear_in_one_turn():
    """A rear attack is never rolled against: all three hits land, where a front one would be
    rolled and parried."""
    state = face_to_face_turn()
    first = decide(state, 0, now=NOW + 2)
    assert first["type"] == "move"
    state, _ = GAME.apply(state, 0, first, NOW + 2)
    assert state["tb"]["active"] == 0 and state["tb"]["actions_left"] == 1
    second = decide(state, 0, now=NOW + 3)
    assert second == {"type": "attack", "target": 1, "dice": 3}
    state, _ = GAME.apply(state, 0, second, NOW + 3)
    assert state["figures"][1]["health"] == 15 - 3
    assert "from the rear" in " ".join(log_text(state))


def test_easy_strikes_the_foe_in_front_where_hard_walks_round():
    state = face_to_face_turn()
    assert decide(state, 0, level="easy", now=NOW + 2) == {"type": "attack", "target": 1, "dice": 3}
    assert decide(state, 0, level="hard", now=NOW + 2)["type"] == "move"


def test_hard_takes_back_heal_dice_to_roll_them_again_at_good_health():
    """Three Heal dice buy one health, which scores nothing: before the first roll they go back."""
    state = under_way(GAME.setup(2, {"turn_based": True}, 1, NOW))
    give(state, 0, heal=3)
    assert state["phase"] == "roll"
    assert decide(state, 0, level="hard") == {"type": "recover", "track": "heal"}
    assert decide(state, 0, level="easy") == {"type": "roll"}


@pytest.mark.parametrize("options", [QUICK, {**QUICK, "turn_based": True}], ids=["real_time", "turn_based"])
def test_hard_beats_easy_more_often_than_not(options):
    hard_wins = 0
    for seed in range(4):
        levels = ["hard", "easy"] if seed % 2 == 0 else ["easy", "hard"]
        outcome = play_game(GAME, levels, options, 100 + seed, check=False).outcome
        hard = levels.index("hard")
        hard_wins += outcome.won[hard] and not outcome.won[1 - hard]
    assert hard_wins >= 3
