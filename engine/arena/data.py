"""Every number of Eye for an Eye that a playtest may tune, in one place (ARENA.md 4.15).

Characters and their player boards (ARENA.md 2.5-2.6), dice counts, clocks and the round points.
The rules modules read these; state holds only keys (a character's key, a track's key).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..errors import Term

# ---------------------------------------------------------------- dice (ARENA.md 2.4)

FACES: tuple[str, ...] = ("A", "D", "M", "H", "R", "S")  # a rolled 1..6 shows FACES[roll - 1]
FACE_NAMES: dict[str, str] = {"A": Term("Attack", "arena die face"), "D": Term("Defence", "arena die face"),
                              "M": Term("Move", "arena die face"), "H": Term("Heal", "arena die face"),
                              "R": Term("Ready", "arena die face"), "S": Term("Special", "arena die face")}
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
    ATTACK: Track(Term("Attack", "arena action"), "A", 4, 1, ATTACK),
    MOVE: Track(Term("Movement", "arena action"), "M", 4, 1, MOVE),
    HEAL: Track(Term("Heal", "arena action"), "H", 3, 3, HEAL, gains={3: 1}),
    PARRY: Track(Term("Parry", "arena action"), "D", 4, 2, PARRY, reaction=True),
}


def board(**changes: Track) -> dict[str, Track]:
    """The standard board with some tracks replaced (in the standard order)."""
    return {key: changes.get(key, track) for key, track in STANDARD.items()}


# ---------------------------------------------------------------- characters (ARENA.md 2.6)

# ---------------------------------------------------------------- advanced rules (rules 15-18)

READYING = "readying"  # the effect of a Tribal card's ready track: filling it readies the card


def flat(name: str, key: str, face: str, least: int, bonus: int = 0, reaction: bool = False) -> Track:
    """A use track that spends exactly its minimum, or its minimum and the bonus dice (ARENA.md 2.5
    `flat`); `amount` is how many bonus dice were spent."""
    return Track(name, face, least + bonus, least, key, reaction=reaction,
                 gains={least + extra: extra for extra in range(bonus + 1)})


@dataclass(frozen=True)
class Card:
    """A Tribal card of Band I-III (rule 17): Unready, its `ready` track takes Ready dice (all
    minimum) and readies it when full; Ready, its `use` track resolves it. `numbers` are its
    tunable amounts (hits, hexes, range, seconds...)."""

    key: str
    name: str
    band: int
    ready: Track
    use: Track
    numbers: dict[str, int] = field(default_factory=dict)

    def n(self, what: str) -> int:
        return self.numbers[what]


def card(key: str, name: str, band: int, ready: int, use: Track, **numbers: int) -> Card:
    return Card(key, name, band, Track(name, "R", ready, ready, READYING), use, numbers)


def tribal(key: str, name: str, band: int, ready: int, face: str, least: int, bonus: int = 0, reaction: bool = False,
           **numbers: int) -> Card:
    """A card whose use track is `flat` under the card's own name (every card of the game)."""
    return card(key, name, band, ready, flat(name, key, face, least, bonus, reaction), **numbers)


# Passive innate effects (rule 16): always on, no dice.
MENDING_TIDE, THICK_BARK, KINDLE, SOARING, FLAME_BLADE, LUFTLES = (
    "mending_tide", "thick_bark", "kindle", "soaring", "flame_blade", "luftles")
