"""Zap That Ghost on Discord: race for a meeple colour, then zap a ghost in private.

One board message per round (`board_key` is the round number; the opening discard keeps the
lobby message). What it carries, by phase:
- discard: "Discard 2" opens, privately, a select of the clicker's 6 cards (exactly 2).
- race: four buttons, one per meeple colour. The table applies presses in arrival order, so
  the first one applied wins; the call carries the press time (`at_ms`, the interaction's
  snowflake timestamp) so the event log keeps it, and every later presser is told privately
  who was first and by how many milliseconds. The buttons stay (greyed but for the called
  colour) while the caller plays, since presses made just after the winner's arrive then.
- attempt: the caller gets a private message right after the call: a select of their cards,
  two selects of tile labels (rows 1-3 and 4-6) and "Zap!". The picks travel in the custom ids
  (each pick redraws the private message), so they survive a restart. Nothing hints at which
  tiles a walk reaches: finding them is the game. The board's "Play a card" reopens it.
- swap: "Swap a card" opens a private select (a card, or keep); "Keep my cards" keeps at once.
"My hand" (always valid) shows the clicker's cards as a small image with text, privately.
Private things (hands, draws) only ever go in ephemeral replies.

Buttons whose meaning depends on the round carry the round in their arg (not the version:
a loser's press must reach the engine to be told who won, and a version bump would turn it
into "board out of date").
"""
from __future__ import annotations

import discord
from discord.ext import commands

from engine.errors import RuleError
from engine.ghosts import MEEPLES, SIZE
from engine.grid import label
from engine.protocol import Action, Game
from host.errors import TableError
from host.session import ABORTED, PLAYING, Session
from render.encode import RenderedImage, render_async
from render.ghosts import render_ghosts, render_hand

from . import replies
from .actions import perform, table_of
from .components import TableButton, TableSelect, view_of
from .game_ui import GameUI, register_ui
from .presenter import as_file
from .refs import Ref

STYLE = {"red": discord.ButtonStyle.danger, "blue": discord.ButtonStyle.primary,
         "yellow": discord.ButtonStyle.secondary, "green": discord.ButtonStyle.success}
EMOJI = {"red": "🔴", "blue": "🔵", "yellow": "🟡", "green": "🟢", "white": "⚪", "black": "⚫"}
UNSET = "x"
KEEP = "keep"
WATCHING = "You are watching this game: only seated players can act."


def snowflake_ms(snowflake: int) -> int:
    """The creation time of a Discord id, in milliseconds since the Unix epoch."""
    return (snowflake >> 22) + discord.utils.DISCORD_EPOCH


def seat_or_refuse(session: Session, interaction: discord.Interaction) -> int:
    seat = session.seat_of(interaction.user.id)
    if seat is None:
        raise TableError(WATCHING)
    return seat


def card_option(card: dict, *, default: bool = False) -> discord.SelectOption:
    return discord.SelectOption(label=card["name"].capitalize(), value=str(card["id"]),
                                emoji=EMOJI.get(card["colour"]), default=default)


def hand_text(hand: list[dict]) -> str:
    return "; ".join(f"{i + 1}. {EMOJI.get(c['colour'], '')} {c['name']}" for i, c in enumerate(hand)) or "no cards"


def until(session: Session) -> str:
    return f" (time runs out <t:{int(session.deadline)}:R>)" if session.deadline else ""


def parse_ints(arg: str) -> list[int | None]:
    """'3-12-x-4' -> [3, 12, None, 4]."""
    return [int(p) if p.isdigit() else None for p in arg.split("-")]


