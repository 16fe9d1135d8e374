"""Zap That Ghost on Discord: race for a meeple colour, then zap a ghost in private.

One board message per round. Its colour buttons are the race: a call carries its press time (the
snowflake's), so a later presser learns who was first and by how many ms; they stay, greyed, while the
caller plays, since late presses arrive then. Everything private is a panel (cogs/panels.py): My hand,
the discard, the attempt and the swap. None is versioned, as others act meanwhile: a move names its
round and the engine refuses a stale one. Rules and refusals are the engine's; this only words views.
"""
from __future__ import annotations

import discord
from discord.ext import commands

from engine.errors import RuleError
from engine.ghosts import DEAL, DISCARD_COUNT, MEEPLES, MIN_MATCHING, SIZE, lost_race
from engine.ghosts_types import CardInfo, Cell, GhostsView, LostRace, as_action, public_view, seat_view
from engine.grid import label
from engine.protocol import Action, Game
from host.errors import TableError
from host.session import ABORTED, PLAYING, Session
from host.table import Change
from render.encode import RenderedImage
from render.ghosts import render_ghosts, render_hand

from . import markup
from .actions import perform, table_of
from .components import TableButton, handles
from .game_ui import GameUI, register_ui
from .panels import Drawn, Panel, Seat, fields, option, register_panels, seat_for
from .refs import Ref

STYLE = {"red": discord.ButtonStyle.danger, "blue": discord.ButtonStyle.primary,
         "yellow": discord.ButtonStyle.secondary, "green": discord.ButtonStyle.success}
EMOJI = {"red": "🔴", "blue": "🔵", "yellow": "🟡", "green": "🟢", "white": "⚪", "black": "⚫"}
CALL, KEEP = "g_call", "g_keep"  # board moves; their arg carries the round


def round_of(text: str) -> int:
    return int(text) if text.isdigit() else -1  # -1: a round that never is


def card_option(card: CardInfo, *, default: bool = False) -> discord.SelectOption:
    return option(card["name"].capitalize(), card["id"], emoji=EMOJI.get(card["colour"]), default=default)


def hand_text(hand: list[CardInfo]) -> str:
    return "; ".join(f"{i + 1}. {EMOJI.get(c['colour'], '')} {c['name']}" for i, c in enumerate(hand)) or "no cards"


def until(view: GhostsView) -> str:
    return f" (time runs out <t:{int(view['deadline'])}:R>)" if view["deadline"] else ""


def tile_words(view: GhostsView, cell: Cell) -> str:
    """What everyone sees on a tile (never whether a walk reaches it)."""
    (r, c), here = cell, [m for m, at in view["meeples"].items() if at == cell]
    symbol, ghost = view["symbols"][r][c], view["ghosts"][r][c]
    words = "corner" if symbol is None else f"{ghost} ghost on {symbol}" if ghost else f"empty {symbol}"
    return words + (", " + " and ".join(here) + " meeple" if here else "")


class HandPanel(Panel):
    name, any_time = "g_hand", True

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view = seat_view(seat.view)
        hint = (f"\nPress **Discard {DISCARD_COUNT}** on the board to choose the cards you drop."
                if view["must_discard"] else
                "\nYou may swap one card this round: **Swap a card** on the board." if view["may_swap"] else "")
        return Drawn(f"Your hand: {hand_text(view['hand'])}.{hint}", image=lambda: render_hand(view["hand"]))

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str:
        return draft  # it has no controls


class DiscardPanel(Panel):
    name, versioned, again = "g_discard", False, True  # a hand dealt again gets a fresh panel

    def refusal(self, seat: Seat) -> str | None:
        return None if seat.view["must_discard"] else seat.explain(as_action({"type": "discard", "cards": []}))

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


def parse_attempt(draft: str) -> tuple[int, int | None, Cell | None]:
    """'7-53-34' -> round 7, card 53, tile [3, 4]; a field left empty is not chosen yet."""
    round_, card, tile = fields(draft, 3)
    return (round_of(round_), int(card) if card.isdigit() else None,
            [int(tile[0]), int(tile[1])] if len(tile) == 2 and tile.isdigit() else None)


