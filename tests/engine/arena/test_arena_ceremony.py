"""Eye for an Eye's Nymphlet Ceremony (rule 25; ARENA.md 2.7, 4.11), one test per rule, named for it."""
from __future__ import annotations

from collections import Counter

import pytest

import render.arena as board
from engine.arena import EyeForAnEye
from engine.arena.ceremony import Ceremony, catch
from engine.arena.data import CATCH_VP, CATCH_VP_OUT, CHARACTERS, REACT_SECONDS, TB_DEFEND_SECONDS
from engine.arena.hits import new_entry
from engine.arena.modes import mode_of
from engine.protocol import TIMEOUT, canonical
from engine.rng import rig
from engine.simulate import play_one
from tests.kit.arena_play import Patient, clean_simulation, first_wanted, goal_matches, nearing
from tests.kit.arena_setup import NOW, E, W, do, give, nymphlet_at, put, refused, under_way
from tests.kit.readability import image_width, recording_text

GAME = EyeForAnEye()
FAR = ([-4, 4], [4, -4], [0, -4], [0, 4])


def new(players=4, **options):
    return GAME.setup(players, {"ceremony": True, **options}, 1, NOW)


def begun(players=4, **options):
    """A Ceremony round under way, the figures on the rim and one Nymphlet of seat 1 at [1, 1]
    (the others' Nymphlets stay in their areas)."""
    state = new(players, **options)
    return under_way(state, FAR)


def test_the_ceremony_option_picks_the_nymphlet_ceremony():
    assert isinstance(mode_of(new()), Ceremony) and "ceremony" in {o.key for o in GAME.options}


@pytest.mark.parametrize("players,each", [(2, 3), (3, 2), (4, 1), (6, 1)])
def test_each_player_has_three_nymphlets_with_two_players_two_with_three_one_with_more(players, each):
    state = new(players)
    assert [n["owner"] for n in state["tokens"]] == [s for s in range(players) for _ in range(each)]


def test_nymphlets_start_in_their_owners_area_or_the_nearest_open_hex_inward():
    state = new(2)
    assert state["figures"][0]["hex"] == [4, -2]
    assert [n["hex"] for n in state["tokens"] if n["owner"] == 0] == [[4, -3], [4, -1], [3, -2]]


def test_nymphlets_block_movement_but_not_line_of_sight():
    state = begun()
    put(state, 0, [-3, 1], E)
    nymphlet_at(state, 1, [-2, 1])
    give(state, 0, move=1)
    refused(state, 0, "is blocked", type="move", steps=["E"])
    sight = GAME.view(state, None)["seats"][0]["sight"]
    assert [-1, 1] in sight


def test_a_basic_attack_from_an_adjacent_hex_in_the_front_arc_catches_a_nymphlet():
    state = begun()
    put(state, 0, [-3, 1], E)
    index = nymphlet_at(state, 1, [-2, 1])
    give(state, 0, attack=1)
    assert {"type": "attack", "nymphlet": index, "dice": 1} in GAME.legal_actions(state, 0)
    state, said = do(state, 0, type="attack", nymphlet=index, dice=1)
    assert state["mode"]["vp"][0] == CATCH_VP and len(state["tokens"]) == 3
    assert said == ["Grublic ({0}): Spear Thrust 1 on Riparian ({1})'s Nymphlet at [-2, 1]: 1 hit.",
                    f"Grublic ({{0}}) catches Riparian ({{1}})'s Nymphlet at [-2, 1]: {CATCH_VP} VP. 3 Nymphlets left."]


def test_catching_a_nymphlet_needs_it_in_the_front_arc():
    state = begun()
    put(state, 0, [-3, 1], W)
    index = nymphlet_at(state, 1, [-2, 1])
    give(state, 0, attack=1)
    refused(state, 0, "not in your front arc", type="attack", nymphlet=index, dice=1)


def test_your_own_nymphlets_and_your_allies_cannot_be_caught():
    state = begun(alliances=True)  # seats 0 and 1 against 2 and 3
    put(state, 0, [-3, 1], E)
    index = nymphlet_at(state, 1, [-2, 1])
    give(state, 0, attack=1)
    refused(state, 0, "not your own or an ally's", type="attack", nymphlet=index, dice=1)


