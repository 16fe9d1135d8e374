"""The /rules text: what a player reads, with the readings we chose where the rulebook is silent.

RULES is the core game, within one embed's description, with how long a match takes (normal and
quick, `match_minutes`); ADVANCED adds the advanced rules, each
character's innate action, passives and Tribal cards with their costs as data.py holds them;
OPTION_RULES are the other options' own rules, each within one embed field (1024 characters),
for whoever shows them beside RULES.
"""
from __future__ import annotations

from .data import (
    BETWEEN_SECONDS,
    CHARACTERS,
    COUNTDOWN_SECONDS,
    DICE,
    FACE_NAMES,
    GUARD_TOKENS,
    GUARDS,
    HEAT_MAX,
    PASSIVES,
    QUICK_CALLS_EVERY,
    QUICK_ROUND_SECONDS,
    QUICK_ROUNDS,
    REACT_MOST_SECONDS,
    REACT_SECONDS,
    REACT_STEP_SECONDS,
    ROUND_SECONDS,
    START_SECONDS,
    SURVIVOR_BONUS,
    TB_ACTIONS,
    TB_DEFEND_SECONDS,
    TB_EXTRA_DICE,
    TB_GAME_TURNS,
    TB_ROLL_SECONDS,
    TB_ROLLS,
    TB_TURN_SECONDS,
)


def match_minutes(rounds: int, round_seconds: float) -> float:
    """A real-time match at its longest, in minutes: placing, each round's countdown and full clock,
    and the pause before each later round (a round that ends early, or players all ready, make it shorter)."""
    seconds = START_SECONDS + rounds * (COUNTDOWN_SECONDS + round_seconds) + (rounds - 1) * BETWEEN_SECONDS
    return seconds / 60


def _innate_cost(character: str) -> str:
    """'2 Special dice': what a character's innate action takes, as data.py holds it."""
    innate = CHARACTERS[character].innate
    assert innate is not None
    return f"{innate.min} {FACE_NAMES[innate.face]} dice"


NORMAL_MINUTES = {players: round(match_minutes(players + 1, ROUND_SECONDS)) for players in range(2, 7)}
QUICK_MINUTES = round(match_minutes(QUICK_ROUNDS, QUICK_ROUND_SECONDS))
TIEBREAK_MINUTES = {"normal": round(match_minutes(1, ROUND_SECONDS) - START_SECONDS / 60 + BETWEEN_SECONDS / 60),
                    "quick": round(match_minutes(1, QUICK_ROUND_SECONDS) - START_SECONDS / 60 + BETWEEN_SECONDS / 60)}
LENGTHS = ", ".join(f"{NORMAL_MINUTES[p]} with {p}" for p in (4, 6))

