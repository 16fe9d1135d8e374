"""The computer player of Eye of the Tiger (`tiger`): a deck-builder that watches the Eye.

It decides from the player's view only: the revealed cards, the deck and discard pile as sets (the
draw order stays hidden), the supply, the track and the piles. From the view it rebuilds the
public position in the engine's own layout (`seen_state`), so the rules it plays by are the
engine's (`legal_actions`, `preview_fight`, the pushes of the track), not a copy of them.

What the levels do:
- easy fights whenever it can, the monster worth most points, and otherwise buys the dearest card
  it can afford; it never thins its deck.
- normal weighs each fight's points against the gold of a clean win and the cards it would lose,
  buys the card that adds most value and light to its deck, and thins its weakest cards.
- hard looks one move ahead with the engine: where every fight or purchase leaves the track and
  the Eye (a monster pushed off, the Eye walking towards field I), and how likely its deck is to
  beat the monster beside the Eye, so it takes the Eye at the right moment instead of losing it.

`par(options, seed)` is what hard scores on a deal: the whole game played from the same seed.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from ..errors import AllOf, Said, counted
from ..greenbox import CARDS, DOTS, SYMBOLS
from ..protocol import Action, View, state_copy
from ..rng import Rng
from ..tiger import (
    BOTTOM_GROUP,
    EYE_TILE,
    FIELDS,
    REVEAL,
    THIN_MAX,
    Tiger,
    card_light,
    card_said,
    cards_said,
    points,
    preview_fight,
    symbol_word,
)
from ..tiger_types import TigerView, as_view
from ..words import comma_list
from . import EASY, HARD, Mind, Policy

RULES = Tiger()
PAUSE = 1.5  # seconds before each move, so a watcher can follow

LIGHT_WORTH = 1.5  # a point of light is worth about this much value (each missing light costs 2 attack)
GOLD_WORTH = 0.6  # a value-1 card also pays a gold at the buy step
CARD_WEIGHT = 1.2  # points of margin a card's worth above the deck's mean is worth
GOLD_CUBE = 0.8  # points of margin a gold cube kept for the next buy is worth
TRACK_SHARE = 0.55  # the share of a monster's points on the track we expect to win later
FULL_TRACK = 0.5  # a full track: the next purchase pushes field I's monster off (share of its points)
EYE_IN_PILE = 3.0  # what an Eye still in the pile is worth to us (we mostly win it)
THIN_BELOW = 2.6  # cards worth less than this leave the deck at a thinning...
MIN_DECK = 10  # ...while the deck keeps at least this many cards
EYE_AMONG = BOTTOM_GROUP + 1  # the Eye lies among the last tiles of the monster pile
NEW_MONSTER = 0.7  # the chance to beat a monster not rolled yet
HANDS = 24  # sampled hands when guessing whether the next turn beats a monster


def card_worth(card_id: int) -> float:
    """What a card adds to a hand: its value, its light, and a gold at the buy step when it is worth 1."""
    c = CARDS[card_id]
    return c.value + LIGHT_WORTH * card_light(card_id) + (GOLD_WORTH if c.value == 1 else 0.0)


# ------------------------------------------------------------------------------ the public position

def _tile_of(symbol: str) -> int:
    """A tile id of this symbol that is not the Eye: the view names symbols, the rules read tiles."""
    return SYMBOLS.index(symbol) * 6


def seen_state(view: View) -> dict[str, Any]:
    """The position the view shows, in the engine's state layout. The draw pile holds the deck's
    cards in sorted order (its real order is hidden), the monster pile is unknown (empty here), and
    field I's power bonus is already in the powers the view shows."""
    v = as_view(view)
    track: list[dict[str, Any] | None] = []
    for entry in v["track"]:
        if entry is None:
            track.append(None)
        elif entry["eye"]:
            track.append({"tile": EYE_TILE, "eye": True})
        else:
            track.append({"tile": _tile_of(entry["symbol"]), "eye": False, "power": entry["power"], "dice": [],
                          "abilities": [a["key"] for a in entry["abilities"]], "colour": entry["colour"],
                          "extra": 0})
    return {
        "rng": 0, "advanced": v["advanced"], "phase": v["phase"], "turn": v["turn"],
        "cards": {"draw": [c["id"] for c in v["deck_cards"]], "discard": [c["id"] for c in v["discard_cards"]]},
        "revealed": [c["id"] for c in v["revealed"]], "removed": [c["id"] for c in v["removed"]],
        "supply": {s["colour"]: [c["id"] for c in s["cards"]] for s in v["supply"]},
        "gold": v["gold"], "pile": [], "track": track,
        "defeated": [_tile_of(s) for s in v["defeated"]["tiles"]],
        "monster_discard": [_tile_of(s) for s in v["monster_discard"]["tiles"]],
        "cubes": {"no_weakness": 0, "light": 0, "half_attack": 0, "colour_removed": [], "colour_needed": []},
        "bonus": {"light": v["bonus"]["light"], "attack": v["bonus"]["attack"], "field_one": 0},
        "streaks": {"appear": [None, 0], "defeat": [None, 0], "discard": [None, 0]},
        "end_reason": None, "won": None,
    }