def test_turn_based_a_catch_needs_a_hit_face_on_the_rolled_die():
    state = new(2, turn_based=True)
    state["phase"] = "fight"  # the catch itself: rolled as a front attack is
    put(state, 0, [-3, 1], E)
    index = nymphlet_at(state, 1, [-2, 1])
    give(state, 0, attack=1)
    rig(state, 2)  # Defence: no hit
    said = catch(state, 0, {"nymphlet": index, "dice": 1}, NOW)
    assert said[0].text.endswith(": rolls Defence: 0 hits.") and "no hit lands, it stays" in said[1].text
    assert len(state["tokens"]) == 6


def test_a_catch_is_worth_one_vp_if_the_catcher_is_knocked_out_and_no_other_penalty():
    state = begun()
    state["mode"]["vp"], state["mode"]["catches"] = [2 * CATCH_VP, CATCH_VP, 0, 0], [2, 1, 0, 0]
    state["figures"][0].update(status="out", hex=None, health=0)
    state["cups"][1] += 15
    state, _ = GAME.apply(state, None, TIMEOUT, state["flow"]["deadline"])
    assert state["results"][0]["scores"] == [2 * CATCH_VP_OUT, CATCH_VP, 0, 0]


def test_the_round_ends_when_no_nymphlet_is_left():
    state = begun(2)
    state["tokens"] = state["tokens"][:1]
    put(state, 1, [-3, 1], E)
    index = nymphlet_at(state, 0, [-2, 1])
    give(state, 1, attack=1)
    state, said = do(state, 1, type="attack", nymphlet=index, dice=1)
    assert state["round"] == 2 and "every Nymphlet has been caught" in " ".join(said)


def test_with_the_advanced_rules_the_ceremony_card_is_the_band_one_card():
    state = new(advanced=True)
    for seat, hand in enumerate(state["hands"]):
        assert [c.band for c in CHARACTERS[state["chars"][seat]].cards if c.key in hand] == [1] and len(hand) == 1


@pytest.mark.parametrize("extra", [[], ["turn_based"], ["advanced", "alliances"]])
def test_random_ceremony_keeps_every_invariant_and_replays_to_the_snapshot(extra, capsys):
    """`python -m engine.simulate arena --players 4 --option ceremony [...]`."""
    clean_simulation(capsys, "ceremony", *extra)


def test_the_board_says_how_many_nymphlets_are_left_and_the_vp_readably():
    state = begun()
    put(state, 0, [-3, 1], E)
    index = nymphlet_at(state, 1, [-2, 1])
    give(state, 0, attack=1)
    state, _ = do(state, 0, type="attack", nymphlet=index, dice=1)
    with recording_text(board) as log:
        image = board.render_arena(GAME.view(state, None), ["Ann", "Bob", "Cy", "Di"], now=NOW + 30)
    assert image_width(image.png) == board.WIDTH and log.problems(board.WIDTH) == []
    assert f"Catch the Nymphlets (3 left) (VP: Ann {CATCH_VP})." in image.description


def test_turn_based_a_player_whose_only_action_is_a_catch_takes_their_turn():
    state = new(2, turn_based=True)
    state = under_way(state)
    put(state, 0, FAR[0], W)
    put(state, 1, [-3, 1], E)
    index = nymphlet_at(state, 0, [-2, 1])
    give(state, 0)
    give(state, 1, attack=1)
    state, _ = do(state, 1, type="marker", marker=1)
    state, _ = do(state, 0, type="marker", marker=2)
    assert state["phase"] == "turns" and state["tb"]["active"] == 1
    assert {"type": "attack", "nymphlet": index, "dice": 1} in GAME.legal_actions(state, 1)