MENDING_TIDE_CANCELS = 2   # a Parry cancelling at least this many hits heals Riparian
MENDING_TIDE_HEALTH = 1
THICK_BARK_FEWER = 1       # hits fewer from Banksia's rear arc
KINDLE_HEAT = 1            # Heat for Incendiary's Parry cancelling a hit
FLAME_BLADE_HEAT = 1       # Heat spent for Flame Blade's extra unblockable hit
FLAME_BLADE_HITS = 1       # the unblockable hits it adds
HEAT_MAX = 3               # Incendiary holds 0-3 Heat, starting each round at 0 (rulebook)
PASSIVES: dict[str, tuple[str, str]] = {
    MENDING_TIDE: (Term("Mending Tide", "arena passive"),
                   f"when a Parry cancels {MENDING_TIDE_CANCELS} or more hits, +{MENDING_TIDE_HEALTH} health"),
    THICK_BARK: (Term("Thick Bark", "arena passive"), f"attacks from the rear arc deal {THICK_BARK_FEWER} hit fewer"),
    KINDLE: (Term("Kindle", "arena passive"), f"when a Parry cancels a hit, +{KINDLE_HEAT} Heat"),
    FLAME_BLADE: (Term("Flame Blade", "arena passive"),
                  f"once per attack, spend {FLAME_BLADE_HEAT} Heat for {FLAME_BLADE_HITS} more unblockable hit"),
    SOARING: (Term("Soaring", "arena passive"), "moves over terrain and figures, ending on an open hex"),
    LUFTLES: (Term("Luftles", "arena passive"),
              "each Attack or Movement is taken by one Luftle figure: the Chief or a Guard"),
}
GUARDS = 4                 # Echo's Guard figures (rulebook)
GUARD_TOKENS = 5           # Echo's Guard Health tokens (rulebook)

# Statuses (ARENA.md 2.6): how long they last in real time is the card's "seconds"; turn-based,
# Netted lasts until the end of the figure's next turn and Hidden until the start of its next turn.
NETTED, HIDDEN = "netted", "hidden"
STATUS_NAMES: dict[str, str] = {NETTED: Term("Netted", "arena status"), HIDDEN: Term("Hidden", "arena status")}

# The advanced reaction window (ARENA.md 3.3): REACT_SECONDS, plus this after each reaction step,
# never past REACT_MOST_SECONDS from when it opened.
REACT_STEP_SECONDS = 3.0
REACT_MOST_SECONDS = 10.0


EASY, MEDIUM, HARD = "Easy", "Medium", "Hard"  # the rulebook's character difficulties


@dataclass(frozen=True)
class Character:
    """A character as the rulebook gives it. Echo's Guards are his in every game (ARENA.md 4.16): his
    innate Call the Guard and his Luftles (`core`) are played without the advanced rules too."""

    key: str
    name: str
    health: int
    board: dict[str, Track]
    innate: Track | None = None          # an innate dice action (advanced rules)
    passives: tuple[str, ...] = ()       # innate passive effects (advanced rules)
    cards: tuple[Card, ...] = ()         # Tribal cards of Bands I, II and III (advanced rules)
    guards: int = 0                      # Echo's Guard figures and their Health tokens (every game)
    guard_tokens: int = 0
    core: tuple[str, ...] = ()           # the innate action and passives played in the core game too
    difficulty: str = EASY               # the rulebook's, shown in the lobby's character menu


