"""Eye of the Tiger's typed contract: its actions, its view and its previews, as JSON-native dicts.

The protocol (engine/protocol.py) speaks plain dicts, so any game fits the table; these TypedDicts
say which keys a Tiger action, view or preview holds, so the renderer and the cog read them checked
(mypy) and in the engine's words. `as_view` takes back a view the protocol handed over as a plain dict.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from .errors import Term
from .protocol import EVERY_GAME, FLAG, WHOLE, WORD, Shapes, list_of, maybe, needed

# ------------------------------------------------------------------------------------ actions


class BuyAction(TypedDict):
    type: Literal["buy"]
    stack: str  # a colour: its stack's top card
    second: NotRequired[str | None]  # advanced, three revealed cards of one symbol: a second stack's top card
    bonus: NotRequired[bool]  # False declines the free colour card


class PassBuyAction(TypedDict):
    type: Literal["pass_buy"]
    bonus: NotRequired[bool]


class FightAction(TypedDict):
    type: Literal["fight"]
    monster: int  # the track index, 0 = field I
    cards: list[int]  # revealed card ids
    double: NotRequired[int | None]  # advanced sum-11 monster: the card whose value counts twice
    lose: NotRequired[int | None]  # which card of the monster's symbol leaves the game after the win


class ThinAction(TypedDict):
    type: Literal["thin"]
    remove: NotRequired[list[int]]  # discard pile card ids, at most THIN_MAX (none when left out)


TigerAction = BuyAction | PassBuyAction | FightAction | ThinAction
CARD_IDS = list_of(WHOLE, Term("a list of card numbers", "kind of value"))
SHAPES: Shapes = {  # what `EyeOfTheTiger.apply` parses every action against (engine/protocol.py)
    **EVERY_GAME,
    "buy": {"stack": needed(WORD), "second": maybe(WORD), "bonus": FLAG},
    "pass_buy": {"bonus": FLAG},
    "fight": {"monster": needed(WHOLE), "cards": needed(CARD_IDS), "double": maybe(WHOLE), "lose": maybe(WHOLE)},
    "thin": {"remove": CARD_IDS},
}

# ------------------------------------------------------------------------------------ the view


class CardInfo(TypedDict):
    id: int
    colour: str
    symbol: str
    value: int
    dots: int
    light: int
    price: int
    starter: bool  # a light-green starting card
    name: str


class Ability(TypedDict):
    key: str  # engine.tiger.ABILITY_LABEL's keys
    short: str  # a few words, for the board
    label: str  # the rule in one line


class Place(TypedDict):
    """A tile on the track, where it stands."""

    field: str  # "I", "II" or "III"
    index: int  # the track index, 0 = field I
    symbol: str
    dots: int  # its points
    light_needed: int
    beside_eye: bool  # a monster beaten there wins the Eye and ends the game


class EyeOnTrack(Place):
    eye: Literal[True]


class MonsterOnTrack(Place):
    eye: Literal[False]
    power: int  # with the field I bonus; 0 before its roll
    red: int  # power as red (5) and blue (1) cubes
    blue: int
    colour: str | None  # the colour of a colour ability
    abilities: list[Ability]


class EyeWhere(TypedDict):
    where: Literal["pile", "track", "defeated", "discard"]


class TilePile(TypedDict):
    tiles: list[str]  # symbols, bottom first
    eye: bool  # the Eye is its top tile
    points: int


class Stack(TypedDict):
    colour: str
    count: int
    top: CardInfo | None
    cards: list[CardInfo]  # top first


class Bonus(TypedDict):
    light: int
    attack: int
    field_one: int  # power added to a monster on field I


class TigerView(TypedDict):
    advanced: bool
    phase: Literal["turn", "thin", "over"]
    turn: int
    first_turn: bool
    fight_fields: list[int]  # track indexes a fight may be tried against now
    pile: int
    track: list[EyeOnTrack | MonsterOnTrack | None]  # index 0 = field I
    eye: EyeWhere
    defeated: TilePile
    monster_discard: TilePile
    revealed: list[CardInfo]
    gold: int  # gold cubes
    card_gold: int  # from the revealed value-1 cards
    gold_available: int
    colour_bonus: str | None  # three revealed cards of this colour: a free card
    double_buy: bool
    deck: int
    discard: int
    discard_cards: list[CardInfo]
    deck_cards: list[CardInfo]  # sorted: the order stays hidden
    thin_max: int  # how many discard cards a used-up deck may lose
    removed: list[CardInfo]
    supply: list[Stack]  # the fixed colour order
    bonus: Bonus
    over: bool
    won: bool | None
    end_reason: str | None


def as_view(view: Mapping[str, Any]) -> TigerView:
    """A view the protocol handed over as a plain dict, read as what `Tiger.view` built."""
    return cast(TigerView, view)


# ------------------------------------------------------------------------------------ previews


class FightPreview(TypedDict):
    possible: bool
    reason: str | None  # why not, in the player's words
    light: int | None  # None: refused before the light was counted
    light_needed: int
    missing: int
    penalty: int  # attack lost to missing light
    values: int | None  # the cards' values after halving or doubling (None: not counted)
    attack: int
    power: int
    gold: int  # won on a clean win
    lose: list[int]  # card ids that leave the game after the win
    doubles: list[int]  # cards this fight may double (advanced sum-11 monster)
    choose_lost: list[int]  # the cards of the monster's symbol the player picks the lost one from
    field: str | None
    ends_game: bool


class Purchase(TypedDict):
    action: BuyAction | PassBuyAction
    stack: str | None  # the first stack bought from (None: nothing bought)
    second: str | None
    bonus: bool  # the free colour card is taken (when there is one)
    cards: list[CardInfo]  # bought, in order: a stack bought twice gives its next card
    price: int
    free: CardInfo | None  # the colour bonus card taken
    lost: int  # gold left unspent, forfeited
