"""The computer player of Treasure of the Dragons (`dragon`): memory and push-your-luck.

Every seat sees the same public view, so what sets players apart is what they remember. The
computer records every card face the view shows (the cards turned over in the running turn, the
cards that ended the last turn, a moved spider) with its cell, forgets cells that are now empty,
and keeps only a bounded number of the most recently seen cards:
- easy remembers the last 3 cards it saw: it knows where the spider that just struck lies, little more;
- normal remembers the last 10: a turn or two of the table's history;
- hard remembers every card it has seen.

The turn decision is the same at every level, over what that level remembers. The face-down cells
it does not remember are alike to it: each hides one of the cards not yet collected and not
remembered elsewhere (counted from the public scores). From there it weighs, a few cards ahead,
turning over an unknown cell (gains, against the chance of a spider or a clash that loses the
turn's cards) against stopping. Remembered cards that are sure gains (rings, dragons when no
treasure is up, treasures that complete a set) are taken last, just before it stops: turning
them over early would only put them at stake and remind the others where they lie.

After a spider, normal and hard move it to an empty cell when there is one (a player who
remembered it in the old place is now wrong); easy leaves it.

It acts only on its own turn, after a pause drawn from its generator (never from its cards).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..dragon import COUNTS, EMPTY, KINDS, SET_SIZE, SIZE, SPIDER, TREASURES
from ..protocol import Action, View
from ..rng import Rng
from . import EASY, HARD, NORMAL, Mind, Policy

MEMORY = {EASY: 3, NORMAL: 10, HARD: SIZE * SIZE}  # how many of the most recently seen cards a level keeps
LOOKAHEAD = 3  # unknown cards weighed ahead in one turn (deeper measured no stronger)
DRAGON_BONUS = 0.25  # a dragon also counts towards the 3 spiders of the most dragons
KEPT_SHARE = 0.5  # what known sure gains left on the board after a lost turn are still worth to us
PAUSE = (1.5, 2.5)  # seconds before each action, so a player can follow


Remembered = list[list[Any]]  # [[row, col, kind], ...], the most recently seen last


def memory_of(mind: Mind) -> Remembered:
    cards: Remembered = mind.memory.setdefault("cards", [])
    return cards


def visible_faces(view: View) -> list[tuple[int, int, str]]:
    """The card faces this view shows, in the order seen (the turn's cards, then the last turn's ending)."""
    faces = [(f["cell"][0], f["cell"][1], f["kind"]) for f in view["revealed"]]
    faces += [(s["cell"][0], s["cell"][1], s["kind"]) for s in view["shown"]]
    return faces


def remember(cards: Remembered, view: View, bound: int) -> Remembered:
    """The memory after seeing this view: seen cards move to the recent end, empty cells are
    forgotten, and only the `bound` most recent stay."""
    grid = view["grid"]
    seen = visible_faces(view)
    seen_cells = {(r, c) for r, c, _ in seen}
    kept = [card for card in cards if (card[0], card[1]) not in seen_cells and grid[card[0]][card[1]] != EMPTY]
    kept += [[r, c, kind] for r, c, kind in seen]
    return kept[-bound:] if len(kept) > bound else kept


# ----------------------------------------------------------------- the turn, counted
# Counts of cards per kind are tuples in KINDS order, so the look ahead is quick and memoizes.

Counts = tuple[int, ...]
RING, DRAGON, SPIDER_AT = KINDS.index("ring"), KINDS.index("dragon"), KINDS.index("spider")
TREASURE_AT = tuple(KINDS.index(kind) for kind in TREASURES)
SETS = tuple(SET_SIZE.get(kind, 0) for kind in KINDS)  # 0: never collected (the spider)
NONE: Counts = (0,) * len(KINDS)


def counts_of(kinds: Counter[str]) -> Counts:
    return tuple(kinds.get(kind, 0) for kind in KINDS)


def plus(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def worth(revealed: Counts) -> float:
    """What a stop with these cards up is worth: the cards collected (whole sets only), a dragon a
    little more, since it also counts towards the spiders."""
    total = 0.0
    for n, size in zip(revealed, SETS, strict=True):
        if size and n >= size:
            total += n - n % size
    return total + DRAGON_BONUS * revealed[DRAGON]


def has_treasure(revealed: Counts) -> bool:
    return any(revealed[i] for i in TREASURE_AT)


def clash(revealed: Counts, kind: int) -> bool:
    if kind == DRAGON:
        return has_treasure(revealed)
    return kind in TREASURE_AT and revealed[DRAGON] > 0


def sure_gains(revealed: Counts, known: Counts) -> Counts:
    """The remembered face-down cards worth turning over before a stop: every ring, and either the
    dragons or the treasures that complete sets (whichever fits what is up and is worth more)."""
    rings = [0] * len(KINDS)
    rings[RING] = known[RING]
    dragons = list(rings)
    dragons[DRAGON] = known[DRAGON]
    treasures = list(rings)
    for i in TREASURE_AT:
        together = revealed[i] + known[i]
        take = together - together % SETS[i] - revealed[i]
        if take > 0:
            treasures[i] = take
    if revealed[DRAGON]:
        return tuple(dragons)
    if has_treasure(revealed):
        return tuple(treasures)
    with_dragons, with_treasures = tuple(dragons), tuple(treasures)
    if worth(plus(revealed, with_dragons)) >= worth(plus(revealed, with_treasures)):
        return with_dragons
    return with_treasures


class Turn:
    """One decision's look ahead: the cards up, the remembered face-down cards, the unseen pool."""

    def __init__(self, revealed: Counts, known: Counts, pool: Counts) -> None:
        self.known = known
        self.pool = pool
        self.unknown = sum(pool)
        self.revealed = revealed
        # a lost turn keeps the remembered sure gains on the board, for a later turn
        self.bust = KEPT_SHARE * worth(sure_gains(NONE, known))
        self.memo: dict[tuple[Counts, int], float] = {}
        self.stops: dict[Counts, float] = {}

    def stop_worth(self, revealed: Counts) -> float:
        """Worth of taking the remembered sure gains, then stopping."""
        if revealed not in self.stops:
            self.stops[revealed] = worth(plus(revealed, sure_gains(revealed, self.known)))
        return self.stops[revealed]

    def value(self, revealed: Counts, depth: int) -> float:
        """Best expected worth from here: stop now, or turn over an unknown card and go on."""
        stop = self.stop_worth(revealed)
        if depth == 0:
            return stop
        return max(stop, self.gamble(revealed, depth))

    def gamble(self, revealed: Counts, depth: int) -> float:
        """Expected worth of turning over an unknown card now (then playing on well)."""
        key = (revealed, depth)
        if key in self.memo:
            return self.memo[key]
        drawn = [now - before for now, before in zip(revealed, self.revealed, strict=True)]
        unknown = self.unknown - sum(drawn)
        if unknown <= 0:
            return -1.0
        total = 0.0
        for kind, (there, gone) in enumerate(zip(self.pool, drawn, strict=True)):
            left = there - gone
            if left <= 0:
                continue
            if kind == SPIDER_AT or clash(revealed, kind):
                outcome = self.bust
            else:
                outcome = self.value(revealed[:kind] + (revealed[kind] + 1,) + revealed[kind + 1:], depth - 1)
            total += left / unknown * outcome
        self.memo[key] = total
        return total


