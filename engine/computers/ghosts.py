"""The computer player of Zap That Ghost: it sees every zap at once, so its level is how fast it calls.

Finding a legal zap is exact and cheap (engine/ghosts.py's `reachable`), so every level knows
whether it holds one. What a level changes is what a human player feels at the table:
- REACTION: after a roll it waits a delay drawn from its level's range, the same draw whether or not
  it holds a zap, so its timing never tells what it holds. A human who calls faster wins the race.
- MISS: with this chance it overlooks the zap it has for this roll (the coin is tossed whatever it
  holds) and stays silent, as a human sometimes does.
- Judgement off the race (the opening discard, which zap to make, which card to swap): easy counts
  matching ghosts only, normal weighs how many rolls its hand can answer from where the meeples
  stand, hard also picks the zap that leaves its remaining hand best placed.

Everything comes from the seat's view (its hand and the public board); its memory holds the moment
it last planned for (so other seats' clicks never postpone a running reaction), the zap it called
for, and what it has seen of the deck (to tell whether white and black cards are in play).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..ghosts import MEEPLES, reachable
from ..ghosts_types import SeatView, as_action, seat_view
from ..greenbox import CARDS, COLOURS
from ..protocol import Action, View
from ..rng import Rng
from . import EASY, HARD, NORMAL, Mind, Policy

# Seconds from the roll to the call. A quick human spots an easy zap in about 1.5-2 s and a typical
# one in 3-6 s: hard (1.8-3 s) wins most races but a sharp player still beats it; normal plays like
# an attentive player; easy leaves a beginner time to find theirs.
REACTION: dict[str, tuple[float, float]] = {EASY: (6.0, 10.0), NORMAL: (3.5, 6.0), HARD: (1.8, 3.0)}
# Chance of overlooking the zap it holds for this roll.
MISS: dict[str, float] = {EASY: 0.25, NORMAL: 0.10, HARD: 0.04}
# Seconds for a step that is not a race (discard, attempt, swap): slow enough to follow.
PACE = (1.5, 3.0)
DICE = range(1, 7)
GHOST_COLOURS = frozenset(MEEPLES)
OFF_COLOURS = frozenset(COLOURS) - GHOST_COLOURS
# After this many cards seen with no white or black one, take the table to play ghost colours only
# (with the full deck that happens by chance about once in 60 games).
SEEN_FOR_GHOST_ONLY = 10
# Weights of a hand's value (see `Board.value`).
PAIR_WEIGHT = 0.5
GHOST_WEIGHT = 0.1

Pair = tuple[str, str]  # (colour, symbol)
Zap = tuple[int, str, tuple[int, int]]  # (card id, meeple, destination)


def _between(rng: Rng, low: float, high: float) -> float:
    return low + (high - low) * rng.below(1001) / 1000


@lru_cache(maxsize=1024)
def _ends(r: int, c: int, steps: int) -> tuple[tuple[int, int], ...]:
    return tuple((x, y) for x, y in reachable([r, c], steps))


def _pair(card_id: int) -> Pair:
    card = CARDS[card_id]
    return card.colour, card.symbol


@dataclass(frozen=True)
class Board:
    """The public board as a computer reads it: where each (colour, symbol) ghost stands and which
    (meeple, die) combinations can reach one, as a 24-bit mask per pair."""

    ghosts: tuple[tuple[str | None, ...], ...]
    symbols: tuple[tuple[str | None, ...], ...]
    meeples: tuple[tuple[str, tuple[int, int]], ...]

    @classmethod
    def of(cls, view: SeatView) -> Board:
        return cls(tuple(tuple(row) for row in view["ghosts"]), tuple(tuple(row) for row in view["symbols"]),
                   tuple((m, (view["meeples"][m][0], view["meeples"][m][1])) for m in MEEPLES))

    def after(self, zap: Zap) -> Board:
        """The board once `zap` succeeded: its ghost gone, its meeple on the tile."""
        _, meeple, (r, c) = zap
        ghosts = tuple(tuple(None if (i, j) == (r, c) else g for j, g in enumerate(row))
                       for i, row in enumerate(self.ghosts))
        return Board(ghosts, self.symbols, tuple((m, (r, c) if m == meeple else cell) for m, cell in self.meeples))

    def counts(self) -> dict[Pair, int]:
        """How many ghosts each card kind matches."""
        found: dict[Pair, int] = {}
        for row_g, row_s in zip(self.ghosts, self.symbols, strict=True):
            for ghost, symbol in zip(row_g, row_s, strict=True):
                if ghost is not None and symbol is not None:
                    found[(ghost, symbol)] = found.get((ghost, symbol), 0) + 1
        return found

    def masks(self) -> dict[Pair, int]:
        """Per card kind, bit (meeple index * 6 + die - 1) set when that meeple with that roll reaches
        a ghost the card matches."""
        found: dict[Pair, int] = {}
        for index, (_, (r, c)) in enumerate(self.meeples):
            for die in DICE:
                bit = 1 << (index * 6 + die - 1)
                for x, y in _ends(r, c, die):
                    ghost = self.ghosts[x][y]
                    if ghost is not None:
                        pair = (ghost, self.symbols[x][y] or "")
                        found[pair] = found.get(pair, 0) | bit
        return found

    def zaps(self, hand: list[int], die: int, meeple: str | None = None) -> list[Zap]:
        """Every zap the hand can make with this roll (only with `meeple` if given), in hand order."""
        found: list[Zap] = []
        for card_id in hand:
            colour, symbol = _pair(card_id)
            for name, (r, c) in self.meeples:
                if meeple is not None and name != meeple:
                    continue
                for x, y in _ends(r, c, die):
                    if self.ghosts[x][y] == colour and self.symbols[x][y] == symbol:
                        found.append((card_id, name, (x, y)))
        return found


def value(hand: list[int], masks: dict[Pair, int], counts: dict[Pair, int]) -> float:
    """How well a hand stands: the rolls it answers now (0-6), then how many (meeple, roll) pairs
    answer (a hand that several meeples serve survives a meeple moving), then the ghosts its cards
    match at all (what is left when every meeple has moved)."""
    mask = 0
    ghosts = 0
    for card_id in hand:
        pair = _pair(card_id)
        mask |= masks.get(pair, 0)
        ghosts += min(counts.get(pair, 0), 3)
    rolls = 0
    for die in DICE:
        if any(mask >> (index * 6 + die - 1) & 1 for index in range(len(MEEPLES))):
            rolls += 1
    return rolls + PAIR_WEIGHT * bin(mask).count("1") / len(MEEPLES) + GHOST_WEIGHT * ghosts


class GhostsPolicy(Policy):
    game = "ghosts"

    def observe(self, mind: Mind, view: View, now: float) -> None:
        """Note the cards seen, to tell whether white and black cards are in the deck."""
        seen = seat_view(view)
        memory = mind.memory
        cards = [card["id"] for card in seen["hand"]]
        attempt = seen["last_attempt"]
        if attempt is not None and attempt["card"] is not None:
            cards.append(attempt["card"]["id"])
        known = set(memory.get("seen", [])) | set(cards)
        memory["seen"] = sorted(known)
        if any(CARDS[c].colour in OFF_COLOURS for c in cards):
            memory["off_colours"] = True

    def when(self, mind: Mind, view: View, now: float, rng: Rng) -> float | None:
        seen = seat_view(view)
        moment = _moment(seen)
        if mind.memory.get("moment") == moment:
            return mind.due  # the same moment: a running reaction keeps its time
        mind.memory["moment"] = moment
        if mind.seat in seen["left"]:
            return None
        if seen["phase"] == "race":
            return now + _between(rng, *REACTION[mind.level])
        if _my_step(seen, mind.seat):
            return now + _between(rng, *PACE)
        return None

    def decide(self, mind: Mind, view: View, now: float, rng: Rng) -> Action | None:
        seen = seat_view(view)
        if mind.seat in seen["left"]:
            return None
        phase = seen["phase"]
        hand = [card["id"] for card in seen["hand"]]
        if phase == "discard" and seen["must_discard"]:
            return as_action({"type": "discard", "cards": self._discard(mind, seen, hand)})
        if phase == "race":
            return self._race(mind, seen, hand, now, rng)
        if phase == "attempt" and seen["caller"] == mind.seat:
            return self._attempt(mind, seen, hand)
        if phase == "swap" and seen["may_swap"]:
            card = self._swap(mind, seen, hand)
            if card is None:
                return as_action({"type": "keep", "round": seen["round"]})
            return as_action({"type": "swap", "card": card, "round": seen["round"]})
        return None

    # the race and the attempt ---------------------------------------------------------------

    def _race(self, mind: Mind, seen: SeatView, hand: list[int], now: float, rng: Rng) -> Action | None:
        overlooked = rng.below(1000) < MISS[mind.level] * 1000  # tossed whatever the hand holds
        die = seen["die"]
        if die is None:
            return None
        board = Board.of(seen)
        zaps = board.zaps(hand, die)
        if not zaps or overlooked:
            return None
        zap = self._best_zap(mind.level, board, hand, zaps)
        mind.memory["plan"] = {"round": seen["round"], "card": zap[0], "meeple": zap[1], "to": list(zap[2])}
        return as_action({"type": "call", "meeple": zap[1], "round": seen["round"], "at_ms": int(now * 1000)})

    def _attempt(self, mind: Mind, seen: SeatView, hand: list[int]) -> Action:
        plan = mind.memory.get("plan")
        if (plan is not None and plan["round"] == seen["round"] and plan["meeple"] == seen["meeple"]
                and plan["card"] in hand):
            return as_action({"type": "zap", "card": plan["card"], "to": list(plan["to"]), "round": seen["round"]})
        meeple, die = seen["meeple"], seen["die"]
        board = Board.of(seen)
        zaps = board.zaps(hand, die, meeple) if die is not None and meeple is not None else []
        if not zaps:
            return as_action({"type": "give_up", "round": seen["round"]})
        card, _, (r, c) = self._best_zap(mind.level, board, hand, zaps)
        return as_action({"type": "zap", "card": card, "to": [r, c], "round": seen["round"]})

    @staticmethod
    def _best_zap(level: str, board: Board, hand: list[int], zaps: list[Zap]) -> Zap:
        """Easy and normal take the first zap they see; hard the one that leaves the rest of its hand
        answering the most rolls on the board the zap leaves behind."""
        if level != HARD or len(zaps) == 1:
            return zaps[0]

        def after(zap: Zap) -> float:
            later = board.after(zap)
            rest = [c for c in hand if c != zap[0]]
            return value(rest, later.masks(), later.counts())

        return max(zaps, key=after)

    # the opening discard and the swap --------------------------------------------------------

    def _discard(self, mind: Mind, seen: SeatView, hand: list[int]) -> list[int]:
        """The two cards whose loss hurts least: easy by matching ghosts only, the others by `value`."""
        board = Board.of(seen)
        counts = board.counts()
        if mind.level == EASY:
            order = sorted(hand, key=lambda c: counts.get(_pair(c), 0))
            return order[:2]
        masks = board.masks()
        keep = max(combinations(hand, len(hand) - 2), key=lambda kept: value(list(kept), masks, counts))
        return [c for c in hand if c not in keep]

    def _swap(self, mind: Mind, seen: SeatView, hand: list[int]) -> int | None:
        """The card to trade for an unknown one, or None to keep. Easy trades only a card matching no
        ghost; the others trade their weakest card when an unseen card is worth more on average."""
        board = Board.of(seen)
        counts = board.counts()
        if mind.level == EASY:
            dead = [c for c in hand if counts.get(_pair(c), 0) == 0]
            return dead[0] if dead else None
        masks = board.masks()
        unseen = [c.id for c in CARDS if c.id not in hand and self._in_deck(mind, c.id)]
        now_value = value(hand, masks, counts)
        best: tuple[float, int] | None = None
        for card in hand:
            rest = [c for c in hand if c != card]
            gain = sum(value(rest + [new], masks, counts) for new in unseen) / len(unseen) - now_value
            if best is None or gain > best[0]:
                best = (gain, card)
        return best[1] if best is not None and best[0] > 0 else None

    @staticmethod
    def _in_deck(mind: Mind, card_id: int) -> bool:
        """Whether the card may be in play: white and black ones only while the deck may hold them."""
        if CARDS[card_id].colour in GHOST_COLOURS or mind.memory.get("off_colours"):
            return True
        return len(mind.memory.get("seen", [])) < SEEN_FOR_GHOST_ONLY


def _moment(seen: SeatView) -> str:
    """What the seat is reacting to; a new moment replaces the plan, the same one keeps it. The
    opening discard's moment includes the hand, so a re-dealt hand is a new moment."""
    moment = f"{seen['phase']}:{seen['round']}"
    if seen["phase"] == "discard":
        moment += ":" + ",".join(str(card["id"]) for card in seen["hand"]) + f":{seen['must_discard']}"
    return moment


def _my_step(seen: SeatView, seat: int) -> bool:
    """Whether a step other than the race waits for this seat."""
    phase = seen["phase"]
    return ((phase == "discard" and seen["must_discard"]) or (phase == "attempt" and seen["caller"] == seat)
            or (phase == "swap" and seen["may_swap"]))


POLICY = GhostsPolicy()
