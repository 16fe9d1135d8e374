"""Zap That Ghost on Discord: race for a meeple colour, then zap a ghost in private.

One board message per round. The four colour buttons are direct moves (the race): the call carries
its press time (the interaction's snowflake timestamp), and a later presser is told privately who was
first and by how many ms; they stay, greyed, while the caller plays, since late presses arrive then.
Everything private is a panel (cogs/panels.py): My hand, the opening discard, the caller's attempt and
the swap. Others act meanwhile, so none is versioned: attempt and swap panels carry their round.
Rules and refusals are the engine's (`explain`); this module only words the seat's view.
"""
from __future__ import annotations

import discord
from discord.ext import commands

from engine.errors import RuleError
from engine.ghosts import DISCARD_COUNT, MEEPLES, SIZE
from engine.grid import label
from engine.protocol import Action, Game, seat_name
from host.errors import StaleAction, TableError
from host.session import ABORTED, PLAYING, Session
from host.table import Change
from render.encode import RenderedImage
from render.ghosts import render_ghosts, render_hand

from .actions import perform, table_of
from .components import TableButton, handles
from .game_ui import GameUI, register_ui
from .panels import Drawn, Panel, Seat, register_panels, seat_for
from .refs import Ref

STYLE = {"red": discord.ButtonStyle.danger, "blue": discord.ButtonStyle.primary,
         "yellow": discord.ButtonStyle.secondary, "green": discord.ButtonStyle.success}
EMOJI = {"red": "🔴", "blue": "🔵", "yellow": "🟡", "green": "🟢", "white": "⚪", "black": "⚫"}
CALL, KEEP = "g_call", "g_keep"  # board moves; their arg carries the round


def card_option(card: dict, *, default: bool = False) -> discord.SelectOption:
    return discord.SelectOption(label=card["name"].capitalize(), value=str(card["id"]),
                                emoji=EMOJI.get(card["colour"]), default=default)


def hand_text(hand: list[dict]) -> str:
    return "; ".join(f"{i + 1}. {EMOJI.get(c['colour'], '')} {c['name']}" for i, c in enumerate(hand)) or "no cards"


def until(view: dict) -> str:
    return f" (time runs out <t:{int(view['deadline'])}:R>)" if view["deadline"] else ""


class HandPanel(Panel):
    name, any_time = "g_hand", True

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view = seat.view
        hint = ("\nPress **Discard 2** on the board to choose the two you drop." if view["must_discard"] else
                "\nYou may swap one card this round: **Swap a card** on the board." if view["may_swap"] else "")
        return Drawn(f"Your hand: {hand_text(view['hand'])}.{hint}", image=lambda: render_hand(view["hand"]))

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str:
        return draft  # it has no controls


class DiscardPanel(Panel):
    name, versioned, again = "g_discard", False, True  # a hand dealt again gets a fresh panel

    def refusal(self, seat: Seat) -> str | None:
        return None if seat.view["must_discard"] else seat.explain({"type": "discard", "cards": []})

    def draw(self, seat: Seat, draft: str) -> Drawn:
        hand = seat.view["hand"]
        return Drawn(
            f"Your hand: {hand_text(hand)}.\nChoose the **{DISCARD_COUNT}** cards to discard{until(seat.view)}. "
            "If the cards you keep hold fewer than two matching a ghost on the board, you get a new hand.",
            [self.select(seat, "cards", draft, [card_option(c) for c in hand], row=0, min_values=DISCARD_COUNT,
                         max_values=DISCARD_COUNT, placeholder=f"Choose the {DISCARD_COUNT} cards to discard")])

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> Action:
        return {"type": "discard", "cards": [int(v) for v in values if v.isdigit()]}

    def done(self, change: Change) -> str:
        if any(e.kind == "redeal" for e in change.events):
            return "You had too few matching cards: here is a new hand."
        return super().done(change)


def parse_attempt(draft: str) -> tuple[int | None, int | None, list[int] | None]:
    """'7-53-34' -> round 7, card 53, tile [3, 4]; 'x' for what is not chosen yet."""
    round_, card, tile = (draft.split("-") + ["x", "x", "x"])[:3]
    return (int(round_) if round_.isdigit() else None, int(card) if card.isdigit() else None,
            [int(tile[0]), int(tile[1])] if len(tile) == 2 and tile.isdigit() else None)