RULES = (
    "**Eye for an Eye** (Darwin Games): a real-time arena brawl on hexes, every eye for themselves.\n"
    "**Arena:** the Bushland, 61 hexes; 6 stones block movement and sight. A figure faces a hex "
    "side: the 3 hexes it faces are its **front arc**, the other 3 its rear arc.\n"
    "**Characters**, picked in the lobby: 15 health each. **Echo**: 10, and 4 Guards (1 health; they block "
    f"feet and sight). **Call the Guard** ({_innate_cost('echo')}) puts one beside him; he or a Guard takes "
    f"each Attack or Movement; a Guard hit goes back, its attacker taking one of his {GUARD_TOKENS} Guard "
    "tokens.\n"
    f"**Dice:** {DICE} dice (turn-based {DICE + TB_EXTRA_DICE}), faces Attack, Defence, Move, Heal, Ready, "
    "Special. Roll rerolls every unallocated die. A die goes on a free space showing its face; a track "
    "resolves once its minimum spaces are filled, spending any of its dice. Dice spent or recovered (any "
    "time) return unrolled.\n"
    "**Actions:**\n"
    "- **Attack** (1 min): 1 hit per die on an adjacent figure in your front arc.\n"
    "- **Movement** (1 min): per die, step 1 hex any way (facing kept) or turn 1 side; stones, figures and "
    "the edge block.\n"
    "- **Heal** (3 min): +1 health, up to full health.\n"
    "- **Parry** (2 min, reaction): cancels 1 hit per die of an attack from your front arc.\n"
    "Own boards: Riparian's Mend (2 dice +1, 3 +2), Banksia's Thorn Club (2 min, +1 hit with all 4) and "
    "Trudge (3 spaces), Pluma's Flight (5 spaces) and Wing Guard (Parry, 3 spaces).\n"
    "**Hits** move health from the defender to the attacker's cup; at 0 health a figure is knocked out, the "
    "trophy of whoever dealt the last hit. Attacks resolve in call order.\n"
    f"**Reactions:** Auto-Parry (on by default) answers a front attack at once with as many Parry dice as "
    f"hits; off, you have {REACT_SECONDS:g} s to choose Parry 1, 2, ... or take it, then it answers. While an "
    "attack waits on you, you can only answer it.\n"
    f"**Round:** ends when one figure is left, after {ROUND_SECONDS / 60:g} minutes (quick match: "
    f"{QUICK_ROUND_SECONDS / 60:g}), or once everyone standing has passed (until they act "
    f"again). Score = cup + {SURVIVOR_BONUS} if still standing. Points 4/2 (2 players), 4/2/1, 4/3/2/1, "
    "5/4/3/2/1, 6/5/4/3/2/1; ties share the higher points, skipping the next place.\n"
    f"**Match:** players + 1 rounds, in real time at most about {NORMAL_MINUTES[2]} min with 2 players "
    f"({LENGTHS}); a **quick match** (option) is {QUICK_ROUNDS} rounds, at most about {QUICK_MINUTES} min. "
    "Points carry over, cups do not; players tied first play one more round alone, then share the "
    "win.\n"
    f"**Turn-based** (option): each game turn starts with a realtime phase (up to {TB_ROLL_SECONDS:g} s): "
    f"roll {TB_ROLLS} times at most, allocate, take a turn-order marker (what fits is allocated). "
    f"Then in marker order each resolves up to {TB_ACTIONS} actions a turn ({TB_TURN_SECONDS:g} s, "
    "or you pass), round and round until all have passed; a pass holds until the next realtime phase. "
    "A front attack rolls its dice: Attack, Ready and Special hit. The defender picks how many Defence "
    f"dice to roll (Parry min still 2; {TB_DEFEND_SECONDS:g} s, else all): Defence, Move and Special block. "
    f"Rear attacks are unblockable. A round lasts {TB_GAME_TURNS} game turns at most (a mode's: see the mode). "
    "Allocated dice stay for the next game turn.\n"
    "**Our choices:** starting areas are dealt once per match; before each round you may move your figure "
    f"within your area, front arc clear, out of other figures' front arcs ({BETWEEN_SECONDS:g} s, or "
    f"until all are ready), then a {COUNTDOWN_SECONDS:g} s countdown. "
    "At a round's end Auto-Parry answers waiting attacks; figures knocked out together score no "
    "survivor bonus. A player who leaves takes their figure out (no one's trophy) and ranks last.\n"
    "**Options** with rules of their own: Advanced, Alliances, the Rainforest, Domination, Hill, Ceremony, "
    "Quick match."
)


def _n(card: str, what: str) -> int:
    """A number of a Tribal card, as data.py holds it."""
    return next(c for ch in CHARACTERS.values() for c in ch.cards if c.key == card).n(what)