S = "S"  # most cards are used with Special dice
CHARACTERS: dict[str, Character] = {c.key: c for c in (
    Character("grublic", "Grublic", 15,
              board(attack=replace(STANDARD[ATTACK], name=Term("Spear Thrust", "arena action"))),
              innate=flat(Term("Watch Out!", "arena action"), "watch_out", S, 2, reaction=True),
              cards=(tribal("leap", Term("Leap", "arena action"), 1, 1, S, 1, hexes=2),
                     tribal("shield_bash", Term("Shield Bash", "arena action"), 2, 2, S, 2, bonus=1, hits=1, push=1,
                            bonus_push=1, blocked_hits=1),
                     tribal("thunderstomp", Term("Thunderstomp", "arena action"), 3, 3, S, 3, hits=2))),
    Character("riparian", "Riparian", 15,
              board(heal=Track(Term("Mend", "arena action"), "H", 3, 2, HEAL, gains={2: 1, 3: 2})),
              passives=(MENDING_TIDE,),
              cards=(tribal("slippery", Term("Slippery", "arena action"), 1, 1, S, 1, reaction=True,
                            cancels=2, hexes=1),
                     tribal("lunge", Term("Lunge", "arena action"), 2, 2, S, 1, bonus=1, range=2, hits=2, bonus_hits=1),
                     tribal("hunting_net", Term("Hunting Net", "arena action"), 3, 3, S, 2, range=3, hits=1,
                            seconds=15))),
    Character("banksia", "Banksia", 15,
              board(attack=Track(Term("Thorn Club", "arena action"), "A", 4, 2, ATTACK, full_bonus=1),
                    move=Track(Term("Trudge", "arena action"), "M", 3, 1, MOVE)),
              passives=(THICK_BARK,),
              cards=(tribal("camouflage", Term("Camouflage", "arena action"), 1, 1, S, 1, seconds=20),
                     tribal("ambush", Term("Ambush", "arena action"), 2, 2, S, 2, hits=2, unblockable=1),
                     tribal("brutal_charge", Term("Brutal Charge", "arena action"), 3, 3, S, 3, bonus=1, hexes=3,
                            bonus_hexes=1, hits=3))),
    Character("pluma", "Pluma", 15,
              board(move=Track(Term("Flight", "arena action"), "M", 5, 1, MOVE),
                    parry=Track(Term("Wing Guard", "arena action"), "D", 3, 2, PARRY, reaction=True)),
              passives=(SOARING,),
              cards=(tribal("will_of_the_wind", Term("Will of the Wind", "arena action"), 1, 1, S, 1, hexes=2),
                     tribal("raking_talons", Term("Raking Talons", "arena action"), 2, 2, "A", 2, hexes=1, hits=1),
                     tribal("dive_bomb", Term("Dive Bomb", "arena action"), 3, 3, S, 3, range=4, hits=2,
                            unblockable=1))),
    Character("incendiary", "Incendiary", 15,
              board(attack=replace(STANDARD[ATTACK], name=Term("Flame Blade", "arena action"))),
              passives=(FLAME_BLADE, KINDLE), difficulty=MEDIUM,
              cards=(tribal("slow_heat", Term("Slow Heat", "arena action"), 1, 1, S, 1, heat=2),
                     tribal("vented_heat_blast", Term("Vented Heat Blast", "arena action"), 2, 2, S, 2),
                     tribal("sword_dance", Term("Sword Dance", "arena action"), 3, 3, S, 3, strikes=3, hits=2,
                            heat=1))),
    Character("echo", "Echo", 10, board(),
              innate=flat(Term("Call the Guard", "arena action"), "call_the_guard", S, 2),
              passives=(LUFTLES,),
              cards=(tribal("surge", Term("Surge", "arena action"), 1, 1, S, 1),
                     tribal("protect_the_chief", Term("Protect the Chief", "arena action"), 2, 2, S, 1, reaction=True),
                     tribal("luftle_swarm", Term("Luftle Swarm!", "arena action"), 3, 3, S, 3, hits=1)),
              guards=GUARDS, guard_tokens=GUARD_TOKENS, core=("call_the_guard", LUFTLES), difficulty=HARD),
)}
# The rulebook's characters for new players: the lobby's menu lists them first.
RECOMMENDED: tuple[str, ...] = ("grublic", "riparian", "banksia", "pluma")
# Who plays which seat without a pick (the simulator): the four for new players first, then
# Incendiary (Medium) and Echo (Hard) only at six.
SEAT_ORDER: tuple[str, ...] = ("grublic", "riparian", "banksia", "pluma", "incendiary", "echo")

# ---------------------------------------------------------------- clocks, in seconds

START_SECONDS = 20.0       # placing figures before the first round ("Yarra Mark!" when it ends)
BETWEEN_SECONDS = 30.0     # reading the results, then placing, before every later round
COUNTDOWN_SECONDS = 5.0    # everyone is in place: the round starts after this (ARENA.md 3.2)
ROUND_SECONDS = 300.0      # a real-time round, until "Yarra Bung!"
QUICK_ROUND_SECONDS = 180.0  # a quick match's real-time round: time to close in and trade a few blows
QUICK_ROUNDS = 2           # a quick match's rounds, whatever the players (a lead, then a chance to answer it)
REACT_SECONDS = 4.0        # a real-time reaction window (ARENA.md 3.3)
TB_ROLL_SECONDS = 90.0     # the turn-based realtime phase cap
TB_TURN_SECONDS = 60.0     # a turn-based turn; each action starts it again
TB_DEFEND_SECONDS = 30.0   # a turn-based defender chooses how many Defence dice to roll

# ---------------------------------------------------------------- turn-based play (rules 21-23)

