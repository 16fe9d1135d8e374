"""The computer player of Treasure of the Dragons: it sees only its view, remembers what its level
allows, plays whole games without getting stuck, and hard beats easy."""
from __future__ import annotations

import copy
from collections import Counter

from engine.computers import EASY, HARD, NORMAL, Mind, choose, think
from engine.computers.dragon import MEMORY, PAUSE, POLICY
from engine.computers.play import play_game
from engine.dragon import COUNTS, KINDS, SIZE, Dragon, turn_of
from engine.grid import label, parse_label
from engine.protocol import State
from engine.rng import Rng

GAME = Dragon()
T0 = 1_000.0


def arranged(placed: dict[str, str], players: int = 2, seed: int = 5) -> State:
    """A fresh game with `placed` ({'A1': 'ring'}) and the other cards shuffled into the other cells."""
    state = GAME.setup(players, {}, seed, T0)
    rest = Counter(COUNTS)
    rest.subtract(Counter(placed.values()))
    pool = [kind for kind in KINDS for _ in range(rest[kind])]
    Rng(seed).shuffle(pool)
    for r in range(SIZE):
        for c in range(SIZE):
            state["grid"][r][c] = placed.get(label([r, c])) or pool.pop()
    assert GAME.invariants(state) == []
    return state


def cell(name: str) -> list[int]:
    cell = parse_label(name, SIZE, SIZE)
    assert cell is not None
    return cell


def step(state: State, minds: list[Mind], seat: int, action: dict, now: float = T0 + 1) -> State:
    """Apply an action, then every mind looks at its new view (as the table does)."""
    state, _ = GAME.apply(state, seat, action, now)
    for mind in minds:
        think(POLICY, mind, GAME.view(state, mind.seat), now)
    return state


def remembered(mind: Mind) -> dict[str, str]:
    return {label([r, c]): kind for r, c, kind in mind.memory.get("cards", [])}


def decide(mind: Mind, state: State) -> dict | None:
    return choose(POLICY, copy.deepcopy(mind), GAME.view(state, mind.seat), T0 + 2)


# ----------------------------------------------------------------- what it may know
def hidden_cells(state: State) -> list[tuple[int, int]]:
    """Face-down cells no view shows: not turned over this turn, not shown from the last."""
    seen = {tuple(c) for c in state["revealed"]} | {tuple(s["cell"]) for s in state["shown"]}
    return [(r, c) for r in range(SIZE) for c in range(SIZE)
            if state["grid"][r][c] is not None and (r, c) not in seen]


def test_the_decision_never_depends_on_face_down_cards():
    """Along a whole game, a twin state whose hidden cards are shuffled gives the same decision."""
    state = GAME.setup(2, {}, 11, T0)
    minds = [Mind.new(seat, HARD, 11) for seat in range(2)]
    for mind in minds:
        think(POLICY, mind, GAME.view(state, mind.seat), T0)
    checked = 0
    for turn in range(400):
        if GAME.outcome(state) is not None:
            break
        seat = turn_of(state)
        twin = copy.deepcopy(state)
        cells = hidden_cells(twin)
        kinds = [twin["grid"][r][c] for r, c in cells]
        Rng(turn).shuffle(kinds)
        for (r, c), kind in zip(cells, kinds, strict=True):
            twin["grid"][r][c] = kind
        action = decide(minds[seat], state)
        assert decide(minds[seat], twin) == action
        checked += twin["grid"] != state["grid"]
        assert action is not None
        state = step(state, minds, seat, action, T0 + turn)
    assert GAME.outcome(state) is not None and checked > 50


# ----------------------------------------------------------------- memory per level
def test_each_level_remembers_only_its_most_recent_cards():
    rings = ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "A2", "B2", "C2", "D2", "E2"]
    state = arranged({name: "ring" if i < 8 else "dragon" for i, name in enumerate(rings)})
    minds = [Mind.new(1, level, 3) for level in (EASY, NORMAL, HARD)]
    for name in rings:
        state = step(state, minds, 0, {"type": "reveal", "cell": cell(name)})
    easy, normal, hard = (remembered(mind) for mind in minds)
    assert list(easy) == rings[-MEMORY[EASY]:] == ["C2", "D2", "E2"]
    assert list(normal) == rings[-MEMORY[NORMAL]:]
    assert list(hard) == rings


def test_easy_forgets_a_spider_that_normal_and_hard_still_know():
    state = arranged({"D4": "spider", "A1": "ring", "B1": "ring", "C1": "ring", "D1": "ring"})
    minds = [Mind.new(0, level, 3) for level in (EASY, NORMAL, HARD)]
    state = step(state, minds, 0, {"type": "reveal", "cell": cell("D4")})
    state = step(state, minds, 0, {"type": "keep_spider"})
    for name in ("A1", "B1", "C1", "D1"):
        state = step(state, minds, 1, {"type": "reveal", "cell": cell(name)})
    easy, normal, hard = (remembered(mind) for mind in minds)
    assert "D4" not in easy and normal["D4"] == hard["D4"] == "spider"


