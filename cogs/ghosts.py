"""Zap That Ghost on Discord: race for a meeple colour, then zap a ghost in private.

One board message per round. Its colour buttons are the race (a later presser learns who was first, by
how many ms); they stay, greyed, while the caller plays, since late presses arrive then. Everything
private is a panel: My hand, the discard, the attempt and the swap, none versioned as others act
meanwhile: a move names its round (`Play`) and the engine refuses a stale one.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import discord

from engine.ghosts import DEAL, DISCARD_COUNT, MEEPLES, MIN_MATCHING, SIZE, lost_race
from engine.ghosts_types import CardInfo, GhostsView, as_action, public_view, seat_view
from engine.grid import label
from engine.protocol import Action, Game, View, seat_name
from engine.words import plural
from host.session import ABORTED, Session
from host.table import Change
from render.encode import RenderedImage
from render.ghosts import render_ghosts, render_hand

from . import markup
from .actions import perform_race
from .clicks import offer, seat_for
from .components import Ref
from .drafts import Draft, option
from .game_ui import BoardWords, Control, GameUI, Move
from .panels import CONFIRM, Panel, Seat
from .redraw import Drawn
from .services import Interaction

STYLE = {"red": discord.ButtonStyle.danger, "blue": discord.ButtonStyle.primary,
         "yellow": discord.ButtonStyle.secondary, "green": discord.ButtonStyle.success}
EMOJI = {"red": "🔴", "blue": "🔵", "yellow": "🟡", "green": "🟢", "white": "⚪", "black": "⚫"}
CALL, KEEP = "g_call", "g_keep"  # board moves; their arg is a Play


@dataclass(frozen=True)
class Play(Draft):
    """What a move names, as a panel or button carries it: the round it is for (the engine refuses
    a move of an earlier one), and the card, tile (row, column) or meeple chosen."""

    round: int = 0  # the opening discard: a round no call, attempt or swap is ever in
    card: int | None = None
    tile: tuple[int, ...] = ()
    meeple: str = ""

    @classmethod
    def opening(cls, view: View) -> Play:
        return cls(view["round"])


def card_option(card: CardInfo) -> discord.SelectOption:
    return option(card["name"].capitalize(), card["id"], emoji=EMOJI.get(card["colour"]))


def hand_text(hand: list[CardInfo]) -> str:
    return "; ".join(f"{i + 1}. {EMOJI.get(c['colour'], '')} {c['name']}" for i, c in enumerate(hand)) or "no cards"


def until(view: GhostsView) -> str:
    return f" (time runs out {markup.stamp(view['deadline'])})" if view["deadline"] else ""


def tile_option(view: GhostsView, r: int, c: int) -> discord.SelectOption:
    """A tile, with what everyone sees on it (never whether a walk reaches it)."""
    symbol, ghost = view["symbols"][r][c], view["ghosts"][r][c]
    here = " and ".join(m for m, at in view["meeples"].items() if at == [r, c])
    words = "corner" if symbol is None else f"{ghost} ghost on {symbol}" if ghost else f"empty {symbol}"
    return option(label([r, c]), f"{r}-{c}", description=words + (f", {here} meeple" if here else ""))


class HandPanel(Panel):
    name, any_time = "g_hand", True

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view = seat_view(seat.view)
        hint = (f"\nPress **Discard {DISCARD_COUNT}** on the board to choose the cards you drop."
                if view["must_discard"] else
                "\nYou may swap one card this round: **Swap a card** on the board." if view["may_swap"] else "")
        return Drawn(f"Your hand: {hand_text(view['hand'])}.{hint}", image=lambda: render_hand(view["hand"]))


class DiscardPanel(Panel):
    name, versioned, again = "g_discard", False, True  # a hand dealt again gets a fresh panel
    probe = as_action({"type": "discard", "cards": []})

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view = seat_view(seat.view)
        return Drawn(
            f"Your hand: {hand_text(view['hand'])}.\nChoose the **{DISCARD_COUNT}** cards to discard{until(view)}. "
            f"If the cards you keep hold fewer than {MIN_MATCHING} matching a ghost on the board, you get a new hand.",
            [self.select(seat, "cards", draft, [card_option(c) for c in view["hand"]], row=0,
                         min_values=DISCARD_COUNT, max_values=DISCARD_COUNT,
                         placeholder=f"Choose the {DISCARD_COUNT} cards to discard")])

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> Action:
        return as_action({"type": "discard", "cards": [int(v) for v in values if v.isdigit()]})

    def done(self, change: Change) -> str:
        if any(e.kind == "redeal" for e in change.events):
            return "You had too few matching cards: here is a new hand."
        return super().done(change)


class AttemptPanel(Panel):
    """The caller's card select, two tile selects (rows 1-3, 4-6), Zap! and Give up. Nothing hints at
    which tiles a walk reaches: finding them is the game."""

    name, versioned, choice, probe = "g_attempt", False, Play, as_action({"type": "give_up"})

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, play = seat_view(seat.view), Play.parse(draft)
        chosen, tile = next((c for c in view["hand"] if c["id"] == play.card), None), list(play.tile)
        start = view["meeples"].get(view["meeple"] or "")
        halves = (range(SIZE // 2), range(SIZE // 2, SIZE))  # a select holds 25 tiles at most
        return Drawn.of([
            f"You called the **{view['meeple']}** meeple on {label(start) if start else '-'}: it must end its walk on "
            f"your tile in exactly **{plural(view['die'] or 0, 'orthogonal step')}**, never entering a tile twice"
            f"{until(view)}.",
            f"Card: **{chosen['name'] if chosen else '-'}** · Tile: **{label(tile) if len(tile) == 2 else '-'}**"], [
            self.select(seat, "card", play, [card_option(c) for c in view["hand"]], placeholder="Which card?", row=0),
            *(self.select(seat, f"tile{k}", play, [tile_option(view, r, c) for r in rows for c in range(SIZE)],
                          placeholder=f"Which tile? (rows {rows[0] + 1}-{rows[-1] + 1})", row=1 + k)
              for k, rows in enumerate(halves)),
            self.confirm(seat, "Zap!", play, ready=chosen is not None and len(tile) == 2, row=3, emoji="👻"),
            self.button(seat, "Give up", "up", play, style=discord.ButtonStyle.danger, row=3)])

    def act(self, seat: Seat, play: Play, control: str) -> Action | None:
        if control == "up":
            return as_action({"type": "give_up", "round": play.round})
        if control == CONFIRM and play.card is not None and len(play.tile) == 2:
            return as_action({"type": "zap", "card": play.card, "to": list(play.tile), "round": play.round})
        return None


class SwapPanel(Panel):
    name, versioned, choice, probe = "g_swap", False, Play, as_action({"type": "keep"})

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view = seat_view(seat.view)
        options = [option("Keep my cards", "keep", emoji="✋")]
        return Drawn(f"Your hand: {hand_text(view['hand'])}.\nChoose a card to discard (you draw a new one) or "
                     f"keep your cards{until(view)}.",
                     [self.select(seat, "card", draft, options + [card_option(c) for c in view["hand"]], row=0,
                                  placeholder="Discard one card and draw one, or keep")])

    def act(self, seat: Seat, play: Play, control: str) -> Action:
        if play.card is None:  # "keep" names no card
            return as_action({"type": "keep", "round": play.round})
        return as_action({"type": "swap", "card": play.card, "round": play.round})


HAND, DISCARD, ATTEMPT, SWAP = HandPanel(), DiscardPanel(), AttemptPanel(), SwapPanel()


def lost(session: Session, seat: int | None, action: Action, pressed: int) -> str | None:
    """A call refused because another came first: who, with which meeple, and by how many ms."""
    race = lost_race(session.game_state, seat, action)
    return None if race is None else markup.too_slow(
        f"{seat_name(race['winner'])} called the {race['meeple']} meeple", race["at_ms"], pressed)


async def call(interaction: Interaction, ref: Ref, values: list[str]) -> None:
    """A colour button: the race. The caller gets their attempt panel, a later presser the margin."""
    play = Play.parse(ref.arg)
    action = as_action({"type": "call", "meeple": play.meeple, "round": play.round})
    change = await perform_race(interaction, ref.session_id, action, lost)
    if not change.duplicate:
        await offer(interaction, ATTEMPT, await seat_for(interaction, change.session))


class GhostsUI(GameUI):
    game_name = "ghosts"

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        return render_ghosts(game.view(session.game_state, None), names=names, aborted=session.status == ABORTED)

    def board_key(self, session: Session, game: Game) -> str | None:
        """A fresh message per round; the opening discard stays on the lobby's message."""
        round_ = public_view(game.view(session.game_state, None))["round"]
        return str(round_) if round_ else None

    def words(self, session: Session, game: Game, view: View) -> BoardWords:
        """The round, the scores, and what happens now; nobody is marked during the race (all may press)."""
        v = public_view(view)
        caller = "" if v["caller"] is None else seat_name(v["caller"])
        now = {"discard": f"Everyone discards {DISCARD_COUNT} of their {DEAL} cards in secret: "
                          f"press **Discard {DISCARD_COUNT}**.",
               "race": f"The die shows **{v['die']}**. Race! The first to press a meeple colour gets the attempt.",
               "attempt": f"{caller} called the **{v['meeple']}** meeple: exactly {plural(v['die'] or 0, 'step')}. "
                          "They choose a card and a tile in private.",
               "swap": f"Everyone but {caller} may **swap a card** or **keep** their cards."}
        return BoardWords("Zap That Ghost · " + (f"round {v['round']}" if v["round"] else "opening discard"),
                          now.get(v["phase"]), heading=f"Ghosts (first to {v['target']} wins)",
                          seat_words=[f"{score} 👻" for score in v["scores"]], left=v["left"], away=v["away"],
                          marked=() if v["phase"] == "race" else None, colour=discord.Colour.dark_green())

    def coach(self, session: Session, game: Game, seat: int, view: View) -> str | None:
        """How to spot a zap in this phase, for a person learning the game (never their cards: the
        board is public)."""
        v = public_view(view)
        die = plural(v["die"] or 0, "step")
        tips = {"discard": "Keep the cards that match a ghost on the board (the ghost's colour and the symbol of "
                           f"its tile) and discard the {DISCARD_COUNT} that match least.",
                "race": f"Find a card matching a ghost that a meeple can reach in exactly {die}, never entering a "
                        "tile twice; if you have one, press that meeple's colour before the computers do.",
                "attempt": (f"Choose your card and the ghost's tile in your panel: the meeple must end on it in "
                            f"exactly {die}." if v["caller"] == seat else "Wait: the caller is trying their zap."),
                "swap": "Swap a card that matches no ghost for a fresh one, or keep your hand."}
        return tips.get(v["phase"])

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        view = public_view(game.view(session.game_state, None))
        phase, round_, grey = view["phase"], view["round"], discord.ButtonStyle.secondary
        hand: discord.ui.Item = HAND.opener(session, "My hand", emoji="🃏", style=grey, row=1)
        if phase == "discard":
            return [DISCARD.opener(session, f"Discard {DISCARD_COUNT}", row=0), hand]
        if phase == "swap":
            return [SWAP.opener(session, "Swap a card", row=0),
                    self.move(session, KEEP, "Keep my cards", str(Play(round_)), versioned=False, row=0), hand]
        race: list[discord.ui.Item] = [
            self.move(session, CALL, m.capitalize(), str(Play(round_, meeple=m)), versioned=False, emoji=EMOJI[m],
                      style=STYLE[m] if phase == "race" or m == view["meeple"] else grey, row=0) for m in MEEPLES]
        caller = [] if phase == "race" else [ATTEMPT.opener(session, "Play a card (caller)", row=1)]
        return race + caller + [hand]  # the colours stay while the caller plays: late presses still land

    def controls(self) -> Mapping[str, Control]:
        return {KEEP: Move(lambda _s, _g, ref, _v: as_action({"type": "keep", "round": Play.parse(ref.arg).round})),
                CALL: call, **{panel.name: panel for panel in (HAND, DISCARD, ATTEMPT, SWAP)}}
