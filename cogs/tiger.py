"""Eye of the Tiger on Discord: the track image as the board, and three private panels (cogs/panels.py).

The board opens them: Buy..., Fight..., or once the deck is used up Thin deck... (Keep all cards is
a move at once). Selects redraw a panel, Confirm makes the move; a buy with nothing else to decide
is made by picking its card. All they offer and say comes from the engine: the player's view,
`purchases` (what each legal buy takes), `preview_fight` (also which cards a fight may double or
lose) and `explain`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import discord
from discord.ext import commands

from engine.protocol import Action, Game
from engine.tiger import as_action, fight_action, fight_words, preview_fight, purchases
from engine.tiger_types import CardInfo, FightPreview, MonsterOnTrack, Purchase, ThinAction, TigerView, as_view
from engine.words import plural
from host.session import ABORTED, PLAYING, Session
from render.encode import RenderedImage
from render.tiger import render_tiger

from .components import TableButton
from .game_ui import GameUI, register_ui
from .panels import Drawn, Panel, Seat, fields, option, register_panels, spread_pick
from .refs import Ref

NOTHING, NONE, GO, KEEP_ALL = "nothing", "none", "go", "keep_all"
Key = tuple[str, str, bool]  # a purchase by its first stack (or NOTHING), its second (or "") and its bonus


def card_words(c: CardInfo) -> str:
    return f"{c['colour']} {c['symbol']} · value {c['value']} · light {c['light']}"


def monster_words(m: MonsterOnTrack) -> str:
    return (f"Field {m['field']}: {m['symbol']} monster ({plural(m['dots'], 'point')}), power {m['power']}, "
            f"needs {m['light_needed']} light")


def ints(text: str) -> list[int]:
    return [int(p) for p in text.split(".") if p.isdigit()]


def names(cards: list[CardInfo]) -> str:
    return ", ".join(c["name"] for c in cards)


def thin(remove: list[int]) -> Action:
    return as_action(ThinAction(type="thin", remove=remove))


def purchase_words(p: Purchase) -> str:
    """The card a purchase's last pick takes (a stack bought twice gives its next card), and its price."""
    card = p["cards"][-1] if p["cards"] else None
    return f"{card_words(card)} — {card['price']} gold" if card else "Buy nothing (the track still advances)"


class BuyPanel(Panel):
    """Draft `first-second-bonus`: a stack or "nothing", a second stack or "", 1 (take the colour bonus) or 0.
    Picking a card buys it, unless a second card or the colour bonus is to decide too: then Confirm buys."""

    name = "tiger_buy"

    @staticmethod
    def choices(seat: Seat, draft: str) -> tuple[dict[Key, Purchase], Key, bool]:
        """The legal purchases, the draft as far as they allow it, and whether more than a card is to decide."""
        offer = {(p["stack"] or NOTHING, p["second"] or "", p["bonus"]): p for p in purchases(seat.state)}
        first, second, bonus = fields(draft, 3)
        first = first if any(k[0] == first for k in offer) else ""
        second = second if (first, second, True) in offer else ""
        return offer, (first, second, bonus != "0"), any(k[1] or not k[2] for k in offer)

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, (offer, (first, second, bonus), extras) = as_view(seat.view), self.choices(seat, draft)
        arg, colour = f"{first}-{second}-{int(bonus)}", view["colour_bonus"]
        free = any(p["free"] for p in offer.values())  # three cards of a colour whose stack has a card to give
        lines = [f"**Buy** · you have **{view['gold_available']} gold** ({view['card_gold']} from your revealed "
                 f"cards, {plural(view['gold'], 'gold cube')}): unspent gold is lost, the cubes too. "
                 "Then the track advances."]
        lines += [] if extras else ["Pick a card and it is bought at once (or buy nothing)."]
        if any(k[1] for k in offer):
            lines.append("Three cards of one symbol: you may buy a **second card** with the gold left.")
        if free:
            taken = "you take it" if bonus else "**you decline it**"
            lines.append(f"Three {colour} cards: the top {colour} card after your purchase is free ({taken}).")
        firsts = sorted((option(purchase_words(p), k[0], default=k[0] == first) for k, p in offer.items()
                         if not k[1] and k[2]), key=lambda o: o.value == NOTHING)  # buying nothing last
        items: list[discord.ui.Item] = [self.select(seat, "card", arg, firsts, placeholder="Choose a card to buy",
                                                    row=0)]
        if seconds := [option(purchase_words(p), k[1], default=k[1] == second) for k, p in offer.items()
                       if k[0] == first and k[1] and k[2]]:
            items.append(self.select(seat, "second", arg, [option("No second card", NONE, default=not second),
                                                           *seconds], placeholder="Second card (three of one symbol)",
                                     row=1))
        if free:
            label = "taking it (click to decline)" if bonus else "declined (click to take it)"
            items.append(self.button(seat, f"Free {colour} card: {label}", "bonus", arg, row=2))
        if extras:
            chosen = offer.get((first, second, True)) if first != NOTHING else None
            label = (f"Confirm: buy {' and '.join(c['name'] for c in chosen['cards'])} for {chosen['price']} gold"
                     if chosen else "Confirm: buy nothing" if first else "Confirm (choose a card first)")
            items.append(self.button(seat, label, GO, arg, row=3, style=discord.ButtonStyle.success,
                                     disabled=not first))
        return Drawn("\n".join(lines), items)

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        first, second, bonus = fields(draft, 3)
        value = (values or [""])[0]
        if control == "card":
            first, second = value, ""
        elif control == "second":
            second = "" if value == NONE else value
        elif control == "bonus":
            bonus = "1" if bonus == "0" else "0"
        offer, chosen, extras = self.choices(seat, f"{first}-{second}-{bonus}")
        if chosen[0] and (control == GO or control == "card" and not extras):
            return as_action((offer.get(chosen) or offer[(*chosen[:2], True)])["action"])
        return f"{chosen[0]}-{chosen[1]}-{int(chosen[2])}"


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
        m, cards, d, lose = (ints(p) for p in fields(arg, 4))
        return cls(m[0] if m else None, tuple(cards), d[0] if d else None, lose[0] if lose else None)

    def settled(self, seat: Seat) -> tuple[FightChoice, FightPreview | None]:
        """This choice as far as the view and the engine allow it now, and its preview (None: no monster)."""
        view = as_view(seat.view)
        choice = replace(self, monster=self.monster if self.monster in view["fight_fields"] else None,
                         cards=tuple(c for c in self.cards if c in {r["id"] for r in view["revealed"]}))
        if choice.monster is None:
            return replace(choice, double=None, lose=None), None
        p = preview_fight(seat.state, choice.monster, list(choice.cards), choice.double, choice.lose)
        allowed = replace(choice, double=choice.double if choice.double in p["doubles"] else None,
                          lose=choice.lose if choice.lose in p["choose_lost"] else None)
        return (choice, p) if allowed == choice else allowed.settled(seat)