# ------------------------------------------------------------------------------ guessing the next hand

class Chances:
    """How likely the next revealed hand beats a monster, from hands sampled out of the draw pile
    (topped up from the discard pile when the deck runs short), cached per monster."""

    def __init__(self, seen: dict[str, Any], rng: Rng) -> None:
        draw = sorted(seen["cards"]["draw"])
        rest = sorted(seen["cards"]["discard"] + seen["revealed"])
        self.hands: list[list[int]] = []
        for _ in range(HANDS):
            hand = _sample(draw, REVEAL, rng)
            if len(hand) < REVEAL:
                hand += _sample(rest, REVEAL - len(hand), rng)
            self.hands.append(hand)
        self.seen = seen
        self.cache: dict[str, float] = {}

    def beat(self, field: int, entry: dict[str, Any]) -> float:
        key = json.dumps([field, entry["power"], entry["abilities"], entry["colour"], entry["tile"]])
        if key not in self.cache:
            probe = {**self.seen, "phase": "turn", "turn": max(2, self.seen["turn"]),
                     "track": [entry if i == field else None for i in range(3)]}
            wins = 0
            for hand in self.hands:
                probe["revealed"] = hand
                wins += any(preview_fight(probe, field, list(combo))["possible"]
                            for n in range(1, len(hand) + 1) for combo in combinations(hand, n))
            self.cache[key] = wins / len(self.hands) if self.hands else 0.0
        return self.cache[key]


def _sample(cards: list[int], n: int, rng: Rng) -> list[int]:
    pool = list(cards)
    taken: list[int] = []
    while pool and len(taken) < n:
        taken.append(pool.pop(rng.below(len(pool))))
    return taken


# ------------------------------------------------------------------------------ judging a position

def _eye_prospect(seen: dict[str, Any], chances: Chances, eye_next: float) -> float:
    """What the Eye is worth to us: +6 if we will win it, -6 if it will be discarded. It is won only
    by beating the monster right beside it, and no monster gets past it: so it must come out of the
    pile while a monster is on the track (`eye_next`: the chance the next purchase brings it), and
    an empty field beside it on the track (with nothing left to push in) loses it."""
    track = seen["track"]
    eye = next((i for i, e in enumerate(track) if e is not None and e["eye"]), None)
    if eye is None:
        if EYE_TILE in seen["defeated"] or EYE_TILE in seen["monster_discard"]:
            return 0.0
        nearest = next((i for i in (2, 1, 0) if track[i] is not None), None)
        if not eye_next:
            return EYE_IN_PILE  # it cannot come out yet
        if nearest is None:
            return EYE_IN_PILE - eye_next * (EYE_IN_PILE + 6)
        entry = track[nearest]  # the monster the Eye will come out next to
        first = NEW_MONSTER if entry.get("new") else chances.beat(min(nearest, 1), entry)
        return 6.0 * (2 * (1 - (1 - first) ** 2) - 1)
    beside = None
    if eye >= 1 and track[eye - 1] is not None:
        beside = eye - 1
    elif eye == 2 and track[0] is not None:
        beside = 0  # a purchase pushes the Eye onto field II, next to field I's monster
    if beside is None:
        return -6.0
    first = chances.beat(beside, track[beside])
    tries = 2 if eye < 2 and track[2] is None else 1  # one purchase first is safe while field III is empty
    win = 1 - (1 - first) ** tries
    return 6.0 * (2 * win - 1)