def test_collected_cells_are_forgotten():
    state = arranged({"A1": "ring", "B1": "ring", "C1": "ball"})
    minds = [Mind.new(1, HARD, 3)]
    for name in ("A1", "B1", "C1"):
        state = step(state, minds, 0, {"type": "reveal", "cell": cell(name)})
    state = step(state, minds, 0, {"type": "stop"})
    assert remembered(minds[0]) == {"C1": "ball"}  # the rings are gone; the ball was covered again


def test_a_moved_spider_is_remembered_on_its_new_cell():
    state = arranged({"A1": "ring", "D4": "spider"})
    minds = [Mind.new(0, EASY, 3)]
    state = step(state, minds, 0, {"type": "reveal", "cell": cell("A1")})
    state = step(state, minds, 0, {"type": "stop"})
    state = step(state, minds, 1, {"type": "reveal", "cell": cell("D4")})
    state = step(state, minds, 1, {"type": "move_spider", "cell": cell("A1")})
    assert remembered(minds[0]) == {"A1": "spider"}


# ----------------------------------------------------------------- the turn
def test_it_never_turns_over_a_remembered_spider():
    state = arranged({"D4": "spider"}, players=2)
    minds = [Mind.new(1, HARD, 3)]
    state = step(state, minds, 0, {"type": "reveal", "cell": cell("D4")})
    state = step(state, minds, 0, {"type": "keep_spider"})
    for seed in range(20):
        mind = copy.deepcopy(minds[0])
        mind.rng = seed
        assert decide(mind, state) != {"type": "reveal", "cell": cell("D4")}


def test_it_collects_remembered_rings_before_it_stops():
    state = arranged({"A1": "ring", "B1": "ring", "C1": "ring", "D4": "spider", "G7": "dragon"})
    mind = Mind.new(1, HARD, 3)
    for name in ("A1", "B1", "C1", "D4"):  # seat 0 turns over three rings, then the spider
        state = step(state, [mind], 0, {"type": "reveal", "cell": cell(name)})
    state = step(state, [mind], 0, {"type": "keep_spider"})
    state = step(state, [mind], 1, {"type": "reveal", "cell": cell("G7")})  # a dragon: no more unknown cards
    actions = []
    while turn_of(state) == 1:
        action = decide(mind, state)
        assert action is not None
        actions.append(action)
        state = step(state, [mind], 1, action)
    assert sorted(label(a["cell"]) for a in actions[:-1]) == ["A1", "B1", "C1"]
    assert actions[-1] == {"type": "stop"} and state["collected"][1]["ring"] == 3


def test_it_stops_after_a_dragon_when_treasures_are_likely():
    state = arranged({"A1": "dragon"}, players=2)
    mind = Mind.new(0, HARD, 3)
    state = step(state, [mind], 0, {"type": "reveal", "cell": cell("A1")})
    assert decide(mind, state) == {"type": "stop"}  # 26 treasures among 48 cards: a second card is a bad bet


def test_it_takes_its_turns_only_and_pauses_the_same_whatever_it_holds():
    state = arranged({}, players=2)
    mine, other = Mind.new(0, HARD, 3), Mind.new(1, HARD, 3)
    for mind in (mine, other):
        think(POLICY, mind, GAME.view(state, mind.seat), T0)
    assert other.due is None and mine.due is not None
    assert T0 + PAUSE[0] <= mine.due <= T0 + PAUSE[1]
    twin = Mind.new(0, HARD, 3)
    twin.memory = {"cards": [[0, 0, "ring"], [0, 1, "ring"]]}
    think(POLICY, twin, GAME.view(state, 0), T0)
    assert twin.due == mine.due


def test_after_a_spider_it_moves_or_keeps_it_legally():
    state = arranged({"A1": "ring", "D4": "spider"}, players=2)
    state, _ = GAME.apply(state, 0, {"type": "reveal", "cell": cell("A1")}, T0)
    state, _ = GAME.apply(state, 0, {"type": "stop"}, T0)
    state, _ = GAME.apply(state, 1, {"type": "reveal", "cell": cell("D4")}, T0)
    for level in (EASY, NORMAL, HARD):
        action = decide(Mind.new(1, level, 3), state)
        assert action in GAME.legal_actions(state, 1)
        assert action == ({"type": "keep_spider"} if level == EASY else {"type": "move_spider", "cell": [0, 0]})


# ----------------------------------------------------------------- whole games
def test_whole_games_of_computers_end_at_two_and_five_players():
    for levels in ([HARD, EASY], [EASY, NORMAL, HARD, NORMAL, EASY]):
        played = play_game(GAME, levels, {}, seed=21)
        assert played.outcome is not None and played.state["phase"] == "over"


def test_hard_beats_easy_in_most_games():
    games, wins = 30, 0.0
    for seed in range(games):
        hard = seed % 2  # each seat in turn
        levels = [EASY, EASY]
        levels[hard] = HARD
        winners = play_game(GAME, levels, {}, seed=100 + seed, check=False).outcome.winners()
        wins += (hard in winners) / len(winners)
    assert wins / games >= 0.75