def monsters(view: TigerView) -> list[MonsterOnTrack]:
    """The monsters a fight may be tried against, the farthest (field III) first."""
    return [m for m in reversed(view["track"]) if m is not None and not m["eye"] and m["index"] in view["fight_fields"]]


class FightPanel(Panel):
    name = "tiger_fight"

    def start(self, seat: Seat) -> str:
        """The first fight the engine allows, else the farthest monster with every revealed card."""
        fight = next((a for a in seat.game.legal_actions(seat.state, seat.seat) if a["type"] == "fight"), None)
        if fight:
            return FightChoice(fight["monster"], tuple(fight["cards"]), fight.get("double")).arg
        view = as_view(seat.view)
        return FightChoice(max(view["fight_fields"]), tuple(c["id"] for c in view["revealed"])).arg \
            if view["fight_fields"] else ""

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, (choice, p) = as_view(seat.view), FightChoice.parse(draft).settled(seat)
        revealed, arg = {c["id"]: c for c in view["revealed"]}, choice.arg
        entry = next((m for m in monsters(view) if m["index"] == choice.monster), None)
        items: list[discord.ui.Item] = []
        if options := [option(monster_words(m) + " · beside the Eye" * m["beside_eye"], m["index"],
                              default=m is entry, description="; ".join(a["label"] for a in m["abilities"]))
                       for m in monsters(view)]:
            items.append(self.select(seat, "monster", arg, options, placeholder="Choose a monster", row=0))
        if cards := [option(card_words(c), i, default=i in choice.cards) for i, c in revealed.items()]:
            items.append(self.select(seat, "cards", arg, cards, placeholder="Choose the cards to fight with",
                                     max_values=len(cards), row=1))
        if p and p["doubles"]:
            doubles = [option("Double no card", NONE, default=choice.double is None)] + [
                option(f"Double {revealed[c]['name']}: it leaves the game after the fight", c, default=c == choice.double)
                for c in p["doubles"]]
            items.append(self.select(seat, "double", arg, doubles, row=2,
                                     placeholder="Double one card's value (it leaves the game)"))
        if p and p["choose_lost"]:
            losable = [option(f"Lose {revealed[c]['name']}", c, default=c in p["lose"]) for c in p["choose_lost"]]
            items.append(self.select(seat, "lose", arg, losable, placeholder="Which card you lose after a win", row=3))
        label = f"Confirm: fight the {entry['symbol']} monster" if entry else "Confirm the fight"
        items.append(self.button(seat, label, GO, arg, row=4, style=discord.ButtonStyle.danger,
                                 disabled=not (p and p["possible"])))
        return Drawn(fight_text(seat, entry, [revealed[c] for c in choice.cards], p), items)

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        choice, picked = FightChoice.parse(draft), ints(".".join(values))
        if control == GO and choice.monster is not None:
            return as_action(fight_action(choice.monster, list(choice.cards), choice.double, choice.lose))
        if control == "monster":  # the cards stay chosen
            return FightChoice(picked[0] if picked else None, choice.cards).arg
        if control == "cards":
            return replace(choice, cards=tuple(picked)).arg
        one = picked[0] if picked else None
        return replace(choice, double=one).arg if control == "double" else replace(choice, lose=one).arg


