"""Eye for an Eye states played through the engine for the board tests (dice rigged with engine.rng.rig):
every phase, the advanced rules, the modes, and matches ended early; `states()` names them."""
from __future__ import annotations

from collections import deque
from functools import cache

from engine.arena import EyeForAnEye
from engine.arena.board import COMPASS, open_hex
from engine.arena.figures import arena, board_of, occupied
from engine.hexgrid import distance, neighbour
from engine.protocol import TIMEOUT
from engine.rng import rig
from tests.kit.arena_setup import give, nymphlet_at, pool, put, show_flower

GAME = EyeForAnEye()
NOW = 1_000.0
A, Df, M = 1, 2, 3  # rigged rolls: the Attack, Defence and Move faces
MAX_PNG = 40 * 1024
LONG_NAMES = ["WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "Bartholomew Fitzgerald-Smythe 3", "Zoë the Unbeatable 🐉",
              "xXx_DragonSlayer_2000_xXx__yYy__", "Maximilian von Habsburg-Lothring", "李小龍 Bruce Lee the Dragon"]


# ----------------------------------------------------------------- playing the engine
class Play:
    """A game played through `GAME.apply`, the table's clock ticking a second an action."""

    def __init__(self, players: int, tb: bool = False, seed: int = 1, **options):
        self.now = NOW
        self.state = GAME.setup(players, {"turn_based": tb, **options}, seed, self.now)

    def do(self, seat, **action):
        self.now += 1
        self.state, _ = GAME.apply(self.state, seat, action, self.now)
        assert GAME.invariants(self.state) == []
        return self.past_countdown()

    def timeout(self):
        self.now = max(self.now, GAME.next_deadline(self.state))
        self.state, _ = GAME.apply(self.state, None, TIMEOUT, self.now)
        return self.past_countdown()

    def past_countdown(self):
        """The few seconds before a round starts, in which nobody acts, pass at once."""
        return self.timeout() if self.state["phase"] == "countdown" else self

    def roll(self, seat, face):
        rig(self.state, *[face] * len(self.state["dice"][seat]["pool"]))
        return self.do(seat, type="roll")

    def dice(self, seat, track, face, count):
        return self.roll(seat, face).do(seat, type="allocate", track=track, count=count)

    def path(self, seat, goal):
        """Steps to a hex next to `goal` (a seat), then turns to face it: BFS over open hexes."""
        here = self.state["figures"][seat]["hex"]
        target = self.state["figures"][goal]["hex"]
        blocked = occupied(self.state, but=seat)
        came = {tuple(here): None}
        todo = deque([here])
        while todo:
            h = todo.popleft()
            if distance(h, target) == 1:
                steps = []
                k = tuple(h)
                while came[k] is not None:
                    prev, d = came[k]
                    steps.append(COMPASS[d])
                    k = prev
                steps.reverse()
                want = next(d for d in range(6) if neighbour(h, d) == target)
                turn = (want - self.state["figures"][seat]["facing"]) % 6
                return steps + (["L"] * turn if turn <= 3 else ["R"] * (6 - turn))
            for d in range(6):
                n = neighbour(h, d)
                if tuple(n) not in came and open_hex(arena(self.state), blocked, n):
                    came[tuple(n)] = (tuple(h), d)
                    todo.append(n)
        raise AssertionError("no path")

    def walk_to(self, seat, goal):
        """Real time: roll Move dice and walk, up to 4 steps a movement, until facing `goal` next to it."""
        steps = self.path(seat, goal)
        most = min(4, board_of(self.state, seat)["move"].spaces)
        while steps:
            chunk, steps = steps[:most], steps[most:]
            self.dice(seat, "move", M, len(chunk)).do(seat, type="move", steps=chunk)
        return self

    def hit(self, seat, target, dice=4):
        return self.dice(seat, "attack", A, dice).do(seat, type="attack", target=target, dice=dice)


def fight(players=2, seed=1):
    """Real time: the round started, seat 0 facing seat 1 next to it."""
    play = Play(players, seed=seed)
    for seat in range(players):
        play.do(seat, type="ready")
    assert play.state["phase"] == "fight"
    return play.walk_to(0, 1)


CHARACTERS = ["grublic", "riparian", "banksia", "pluma", "incendiary", "echo"]
E, NE, NW, W, SW, SE = range(6)


def advanced(chars, tb=False, auto_parry=True) -> Play:
    """The advanced rules, a round begun with these characters (in seat order)."""
    play = Play(len(chars), tb=tb, advanced=True, character=list(chars))
    play.state["auto_parry"] = [auto_parry] * len(chars)
    play.timeout()
    if tb:  # straight to the turn phase (test set-up): `use` gives each user a turn
        play.state["phase"] = "turns"
    return play


