"""Eye of the Tiger on Discord: one board (the track image) edited in place, and private panels.

The board carries only the buttons that open a choice: Buy..., Fight... (or, when the deck is
used up, Thin deck... and Keep all cards). Each opens an ephemeral panel for the seated
player, where selects change the choice and redraw the panel (nothing happens to the game)
and a Confirm button makes the move. The panel keeps no memory of its own: the choice so far
travels in the custom_id of each of its components, so a panel works after a restart, and
the session version on every id refuses a panel the game has moved past.

Every rule stays in the engine: which stacks are affordable, which second purchase is allowed,
whether the colour bonus can be declined come from `legal_actions`; what a fight would give
comes from `preview_fight`. This module only says it in words.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import discord
from discord.ext import commands

from engine.greenbox import CARDS, COLOURS
from engine.protocol import Action, Game
from engine.tiger import THIN_MAX, card_info, fight_fields, preview_fight
from host.errors import TableError
from host.session import ABORTED, Session
from render.encode import RenderedImage
from render.tiger import render_tiger

from . import replies
from .actions import perform, table_of
from .components import TableButton, TableSelect, view_of
from .game_ui import GameUI, register_ui
from .refs import Ref

# Board buttons.
BUY_MENU, FIGHT_MENU, THIN_MENU, KEEP_ALL = "buy_menu", "fight_menu", "thin_menu", "keep_all"
# The buy panel.
BUY_CARD, BUY_SECOND, BUY_BONUS, BUY = "buy_card", "buy_second", "buy_bonus", "buy"
# The fight panel.
FIGHT_MONSTER, FIGHT_CARDS, FIGHT_DOUBLE, FIGHT_LOSE, FIGHT = (
    "fight_monster", "fight_cards", "fight_double", "fight_lose", "fight")
# The thinning panel.
THIN_PICK, THIN = "thin_pick", "thin"

LOCAL = {BUY_MENU, FIGHT_MENU, THIN_MENU, BUY_CARD, BUY_SECOND, BUY_BONUS, BUY,
         FIGHT_MONSTER, FIGHT_CARDS, FIGHT_DOUBLE, FIGHT_LOSE, FIGHT, THIN_PICK, THIN}
NOTHING, NONE = "nothing", "none"
OPTIONS_PER_SELECT = 25
WATCHING = "You are watching this game: only seated players can act."


def card_words(card_id: int) -> str:
    info = card_info(card_id)
    return f"{info['colour']} {info['symbol']} · value {info['value']} · light {info['light']}"


def card_name(card_id: int) -> str:
    return CARDS[card_id].name


def _ints(text: str) -> list[int]:
    return [int(p) for p in text.split(".") if p.isdigit()]


def _int_or_none(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


# --------------------------------------------------------------------------- choices in custom ids

@dataclass(frozen=True)
class BuyChoice:
    first: str = ""  # a colour, NOTHING, or "" (not chosen yet)
    second: str = ""  # a colour or ""
    bonus: bool = True  # take the free card of three revealed cards of one colour

    @property
    def arg(self) -> str:
        return f"{self.first}-{self.second}-{int(self.bonus)}"

    @classmethod
    def parse(cls, arg: str) -> BuyChoice:
        first, _, rest = arg.partition("-")
        second, _, bonus = rest.partition("-")
        return cls(first, second, bonus != "0")


@dataclass(frozen=True)
class FightChoice:
    monster: int | None = None  # track index: 0 = field I
    cards: tuple[int, ...] = ()
    double: int | None = None
    lose: int | None = None

    @property
    def arg(self) -> str:
        def text(n: int | None) -> str:
            return "" if n is None else str(n)
        return f"{text(self.monster)}-{'.'.join(map(str, self.cards))}-{text(self.double)}-{text(self.lose)}"

    @classmethod
    def parse(cls, arg: str) -> FightChoice:
        parts = (arg.split("-") + ["", "", "", ""])[:4]
        return cls(_int_or_none(parts[0]), tuple(_ints(parts[1])), _int_or_none(parts[2]), _int_or_none(parts[3]))

    def action(self) -> Action:
        action: Action = {"type": "fight", "monster": self.monster, "cards": list(self.cards)}
        if self.double is not None:
            action["double"] = self.double
        if self.lose is not None:
            action["lose"] = self.lose
        return action


@dataclass(frozen=True)
class ThinChoice:
    chosen: tuple[int, ...] = field(default_factory=tuple)

    @property
    def arg(self) -> str:
        return ".".join(map(str, self.chosen))


# --------------------------------------------------------------------------- panels

@dataclass
class Panel:
    content: str
    items: list[discord.ui.Item]
    commit_on_pick: bool = False  # the buy panel without extra choices: picking a card buys it


def buy_options(session: Session, game: Game) -> dict[str, Any]:
    """What the engine allows now: first stacks, seconds per first, passing, declining the bonus."""
    legal = game.legal_actions(session.state, 0)
    firsts: list[str] = []
    seconds: dict[str, list[str]] = {}
    for a in legal:
        if a["type"] != "buy":
            continue
        if "second" in a:
            chain = seconds.setdefault(a["stack"], [])
            if a["second"] not in chain:
                chain.append(a["second"])
        elif a["stack"] not in firsts:
            firsts.append(a["stack"])
    return {"firsts": firsts, "seconds": seconds,
            "pass": any(a["type"] == "pass_buy" for a in legal),
            "decline": any(a.get("bonus") is False for a in legal)}


def buy_panel(session: Session, game: Game, choice: BuyChoice) -> Panel:
    state, ver = session.state, session.version
    view = game.view(state, None)
    allowed = buy_options(session, game)
    if choice.first not in allowed["firsts"] and not (choice.first == NOTHING and allowed["pass"]):
        choice = replace(choice, first="", second="")
    seconds = allowed["seconds"].get(choice.first, [])
    if choice.second not in seconds:
        choice = replace(choice, second="")
    extras = bool(allowed["seconds"]) or allowed["decline"]
    supply = state["supply"]

    def price_label(colour: str, depth: int) -> str:
        card_id = supply[colour][depth]
        return f"{card_words(card_id)} — {card_info(card_id)['price']} gold"

    lines = [(f"**Buy** · you have **{view['gold_available']} gold** ({view['card_gold']} from your revealed "
              f"cards, {view['gold']} gold cubes). After the purchase the track advances.")]
    if not extras:
        lines.append("Pick a card and it is bought at once (or buy nothing).")
    if allowed["seconds"]:
        lines.append("Three cards of one symbol: you may buy a **second card** with the gold left.")
    colour = view["colour_bonus"]
    if colour and supply[colour]:
        taken = "you take it" if choice.bonus else "**you decline it**"
        lines.append(f"Three {colour} cards: the top {colour} card after your purchase is free ({taken}).")
    items: list[discord.ui.Item] = []
    options = [discord.SelectOption(label=_clip(price_label(c, 0), 100), value=c,
                                    default=c == choice.first) for c in allowed["firsts"]]
    if allowed["pass"]:
        options.append(discord.SelectOption(label="Buy nothing (the track still advances)", value=NOTHING,
                                            default=choice.first == NOTHING))
    items.append(TableSelect(Ref(session.id, BUY_CARD, choice.arg, ver), options=options,
                             placeholder="Choose a card to buy", row=0))
    if allowed["seconds"] and choice.first not in ("", NOTHING):
        second_options = [discord.SelectOption(label="No second card", value=NONE, default=not choice.second)]
        for c in seconds:
            depth = 1 if c == choice.first else 0
            second_options.append(discord.SelectOption(label=_clip(price_label(c, depth), 100),
                                                       value=c, default=c == choice.second))
        items.append(TableSelect(Ref(session.id, BUY_SECOND, choice.arg, ver), options=second_options,
                                 placeholder="Second card (three of one symbol)", row=1))
    if allowed["decline"]:
        label = (f"Free {colour} card: taking it (click to decline)" if choice.bonus
                 else f"Free {colour} card: declined (click to take it)")
        items.append(TableButton(Ref(session.id, BUY_BONUS, choice.arg, ver), label=label, row=2,
                                 style=discord.ButtonStyle.secondary))
    if extras:
        items.append(TableButton(Ref(session.id, BUY, choice.arg, ver), label=buy_label(state, choice), row=3,
                                 style=discord.ButtonStyle.success, disabled=not choice.first))
    return Panel("\n".join(lines), items, commit_on_pick=not extras)


def buy_label(state: dict[str, Any], choice: BuyChoice) -> str:
    if choice.first == NOTHING:
        return "Confirm: buy nothing"
    if not choice.first:
        return "Confirm (choose a card first)"
    cards = [state["supply"][choice.first][0]]
    if choice.second:
        cards.append(state["supply"][choice.second][1 if choice.second == choice.first else 0])
    price = sum(card_info(c)["price"] for c in cards)
    return _clip(f"Confirm: buy {' and '.join(card_name(c) for c in cards)} for {price} gold", 80)


def buy_action(choice: BuyChoice, decline_possible: bool) -> Action:
    if choice.first == NOTHING:
        action: Action = {"type": "pass_buy"}
    else:
        action = {"type": "buy", "stack": choice.first}
        if choice.second:
            action["second"] = choice.second
    if not choice.bonus and decline_possible:
        action["bonus"] = False
    return action


def default_fight(session: Session, game: Game) -> FightChoice:
    """The first fight the engine allows, else the first monster with every revealed card."""
    for a in game.legal_actions(session.state, 0):
        if a["type"] == "fight":
            return FightChoice(a["monster"], tuple(a["cards"]), a.get("double"))
    for index in (2, 1, 0):
        entry = session.state["track"][index]
        if entry is not None and not entry["eye"]:
            return FightChoice(index, tuple(session.state["revealed"]))
    return FightChoice()


def fight_panel(session: Session, game: Game, choice: FightChoice) -> Panel:
    state, ver = session.state, session.version
    view = game.view(state, None)
    monsters = [e for e in reversed(view["track"]) if e is not None and not e["eye"]]  # III, II, I
    revealed = state["revealed"]
    if choice.monster not in [m["index"] for m in monsters]:
        choice = replace(choice, monster=None, double=None, lose=None)
    cards = tuple(c for c in choice.cards if c in revealed)
    choice = replace(choice, cards=cards)
    entry = next((m for m in monsters if m["index"] == choice.monster), None)
    abilities = [a["key"] for a in entry["abilities"]] if entry else []
    if choice.double not in cards or "double" not in abilities:
        choice = replace(choice, double=None)
    matches = [c for c in cards if entry and CARDS[c].symbol == entry["symbol"]]
    lose_choice = len(matches) >= 2 and (choice.double is None or CARDS[choice.double].symbol != entry["symbol"])
    if not lose_choice or choice.lose not in matches:
        choice = replace(choice, lose=None)

    items: list[discord.ui.Item] = []
    if monsters:
        items.append(TableSelect(Ref(session.id, FIGHT_MONSTER, choice.arg, ver), placeholder="Choose a monster",
                                 row=0, options=[monster_option(m, m["index"] == choice.monster) for m in monsters]))
    if revealed:
        items.append(TableSelect(
            Ref(session.id, FIGHT_CARDS, choice.arg, ver), placeholder="Choose the cards to fight with",
            min_values=1, max_values=len(revealed), row=1,
            options=[discord.SelectOption(label=card_words(c), value=str(c), default=c in cards) for c in revealed]))
    if "double" in abilities and cards:
        items.append(TableSelect(Ref(session.id, FIGHT_DOUBLE, choice.arg, ver), row=2,
                                 placeholder="Double one card's value (it leaves the game)", options=[
            discord.SelectOption(label="Double no card", value=NONE, default=choice.double is None),
            *[discord.SelectOption(label=_clip(f"Double {card_name(c)}: it leaves the game after the fight", 100),
                                   value=str(c), default=c == choice.double) for c in cards]]))
    preview = preview_fight(state, choice.monster, list(cards), choice.double, choice.lose) \
        if choice.monster is not None else None
    if lose_choice:
        lost = choice.lose if choice.lose is not None else next((c for c in (preview or {}).get("lose", [])
                                                                if c in matches), None)
        items.append(TableSelect(Ref(session.id, FIGHT_LOSE, choice.arg, ver), row=3,
                                 placeholder=f"Which {entry['symbol']} card you lose after a win", options=[
            discord.SelectOption(label=_clip(f"Lose {card_name(c)}", 100), value=str(c), default=c == lost)
            for c in matches]))
    possible = bool(preview and preview["possible"])
    items.append(TableButton(Ref(session.id, FIGHT, choice.arg, ver), row=4,
                             label=f"Confirm: fight the {entry['symbol']} monster" if entry else "Confirm the fight",
                             style=discord.ButtonStyle.danger, disabled=not possible))
    return Panel(fight_text(view, entry, cards, preview), items)


def monster_option(m: dict[str, Any], chosen: bool) -> discord.SelectOption:
    label = (f"Field {m['field']}: {m['symbol']} monster ({m['dots']} pts), power {m['power']}, "
             f"needs {m['light_needed']} light" + (" · beside the Eye" if m["beside_eye"] else ""))
    description = "; ".join(a["label"] for a in m["abilities"]) or None
    return discord.SelectOption(label=_clip(label, 100), value=str(m["index"]), default=chosen,
                                description=_clip(description, 100) if description else None)


def fight_text(view: dict[str, Any], entry: dict[str, Any] | None, cards: tuple[int, ...],
               preview: dict[str, Any] | None) -> str:
    lines = ["**Fight** · choose a monster and the revealed cards to use; nothing happens until you confirm."]
    if entry is None:
        lines.append("No monster chosen." if any(e and not e["eye"] for e in view["track"])
                     else "There is no monster on the track to fight.")
        return "\n".join(lines)
    head = (f"Field {entry['field']}: {entry['symbol']} monster ({entry['dots']} pts), power {entry['power']}, "
            f"needs {entry['light_needed']} light")
    lines.append(head + "".join(f"\n· {a['label']}" for a in entry["abilities"]))
    lines.append("Cards: " + (", ".join(card_name(c) for c in cards) if cards else "none chosen"))
    assert preview is not None
    light_known = preview["possible"] or preview["light"] > 0 or preview["missing"] > 0
    if light_known:
        lines.append(f"Light: {preview['light']} (needs {preview['light_needed']})"
                     + (f", {preview['missing']} missing" if preview["missing"] else ""))
    if preview["possible"] or preview["values"] or preview["attack"] or preview["penalty"]:
        bonus = preview["attack"] - preview["values"] + preview["penalty"]
        lines.append(f"Penalty: -{preview['penalty']} attack" if preview["penalty"] else "Penalty: none")
        lines.append(f"Attack: {preview['attack']} (values {preview['values']}"
                     + (f", +{bonus} bonus" if bonus else "")
                     + (f", -{preview['penalty']} penalty" if preview["penalty"] else "")
                     + f") against power {preview['power']}")
    if preview["possible"]:
        lines.append(f"Gold if you win: {preview['gold']}" if preview["gold"]
                     else "Gold if you win: none (gold needs one card, or cards of one colour)")
        lines.append("Cards lost after the win: " + (", ".join(card_name(c) for c in preview["lose"])
                                                     if preview["lose"] else "none"))
        if preview["ends_game"]:
            lines.append("Beating it wins the Eye of the Tiger and ends the game.")
        lines.append("✅ You win this fight if you confirm.")
    else:
        lines.append(f"❌ Not possible: {preview['reason']}")
    return "\n".join(lines)


def thin_chunks(state: dict[str, Any]) -> list[list[int]]:
    """The discard pile, lowest value first, in groups a select can hold."""
    order = {c: i for i, c in enumerate(COLOURS)}
    pile = sorted(state["cards"]["discard"], key=lambda c: (CARDS[c].value, order[CARDS[c].colour], c))
    return [pile[i:i + OPTIONS_PER_SELECT] for i in range(0, len(pile), OPTIONS_PER_SELECT)]


def thin_panel(session: Session, choice: ThinChoice) -> Panel:
    state, ver = session.state, session.version
    chosen = tuple(c for c in choice.chosen if c in state["cards"]["discard"])
    choice = ThinChoice(chosen)
    chunks = thin_chunks(state)
    lines = [("**Thin your deck** · your deck is used up. You may remove up to 2 cards of your discard pile "
              "from the game for good; then the discard pile is shuffled into a new deck."),
             "Chosen: " + (", ".join(card_name(c) for c in chosen) if chosen else "none (keep every card)")]
    if len(chosen) > THIN_MAX:
        lines.append(f"That is {len(chosen)} cards: remove at most {THIN_MAX}.")
    items: list[discord.ui.Item] = []
    for k, chunk in enumerate(chunks[:4]):
        placeholder = "Cards to remove" if len(chunks) == 1 else \
            f"Cards to remove ({k * OPTIONS_PER_SELECT + 1}-{k * OPTIONS_PER_SELECT + len(chunk)})"
        items.append(TableSelect(Ref(session.id, THIN_PICK, f"{k}-{choice.arg}", ver), placeholder=placeholder,
                                 min_values=0, max_values=min(THIN_MAX, len(chunk)), row=k, options=[
            discord.SelectOption(label=card_words(c), value=str(c), default=c in chosen) for c in chunk]))
    label = ("Confirm: keep every card and shuffle" if not chosen
             else _clip(f"Confirm: remove {' and '.join(card_name(c) for c in chosen)}", 80))
    items.append(TableButton(Ref(session.id, THIN, choice.arg, ver), label=label, row=4,
                             style=discord.ButtonStyle.success, disabled=len(chosen) > THIN_MAX))
    return Panel("\n".join(lines), items)


# --------------------------------------------------------------------------- the UI

class TigerUI(GameUI):
    game_name = "tiger"

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        return render_tiger(game.view(session.state, None), aborted=session.status == ABORTED)

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        embed = super().embed(session, game, names)
        view = game.view(session.state, None)
        if view["over"]:
            return embed
        if view["phase"] == "thin":
            now = "Your deck is used up: **Thin deck** to remove up to 2 cards, or **Keep all cards**."
        elif view["first_turn"]:
            now = "First turn: **Buy** a card."
        else:
            now = "**Buy** a card or **Fight** a monster."
        now += f"\nTurn {view['turn']} · {view['gold_available']} gold" + (" · advanced mode" if view["advanced"] else "")
        embed.add_field(name="Your move", value=now, inline=False)
        return embed

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        state, ver = session.state, session.version
        if state["phase"] == "over":
            return []
        if state["phase"] == "thin":
            return [TableButton(Ref(session.id, THIN_MENU, "", ver), label="Thin deck…",
                                style=discord.ButtonStyle.primary),
                    TableButton(Ref(session.id, KEEP_ALL, "", ver), label="Keep all cards")]
        can_fight = bool(fight_fields(state))
        return [TableButton(Ref(session.id, BUY_MENU, "", ver), label="Buy…", style=discord.ButtonStyle.primary),
                TableButton(Ref(session.id, FIGHT_MENU, "", ver), label="Fight…", style=discord.ButtonStyle.danger,
                            disabled=not can_fight)]

    async def handle_locally(self, interaction: discord.Interaction, session: Session, game: Game,
                             ref: Ref, values: list[str]) -> bool:
        if ref.action not in LOCAL:
            return False
        if session.seat_of(interaction.user.id) is None:
            raise TableError(WATCHING)
        phase = session.state["phase"]
        wanted = "thin" if ref.action in (THIN_MENU, THIN_PICK, THIN) else "turn"
        if phase != wanted:
            raise TableError("Your deck is used up: first thin it or keep every card." if phase == "thin"
                             else "That choice is not open now.")
        action = ref.action
        if action in (BUY_MENU, BUY_CARD, BUY_SECOND, BUY_BONUS, BUY):
            await self._buy(interaction, session, game, ref, values)
        elif action in (FIGHT_MENU, FIGHT_MONSTER, FIGHT_CARDS, FIGHT_DOUBLE, FIGHT_LOSE, FIGHT):
            await self._fight(interaction, session, game, ref, values)
        else:
            await self._thin(interaction, session, ref, values)
        return True

    def action_for(self, session: Session, game: Game, ref: Ref, values: list[str]) -> Action | None:
        if ref.action == KEEP_ALL:
            return {"type": "thin", "remove": []}
        return None

    # ----------------------------------------------------------------- panels

    async def _buy(self, interaction: discord.Interaction, session: Session, game: Game,
                   ref: Ref, values: list[str]) -> None:
        choice = BuyChoice() if ref.action == BUY_MENU else BuyChoice.parse(ref.arg)
        value = values[0] if values else ""
        if ref.action == BUY_CARD:
            choice = replace(choice, first=value, second="")
        elif ref.action == BUY_SECOND:
            choice = replace(choice, second="" if value == NONE else value)
        elif ref.action == BUY_BONUS:
            choice = replace(choice, bonus=not choice.bonus)
        panel = buy_panel(session, game, choice)
        if ref.action == BUY or (ref.action == BUY_CARD and panel.commit_on_pick and choice.first):
            if not choice.first:
                raise TableError("Choose a card to buy, or Buy nothing.")
            await self._commit(interaction, session, ref, buy_action(choice, buy_options(session, game)["decline"]))
            return
        await self._show(interaction, ref, panel)

    async def _fight(self, interaction: discord.Interaction, session: Session, game: Game,
                     ref: Ref, values: list[str]) -> None:
        if ref.action == FIGHT_MENU:
            choice = default_fight(session, game)
        else:
            choice = FightChoice.parse(ref.arg)
        picked = _ints(".".join(values))
        if ref.action == FIGHT_MONSTER:
            choice = FightChoice(picked[0] if picked else None, choice.cards)
        elif ref.action == FIGHT_CARDS:
            choice = replace(choice, cards=tuple(c for c in session.state["revealed"] if c in picked))
        elif ref.action == FIGHT_DOUBLE:
            choice = replace(choice, double=picked[0] if picked else None)
        elif ref.action == FIGHT_LOSE:
            choice = replace(choice, lose=picked[0] if picked else None)
        if ref.action == FIGHT:
            await self._commit(interaction, session, ref, choice.action())
            return
        await self._show(interaction, ref, fight_panel(session, game, choice))

    async def _thin(self, interaction: discord.Interaction, session: Session, ref: Ref, values: list[str]) -> None:
        if ref.action == THIN_MENU:
            choice = ThinChoice()
        elif ref.action == THIN:
            choice = ThinChoice(tuple(_ints(ref.arg)))
        else:
            k_text, _, chosen = ref.arg.partition("-")
            chunks = thin_chunks(session.state)
            k = int(k_text) if k_text.isdigit() else 0
            chunk = set(chunks[k]) if k < len(chunks) else set()
            kept = [c for c in _ints(chosen) if c not in chunk]
            choice = ThinChoice(tuple(kept + [c for c in _ints(".".join(values)) if c in chunk]))
        if ref.action == THIN:
            await self._commit(interaction, session, ref, {"type": "thin", "remove": list(choice.chosen)})
            return
        await self._show(interaction, ref, thin_panel(session, choice))

    @staticmethod
    async def _show(interaction: discord.Interaction, ref: Ref, panel: Panel) -> None:
        """A board button opens a fresh private panel; a click inside a panel redraws it."""
        view = view_of(panel.items)
        if ref.action in (BUY_MENU, FIGHT_MENU, THIN_MENU):
            await replies.tell(interaction, panel.content, view=view)
        else:
            await replies.edit(interaction, content=panel.content, view=view)

    @staticmethod
    async def _commit(interaction: discord.Interaction, session: Session, ref: Ref, action: Action) -> None:
        """Make the move, then turn the panel into a note of what happened (no buttons left)."""
        table = table_of(interaction)
        change = await perform(interaction, lambda: table.act(session.id, interaction.user.id, action,
                                                              interaction.id, expected_version=ref.version))
        text = " ".join(e.text for e in change.events if e.private_to is None) or "Done."
        await interaction.edit_original_response(content=_clip(text, 1900), view=None)


async def setup(bot: commands.Bot) -> None:
    register_ui(TigerUI())
