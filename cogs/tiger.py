"""Eye of the Tiger on Discord: the track image as the board, and three private panels (cogs/panels.py).

The board opens them: Buy..., Fight..., or once the deck is used up Thin deck... (Keep all cards is
a move at once). Selects redraw a panel, Confirm makes the move; a buy with nothing else to decide
is made by picking its card. All they offer comes from the engine: `legal_actions`, the player's
view, `preview_fight` (also asked, card by card, which cards a fight may double or lose), `explain`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import discord
from discord.ext import commands

from engine.protocol import Action, Game
from engine.tiger import preview_fight
from engine.words import plural
from host.session import ABORTED, PLAYING, Session
from render.encode import RenderedImage
from render.tiger import render_tiger

from .components import TableButton
from .game_ui import GameUI, register_ui
from .panels import Drawn, Panel, Seat, register_panels
from .refs import Ref

NOTHING, NONE, GO, KEEP_ALL, PER_SELECT = "nothing", "none", "go", "keep_all", 25
Card = dict[str, Any]  # a card as the view shows it (engine.tiger.card_info)
Offer = dict[tuple[str, str, bool], Action]  # the legal purchases by (first stack or NOTHING, second or "", bonus)


def card_words(c: Card) -> str:
    return f"{c['colour']} {c['symbol']} · value {c['value']} · light {c['light']}"


def monster_words(m: dict[str, Any]) -> str:
    return (f"Field {m['field']}: {m['symbol']} monster ({plural(m['dots'], 'point')}), power {m['power']}, "
            f"needs {m['light_needed']} light")


def option(label: str, value: Any, default: bool, description: str = "") -> discord.SelectOption:
    def clip(text: str) -> str:
        return text if len(text) <= 100 else text[:99] + "…"
    return discord.SelectOption(label=clip(label), value=str(value), default=default,
                                description=clip(description) if description else None)


def ints(text: str) -> list[int]:
    return [int(p) for p in text.split(".") if p.isdigit()]


def names(cards: list[Card]) -> str:
    return ", ".join(c["name"] for c in cards)


class BuyPanel(Panel):
    """Draft `first-second-bonus`: a stack or "nothing", a second stack or "", 1 (take the colour bonus) or 0."""

    name = "tiger_buy"

    @staticmethod
    def purchases(seat: Seat, draft: str) -> tuple[Offer, str, str, bool]:
        """The legal purchases, and the draft as far as they allow it."""
        offer = {(a.get("stack", NOTHING), a.get("second", ""), a.get("bonus", True)): a
                 for a in seat.game.legal_actions(seat.state, seat.seat) if a["type"] in ("buy", "pass_buy")}
        first, second, bonus = (draft.split("-") + ["", "", ""])[:3]
        first = first if any(k[0] == first for k in offer) else ""
        return offer, first, second if (first, second, True) in offer else "", bonus != "0"

    @staticmethod
    def extras(offer: Offer) -> bool:
        """Something to decide besides the card (a second card, the colour bonus): then Confirm buys."""
        return any(second or not bonus for _, second, bonus in offer)

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, (offer, first, second, bonus) = seat.view, self.purchases(seat, draft)
        arg, colour = f"{first}-{second}-{int(bonus)}", view["colour_bonus"]
        stacks = {s["colour"]: s for s in view["supply"]}

        def card(*picks: str) -> Card:  # what the last pick takes: a stack bought twice gives its next card
            return stacks[picks[-1]]["cards"][picks.count(picks[-1]) - 1]

        def priced(*picks: str) -> str:
            return f"{card_words(card(*picks))} — {card(*picks)['price']} gold"
        lines = [(f"**Buy** · you have **{view['gold_available']} gold** ({view['card_gold']} from your revealed "
                  f"cards, {plural(view['gold'], 'gold cube')}): unspent gold is lost, the cubes too. "
                  "Then the track advances.")]
        if not self.extras(offer):
            lines.append("Pick a card and it is bought at once (or buy nothing).")
        if any(k[1] for k in offer):
            lines.append("Three cards of one symbol: you may buy a **second card** with the gold left.")
        if colour and stacks[colour]["count"]:
            taken = "you take it" if bonus else "**you decline it**"
            lines.append(f"Three {colour} cards: the top {colour} card after your purchase is free ({taken}).")
        firsts = [option(priced(f), f, f == first) for f in dict.fromkeys(k[0] for k in offer if k[0] != NOTHING)]
        if (NOTHING, "", True) in offer:
            firsts.append(option("Buy nothing (the track still advances)", NOTHING, first == NOTHING))
        items: list[discord.ui.Item] = [self.select(seat, "card", arg, firsts, placeholder="Choose a card to buy",
                                                    row=0)]
        if seconds := [k[1] for k in offer if k[0] == first and k[1] and k[2]]:
            items.append(self.select(seat, "second", arg, [option("No second card", NONE, not second)] + [
                option(priced(first, s), s, s == second) for s in seconds],
                placeholder="Second card (three of one symbol)", row=1))
        if any(not k[2] for k in offer):
            label = "taking it (click to decline)" if bonus else "declined (click to take it)"
            items.append(self.button(seat, f"Free {colour} card: {label}", "bonus", arg, row=2))
        if self.extras(offer):
            bought = [card(first)] + ([card(first, second)] if second else []) if first not in ("", NOTHING) else []
            price = sum(c["price"] for c in bought)
            label = (f"Confirm: buy {' and '.join(c['name'] for c in bought)} for {price} gold" if bought
                     else "Confirm: buy nothing" if first else "Confirm (choose a card first)")
            items.append(self.button(seat, label, GO, arg, row=3, style=discord.ButtonStyle.success,
                                     disabled=not first))
        return Drawn("\n".join(lines), items)

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        first, second, bonus = (draft.split("-") + ["", "", ""])[:3]
        value = (values or [""])[0]
        if control == "card":
            first, second = value, ""
        elif control == "second":
            second = "" if value == NONE else value
        elif control == "bonus":
            bonus = "1" if bonus == "0" else "0"
        offer, first, second, take = self.purchases(seat, f"{first}-{second}-{bonus}")
        if first and (control == GO or control == "card" and not self.extras(offer)):
            return offer.get((first, second, take)) or offer[(first, second, True)]  # the legal action chosen
        return f"{first}-{second}-{int(take)}"


@dataclass(frozen=True)
class FightChoice:
    """Draft `monster-cards-double-lose`, "2-4.9.31--9": a track index (0 = field I), card ids joined by dots."""

    monster: int | None = None
    cards: tuple[int, ...] = ()
    double: int | None = None
    lose: int | None = None

    @property
    def arg(self) -> str:
        m, d, lose = ("" if v is None else str(v) for v in (self.monster, self.double, self.lose))
        return f"{m}-{'.'.join(map(str, self.cards))}-{d}-{lose}"

    @classmethod
    def parse(cls, arg: str) -> FightChoice:
        m, cards, d, lose = (ints(p) for p in (arg.split("-") + [""] * 4)[:4])
        return cls(m[0] if m else None, tuple(cards), d[0] if d else None, lose[0] if lose else None)

    def action(self) -> Action:
        extra = {k: v for k, v in (("double", self.double), ("lose", self.lose)) if v is not None}
        return {"type": "fight", "monster": self.monster, "cards": list(self.cards), **extra}

    def preview(self, seat: Seat, **probe: int | None) -> dict[str, Any]:
        args = {"double": self.double, "lose": self.lose, **probe}
        return preview_fight(seat.state, self.monster, list(self.cards), args["double"], args["lose"])

    def accepted(self, seat: Seat, key: str) -> list[int]:
        """The cards the engine takes as this fight's `key` ("double" or "lose"): it counts them among the lost."""
        if self.monster is None:
            return []
        probes = {c: {"double": c, "lose": None} if key == "double" else {"lose": c} for c in self.cards}
        return [c for c, probe in probes.items() if c in self.preview(seat, **probe)["lose"]]


