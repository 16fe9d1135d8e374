"""Words players read and type: "1 card", "2 cards", "2-5 players"; " Turn-Based " meaning turn_based."""
from __future__ import annotations

from collections.abc import Sequence

from .errors import Said, Term

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


# The Green Box's colours and symbols (engine/greenbox.py), as each language names them: the games say them
# as these terms, which the catalogues know under their contexts.
COLOUR_WORDS = {
    "red": Term("red", "green box colour"), "blue": Term("blue", "green box colour"),
    "yellow": Term("yellow", "green box colour"), "green": Term("green", "green box colour"),
    "white": Term("white", "green box colour"), "black": Term("black", "green box colour"),
}
SYMBOL_WORDS = {
    "drop": Term("drop", "green box symbol"), "hammers": Term("hammers", "green box symbol"),
    "circles": Term("circles", "green box symbol"), "bricks": Term("bricks", "green box symbol"),
    "wheel": Term("wheel", "green box symbol"), "arrow": Term("arrow", "green box symbol"),
}
SYMBOL_FIRST_WORDS = {  # a symbol starting a sentence ("Hammers cards cannot fight")
    "drop": Term("Drop", "green box symbol, first word"), "hammers": Term("Hammers", "green box symbol, first word"),
    "circles": Term("Circles", "green box symbol, first word"), "bricks": Term("Bricks", "green box symbol, first word"),
    "wheel": Term("Wheel", "green box symbol, first word"), "arrow": Term("Arrow", "green box symbol, first word"),
}
GHOST_COLOUR_WORDS = {  # a ghost's or a meeple's colour (Zap That Ghost): French says them of a masculine noun
    "red": Term("red", "ghost colour"), "blue": Term("blue", "ghost colour"),
    "yellow": Term("yellow", "ghost colour"), "green": Term("green", "ghost colour"),
}


def comma_list(parts: Sequence[str]) -> str:
    """'a, b, c', kept as words each language separates its own way ('' for none)."""
    listed = parts[0] if parts else ""
    for part in parts[1:]:
        listed = Said("{list}, {item}", list=listed, item=part)
    return listed
