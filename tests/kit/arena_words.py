"""What every language writes as Eye for an Eye writes it (for tests that look for English left on a page):
its characters, the names of its things (tracks, cards, faces, currents, passives), its calls, its arena,
a command and the compass letters."""
from __future__ import annotations

from engine.arena.board import COMPASS
from engine.arena.data import CHARACTERS, CURRENTS, FACE_NAMES, GENERAL_CARDS, NYMPHLET_TRACKS, PASSIVES

TITLE = "Eye for an Eye"
GAME_WORDS = ["Yarra Mark", "Yarra Bung", "Auto-Parry", "Nymphlet", "Bushland", "/rules game:arena", "ℹ",
              *COMPASS]  # the game's calls, its arena, a command, the legend's sign, the compass
GAME_WORDS += ["Alliances", "Rainforest", "Raging Currents", "Domination", "King of the Hill", "Nymphlet Ceremony", "Nymphlets",
               "Burraparay"]  # its options and modes, named as the game names them (the lobby's toggles)


def names_kept(players: tuple[str, ...] = ()) -> list[str]:
    """The game's own names, its title and words, and the `players`' names."""
    things = [c.name for c in CHARACTERS.values()] + [str(name) for name in FACE_NAMES.values()]
    for character in CHARACTERS.values():
        things += [str(t.name) for t in character.board.values()] + [str(c.name) for c in character.cards]
        things += [str(character.innate.name)] if character.innate else []
    things += [str(c.name) for c in (*CURRENTS.values(), *GENERAL_CARDS.values(), *NYMPHLET_TRACKS.values())]
    return [*things, *(str(name) for name, _ in PASSIVES.values()), TITLE, *GAME_WORDS, *players]