def test_scamper_moves_a_nymphlet_one_hex_a_move_die_through_open_hexes():
    state = begun()
    index = nymphlet_at(state, 1, [-2, 1])
    give(state, 1, scamper=2)
    assert {"type": "scamper", "nymphlet": index, "steps": ["E"]} in GAME.legal_actions(state, 1)
    refused(state, 0, "Name one of your Nymphlets", type="scamper", nymphlet=index, steps=["E"])
    refused(state, 1, "Step 1 .* is blocked", type="scamper", nymphlet=index, steps=["NW"])  # a stone
    state, said = do(state, 1, type="scamper", nymphlet=index, steps=["E", "E"])
    assert state["tokens"][index]["hex"] == [0, 1] and state["dice"][1]["tracks"]["scamper"] == 0
    assert said == ["Riparian ({1})'s Nymphlet scampers from [-2, 1] to [0, 1]."]


class Catch(EyeForAnEye):
    """The same rules, listing what a Nymphlet hunter would do: catch one in reach, keep Move and
    Attack dice (and those on the tracks in `keep`), walk towards the nearest Nymphlet of another
    player, pass. The listing changes, never the rules."""

    keep = ("move", "attack")

    def legal_actions(self, state, seat):
        actions = super().legal_actions(state, seat)
        return first_wanted(actions, lambda a: a["type"] == "attack" and "nymphlet" in a,
                            lambda a: a["type"] == "recover" and a["track"] not in self.keep,
                            lambda a: a["type"] == "allocate" and a["track"] in self.keep,
                            lambda a: a["type"] == "move" and self._closer(state, seat, a["steps"][0]) > 0,
                            lambda a: a["type"] == "move" and self._closer(state, seat, a["steps"][0]) == 0,
                            lambda a: a["type"] == "roll",
                            lambda a: a["type"] in ("marker", "ready", "pass"))

    @staticmethod
    def _closer(state, seat, step):
        """How much nearer the step takes the figure to the nearest prey (turns: 0)."""
        return nearing(state, seat, step, [n["hex"] for n in state["tokens"] if n["owner"] != seat])


@pytest.mark.parametrize("turn_based", [False, True])
def test_players_who_hunt_nymphlets_catch_them_and_every_invariant_holds(turn_based):
    goal_matches(Catch(), 2, {"turn_based": turn_based, "ceremony": True})


# --------------------------------------------------------------------------- Dart's reaction window

def darting(dart=2, attack=2, players=4, **options):
    """Grublic beside one of Riparian's Nymphlets, facing it; Attack and Dart dice allocated."""
    state = begun(players, **options)
    put(state, 0, [-3, 1], E)
    index = nymphlet_at(state, 1, [-2, 1])
    give(state, 0, attack=attack)
    give(state, 1, dart=dart)
    return state, index


def test_a_catch_opens_a_window_for_the_owner_to_dart_one_to_k_or_take_it():
    state, index = darting()
    state, said = do(state, 0, type="attack", nymphlet=index, dice=2)
    assert said == ["Grublic ({0}): Spear Thrust 2 on Riparian ({1})'s Nymphlet at [-2, 1]: 2 hits.",
                    "Spear Thrust on your Nymphlet at [-2, 1]: 2 hits. Dart or take it (4 s)."]
    assert len(state["tokens"]) == 4 and GAME.next_deadline(state) == NOW + 1 + REACT_SECONDS
    assert GAME.legal_actions(state, 1) == [{"type": "parry", "dice": 1}, {"type": "parry", "dice": 2},
                                            {"type": "take"}]
    assert GAME.waiting_for(state) == [1]
    refused(state, 1, "Parry or take it first", type="scamper", nymphlet=index, steps=["E"])


def test_dart_cancels_one_hit_a_die_from_any_arc_and_the_nymphlet_stays():
    state, index = darting()
    state, _ = do(state, 0, type="attack", nymphlet=index, dice=2)
    state, said = do(state, 1, type="parry", dice=2)
    assert said == ["Riparian ({1})'s Nymphlet at [-2, 1]: Dart 2; no hit lands, it stays."]
    assert len(state["tokens"]) == 4 and state["dice"][1]["tracks"]["dart"] == 0 and not state["pending"]