def use(play: Play, seat: int, track: str, cards=(), **action):
    """Seat `seat` uses `track` (an innate action, or a card Ready for the test), dice put on it;
    turn-based, on a turn of its own (test set-up)."""
    if play.state["turn_based"]:
        play.state["tb"].update(active=seat, actions_left=2)
    play.state["cards"][seat] += [c for c in cards if c not in play.state["cards"][seat]]
    give(play.state, seat, **{track: GAME_TRACKS[track]})
    return play.do(seat, type="use", track=track, **action)


GAME_TRACKS = {"slow_heat": 1, "call_the_guard": 2, "camouflage": 1, "hunting_net": 2, "shield_bash": 2}


def advanced_six(tb: bool = False) -> Play:
    """Six characters: Incendiary with 2 Heat, Echo with 2 Guards out, Banksia Hidden, Pluma
    Netted, Grublic's cards one Ready and two readying."""
    play = advanced(CHARACTERS, tb=tb)
    for seat, (hex_, facing) in enumerate((([0, 0], E), ([2, -3], W), ([-1, 1], NE), ([0, -3], SE),
                                           ([-3, 1], E), ([1, 2], NW))):
        put(play.state, seat, hex_, facing)
    use(play, 4, "slow_heat", ["slow_heat"])
    use(play, 5, "call_the_guard", hex=[2, 2], facing=E)
    use(play, 5, "call_the_guard", hex=[1, 3], facing=SE)
    use(play, 2, "camouflage", ["camouflage"])
    use(play, 1, "hunting_net", ["hunting_net"], target=3)
    play.state["cards"][0] = ["leap"]
    give(play.state, 0, leap=1, shield_bash=1, thunderstomp=2)
    return play


def card_pause() -> Play:
    """Echo's Guard 2 attacks Riparian, and Grublic's Shield Bash waits on Echo's Guard 1: both
    defenders have a window (Auto-Parry off), and the card pauses everyone."""
    play = advanced(CHARACTERS[:2] + ["echo"], auto_parry=False)
    put(play.state, 0, [0, 0], E), put(play.state, 1, [0, 3], NE), put(play.state, 2, [1, 1], NE)
    use(play, 2, "call_the_guard", hex=[1, 0], facing=W)
    use(play, 2, "call_the_guard", hex=[1, 2], facing=SW)
    give(play.state, 1, parry=2)
    give(play.state, 2, attack=1, parry=2)
    play.do(2, type="attack", target=1, by=1)
    return use(play, 0, "shield_bash", ["shield_bash"], target=2, guard=0)


def readied(players: int, **options) -> Play:
    """Everyone ready: the round under way."""
    play = Play(players, **options)
    for seat in range(players):
        play.do(seat, type="ready")
    return play


CEREMONY, DOMINATION, HILL, FOREST_HILL = "ceremony, a catch", "domination, a flower", "hill, climbing", \
    "hill on the rainforest, tracks"


def mode_states() -> dict[str, dict]:
    """A board of each mode with its pieces: the Ceremony after seat 0 caught seat 1's Nymphlet;
    Domination with the blue flower shown and seat 1 on it; King of the Hill climbing, seat 2's
    die on the card's R, seat 3 on the hill; and on the Rainforest, the card with the tracks."""
    ceremony = readied(4, ceremony=True)
    put(ceremony.state, 0, [-3, 1], E)
    caught = nymphlet_at(ceremony.state, 1, [-2, 1])
    give(ceremony.state, 0, attack=1)
    ceremony.do(0, type="attack", nymphlet=caught, dice=1)
    domination = readied(4, domination=True, advanced=True)
    show_flower(domination.state, "blue")
    put(domination.state, 1, [-2, 4], NE)
    out = {CEREMONY: ceremony.state, DOMINATION: domination.state}
    for kind, options in ((HILL, {}), (FOREST_HILL, {"rainforest": True})):
        hill = readied(4, hill=True, advanced=True, **options)
        pool(hill.state, 0, "M", "R", "S")
        hill.do(0, type="hill")
        pool(hill.state, 2, "R")
        out[kind] = hill.do(2, type="hill").state
    put(out[HILL], 3, [0, 0], W)
    out[FOREST_HILL]["shared"]["rapids"][0] = 1
    return out


