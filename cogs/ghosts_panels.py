"""Zap That Ghost's private panels (cogs/ghosts.py puts their openers and the colour race on the board):
My hand, the discard at the start, the attempt of the caller (which card, which tile) and the swap of a
ghost card. None is versioned, as others act meanwhile: a move names its round (`Play`) and the engine
refuses a stale one. They read in their player's own language (`Seat.language`, their Discord's).
"""
from __future__ import annotations

from dataclasses import dataclass

import discord

from engine.ghosts import DISCARD_COUNT, MIN_MATCHING, SIZE, card_name, colour_word
from engine.ghosts_types import CardInfo, GhostsView, SeatView, as_action, seat_view
from engine.grid import label
from engine.protocol import Action, View
from engine.words import SYMBOL_WORDS
from host.table import Change
from render.ghosts import render_hand

from . import markup
from .drafts import Draft, option
from .language import ntext, ptext, said_text, shown_in, text
from .panels import CONFIRM, Panel, Seat
from .redraw import Drawn

EMOJI = {"red": "🔴", "blue": "🔵", "yellow": "🟡", "green": "🟢", "white": "⚪", "black": "⚫"}


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


def named(language: str, card: CardInfo) -> str:
    """'red drop' in the reader's words."""
    return said_text(language, card_name(card["id"]))


def card_option(language: str, card: CardInfo) -> discord.SelectOption:
    words = named(language, card)
    return option(words[:1].upper() + words[1:], card["id"], emoji=EMOJI.get(card["colour"]))


def hand_text(language: str, hand: list[CardInfo]) -> str:
    return ("; ".join(f"{i + 1}. {EMOJI.get(c['colour'], '')} {named(language, c)}" for i, c in enumerate(hand))
            or text(language, "no cards"))


def until(language: str, view: GhostsView) -> str:
    if not view["deadline"]:
        return ""
    return " " + text(language, "(time runs out {when})", when=markup.stamp(view["deadline"]))


def tile_option(language: str, view: GhostsView, r: int, c: int) -> discord.SelectOption:
    """A tile, with what everyone sees on it (never whether a walk reaches it)."""
    symbol, ghost = view["symbols"][r][c], view["ghosts"][r][c]
    if symbol is None:
        words = text(language, "corner")
    elif ghost:
        words = text(language, "{ghost} ghost on {symbol}", ghost=said_text(language, colour_word(ghost)),
                     symbol=said_text(language, SYMBOL_WORDS[symbol]))
    else:
        words = text(language, "empty {symbol}", symbol=said_text(language, SYMBOL_WORDS[symbol]))
    here = [said_text(language, colour_word(m)) for m, at in view["meeples"].items() if at == [r, c]]
    if here:
        meeples = here[0]
        for more in here[1:]:
            meeples = text(language, "{list} and {item}", list=meeples, item=more)
        words = text(language, "{tile}, {meeples} meeple", tile=words, meeples=meeples)
    return option(label([r, c]), f"{r}-{c}", description=words)


def your_hand(language: str, view: SeatView) -> str:
    return text(language, "Your hand: {cards}.", cards=hand_text(language, view["hand"]))


class HandPanel(Panel):
    name, any_time = "g_hand", True

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, language = seat_view(seat.view), seat.language
        if view["must_discard"]:
            hint = "\n" + text(language, "Press **Discard {n}** on the board to choose the cards you drop.",
                               n=DISCARD_COUNT)
        elif view["may_swap"]:
            hint = "\n" + text(language, "You may swap one card this round: **Swap a card** on the board.")
        else:
            hint = ""
        show = shown_in(language)
        return Drawn(your_hand(language, view) + hint, image=lambda: render_hand(view["hand"], show=show))