class FightPanel(Panel):
    name = "tiger_fight"

    def start(self, seat: Seat) -> str:
        """The first fight the engine allows, else the farthest monster with every revealed card."""
        fight = next((a for a in seat.game.legal_actions(seat.state, seat.seat) if a["type"] == "fight"), None)
        if fight:
            return FightChoice(fight["monster"], tuple(fight["cards"]), fight.get("double")).arg
        fields = seat.view["fight_fields"]
        return FightChoice(max(fields), tuple(c["id"] for c in seat.view["revealed"])).arg if fields else ""

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, choice = seat.view, FightChoice.parse(draft)
        revealed = {c["id"]: c for c in view["revealed"]}
        choice = replace(choice, monster=choice.monster if choice.monster in view["fight_fields"] else None,
                         cards=tuple(c for c in choice.cards if c in revealed))
        doubles = choice.accepted(seat, "double")
        choice = replace(choice, double=choice.double if choice.double in doubles else None)
        losable = choice.accepted(seat, "lose")
        choice = replace(choice, lose=choice.lose if choice.lose in losable else None)
        preview = choice.preview(seat) if choice.monster is not None else None
        arg, entry = choice.arg, view["track"][choice.monster] if preview else None
        monsters = [option(monster_words(m) + " · beside the Eye" * m["beside_eye"], m["index"],
                           m["index"] == choice.monster, "; ".join(a["label"] for a in m["abilities"]))
                    for m in (view["track"][i] for i in sorted(view["fight_fields"], reverse=True))]  # III, II, I
        items: list[discord.ui.Item] = [self.select(seat, "monster", arg, monsters, placeholder="Choose a monster",
                                                    row=0)] if monsters else []
        if revealed:
            items.append(self.select(seat, "cards", arg, [option(card_words(c), i, i in choice.cards)
                                                          for i, c in revealed.items()],
                                     placeholder="Choose the cards to fight with", max_values=len(revealed), row=1))
        if doubles:
            items.append(self.select(seat, "double", arg, [option("Double no card", NONE, choice.double is None)] + [
                option(f"Double {revealed[c]['name']}: it leaves the game after the fight", c, c == choice.double)
                for c in doubles], placeholder="Double one card's value (it leaves the game)", row=2))
        if len(losable) > 1:
            lost = next((c for c in preview["lose"] if c in losable), None) if preview else None
            items.append(self.select(seat, "lose", arg, [option(f"Lose {revealed[c]['name']}", c, c == lost)
                                                         for c in losable],
                                     placeholder="Which card you lose after a win", row=3))
        label = f"Confirm: fight the {entry['symbol']} monster" if entry else "Confirm the fight"
        items.append(self.button(seat, label, GO, arg, row=4, style=discord.ButtonStyle.danger,
                                 disabled=not (preview and preview["possible"])))
        return Drawn(fight_text(view, entry, [revealed[c] for c in choice.cards], preview), items)

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        choice, picked = FightChoice.parse(draft), ints(".".join(values))
        if control == GO:
            return choice.action()
        if control == "monster":  # the cards stay chosen
            return FightChoice(picked[0] if picked else None, choice.cards).arg
        if control == "cards":
            return replace(choice, cards=tuple(c["id"] for c in seat.view["revealed"] if c["id"] in picked)).arg
        return replace(choice, **{control: picked[0] if picked else None}).arg  # "double" or "lose"