class AttemptPanel(Panel):
    """The caller's card select, two tile selects (rows 1-3, 4-6), Zap! and Give up. Nothing hints at
    which tiles a walk reaches: finding them is the game."""

    name, versioned = "g_attempt", False

    def refusal(self, seat: Seat) -> str | None:
        reason = super().refusal(seat)
        if reason and seat.view["phase"] == "attempt":  # words only: the kit decided
            return f"Only {seat_name(seat.view['caller'])} plays a card now."
        return reason

    def start(self, seat: Seat) -> str:
        return f"{seat.view['round']}-x-x"

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, (_, card, tile) = seat.view, parse_attempt(draft)
        hand = view["hand"]
        card = card if card in [c["id"] for c in hand] else None
        items: list[discord.ui.Item] = [self.select(seat, "card", draft, placeholder="Which card?", row=0, options=[
            card_option(c, default=c["id"] == card) for c in hand])]
        for half in (0, 1):
            rows = range(half * SIZE // 2, (half + 1) * SIZE // 2)
            options = [discord.SelectOption(label=label([r, c]), value=f"{r}-{c}", default=tile == [r, c],
                                            description=tile_words(view, r, c)) for r in rows for c in range(SIZE)]
            items.append(self.select(seat, f"t{half}", draft, options, row=1 + half,
                                     placeholder=f"Which tile? (rows {rows[0] + 1}-{rows[-1] + 1})"))
        items.append(self.button(seat, "Zap!", "zap", draft, style=discord.ButtonStyle.success, emoji="👻",
                                 disabled=card is None or tile is None, row=3))
        items.append(self.button(seat, "Give up", "up", draft, style=discord.ButtonStyle.danger, row=3))
        chosen = next((c["name"] for c in hand if c["id"] == card), "-")
        return Drawn(f"You called the **{view['meeple']}** meeple on {label(view['meeples'][view['meeple']])}: it "
                     f"must end its walk on your tile in exactly **{view['die']}** orthogonal steps, never entering "
                     f"a tile twice{until(view)}.\nCard: **{chosen}** · Tile: **{label(tile) if tile else '-'}**",
                     items)

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        round_, card, tile = parse_attempt(draft)
        if round_ != seat.view["round"] or self.refusal(seat):
            raise TableError("That attempt is over.")
        if control == "zap":
            return {"type": "zap", "card": card, "to": tile}
        if control == "up":
            return {"type": "give_up"}
        value = values[0] if values else ""
        if control == "card":
            card = int(value) if value.isdigit() else None
        else:
            tile = [int(p) for p in value.split("-") if p.isdigit()][:2] or None
        return "-".join([str(round_), "x" if card is None else str(card), "".join(map(str, tile or [])) or "x"])


def tile_words(view: dict, r: int, c: int) -> str:
    """What everyone sees on a tile (never whether a walk reaches it)."""
    symbol, ghost = view["symbols"][r][c], view["ghosts"][r][c]
    words = "corner" if symbol is None else f"{ghost} ghost on {symbol}" if ghost else f"empty {symbol}"
    here = [m for m, cell in view["meeples"].items() if cell == [r, c]]
    return words + (", " + " and ".join(here) + " meeple" if here else "")


class SwapPanel(Panel):
    name, versioned = "g_swap", False

    def refusal(self, seat: Seat) -> str | None:
        return seat.explain({"type": "keep"})

    def start(self, seat: Seat) -> str:
        return str(seat.view["round"])

    def draw(self, seat: Seat, draft: str) -> Drawn:
        hand = seat.view["hand"]
        options = [discord.SelectOption(label="Keep my cards", value="keep", emoji="✋")]
        return Drawn(f"Your hand: {hand_text(hand)}.\nChoose a card to discard (you draw a new one) or keep your "
                     f"cards{until(seat.view)}.",
                     [self.select(seat, "card", draft, options + [card_option(c) for c in hand], row=0,
                                  placeholder="Discard one card and draw one, or keep")])

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> Action:
        if draft != str(seat.view["round"]):
            raise TableError("That round is over; look at the current board.")
        choice = values[0] if values else ""
        return {"type": "swap", "card": int(choice)} if choice.isdigit() else {"type": "keep"}


HAND, DISCARD, ATTEMPT, SWAP = HandPanel(), DiscardPanel(), AttemptPanel(), SwapPanel()


async def call(interaction: discord.Interaction, ref: Ref, values: list[str]) -> None:
    """A colour button: the race. The caller gets their attempt panel, a later presser the margin."""
    table = table_of(interaction)
    seat = await seat_for(interaction, await table.get(ref.session_id))
    meeple, _, round_ = ref.arg.partition("-")
    at_ms = (interaction.id >> 22) + discord.utils.DISCORD_EPOCH  # the press time (snowflake timestamp)
    action = {"type": "call", "meeple": meeple, "round": int(round_) if round_.isdigit() else -1, "at_ms": at_ms}
    try:
        change = await perform(interaction, lambda: table.act(ref.session_id, interaction.user.id, action,
                                                              interaction.id))
    except RuleError:
        session = await table.get(ref.session_id)  # it now holds the call that won
        won = seat.game.view(session.state, None)
        first, meeple, first_ms = won["caller"], won["meeple"], won["call_ms"]
        if won["round"] != action["round"] or first in (None, seat.seat):
            raise  # not a lost race: the engine's own words
        name = (await table.names(session.seats))[first]
        if first_ms is None:
            raise TableError(f"Too slow: {name} was first and called the {meeple} meeple.") from None
        if at_ms >= first_ms:
            raise TableError(f"Too slow: {name} was first, **{at_ms - first_ms} ms** before you, "
                             f"and called the {meeple} meeple.") from None
        raise TableError(f"{name}'s press reached the table first (the {meeple} meeple), although yours "
                         f"was stamped {first_ms - at_ms} ms earlier.") from None
    if not change.duplicate:
        await ATTEMPT.offer(interaction, await seat_for(interaction, change.session))


class GhostsUI(GameUI):
    game_name = "ghosts"

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        return render_ghosts(game.view(session.state, None), names=names, aborted=session.status == ABORTED)

    def board_key(self, session: Session, game: Game) -> str | None:
        """A fresh message per round; the opening discard stays on the lobby's message."""
        round_ = game.view(session.state, None)["round"]
        return str(round_) if round_ else None

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        view = game.view(session.state, None)
        title = f"Zap That Ghost · round {view['round']}" if view["round"] else "Zap That Ghost · opening discard"
        embed = discord.Embed(title=title, description="\n".join(session.news) or None,
                              colour=discord.Colour.dark_green())
        playing = session.status == PLAYING
        waiting = set(view["waiting_for"]) if playing and view["phase"] != "race" else set()
        lines = [f"{'▶ ' if seat in waiting else ''}{seat + 1}. <@{user}> · {view['scores'][seat]} 👻"
                 + (" (left)" if seat in view["left"] else " (away)" if seat in view["away"] else "")
                 for seat, user in enumerate(session.seats)]
        embed.add_field(name=f"Ghosts (first to {view['target']} wins)", value="\n".join(lines) or "-", inline=False)
        caller = None if view["caller"] is None else f"<@{session.seats[view['caller']]}>"
        now = {"discard": "Everyone discards 2 of their 6 cards in secret: press **Discard 2**.",
               "race": f"The die shows **{view['die']}**. Race! The first to press a meeple colour gets the attempt.",
               "attempt": f"{caller} called the **{view['meeple']}** meeple: exactly {view['die']} steps. "
                          "They choose a card and a tile in private.",
               "swap": f"Everyone but {caller} may **swap a card** or **keep** their cards."}
        said = now.get(view["phase"]) if playing else None  # an ended game asks nobody to act
        embed.add_field(name="Now", value=said or session.summary or "The game is over.", inline=False)
        if session.deadline and playing:
            embed.add_field(name="Timer", value=f"<t:{int(session.deadline)}:R>", inline=True)
        return embed.set_footer(text=f"Table {session.id} · move {session.version}")

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        view = game.view(session.state, None)
        phase, round_, grey = view["phase"], view["round"], discord.ButtonStyle.secondary
        if phase == "over":
            return []
        hand = HAND.opener(session, "My hand", emoji="🃏", style=grey, row=1)
        if phase == "discard":
            return [DISCARD.opener(session, "Discard 2", row=0), hand]
        if phase == "swap":
            return [SWAP.opener(session, "Swap a card", row=0),
                    TableButton(Ref(session.id, KEEP, str(round_)), label="Keep my cards", row=0), hand]
        race = [TableButton(Ref(session.id, CALL, f"{m}-{round_}"), label=m.capitalize(), emoji=EMOJI[m], row=0,
                            style=STYLE[m] if phase == "race" or m == view["meeple"] else grey) for m in MEEPLES]
        if phase == "race":
            return race + [hand]
        return race + [ATTEMPT.opener(session, "Play a card (caller)", row=1), hand]  # late presses learn the margin

    def action_for(self, session: Session, game: Game, ref: Ref, values: list[str]) -> Action | None:
        if ref.action != KEEP:
            return None
        if ref.arg != str(game.view(session.state, None)["round"]):
            raise StaleAction("That round is over; here is the current board.", session)
        return {"type": "keep"}


async def setup(bot: commands.Bot) -> None:
    register_ui(GhostsUI())
    register_panels(HAND, DISCARD, ATTEMPT, SWAP)
    handles(CALL)(call)
