"""Tribal cards (advanced rules, rule 17): Unready at the start of every round; readied by filling
their ready track; Unready again once used.

`state["cards"][seat]` lists the seat's Ready cards. A card's dice sit on one track key, read
through the card's state (figures.board_of): its ready track (Ready dice, all minimum) while
Unready, its use track while Ready. The die that fills the ready track readies the card at once
(ARENA.md 4.3) and those dice go back to the pool: in real time unrolled, like spent dice;
turn-based they are rerolled for free (rule 21). Using a card spends its dice: the minimum, and
the bonus die if asked; any die left on it goes back to the pool too, as the card turns over.
"""
from __future__ import annotations

from ..errors import Said, counted
from ..protocol import Event, Seat
from ..rng import rng_of
from .dice import faces_text, roll_faces, spend
from .figures import State, board_of, hand, name, say


def new_cards(state: State) -> None:
    """A new round: every Tribal card Unready."""
    state["cards"] = [[] for _ in range(state["players"])]


def is_ready_card(state: State, seat: Seat, key: str) -> bool:
    return key in state["cards"][seat]


def ready_full(state: State, seat: Seat) -> list[Event]:
    """Ready every Unready card whose ready track is full; its dice go back to the pool."""
    events = []
    dice = state["dice"][seat]
    for card in hand(state, seat):
        count = dice["tracks"].get(card.key, 0)
        if is_ready_card(state, seat, card.key) or count < card.ready.spaces:
            continue
        dice["tracks"][card.key] = 0
        state["cards"][seat].append(card.key)
        if state["turn_based"]:
            with rng_of(state) as rng:
                faces = roll_faces(rng, count)
            dice["pool"].extend(faces)
            readies = counted("{who} readies {card} ({n} die rerolled for free: {faces}).",
                              "{who} readies {card} ({n} dies rerolled for free: {faces}).", count,
                              who=name(state, seat), card=card.name, faces=faces_text(faces))
        else:
            dice["pool"].extend([None] * count)
            readies = Said("{who} readies {card}.", who=name(state, seat), card=card.name)
        events.append(say(state, readies, kind="ready"))
    return events


def spend_card(state: State, seat: Seat, key: str, count: int) -> None:
    """Spend `count` dice of a Tribal card or innate action; a card turns Unready, and any die
    still on it goes back to the pool."""
    dice = state["dice"][seat]
    spend(dice, board_of(state, seat), key, count)
    if is_ready_card(state, seat, key):
        state["cards"][seat].remove(key)
        dice["pool"].extend([None] * dice["tracks"][key])
        dice["tracks"][key] = 0