WHAT: dict[str, str] = {
    "watch_out": "face any direction",
    "leap": f"{_n('leap', 'hexes')} hexes straight ahead, over what is in the first",
    "shield_bash": f"push an adjacent front figure {_n('shield_bash', 'push')} hex (bonus: "
                   f"{_n('shield_bash', 'push') + _n('shield_bash', 'bonus_push')}), {_n('shield_bash', 'hits')} hit; "
                   "stopped short, +1 unblockable",
    "thunderstomp": f"{_n('thunderstomp', 'hits')} hits to every adjacent figure",
    "slippery": f"cancel {_n('slippery', 'cancels')} normal hits from any arc, then slip 1 hex",
    "lunge": f"step into the empty hex before a figure {_n('lunge', 'range')} ahead: {_n('lunge', 'hits')} hits "
             f"(bonus: {_n('lunge', 'hits') + _n('lunge', 'bonus_hits')})",
    "hunting_net": f"a figure in sight within {_n('hunting_net', 'range')}: Netted, {_n('hunting_net', 'hits')} hit",
    "camouflage": "Hidden",
    "ambush": f"{_n('ambush', 'hits')} hits to an adjacent front figure, +{_n('ambush', 'unblockable')} "
              "unblockable from its rear or Hidden",
    "brutal_charge": f"up to {_n('brutal_charge', 'hexes')} hexes ahead (bonus: "
                     f"{_n('brutal_charge', 'hexes') + _n('brutal_charge', 'bonus_hexes')}); who stops you takes "
                     f"{_n('brutal_charge', 'hits')} hits and is pushed",
    "will_of_the_wind": f"fly up to {_n('will_of_the_wind', 'hexes')} hexes, then face any way",
    "raking_talons": f"move 1 hex, then {_n('raking_talons', 'hits')} hit to each front figure",
    "dive_bomb": f"land next to a figure in sight within {_n('dive_bomb', 'range')}, facing it: "
                 f"{_n('dive_bomb', 'hits')} hits + {_n('dive_bomb', 'unblockable')} unblockable",
    "slow_heat": f"+{_n('slow_heat', 'heat')} Heat",
    "vented_heat_blast": "spend X Heat: X unblockable hits to each front figure",
    "sword_dance": f"up to {_n('sword_dance', 'strikes')} strikes of {_n('sword_dance', 'hits')} hits, turning "
                   f"before each; {_n('sword_dance', 'heat')} Heat makes one unblockable",
    "call_the_guard": "a Guard from the supply next to Echo",
    "surge": "each Guard steps and/or turns",
    "protect_the_chief": "a Guard beside Echo takes all the hits",
    "luftle_swarm": "each Luftle hits each adjacent front enemy once",
}
ICON = {"S": "✨", "A": "⚔", "R": "⏫"}


def _line(key: str) -> str:
    """A character's innate action, passives and cards with their costs and effects."""
    char = CHARACTERS[key]
    parts = []
    if char.innate:
        shown = f"*{char.innate.name}*" if char.innate.reaction else char.innate.name
        parts.append(f"{shown} ({char.innate.min}{ICON[char.innate.face]}): {WHAT[char.innate.effect]}")
    parts += [f"{PASSIVES[p][0]}: {PASSIVES[p][1]}" for p in char.passives]
    for c in char.cards:
        bonus = "+1" if c.use.spaces > c.use.min else ""
        shown = f"*{c.name}*" if c.use.reaction else c.name
        parts.append(f"{shown} ({'I' * c.band}, {c.ready.min}⏫ → {c.use.min}{bonus}{ICON[c.use.face]}): {WHAT[c.key]}")
    return f"- **{char.name}:** " + "; ".join(parts) + "."


