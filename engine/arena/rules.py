"""The /rules text: what a player reads, with the readings we chose where the rulebook is silent.

RULES is the core game, within one embed's description; OPTION_RULES are the options' own rules,
each within one embed field (1024 characters), for whoever shows them beside RULES.
"""
from __future__ import annotations

from .data import (
                   BETWEEN_SECONDS,
                   COUNTDOWN_SECONDS,
                   DICE,
                   REACT_SECONDS,
                   ROUND_SECONDS,
                   SURVIVOR_BONUS,
                   TB_ACTIONS,
                   TB_DEFEND_SECONDS,
                   TB_EXTRA_DICE,
                   TB_GAME_TURNS,
                   TB_ROLL_SECONDS,
                   TB_ROLLS,
                   TB_TURN_SECONDS,
)

RULES = (
    "**Eye for an Eye** (Darwin Games): a real-time arena brawl on hexes. Core game, every eye for themselves.\n"
    "**Arena:** the Bushland, 61 hexes. The 6 standing stones block movement and line of sight. "
    "Each figure faces a hex side: the 3 hexes it faces are its **front arc**, the other 3 its rear arc.\n"
    "**Characters** (by seat for now): Grublic, Riparian, Banksia, Pluma, Incendiary, Echo. "
    "15 health each (Echo 10).\n"
    f"**Dice:** {DICE} dice (turn-based {DICE + TB_EXTRA_DICE}), faces Attack, Defence, Move, Heal, Ready, "
    "Special. Roll rerolls every unallocated die. A die goes onto a free space of a track with its face; "
    "a track resolves only once its minimum spaces are filled. You may spend fewer dice than allocated; "
    "spent dice return to your pool to be rolled again. Recover allocated dice at any time.\n"
    "**Actions:**\n"
    "- **Attack** (1 min): 1 hit per die on an adjacent figure in your front arc.\n"
    "- **Movement** (1 min): per die, step 1 hex in any direction (facing kept) or turn 1 side. The whole "
    "path is checked before you move; stones, figures and the edge block it.\n"
    "- **Heal** (3 min): +1 health, never above your starting health.\n"
    "- **Parry** (2 min, reaction): cancels 1 hit per die, only against attacks from your front arc.\n"
    "Own boards: Riparian's Mend (2 dice +1, 3 dice +2), Banksia's Thorn Club (2 min, +1 hit with all 4) "
    "and Trudge (3 spaces), Pluma's Flight (5 spaces) and Wing Guard (a Parry with 3 spaces).\n"
    "**Hits** move health from the defender to the attacker's cup. At 0 health a figure is knocked out "
    "and becomes the trophy of whoever dealt the last hit. Attacks resolve in the order they were called.\n"
    f"**Reactions:** with Auto-Parry on (the default) Parry answers a front attack at once, spending as many "
    f"dice as there are hits. With it off you get {REACT_SECONDS:g} s to choose Parry 1, 2, ... or take it; "
    "when the time runs out Auto-Parry answers. While an attack waits on you, you can only answer it.\n"
    f"**Round:** ends when one figure is left or after {ROUND_SECONDS / 60:g} minutes. Score = cup + "
    f"{SURVIVOR_BONUS} if still standing. Points 4/2 (2 players), 4/2/1, 4/3/2/1, 5/4/3/2/1, 6/5/4/3/2/1; "
    "tied players share the higher points and the next place is skipped.\n"
    "**Match:** players + 1 rounds; points carry over, cups do not. Players tied for the most points play "
    "one more round alone, and share the win if still tied.\n"
    f"**Turn-based** (option): each game turn starts with a realtime phase of up to {TB_ROLL_SECONDS:g} s: "
    f"roll {TB_ROLLS} times at most, allocate, then take a turn-order marker (what fits is allocated). "
    f"Then in marker order each player resolves up to {TB_ACTIONS} actions a turn ({TB_TURN_SECONDS:g} s, "
    "or you pass), round and round until everyone has passed; a pass holds until the next realtime phase. "
    "A front attack rolls its dice: Attack, Ready and Special hit. The defender chooses how many Defence "
    f"dice to roll (Parry min still 2; {TB_DEFEND_SECONDS:g} s, else all of them): Defence, Move and Special block. "
    f"Attacks from the rear are unblockable. A round lasts {TB_GAME_TURNS} game turns at most. Allocated "
    "dice stay for the next game turn.\n"
    "**Our choices:** starting areas are dealt once per match; before each round you may place your figure "
    f"on another hex of your area with a clear front arc ({BETWEEN_SECONDS:g} s, or when all are ready); "
    f"the round starts {COUNTDOWN_SECONDS:g} s later. "
    "Waiting attacks are answered by Auto-Parry when a round ends; figures knocked out together score no "
    "survivor bonus. A player who leaves takes their figure out of the arena (no one's trophy) and ranks last."
)

OPTION_RULES: dict[str, str] = {
    "alliances": (
        "4-6 players in two teams by seat order: the first half of the seats against the rest (2 v 2, "
        "3 v 2, 3 v 3), so join the lobby next to your partner. Allies cannot target each other, and area "
        "effects skip them. Hits go into the team cup. The round ends when one team is left standing; a team "
        f"scores its cup plus {SURVIVOR_BONUS} per standing figure, and each of its players gets the team's "
        "points (4/2). The match lasts players + 1 rounds; tied teams play one more round together."
    ),
    "rainforest": (
        "A stream runs along the middle row, flowing east. Its 6 boulders block movement but not line of "
        "sight. Basic rules: the stream is ground like any other. Advanced rules: a Movement that ends in "
        "the stream may **go with the flow**, 1 more hex east (free, facing kept) if that hex is open. "
        "Anyone may lock matching dice on the four **Raging Current** tracks at the corners: Swell (Move x2: "
        "the stream moves 1 east), Rapids (Move x3: 2 east), Backwash (Special x2: 1 west), Flood (Special "
        "x3: figures beside the stream step in). The die that fills a track triggers it and sends every die "
        "home. Figures furthest along go first; a blocked one stops; nobody turns or takes a hit."
    ),
}
