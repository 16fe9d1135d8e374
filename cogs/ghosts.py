"""Zap That Ghost on Discord: race for a meeple colour, then zap a ghost in private.

One board message per round. Its colour buttons are the race (a later presser learns who was first, by
how many ms); they stay, greyed, while the caller plays, since late presses arrive then. Everything
private is a panel: My hand, the discard, the attempt and the swap, none versioned as others act
meanwhile: a move names its round (`Play`) and the engine refuses a stale one. The board reads in the
table's language (`session.language`), the panels in their players' own (`Seat.language`).
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

import discord

from engine.ghosts import DEAL, DISCARD_COUNT, MEEPLES, MIN_MATCHING, SIZE, card_name, colour_word, lost_race
from engine.ghosts_types import CardInfo, GhostsView, SeatView, as_action, public_view, seat_view
from engine.grid import label
from engine.protocol import Action, Game, View, seat_name
from engine.words import SYMBOL_WORDS
from host.session import ABORTED, Session
from host.table import Change
from render.encode import RenderedImage
from render.ghosts import render_ghosts, render_hand

from . import markup
from .actions import perform_race
from .clicks import offer, seat_for
from .components import Ref
from .drafts import Draft, option
from .game_ui import BoardWords, Control, GameUI, Move, Seated
from .language import ntext, ptext, said_text, text
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
        show = functools.partial(said_text, language)
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


def lost(session: Session, seat: int | None, action: Action, pressed: int, language: str) -> str | None:
    """A call refused because another came first: who, with which meeple, and by how many ms."""
    race = lost_race(session.game_state, seat, action)
    if race is None:
        return None
    what = text(language, "{seat} called the {meeple} meeple", seat=seat_name(race["winner"]),
                meeple=said_text(language, colour_word(race["meeple"])))
    return markup.too_slow(what, race["at_ms"], pressed, language)


async def call(interaction: Interaction, seat: Seat, ref: Ref, values: list[str]) -> None:
    """A colour button, pressed by `seat`'s player: the race. The caller gets their attempt panel, a
    later presser the margin."""
    play = Play.parse(ref.arg)
    action = as_action({"type": "call", "meeple": play.meeple, "round": play.round})
    change = await perform_race(interaction, ref.session_id, action, lost)
    if not change.duplicate:
        await offer(interaction, ATTEMPT, await seat_for(interaction, change.session))


class GhostsUI(GameUI):
    game_name = "ghosts"

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        language = session.language
        return render_ghosts(game.view(session.game_state, None), names=names, aborted=session.status == ABORTED,
                             show=functools.partial(said_text, language), title=ptext(language, "game title", game.title))

    def board_key(self, session: Session, game: Game) -> str | None:
        """A fresh message per round; the opening discard stays on the lobby's message."""
        round_ = public_view(game.view(session.game_state, None))["round"]
        return str(round_) if round_ else None

    def words(self, session: Session, game: Game, view: View) -> BoardWords:
        """The round, the scores, and what happens now; nobody is marked during the race (all may press)."""
        v, language = public_view(view), session.language
        caller = "" if v["caller"] is None else seat_name(v["caller"])
        meeple = said_text(language, colour_word(v["meeple"] or "red"))
        now = {"discard": text(language, "Everyone discards {n} of their {deal} cards in secret: press **Discard {n}**.",
                               n=DISCARD_COUNT, deal=DEAL),
               "race": text(language, "The die shows **{die}**. Race! The first to press a meeple colour gets the "
                                      "attempt.", die=v["die"]),
               "attempt": ntext(language, "{who} called the **{meeple}** meeple: exactly {n} step. They choose a card "
                                          "and a tile in private.",
                                "{who} called the **{meeple}** meeple: exactly {n} steps. They choose a card and a tile "
                                "in private.", v["die"] or 0, who=caller, meeple=meeple),
               "swap": text(language, "Everyone but {who} may **swap a card** or **keep** their cards.", who=caller)}
        title = ptext(language, "game title", "Zap That Ghost")
        part = (text(language, "round {n}", n=v["round"]) if v["round"] else text(language, "opening discard"))
        return BoardWords(f"{title} · {part}",
                          now.get(v["phase"]), heading=text(language, "Ghosts (first to {n} wins)", n=v["target"]),
                          seat_words=[f"{score} 👻" for score in v["scores"]], left=v["left"], away=v["away"],
                          marked=() if v["phase"] == "race" else None, colour=discord.Colour.dark_green())

    def coach(self, session: Session, game: Game, seat: int, view: View) -> str | None:
        """How to spot a zap in this phase, for a person learning the game (never their cards: the
        board is public)."""
        v, language = public_view(view), session.language
        die = ntext(language, "{n} step", "{n} steps", v["die"] or 0)
        tips = {"discard": text(language, "Keep the cards that match a ghost on the board (the ghost's colour and the "
                                          "symbol of its tile) and discard the {n} that match least.", n=DISCARD_COUNT),
                "race": text(language, "Find a card matching a ghost that a meeple can reach in exactly {steps}, never "
                                       "entering a tile twice; if you have one, press that meeple's colour before the "
                                       "computers do.", steps=die),
                "attempt": (text(language, "Choose your card and the ghost's tile in your panel: the meeple must end on "
                                           "it in exactly {steps}.", steps=die) if v["caller"] == seat
                            else text(language, "Wait: the caller is trying their zap.")),
                "swap": text(language, "Swap a card that matches no ghost for a fresh one, or keep your hand.")}
        return tips.get(v["phase"])

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        view, language = public_view(game.view(session.game_state, None)), session.language
        phase, round_, grey = view["phase"], view["round"], discord.ButtonStyle.secondary
        hand: discord.ui.Item = HAND.opener(session, ptext(language, "button", "My hand"), emoji="🃏", style=grey, row=1)
        if phase == "discard":
            return [DISCARD.opener(session, ptext(language, "button", "Discard {n}", n=DISCARD_COUNT), row=0), hand]
        if phase == "swap":
            return [SWAP.opener(session, ptext(language, "button", "Swap a card"), row=0),
                    self.move(session, KEEP, ptext(language, "button", "Keep my cards"), str(Play(round_)),
                              versioned=False, row=0), hand]
        race: list[discord.ui.Item] = [
            self.move(session, CALL, said_text(language, colour_word(m)).capitalize(), str(Play(round_, meeple=m)),
                      versioned=False, emoji=EMOJI[m],
                      style=STYLE[m] if phase == "race" or m == view["meeple"] else grey, row=0) for m in MEEPLES]
        caller = [] if phase == "race" else [ATTEMPT.opener(session, ptext(language, "button", "Play a card (caller)"),
                                                            row=1)]
        return race + caller + [hand]  # the colours stay while the caller plays: late presses still land

    def controls(self) -> Mapping[str, Control]:
        return {KEEP: Move(lambda _s, _g, ref, _v: as_action({"type": "keep", "round": Play.parse(ref.arg).round})),
                CALL: Seated(call), **{panel.name: panel for panel in (HAND, DISCARD, ATTEMPT, SWAP)}}
