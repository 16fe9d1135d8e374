"""Eye of the Tiger (`tiger`): the Green Box solo deck-builder against the monster track.

One player builds a deck of the Green Box cards and fights the monster tiles that come out of
the cave (the monster pile) onto three fields. Rules: shared/seeds/000_5a7d7d8c679be63d.txt;
card and tile data: engine/greenbox.py (GAMES.md).

Layout of the state (all JSON):
- `cards`: {"draw": [...], "discard": [...]} (engine/deck.py; the top card is the LAST item),
  `revealed` (the cards drawn this turn), `removed` (out of the game), `supply` (colour -> card
  ids, top card FIRST, drop .. arrow; read in the fixed colour order through `supply_stacks`,
  as stored snapshots sort the keys), `gold` (personal gold cubes).
- `pile`: tile ids, top FIRST; `track`: three fields, index 0 = field I (outermost, needs 1
  light), 1 = field II (2 light), 2 = field III (next to the pile, 3 light). A field holds None,
  a monster {"tile", "eye": False, "power", "dice", "abilities", "colour", "extra"} or the Eye
  {"tile", "eye": True}. `defeated` and `monster_discard`: tile ids.
- `cubes`: the ability rows (3 green, 3 white, 3 black cubes; two rows of colour cubes whose
  right end is the list's end); `bonus`: advanced permanent effects; `streaks`: advanced runs.

Design choices where the text is silent (also in `rules`):
- Gold is counted at the buy step: revealed value-1 cards plus the personal gold cubes (won in
  clean fights since the last buy). Excess gold is forfeited: whatever the purchase does not use
  is lost, the personal cubes included, so the cubes never outlive a buy step. Buying is optional
  ("pass_buy"): the track still advances, and all the gold is lost.
- The colour bonus needs three revealed cards of one colour; it is taken automatically unless
  the action says "bonus": false. Bought and bonus cards go to the discard pile.
- The track advances by pushing: the new tile enters field III; a tile already there moves one
  field right, pushing the next only if that field is occupied (gaps absorb the push). A tile
  pushed off field I goes to the monster discard pile with its cubes returned. With the monster
  pile empty, a buy moves every tile one field.
- The game ends as soon as the Eye stands on field I because a monster left the track (text:
  "If the eye of the tiger reaches the outermost field, because a monster leaves, the game ends
  immediately"): the Eye goes to the monster discard pile (6 points against you) without
  waiting to be pushed off field I, and no new monster is rolled. An Eye that reached field I
  through a gap (nothing left the track) stays there until it is pushed off: game over too.
- The Eye of the Tiger is a tile on the track, not a monster: no power, no dice, no fight. It
  ends a run of same symbols for the advanced streaks.
- The game ends when the player beats the monster on the field directly right of the Eye (the
  Eye and that monster go to the defeated pile), a win check. After any other won fight, an Eye
  on the track moves one field right with the same push as the track: if that pushes a monster
  off field I, the Eye now stands on field I and the game ends as above; an Eye already on field
  I leaves the track: game over, Eye on the discard pile.
- Only the cards the player chooses for a fight count, for light and for attack (scenario 4).
  Attack = sum of values (halved, rounded down, against Half attack) + permanent attack bonus
  - 2 x missing light. Light = sum of dots // 2 + permanent light bonus (-1 for the advanced
  sum-4 monster, never below 0).
- Colour removed: one revealed card of that colour is discarded first, so a fight may use all
  but one of the revealed cards of that colour. Colour needed: only that colour may fight.
- A win over a monster of the same symbol as a used card removes one such card from the game:
  the one the action names ("lose"), else the lowest value. With the advanced sum-11 ability
  the player may name one used card ("double"): its value counts twice and it is removed after
  the fight (if it has the monster's symbol, it is also the card lost for the symbol).
- The deck is "used up" when a card must be drawn and the draw pile is empty: the player may
  remove up to 2 cards of the discard pile ("thin"), then the discard pile is shuffled.
- Emerging pain takes the top card of the draw pile, else of the discard pile (before this
  turn's revealed cards are discarded).
- Advanced: a run of discards triggers at its 2nd tile (a supply card of that symbol, from the
  first stack in colour order that holds one, leaves the game) and at its 3rd (+2 power, for
  good, to any monster on field I; cumulative); a run of defeats gives +1 light at its 2nd and +2
  attack at its 3rd; a run of appearing symbols gives +2 power to the 2nd and +3 to the 3rd and
  later. Three revealed cards of one symbol allow a second purchase ("second").
- No time limit; LEAVE is a resignation and counts as a loss.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Literal, cast

from .deck import draw as deck_draw
from .deck import new_deck
from .errors import RuleError, Said, Term, counted
from .greenbox import CARDS, COLOURS, DOTS, TILES, Card
from .protocol import Action, Event, Game, Option, Outcome, View
from .registry import register
from .rng import Rng, rng_of
from .tiger_types import (
    SHAPES,
    Ability,
    Bonus,
    BuyAction,
    CardInfo,
    EyeOnTrack,
    EyeWhere,
    FightAction,
    FightPreview,
    MonsterOnTrack,
    PassBuyAction,
    Place,
    Purchase,
    Stack,
    ThinAction,
    TigerAction,
    TigerView,
    TilePile,
)
from .words import COLOUR_WORDS, SYMBOL_FIRST_WORDS, SYMBOL_WORDS, comma_list

EYE_TILE = 35  # one of the six arrow tiles (30..35) is the Eye of the Tiger
REVEAL = 3
THIN_MAX = 2
FIELDS = ("I", "II", "III")  # track index 0, 1, 2
LIGHT_NEEDED = (1, 2, 3)
LIGHT_PENALTY = 2
RED_CUBE = 5
BOTTOM_GROUP = 10  # monsters mixed with the Eye under the rest of the pile
ROW_CUBES = 3

# The ability of each double (die face -> key), and the cube row it uses.
DOUBLE_ABILITY = {1: "no_weakness", 2: "light", 3: "half_attack", 4: "colour_removed",
                  5: "colour_needed", 6: "pain"}
# Advanced: abilities from the sum of the dice (only when not a double where the text says so).
SUM_ABILITY = {3: "only_match", 4: "dim", 6: "no_match", 8: "need_match", 10: "even_odd", 11: "double"}
ABILITY_LABEL = {
    "no_weakness": Said("No weakness: value-1 cards cannot fight"),
    "light": Said("Light: light must suffice"),
    "half_attack": Said("Half attack: attack halved"),
    "colour_removed": Said("Colour removed: discard one {colour} card first"),
    "colour_needed": Said("Colour needed: only {colour} cards fight"),
    "only_match": Said("Only {symbol} cards fight"),
    "dim": Said("Light -1"),
    "no_match": Said("{symbol} cards cannot fight"),
    "need_match": Said("At least one {symbol} card must fight"),
    "even_odd": Said("Cards all even or all odd"),
    "double": Said("May double one card's value (card removed)"),
}
ABILITY_SHORT = {  # a few words, for the board
    "no_weakness": Said("no value-1 cards"), "light": Said("light must do"), "half_attack": Said("half attack"),
    "colour_removed": Said("discard 1 {colour}"), "colour_needed": Said("only {colour} cards"),
    "only_match": Said("only {symbol}"), "dim": Said("light -1"), "no_match": Said("no {symbol}"),
    "need_match": Said("needs {symbol}"), "even_odd": Said("all even or all odd"), "double": Said("may double 1 card"),
}

RULES = """**Eye of the Tiger** - solo deck-builder. Beat the monsters before they leave the cave.
**Setup**: deck of the 18 light-green cards (1 drop, 1 hammers, 2 circles of each colour). Supply: one stack per colour, top to bottom drop, hammers, circles, bricks, wheel, arrow (price = the symbol's dots, 1-6). Monster pile: 35 tiles shuffled; the Eye of the Tiger is mixed into the bottom 11.
**Turn**: 3 cards are revealed. Then **buy** (always on turn 1) or **fight**.
**Buy**: gold = revealed value-1 cards + your gold cubes. Buy the top card of one stack (optional). Excess gold is forfeited: what the purchase does not use is lost, your cubes too. Three revealed cards of one colour: also take the top card of that colour. Then a tile enters field III, pushing occupied fields right; a tile pushed off field I goes to the monster discard pile. **The Eye reaching field I** because a monster left the track ends the game at once: the Eye goes to the monster discard pile (6 points against you). New monster power = 2 dice (red cube 5, blue 1). A double adds an ability while cubes last: 1 no weakness (value-1 cards can't fight), 2 light (light must suffice), 3 half attack, 4 colour removed (discard one card of that colour first), 5 colour needed (only that colour fights), 6 emerging pain (top card of your deck, else discard, leaves the game).
**Fight** a monster on field III / II / I (needs 3 / 2 / 1 light) with cards you choose. Light of a card = dots // 2. Each missing light costs 2 attack. Attack (values, halved vs half attack) must reach the power. Win with one card or one colour: gold = monster dots / 2 rounded up. A used card with the monster's symbol leaves the game (one). Beat the monster right of the Eye: game over, Eye to your pile. Other wins move the Eye one field right (pushing: a monster pushed off field I ends the game as above); from field I it leaves: game over, Eye to the monster discard pile.
**Deck used up**: first remove up to 2 cards of the discard pile if you want, then shuffle it.
**Score**: dots of your defeated tiles vs dots of the monster discard pile (Eye = 6). More wins; margin = difference. Leaving = loss. No time limit.
**Advanced** (option): dice sum 3 only matching symbols fight; 4 (no double) light -1; 6 (no double) matching symbols can't fight; 8 (no double) at least one matching symbol; 10 (no double) all even or all odd; 11 you may double one card's value, it leaves the game after. Same symbol appearing twice in a row +2 power, 3+ in a row +3. Two defeats of one symbol in a row: +1 light for good; three: +2 attack. Two discards in a row of one symbol: a supply card of it leaves; three: +2 power on field I for good. Three revealed of one symbol: buy up to 2 cards.
_Our choices_: gaps on the track absorb pushes (an Eye that reaches field I through a gap stays until pushed off); empty pile: a buy moves all tiles; the Eye is not a monster and breaks runs; the card lost for a symbol is your lowest value match unless you pick."""


def _article(word: str) -> str:
    return "An" if word[0] in "aeiou" else "A"


# What the game's events say, as ids with values (engine/errors.py): how it ended, and a monster's ability.
ENDINGS = {"resigned": Said("resigned"),
           "the Eye of the Tiger left the track": Said("the Eye of the Tiger left the track"),
           "the Eye of the Tiger reached field I": Said("the Eye of the Tiger reached field I"),
           "the Eye of the Tiger was won": Said("the Eye of the Tiger was won")}
ABILITY_SAID = {  # ABILITY_LABEL's sentences, with their colour or symbol
    "no_weakness": lambda colour, symbol: Said("No weakness: value-1 cards cannot fight."),
    "light": lambda colour, symbol: Said("Light: light must suffice."),
    "half_attack": lambda colour, symbol: Said("Half attack: attack halved."),
    "colour_removed": lambda colour, symbol: Said("Colour removed: discard one {colour} card first.", colour=colour),
    "colour_needed": lambda colour, symbol: Said("Colour needed: only {colour} cards fight.", colour=colour),
    "only_match": lambda colour, symbol: Said("Only {symbol} cards fight.", symbol=symbol),
    "dim": lambda colour, symbol: Said("Light -1."),
    "no_match": lambda colour, symbol: Said("{symbol} cards cannot fight.", symbol=symbol),
    "need_match": lambda colour, symbol: Said("At least one {symbol} card must fight.", symbol=symbol),
    "even_odd": lambda colour, symbol: Said("Cards all even or all odd."),
    "double": lambda colour, symbol: Said("May double one card's value (card removed)."),
}


def _and_list(parts: list[str]) -> str:
    """'a and b', kept as words each language joins its own way."""
    listed = parts[0]
    for part in parts[1:]:
        listed = Said("{list} and {item}", list=listed, item=part)
    return listed


def colour_word(colour: str) -> Term:
    """A Green Box colour ('red'), as each language names it."""
    return COLOUR_WORDS.get(colour) or Term(colour, "green box colour")


def symbol_word(symbol: str) -> Term:
    """A Green Box symbol ('hammers'), as each language names it."""
    return SYMBOL_WORDS[symbol]


def card_said(card_id: int) -> Said:
    """A card's name ('red hammers (3)', `Card.name` in English), in words each language names."""
    c = CARDS[card_id]
    return Said("{colour} {symbol} ({value})", colour=colour_word(c.colour), symbol=symbol_word(c.symbol), value=c.value)


def cards_said(card_ids: list[int]) -> str:
    """Cards named one after another ('red hammers (3), blue drop (1)')."""
    return comma_list([card_said(c) for c in card_ids])


def ability_said(key: str, colour: str | None, symbol: str, *, short: bool = False) -> Said:
    """A monster ability in words, its colour and symbol in the reader's: the rule in one line
    (`ABILITY_LABEL`), or a few words for the board (`ABILITY_SHORT`)."""
    return Said((ABILITY_SHORT if short else ABILITY_LABEL)[key].template, colour=colour_word(colour or ""),
                symbol=symbol_word(symbol))


def card(card_id: int) -> Card:
    return CARDS[card_id]


def card_light(card_id: int) -> int:
    return DOTS[CARDS[card_id].symbol] // 2


def card_price(card_id: int) -> int:
    return DOTS[CARDS[card_id].symbol]


def tile_dots(tile_id: int) -> int:
    return TILES[tile_id].dots


def points(tiles: list[int]) -> int:
    return sum(tile_dots(t) for t in tiles)


def card_info(card_id: int) -> CardInfo:
    """A card as views show it: a fresh copy (a view shares nothing), of what `_CARD_INFO` worked out once."""
    return _CARD_INFO[card_id].copy()


def _card_info(card_id: int) -> CardInfo:
    c = CARDS[card_id]
    return CardInfo(id=c.id, colour=c.colour, symbol=c.symbol, value=c.value, dots=DOTS[c.symbol],
                    light=card_light(c.id), price=card_price(c.id), starter=c.starter, name=c.name)


_CARD_INFO: tuple[CardInfo, ...] = tuple(_card_info(card.id) for card in CARDS)  # a view shows ~90 cards


def as_action(action: TigerAction) -> Action:
    """A typed action as the protocol's plain dict (the same object)."""
    return cast(Action, action)


def card_gold(state: dict[str, Any]) -> int:
    return sum(1 for c in state["revealed"] if CARDS[c].value == 1)


def gold_available(state: dict[str, Any]) -> int:
    return card_gold(state) + state["gold"]


def supply_stacks(state: dict[str, Any]) -> list[tuple[str, list[int]]]:
    """The six supply stacks in the fixed colour order. Not the dict's order: a stored snapshot
    sorts its keys (engine.protocol.canonical), which would reorder the stacks after turn 1."""
    return [(colour, state["supply"][colour]) for colour in COLOURS]


def eye_field(state: dict[str, Any]) -> int | None:
    for i, entry in enumerate(state["track"]):
        if entry is not None and entry["eye"]:
            return i
    return None


def monster_power(state: dict[str, Any], field: int) -> int:
    entry = state["track"][field]
    return entry["power"] + (state["bonus"]["field_one"] if field == 0 else 0)


def _one_colour(card_ids: list[int]) -> str | None:
    colours = {CARDS[c].colour for c in card_ids}
    return colours.pop() if len(colours) == 1 else None


def colour_bonus(state: dict[str, Any]) -> str | None:
    """The colour whose stack gives a free card: three revealed cards of that one colour."""
    if len(state["revealed"]) < REVEAL:
        return None
    return _one_colour(state["revealed"])


def double_buy(state: dict[str, Any]) -> bool:
    """Advanced: three revealed cards of one symbol allow a second purchase."""
    revealed = state["revealed"]
    return (state["advanced"] and len(revealed) == REVEAL
            and len({CARDS[c].symbol for c in revealed}) == 1)


def _bought(state: dict[str, Any], stacks: list[str]) -> list[int] | None:
    """The cards buying from `stacks` in turn takes (a stack bought twice gives its next card);
    None when a stack runs out."""
    bought: list[int] = []
    for colour in stacks:
        stack = state["supply"][colour]
        taken = stacks[:len(bought)].count(colour)
        if taken >= len(stack):
            return None
        bought.append(stack[taken])
    return bought


def purchases(state: dict[str, Any]) -> list[Purchase]:
    """Every legal purchase of the buy step, with what it takes: the cards and their price, the
    free colour card, and the gold left unspent (lost). Buying nothing is one of them."""
    if state["phase"] != "turn":
        return []
    choices: list[list[str]] = [[]]
    for colour, stack in supply_stacks(state):
        if stack:
            choices += [[colour]] + ([[colour, second] for second in COLOURS] if double_buy(state) else [])
    gold, free_colour = gold_available(state), colour_bonus(state)
    found: list[Purchase] = []
    for bonus in (True, False) if free_colour else (True,):
        for stacks in choices:
            bought = _bought(state, stacks)
            price = sum(map(card_price, bought or []))
            if bought is None or price > gold:
                continue
            free = next((c for c in state["supply"][free_colour] if c not in bought), None) \
                if free_colour and bonus else None
            found.append(Purchase(action=_buy_action(stacks, bonus), stack=stacks[0] if stacks else None,
                                  second=stacks[1] if len(stacks) > 1 else None, bonus=bonus, cards=[card_info(c) for c in bought],
                                  price=price, free=None if free is None else card_info(free), lost=gold - price))
    return found


def _buy_action(stacks: list[str], bonus: bool) -> BuyAction | PassBuyAction:
    """A purchase as an action: nothing, one stack or two; the bonus named only when declined."""
    action: BuyAction | PassBuyAction
    if stacks:
        action = BuyAction(type="buy", stack=stacks[0])
        if len(stacks) > 1:
            action["second"] = stacks[1]
    else:
        action = PassBuyAction(type="pass_buy")
    if not bonus:
        action["bonus"] = False
    return action


def fight_action(monster: int, cards: list[int], double: int | None = None, lose: int | None = None) -> FightAction:
    """A fight as an action: the doubled and the lost card named only when chosen."""
    action = FightAction(type="fight", monster=monster, cards=cards)
    if double is not None:
        action["double"] = double
    if lose is not None:
        action["lose"] = lose
    return action


def _fail(result: FightPreview, reason: Said) -> FightPreview:
    result["possible"] = False
    result["reason"] = reason
    return result


def fight_fields(state: dict[str, Any]) -> list[int]:
    """The track fields a fight may be tried against now (turn 2 on, cards revealed, a monster
    that is not the Eye); whether it can be won is `preview_fight`'s question."""
    if state["phase"] != "turn" or state["turn"] == 1 or not state["revealed"]:
        return []
    return [i for i, entry in enumerate(state["track"]) if entry is not None and not entry["eye"]]


def preview_fight(state: dict[str, Any], monster: int | None, cards: list[int] | None,
                  double: int | None = None, lose: int | None = None) -> FightPreview:
    """What a fight of `cards` against the monster on field index `monster` would give (pure).

    Its arguments are checked as a fight's rules check them; the keys are described in `FightPreview`. Also
    the choices the fight leaves: which cards it may double, and among which the lost one is picked.
    """
    result = FightPreview(possible=False, reason=None, light=None, light_needed=0, missing=0, penalty=0,
                          values=None, attack=0, power=0, gold=0, lose=[], doubles=[], choose_lost=[],
                          field=None, ends_game=False)
    if state["phase"] == "over":
        return _fail(result, Said("The game is over."))
    if state["phase"] != "turn":
        return _fail(result, Said("First decide whether to thin your deck."))
    if state["turn"] == 1:
        return _fail(result, Said("Your first turn must be a purchase."))
    if monster is None or not 0 <= monster < len(FIELDS):
        return _fail(result, Said("Pick field I, II or III."))
    result["field"] = FIELDS[monster]
    entry = state["track"][monster]
    if entry is None:
        return _fail(result, Said("There is no monster on field {field}.", field=FIELDS[monster]))
    if entry["eye"]:
        return _fail(result, Said("The Eye of the Tiger is not a monster: it cannot be fought."))
    if not cards:
        return _fail(result, Said("Choose at least one of your revealed cards."))
    if len(set(cards)) != len(cards):
        return _fail(result, Said("Name each card once, by its id."))
    if any(c not in state["revealed"] for c in cards):
        return _fail(result, Said("You can only fight with the cards revealed this turn."))
    abilities = entry["abilities"]
    symbol = TILES[entry["tile"]].symbol
    colour = entry.get("colour")
    light_needed = LIGHT_NEEDED[monster]
    result["light_needed"] = light_needed
    result["power"] = monster_power(state, monster)
    used = [CARDS[c] for c in cards]

    if "no_weakness" in abilities and any(c.value == 1 for c in used):
        return _fail(result, Said("No weakness: cards of value 1 cannot fight this monster."))
    if "colour_needed" in abilities:
        if not any(CARDS[c].colour == colour for c in state["revealed"]):
            return _fail(result, Said("Colour needed: you have no {colour} card, so you cannot fight this monster.",
                                      colour=colour_word(colour)))
        if any(c.colour != colour for c in used):
            return _fail(result, Said("Colour needed: only {colour} cards can fight this monster.",
                                      colour=colour_word(colour)))
    if "colour_removed" in abilities:
        have = sum(1 for c in state["revealed"] if CARDS[c].colour == colour)
        using = sum(1 for c in used if c.colour == colour)
        if have and using >= have:
            if have == 1:
                return _fail(result, Said("Colour removed: one of your {colour} cards must be discarded before this "
                                          "fight, so your only {colour} card cannot fight.", colour=colour_word(colour)))
            return _fail(result, Said("Colour removed: one of your {colour} cards must be discarded before this fight, "
                                      "so you cannot use all {n} of them.", colour=colour_word(colour), n=have))
    if "only_match" in abilities and any(c.symbol != symbol for c in used):
        return _fail(result, Said("Only {symbol} cards can fight this monster.", symbol=symbol_word(symbol)))
    if "no_match" in abilities and any(c.symbol == symbol for c in used):
        return _fail(result, Said("{Symbol} cards cannot fight this monster.",
                                  Symbol=SYMBOL_FIRST_WORDS[symbol]))
    if "need_match" in abilities and not any(c.symbol == symbol for c in used):
        return _fail(result, Said("At least one {symbol} card must fight this monster.", symbol=symbol_word(symbol)))
    if "even_odd" in abilities and len({c.value % 2 for c in used}) > 1:
        return _fail(result, Said("The cards must have all even or all odd values against this monster."))
    result["doubles"] = list(cards) if "double" in abilities else []
    if double is not None and double not in result["doubles"]:
        return _fail(result, Said("The doubled card must be one of the cards you fight with.")
                     if result["doubles"] else Said("Only a monster with the doubling ability lets you double a card."))
    doubled = [CARDS[c] for c in cards if c == double]  # the card is named once among `cards`
    # a win loses one card of the monster's symbol, unless the doubled card (lost anyway) is one
    by_symbol = [] if any(c.symbol == symbol for c in doubled) else [c for c in cards if CARDS[c].symbol == symbol]
    result["choose_lost"] = by_symbol if len(by_symbol) > 1 else []

    light = sum(card_light(c) for c in cards) + state["bonus"]["light"]
    if "dim" in abilities:
        light -= 1
    light = max(0, light)
    missing = max(0, light_needed - light)
    result["light"], result["missing"] = light, missing
    if "light" in abilities and missing:
        return _fail(result, Said("Light: this monster needs {needed} light and your cards give {light}; here attack "
                                  "cannot make up for light.", needed=light_needed, light=light))
    values = sum(c.value for c in used + doubled)
    if "half_attack" in abilities:
        values //= 2
    penalty = LIGHT_PENALTY * missing
    attack = values + state["bonus"]["attack"] - penalty
    result["values"], result["penalty"], result["attack"] = values, penalty, attack

    lose_cards = [c.id for c in doubled]
    if by_symbol:
        if lose is not None and lose not in by_symbol:
            return _fail(result, Said("The card you lose must be one of your {symbol} cards in this fight.",
                                      symbol=symbol_word(symbol)))
        lose_cards += [c for c in by_symbol if c == lose] or [min(by_symbol, key=lambda c: (CARDS[c].value, c))]
    elif lose is not None and lose not in lose_cards:
        return _fail(result, Said("That card would not be lost in this fight."))
    clean = len(cards) == 1 or _one_colour(cards) is not None
    result["lose"] = lose_cards
    result["gold"] = -(-tile_dots(entry["tile"]) // 2) if clean else 0
    eye = eye_field(state)
    result["ends_game"] = eye is not None and eye - 1 == monster
    if attack < result["power"]:
        if penalty:
            return _fail(result, Said("Not strong enough: your attack would be {attack} (values {values}, minus "
                                      "{penalty} for {missing} missing light) against power {power}.", attack=attack,
                                      values=values, penalty=penalty, missing=missing, power=result["power"]))
        return _fail(result, Said("Not strong enough: your attack would be {attack} (values {values}) against power "
                                  "{power}.", attack=attack, values=values, power=result["power"]))
    result["possible"] = True
    return result


def fight_words(state: dict[str, Any], p: FightPreview) -> list[Said]:
    """A fight preview's arithmetic in the player's words, as far as it was counted, and what a
    win gives; why a fight is refused is its `reason`."""
    lines: list[Said] = []
    if p["light"] is not None:
        lines.append(Said("Light: {light} (needs {needed}), {missing} missing", light=p["light"],
                          needed=p["light_needed"], missing=p["missing"]) if p["missing"]
                     else Said("Light: {light} (needs {needed})", light=p["light"], needed=p["light_needed"]))
    if p["values"] is not None:
        bonus, penalty = state["bonus"]["attack"], p["penalty"]
        terms = Said("values {values}", values=p["values"])
        if bonus:
            terms = Said("{terms}, +{bonus} bonus", terms=terms, bonus=bonus)
        if penalty:
            terms = Said("{terms}, -{penalty} penalty", terms=terms, penalty=penalty)
        lines += [Said("Penalty: -{penalty} attack", penalty=penalty) if penalty else Said("Penalty: none"),
                  Said("Attack: {attack} ({terms}) against power {power}", attack=p["attack"], terms=terms,
                       power=p["power"])]
    if p["possible"]:
        lines += [Said("Gold if you win: {gold}", gold=p["gold"]) if p["gold"] else Said("Gold if you win: none"),
                  Said("Cards lost after the win: {cards}", cards=cards_said(p["lose"])) if p["lose"]
                  else Said("Cards lost after the win: none")]
        if p["ends_game"]:
            lines.append(Said("Beating it wins the Eye of the Tiger and ends the game."))
    return lines


# --------------------------------------------------------------------------- track mechanics

def _return_cubes(state: dict[str, Any], entry: dict[str, Any]) -> None:
    """A monster leaves the track: its ability cubes go back to their rows (right end)."""
    for ability in entry["abilities"]:
        if ability in ("no_weakness", "light", "half_attack"):
            state["cubes"][ability] += 1
        elif ability in ("colour_removed", "colour_needed"):
            state["cubes"][ability].append(entry["colour"])


def _end(state: dict[str, Any], reason: str, events: list[Event]) -> None:
    state["phase"] = "over"
    state["end_reason"] = reason
    won = state["end_reason"] != "resigned" and points(state["defeated"]) > points(state["monster_discard"])
    state["won"] = won
    mine, theirs = points(state["defeated"]), points(state["monster_discard"])
    verdict = Said("You win: the Eye of the Tiger is saved!") if won else Said("You lose.")
    events.append(Event(counted("Game over ({reason}). Defeated {n} point against {theirs} in the monster discard "
                                "pile. {verdict}",
                                "Game over ({reason}). Defeated {n} points against {theirs} in the monster discard "
                                "pile. {verdict}", mine, reason=ENDINGS.get(reason, reason), theirs=theirs,
                                verdict=verdict), kind="end"))


def _leave_track(state: dict[str, Any], entry: dict[str, Any], events: list[Event]) -> None:
    """A tile pushed off field I: to the monster discard pile. The Eye leaving, or left standing
    on field I by the monster that left, ends the game."""
    state["monster_discard"].append(entry["tile"])
    if entry["eye"]:
        events.append(Event(Said("The Eye of the Tiger leaves field I for the monster discard pile.")))
        _end(state, "the Eye of the Tiger left the track", events)
        return
    _discard_monster(state, entry, events)
    if eye_field(state) == 0:
        _lose_eye_on_field_one(state, events)


def _lose_eye_on_field_one(state: dict[str, Any], events: list[Event]) -> None:
    """The Eye reached field I because a monster left the track: the game ends at once and the
    Eye counts against the player; it does not wait to be pushed off field I."""
    eye = state["track"][0]
    state["track"][0] = None
    state["monster_discard"].append(eye["tile"])
    events.append(Event(counted("A monster left the track and the Eye of the Tiger reaches field I: it goes to the "
                                "monster discard pile ({n} point against you).",
                                "A monster left the track and the Eye of the Tiger reaches field I: it goes to the "
                                "monster discard pile ({n} points against you).", tile_dots(eye["tile"]))))
    _end(state, "the Eye of the Tiger reached field I", events)


def _discard_monster(state: dict[str, Any], entry: dict[str, Any], events: list[Event]) -> None:
    """A monster pushed off field I: its cubes go back, and advanced runs of discards count it."""
    _return_cubes(state, entry)
    symbol = TILES[entry["tile"]].symbol
    events.append(Event(counted("The {symbol} monster leaves field I for the monster discard pile ({n} point against "
                                "you).",
                                "The {symbol} monster leaves field I for the monster discard pile ({n} points against "
                                "you).", tile_dots(entry["tile"]), symbol=symbol_word(symbol))))
    if state["advanced"]:
        run = _bump(state["streaks"], "discard", symbol)
        if run == 2:
            _remove_supply_symbol(state, symbol, events)
        elif run == 3:
            state["bonus"]["field_one"] += 2
            events.append(Event(Said("Third {symbol} discarded in a row: monsters on field I get +2 power for good "
                                     "(now +{bonus}).", symbol=symbol_word(symbol), bonus=state["bonus"]["field_one"])))


def _bump(streaks: dict[str, Any], key: str, symbol: str | None) -> int:
    """Extend or restart a run of one symbol; returns the run's length (0 for None)."""
    run = streaks[key]
    if symbol is None:
        streaks[key] = [None, 0]
        return 0
    if run[0] == symbol:
        run[1] += 1
    else:
        streaks[key] = [symbol, 1]
    return streaks[key][1]


def _remove_supply_symbol(state: dict[str, Any], symbol: str, events: list[Event]) -> None:
    for colour in COLOURS:
        for card_id in state["supply"][colour]:
            if CARDS[card_id].symbol == symbol:
                state["supply"][colour].remove(card_id)
                state["removed"].append(card_id)
                events.append(Event(Said("Two {symbol} monsters discarded in a row: the supply's {card} leaves the "
                                         "game.", symbol=symbol_word(symbol), card=card_said(card_id))))
                return
    events.append(Event(Said("Two {symbol} monsters discarded in a row, but no {symbol} card is left in the supply.",
                             symbol=symbol_word(symbol))))


def _push(state: dict[str, Any], start: int, carry: dict[str, Any], events: list[Event]) -> None:
    """Put `carry` on field `start`; a tile already there moves one field right, and so on."""
    track = state["track"]
    pos = start
    while carry is not None:
        if pos < 0:
            _leave_track(state, carry, events)
            return
        track[pos], carry = carry, track[pos]
        pos -= 1


def _advance(state: dict[str, Any], events: list[Event]) -> None:
    """Buy step 4-5: the top tile enters field III (pushing), and a new monster is rolled."""
    if not state["pile"]:
        track = state["track"]
        leaving = track[0]
        state["track"] = [track[1], track[2], None]
        events.append(Event(Said("The monster pile is empty: every tile moves one field right.")))
        if leaving is not None:
            _leave_track(state, leaving, events)
        return
    tile = state["pile"].pop(0)
    if tile == EYE_TILE:
        entry: dict[str, Any] = {"tile": tile, "eye": True}
    else:
        entry = {"tile": tile, "eye": False, "power": 0, "dice": [], "abilities": [],
                 "colour": None, "extra": 0}
    _push(state, 2, entry, events)
    if state["phase"] == "over":
        return
    if entry["eye"]:
        events.append(Event(Said("The Eye of the Tiger comes out onto field III! Beat the monster right of it to win "
                                 "it.")))
        if state["advanced"]:
            _bump(state["streaks"], "appear", None)
        return
    _roll_monster(state, entry, events)


def _roll_monster(state: dict[str, Any], entry: dict[str, Any], events: list[Event]) -> None:
    symbol = TILES[entry["tile"]].symbol
    with rng_of(state) as rng:
        dice = [rng.roll(), rng.roll()]
    total = dice[0] + dice[1]
    double = dice[0] == dice[1]
    entry["dice"] = dice
    extra = 0
    if state["advanced"]:
        run = _bump(state["streaks"], "appear", symbol)
        extra = 2 if run == 2 else 3 if run >= 3 else 0
    entry["extra"] = extra
    entry["power"] = total + extra
    dots = tile_dots(entry["tile"])
    named = symbol_word(symbol)
    monster = (counted("An {symbol} monster ({n} point)", "An {symbol} monster ({n} points)", dots, symbol=named)
               if _article(symbol) == "An" else
               counted("A {symbol} monster ({n} point)", "A {symbol} monster ({n} points)", dots, symbol=named))
    words: list[str] = [
        Said("{monster} enters field III: dice {first}+{second}, +{extra} for a run of {symbol} tiles = power {power}.",
             monster=monster, first=dice[0], second=dice[1], extra=extra, symbol=named, power=entry["power"])
        if extra else Said("{monster} enters field III: dice {first}+{second} = power {power}.", monster=monster,
                           first=dice[0], second=dice[1], power=entry["power"])]
    if double:
        ability = DOUBLE_ABILITY[dice[0]]
        if ability == "pain":
            words.append(_emerging_pain(state))
        elif ability in ("no_weakness", "light", "half_attack"):
            if state["cubes"][ability] > 0:
                state["cubes"][ability] -= 1
                entry["abilities"].append(ability)
                words.append(ABILITY_SAID[ability](None, named))
            else:
                words.append(Said("Double, but that ability's cubes are all in use."))
        else:
            row = state["cubes"][ability]
            if row:
                entry["colour"] = row.pop()
                entry["abilities"].append(ability)
                words.append(ABILITY_SAID[ability](colour_word(entry["colour"]), named))
            else:
                words.append(Said("Double, but that ability's cubes are all in use."))
    if state["advanced"]:
        sum_ability = SUM_ABILITY.get(total)
        if sum_ability and not (double and total in (4, 6, 8, 10)):
            entry["abilities"].append(sum_ability)
            words.append(ABILITY_SAID[sum_ability](None, named))
    said = words[0]
    for more in words[1:]:
        said = Said("{said} {more}", said=said, more=more)
    events.append(Event(said))


def _emerging_pain(state: dict[str, Any]) -> str:
    pile = state["cards"]["draw"] or state["cards"]["discard"]
    if not pile:
        return Said("Emerging pain, but you have no card in your deck or discard pile.")
    lost = pile.pop()
    state["removed"].append(lost)
    return Said("Emerging pain: your {card} leaves the game.", card=card_said(lost))


def _move_eye(state: dict[str, Any], events: list[Event]) -> None:
    """After a won fight that did not end the game: the Eye moves one field right (pushing)."""
    field = eye_field(state)
    if field is None:
        return
    eye = state["track"][field]
    state["track"][field] = None
    if field == 0:
        _leave_track(state, eye, events)
        return
    events.append(Event(Said("The Eye of the Tiger moves to field {field}.", field=FIELDS[field - 1])))
    _push(state, field - 1, eye, events)


# --------------------------------------------------------------------------- the player's cards

def _reveal(state: dict[str, Any], events: list[Event]) -> None:
    """Reveal up to 3 cards; an empty draw pile with a discard pile first offers the thinning."""
    cards = state["cards"]
    while len(state["revealed"]) < REVEAL:
        if not cards["draw"]:
            if not cards["discard"]:
                break
            state["phase"] = "thin"
            events.append(Event(Said("Your deck is used up: you may remove up to 2 cards of your discard pile before it "
                                     "is shuffled into a new deck.")))
            return
        state["revealed"].append(cards["draw"].pop())
    state["phase"] = "turn"
    if state["revealed"]:
        events.append(Event(Said("Turn {turn}: you reveal {cards}.", turn=state["turn"],
                                 cards=cards_said(state["revealed"]))))  # solo: all see them
    else:
        events.append(Event(Said("Turn {turn}: you have no card left to reveal.", turn=state["turn"])))


def _forfeit_excess_gold(state: dict[str, Any], spent: int, events: list[Event]) -> None:
    """Excess gold is forfeited: the gold of the buy step that the purchase did not use is lost,
    the personal gold cubes included (GAMES.md)."""
    left = gold_available(state) - spent
    state["gold"] = 0
    if left:
        events.append(Event(Said("Excess gold is forfeited: {gold} gold unused is lost.", gold=left)))


def _end_turn(state: dict[str, Any], events: list[Event]) -> None:
    state["cards"]["discard"].extend(state["revealed"])
    state["revealed"] = []
    if state["phase"] == "over":
        return
    state["turn"] += 1
    _reveal(state, events)


def _fight_combos(revealed: list[int]) -> list[list[int]]:
    return [list(combo) for n in range(1, len(revealed) + 1) for combo in combinations(revealed, n)]


# --------------------------------------------------------------------------- the view

def _eye_where(state: dict[str, Any]) -> Literal["pile", "track", "defeated", "discard"]:
    if eye_field(state) is not None:
        return "track"
    if EYE_TILE in state["pile"]:
        return "pile"
    return "defeated" if EYE_TILE in state["defeated"] else "discard"


def _on_track(state: dict[str, Any], field: int) -> EyeOnTrack | MonsterOnTrack | None:
    entry = state["track"][field]
    if entry is None:
        return None
    tile, eye = TILES[entry["tile"]], eye_field(state)
    where = Place(field=FIELDS[field], index=field, symbol=tile.symbol, dots=tile.dots,
                  light_needed=LIGHT_NEEDED[field], beside_eye=eye is not None and eye - 1 == field)
    if entry["eye"]:
        return EyeOnTrack(eye=True, **where)
    power, colour = monster_power(state, field), entry["colour"]
    abilities = [Ability(key=a, short=ABILITY_SHORT[a].format(colour=colour, symbol=tile.symbol),
                         label=ABILITY_LABEL[a].format(colour=colour, symbol=tile.symbol)) for a in entry["abilities"]]
    return MonsterOnTrack(eye=False, **where, power=power, red=power // RED_CUBE, blue=power % RED_CUBE,
                          colour=colour, abilities=abilities)


def _tile_pile(tiles: list[int]) -> TilePile:
    return TilePile(tiles=[TILES[t].symbol for t in tiles], eye=EYE_TILE in tiles, points=points(tiles))


def tiger_view(state: dict[str, Any]) -> TigerView:
    """What the player sees: everything but the order of their deck (Tiger.view)."""
    return TigerView(
        advanced=state["advanced"], phase=state["phase"], turn=state["turn"], first_turn=state["turn"] == 1,
        fight_fields=fight_fields(state), pile=len(state["pile"]),
        track=[_on_track(state, field) for field in range(len(FIELDS))],
        eye=EyeWhere(where=_eye_where(state)),
        defeated=_tile_pile(state["defeated"]), monster_discard=_tile_pile(state["monster_discard"]),
        revealed=[card_info(c) for c in state["revealed"]],
        gold=state["gold"], card_gold=card_gold(state), gold_available=gold_available(state),
        colour_bonus=colour_bonus(state), double_buy=double_buy(state),
        deck=len(state["cards"]["draw"]), discard=len(state["cards"]["discard"]),
        discard_cards=[card_info(c) for c in state["cards"]["discard"]],
        deck_cards=[card_info(c) for c in sorted(state["cards"]["draw"])],  # the order stays hidden
        thin_max=THIN_MAX, removed=[card_info(c) for c in state["removed"]],
        supply=[Stack(colour=colour, count=len(stack), top=card_info(stack[0]) if stack else None,
                      cards=[card_info(c) for c in stack]) for colour, stack in supply_stacks(state)],
        bonus=Bonus(light=state["bonus"]["light"], attack=state["bonus"]["attack"],
                    field_one=state["bonus"]["field_one"]),
        over=state["phase"] == "over", won=state["won"], end_reason=state["end_reason"])


# --------------------------------------------------------------------------- the game

@register
class Tiger(Game):
    name = "tiger"
    computer = "engine.computers.tiger"  # its computer player (engine/computers)
    title = "Eye of the Tiger"
    min_players = 1
    max_players = 1
    options = (Option("advanced", "Advanced mode (more monster abilities and streaks)"),)
    rules = RULES
    shapes = SHAPES
    unknown = Said("Choose to buy a card (or buy nothing) or to fight a monster.")

    def setup(self, players: int, options: dict[str, bool], seed: int, now: float) -> dict[str, Any]:
        if players != 1:
            raise RuleError("Eye of the Tiger is a solo game.")
        rng = Rng(seed)
        starters = [c.id for c in CARDS if c.starter]
        cards = new_deck(starters, rng)
        supply = {colour: [c.id for c in sorted((c for c in CARDS if c.colour == colour and not c.starter),
                                                key=lambda c: DOTS[c.symbol])]
                  for colour in COLOURS}
        monsters = [t.id for t in TILES if t.id != EYE_TILE]
        rng.shuffle(monsters)
        bottom = monsters[:BOTTOM_GROUP] + [EYE_TILE]
        rng.shuffle(bottom)
        pile = monsters[BOTTOM_GROUP:] + bottom  # top first: the Eye is among the last 11
        removed_row, needed_row = list(COLOURS), list(COLOURS)
        rng.shuffle(removed_row)
        rng.shuffle(needed_row)
        state: dict[str, Any] = {
            "rng": rng.state,
            "advanced": bool(options.get("advanced", False)),
            "phase": "turn",
            "turn": 1,
            "cards": cards,
            "revealed": [],
            "removed": [],
            "supply": supply,
            "gold": 0,
            "pile": pile,
            "track": [None, None, None],
            "defeated": [],
            "monster_discard": [],
            "cubes": {"no_weakness": ROW_CUBES, "light": ROW_CUBES, "half_attack": ROW_CUBES,
                      "colour_removed": removed_row, "colour_needed": needed_row},
            "bonus": {"light": 0, "attack": 0, "field_one": 0},
            "streaks": {"appear": [None, 0], "defeat": [None, 0], "discard": [None, 0]},
            "end_reason": None,
            "won": None,
        }
        _reveal(state, [])
        return state

    # ----------------------------------------------------------------- actions

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[Action]:
        if seat != 0 or state["phase"] == "over":
            return []
        if state["phase"] == "thin":
            pool = sorted(set(state["cards"]["discard"]))
            return [as_action(ThinAction(type="thin", remove=list(combo)))
                    for n in range(THIN_MAX + 1) for combo in combinations(pool, n)]
        actions = [as_action(p["action"]) for p in purchases(state)]
        if state["turn"] > 1:
            for field, entry in enumerate(state["track"]):
                if entry is None or entry["eye"]:
                    continue
                # quick bound: even all revealed cards (one doubled) cannot reach the power
                values = [CARDS[c].value for c in state["revealed"]]
                best = sum(values) + (max(values, default=0) if "double" in entry["abilities"] else 0)
                if "half_attack" in entry["abilities"]:
                    best //= 2
                if best + state["bonus"]["attack"] < monster_power(state, field):
                    continue
                for combo in _fight_combos(state["revealed"]):
                    for double in [None, *(combo if "double" in entry["abilities"] else [])]:
                        if preview_fight(state, field, combo, double)["possible"]:
                            actions.append(as_action(fight_action(field, combo, double)))
        return actions

    def play(self, state: dict[str, Any], seat: int | None, parsed: Action, now: float) -> list[Event]:
        action = cast(TigerAction, parsed)  # `parse` checked it against SHAPES
        kind = action["type"]
        if state["phase"] == "over":
            raise RuleError("The game is over.")
        if kind == "timeout":
            raise RuleError("Eye of the Tiger has no time limit.")
        if seat != 0:
            raise RuleError("Only the player can act in this solo game.")
        events: list[Event] = []
        if kind == "leave":
            events.append(Event(Said("You resign: the monsters keep the Eye of the Tiger.")))
            _end(state, "resigned", events)
            return events
        if state["phase"] == "thin":
            if action["type"] != "thin":
                raise RuleError("Your deck is used up: first choose up to 2 cards to remove (or none).")
            self._thin(state, action, events)
            return events
        if action["type"] == "thin":
            raise RuleError("You can only thin your deck when it is used up.")
        if action["type"] == "fight":
            self._fight(state, action, events)
        else:
            self._buy(state, action, events)
        return events

    def _thin(self, state: dict[str, Any], action: ThinAction, events: list[Event]) -> None:
        remove = action.get("remove", [])
        if len(remove) > THIN_MAX:
            raise RuleError("You may remove at most 2 cards.")
        if len(set(remove)) != len(remove) or any(c not in state["cards"]["discard"] for c in remove):
            raise RuleError("You can only remove cards of your discard pile, each once.")
        for c in remove:
            state["cards"]["discard"].remove(c)
            state["removed"].append(c)
        if remove:
            events.append(Event(Said("You remove {cards} from the game.", cards=cards_said(remove))))
        with rng_of(state) as rng:
            state["revealed"].extend(deck_draw(state["cards"], rng, REVEAL - len(state["revealed"])))
        events.append(Event(Said("You shuffle your discard pile into a new deck.")))
        _reveal(state, events)

    def _buy(self, state: dict[str, Any], action: BuyAction | PassBuyAction, events: list[Event]) -> None:
        bonus = action.get("bonus", True)
        bought: list[int] = []
        price = 0
        if action["type"] == "buy":
            stacks = [action["stack"]]
            second = action.get("second")
            if second is not None:
                if not double_buy(state):
                    raise RuleError("A second purchase needs three revealed cards of one symbol (advanced mode).")
                stacks.append(second)
            if any(colour not in COLOURS for colour in stacks):
                raise RuleError("Pick one of the six stacks: {stacks}.", stacks=comma_list([colour_word(c) for c in COLOURS]))
            taken = _bought(state, stacks)
            if taken is None:
                empty = next(c for c in stacks if stacks.count(c) > len(state["supply"][c]))
                raise RuleError("The {stack} stack is empty.", stack=colour_word(empty))
            bought = taken
            price = sum(card_price(c) for c in bought)
            if price > gold_available(state):
                raise RuleError("That costs {price} gold and you have {gold}.", price=price, gold=gold_available(state))
            for c in bought:
                for colour in COLOURS:
                    if c in state["supply"][colour]:
                        state["supply"][colour].remove(c)
                state["cards"]["discard"].append(c)
            events.append(Event(Said("You buy {cards} for {price} gold.", cards=_and_list([card_said(c) for c in bought]),
                                     price=price)))
        else:
            events.append(Event(Said("You buy nothing.")))
        _forfeit_excess_gold(state, price, events)
        free_colour = colour_bonus(state)
        if free_colour and bonus and state["supply"][free_colour]:
            free = state["supply"][free_colour].pop(0)
            state["cards"]["discard"].append(free)
            events.append(Event(Said("Three {colour} cards: you also take the {card}.",
                                     colour=colour_word(free_colour), card=card_said(free))))
        _advance(state, events)
        _end_turn(state, events)

    def _fight(self, state: dict[str, Any], action: FightAction, events: list[Event]) -> None:
        check = preview_fight(state, action["monster"], action["cards"], action.get("double"), action.get("lose"))
        if not check["possible"]:
            raise RuleError(check["reason"] or Said("That fight is not possible."))
        field: int = action["monster"]
        entry = state["track"][field]
        state["track"][field] = None
        symbol = TILES[entry["tile"]].symbol
        state["defeated"].append(entry["tile"])
        _return_cubes(state, entry)
        events.append(Event(counted("You beat the {symbol} monster on field {field} (power {power}) with attack "
                                    "{attack}: {n} point.",
                                    "You beat the {symbol} monster on field {field} (power {power}) with attack "
                                    "{attack}: {n} points.", tile_dots(entry["tile"]), symbol=symbol_word(symbol),
                                    field=FIELDS[field], power=check["power"], attack=check["attack"])))
        if check["gold"]:
            state["gold"] += check["gold"]
            events.append(Event(Said("A clean win: +{gold} gold (you have {total}).", gold=check["gold"],
                                     total=state["gold"])))
        for c in check["lose"]:
            state["revealed"].remove(c)
            state["removed"].append(c)
            events.append(Event(Said("Your {card} leaves the game.", card=card_said(c))))
        if state["advanced"]:
            run = _bump(state["streaks"], "defeat", symbol)
            if run == 2:
                state["bonus"]["light"] += 1
                events.append(Event(Said("Two {symbol} monsters beaten in a row: +1 light for good.", symbol=symbol_word(symbol))))
            elif run == 3:
                state["bonus"]["attack"] += 2
                events.append(Event(Said("Three {symbol} monsters beaten in a row: +2 attack for good.", symbol=symbol_word(symbol))))
        if check["ends_game"]:
            eye = eye_field(state)
            state["defeated"].append(state["track"][eye]["tile"])
            state["track"][eye] = None
            events.append(Event(Said("You beat the monster beside the Eye of the Tiger and take the Eye (6 points)!")))
            _end(state, "the Eye of the Tiger was won", events)
        else:
            _move_eye(state, events)
        _end_turn(state, events)

    # ----------------------------------------------------------------- views and results

    def view(self, state: dict[str, Any], seat: int | None) -> View:
        return cast(View, tiger_view(state))  # solo: nothing is hidden but the deck's order

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if state["phase"] != "over":
            return None
        mine, theirs = points(state["defeated"]), points(state["monster_discard"])
        won = bool(state["won"])
        if state["end_reason"] == "resigned":
            summary = Said("Resigned ({mine} to {theirs})", mine=mine, theirs=theirs)
        elif won:
            summary = Said("Won {mine} to {theirs}: the Eye of the Tiger is saved", mine=mine, theirs=theirs)
        else:
            summary = Said("Lost {mine} to {theirs}", mine=mine, theirs=theirs)
        return Outcome(ranks=(1,), scores=(float(mine),), summary=summary, won=(won,),
                       margin=float(mine - theirs))

    def next_deadline(self, state: dict[str, Any]) -> float | None:
        return None

    def waiting_for(self, state: dict[str, Any]) -> list[int]:
        return [] if state["phase"] == "over" else [0]

    def invariants(self, state: dict[str, Any]) -> list[str]:
        broken: list[str] = []
        places = (state["cards"]["draw"] + state["cards"]["discard"] + state["revealed"]
                  + [c for stack in state["supply"].values() for c in stack] + state["removed"])
        if sorted(places) != list(range(len(CARDS))):
            broken.append(f"cards not accounted for: {len(places)} placed, {len(set(places))} distinct")
        tiles = (state["pile"] + [e["tile"] for e in state["track"] if e is not None]
                 + state["defeated"] + state["monster_discard"])
        if sorted(tiles) != list(range(len(TILES))):
            broken.append(f"tiles not accounted for: {len(tiles)} placed, {len(set(tiles))} distinct")
        on_track = [e for e in state["track"] if e is not None and not e["eye"]]
        used = {k: sum(1 for e in on_track if k in e["abilities"]) for k in ("no_weakness", "light", "half_attack")}
        for key, n in used.items():
            if state["cubes"][key] + n != ROW_CUBES:
                broken.append(f"{key} cubes: {state['cubes'][key]} in the row + {n} on monsters != 3")
        for key in ("colour_removed", "colour_needed"):
            out = [e["colour"] for e in on_track if key in e["abilities"]]
            if sorted(state["cubes"][key] + out) != sorted(COLOURS):
                broken.append(f"{key} cubes are not the six colours")
        if len(state["revealed"]) > REVEAL:
            broken.append("more than 3 revealed cards")
        if state["gold"] < 0:
            broken.append("negative gold")
        if state["phase"] != "over" and (EYE_TILE in state["defeated"] or EYE_TILE in state["monster_discard"]):
            broken.append("the Eye left the track but the game goes on")
        for colour, stack in supply_stacks(state):
            prices = [card_price(c) for c in stack]
            if prices != sorted(prices) or any(CARDS[c].colour != colour for c in stack):
                broken.append(f"the {colour} stack is out of order")
        return broken
