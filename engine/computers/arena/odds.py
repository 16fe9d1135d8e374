"""Turn-based odds (rule 23): a front attack rolls a die a hit, each landing on half the faces
(A, R, S), and a Parry rolls every Defence die, each cancelling on half the faces (D, M, S); a
rear attack is never rolled, every hit lands. The search weighs its moves by these numbers."""
from __future__ import annotations

from functools import cache
from math import comb

PARRY_MIN = 2  # a Parry with fewer Defence dice cannot answer


def _binomial(n: int) -> list[float]:
    return [comb(n, k) / 2 ** n for k in range(n + 1)]


@cache
def landed(dice: int, parry: int, rear: bool) -> float:
    """The hits expected to land from an attack of `dice` on a defender with `parry` Defence dice."""
    if dice <= 0:
        return 0.0
    if rear:
        return float(dice)
    blocks = _binomial(parry) if parry >= PARRY_MIN else [1.0]
    return sum(ph * pb * max(0, h - b) for h, ph in enumerate(_binomial(dice)) for b, pb in enumerate(blocks))


@cache
def lethal(dice: int, parry: int, rear: bool, health: int) -> float:
    """The chance that the attack lands at least `health` hits (a knock-out)."""
    if dice <= 0:
        return 0.0
    if rear:
        return 1.0 if dice >= health else 0.0
    blocks = _binomial(parry) if parry >= PARRY_MIN else [1.0]
    return sum(ph * pb for h, ph in enumerate(_binomial(dice)) for b, pb in enumerate(blocks) if h - b >= health)
