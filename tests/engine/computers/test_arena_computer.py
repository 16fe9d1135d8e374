"""The arena's computer players: legal decisions through whole matches in every timing and mode,
matches that end, attacks on a foe in the front arc (never an ally), and levels that differ."""
from __future__ import annotations

import pytest

from engine.arena import EyeForAnEye
from engine.computers import Mind, choose, policy_for
from engine.computers.play import play_game
from tests.kit.arena_setup import NOW, E, W, give, put, under_way

GAME = EyeForAnEye()
POLICY = policy_for("arena")


def decide(state, seat, level="hard", seed=7):
    mind = Mind.new(seat, level, seed)
    return choose(POLICY, mind, GAME.view(state, seat), NOW + 1)


def test_the_policy_is_the_arenas():
    assert POLICY.game == "arena"


def test_every_decision_is_accepted_through_a_whole_checked_match():
    """play_game refuses the match (Stuck) at the first action the rules refuse, and checks the
    invariants after every step and the replay at the end."""
    played = play_game(GAME, ["hard", "easy"], {}, 3)
    assert played.outcome is not None and played.decisions


@pytest.mark.parametrize(("levels", "options"), [
    (["normal", "hard"], {"turn_based": True}),
    (["hard", "easy", "normal", "hard"], {"alliances": True, "advanced": True}),
    (["hard", "normal"], {"rainforest": True, "advanced": True}),
    (["hard", "easy", "normal"], {"domination": True}),
    (["normal", "hard"], {"hill": True}),
    (["hard", "easy", "normal", "hard"], {"hill": True, "turn_based": True}),
    (["easy", "hard", "normal"], {"ceremony": True}),
    (["hard", "normal"], {"domination": True, "turn_based": True}),
    (["hard", "easy", "normal", "hard", "normal", "easy"], {"turn_based": True, "advanced": True}),
])
def test_whole_matches_of_computers_end_in_every_mode(levels, options):
    played = play_game(GAME, levels, options, 11, check=False)
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


def test_the_computer_parries_a_front_attack_in_its_window():
    state = under_way(GAME.setup(2, {}, 1, NOW))
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], W)
    give(state, 1, attack=3)
    give(state, 0, parry=2)
    state["auto_parry"][0] = False
    state, _ = GAME.apply(state, 1, {"type": "attack", "target": 0, "dice": 3}, NOW + 1)
    assert decide(state, 0) == {"type": "parry", "dice": 2}


def test_hard_beats_easy_more_often_than_not():
    hard_wins = 0
    for seed in range(4):
        levels = ["hard", "easy"] if seed % 2 == 0 else ["easy", "hard"]
        outcome = play_game(GAME, levels, {}, 100 + seed, check=False).outcome
        hard = levels.index("hard")
        hard_wins += outcome.won[hard] and not outcome.won[1 - hard]
    assert hard_wins >= 3