# ----------------------------------------------------------------- the policy

class DragonPolicy(Policy):
    game = "dragon"

    def observe(self, mind: Mind, view: View, now: float) -> None:
        mind.memory["cards"] = remember(memory_of(mind), view, MEMORY.get(mind.level, MEMORY[NORMAL]))

    def when(self, mind: Mind, view: View, now: float, rng: Rng) -> float | None:
        if not self._on_turn(mind, view):
            return None
        if mind.due is not None:
            return mind.due
        low, high = PAUSE
        return now + low + (high - low) * rng.below(1001) / 1000

    def decide(self, mind: Mind, view: View, now: float, rng: Rng) -> Action | None:
        if not self._on_turn(mind, view):
            return None
        if view["phase"] == SPIDER:
            return self._spider(mind, view, rng)
        return self._reveal_or_stop(mind, view, rng)

    @staticmethod
    def _on_turn(mind: Mind, view: View) -> bool:
        return view["phase"] != "over" and view["turn"] == mind.seat and mind.seat not in view["gone"]

    @staticmethod
    def _spider(mind: Mind, view: View, rng: Rng) -> Action:
        empty = [[r, c] for r in range(SIZE) for c in range(SIZE) if view["grid"][r][c] == EMPTY]
        if mind.level == EASY or not empty:
            return {"type": "keep_spider"}
        return {"type": "move_spider", "cell": rng.choice(empty)}

    def _reveal_or_stop(self, mind: Mind, view: View, rng: Rng) -> Action:
        grid = view["grid"]
        up = {(f["cell"][0], f["cell"][1]) for f in view["revealed"]}
        revealed = Counter(f["kind"] for f in view["revealed"])
        faces = {(r, c): kind for r, c, kind in memory_of(mind)}
        faces.update({(r, c): kind for r, c, kind in visible_faces(view)})
        known_cells: dict[str, list[tuple[int, int]]] = {}
        unknown_cells = []
        for r in range(SIZE):
            for c in range(SIZE):
                if grid[r][c] == EMPTY or (r, c) in up:
                    continue
                kind = faces.get((r, c))
                if kind is None:
                    unknown_cells.append((r, c))
                else:
                    known_cells.setdefault(kind, []).append((r, c))
        known_counts = Counter({kind: len(cells) for kind, cells in known_cells.items()})
        on_board = Counter(COUNTS) - Counter(self._collected(view))
        up_counts = counts_of(revealed)
        known = counts_of(known_counts)
        pool = counts_of(on_board - known_counts - revealed)
        turn = Turn(up_counts, known, pool)
        gains = {kind: n for kind, n in zip(KINDS, sure_gains(up_counts, known), strict=True) if n}
        stop = turn.stop_worth(up_counts)
        gamble = turn.gamble(up_counts, LOOKAHEAD) if unknown_cells else -1.0
        safe = [cell for kind, cells in known_cells.items() if kind != "spider" for cell in cells]
        must_reveal = not revealed and not gains  # a turn needs a card, and no sure gain is known
        if unknown_cells and (gamble > stop or (must_reveal and (gamble > 0 or not safe))):
            r, c = rng.choice(unknown_cells)
            return {"type": "reveal", "cell": [r, c]}
        for kind in ("ring", *KINDS):  # the sure gains, rings first: they fit every turn
            if gains.get(kind, 0):
                r, c = known_cells[kind][0]
                return {"type": "reveal", "cell": [r, c]}
        if revealed:
            return {"type": "stop"}
        r, c = rng.choice(safe or [cell for cells in known_cells.values() for cell in cells])
        return {"type": "reveal", "cell": [r, c]}

    @staticmethod
    def _collected(view: View) -> dict[str, int]:
        total: Counter[str] = Counter()
        for held in view["collected"]:
            total.update(held)
        return dict(total)


POLICY = DragonPolicy()