def test_dart_fewer_than_the_hits_and_the_rest_catch_the_nymphlet():
    state, index = darting()
    state, _ = do(state, 0, type="attack", nymphlet=index, dice=2)
    state, said = do(state, 1, type="parry", dice=1)
    assert said == [f"Grublic ({{0}}) catches Riparian ({{1}})'s Nymphlet at [-2, 1] (Dart 1; 1 hit lands): "
                    f"{CATCH_VP} VP. 3 Nymphlets left."]
    assert state["dice"][1]["tracks"]["dart"] == 1 and state["mode"]["catches"] == [1, 0, 0, 0]


def test_taking_it_keeps_the_dart_dice_and_the_nymphlet_is_caught():
    state, index = darting()
    state, _ = do(state, 0, type="attack", nymphlet=index, dice=1)
    refused(state, 1, "at most 1", type="parry", dice=2)  # one die a hit
    state, said = do(state, 1, type="take")
    assert "catches Riparian ({1})'s Nymphlet" in said[0] and state["dice"][1]["tracks"]["dart"] == 2


def test_when_the_window_runs_out_auto_parry_darts_with_only_the_dice_needed():
    state, index = darting()
    state, _ = do(state, 0, type="attack", nymphlet=index, dice=1)
    state, said = do(state, None, now=NOW + 1 + REACT_SECONDS, type="timeout")
    assert said == ["Riparian ({1})'s Nymphlet at [-2, 1]: Dart 1; no hit lands, it stays."]
    assert len(state["tokens"]) == 4 and state["dice"][1]["tracks"]["dart"] == 1


def test_with_auto_parry_off_a_window_that_runs_out_lets_the_hits_land():
    state, index = darting()
    state, _ = do(state, 1, type="auto_parry", on=False)
    state, _ = do(state, 0, type="attack", nymphlet=index, dice=1)
    assert state["pending"][0]["deadline"] is not None, "the switch does not skip Dart's window"
    state, said = do(state, None, now=NOW + 1 + REACT_SECONDS, type="timeout")
    assert "catches Riparian ({1})'s Nymphlet" in said[0] and state["dice"][1]["tracks"]["dart"] == 2


def test_without_dice_on_dart_no_window_opens_and_the_hits_land_at_once():
    state, index = darting(dart=0)
    state, said = do(state, 0, type="attack", nymphlet=index, dice=1)
    assert not state["pending"] and "catches" in said[-1] and not any("take it" in s for s in said)


def test_an_owner_who_is_away_gets_the_auto_answer_at_once():
    state, index = darting()
    state["flow"]["away"].append(1)
    state, said = do(state, 0, type="attack", nymphlet=index, dice=1)
    assert not state["pending"] and said[-1] == "Riparian ({1})'s Nymphlet at [-2, 1]: Dart 1; no hit lands, it stays."


def test_a_nymphlet_with_a_catch_waiting_cannot_be_caught_twice():
    state, index = darting()
    put(state, 2, [-1, 1], W)  # Banksia beside it too, facing it
    give(state, 2, attack=1)
    state, _ = do(state, 0, type="attack", nymphlet=index, dice=1)
    assert not [a for a in GAME.legal_actions(state, 2) if a.get("nymphlet") == index]
    refused(state, 2, "already under attack", type="attack", nymphlet=index, dice=1)


def test_a_catch_waits_behind_an_attack_on_its_owner_in_call_order():
    state, index = darting()
    state["auto_parry"][1] = False
    put(state, 2, [2, -1], E)
    put(state, 1, [3, -1], W)  # Riparian faces Banksia
    give(state, 1, dart=2, parry=2)
    give(state, 2, attack=2)
    state, _ = do(state, 2, type="attack", target=1, dice=1)
    state, _ = do(state, 0, type="attack", nymphlet=index, dice=1)
    assert [p.get("nymphlet") for p in state["pending"]] == [None, index]
    assert state["pending"][1]["deadline"] is None, "its window opens once the attack on her is answered"
    state, said = do(state, 1, type="take")
    assert said[-1] == "Spear Thrust on your Nymphlet at [-2, 1]: 1 hit. Dart or take it (4 s)."


