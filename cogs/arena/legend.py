"""The legend of Eye for an Eye's private panel: what its die faces, signs and buttons mean.

Newcomers met a wall of emoji (`Pool: ⏫ ❤ ❤`, `Qty: All`, `⚡ Auto`, `●/○`, `0/2⏫`) with nothing to
say what they mean. The legend is one private message, shown after the first panel a player opens in
a match and again whenever they press the panel's ℹ Legend button. It explains only what this
match's panel can show (the advanced rules' cards, turn-based play, the options' controls), so it
stays short enough to read on a phone.
"""
from __future__ import annotations

import discord

from engine.arena.view_types import ArenaView

from ..language import N_, text
from .words import FACE, UNROLLED, term

TITLE = N_("ℹ Eye for an Eye: what your panel shows")
SIGNS = {"attack": FACE["A"], "defence": FACE["D"], "move": FACE["M"], "heal": FACE["H"], "ready": FACE["R"],
         "special": FACE["S"], "unrolled": UNROLLED}  # the signs the legend's texts name


def legend_embed(view: ArenaView, language: object = None) -> discord.Embed:
    """The legend for the match `view` shows (any seat's view, or everyone's), in the reader's `language`."""
    turn_based, advanced = view["mode"] == "turn_based", bool(view["seats"]) and "cards" in view["seats"][0]
    embed = discord.Embed(title=text(language, TITLE), colour=discord.Colour.dark_orange(), description=text(
        language, "A greyed button cannot act now: the 🚫 line under the panel says why.\n"
        "**Hexes** are named like **D4**: the number is the row (1 at the top, 9 at the bottom), the letter "
        "the hex's place in its row, A at the left. Every hex on the board's picture shows its name."))
    embed.add_field(name=text(language, "Die faces"), inline=False, value=_faces(turn_based, advanced, language))
    embed.add_field(name=text(language, "Your dice"), inline=False, value=text(
        language, "`Pool: {attack} {heal} {unrolled}`: your dice on no track yet.\n"
        "`{attack} {track} [{attack}{attack}··] min 1 ✓`: a track, its dice and · its free "
        "spaces; **min** is how many dice it needs to act; **✓** it can act now.", track=term(language, "Spear Thrust"),
        **SIGNS))
    embed.add_field(name=text(language, "Buttons"), inline=False, value="\n".join(_buttons(view, turn_based, language)))
    if advanced:
        embed.add_field(name=text(language, "Advanced rules"), inline=False, value=text(
            language, "`II ○ {card} 1/2⏫`: a Tribal card of band II, **○ Unready**: 1 of the 2 ⏫ Ready dice that "
            "ready it.\n`II ● {card} 2/2+1✨`: **● Ready**: 2 of the 2 dice its use needs, +1 an extra "
            "space.\nYour character's innate action has a button of its own (dice on it/dice it needs). "
            "🔥 Burn Heat (Incendiary): his Attack burns Heat for an unblockable hit. 🐦 … acts (Echo): which "
            "of his figures takes the Attack and the Move.", card=term(language, "Shield Bash")))
    if extras := _extras(view, language):
        embed.add_field(name=text(language, "This match's options"), inline=False, value="\n".join(extras))
    return embed.set_footer(text=text(language, "The whole rules: the board's 📜 Rules button, or /rules game:arena."))


def _faces(turn_based: bool, advanced: bool, language: object) -> str:
    faces = text(language, "{attack} Attack · {defence} Defence (Parry) · {move} Move · {heal} Heal · {ready} Ready · "
                 "{special} Special · {unrolled} not rolled yet", **SIGNS)
    if advanced:
        faces += "\n" + text(language, "{ready} readies Tribal cards; {special} pays for innate actions and cards.",
                             **SIGNS)
    else:
        faces += "\n" + text(language, "In the core game no track takes {ready} or {special}: roll them again.",
                             **SIGNS)
    if turn_based:
        faces += "\n" + text(language, "An attack rolls its dice: {attack} {ready} {special} hit; a defence rolls: "
                             "{defence} {move} {special} block.", **SIGNS)
    return faces


def _buttons(view: ArenaView, turn_based: bool, language: object) -> list[str]:
    lines = [text(language, "🎲 **Roll**: roll the dice in your pool again (rolls left in brackets).") if turn_based
             else text(language, "🎲 **Roll**: roll the dice in your pool again."),
             text(language, "⚡ **Auto**: every die that fits goes onto its track (Attack, Parry, Move, Heal)."),
             text(language, "**Qty: All**: how many dice your next click allocates, locks or spends (an Attack, a "
                  "Heal, a card). Click for 1, 2, 3, 4, then All again; it goes back to All after each use."),
             text(language, "**Allocate or recover dice…**: `⚔×2 → {track}` puts those dice on a track; `↩` takes them "
                  "back to the pool.", track=term(language, "Spear Thrust")),
             text(language, "⚔ **Attack → name**: strikes the figure in your front arc (the 3 hexes your wedge points "
                  "at); with several there, you choose."),
             text(language, "👣 **Move…**: a step or a turn for each Move die; the path goes when every die is used, or "
                  "on ✔ Go."),
             text(language, "❤ **Heal**: spend the Heal track's dice for health."),
             text(language, "🔄 **Refresh**: draw the panel again with the latest.")]
    if turn_based:
        lines += [text(language, "✔ **Done**: puts what fits on its tracks, then take a turn-order marker (1st plays "
                       "first)."),
                  text(language, "**End turn**: after an action, the next player goes. **Pass**: you are done until "
                       "the next roll.")]
    else:
        lines.insert(3, text(language, "🛡 **Auto-Parry: on/off**: on, your Parry dice answer attacks by themselves; "
                             "off, you are asked each time."))
    return lines


def _extras(view: ArenaView, language: object) -> list[str]:
    """The controls the match's options add to the panel."""
    mode = view.get("game_mode") or {}
    out = []
    if view.get("currents"):
        out.append(text(language, "🌊 **A Raging Current track**: lock dice on it (+n: how many this click locks); "
                        "when it fills, the stream moves. 🌊 **Flow** (in Move…): your path ends going with the "
                        "stream."))
    if "card" in mode:
        out.append(text(language, "⛰ **Hill card**: lock dice on it; a fill starts the climb, the next one scores."))
    if "nymphlets" in mode:
        out.append(text(language, "🐾 **Scamper**: move your Nymphlet a hex a die. A **Nymphlet** in your front arc "
                        "can be caught with the Attack."))
    if mode.get("key") == "domination" and view["mode"] == "turn_based":
        out.append(text(language, "🌸 **Burraparay?**: after each game turn, declare Trigger or Not and how many dice "
                        "you roll."))
    return out
