"""Eye for an Eye: Alliances and the Rainforest with the advanced rules (issue 14). The cards'
targets and area effects skip allies (ARENA.md 4.7); the Raging Currents move everything in the
stream, Echo's Guards included; a Guard goes with the flow as the Chief does, a Netted figure
does not; the invariants count dice locked on the tracks, and sides rather than figures."""
from __future__ import annotations

from engine.arena import EyeForAnEye
from engine.arena.guards import place
from tests.engine.arena.advanced_setup import listed, ready
from tests.kit.arena_setup import NOW, E, W, do, give, health, put, refused, under_way

GAME = EyeForAnEye()
FAR = ([-4, 4], [4, -4], [0, -4], [0, 4])  # rim hexes, out of everyone's way on both boards


def begun(*chars, **options):
    """An advanced round under way with these characters and options, every figure on the rim."""
    state = GAME.setup(len(chars), {"advanced": True, "character": list(chars), **options}, 1, NOW)
    return under_way(state, FAR)


def pool(state, seat, *faces):
    """The seat's pool shows these faces (the rest of its pool unrolled)."""
    dice = state["dice"][seat]
    dice["pool"] = list(faces) + [None] * (len(dice["pool"]) - len(faces))


def alliance(*chars):
    """Four players in Alliances: seats 0 and 1 against 2 and 3."""
    state = begun(*chars, alliances=True)
    assert state["teams"] == [[0, 1], [2, 3]]
    return state


# --------------------------------------------------------------------------- Alliances (4.7)

def test_an_area_card_skips_allies():
    state = alliance("grublic", "riparian", "banksia", "pluma")
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], W)   # his ally, in front
    put(state, 2, [-1, 0], E)  # an enemy, behind
    ready(state, 0, "thunderstomp", thunderstomp=3)
    state, texts = do(state, 0, type="use", track="thunderstomp")
    assert health(state, 1) == 15 and health(state, 2) == 13 and state["cups"][0] == 2
    assert sum("Thunderstomp on" in t for t in texts) == 1


def test_a_card_cannot_target_an_ally():
    state = alliance("grublic", "riparian", "banksia", "pluma")
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], W)
    ready(state, 0, "shield_bash", shield_bash=2)
    assert not [a for a in listed(state, 0, "use") if a["track"] == "shield_bash"]
    refused(state, 0, "No one to shield bash", type="use", track="shield_bash", target=1)


def test_a_brutal_charge_stops_at_an_ally_without_harming_it():
    state = alliance("banksia", "grublic", "riparian", "pluma")
    put(state, 0, [-3, 1], E)
    put(state, 1, [-1, 1], W)
    ready(state, 0, "brutal_charge", brutal_charge=3)
    state, _ = do(state, 0, type="use", track="brutal_charge", hexes=3)
    assert state["figures"][0]["hex"] == [-2, 1] and state["figures"][1]["hex"] == [-1, 1]
    assert health(state, 1) == 15 and state["cups"][0] == 0


# --------------------------------------------------------------------------- the Rainforest (2.3)

def test_a_raging_current_moves_echos_guards_in_the_stream_too():
    state = begun("echo", "grublic", rainforest=True)
    place(state, 0, 0, [0, 0], W)  # Guard 1, downstream of Grublic: it moves first
    put(state, 1, [-1, 0], E)
    pool(state, 1, "M", "M")
    state, texts = do(state, 1, type="current", track="swell")
    assert state["guards"][0][0]["hex"] == [1, 0] and state["figures"][1]["hex"] == [0, 0]
    assert "Echo's Guard 1 ({0}) goes 1 hex E to [1, 0]" in texts[0]


def test_the_flood_steps_a_guard_beside_the_stream_in():
    state = begun("echo", "grublic", rainforest=True)
    place(state, 0, 0, [3, -1], E)  # north bank: SE into the stream
    pool(state, 1, "S", "S", "S")
    state, _ = do(state, 1, type="current", track="flood")
    assert state["guards"][0][0]["hex"] == [3, 0]


def test_a_guard_may_go_with_the_flow():
    state = begun("echo", "grublic", rainforest=True)
    place(state, 0, 0, [0, -1], E)
    give(state, 0, move=1)
    assert {"type": "move", "steps": ["SE"], "flow": True, "by": 0} in listed(state, 0, "move")
    state, texts = do(state, 0, type="move", steps=["SE"], flow=True, by=0)
    assert state["guards"][0][0]["hex"] == [1, 0] and "goes with the flow to [1, 0]" in texts[0]


def test_a_netted_figure_does_not_go_with_the_flow():
    state = begun("grublic", "riparian", rainforest=True)
    put(state, 0, [-1, 0], E)
    state["figures"][0]["statuses"]["netted"] = {"until": NOW + 15}
    give(state, 0, move=1)
    assert not [a for a in listed(state, 0, "move") if a.get("flow")]
    refused(state, 0, "Netted", type="move", steps=["L"], flow=True)


# --------------------------------------------------------------------------- invariants

def test_the_invariants_count_locked_dice_full_tracks_and_sides():
    state = begun("grublic", "riparian", "banksia", "pluma", rainforest=True, alliances=True)
    pool(state, 0, "M")
    state, _ = do(state, 0, type="current", track="swell")  # `do` checks the invariants: 1 die locked
    for seat in (1, 3):  # one of each team out: two sides still stand
        state["figures"][seat].update(status="out", hex=None)
    assert "sides" not in " / ".join(GAME.invariants(state))
    state["figures"][2].update(status="out", hex=None)
    state["shared"]["swell"] = [0, 0]
    broken = " / ".join(GAME.invariants(state))
    assert "fewer than two sides standing" in broken and "full but has not triggered" in broken
    assert "4 dice and 2 locked, not 5" in broken  # the second die on the track came from nowhere
