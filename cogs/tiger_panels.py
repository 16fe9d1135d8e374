"""Eye of the Tiger's private panels: Buy…, Fight… and Thin deck… (cogs/tiger.py puts their openers on
the board). Selects redraw a panel, Confirm makes the move, and a buy with nothing else to decide is
made by picking its card. All they offer and say is the engine's: the player's view, `purchases`,
`preview_fight` (what a fight may double or lose), `explain`. Their words read in their player's
own language (`Seat.language`, their Discord's), the engine's through `said_text`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import discord

from engine.protocol import Action
from engine.tiger import (
    as_action,
    colour_word,
    fight_action,
    fight_words,
    preview_fight,
    purchases,
    symbol_word,
)
from engine.tiger_types import FightPreview, Purchase, ThinAction, TigerView, as_view

from .drafts import NONE, Draft, numbers, option, spread_pick
from .language import ntext, said_text, text
from .panels import CONFIRM, Panel, Seat
from .redraw import Drawn
from .tiger_words import ability_words, and_names, card_name, card_words, monster_words, names, purchase_words

NOTHING = "nothing"


def thin(remove: list[int]) -> Action:
    return as_action(ThinAction(type="thin", remove=remove))


@dataclass(frozen=True)
class BuyChoice(Draft):
    """A purchase being chosen: a stack (or NOTHING), a second one (three of a symbol), the free card taken."""

    card: str = ""
    second: str = ""
    bonus: bool = True
    clears = {"card": ("second",)}


class BuyPanel(Panel):
    name, choice = "tiger_buy", BuyChoice

    @staticmethod
    def offered(seat: Seat) -> tuple[dict[BuyChoice, Purchase], bool]:
        """The legal purchases by the choice making each; whether one takes more than a card's pick."""
        offer = {BuyChoice(p["stack"] or NOTHING, p["second"] or "", p["bonus"]): p for p in purchases(seat.state)}
        return offer, any(k.second or not k.bonus for k in offer)

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, (offer, more), language = as_view(seat.view), self.offered(seat), seat.language
        choice = BuyChoice.parse(draft)  # versioned: it holds only what was offered
        colour = said_text(language, colour_word(view["colour_bonus"] or ""))
        free = any(p["free"] for p in offer.values())  # three cards of a colour whose stack has a card to give
        firsts = sorted((option(purchase_words(language, p), k.card) for k, p in offer.items()
                         if not k.second and k.bonus), key=lambda o: o.value == NOTHING)  # buying nothing last
        seconds = [option(purchase_words(language, p), k.second) for k, p in offer.items()
                   if k.card == choice.card and k.second and k.bonus]
        chosen = offer.get(replace(choice, bonus=True)) if choice.card != NOTHING else None
        if chosen:
            confirm = text(language, "Confirm: buy {cards} for {price} gold", cards=and_names(language, chosen["cards"]),
                           price=chosen["price"])
        else:
            confirm = (text(language, "Confirm: buy nothing") if choice.card
                       else text(language, "Confirm (choose a card first)"))
        cubes = ntext(language, "{n} gold cube", "{n} gold cubes", view["gold"])
        return Drawn.of([
            text(language, "**Buy** · you have **{gold} gold** ({card_gold} from your revealed cards, {cubes}): "
                           "unspent gold is lost, the cubes too. Then the track advances.",
                 gold=view["gold_available"], card_gold=view["card_gold"], cubes=cubes),
            None if more else text(language, "Pick a card and it is bought at once (or buy nothing)."),
            text(language, "Three cards of one symbol: you may buy a **second card** with the gold left.")
            if any(k.second for k in offer) else None,
            (text(language, "Three {colour} cards: the top {colour} card after your purchase is free (you take it).",
                  colour=colour) if choice.bonus else
             text(language, "Three {colour} cards: the top {colour} card after your purchase is free "
                            "(**you decline it**).", colour=colour)) if free else None], [
            self.select(seat, "card", choice, firsts, placeholder=text(language, "Choose a card to buy"), row=0),
            self.select(seat, "second", choice, [option(text(language, "No second card"), NONE), *seconds], row=1,
                        placeholder=text(language, "Second card (three of one symbol)")) if seconds else None,
            self.button(seat, text(language, "Free {colour} card: taking it (click to decline)", colour=colour)
                        if choice.bonus else
                        text(language, "Free {colour} card: declined (click to take it)", colour=colour),
                        "bonus", choice, row=2) if free else None,
            self.confirm(seat, confirm, choice, ready=bool(choice.card), row=3) if more else None])

    def act(self, seat: Seat, choice: BuyChoice, control: str) -> Action | None:
        """Picking a card buys it, unless a second card or the colour bonus is to decide too: then Confirm buys."""
        offer, more = self.offered(seat)
        purchase = offer.get(choice) or offer.get(replace(choice, bonus=True))
        if purchase is None or not (control == CONFIRM or control == "card" and not more):
            return None
        return as_action(purchase["action"])


@dataclass(frozen=True)
class FightChoice(Draft):
    """A fight being chosen: a track index (0 = field I), the cards, the card doubled, the card lost after a win."""

    monster: int | None = None
    cards: tuple[int, ...] = ()
    double: int | None = None
    lose: int | None = None
    clears = {"monster": ("double", "lose")}  # another monster: the cards stay chosen

    def settled(self, seat: Seat) -> tuple[FightChoice, FightPreview | None]:
        """This choice as far as the view and the engine allow it now, and its preview (None: no monster)."""
        view = as_view(seat.view)
        choice = self.within(monster=view["fight_fields"], cards={r["id"] for r in view["revealed"]})
        if choice.monster is None:
            return replace(choice, double=None, lose=None), None
        p = preview_fight(seat.state, choice.monster, list(choice.cards), choice.double, choice.lose)
        allowed = choice.within(double=p["doubles"], lose=p["choose_lost"])
        return (choice, p) if allowed == choice else allowed.settled(seat)