class GhostsUI(GameUI):
    game_name = "ghosts"

    # ------------------------------------------------------------------ the board

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        return render_ghosts(game.view(session.state, None), names=names, aborted=session.status == ABORTED)

    def board_key(self, session: Session, game: Game) -> str | None:
        """A fresh message per round; the opening discard stays on the lobby's message."""
        round_ = session.state["round"]
        return str(round_) if round_ else None

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        view = game.view(session.state, None)
        phase = view["phase"]
        title = f"Zap That Ghost · round {view['round']}" if view["round"] else "Zap That Ghost · opening discard"
        embed = discord.Embed(title=title, description="\n".join(session.news) or None,
                              colour=discord.Colour.dark_green())
        waiting = set(view["waiting_for"]) if phase != "race" else set()
        lines = []
        for seat, user in enumerate(session.seats):
            tag = " (left)" if seat in view["left"] else " (away)" if seat in view["away"] else ""
            lines.append(f"{'▶ ' if seat in waiting else ''}{seat + 1}. <@{user}> · "
                         f"{view['scores'][seat]} 👻{tag}")
        embed.add_field(name=f"Ghosts (first to {view['target']} wins)", value="\n".join(lines) or "-",
                        inline=False)
        embed.add_field(name="Now", value=self._now(session, view), inline=False)
        if session.deadline and session.status == PLAYING:
            embed.add_field(name="Timer", value=f"<t:{int(session.deadline)}:R>", inline=True)
        embed.set_footer(text=f"Table {session.id} · move {session.version}")
        return embed

    @staticmethod
    def _now(session: Session, view: dict) -> str:
        phase = view["phase"]
        caller = None if view["caller"] is None else f"<@{session.seats[view['caller']]}>"
        if phase == "discard":
            return "Everyone discards 2 of their 6 cards in secret: press **Discard 2**."
        if phase == "race":
            return (f"The die shows **{view['die']}**. Race! The first to press a meeple colour "
                    "gets the attempt.")
        if phase == "attempt":
            return (f"{caller} called the **{view['meeple']}** meeple: exactly {view['die']} steps. "
                    "They choose a card and a tile in private.")
        if phase == "swap":
            return f"Everyone but {caller} may **swap a card** or **keep** their cards."
        return session.summary or "The game is over."

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        state = session.state
        phase, round_, sid = state["phase"], state["round"], session.id
        if phase == "over":
            return []
        hand = TableButton(Ref(sid, "g_hand"), label="My hand", emoji="🃏", row=1)
        if phase == "discard":
            return [TableButton(Ref(sid, "g_discard"), label="Discard 2", style=discord.ButtonStyle.primary,
                                row=0), hand]
        grey = discord.ButtonStyle.secondary
        race = [TableButton(Ref(sid, "g_call", f"{m}-{round_}"), label=m.capitalize(), emoji=EMOJI[m], row=0,
                            style=STYLE[m] if phase == "race" or m == state["meeple"] else grey)
                for m in MEEPLES]
        if phase == "race":
            return race + [hand]
        if phase == "attempt":  # late presses still learn who was first and by how much
            return race + [TableButton(Ref(sid, "g_play", str(round_)), label="Play a card (caller)",
                                       style=discord.ButtonStyle.primary, row=1), hand]
        return [TableButton(Ref(sid, "g_swap", str(round_)), label="Swap a card",
                            style=discord.ButtonStyle.primary, row=0),
                TableButton(Ref(sid, "g_keep", str(round_)), label="Keep my cards", row=0), hand]

    # ------------------------------------------------------------------ clicks

    async def handle_locally(self, interaction: discord.Interaction, session: Session, game: Game,
                             ref: Ref, values: list[str]) -> bool:
        handler = LOCAL.get(ref.action)
        if handler is None:
            return False
        await handler(self, interaction, session, game, ref, values)
        return True

    def action_for(self, session: Session, game: Game, ref: Ref, values: list[str]) -> Action | None:
        if ref.action == "g_keep":
            self._require_round(session, parse_ints(ref.arg)[0])
            return {"type": "keep"}
        return None

    @staticmethod
    def _require_round(session: Session, round_: int | None) -> None:
        if round_ != session.state["round"]:
            raise TableError("That round is over; look at the current board.")

    @staticmethod
    def _refusal(game: Game, session: Session, seat: int, action: Action, now: float) -> str:
        """The engine's own words for why `action` is refused now (a dry run; nothing is saved)."""
        try:
            game.apply(session.state, seat, action, now)
        except RuleError as refused:
            return session.name_seats(str(refused))
        return "You cannot do that now."

    async def _act(self, interaction: discord.Interaction, session: Session, action: Action):
        table = table_of(interaction)
        return await perform(interaction, lambda: table.act(session.id, interaction.user.id, action, interaction.id))

    @staticmethod
    async def _retire(interaction: discord.Interaction, text: str) -> None:
        """Replace the private message whose control was used (its controls are spent)."""
        try:
            await interaction.edit_original_response(content=text, view=None, attachments=[])
        except discord.HTTPException:
            pass  # only tidying: the action itself is done

    # My hand -----------------------------------------------------------------------

    async def show_hand(self, interaction, session, game, ref, values) -> None:
        seat = seat_or_refuse(session, interaction)
        view = game.view(session.state, seat)
        image = await render_async(render_hand, view["hand"], title="Your hand")
        hint = ""
        if view.get("must_discard"):
            hint = "\nPress **Discard 2** on the board to choose the two you drop."
        elif view.get("may_swap"):
            hint = "\nYou may swap one card this round: **Swap a card** on the board."
        await replies.tell(interaction, f"Your hand: {hand_text(view['hand'])}.{hint}", file=as_file(image))

    # The opening discard ------------------------------------------------------------

    def discard_controls(self, session: Session, game: Game, seat: int) -> tuple[str, list[discord.ui.Item]]:
        hand = game.view(session.state, seat)["hand"]
        select = TableSelect(Ref(session.id, "g_discard_pick"), options=[card_option(c) for c in hand],
                             placeholder="Choose the 2 cards to discard", min_values=2, max_values=2, row=0)
        text = (f"Your hand: {hand_text(hand)}.\nChoose the **2** cards to discard{until(session)}. "
                "If the 4 you keep hold fewer than two cards matching a ghost on the board, you get a new hand.")
        return text, [select]

    async def open_discard(self, interaction, session, game, ref, values) -> None:
        seat = seat_or_refuse(session, interaction)
        if not game.view(session.state, seat).get("must_discard"):
            raise TableError(self._refusal(game, session, seat, {"type": "discard", "cards": []},
                                           table_of(interaction).clock()))
        text, items = self.discard_controls(session, game, seat)
        await replies.tell(interaction, text, view=view_of(items))

    async def pick_discard(self, interaction, session, game, ref, values) -> None:
        seat = seat_or_refuse(session, interaction)
        cards = [int(v) for v in values if v.isdigit()]
        change = await self._act(interaction, session, {"type": "discard", "cards": cards})
        if change.duplicate:
            return
        session = change.session
        if session.state["phase"] == "discard" and seat in session.state["discard_pending"]:
            await self._retire(interaction, "You had too few matching cards: here is a new hand.")
            text, items = self.discard_controls(session, game, seat)
            await replies.tell(interaction, text, view=view_of(items))
        else:
            await self._retire(interaction, "Discarded.")

    # The race -----------------------------------------------------------------------

    async def call(self, interaction, session, game, ref, values) -> None:
        seat = seat_or_refuse(session, interaction)
        meeple, _, round_text = ref.arg.partition("-")
        if meeple not in MEEPLES or not round_text.isdigit():
            raise TableError("That button does nothing now.")
        round_ = int(round_text)
        at_ms = snowflake_ms(interaction.id)
        action = {"type": "call", "meeple": meeple, "round": round_, "at_ms": at_ms}
        try:
            change = await self._act(interaction, session, action)
        except RuleError as refused:
            await self._too_slow(interaction, session, seat, round_, at_ms, refused)
            return
        if change.duplicate:
            return
        text, items = self.attempt_controls(change.session, game, seat)
        await replies.tell(interaction, text, view=view_of(items))

    async def _too_slow(self, interaction: discord.Interaction, session: Session, seat: int, round_: int,
                        at_ms: int, refused: RuleError) -> None:
        """Tell a later presser who called first in this round and by how many milliseconds."""
        table = table_of(interaction)
        state = (await table.get(session.id)).state  # now holds the call that won
        first, meeple, first_ms = state["caller"], state["meeple"], state["call_ms"]
        if state["round"] != round_ or first is None or first == seat:
            raise refused
        name = (await table.names(session.seats))[first]
        if first_ms is None:
            text = f"Too slow: {name} was first and called the {meeple} meeple."
        elif at_ms >= first_ms:
            text = (f"Too slow: {name} was first, **{at_ms - first_ms} ms** before you, "
                    f"and called the {meeple} meeple.")
        else:
            text = (f"{name}'s press reached the table first (the {meeple} meeple), although yours "
                    f"was stamped {first_ms - at_ms} ms earlier.")
        await replies.tell(interaction, text)

    # The attempt --------------------------------------------------------------------

    def attempt_controls(self, session: Session, game: Game, seat: int, card: int | None = None,
                         tile: tuple[int, int] | None = None) -> tuple[str, list[discord.ui.Item]]:
        """The caller's private message: card select, two tile selects, Zap and Give up."""
        view = game.view(session.state, seat)
        round_, sid = view["round"], session.id
        hand = view["hand"]
        if card not in [c["id"] for c in hand]:
            card = None
        c_arg = UNSET if card is None else str(card)
        t_arg = UNSET if tile is None else f"{tile[0]}-{tile[1]}"
        items: list[discord.ui.Item] = [TableSelect(
            Ref(sid, "g_card", f"{round_}-{t_arg}"), options=[card_option(c, default=c["id"] == card) for c in hand],
            placeholder="Which card?", row=0)]
        meeples_at: dict[tuple[int, int], list[str]] = {}
        for m, cell in view["meeples"].items():
            meeples_at.setdefault((cell[0], cell[1]), []).append(m)
        for half in (0, 1):
            rows = range(half * SIZE // 2, (half + 1) * SIZE // 2)
            options = [discord.SelectOption(label=label([r, c]), value=f"{r}-{c}",
                                            description=self._tile_words(view, r, c, meeples_at),
                                            default=tile == (r, c))
                       for r in rows for c in range(SIZE)]
            items.append(TableSelect(Ref(sid, "g_tile", f"{round_}-{c_arg}-{half}"), options=options,
                                     placeholder=f"Which tile? (rows {rows[0] + 1}-{rows[-1] + 1})", row=1 + half))
        ready = card is not None and tile is not None
        zap_arg = f"{round_}-{c_arg}-{t_arg}" if ready else f"{round_}-{UNSET}-{UNSET}-{UNSET}"
        items.append(TableButton(Ref(sid, "g_zap", zap_arg), label="Zap!", style=discord.ButtonStyle.success,
                                 disabled=not ready, emoji="👻", row=3))
        items.append(TableButton(Ref(sid, "g_give_up", str(round_)), label="Give up",
                                 style=discord.ButtonStyle.danger, row=3))
        start = view["meeples"][view["meeple"]]
        chosen_card = next((c["name"] for c in hand if c["id"] == card), "-")
        text = (f"You called the **{view['meeple']}** meeple on {label(start)}: it must end its walk "
                f"on your tile in exactly **{view['die']}** orthogonal steps, never entering a tile twice"
                f"{until(session)}.\nCard: **{chosen_card}** · Tile: **{label(list(tile)) if tile else '-'}**")
        return text, items

    @staticmethod
    def _tile_words(view: dict, r: int, c: int, meeples_at: dict[tuple[int, int], list[str]]) -> str:
        """What everyone sees on a tile (never whether a walk reaches it)."""
        symbol, ghost = view["symbols"][r][c], view["ghosts"][r][c]
        words = "corner" if symbol is None else f"{ghost} ghost on {symbol}" if ghost else f"empty {symbol}"
        if (r, c) in meeples_at:
            words += ", " + " and ".join(meeples_at[(r, c)]) + " meeple"
        return words

    def _require_caller(self, session: Session, interaction: discord.Interaction, round_: int | None) -> int:
        seat = seat_or_refuse(session, interaction)
        state = session.state
        if round_ != state["round"] or state["phase"] != "attempt":
            raise TableError("That attempt is over.")
        if state["caller"] != seat:
            raise TableError(f"Only <@{session.seats[state['caller']]}> plays a card now.")
        return seat

    async def open_attempt(self, interaction, session, game, ref, values) -> None:
        seat = self._require_caller(session, interaction, parse_ints(ref.arg)[0])
        text, items = self.attempt_controls(session, game, seat)
        await replies.tell(interaction, text, view=view_of(items))

    async def pick_card(self, interaction, session, game, ref, values) -> None:
        round_, *tile = parse_ints(ref.arg)
        seat = self._require_caller(session, interaction, round_)
        card = int(values[0]) if values and values[0].isdigit() else None
        text, items = self.attempt_controls(session, game, seat, card,
                                            None if None in tile or len(tile) != 2 else (tile[0], tile[1]))
        await replies.edit(interaction, content=text, view=view_of(items))

    async def pick_tile(self, interaction, session, game, ref, values) -> None:
        round_, card, _half = parse_ints(ref.arg)
        seat = self._require_caller(session, interaction, round_)
        cell = parse_ints(values[0]) if values else []
        tile = (cell[0], cell[1]) if len(cell) == 2 and None not in cell else None
        text, items = self.attempt_controls(session, game, seat, card, tile)
        await replies.edit(interaction, content=text, view=view_of(items))

    async def zap(self, interaction, session, game, ref, values) -> None:
        round_, card, r, c = (parse_ints(ref.arg) + [None] * 4)[:4]
        self._require_caller(session, interaction, round_)
        if card is None or r is None or c is None:
            raise TableError("Choose a card and a tile first.")
        change = await self._act(interaction, session, {"type": "zap", "card": card, "to": [r, c]})
        if not change.duplicate:
            await self._retire(interaction, self._public_result(change))

    async def give_up(self, interaction, session, game, ref, values) -> None:
        self._require_caller(session, interaction, parse_ints(ref.arg)[0])
        change = await self._act(interaction, session, {"type": "give_up"})
        if not change.duplicate:
            await self._retire(interaction, self._public_result(change))

    @staticmethod
    def _public_result(change) -> str:
        texts = [change.session.name_seats(e.text) for e in change.events
                 if e.private_to is None and e.kind in ("zap", "miss", "end")]
        return "\n".join(texts) or "Done."

    # The swap -----------------------------------------------------------------------

    async def open_swap(self, interaction, session, game, ref, values) -> None:
        seat = seat_or_refuse(session, interaction)
        round_ = parse_ints(ref.arg)[0]
        self._require_round(session, round_)
        view = game.view(session.state, seat)
        if not view.get("may_swap"):
            raise TableError(self._refusal(game, session, seat, {"type": "keep"}, table_of(interaction).clock()))
        options = [discord.SelectOption(label="Keep my cards", value=KEEP, emoji="✋")]
        options += [card_option(c) for c in view["hand"]]
        select = TableSelect(Ref(session.id, "g_swap_pick", str(round_)), options=options,
                             placeholder="Discard one card and draw one, or keep", row=0)
        await replies.tell(interaction, f"Your hand: {hand_text(view['hand'])}.\nChoose a card to discard "
                                        f"(you draw a new one) or keep your cards{until(session)}.",
                           view=view_of([select]))

    async def pick_swap(self, interaction, session, game, ref, values) -> None:
        seat_or_refuse(session, interaction)
        self._require_round(session, parse_ints(ref.arg)[0])
        choice = values[0] if values else KEEP
        action = {"type": "keep"} if choice == KEEP or not choice.isdigit() else {"type": "swap", "card": int(choice)}
        change = await self._act(interaction, session, action)
        if not change.duplicate:
            await self._retire(interaction, "You keep your cards." if action["type"] == "keep" else "Swapped.")


LOCAL = {
    "g_hand": GhostsUI.show_hand,
    "g_discard": GhostsUI.open_discard,
    "g_discard_pick": GhostsUI.pick_discard,
    "g_call": GhostsUI.call,
    "g_play": GhostsUI.open_attempt,
    "g_card": GhostsUI.pick_card,
    "g_tile": GhostsUI.pick_tile,
    "g_zap": GhostsUI.zap,
    "g_give_up": GhostsUI.give_up,
    "g_swap": GhostsUI.open_swap,
    "g_swap_pick": GhostsUI.pick_swap,
}


async def setup(bot: commands.Bot) -> None:
    register_ui(GhostsUI())