TB_ROLLS = 3               # one roll and two rerolls per realtime phase
TB_ACTIONS = 2             # actions per turn
TB_GAME_TURNS = 6          # game turns in an Every Eye round (ARENA.md 4.13)
# The alternative modes end a turn-based round by their own rule (ARENA.md 4.20); this cap only stops
# one nobody ends that way, set so that it ends fewer than 1 round in 100 played by computer players
# (python -m engine.simulate arena --option turn_based --option MODE --bots LEVEL prints how rounds end).
# Measured: rounds end by their rule after 4-37 game turns at the median; the longest, two-player
# Ceremony rounds of easy computers (median 37, 99th percentile 104, longest 110 of 300); Domination at
# most 46, the Hill 22. Every Eye's cap stays 6 (TB_GAME_TURNS).
TB_SAFETY_GAME_TURNS = 150

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

# ---------------------------------------------------------------- the Rainforest (rule 29, ARENA.md 2.3)

@dataclass(frozen=True)
class Current:
    """A Raging Current track at a corner of the Rainforest: one die of `faces[i]` fills space i.
    When the last space fills, everything in the stream moves `shift` hexes downstream (negative:
    upstream), or, with `flood`, the figures beside the stream step into it."""

    name: str
    faces: tuple[str, ...]
    corner: str  # where the board shows it: NW, NE, SW, SE
    shift: int = 0
    flood: bool = False


CURRENTS: dict[str, Current] = {
    "swell": Current(Term("Swell", "arena action"), ("M", "M"), "NW", shift=1),
    "rapids": Current(Term("Rapids", "arena action"), ("M", "M", "M"), "NE", shift=2),
    "backwash": Current(Term("Backwash", "arena action"), ("S", "S"), "SW", shift=-1),
    "flood": Current(Term("Flood", "arena action"), ("S", "S", "S"), "SE", flood=True),
}

# ---------------------------------------------------------------- game modes (rules 25-28, ARENA.md 2.7)

KNOCKOUT_PENALTY = 5   # VP a knocked-out player loses in King of the Hill and Domination (rule 28)
BURRAPARAY_WINDOWS: tuple[tuple[float, float], ...] = ((50.0, 70.0), (110.0, 130.0), (170.0, 190.0),
                                                       (230.0, 250.0))  # seconds into a real-time round
TB_DECLARE_SECONDS = 30.0      # turn-based Domination: declare Trigger or Not and the dice to roll (3.4)
QUICK_CALLS_EVERY = (BURRAPARAY_WINDOWS[1][0] - BURRAPARAY_WINDOWS[0][0]) * QUICK_ROUND_SECONDS / ROUND_SECONDS


# King of the Hill's General Manoeuvre cards (ARENA.md 2.7, advanced rules): Ready dice, then Special
# dice to use. Each player plays two beside their character's Band I card (the Manoeuvre card).
GENERAL_CARDS: dict[str, Card] = {c.key: c for c in (
    tribal("shove", Term("Shove", "arena action"), 1, 1, S, 1, push=1),
    tribal("sprint", Term("Sprint", "arena action"), 1, 1, S, 1, hexes=2),
    tribal("pull", Term("Pull", "arena action"), 1, 2, S, 2, range=3, hexes=1),
    tribal("spin", Term("Spin", "arena action"), 1, 2, S, 1, sides=3),
    tribal("sweep", Term("Sweep", "arena action"), 1, 3, S, 2, push=1),
)}
GENERALS_EACH = 2  # General Manoeuvres per player
HILL_FACES = ("M", "R", "S")  # the hill card's spaces (ARENA.md 2.7)
HILL_SCORINGS_TB = 3  # turn-based King of the Hill: a round ends at its third scoring (rule 26)

# The Nymphlet Ceremony (rule 25, ARENA.md 2.7, 4.11)
NYMPHLETS_EACH = {2: 3, 3: 2}  # Nymphlets per player by players in the match; 1 with 4-6
CATCH_VP, CATCH_VP_OUT = 2, 1  # a catch's VP; 1 once the catcher has been knocked out
DART, SCAMPER = "dart", "scamper"
NYMPHLET_TRACKS: dict[str, Track] = {  # each player's Nymphlet card, for any of their Nymphlets
    DART: Track(Term("Dart", "arena action"), "D", 2, 1, DART),  # cancels a hit on a Nymphlet, from any arc, at once
    SCAMPER: Track(Term("Scamper", "arena action"), "M", 2, 1, SCAMPER),  # moves a Nymphlet 1 hex a die
}
