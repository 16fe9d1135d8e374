"""Every number of Eye for an Eye that a playtest may tune, in one place (ARENA.md 4.15).

Characters and their player boards (ARENA.md 2.5-2.6), dice counts, clocks and the round points.
The rules modules read these; state holds only keys (a character's key, a track's key).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

# ---------------------------------------------------------------- dice (ARENA.md 2.4)

FACES: tuple[str, ...] = ("A", "D", "M", "H", "R", "S")  # a rolled 1..6 shows FACES[roll - 1]
FACE_NAMES: dict[str, str] = {"A": "Attack", "D": "Defence", "M": "Move", "H": "Heal", "R": "Ready",
                              "S": "Special"}
TB_HIT_FACES = frozenset("ARS")    # turn-based: an attack die showing one of these is a hit
TB_BLOCK_FACES = frozenset("DMS")  # turn-based: a defence die showing one of these cancels a hit

DICE = 5             # dice per character in real time
TB_EXTRA_DICE = 2    # turn-based play adds these

# ---------------------------------------------------------------- player boards (ARENA.md 2.5)

ATTACK, MOVE, HEAL, PARRY = "attack", "move", "heal", "parry"  # a track's effect, and its key


@dataclass(frozen=True)
class Track:
    """One action on a player board: dice of `face` fill `spaces`, the first `min` of them required.

    Per-die tracks spend 1..allocated dice; a track with `gains` spends exactly one of its keys
    (dice -> amount), like Heal's three dice for one health. `full_bonus` is added when every
    space is spent (Thorn Club).
    """

    name: str
    face: str
    spaces: int
    min: int
    effect: str
    reaction: bool = False
    gains: dict[int, int] = field(default_factory=dict)
    full_bonus: int = 0

    def amount(self, dice: int) -> int:
        """What spending `dice` gives: hits, steps, health or cancels."""
        if self.gains:
            return self.gains[dice]
        return dice + (self.full_bonus if dice == self.spaces else 0)

    def spends(self) -> tuple[int, ...]:
        """The dice counts this track may spend (given enough allocated)."""
        if self.gains:
            return tuple(sorted(self.gains))
        return tuple(range(1, self.spaces + 1))


STANDARD: dict[str, Track] = {
    ATTACK: Track("Attack", "A", 4, 1, ATTACK),
    MOVE: Track("Movement", "M", 4, 1, MOVE),
    HEAL: Track("Heal", "H", 3, 3, HEAL, gains={3: 1}),
    PARRY: Track("Parry", "D", 4, 2, PARRY, reaction=True),
}


def board(**changes: Track) -> dict[str, Track]:
    """The standard board with some tracks replaced (in the standard order)."""
    return {key: changes.get(key, track) for key, track in STANDARD.items()}


# ---------------------------------------------------------------- characters (ARENA.md 2.6)

@dataclass(frozen=True)
class Character:
    key: str
    name: str
    health: int
    board: dict[str, Track]


CHARACTERS: dict[str, Character] = {c.key: c for c in (
    Character("grublic", "Grublic", 15, board(attack=replace(STANDARD[ATTACK], name="Spear Thrust"))),
    Character("riparian", "Riparian", 15, board(heal=Track("Mend", "H", 3, 2, HEAL, gains={2: 1, 3: 2}))),
    Character("banksia", "Banksia", 15, board(attack=Track("Thorn Club", "A", 4, 2, ATTACK, full_bonus=1),
                                              move=Track("Trudge", "M", 3, 1, MOVE))),
    Character("pluma", "Pluma", 15, board(move=Track("Flight", "M", 5, 1, MOVE),
                                          parry=Track("Wing Guard", "D", 3, 2, PARRY, reaction=True))),
    Character("incendiary", "Incendiary", 15, board(attack=replace(STANDARD[ATTACK], name="Flame Blade"))),
    Character("echo", "Echo", 10, board()),
)}
# Who plays which seat for now: the rulebook's four characters for new players first, Echo
# (10 health, and his Guards wait for the advanced rules) only at six.
SEAT_ORDER: tuple[str, ...] = ("grublic", "riparian", "banksia", "pluma", "incendiary", "echo")

# ---------------------------------------------------------------- clocks, in seconds

START_SECONDS = 20.0       # placing figures before the first round ("Yarra Mark!" when it ends)
BETWEEN_SECONDS = 30.0     # reading the results, then placing, before every later round
COUNTDOWN_SECONDS = 5.0    # everyone is in place: the round starts after this (ARENA.md 3.2)
ROUND_SECONDS = 300.0      # a real-time round, until "Yarra Bung!"
REACT_SECONDS = 4.0        # a real-time reaction window (ARENA.md 3.3)
TB_ROLL_SECONDS = 90.0     # the turn-based realtime phase cap
TB_TURN_SECONDS = 60.0     # a turn-based turn; each action starts it again
TB_DEFEND_SECONDS = 30.0   # a turn-based defender chooses how many Defence dice to roll

# ---------------------------------------------------------------- turn-based play (rules 21-23)

TB_ROLLS = 3               # one roll and two rerolls per realtime phase
TB_ACTIONS = 2             # actions per turn
TB_GAME_TURNS = 6          # game turns in a round (ARENA.md 4.13)

# ---------------------------------------------------------------- scoring (rule 19, ARENA.md 2.7)

SURVIVOR_BONUS = 5
POINTS: dict[int, tuple[int, ...]] = {
    2: (4, 2),
    3: (4, 2, 1),
    4: (4, 3, 2, 1),
    5: (5, 4, 3, 2, 1),
    6: (6, 5, 4, 3, 2, 1),
}

LOG_LINES = 6  # the last lines the public board shows (ARENA.md 3.2)

# ---------------------------------------------------------------- game modes (rules 25-28, ARENA.md 2.7)

KNOCKOUT_PENALTY = 5   # VP a knocked-out player loses in King of the Hill and Domination (rule 28)
BURRAPARAY_WINDOWS: tuple[tuple[float, float], ...] = ((50.0, 70.0), (110.0, 130.0), (170.0, 190.0),
                                                       (230.0, 250.0))  # seconds into a real-time round
TB_DECLARE_SECONDS = 30.0      # turn-based Domination: declare Trigger or Not and the dice to roll (3.4)
TB_DOMINATION_GAME_TURNS = 12  # a turn-based Domination round's cap, should the flowers not all be scored
