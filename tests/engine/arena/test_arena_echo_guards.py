"""Eye for an Eye: Echo's Guards in every game (ARENA.md 4.16, issue 26 item 1). The rulebook lists his four
Guards among his components and in his character text with no advanced marking, so his innate Call the Guard
and his Luftle figures play in the core game too; the lobby's character menu shows the rulebook's
difficulty and lists its four characters for new players first."""
from __future__ import annotations

from engine.arena.data import CHARACTERS, GUARD_TOKENS, GUARDS, RECOMMENDED, STANDARD
from engine.arena.figures import board_of
from engine.arena.guards import place
from engine.arena.lobby import CHARACTER
from engine.arena.rules import RULES
from engine.computers.play import play_game
from tests.engine.arena.advanced_setup import GAME, begun, face_off, listed
from tests.kit.arena_setup import E, W, do, give, health, refused


def core_echo(**dice):
    """A core game: Echo (seat 0) at (0,0) facing E, Grublic (seat 1) at (1,0) facing W."""
    state = face_off("echo", "grublic", advanced=False)
    give(state, 0, **dice)
    return state


def test_echo_has_his_four_guards_and_five_guard_tokens_in_the_core_game():
    state = begun("echo", "grublic", advanced=False)
    assert health(state, 0) == 10 and state["guards"] == [[None] * GUARDS, []]
    assert state["guard_tokens"] == [GUARD_TOKENS, 0]
    seat = GAME.view(state, 0)["seats"][0]
    assert seat["innate"]["key"] == "call_the_guard" and seat["guards"] == [None] * 4 and seat["guard_tokens"] == 5
    assert [p["key"] for p in seat["passives"]] == ["luftles"] and "cards" not in seat


def test_call_the_guard_is_echos_innate_action_in_the_core_game():
    state = core_echo(call_the_guard=2)
    assert set(board_of(state, 0)) == {*STANDARD, "call_the_guard"} and set(board_of(state, 1)) == set(STANDARD)
    assert {"type": "use", "track": "call_the_guard", "hex": [-1, 0], "facing": W, "dice": 2} in listed(state, 0, "use")
    state, texts = do(state, 0, type="use", track="call_the_guard", hex=[-1, 0], facing=W)
    assert state["guards"][0][0] == {"hex": [-1, 0], "facing": W, "statuses": {}}
    assert texts == ["Echo ({0}): Call the Guard! Echo's Guard 1 ({0}) stands at [-1, 0], facing W."]


def test_special_dice_go_on_call_the_guard_in_the_core_game():
    state = core_echo()
    state["dice"][0]["pool"] = ["S", "S", "A", "M", "D"]
    state, _ = do(state, 0, type="allocate", track="call_the_guard")
    assert state["dice"][0]["tracks"]["call_the_guard"] == 2 and sorted(state["dice"][0]["pool"]) == ["A", "D", "M"]


def test_in_the_core_game_a_guard_takes_echos_attack_and_a_hit_on_it_gives_a_guard_token():
    state = core_echo(attack=2)
    place(state, 0, 0, [0, 1], E)
    state, texts = do(state, 0, type="attack", target=1, by=0)
    assert texts[0] == "Echo's Guard 1 ({0}): Attack 2 on Grublic ({1}), from the front: 2 hits."
    give(state, 1, attack=1)
    state, texts = do(state, 1, type="attack", target=0, guard=0)
    assert state["guards"][0][0] is None and state["guard_tokens"][0] == GUARD_TOKENS - 1 and state["cups"][1] == 1


def test_the_core_game_keeps_the_other_innate_actions_and_every_tribal_card_for_the_advanced_rules():
    state = core_echo(call_the_guard=2)
    assert not state["cards"][0] and "surge" not in board_of(state, 0)
    assert {a["track"] for a in listed(state, 0, "use")} == {"call_the_guard"}
    give(state, 1, attack=1)
    refused(state, 1, "advanced rules", type="use", track="watch_out")


def test_a_core_game_stored_before_echos_guards_plays_on_without_them():
    state = face_off("echo", "grublic", advanced=False)
    del state["core_innates"]
    state["guards"], state["guard_tokens"] = [[], []], [0, 0]
    for seat in (0, 1):
        state["dice"][seat]["tracks"].pop("call_the_guard", None)
        state["dice"][seat]["pool"] = [None] * 5
    assert set(board_of(state, 0)) == set(STANDARD) and GAME.invariants(state) == []
    give(state, 0, attack=1)
    state, _ = do(state, 0, type="attack", target=1)
    assert health(state, 1) == 14


def test_the_lobby_menu_lists_the_four_characters_for_new_players_first_each_with_its_difficulty():
    assert list(CHARACTER.values)[:4] == list(RECOMMENDED) == ["grublic", "riparian", "banksia", "pluma"]
    assert list(CHARACTER.values) == ["grublic", "riparian", "banksia", "pluma", "incendiary", "echo"]
    assert {key: CHARACTERS[key].difficulty for key in CHARACTER.values} == {
        "grublic": "Easy", "riparian": "Easy", "banksia": "Easy", "pluma": "Easy", "incendiary": "Medium",
        "echo": "Hard"}  # the rulebook's "Characters in Eye for an Eye"
    assert CHARACTER.notes["echo"] == "Hard" and CHARACTER.notes["pluma"] == "Easy, for new players"
    assert CHARACTER in GAME.choices and CHARACTER.values["echo"] == "Echo"


def test_the_rules_give_echo_his_guards_and_call_the_guard_in_the_core_game():
    assert "4 Guards" in RULES and "**Call the Guard** (2 Special dice)" in RULES and "Guard tokens" in RULES


def test_a_computer_echo_calls_his_guards_and_strikes_with_them_in_the_core_game():
    played = play_game(GAME, ["hard", "hard"], {"character": ["echo", "grublic"]}, 3)
    mine = [e.action for e in played.log if e.seat == 0]
    assert any(a["type"] == "use" and a["track"] == "call_the_guard" for a in mine), "a Guard is called"
    assert any(a["type"] == "attack" and a.get("by") is not None for a in mine), "a Guard strikes"