ADVANCED = "\n".join([
    "**Eye for an Eye, advanced rules** (option `advanced`).",
    "**Tribal cards** start each round Unready. Fill a card's Ready spaces with Ready dice and it readies at "
    "once; those dice go back to your pool (turn-based they are rerolled for free). A Ready card takes its "
    "use dice; using it spends them (a bonus space adds its effect) and turns it Unready again. Auto fills "
    "only the basic actions.",
    "**A Tribal card pauses everyone else** until its hits have landed; only reactions go meanwhile.",
    "**Unblockable hits** are never cancelled: of a mixed attack, Parry cancels only the normal hits.",
    f"**Reactions** (*in italics*): when one could answer an attack on you, you get the window even with "
    f"Auto-Parry on; each reaction gives {REACT_STEP_SECONDS:g} s more, up to {REACT_MOST_SECONDS:g} s, and Parry "
    "is checked again after Watch Out!. Turn-based, reactions cost no action; cards cost one.",
    f"**Statuses:** Netted, the figure cannot step (its Move dice went back to its pool) for "
    f"{_n('hunting_net', 'seconds')} s, turn-based through its next turn. Hidden, line-of-sight and range-2+ "
    f"effects cannot target it, until it attacks or for {_n('camouflage', 'seconds')} s, turn-based until its "
    "next turn.",
    "**Characters** (ready → use cost):",
    *(_line(k) for k in CHARACTERS),
    f"Incendiary holds 0-{HEAT_MAX} Heat, 0 each round. Echo's {GUARDS} Guards, his Call the Guard and his "
    "Luftles are his in the core game too (the rulebook lists them with no advanced marking): they start each "
    "round in the supply, have 1 health, block feet and sight and may take his Attack or Movement; a hit landing "
    f"on one sends it back and gives its attacker one of his {GUARD_TOKENS} Guard tokens. They leave with him.",
])

OPTION_RULES: dict[str, str] = {
    "alliances": (
        "4-6 players in teams of 2 or 3: 2 v 2, 3 v 2, 3 v 3 or 2 v 2 v 2. Pick your team in the lobby (Team "
        "A, B or C: a third team makes 2 v 2 v 2, six players only); at Start whoever did not pick is placed "
        "so the teams are as even as can be (nobody picking: by seat order, the first half against the rest). "
        "Allies cannot target each other, and area effects skip them. Hits go into the team cup. The round ends "
        f"when one team is left standing; a team scores its cup plus {SURVIVOR_BONUS} per standing figure, and "
        "each of its players gets the team's points (4/2; three teams 4/2/1). The match lasts players + 1 "
        "rounds; tied teams play one more round together."
    ),
    "rainforest": (
        "A stream runs along the middle row, flowing east. Its 6 boulders block movement but not line of "
        "sight. Basic rules: the stream is ground like any other. Advanced rules: a Movement that ends in "
        "the stream may **go with the flow**, 1 more hex east (free, facing kept) if that hex is open. "
        "Anyone may lock matching dice on the four **Raging Current** tracks at the corners: Swell (Move x2: "
        "the stream moves 1 east), Rapids (Move x3: 2 east), Backwash (Special x2: 1 west), Flood (Special "
        "x3: figures beside the stream step in). The die that fills a track triggers it and sends every die "
        "home. Figures furthest along go first (Echo's Guards too); a blocked one stops; nobody turns or "
        "takes a hit."
    ),
    "quick": (
        f"**Quick match** (option): {QUICK_ROUNDS} rounds of {QUICK_ROUND_SECONDS / 60:g} minutes, whatever the "
        f"number of players, instead of players + 1 rounds of {ROUND_SECONDS / 60:g}. In real time it takes at "
        f"most about {QUICK_MINUTES} minutes ({START_SECONDS:g} s to place, a {COUNTDOWN_SECONDS:g} s countdown "
        f"before each round, {BETWEEN_SECONDS:g} s between them); a normal match takes at most about "
        f"{NORMAL_MINUTES[2]} minutes with 2 players, "
        + ", ".join(f"{m} with {p}" for p, m in NORMAL_MINUTES.items() if p > 2) + ". "
        "A round ends sooner when one figure (or team) is left, or once everyone standing has passed. Points, "
        "ties and the modes play as usual: players tied for the most points play one more round (about "
        f"{TIEBREAK_MINUTES['quick']} minutes more; {TIEBREAK_MINUTES['normal']} in a normal match); Domination's "
        f"calls come about every {QUICK_CALLS_EVERY:g} s. Turn-based, a match takes as long as its turns "
        f"({TB_ROLL_SECONDS:g} s at most to roll, {TB_TURN_SECONDS:g} s a turn): a quick one is {QUICK_ROUNDS} "
        "rounds of the usual game turns."
    ),
}
