"""Eye for an Eye: random play for 2-6 players in both modes, core and advanced, keeps the
invariants, and replaying the log gives the snapshot (engine/simulate). A brawling player makes
sure fights happen, and an adventurous one that every card, innate action and reaction is used."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.arena import EyeForAnEye
from engine.arena.data import CHARACTERS
from engine.simulate import main, play_one
from tests.kit.arena_play import Adventure, Brawl, LongRounds

GAME = EyeForAnEye()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("turn_based", [False, True])
def test_random_play_never_breaks_a_rule_and_replays_to_the_snapshot(players, turn_based, capsys):
    """`python -m engine.simulate arena --players N [--option turn_based]`, as the issue runs it:
    invariants (health conserved between figures and cups, dice conserved) after every action,
    replay equal to the snapshot after every game."""
    argv = ["arena", "--players", str(players), "--games", "2", "--seed", str(40 + players), "--json"]
    assert main(argv + (["--option", "turn_based"] if turn_based else [])) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["failures"] == 0 and figures["games"] == 2 and figures["players"] == players


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("turn_based", [False, True])
def test_advanced_random_play_never_breaks_a_rule_and_replays_to_the_snapshot(players, turn_based, capsys):
    """`python -m engine.simulate arena --players 4 --option advanced [--option turn_based]`:
    the invariants also hold Heat, Guards and their tokens, Tribal cards and statuses."""
    argv = ["arena", "--players", str(players), "--games", "3", "--seed", str(60 + players), "--json",
            "--option", "advanced"]
    assert main(argv + (["--option", "turn_based"] if turn_based else [])) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["failures"] == 0 and figures["games"] == 3


def tally(players, turn_based, seed, log):
    """Replay the log, counting its events by kind."""
    state = GAME.setup(players, {"turn_based": turn_based}, seed, 1_700_000_000.0)
    kinds = Counter()
    for entry in log:
        state, events = GAME.apply(state, entry.seat, entry.action, entry.now)
        kinds.update(e.kind for e in events)
    return kinds


@pytest.mark.parametrize("players,turn_based", [(2, False), (4, False), (3, True), (5, True)])
def test_brawls_land_hits_and_keep_every_invariant(players, turn_based):
    """Real time, brawls knock figures out; turn-based rounds (6 game turns) are mostly too short
    for that, but hits land and windows open."""
    chooser = LongRounds(7)
    kinds = Counter()
    for seed in range(2):
        _, log, outcome = play_one(Brawl(), players, {"turn_based": turn_based}, seed, chooser)
        kinds += tally(players, turn_based, seed, log)
        assert outcome is not None and any(outcome.won)
    assert kinds["hit"] > 0 and kinds["react"] > 0
    assert turn_based or kinds["knockout"] > 0


PAIRS = [("grublic", "echo"), ("riparian", "incendiary"), ("banksia", "pluma")]


def adventures(chars, turn_based, games):
    """Adventurous games of these characters: the tracks used or answered with, and the events
    by kind (the log replayed)."""
    options = {"turn_based": turn_based, "advanced": True, "character": list(chars)}
    chooser, used, kinds = LongRounds(11), Counter(), Counter()
    for seed in range(games):
        _, log, outcome = play_one(Adventure(), len(chars), options, seed, chooser)
        assert outcome is not None
        state = GAME.setup(len(chars), options, seed, 1_700_000_000.0)
        for entry in log:
            state, events = GAME.apply(state, entry.seat, entry.action, entry.now)
            kinds.update(e.kind for e in events)
            if entry.action["type"] in ("use", "react"):
                used[entry.action["track"]] += 1
    return used, kinds


def tracks_of(chars, bands=(1, 2, 3)):
    """The characters' innate actions and their Tribal cards of these bands."""
    return {c.key for k in chars for c in CHARACTERS[k].cards if c.band in bands} | \
        {CHARACTERS[k].innate.effect for k in chars if CHARACTERS[k].innate}


@pytest.mark.parametrize("chars", PAIRS)
def test_adventurous_real_time_play_uses_every_card_innate_action_and_reaction(chars):
    """Every character's innate action and Tribal cards are listed, taken and resolve, every
    invariant holding (play_one checks them), in a few real-time games of two; Guards are hit,
    Heat burns, statuses come and go."""
    used, kinds = adventures(chars, False, 4)
    assert tracks_of(chars) - set(used) == set(), f"never used: {sorted(tracks_of(chars) - set(used))}"
    assert kinds["ready"] and kinds["card"]
    assert kinds[{"echo": "guard", "incendiary": "heat", "pluma": "status"}[chars[1]]]  # Guards, Heat, Hidden


@pytest.mark.parametrize("chars", PAIRS)
def test_adventurous_turn_based_play_uses_cards_too(chars):
    """Turn-based rounds are 6 game turns, and figures seldom meet: every innate action and Band I
    card is used, and stronger cards too."""
    used, kinds = adventures(chars, True, 12)
    assert tracks_of(chars, bands=(1,)) - set(used) == set()
    assert set(used) & tracks_of(chars, bands=(2, 3)) and kinds["ready"]
