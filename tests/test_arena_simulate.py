"""Eye for an Eye: random play for 2-6 players in both modes, core and advanced, keeps the
invariants, and replaying the log gives the snapshot (engine/simulate). A brawling player makes
sure fights happen, and an adventurous one that every card, innate action and reaction is used."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.arena import EyeForAnEye
from engine.arena.data import CHARACTERS, STANDARD
from engine.arena.figures import character, standing
from engine.hexgrid import distance
from engine.simulate import main, play_one
from tests.arena_play import Patient

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


class Brawl(EyeForAnEye):
    """The same rules, listing only what a brawler would do: strike when it can, answer when
    struck, otherwise close in on the nearest enemy. The listing changes, never the rules."""

    def legal_actions(self, state, seat):
        actions = super().legal_actions(state, seat)
        kinds = {a["type"] for a in actions}
        for wanted in (("parry", "take"), ("attack",)):
            chosen = [a for a in actions if a["type"] in wanted]
            if chosen:
                return chosen
        if "roll" in kinds:  # turn-based: use every roll before taking a marker
            actions = [a for a in actions if a["type"] != "marker"]
        moves = [a for a in actions if a["type"] == "move" and self._closer(state, seat, a["steps"][0])]
        rest = [a for a in actions if a["type"] in ("auto", "roll", "marker", "ready", "heal", "end_turn")
                or (a["type"] == "auto_parry" and not a["on"])]
        if not moves and not rest and "pass" in kinds:
            return [{"type": "pass"}]
        return moves + rest or actions

    @staticmethod
    def _closer(state, seat, step):
        """A step towards the nearest enemy, or a turn when one is adjacent (to face it)."""
        me = state["figures"][seat]
        enemies = [state["figures"][s]["hex"] for s in standing(state) if s != seat]
        if not enemies:
            return False
        near = min(distance(me["hex"], e) for e in enemies)
        if step in ("L", "R"):
            return near == 1
        from engine.arena.board import COMPASS
        from engine.hexgrid import neighbour
        to = neighbour(me["hex"], COMPASS.index(step))
        return min(distance(to, e) for e in enemies) < near


class LongRounds(Patient):
    """A chooser that lets a timer run out only 1 in 500 actions, so rounds last long enough for fights."""

    once_in = 500


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


class Adventure(Brawl):
    """A brawler with the advanced rules: answers with any reaction, uses any card it can (its
    innate action when none), readies cards with its Ready dice and loads them with Special (or
    Attack) dice before its innate action."""

    def legal_actions(self, state, seat):
        actions = EyeForAnEye.legal_actions(self, state, seat)
        cards = {c.key for c in character(state, seat).cards}
        for wanted in (("react", cards), ("use", cards), ("use", None), ("allocate", cards), ("allocate", None)):
            chosen = [a for a in actions if a["type"] == wanted[0] and a.get("track") not in STANDARD
                      and (wanted[1] is None or a["track"] in wanted[1])]
            if chosen:
                return chosen
        return super().legal_actions(state, seat)


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
