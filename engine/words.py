"""Words players read and type: "1 card", "2 cards", "2-5 players"; " Turn-Based " meaning turn_based."""
from __future__ import annotations

IRREGULAR = {"was": "were", "is": "are", "has": "have"}


def plural(n: int | float, word: str, many: str | None = None) -> str:
    """`n word`, the word in the plural unless n is exactly one ("1 card", "0 cards")."""
    shown = f"{n:g}" if isinstance(n, float) else str(n)
    if n == 1:
        return f"{shown} {word}"
    return f"{shown} {many or IRREGULAR.get(word) or word + 's'}"


def player_count(least: int, most: int) -> str:
    """A game's seats: "1 player", "4 players", "2-6 players"."""
    return plural(most, "player") if least == most else f"{least}-{most} players"


def as_key(typed: str) -> str:
    """The key a player meant by a typed name: case, spaces and dashes forgiven (" Turn-Based " is turn_based)."""
    return "_".join(typed.replace("-", " ").split()).lower()