def fight_text(view: dict[str, Any], entry: dict[str, Any] | None, cards: list[Card], p: dict[str, Any] | None) -> str:
    lines = ["**Fight** · choose a monster and the revealed cards to use; nothing happens until you confirm."]
    if entry is None or p is None:
        return "\n".join(lines + ["No monster chosen."])
    lines += [monster_words(entry) + "".join(f"\n· {a['label']}" for a in entry["abilities"]),
              "Cards: " + (names(cards) or "none chosen")]
    if p["light"] or p["missing"]:  # the engine got as far as counting the light
        missing = f", {p['missing']} missing" if p["missing"] else ""
        lines.append(f"Light: {p['light']} (needs {p['light_needed']}){missing}")
    if p["possible"] or p["values"] or p["attack"] or p["penalty"]:
        bonus, penalty = view["bonus"]["attack"], p["penalty"]
        lines.append(f"Penalty: -{penalty} attack" if penalty else "Penalty: none")
        lines.append(f"Attack: {p['attack']} (values {p['values']}" + (f", +{bonus} bonus" if bonus else "")
                     + (f", -{penalty} penalty" if penalty else "") + f") against power {p['power']}")
    if not p["possible"]:
        return "\n".join(lines + [f"❌ Not possible: {p['reason']}"])
    lost = {c["id"]: c for c in view["revealed"]}
    lines += [f"Gold if you win: {p['gold'] or 'none'}",
              "Cards lost after the win: " + (names([lost[c] for c in p["lose"]]) or "none")]
    if p["ends_game"]:
        lines.append("Beating it wins the Eye of the Tiger and ends the game.")
    return "\n".join(lines + ["✅ You win this fight if you confirm."])