class DiscardPanel(Panel):
    name, versioned, again = "g_discard", False, True  # a hand dealt again gets a fresh panel
    probe = as_action({"type": "discard", "cards": []})

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, language = seat_view(seat.view), seat.language
        return Drawn(
            your_hand(language, view) + "\n"
            + text(language, "Choose the **{n}** cards to discard{until}. If the cards you keep hold fewer than "
                             "{least} matching a ghost on the board, you get a new hand.",
                   n=DISCARD_COUNT, until=until(language, view), least=MIN_MATCHING),
            [self.select(seat, "cards", draft, [card_option(language, c) for c in view["hand"]], row=0,
                         min_values=DISCARD_COUNT, max_values=DISCARD_COUNT,
                         placeholder=text(language, "Choose the {n} cards to discard", n=DISCARD_COUNT))])

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> Action:
        return as_action({"type": "discard", "cards": [int(v) for v in values if v.isdigit()]})

    def done(self, change: Change, language: str) -> str:
        if any(e.kind == "redeal" for e in change.events):
            return text(language, "You had too few matching cards: here is a new hand.")
        return super().done(change, language)


class AttemptPanel(Panel):
    """The caller's card select, two tile selects (rows 1-3, 4-6), Zap! and Give up. Nothing hints at
    which tiles a walk reaches: finding them is the game."""

    name, versioned, choice, probe = "g_attempt", False, Play, as_action({"type": "give_up"})

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, play, language = seat_view(seat.view), Play.parse(draft), seat.language
        chosen, tile = next((c for c in view["hand"] if c["id"] == play.card), None), list(play.tile)
        start = view["meeples"].get(view["meeple"] or "")
        halves = (range(SIZE // 2), range(SIZE // 2, SIZE))  # a select holds 25 tiles at most
        return Drawn.of([
            ntext(language, "You called the **{meeple}** meeple on {cell}: it must end its walk on your tile in "
                            "exactly **{n} orthogonal step**, never entering a tile twice{until}.",
                  "You called the **{meeple}** meeple on {cell}: it must end its walk on your tile in exactly "
                  "**{n} orthogonal steps**, never entering a tile twice{until}.", view["die"] or 0,
                  meeple=said_text(language, colour_word(view["meeple"] or "red")),
                  cell=label(start) if start else "-", until=until(language, view)),
            text(language, "Card: **{card}** · Tile: **{tile}**", card=named(language, chosen) if chosen else "-",
                 tile=label(tile) if len(tile) == 2 else "-")], [
            self.select(seat, "card", play, [card_option(language, c) for c in view["hand"]],
                        placeholder=text(language, "Which card?"), row=0),
            *(self.select(seat, f"tile{k}", play, [tile_option(language, view, r, c) for r in rows for c in range(SIZE)],
                          placeholder=text(language, "Which tile? (rows {first}-{last})", first=rows[0] + 1,
                                           last=rows[-1] + 1), row=1 + k)
              for k, rows in enumerate(halves)),
            self.confirm(seat, ptext(language, "button", "Zap!"), play, ready=chosen is not None and len(tile) == 2,
                         row=3, emoji="👻"),
            self.button(seat, ptext(language, "button", "Give up"), "up", play, style=discord.ButtonStyle.danger,
                        row=3)])

    def act(self, seat: Seat, play: Play, control: str) -> Action | None:
        if control == "up":
            return as_action({"type": "give_up", "round": play.round})
        if control == CONFIRM and play.card is not None and len(play.tile) == 2:
            return as_action({"type": "zap", "card": play.card, "to": list(play.tile), "round": play.round})
        return None


class SwapPanel(Panel):
    name, versioned, choice, probe = "g_swap", False, Play, as_action({"type": "keep"})

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, language = seat_view(seat.view), seat.language
        options = [option(ptext(language, "button", "Keep my cards"), "keep", emoji="✋")]
        return Drawn(your_hand(language, view) + "\n"
                     + text(language, "Choose a card to discard (you draw a new one) or keep your cards{until}.",
                            until=until(language, view)),
                     [self.select(seat, "card", draft, options + [card_option(language, c) for c in view["hand"]], row=0,
                                  placeholder=text(language, "Discard one card and draw one, or keep"))])

    def act(self, seat: Seat, play: Play, control: str) -> Action:
        if play.card is None:  # "keep" names no card
            return as_action({"type": "keep", "round": play.round})
        return as_action({"type": "swap", "card": play.card, "round": play.round})


HAND, DISCARD, ATTEMPT, SWAP = HandPanel(), DiscardPanel(), AttemptPanel(), SwapPanel()
