"""Picks: Tally played through private panels (the panel kit's test game), its UI given to the bot,
and a game of it started by Ann with Bob."""
from __future__ import annotations

from dataclasses import dataclass

import discord

from cogs.drafts import Draft, option
from cogs.game_ui import BoardWords, Control, GameUI
from cogs.panels import Drawn, Panel, Seat
from engine.protocol import seat_name
from engine.registry import register
from host.session import Session
from tests.kit.toygames import Tally


@register
class Picks(Tally):
    """Tally played through a private panel: choose how much to add, then Add."""

    name = "picks"
    title = "Picks"


class AddPanel(Panel):
    name = "picks_add"

    def draw(self, seat: Seat, draft: str) -> Drawn:
        steps = sorted({a["n"] for a in seat.game.legal_actions(seat.state, seat.seat)})
        chosen = int(draft) if draft.isdigit() else None
        options = [discord.SelectOption(label=f"Add {n}", value=str(n), default=n == chosen) for n in steps]
        return Drawn(f"The total is {seat.view['total']}. Chosen: {chosen or '-'}", [
            self.select(seat, "n", draft, options, placeholder="How much?", row=0),
            self.button(seat, "Add", "go", draft, disabled=chosen is None, row=1,
                        style=discord.ButtonStyle.success)])

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]):
        if control == "n":
            return values[0] if values else ""
        return {"type": "add", "n": int(draft)}


ADD = AddPanel()


@dataclass(frozen=True)
class Amount(Draft):
    n: int | None = None


class QuickPanel(Panel):
    """A typed draft whose one pick makes the move; it opens when the engine offers an addition."""

    name, choice, probe = "picks_quick", Amount, {"type": "add", "n": 1}

    def draw(self, seat: Seat, draft: str) -> Drawn:
        return Drawn("How much?", [self.select(seat, "n", Amount.parse(draft), [option("1", 1), option("2", 2)])])

    def act(self, seat: Seat, choice: Amount, control: str):
        return None if choice.n is None else {"type": "add", "n": choice.n}


QUICK = QuickPanel()


class PicksUI(GameUI):
    game_name = "picks"

    def words(self, session: Session, game, view) -> BoardWords:
        return BoardWords("Picks", f"{seat_name(view['turn'])} adds 1 or 2.", heading="Adders",
                          seat_words=["first", "second"], away=[1])

    def items(self, session: Session, game) -> list[discord.ui.Item]:
        return [ADD.opener(session, "Choose..."), QUICK.opener(session, "Quick...")]

    def controls(self) -> dict[str, Control]:
        return {ADD.name: ADD, QUICK.name: QUICK}


async def start_picks(bot, u, channel):
    bot.uis[PicksUI.game_name] = PicksUI()
    await u["ann"].slash(channel, "play", game="picks")
    lobby = channel.last_message
    await u["bob"].click(lobby, label="Join")
    await u["ann"].click(lobby, label="Start")
    return lobby.id