class AttemptPanel(Panel):
    """The caller's card select, two tile selects (rows 1-3, 4-6), Zap! and Give up. Nothing hints at
    which tiles a walk reaches: finding them is the game."""

    name, versioned = "g_attempt", False

    def refusal(self, seat: Seat) -> str | None:
        return seat.explain(as_action({"type": "give_up"}))  # only the caller, during their attempt

    def start(self, seat: Seat) -> str:
        return str(seat.view["round"])

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, (_, card, tile) = seat_view(seat.view), parse_attempt(draft)
        chosen = next((c for c in view["hand"] if c["id"] == card), None)
        items: list[discord.ui.Item] = [self.select(seat, "card", draft, placeholder="Which card?", row=0, options=[
            card_option(c, default=c is chosen) for c in view["hand"]])]
        for half in (0, 1):
            rows = range(half * SIZE // 2, (half + 1) * SIZE // 2)
            options = [option(label([r, c]), f"{r}-{c}", default=tile == [r, c], description=tile_words(view, [r, c]))
                       for r in rows for c in range(SIZE)]
            items.append(self.select(seat, f"t{half}", draft, options, row=1 + half,
                                     placeholder=f"Which tile? (rows {rows[0] + 1}-{rows[-1] + 1})"))
        items.append(self.button(seat, "Zap!", "zap", draft, style=discord.ButtonStyle.success, emoji="👻",
                                 disabled=chosen is None or tile is None, row=3))
        items.append(self.button(seat, "Give up", "up", draft, style=discord.ButtonStyle.danger, row=3))
        start, card_name = view["meeples"].get(view["meeple"] or ""), chosen["name"] if chosen else "-"
        return Drawn(f"You called the **{view['meeple']}** meeple on {label(start) if start else '-'}: it must end "
                     f"its walk on your tile in exactly **{view['die']}** orthogonal steps, never entering a tile "
                     f"twice{until(view)}.\nCard: **{card_name}** · Tile: **{label(tile) if tile else '-'}**", items)

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        round_, card, tile = parse_attempt(draft)
        if control == "up":
            return as_action({"type": "give_up", "round": round_})
        if control == "zap" and card is not None and tile is not None:
            return as_action({"type": "zap", "card": card, "to": tile, "round": round_})
        if reason := seat.explain(as_action({"type": "give_up", "round": round_})):
            raise TableError(markup.said(seat.session, reason))  # the attempt this panel was for is over
        parts = fields(draft, 3)
        parts[1 if control == "card" else 2] = "".join(values[:1]).replace("-", "")  # a tile "3-4" as "34"
        return "-".join(parts)


class SwapPanel(Panel):
    name, versioned = "g_swap", False

    def refusal(self, seat: Seat) -> str | None:
        return seat.explain(as_action({"type": "keep"}))

    def start(self, seat: Seat) -> str:
        return str(seat.view["round"])

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view = seat_view(seat.view)
        options = [option("Keep my cards", "keep", emoji="✋")]
        return Drawn(f"Your hand: {hand_text(view['hand'])}.\nChoose a card to discard (you draw a new one) or "
                     f"keep your cards{until(view)}.",
                     [self.select(seat, "card", draft, options + [card_option(c) for c in view["hand"]], row=0,
                                  placeholder="Discard one card and draw one, or keep")])

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> Action:
        choice = values[0] if values else ""
        if choice.isdigit():
            return as_action({"type": "swap", "card": int(choice), "round": round_of(draft)})
        return as_action({"type": "keep", "round": round_of(draft)})


HAND, DISCARD, ATTEMPT, SWAP = HandPanel(), DiscardPanel(), AttemptPanel(), SwapPanel()


def public(session: Session, game: Game) -> GhostsView:
    return public_view(game.view(session.game_state, None))


def too_slow(first: str, race: LostRace, pressed_ms: int) -> str:
    """Who called first, and by how many ms, from the two press times (the table's order decided)."""
    meeple, first_ms = race["meeple"], race["at_ms"]
    if first_ms is None:
        return f"Too slow: {first} was first and called the {meeple} meeple."
    if pressed_ms >= first_ms:
        return (f"Too slow: {first} was first, **{pressed_ms - first_ms} ms** before you, "
                f"and called the {meeple} meeple.")
    return (f"{first}'s press reached the table first (the {meeple} meeple), although yours was stamped "
            f"{first_ms - pressed_ms} ms earlier.")


async def call(interaction: discord.Interaction, ref: Ref, values: list[str]) -> None:
    """A colour button: the race. The caller gets their attempt panel, a later presser the margin."""
    table = table_of(interaction)
    meeple, _, round_ = ref.arg.partition("-")
    pressed_ms = (interaction.id >> 22) + discord.utils.DISCORD_EPOCH  # the snowflake's timestamp
    action = as_action({"type": "call", "meeple": meeple, "round": round_of(round_), "at_ms": pressed_ms})
    try:
        change = await perform(interaction, lambda: table.act(ref.session_id, interaction.user.id, action,
                                                              interaction.id))
    except RuleError:
        session = await table.get(ref.session_id)  # it now holds the call that won
        race = lost_race(session.game_state, session.seat_of(interaction.user.id), action)
        if race is None:
            raise  # not a lost race: the engine's own words
        raise TableError(too_slow((await table.names(session.seats))[race["winner"]], race, pressed_ms)) from None
    if not change.duplicate:
        await ATTEMPT.offer(interaction, await seat_for(interaction, change.session))


class GhostsUI(GameUI):
    game_name = "ghosts"

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        return render_ghosts(game.view(session.game_state, None), names=names, aborted=session.status == ABORTED)

    def board_key(self, session: Session, game: Game) -> str | None:
        """A fresh message per round; the opening discard stays on the lobby's message."""
        round_ = public(session, game)["round"]
        return str(round_) if round_ else None

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        """The kit's embed (news, timer, footer) with the round, the scores and what happens now."""
        view, embed = public(session, game), super().embed(session, game, names)
        embed.title = "Zap That Ghost · " + (f"round {view['round']}" if view["round"] else "opening discard")
        embed.colour = discord.Colour.dark_green()
        playing = session.status == PLAYING
        waiting = set(view["waiting_for"]) if playing and view["phase"] != "race" else set()
        lines = [f"{'▶ ' if seat in waiting else ''}{seat + 1}. <@{user}> · {view['scores'][seat]} 👻"
                 + (" (left)" if seat in view["left"] else " (away)" if seat in view["away"] else "")
                 for seat, user in enumerate(session.seats)]
        embed.set_field_at(0, name=f"Ghosts (first to {view['target']} wins)", value="\n".join(lines) or "-",
                           inline=False)
        caller = None if view["caller"] is None else f"<@{session.seats[view['caller']]}>"
        now = {"discard": f"Everyone discards {DISCARD_COUNT} of their {DEAL} cards in secret: "
                          f"press **Discard {DISCARD_COUNT}**.",
               "race": f"The die shows **{view['die']}**. Race! The first to press a meeple colour gets the attempt.",
               "attempt": f"{caller} called the **{view['meeple']}** meeple: exactly {view['die']} steps. "
                          "They choose a card and a tile in private.",
               "swap": f"Everyone but {caller} may **swap a card** or **keep** their cards."}
        said = now.get(view["phase"]) if playing else None  # an ended game asks nobody to act
        return embed.insert_field_at(1, name="Now", value=said or markup.summary(session) or "The game is over.", inline=False)

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        view = public(session, game)
        phase, round_, grey = view["phase"], view["round"], discord.ButtonStyle.secondary
        if phase == "over":
            return []
        hand: discord.ui.Item = HAND.opener(session, "My hand", emoji="🃏", style=grey, row=1)
        if phase == "discard":
            return [DISCARD.opener(session, f"Discard {DISCARD_COUNT}", row=0), hand]
        if phase == "swap":
            return [SWAP.opener(session, "Swap a card", row=0),
                    TableButton(Ref(session.id, KEEP, str(round_)), label="Keep my cards", row=0), hand]
        race: list[discord.ui.Item] = [
            TableButton(Ref(session.id, CALL, f"{m}-{round_}"), label=m.capitalize(), emoji=EMOJI[m], row=0,
                        style=STYLE[m] if phase == "race" or m == view["meeple"] else grey) for m in MEEPLES]
        if phase == "race":
            return race + [hand]
        return race + [ATTEMPT.opener(session, "Play a card (caller)", row=1), hand]  # late presses still land

    def action_for(self, session: Session, game: Game, ref: Ref, values: list[str]) -> Action | None:
        return as_action({"type": "keep", "round": round_of(ref.arg)}) if ref.action == KEEP else None


async def setup(bot: commands.Bot) -> None:
    register_ui(GhostsUI())
    register_panels(HAND, DISCARD, ATTEMPT, SWAP)
    handles(CALL)(call)