def fight_text(seat: Seat, entry: MonsterOnTrack | None, cards: list[CardInfo], p: FightPreview | None) -> str:
    lines = ["**Fight** · choose a monster and the revealed cards to use; nothing happens until you confirm."]
    if entry is None or p is None:
        return "\n".join(lines + ["No monster chosen."])
    lines += [monster_words(entry) + "".join(f"\n· {a['label']}" for a in entry["abilities"]),
              "Cards: " + (names(cards) or "none chosen"), *fight_words(seat.state, p)]
    return "\n".join(lines + ["✅ You win this fight if you confirm." if p["possible"]
                              else f"❌ Not possible: {p['reason']}"])


class ThinPanel(Panel):
    """Draft: the chosen card ids joined by dots; the discard pile spread over selects `p0`, `p1`..."""

    name = "tiger_thin"

    @staticmethod
    def pool(view: TigerView, chosen: list[int]) -> list[discord.SelectOption]:
        """The discard pile, weakest first."""
        return [option(card_words(c), c["id"], default=c["id"] in chosen)
                for c in sorted(view["discard_cards"], key=lambda c: (c["value"], c["id"]))]

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view = as_view(seat.view)
        cards = {c["id"]: c for c in view["discard_cards"]}
        chosen = [c for c in ints(draft) if c in cards]
        refused = seat.explain(thin(chosen))
        lines = [(f"**Thin your deck** · your deck is used up. You may remove up to "
                  f"{plural(min(view['thin_max'], len(cards)), 'card')} of your discard pile from the game for "
                  "good; then the discard pile is shuffled into a new deck."),
                 "Chosen: " + (names([cards[c] for c in chosen]) or "none (keep every card)")]
        label = (f"Confirm: remove {' and '.join(cards[c]['name'] for c in chosen)}" if chosen
                 else "Confirm: keep every card and shuffle")
        return Drawn("\n".join(lines + ([f"❌ {refused}"] if refused else [])), [
            *self.spread(seat, "p", draft, self.pool(view, chosen), placeholder="Cards to remove",
                         max_values=view["thin_max"]),
            self.button(seat, label, GO, draft, row=4, style=discord.ButtonStyle.success, disabled=bool(refused))])

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        if control == GO:
            return thin(ints(draft))
        return ".".join(spread_pick(self.pool(as_view(seat.view), []), control, list(map(str, ints(draft))), values))


BUY, FIGHT, THIN = BuyPanel(), FightPanel(), ThinPanel()


class TigerUI(GameUI):
    game_name = "tiger"

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        return render_tiger(game.view(session.game_state, None), aborted=session.status == ABORTED)

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        embed, view = super().embed(session, game, names), as_view(game.view(session.game_state, None))
        if session.status == PLAYING and not view["over"]:  # an ended game asks nobody to act
            now = ("Your deck is used up: **Thin deck** to remove cards from it, or **Keep all cards**."
                   if view["phase"] == "thin" else "First turn: **Buy** a card." if view["first_turn"]
                   else "**Buy** a card or **Fight** a monster.")
            mode = " · advanced mode" if view["advanced"] else ""
            embed.add_field(name="Your move", inline=False,
                            value=f"{now}\nTurn {view['turn']} · {view['gold_available']} gold{mode}")
        return embed

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        view = as_view(game.view(session.game_state, None))
        if view["over"]:
            return []
        if view["phase"] == "thin":
            return [THIN.opener(session, "Thin deck…"),
                    TableButton(Ref(session.id, KEEP_ALL, "", session.version), label="Keep all cards")]
        return [BUY.opener(session, "Buy…"),
                FIGHT.opener(session, "Fight…", style=discord.ButtonStyle.danger, disabled=not view["fight_fields"])]

    def action_for(self, session: Session, game: Game, ref: Ref, values: list[str]) -> Action | None:
        return thin([]) if ref.action == KEEP_ALL else None


async def setup(bot: commands.Bot) -> None:
    register_ui(TigerUI())
    register_panels(BUY, FIGHT, THIN)
