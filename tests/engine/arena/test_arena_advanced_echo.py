"""Eye for an Eye, advanced rules: Echo's Guards, Luftle figures and Tribal cards (ARENA.md 2.6)."""
from __future__ import annotations

from engine.arena.data import GUARD_TOKENS, GUARDS, NETTED
from engine.arena.guards import place
from tests.engine.arena.advanced_setup import GAME, begun, face_off, hurt, listed, ready
from tests.kit.arena_setup import NE, NOW, SE, SW, E, W, do, give, health, put, refused


def echo(*cards, guards=((0, 1, E),), **dice):
    """Echo (seat 0) at (0,0) facing E, Grublic (seat 1) at (1,0) facing W, and Echo's Guards
    placed at (q, r, facing): by default Guard 1 at (0,1) facing E, next to both."""
    state = face_off("echo", "grublic")
    for n, (q, r, facing) in enumerate(guards):
        place(state, 0, n, [q, r], facing)
    ready(state, 0, *cards, **dice)
    return state


def test_echo_has_ten_health_four_guards_in_the_supply_and_five_guard_tokens():
    state = begun("echo", "grublic")
    assert health(state, 0) == 10 and state["guards"][0] == [None] * GUARDS == [None] * 4
    assert state["guard_tokens"] == [GUARD_TOKENS, 0] == [5, 0]
    assert GAME.view(state, 0)["seats"][0]["guard_tokens"] == 5


def test_call_the_guard_places_a_guard_from_the_supply_next_to_echo():
    state = echo(guards=(), call_the_guard=2)
    assert {"type": "use", "track": "call_the_guard", "hex": [-1, 0], "facing": W, "dice": 2} in listed(state, 0, "use")
    state, texts = do(state, 0, type="use", track="call_the_guard", hex=[-1, 0], facing=W)
    assert state["guards"][0][0] == {"hex": [-1, 0], "facing": W, "statuses": {}}
    assert texts == ["Echo ({0}): Call the Guard! Echo's Guard 1 ({0}) stands at [-1, 0], facing W."]


def test_call_the_guard_needs_an_open_hex_next_to_echo_and_a_guard_in_the_supply():
    state = echo(guards=(), call_the_guard=2)
    refused(state, 0, "open hex next to Echo", type="use", track="call_the_guard", hex=[1, 0], facing=W)
    refused(state, 0, "open hex next to Echo", type="use", track="call_the_guard", hex=[-2, 1], facing=W)
    state = echo(guards=((0, 1, E), (-1, 1, E), (-1, 0, E), (0, -1, E)), call_the_guard=2)
    refused(state, 0, "Every Guard is on the board", type="use", track="call_the_guard", hex=[1, -1], facing=E)


def test_guards_block_movement_and_line_of_sight():
    state = face_off("grublic", "echo")
    place(state, 1, 0, [-1, 0], E)
    give(state, 0, move=1)
    put(state, 0, [-2, 1], NE)
    refused(state, 0, "blocked", type="move", steps=["NE"])
    seen = GAME.view(state, 0)["seats"][0]["sight"]
    assert [-1, 0] in seen and [0, -1] not in seen


def test_a_basic_attack_may_be_taken_by_a_guard():
    state = echo(attack=2)
    assert {"type": "attack", "target": 1, "by": 0, "dice": 2} in listed(state, 0, "attack")
    state, texts = do(state, 0, type="attack", target=1, by=0)
    assert texts[0] == "Echo's Guard 1 ({0}): Attack 2 on Grublic ({1}), from the front: 2 hits."
    assert health(state, 1) == 13 and state["cups"][0] == 2


def test_a_movement_may_be_taken_by_a_guard():
    state = echo(move=2)
    state, texts = do(state, 0, type="move", steps=["SW", "L"], by=0)
    assert state["guards"][0][0]["hex"] == [-1, 2] and state["guards"][0][0]["facing"] == NE
    assert state["figures"][0]["hex"] == [0, 0]
    refused(state, 0, "Your Guards on the board are 1", type="move", steps=["L"], by=3)


def test_a_hit_that_lands_on_a_guard_sends_it_to_the_supply_for_one_guard_token():
    state = echo()
    give(state, 1, attack=3)
    state, texts = do(state, 1, type="attack", target=0, guard=0)
    assert state["guards"][0][0] is None and state["guard_tokens"][0] == 4
    assert state["cups"][1] == 1 and health(state, 0) == 10  # one token, however many hits
    assert texts[-1] == "Echo's Guard 1 ({0}) goes back to the supply: a Guard token for Grublic ({1})."


def test_with_no_guard_token_left_the_attacker_takes_nothing():
    state = echo()
    state["guard_tokens"][0] = 0
    state["start_health"] -= GUARD_TOKENS  # the five tokens are in nobody's cup: keep the count honest
    give(state, 1, attack=1)
    state, texts = do(state, 1, type="attack", target=0, guard=0)
    assert state["cups"][1] == 0 and texts[-1] == "Echo's Guard 1 ({0}) goes back to the supply."