@cache
def states() -> dict[str, tuple[dict, bool]]:
    """Every kind of board a table shows, as (view, aborted)."""
    out = {}
    start = Play(2)
    out["start, 2 players"] = start.state
    start6 = Play(6, seed=3).do(2, type="ready").do(4, type="ready")
    out["start, 6 players"] = start6.state
    # an attack waiting for the defender's answer (Auto-Parry off, Parry ready)
    pending = fight(2).walk_to(1, 0).do(1, type="auto_parry", on=False)
    pending.dice(1, "parry", Df, 2).hit(0, 1, dice=3)
    assert pending.state["pending"][0]["deadline"] is not None
    out["fight, an attack pending"] = pending.state
    # three players, one knocked out by two attackers; the round goes on
    ko = fight(3, seed=2).walk_to(2, 1)
    for attacker in (0, 2, 0, 2):
        if ko.state["figures"][1]["status"] == "standing":
            ko.hit(attacker, 1)
    assert ko.state["figures"][1]["status"] == "out" and ko.state["phase"] == "fight"
    out["fight, one knocked out"] = ko.state
    # six players fighting: two pairs adjacent, one player away
    six = Play(6, seed=5)
    for seat in range(6):
        six.do(seat, type="ready")
    six.walk_to(0, 1).walk_to(2, 3).hit(0, 1, dice=2).hit(2, 3, dice=2)
    six.state["flow"]["away"] = [5]  # as after three missed timers
    out["fight, 6 players"] = six.state
    # turn-based: markers taken, seat 0 on turn after walking up; then an attack rolled
    tb = Play(2, tb=True, seed=1).timeout()
    tb.roll(0, M).do(0, type="marker", marker=1)
    tb.roll(1, Df).do(1, type="marker", marker=2)
    assert tb.state["phase"] == "turns" and tb.state["tb"]["active"] == 0
    out["turn-based, turn phase"] = tb.state
    tb3 = Play(3, tb=True, seed=4).timeout()
    rig(tb3.state, M, M, M, M, A, A, A)
    tb3.do(0, type="roll").do(0, type="marker", marker=2)
    tb3.roll(1, Df).do(1, type="marker", marker=3)
    rig(tb3.state, M, A, A, Df, Df, 4, 4)
    tb3.do(2, type="roll").do(2, type="marker", marker=1)
    out["turn-based, 3 players"] = tb3.state
    # turn-based: red walks up to purple and attacks; the dice are rolled, purple must answer
    seed = next(n for n in range(1, 500) if GAME.setup(2, {}, n, NOW)["areas"] == ["red", "purple"])
    rolled = Play(2, tb=True, seed=seed)
    rolled.do(0, type="place", hex=[4, -1], facing=3).do(1, type="place", hex=[3, 1], facing=2).timeout()
    rig(rolled.state, M, M, M, A, A, A, A)
    rolled.do(0, type="roll").do(0, type="marker", marker=1)
    rolled.roll(1, Df).do(1, type="marker", marker=2)
    rolled.do(0, type="move", steps=["SW", "L", "L"])
    rig(rolled.state, A, 5, M, 6)
    rolled.do(0, type="attack", target=1)
    assert rolled.state["pending"][0]["rolled"] == ["A", "R", "M", "S"]
    out["turn-based, an attack rolled"] = rolled.state
    # game over: rounds run out on the clock, one hit deciding the match
    over = fight(2).hit(0, 1, dice=1)
    while over.state["phase"] != "over":
        over.timeout()
    out["game over"] = over.state
    # a tiebreak: seats 0 and 1 each hit seat 2 once in a round, then two quiet rounds tie them
    tie = Play(3, seed=2)
    for attacker in (0, 1, None, None):
        for seat in range(3):
            tie.do(seat, type="ready")
        if attacker is not None:
            tie.walk_to(attacker, 2).hit(attacker, 2, dice=1)
        tie.timeout()
    assert tie.state["tiebreak"] and tie.state["in_round"] == [0, 1]
    out["tiebreak, one sits out"] = tie.state
    left = fight(3, seed=2)
    left.do(1, type="leave").do(2, type="leave")
    out["game over, the others left"] = left.state
    # the Rainforest, basic rules, before the first round
    out["rainforest, start"] = Play(4, seed=2, rainforest=True).state
    # Alliances on the Rainforest, advanced: a figure walked into the stream with the flow, dice
    # of both teams locked on the Rapids, one on the Flood, the Swell filled (back to empty)
    forest = Play(6, seed=3, advanced=True, rainforest=True, alliances=True)
    for seat in range(6):
        forest.do(seat, type="ready")
    forest.state["figures"][0]["hex"] = [-1, 1]
    forest.dice(0, "move", M, 1).do(0, type="move", steps=["NW"], flow=True)
    assert forest.state["figures"][0]["hex"] == [0, 0]
    forest.roll(1, M).do(1, type="current", track="rapids", count=1)
    forest.roll(4, M).do(4, type="current", track="rapids", count=1)
    rig(forest.state, 6, 6)
    forest.do(5, type="roll").do(5, type="current", track="flood", count=1)
    forest.roll(2, M).do(2, type="current", track="swell", count=2)
    out["rainforest alliances, tracks"] = forest.state
    # Alliances: the second team wins a quiet match by one hit
    teams = Play(4, seed=1, alliances=True)
    for seat in range(4):
        teams.do(seat, type="ready")
    teams.walk_to(2, 0).hit(2, 0, dice=2)
    while teams.state["phase"] != "over":
        teams.timeout()
    out["alliances, game over"] = teams.state
    out["advanced, 6 players"] = advanced_six().state
    out["advanced, a card pauses"] = card_pause().state
    out["advanced turn-based, statuses"] = advanced_six(tb=True).state
    out.update(mode_states())
    return {**{k: (GAME.view(v, None), False) for k, v in out.items()},
            "aborted mid-fight": (GAME.view(pending.state, None), True),
            "aborted turn-based": (GAME.view(tb.state, None), True)}