class ThinPanel(Panel):
    """Draft: the chosen card ids joined by dots; control `p<k>` is the k-th select of the discard pile."""

    name = "tiger_thin"

    @staticmethod
    def pool(seat: Seat) -> tuple[list[list[Card]], int]:
        """The cards the legal actions may remove, weakest first, a select's worth at a time; how many at most."""
        removals = [a["remove"] for a in seat.game.legal_actions(seat.state, seat.seat) if a["type"] == "thin"]
        removable = {c for r in removals for c in r}
        cards = sorted((c for c in seat.view["discard_cards"] if c["id"] in removable),
                       key=lambda c: (c["value"], c["id"]))
        return [cards[i:i + PER_SELECT] for i in range(0, len(cards), PER_SELECT)], max(map(len, removals), default=0)

    def draw(self, seat: Seat, draft: str) -> Drawn:
        chunks, most = self.pool(seat)
        pool = {c["id"]: c for chunk in chunks for c in chunk}
        chosen = [c for c in ints(draft) if c in pool]
        refused = seat.game.explain(seat.state, seat.seat, {"type": "thin", "remove": chosen}, seat.now)
        lines = [(f"**Thin your deck** · your deck is used up. You may remove up to {plural(most, 'card')} of "
                  "your discard pile from the game for good; then the discard pile is shuffled into a new deck."),
                 "Chosen: " + (names([pool[c] for c in chosen]) or "none (keep every card)")]
        lines += [f"❌ {refused}"] if refused else []
        items: list[discord.ui.Item] = []
        for k, chunk in enumerate(chunks[:4]):
            span = f" ({k * PER_SELECT + 1}-{k * PER_SELECT + len(chunk)})" if len(chunks) > 1 else ""
            options = [option(card_words(c), c["id"], c["id"] in chosen) for c in chunk]
            items.append(self.select(seat, f"p{k}", draft, options, placeholder="Cards to remove" + span,
                                     min_values=0, max_values=most, row=k))
        label = (f"Confirm: remove {' and '.join(pool[c]['name'] for c in chosen)}" if chosen
                 else "Confirm: keep every card and shuffle")
        items.append(self.button(seat, label, GO, draft, row=4, style=discord.ButtonStyle.success,
                                 disabled=bool(refused)))
        return Drawn("\n".join(lines), items)

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        if control == GO:
            return {"type": "thin", "remove": ints(draft)}
        chunks, k = self.pool(seat)[0], int(control[1:] or 0)  # the other selects' cards stay chosen
        chunk = {c["id"] for c in chunks[k]} if k < len(chunks) else set()
        kept = [c for c in ints(draft) if c not in chunk] + [c for c in ints(".".join(values)) if c in chunk]
        return ".".join(map(str, kept))


BUY, FIGHT, THIN = BuyPanel(), FightPanel(), ThinPanel()


class TigerUI(GameUI):
    game_name = "tiger"

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        return render_tiger(game.view(session.state, None), aborted=session.status == ABORTED)

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        embed, view = super().embed(session, game, names), game.view(session.state, None)
        if session.status == PLAYING and not view["over"]:  # an ended game asks nobody to act
            now = ("Your deck is used up: **Thin deck** to remove cards from it, or **Keep all cards**."
                   if view["phase"] == "thin" else "First turn: **Buy** a card." if view["first_turn"]
                   else "**Buy** a card or **Fight** a monster.")
            mode = " · advanced mode" if view["advanced"] else ""
            embed.add_field(name="Your move", inline=False,
                            value=f"{now}\nTurn {view['turn']} · {view['gold_available']} gold{mode}")
        return embed

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        view = game.view(session.state, None)
        if view["over"]:
            return []
        if view["phase"] == "thin":
            return [THIN.opener(session, "Thin deck…"),
                    TableButton(Ref(session.id, KEEP_ALL, "", session.version), label="Keep all cards")]
        return [BUY.opener(session, "Buy…"),
                FIGHT.opener(session, "Fight…", style=discord.ButtonStyle.danger, disabled=not view["fight_fields"])]

    def action_for(self, session: Session, game: Game, ref: Ref, values: list[str]) -> Action | None:
        return {"type": "thin", "remove": []} if ref.action == KEEP_ALL else None


async def setup(bot: commands.Bot) -> None:
    register_ui(TigerUI())
    register_panels(BUY, FIGHT, THIN)
