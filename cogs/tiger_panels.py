"""Eye of the Tiger's private panels: Buy…, Fight… and Thin deck… (cogs/tiger.py puts their openers on
the board). Selects redraw a panel, Confirm makes the move, and a buy with nothing else to decide is
made by picking its card. All they offer and say is the engine's: the player's view, `purchases`,
`preview_fight` (what a fight may double or lose), `explain`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import discord

from engine.protocol import Action
from engine.tiger import as_action, fight_action, fight_words, preview_fight, purchases
from engine.tiger_types import CardInfo, FightPreview, MonsterOnTrack, Purchase, ThinAction, TigerView, as_view
from engine.words import plural

from .drafts import NONE, Draft, numbers, option, spread_pick
from .panels import CONFIRM, Panel, Seat
from .redraw import Drawn

NOTHING = "nothing"


def card_words(c: CardInfo) -> str:
    return f"{c['colour']} {c['symbol']} · value {c['value']} · light {c['light']}"


def monster_words(m: MonsterOnTrack) -> str:
    return (f"Field {m['field']}: {m['symbol']} monster ({plural(m['dots'], 'point')}), power {m['power']}, "
            f"needs {m['light_needed']} light")


def thin(remove: list[int]) -> Action:
    return as_action(ThinAction(type="thin", remove=remove))


def purchase_words(p: Purchase) -> str:
    """The card a purchase's last pick takes (a stack bought twice gives its next card), and its price."""
    card = p["cards"][-1] if p["cards"] else None
    return f"{card_words(card)} — {card['price']} gold" if card else "Buy nothing (the track still advances)"


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
        view, (offer, more) = as_view(seat.view), self.offered(seat)
        choice, colour = BuyChoice.parse(draft), view["colour_bonus"]  # versioned: it holds only what was offered
        free = any(p["free"] for p in offer.values())  # three cards of a colour whose stack has a card to give
        firsts = sorted((option(purchase_words(p), k.card) for k, p in offer.items() if not k.second and k.bonus),
                        key=lambda o: o.value == NOTHING)  # buying nothing last
        seconds = [option(purchase_words(p), k.second) for k, p in offer.items()
                   if k.card == choice.card and k.second and k.bonus]
        chosen = offer.get(replace(choice, bonus=True)) if choice.card != NOTHING else None
        confirm = (f"Confirm: buy {' and '.join(c['name'] for c in chosen['cards'])} for {chosen['price']} gold"
                   if chosen else "Confirm: buy nothing" if choice.card else "Confirm (choose a card first)")
        return Drawn.of([
            f"**Buy** · you have **{view['gold_available']} gold** ({view['card_gold']} from your revealed cards, "
            f"{plural(view['gold'], 'gold cube')}): unspent gold is lost, the cubes too. Then the track advances.",
            None if more else "Pick a card and it is bought at once (or buy nothing).",
            "Three cards of one symbol: you may buy a **second card** with the gold left."
            if any(k.second for k in offer) else None,
            f"Three {colour} cards: the top {colour} card after your purchase is free "
            f"({'you take it' if choice.bonus else '**you decline it**'})." if free else None], [
            self.select(seat, "card", choice, firsts, placeholder="Choose a card to buy", row=0),
            self.select(seat, "second", choice, [option("No second card", NONE), *seconds], row=1,
                        placeholder="Second card (three of one symbol)") if seconds else None,
            self.button(seat, f"Free {colour} card: " + ("taking it (click to decline)" if choice.bonus else
                                                        "declined (click to take it)"), "bonus", choice, row=2)
            if free else None,
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
        fight = next((a for a in seat.game.legal_actions(seat.state, seat.seat) if a["type"] == "fight"), None)
        if fight is None:
            return str(FightChoice(max(view["fight_fields"], default=None), tuple(c["id"] for c in view["revealed"])))
        return str(FightChoice(fight["monster"], tuple(fight["cards"]), fight.get("double")))

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, (choice, p) = as_view(seat.view), FightChoice.parse(draft).settled(seat)
        revealed = {c["id"]: c for c in view["revealed"]}
        monsters = [m for m in reversed(view["track"])  # those a fight may be tried against, field III first
                    if m is not None and not m["eye"] and m["index"] in view["fight_fields"]]
        entry = next((m for m in monsters if m["index"] == choice.monster), None)
        foes = [option(monster_words(m) + " · beside the Eye" * m["beside_eye"], m["index"],
                       description="; ".join(a["label"] for a in m["abilities"])) for m in monsters]
        doubles = [option(f"Double {revealed[c]['name']}: it leaves the game after the fight", c)
                   for c in (p["doubles"] if p else [])]
        losable = [option(f"Lose {revealed[c]['name']}", c, default=c in p["lose"])
                   for c in p["choose_lost"]] if p else []
        return Drawn.of([
            "**Fight** · choose a monster and the revealed cards to use; nothing happens until you confirm.",
            *([monster_words(entry) + "".join(f"\n· {a['label']}" for a in entry["abilities"]),
               "Cards: " + (", ".join(revealed[c]["name"] for c in choice.cards) or "none chosen"),
               *fight_words(seat.state, p),
               "✅ You win this fight if you confirm." if p["possible"] else f"❌ Not possible: {p['reason']}"]
              if entry and p else ["No monster chosen."])], [
            self.select(seat, "monster", choice, foes, placeholder="Choose a monster", row=0) if foes else None,
            self.select(seat, "cards", choice, [option(card_words(c), i) for i, c in revealed.items()], row=1,
                        placeholder="Choose the cards to fight with", max_values=len(revealed)) if revealed else None,
            self.select(seat, "double", choice, [option("Double no card", NONE), *doubles], row=2,
                        placeholder="Double one card's value (it leaves the game)") if doubles else None,
            self.select(seat, "lose", choice, losable, placeholder="Which card you lose after a win", row=3)
            if losable else None,
            self.confirm(seat, f"Confirm: fight the {entry['symbol']} monster" if entry else "Confirm the fight",
                         choice, ready=bool(p and p["possible"]), style=discord.ButtonStyle.danger)])

    def act(self, seat: Seat, choice: FightChoice, control: str) -> Action | None:
        if control != CONFIRM or choice.monster is None:
            return None
        return as_action(fight_action(choice.monster, list(choice.cards), choice.double, choice.lose))


class ThinPanel(Panel):
    """Draft: the chosen card ids joined by dots; the discard pile, weakest first, spread over selects `p0`, `p1`..."""

    name = "tiger_thin"

    @staticmethod
    def pool(view: TigerView, chosen: list[int]) -> list[discord.SelectOption]:
        return [option(card_words(c), c["id"], default=c["id"] in chosen)
                for c in sorted(view["discard_cards"], key=lambda c: (c["value"], c["id"]))]

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view = as_view(seat.view)
        cards = {c["id"]: c for c in view["discard_cards"]}
        chosen = [c for c in numbers(draft) if c in cards]
        refused, named = seat.explain(thin(chosen)), [cards[c]["name"] for c in chosen]
        return Drawn.of([
            f"**Thin your deck** · your deck is used up. You may remove up to "
            f"{plural(min(view['thin_max'], len(cards)), 'card')} of your discard pile from the game for good; "
            "then the discard pile is shuffled into a new deck.",
            "Chosen: " + (", ".join(named) or "none (keep every card)"), f"❌ {refused}" if refused else None], [
            *self.spread(seat, "p", draft, self.pool(view, chosen), placeholder="Cards to remove",
                         max_values=view["thin_max"]),
            self.confirm(seat, f"Confirm: remove {' and '.join(named)}" if named else
                         "Confirm: keep every card and shuffle", draft, ready=not refused)])

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        if control == CONFIRM:
            return thin(numbers(draft))
        return ".".join(spread_pick(self.pool(as_view(seat.view), []), control, list(map(str, numbers(draft))), values))


BUY, FIGHT, THIN = BuyPanel(), FightPanel(), ThinPanel()