def judge(seen: dict[str, Any], chances: Chances, deck_mean: float, eye_next: float) -> float:
    """A position after our move, in points of final margin: what is scored so far, what the track
    promises, the Eye, and the deck's change (added or lost cards, gold kept)."""
    margin = float(points(seen["defeated"]) - points(seen["monster_discard"]))
    if seen["phase"] == "over":
        return margin
    track = seen["track"]
    promised = sum(DOTS[SYMBOLS[e["tile"] // 6]] * TRACK_SHARE for e in track if e is not None and not e["eye"]
                   and not e.get("new"))
    full = all(e is not None for e in track) and not track[0]["eye"]
    crowding = -FULL_TRACK * DOTS[SYMBOLS[track[0]["tile"] // 6]] if full else 0.0
    owned = seen["cards"]["draw"] + seen["cards"]["discard"] + seen["revealed"]
    deck = CARD_WEIGHT * sum(card_worth(c) - deck_mean for c in owned)
    return (margin + promised + crowding + _eye_prospect(seen, chances, eye_next) + deck
            + GOLD_CUBE * seen["gold"])


def _after(seen: dict[str, Any], action: Action, entering: int | None) -> dict[str, Any]:
    """The position after `action` played by the engine on a copy of the seen one, with `entering`
    as the next tile of the monster pile (None: a monster whose roll does not matter). The Eye is
    the real Eye tile there, so a game it ends counts it on the side it went to."""
    state = state_copy(seen)
    if entering is not None:
        state["pile"] = [entering]
    elif action["type"] in ("buy", "pass_buy"):
        state["pile"] = [_tile_of("drop")]
    track_before = [id(e) for e in state["track"]]
    RULES.play(state, 0, dict(action), 0.0)
    for e in state["track"]:
        if e is not None and not e["eye"] and id(e) not in track_before:
            e["new"] = True  # the unknown monster that just came out: no promise counted
    return state


# ------------------------------------------------------------------------------ the choices

@dataclass(frozen=True)
class Advice:
    """A move and why, in a few words a player reads (the Hint button shows them). Both are engine words
    (`Said`, engine/errors.py), English as they stand, so each reader reads them in their own language."""

    action: Action
    move: str  # the move named: "Buy the black drop (6)"
    why: str  # in a few words: "it strengthens your deck most (value 6, light 0)"


KEEP_ALL = Said("Keep all cards")


def _thin(view: TigerView, level: str) -> Advice:
    keep = {"type": "thin", "remove": []}
    if level == EASY:
        return Advice(keep, KEEP_ALL, Said("every card may help"))
    owned = view["deck"] + view["discard"] + len(view["revealed"])
    weakest = sorted((c for c in view["discard_cards"] if card_worth(c["id"]) < THIN_BELOW),
                     key=lambda c: (card_worth(c["id"]), c["id"]))
    remove = [c["id"] for c in weakest[:max(0, min(THIN_MAX, owned - MIN_DECK))]]
    if not remove:
        return Advice(keep, KEEP_ALL, Said("every card pulls its weight, and a deck needs enough cards"))
    return Advice({"type": "thin", "remove": sorted(remove)},
                  Said("Remove {cards} from your deck", cards=AllOf(card_said(c) for c in remove)),
                  Said("the weakest cards: your good cards come round more often"))


def _fight_move(seen: dict[str, Any], action: Action) -> Said:
    """The fight named: the monster by its symbol and field, the cards, and the card doubled, if one is."""
    entry = seen["track"][action["monster"]]
    named = {"symbol": symbol_word(SYMBOLS[entry["tile"] // 6]), "field": FIELDS[action["monster"]],
             "cards": cards_said(action["cards"])}
    if action.get("double") is None:
        return Said("Fight the {symbol} monster on field {field} with {cards}", **named)
    return Said("Fight the {symbol} monster on field {field} with {cards}, doubling the {card}",
                card=card_said(action["double"]), **named)


def _fight_words(seen: dict[str, Any], action: Action) -> str:
    """Why a fight: the attack against the power for the points, then what else it wins or costs."""
    p = preview_fight(seen, action["monster"], action["cards"], action.get("double"), action.get("lose"))
    entry = seen["track"][action["monster"]]
    symbol = SYMBOLS[entry["tile"] // 6]
    words = [Said("attack {attack} beats power {power} for {points}", attack=p["attack"], power=p["power"],
                  points=counted("{n} point", "{n} points", DOTS[symbol]))]
    if p["ends_game"]:
        words.append(Said("and it wins the Eye of the Tiger"))
    if p["gold"]:
        words.append(Said("a clean win pays {gold} gold", gold=p["gold"]))
    if p["lose"]:
        words.append(Said("you lose {cards}", cards=cards_said(p["lose"])))
    return comma_list(words)


def _bought(seen: dict[str, Any], action: Action) -> list[int]:
    """The cards a purchase takes (a stack bought twice gives its next card)."""
    taken: dict[str, int] = {}
    cards = []
    for colour in [action["stack"]] + ([action["second"]] if action.get("second") else []):
        cards.append(seen["supply"][colour][taken.get(colour, 0)])
        taken[colour] = taken.get(colour, 0) + 1
    return cards


def _buy_advice(seen: dict[str, Any], action: Action) -> Advice:
    if action["type"] == "pass_buy":
        return Advice(action, Said("Buy nothing"), Said("no card you can afford would make your deck stronger"))
    cards = _bought(seen, action)  # two with a second purchase (three revealed cards of one symbol)
    move = (Said("Buy the {card} and the {second}", card=card_said(cards[0]), second=card_said(cards[1]))
            if len(cards) > 1 else Said("Buy the {card}", card=card_said(cards[0])))
    if action.get("bonus") is False:
        move = Said("{move}, declining the free card", move=move)
    worth = [Said("value {value}, light {light}", value=CARDS[c].value, light=card_light(c)) for c in cards]
    return Advice(action, move, Said("it strengthens your deck most ({worth})", worth=_semicolon_list(worth)))


def _semicolon_list(parts: list[Said]) -> str:
    """'a; b', parts that hold commas themselves, kept as words each language separates its own way."""
    listed: str = parts[0]
    for part in parts[1:]:
        listed = Said("{list}; {item}", list=listed, item=part)
    return listed


def _simple_choice(seen: dict[str, Any], actions: list[Action], level: str) -> Action:
    """Easy and normal: the best fight by a fixed weighing, else the best purchase."""
    def fight_score(a: Action) -> float:
        p = preview_fight(seen, a["monster"], a["cards"], a.get("double"))
        dots = DOTS[SYMBOLS[seen["track"][a["monster"]]["tile"] // 6]]
        if level == EASY:
            return 10.0 * dots + (100 if p["ends_game"] else 0)
        lost = sum(card_worth(c) for c in p["lose"])
        return 10.0 * dots + (60 if p["ends_game"] else 0) + 2 * p["gold"] - 3 * lost - 0.1 * len(a["cards"])
    fights = [a for a in actions if a["type"] == "fight"]
    if fights:
        return max(fights, key=fight_score)
    buys = [a for a in actions if a["type"] == "buy" and a.get("bonus", True)]

    def buy_score(a: Action) -> float:
        return sum(DOTS[CARDS[c].symbol] if level == EASY else card_worth(c) for c in _bought(seen, a))
    return max(buys, key=buy_score) if buys else {"type": "pass_buy"}


def _eye_chance(view: TigerView) -> float:
    """The chance the next tile out of the pile is the Eye: it lies among the bottom 11."""
    if view["eye"]["where"] != "pile" or not 0 < view["pile"] <= EYE_AMONG:
        return 0.0
    return 1 / view["pile"]


def _hard_choice(seen: dict[str, Any], view: TigerView, actions: list[Action], rng: Rng) -> Action:
    chances = Chances(seen, rng)
    owned = seen["cards"]["draw"] + seen["cards"]["discard"] + seen["revealed"]
    deck_mean = sum(map(card_worth, owned)) / len(owned) if owned else 0.0
    eye_next = _eye_chance(view)
    best, best_value = actions[0], float("-inf")
    for action in actions:
        after = _after(seen, action, None)
        value = judge(after, chances, deck_mean, eye_next)
        if eye_next and action["type"] != "fight":
            with_eye = _after(seen, action, EYE_TILE)
            value = (1 - eye_next) * value + eye_next * judge(with_eye, chances, deck_mean, eye_next)
        if value > best_value:
            best, best_value = action, value
    return best


def advise(view: View, level: str = HARD, rng: Rng | None = None) -> Advice:
    """The move this level makes from the player's view, and why in a few words."""
    v = as_view(view)
    if v["phase"] == "thin":
        return _thin(v, level)
    seen = seen_state(view)
    actions = RULES.legal_actions(seen, 0)
    if level == HARD:
        action = _hard_choice(seen, v, actions, rng or Rng(v["turn"]))
    else:
        action = _simple_choice(seen, actions, level)
    if action["type"] == "fight":
        return Advice(action, _fight_move(seen, action), _fight_words(seen, action))
    return _buy_advice(seen, action)


class TigerPolicy(Policy):
    game = "tiger"

    def when(self, mind: Mind, view: View, now: float, rng: Rng) -> float | None:
        return None if as_view(view)["over"] else (mind.due if mind.due is not None else now + PAUSE)

    def decide(self, mind: Mind, view: View, now: float, rng: Rng) -> Action | None:
        if as_view(view)["over"]:
            return None
        return advise(view, mind.level, rng).action


POLICY = TigerPolicy()


@lru_cache(maxsize=256)
def _par(options: str, seed: int) -> int:
    from .play import play_game  # (play imports this package's policies lazily too)
    played = play_game(RULES, [HARD], json.loads(options), seed, check=False)
    return int(played.outcome.scores[0])


def par(options: dict[str, Any], seed: int) -> int:
    """The points hard scores on this deal (same options, same seed), for a player to compare."""
    return _par(json.dumps(options, sort_keys=True), seed)