class FightPanel(Panel):
    name, choice = "tiger_fight", FightChoice

    def start(self, seat: Seat) -> str:
        """The first fight the engine allows, else the farthest monster with every revealed card."""
        view = as_view(seat.view)
        fight = next((a for a in seat.legal if a["type"] == "fight"), None)
        if fight is None:
            return str(FightChoice(max(view["fight_fields"], default=None), tuple(c["id"] for c in view["revealed"])))
        return str(FightChoice(fight["monster"], tuple(fight["cards"]), fight.get("double")))

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, (choice, p) = as_view(seat.view), FightChoice.parse(draft).settled(seat)
        language = seat.language
        revealed = {c["id"]: c for c in view["revealed"]}
        monsters = [m for m in reversed(view["track"])  # those a fight may be tried against, field III first
                    if m is not None and not m["eye"] and m["index"] in view["fight_fields"]]
        entry = next((m for m in monsters if m["index"] == choice.monster), None)
        foes = [option(text(language, "{monster} · beside the Eye", monster=monster_words(language, m))
                       if m["beside_eye"] else monster_words(language, m), m["index"],
                       description="; ".join(ability_words(language, m))) for m in monsters]
        doubles = [option(text(language, "Double {card}: it leaves the game after the fight",
                               card=card_name(language, revealed[c])), c) for c in (p["doubles"] if p else [])]
        losable = [option(text(language, "Lose {card}", card=card_name(language, revealed[c])), c, default=c in p["lose"])
                   for c in p["choose_lost"]] if p else []
        chosen = [revealed[c] for c in choice.cards]
        return Drawn.of([
            text(language, "**Fight** · choose a monster and the revealed cards to use; nothing happens until you "
                           "confirm."),
            *([monster_words(language, entry) + "".join(f"\n· {words}" for words in ability_words(language, entry)),
               text(language, "Cards: {cards}", cards=names(language, chosen)) if chosen
               else text(language, "Cards: none chosen"),
               *(said_text(language, line) for line in fight_words(seat.state, p)),
               text(language, "✅ You win this fight if you confirm.") if p["possible"]
               else text(language, "❌ Not possible: {reason}", reason=said_text(language, p["reason"] or ""))]
              if entry and p else [text(language, "No monster chosen.")])], [
            self.select(seat, "monster", choice, foes, placeholder=text(language, "Choose a monster"), row=0)
            if foes else None,
            self.select(seat, "cards", choice, [option(card_words(language, c), i) for i, c in revealed.items()], row=1,
                        placeholder=text(language, "Choose the cards to fight with"), max_values=len(revealed))
            if revealed else None,
            self.select(seat, "double", choice, [option(text(language, "Double no card"), NONE), *doubles], row=2,
                        placeholder=text(language, "Double one card's value (it leaves the game)")) if doubles else None,
            self.select(seat, "lose", choice, losable, placeholder=text(language, "Which card you lose after a win"),
                        row=3) if losable else None,
            self.confirm(seat, text(language, "Confirm: fight the {symbol} monster",
                                    symbol=said_text(language, symbol_word(entry["symbol"]))) if entry
                         else text(language, "Confirm the fight"),
                         choice, ready=bool(p and p["possible"]), style=discord.ButtonStyle.danger)])

    def act(self, seat: Seat, choice: FightChoice, control: str) -> Action | None:
        if control != CONFIRM or choice.monster is None:
            return None
        return as_action(fight_action(choice.monster, list(choice.cards), choice.double, choice.lose))


class ThinPanel(Panel):
    """Draft: the chosen card ids joined by dots; the discard pile, weakest first, spread over selects `p0`, `p1`..."""

    name = "tiger_thin"

    @staticmethod
    def pool(language: str, view: TigerView, chosen: list[int]) -> list[discord.SelectOption]:
        return [option(card_words(language, c), c["id"], default=c["id"] in chosen)
                for c in sorted(view["discard_cards"], key=lambda c: (c["value"], c["id"]))]

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, language = as_view(seat.view), seat.language
        cards = {c["id"]: c for c in view["discard_cards"]}
        chosen = [c for c in numbers(draft) if c in cards]
        refused, named = seat.explain(thin(chosen)), names(language, [cards[c] for c in chosen])
        removed = and_names(language, [cards[c] for c in chosen])
        return Drawn.of([
            ntext(language, "**Thin your deck** · your deck is used up. You may remove up to {n} card of your discard "
                            "pile from the game for good; then the discard pile is shuffled into a new deck.",
                  "**Thin your deck** · your deck is used up. You may remove up to {n} cards of your discard pile "
                  "from the game for good; then the discard pile is shuffled into a new deck.",
                  min(view["thin_max"], len(cards))),
            text(language, "Chosen: {cards}", cards=named) if named
            else text(language, "Chosen: none (keep every card)"),
            f"❌ {said_text(language, refused)}" if refused else None], [
            *self.spread(seat, "p", draft, self.pool(language, view, chosen),
                         placeholder=text(language, "Cards to remove"), max_values=view["thin_max"]),
            self.confirm(seat, text(language, "Confirm: remove {cards}", cards=removed) if named else
                         text(language, "Confirm: keep every card and shuffle"), draft, ready=not refused)])

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        if control == CONFIRM:
            return thin(numbers(draft))
        pool = self.pool(seat.language, as_view(seat.view), [])
        return ".".join(spread_pick(pool, control, list(map(str, numbers(draft))), values))


BUY, FIGHT, THIN = BuyPanel(), FightPanel(), ThinPanel()