def test_a_tribal_cards_pause_holds_catches_too():
    state, index = darting(advanced=True)
    paused = new_entry(state, 2, 3, "Shield Bash", 1, 0, True, state["figures"][2]["hex"], None, card="Shield Bash")
    paused["deadline"] = NOW + REACT_SECONDS
    state["pending"].append(paused)
    refused(state, 0, "Everyone waits", type="attack", nymphlet=index, dice=1)


def test_turn_based_the_catch_is_rolled_then_the_owner_has_30_s_to_dart_or_take():
    state = new(2, turn_based=True)
    state["phase"] = "fight"  # the catch and its answer, as in the turn phase
    put(state, 0, [-3, 1], E)
    index = nymphlet_at(state, 1, [-2, 1])
    give(state, 0, attack=2)
    give(state, 1, dart=2)
    rig(state, 1, 2)  # Attack: a hit; Defence: none
    said = catch(state, 0, {"nymphlet": index, "dice": 2}, NOW)
    assert said[0].text == "Grublic ({0}): Spear Thrust 2 on Riparian ({1})'s Nymphlet at [-2, 1]: rolls Attack, Defence: 1 hit."
    assert said[1].text.endswith("Dart or take it (30 s).") and state["pending"][0]["deadline"] == NOW + TB_DEFEND_SECONDS
    assert GAME.legal_actions(state, 1) == [{"type": "parry", "dice": 1}, {"type": "take"}]  # Dart is not rolled


def test_a_knocked_out_owners_waiting_catch_gets_the_auto_answer():
    state, index = darting()
    state["figures"][1]["health"], state["cups"][2] = 1, 14
    put(state, 2, [2, -1], E)
    put(state, 1, [3, -1], W)
    give(state, 2, attack=2)
    state["auto_parry"][1] = False
    give(state, 1, dart=2, parry=2)
    state, _ = do(state, 2, type="attack", target=1, dice=1)
    state, _ = do(state, 0, type="attack", nymphlet=index, dice=1)
    state, said = do(state, 1, type="take")
    assert "Riparian ({1}) is knocked out" in " ".join(said) and not state["pending"]
    assert "catches Riparian ({1})'s Nymphlet" in said[-1], "Auto-Parry is off: the hit lands"


def test_a_ceremony_game_stored_before_catches_waited_plays_on():
    """A stored attack has no `nymphlet`: it is an attack on a figure, answered as before."""
    state, index = darting()
    state["auto_parry"][1] = False
    put(state, 2, [2, -1], E)
    put(state, 1, [3, -1], W)
    give(state, 1, parry=2)
    give(state, 2, attack=2)
    state, _ = do(state, 2, type="attack", target=1, dice=1)
    assert "nymphlet" not in state["pending"][0]
    assert GAME.legal_actions(state, 1) == [{"type": "parry", "dice": 1}, {"type": "take"}]
    state, said = do(state, 1, type="parry", dice=1)
    assert "Parry 1; no hit lands" in said[0]
    state, _ = do(state, 0, type="attack", nymphlet=index, dice=1)
    assert state["pending"][0]["nymphlet"] == index


class Darting(Catch):
    """Hunters who also keep Defence dice on Dart: their catches open windows, answered at random."""

    keep = ("move", "attack", "dart")


@pytest.mark.parametrize("turn_based", [False, True])
def test_random_play_with_dart_windows_keeps_every_invariant_and_replays(turn_based):
    played = Counter()
    for seed in range(2):
        options = {"turn_based": turn_based, "ceremony": True}
        state, log, outcome = play_one(Darting(), 2, options, seed, Patient(seed))
        assert outcome is not None
        played.update(e.action["type"] for e in log)
        replayed = GAME.setup(2, options, seed, 1_700_000_000.0)
        for entry in log:
            replayed, _ = GAME.apply(replayed, entry.seat, entry.action, entry.now)
        assert canonical(replayed) == canonical(state)
    assert played["parry"] + played["take"] > 0, played