def test_echos_parry_can_cancel_hits_on_a_guard_from_its_front():
    state = echo(parry=2)
    give(state, 1, attack=1)
    state, texts = do(state, 1, type="attack", target=0, guard=0)
    assert state["guards"][0][0] is not None and texts[-1] == "Echo's Guard 1 ({0}): Parry 1; no hit lands."


def test_guards_leave_the_arena_when_echo_is_knocked_out():
    state = face_off("echo", "grublic", "banksia")
    place(state, 0, 0, [0, 1], E)
    place(state, 0, 1, [-1, 0], W)
    hurt(state, 0, 1)
    give(state, 1, attack=1)
    state, texts = do(state, 1, type="attack", target=0)
    assert "Echo's Guards leave the arena." in texts
    assert state["guards"][0] == [None] * 4 and state["phase"] == "fight"


def test_surge_moves_each_guard_one_hex_and_or_turns_it():
    state = echo("surge", guards=((0, 1, E), (-1, 0, W)), surge=1)
    state, texts = do(state, 0, type="use", track="surge", steps=[["SW", "L"], ["NW"]])
    assert state["guards"][0][0] == {"hex": [-1, 2], "facing": NE, "statuses": {}}
    assert state["guards"][0][1] == {"hex": [-1, -1], "facing": W, "statuses": {}}
    assert texts == ["Echo ({0}): Surge! Guard 1 SW, L; Guard 2 NW."]


def test_surge_allows_one_step_and_one_turn_per_guard():
    state = echo("surge", surge=1)
    refused(state, 0, "at most one step and one turn", type="use", track="surge", steps=[["SW", "SW"]])
    refused(state, 0, "at least one Guard", type="use", track="surge", steps=[[]])
    refused(state, 0, "Guard 2 is not on the board", type="use", track="surge", steps=[[], ["L"]])


def test_a_netted_guard_cannot_surge_a_step():
    state = echo("surge", surge=1)
    state["guards"][0][0]["statuses"][NETTED] = {"until": NOW + 15}
    refused(state, 0, "Netted", type="use", track="surge", steps=[["SW"]])


def test_protect_the_chief_sends_all_the_hits_on_echo_to_a_guard_next_to_him():
    state = echo("protect_the_chief", protect_the_chief=1)
    give(state, 1, attack=3)
    state, texts = do(state, 1, type="attack", target=0)
    assert "Protect the Chief or take it" in texts[-1]
    assert listed(state, 0, "react") == [{"type": "react", "track": "protect_the_chief", "guard": 0}]
    state, texts = do(state, 0, type="react", track="protect_the_chief", guard=0)
    assert health(state, 0) == 10 and state["guards"][0][0] is None and state["cups"][1] == 1
    assert texts[:2] == ["Echo ({0}): Protect the Chief! Echo's Guard 1 ({0}) takes the hits.",
                         "Echo's Guard 1 ({0}): 3 hits land."]


def test_protect_the_chief_takes_unblockable_hits_too():
    state = echo("protect_the_chief", protect_the_chief=1)
    ready(state, 1, "shield_bash", shield_bash=2)
    put(state, 1, [0, 0], SW)    # Grublic bashes Echo SW, onto the stone at (-2,2): stopped,
    put(state, 0, [-1, 1], NE)   # so 1 hit and 1 unblockable hit; his Guard at (0,1) is beside him
    state, _ = do(state, 1, type="use", track="shield_bash", target=0)
    assert state["pending"][0]["unblockable"] == 1
    state, _ = do(state, 0, type="react", track="protect_the_chief", guard=0)
    assert health(state, 0) == 10 and state["guards"][0][0] is None


def test_protect_the_chief_needs_a_guard_next_to_echo():
    state = echo("protect_the_chief", guards=((-2, 1, E),), protect_the_chief=1)
    give(state, 1, attack=3)
    state, _ = do(state, 1, type="attack", target=0)
    assert state["pending"] == [] and health(state, 0) == 7


def test_luftle_swarm_strikes_every_adjacent_enemy_in_each_luftles_front_arc_once():
    state = echo("luftle_swarm", guards=((0, 1, E), (1, -1, SE)), luftle_swarm=3)
    state, texts = do(state, 0, type="use", track="luftle_swarm")
    assert texts[0] == "Echo ({0}): Luftle Swarm!" and health(state, 1) == 12
    assert sum(" on Grublic ({1})" in t for t in texts) == 3  # the Chief and both Guards: 3 separate attacks


def test_the_view_shows_guards_and_tokens():
    state = echo()
    me = GAME.view(state, 1)["seats"][0]
    assert me["guards"][0]["hex"] == [0, 1] and me["guards"][1] is None and me["guard_tokens"] == 5
