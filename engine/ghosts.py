"""Zap That Ghost (`ghosts`): a real-time race to call a meeple colour, then zap a ghost.

Rules: shared/seeds/002_7358510e67db9eab.txt; data: the Green Box and Zap That Ghost sections
of shared/GAMES.md (cards and tiles from engine/greenbox.py).

Phases (state["phase"]):
- "discard": everyone at once discards 2 of their 6 cards in secret, within DISCARD_SECONDS.
- "race": the die has been rolled; any seat may call a meeple colour. The table applies actions
  in arrival order, so the first call applied wins; later calls get "Someone was faster".
- "attempt": only the caller plays a card and names a destination tile (ATTEMPT_SECONDS).
- "swap": every other player may swap one card or keep (SWAP_SECONDS); when all have chosen
  (or the timer runs out) the caller rolls the die for the next round, as part of that action.
- "over".

Actions and views are typed in engine/ghosts_types.py (discard, call, zap, give_up, swap, keep),
plus TIMEOUT (seat None) and LEAVE. All but the discard may name the round they were made for.

The protocol's `apply` copies the state as JSON (about 7x faster than copy.deepcopy) before the
rules change it, so the caller's state is never touched (tests/engine/test_game_contract.py checks every game).

Design choices where the rules are silent (also in `rules`):
- Setup: the 36 tiles are shuffled; the four that land on the corners show their plain side, so
  the board shows 32 symbols (not always 6 of each). The 32 ghosts are shuffled onto them.
- Re-deal: after discarding 2, a player whose 4 cards hold fewer than two cards matching a ghost
  on the board (same colour, ghost on a tile of the card's symbol) puts those 4 on the discard
  pile, is dealt a new hand of 6 and discards 2 again (same check), so every hand is 4 cards
  when the race begins. The phase timer is extended to give them REDEAL_SECONDS at least.
- A player who lets the discard timer run out discards automatically: the two cards that match
  no ghost (earliest dealt first), else the last dealt; a re-deal then happens automatically too
  (at most AUTO_REDEALS times).
- The walk: exactly die-many orthogonal steps, never entering a tile twice (the start tile
  counts as entered). Meeples may pass through and stop on other meeples and on corner tiles.
  A named tile no walk reaches, or a tile without a matching ghost, is a failed attempt (the
  meeple stays, the card goes back to the hand), not a refused action. The card played is
  announced publicly either way.
- The caller may give up ({"type": "give_up"}); running out of time is the same: a failed attempt.
- An action naming an earlier round is refused (a board or a private panel kept from then), even
  where the same move would be legal now: the same caller attempting again, the same player swapping.
- Nobody calls within RACE_SECONDS: the same player rolls again. After MAX_QUIET_ROLLS rolls in
  a row with no call the table is taken to be gone and the game ends (most ghosts wins).
- A player who lets AWAY_AFTER timers in a row pass while the game waited for them (discard,
  their attempt, the swap) is marked away and no longer waited for; any action brings them back.
  A player who leaves is skipped for good; their hand goes to the discard pile, their ghosts stay.
  When fewer than two players remain (not away, not left) the game ends: the one left ranks first.
  Who left, who is away, the missed timers and the running timer are the shared kit's
  (`state["flow"]`, engine/flow.py); the phases are the game's own. `upgrade` reads a game
  saved before, when they were `left`, `away`, `idle` and `deadline`.
- The draw pile runs out: the discard pile is shuffled into a new one (engine/deck.py).
- The game ends when nobody can capture any more: no ghost left, or no card left in the game
  (hands, draw, discard) matching a ghost on the board; the most ghosts wins, ties share. Players
  who left rank last. (With the full set this cannot happen first: cards never leave the game,
  every ghost colour has a card of every symbol, and n players below the target hold at most
  n * (target - 1) <= 21 of the 32 ghosts. It is implemented and tested all the same.)
- Ranking: ghosts, most first; players who left rank below everyone; when the game ends for
  too few players, those still playing rank above those away, who rank above those who left.
- The zap is one atomic action, so a played card is never "on the table" between actions.
- The first round's roll is made by seat 0.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import combinations, pairwise
from typing import Any, cast

from . import flow
from .deck import discard as deck_discard
from .deck import draw as deck_draw
from .deck import new_deck
from .errors import RuleError, Said, Term, counted
from .flow import after
from .ghosts_types import (
    COMMON,
    SHAPES,
    CallAction,
    CardInfo,
    DiscardAction,
    GhostsAction,
    GhostsView,
    GiveUpAction,
    KeepAction,
    LastAttempt,
    LostRace,
    SeatView,
    SwapAction,
    ZapAction,
)
from .greenbox import CARDS, SYMBOLS
from .grid import ORTHOGONAL, inside, label
from .protocol import Action, Event, Game, Option, Outcome, State, View, ranked, seat_name
from .registry import register
from .rng import Rng, rng_of
from .words import COLOUR_WORDS, GHOST_COLOUR_WORDS, SYMBOL_WORDS, comma_list, plural

SIZE = 6
MEEPLES: tuple[str, ...] = ("red", "blue", "yellow", "green")
GHOST_COLOURS: tuple[str, ...] = MEEPLES
GHOSTS_PER_COLOUR = 8
GHOST_TOTAL = GHOSTS_PER_COLOUR * len(GHOST_COLOURS)
CORNERS: tuple[tuple[int, int], ...] = ((0, 0), (0, SIZE - 1), (SIZE - 1, 0), (SIZE - 1, SIZE - 1))
START_CORNER: dict[str, list[int]] = {m: list(c) for m, c in zip(MEEPLES, CORNERS, strict=True)}
DEAL = 6
DISCARD_COUNT = 2
HAND = DEAL - DISCARD_COUNT
MIN_MATCHING = 2
TARGETS: dict[int, int] = {2: 10, 3: 8, 4: 6, 5: 5, 6: 4}

DISCARD_SECONDS = 90.0
REDEAL_SECONDS = 45.0
RACE_SECONDS = 45.0
ATTEMPT_SECONDS = 60.0
SWAP_SECONDS = 30.0
AWAY_AFTER = flow.AWAY_AFTER
MAX_QUIET_ROLLS = 20
AUTO_REDEALS = 10

OPTION_GHOST_COLOURS_ONLY = "ghost_colours_only"


# ---------------------------------------------------------------------------------------------
# The walk check


def find_walk(start: list[int], dest: list[int], steps: int,
              rows: int = SIZE, cols: int = SIZE) -> list[list[int]] | None:
    """A walk of exactly `steps` orthogonal steps from `start` to `dest` that never enters a
    tile twice (the start counts as entered), as the list of cells from start to dest; or None.

    Depth-first search pruned by reach (the Manhattan distance must fit in the steps left) and
    parity (on a square grid every step flips the colour of the chessboard square).
    """
    if steps < 0 or not inside(start, rows, cols) or not inside(dest, rows, cols):
        return None
    tr, tc = dest
    distance = abs(start[0] - tr) + abs(start[1] - tc)
    if distance > steps or (steps - distance) % 2:
        return None
    path = [list(start)]
    seen = {(start[0], start[1])}

    def dfs(r: int, c: int, left: int) -> bool:
        if left == 0:
            return r == tr and c == tc
        for dr, dc in ORTHOGONAL:
            nr, nc = r + dr, c + dc
            if not (0 <= nr < rows and 0 <= nc < cols) or (nr, nc) in seen:
                continue
            if abs(nr - tr) + abs(nc - tc) > left - 1:
                continue
            seen.add((nr, nc))
            path.append([nr, nc])
            if dfs(nr, nc, left - 1):
                return True
            path.pop()
            seen.discard((nr, nc))
        return False

    return path if dfs(start[0], start[1], steps) else None


def reachable(start: list[int], steps: int, rows: int = SIZE, cols: int = SIZE) -> list[list[int]]:
    """Every cell where some walk of exactly `steps` non-revisiting steps from `start` ends."""
    return [list(cell) for cell in _reachable(start[0], start[1], steps, rows, cols)]


@lru_cache(maxsize=4096)
def _reachable(r0: int, c0: int, steps: int, rows: int, cols: int) -> tuple[tuple[int, int], ...]:
    start = (r0, c0)
    ends: set[tuple[int, int]] = set()
    seen = {(start[0], start[1])}

    def dfs(r: int, c: int, left: int) -> None:
        if left == 0:
            ends.add((r, c))
            return
        for dr, dc in ORTHOGONAL:
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and (nr, nc) not in seen:
                seen.add((nr, nc))
                dfs(nr, nc, left - 1)
                seen.discard((nr, nc))

    dfs(r0, c0, steps)
    return tuple(sorted(ends))


# ---------------------------------------------------------------------------------------------
# Small helpers over state


def card_name(card_id: int) -> Said:
    """What players call a card here: "red drop", in words each language names. Only colour and
    symbol decide a zap, so the Green Box number (and the starter background) would only mislead."""
    card = CARDS[card_id]
    return Said("{colour} {symbol}", colour=COLOUR_WORDS[card.colour], symbol=SYMBOL_WORDS[card.symbol])


def card_info(card_id: int) -> CardInfo:
    """A card as a seat's view shows it: what plays a role in this game, nothing more (its name in
    English; `card_name` says it in words)."""
    card = CARDS[card_id]
    return {"id": card.id, "colour": card.colour, "symbol": card.symbol, "name": str(card_name(card_id))}


def colour_word(colour: str) -> Term:
    """A ghost's or a meeple's colour, as each language names it."""
    return GHOST_COLOUR_WORDS[colour]


def _ghost_pairs(state: State) -> set[tuple[str, str]]:
    """(colour, symbol) of every ghost on the board."""
    pairs = set()
    for r in range(SIZE):
        for c in range(SIZE):
            ghost = state["ghosts"][r][c]
            if ghost is not None:
                pairs.add((ghost, state["symbols"][r][c]))
    return pairs


def _matches_board(card_id: int, pairs: set[tuple[str, str]]) -> bool:
    card = CARDS[card_id]
    return (card.colour, card.symbol) in pairs


def _matching_count(hand: list[int], pairs: set[tuple[str, str]]) -> int:
    return sum(1 for cid in hand if _matches_board(cid, pairs))


def _cards_in_game(state: State) -> list[int]:
    return [cid for hand in state["hands"] for cid in hand] + state["deck"]["draw"] + state["deck"]["discard"]


def _capturable(state: State) -> bool:
    pairs = _ghost_pairs(state)
    if not pairs:
        return False
    return any(_matches_board(cid, pairs) for cid in _cards_in_game(state))


def _absences(players: int, deadline: float) -> flow.Flow:
    """The kit holding who left or is away and the running timer (the phases are the game's own)."""
    kit = flow.new(players)
    kit["deadline"] = deadline
    return kit


def upgrade(state: State) -> State:
    """A snapshot saved before the flow kit held leaving, absence and the timer: today's shape."""
    if "flow" in state:
        return state
    state = dict(state)
    kit = _absences(state["players"], state.pop("deadline"))
    kit["left"], kit["away"], kit["missed"] = state.pop("left"), state.pop("away"), state.pop("idle")
    state["flow"] = kit
    return state


def _active(state: State) -> list[int]:
    """Seats still playing: not left and not away."""
    return [s for s in range(state["players"]) if s not in state["flow"]["left"] and s not in state["flow"]["away"]]


def _scores(state: State) -> list[int]:
    return [len(c) for c in state["captured"]]


def _swap_pending(state: State) -> list[int]:
    """Seats the swap phase still waits for."""
    return [s for s in range(state["players"])
            if s != state["caller"] and s not in state["flow"]["left"] and s not in state["flow"]["away"]
            and s not in state["swap_done"]]


def _attempt_view(attempt: dict[str, Any]) -> LastAttempt:
    """The last attempt as views show it (its card described), sharing nothing with the state."""
    card, to = attempt["card"], attempt["to"]
    return {"seat": attempt["seat"], "meeple": attempt["meeple"], "card": None if card is None else card_info(card),
            "from": list(attempt["from"]), "to": None if to is None else list(to), "die": attempt["die"],
            "success": attempt["success"], "reason": attempt["reason"]}


def lost_race(state: State, seat: int | None, action: Mapping[str, Any]) -> LostRace | None:
    """Whether `seat`'s call, refused in `state`, lost the race of its round to another player's
    call: who won, with which meeple and when, so the slower player can be told by how much."""
    if (action.get("type") != "call" or seat is None or state["caller"] in (None, seat)
            or action.get("round", state["round"]) != state["round"]):
        return None
    return {"winner": state["caller"], "meeple": state["meeple"], "at_ms": state["call_ms"]}


_GHOST_CARDS = sum(1 for c in CARDS if c.colour in GHOST_COLOURS)


def _deck_size(options: dict[str, bool]) -> int:
    return _GHOST_CARDS if options.get(OPTION_GHOST_COLOURS_ONLY) else len(CARDS)


RULES = f"""**Zap That Ghost** (2-6 players, real time)
**Board:** 6x6 tiles; the 4 corners are plain, the other 32 show a symbol (drop 1, hammers 2, circles 3, bricks 4, wheel 5, arrow 6 dots) and hold one ghost (8 each red, blue, yellow, green). The red, blue, yellow and green meeples start on the corners.
**Cards:** 54 (6 colours x 9). Only a card's colour and symbol count (its number plays no role). A card matches a ghost of its colour standing on a tile of its symbol. Option *ghost colours only*: white and black cards are removed (36 cards).
**Start:** everyone gets 6 cards and discards 2 in secret ({int(DISCARD_SECONDS)} s). If your 4 cards hold fewer than two matching cards, they go to the discard pile, you get 6 new cards and discard 2 again. Out of time: you discard cards that match nothing first.
**A round:** the die is rolled. Everyone races: the first to press a meeple colour gets the attempt, later presses are told someone was faster. The caller then picks, privately, a card and a destination tile ({int(ATTEMPT_SECONDS)} s). The meeple must get there in **exactly** the rolled number of orthogonal steps, never entering a tile twice (its start tile counts). It may pass through and stop on other meeples and on corners. The bot checks that such a walk exists but never shows you the reachable tiles.
- Walk exists and a ghost of the card's colour stands there on the card's symbol: you take the ghost (1 point), the meeple stays there, the card is discarded and you draw one.
- Otherwise: the meeple stays where it was and the card returns to your hand. Running out of time or giving up is a failed attempt.
The card played and the tile are announced either way. Then every other player may swap one card (discard one, draw one) or keep ({int(SWAP_SECONDS)} s), and the caller rolls for the next round. Hands always hold 4 cards.
**No call** within {int(RACE_SECONDS)} s: the die is rolled again. After {plural(MAX_QUIET_ROLLS, 'silent roll')} in a row the game ends (most ghosts wins).
**Winning:** first to 10 / 8 / 6 / 5 / 4 ghosts with 2 / 3 / 4 / 5 / 6 players. If no ghost can be captured any more (none left, or no card in the game matches one), most ghosts wins; ties share.
**Draw pile empty:** the discard pile is shuffled into a new draw pile.
**Away and leaving:** miss {plural(AWAY_AFTER, 'timer')} in a row that waited for you and you are skipped until you act again. Leaving: your cards go to the discard pile, your ghosts stay, you rank last. With fewer than two players left the game ends and the last one ranks first.
"""


@register
class Ghosts(Game):
    name = "ghosts"
    computer = "engine.computers.ghosts"  # its computer player (engine/computers)
    title = "Zap That Ghost"
    min_players = 2
    max_players = 6
    options = (Option(OPTION_GHOST_COLOURS_ONLY, "Only cards in ghost colours (no white or black)"),)
    rules = RULES
    shapes = SHAPES
    common = COMMON

    # -----------------------------------------------------------------------------------------
    # Setup

    def setup(self, players: int, options: dict[str, bool], seed: int, now: float) -> State:
        if not self.min_players <= players <= self.max_players:
            raise RuleError("{game} takes {least}-{most} players.", game=self.title, least=self.min_players,
                            most=self.max_players)
        options = {o.key: bool(options.get(o.key, o.default)) for o in self.options}
        rng = Rng(seed)
        tiles = list(range(36))
        rng.shuffle(tiles)
        symbols: list[list[str | None]] = [[SYMBOLS[tiles[r * SIZE + c] // 6] for c in range(SIZE)]
                                           for r in range(SIZE)]
        for r, c in CORNERS:
            symbols[r][c] = None
        cubes = [colour for colour in GHOST_COLOURS for _ in range(GHOSTS_PER_COLOUR)]
        rng.shuffle(cubes)
        ghosts: list[list[str | None]] = [[None] * SIZE for _ in range(SIZE)]
        k = 0
        for r in range(SIZE):
            for c in range(SIZE):
                if symbols[r][c] is not None:
                    ghosts[r][c] = cubes[k]
                    k += 1
        ids = [c.id for c in CARDS
               if not options[OPTION_GHOST_COLOURS_ONLY] or c.colour in GHOST_COLOURS]
        deck = new_deck(ids, rng)
        hands = [deck_draw(deck, rng, DEAL) for _ in range(players)]
        return {
            "game": self.name,
            "players": players,
            "options": options,
            "rng": rng.state,
            "symbols": symbols,
            "ghosts": ghosts,
            "meeples": {m: list(cell) for m, cell in START_CORNER.items()},
            "hands": hands,
            "deck": deck,
            "captured": [[] for _ in range(players)],
            "target": TARGETS[players],
            "phase": "discard",
            "round": 0,
            "die": None,
            "roller": None,
            "caller": None,
            "meeple": None,
            "call_ms": None,
            "discard_pending": list(range(players)),
            "swap_done": [],
            "quiet_rolls": 0,
            "last_path": None,
            "last_attempt": None,
            "end": None,
            "flow": _absences(players, after(now, DISCARD_SECONDS)),
        }

    # -----------------------------------------------------------------------------------------
    # Queries

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["phase"] == "over" or seat in state["flow"]["left"] or not 0 <= seat < state["players"]:
            return []
        phase = state["phase"]
        hand = state["hands"][seat]
        if phase == "discard":
            if seat not in state["discard_pending"]:
                return []
            return [{"type": "discard", "cards": [a, b]} for a, b in combinations(hand, DISCARD_COUNT)]
        if phase == "race":
            return [{"type": "call", "meeple": m} for m in MEEPLES]
        if phase == "attempt":
            if seat != state["caller"]:
                return []
            return self._zap_choices(state, seat) + [{"type": "give_up"}]
        if phase == "swap":
            if seat == state["caller"] or seat in state["swap_done"]:
                return []
            return [{"type": "keep"}] + [{"type": "swap", "card": cid} for cid in hand]
        return []

    def _zap_choices(self, state: State, seat: int) -> list[dict[str, Any]]:
        """Every successful zap, plus two failing ones (a representative subset): the first card
        to a reachable tile where it matches nothing, and to a tile no walk reaches."""
        start = state["meeples"][state["meeple"]]
        ends = reachable(start, state["die"])
        hand = state["hands"][seat]
        actions = []
        miss = None
        for cid in hand:
            card = CARDS[cid]
            for r, c in ends:
                if state["ghosts"][r][c] == card.colour and state["symbols"][r][c] == card.symbol:
                    actions.append({"type": "zap", "card": cid, "to": [r, c]})
                elif miss is None:
                    miss = {"type": "zap", "card": cid, "to": [r, c]}
        if miss is not None:
            actions.append(miss)
        actions.append({"type": "zap", "card": hand[0], "to": list(start)})  # never reachable
        return actions

    def waiting_for(self, state: State) -> list[int]:
        phase = state["phase"]
        if phase == "discard":
            return list(state["discard_pending"])
        if phase == "race":
            return _active(state)
        if phase == "attempt":
            return [state["caller"]]
        if phase == "swap":
            return _swap_pending(state)
        return []

    def next_deadline(self, state: State) -> float | None:
        return None if state["phase"] == "over" else state["flow"]["deadline"]

    def upgrade(self, state: State) -> State:
        return upgrade(state)

    # -----------------------------------------------------------------------------------------
    # Actions

    def play(self, state: State, seat: int | None, parsed: Action, now: float) -> list[Event]:
        action = cast(GhostsAction, parsed)  # `parse` checked it against SHAPES
        kind = action["type"]
        if state["phase"] == "over":
            raise RuleError("The game is over.")
        if kind == "timeout":
            if seat is not None:
                raise RuleError("Only the table applies timeouts.")
            return self._timeout(state, now)
        if not isinstance(seat, int) or not 0 <= seat < state["players"]:
            raise RuleError("You have no seat in this game.")
        if seat in state["flow"]["left"]:
            raise RuleError("You have left this game.")
        if kind == "leave":
            return self._leave(state, seat, now)
        handlers: dict[str, Callable[[State, int, Any, float], list[Event]]] = {"discard": self._discard, "call": self._call, "zap": self._zap,
                    "give_up": self._give_up, "swap": self._swap, "keep": self._keep}
        return handlers[kind](state, seat, cast(Any, action), now)  # each takes its kind's TypedDict

    def _back(self, state: State, seat: int, events: list[Event]) -> None:
        """A seat acted: its silence count restarts and it is no longer away."""
        if flow.back(state["flow"], seat):
            events.append(Event(Said("{who} is back.", who=seat_name(seat)), kind="back"))

    @staticmethod
    def _check_round(state: State, action: CallAction | ZapAction | GiveUpAction | SwapAction | KeepAction,
                     over: Said) -> None:
        """Refuse, in the words `over`, an action made for an earlier round than the current one."""
        if "round" in action and action["round"] != state["round"]:
            raise RuleError(over)

    def _card_in_hand(self, state: State, seat: int, cid: int) -> int:
        if cid not in state["hands"][seat]:
            raise RuleError("That card is not in your hand.")
        return cid

    # discard phase ------------------------------------------------------------------------

    def _discard(self, state: State, seat: int, action: DiscardAction, now: float) -> list[Event]:
        if state["phase"] != "discard":
            raise RuleError("The opening discard is over.")
        if seat not in state["discard_pending"]:
            raise RuleError("You have already discarded; wait for the others.")
        cards = action["cards"]
        if len(cards) != DISCARD_COUNT:
            raise RuleError(counted("Choose exactly {n} card to discard.", "Choose exactly {n} cards to discard.",
                                    DISCARD_COUNT))
        if len(set(cards)) != DISCARD_COUNT:
            raise RuleError(counted("Choose {n} different card.", "Choose {n} different cards.", DISCARD_COUNT))
        for cid in cards:
            self._card_in_hand(state, seat, cid)
        events: list[Event] = []
        self._back(state, seat, events)
        self._do_discard(state, seat, list(cards), events)
        if seat in state["discard_pending"]:  # re-dealt: give them time to choose again
            state["flow"]["deadline"] = max(state["flow"]["deadline"], after(now, REDEAL_SECONDS))
        elif not state["discard_pending"]:
            self._start_race(state, 0, now, events)
        return events

    def _do_discard(self, state: State, seat: int, cards: list[int], events: list[Event]) -> None:
        hand = state["hands"][seat]
        for cid in cards:
            hand.remove(cid)
        deck_discard(state["deck"], *cards)
        if _matching_count(hand, _ghost_pairs(state)) >= MIN_MATCHING:
            state["discard_pending"].remove(seat)
            events.append(Event(Said("{who} has discarded.", who=seat_name(seat)), kind="discard"))
            events.append(Event(Said("You keep: {cards}.", cards=comma_list([card_name(c) for c in hand])),
                                private_to=seat, kind="hand"))
            return
        deck_discard(state["deck"], *hand)
        with rng_of(state) as rng:
            state["hands"][seat] = deck_draw(state["deck"], rng, DEAL)
        events.append(Event(counted("{who} had fewer than {n} card matching a ghost and gets a new hand of {deal}.",
                                    "{who} had fewer than {n} cards matching a ghost and gets a new hand of {deal}.",
                                    MIN_MATCHING, who=seat_name(seat), deal=DEAL), kind="redeal"))
        events.append(Event(Said("New hand: {cards}. Discard {count} again.", count=DISCARD_COUNT,
                                 cards=comma_list([card_name(c) for c in state["hands"][seat]])),
                            private_to=seat, kind="hand"))

    def _auto_discard(self, state: State, seat: int, events: list[Event]) -> None:
        """Timeout: drop the cards matching nothing (earliest first), else the last ones."""
        for _ in range(AUTO_REDEALS):
            pairs = _ghost_pairs(state)
            hand = state["hands"][seat]
            matching = [_matches_board(cid, pairs) for cid in hand]
            order = sorted(range(len(hand)), key=lambda i: (matching[i], -i if matching[i] else i))
            self._do_discard(state, seat, [hand[i] for i in order[:DISCARD_COUNT]], events)
            if seat not in state["discard_pending"]:
                return
        # Still unlucky after many re-deals: keep the last dealt 4 cards as they are.
        hand = state["hands"][seat]
        extra = hand[HAND:]
        del hand[HAND:]
        deck_discard(state["deck"], *extra)
        state["discard_pending"].remove(seat)

    # race ------------------------------------------------------------------------------

    def _call(self, state: State, seat: int, action: CallAction, now: float) -> list[Event]:
        meeple = action["meeple"]
        if meeple not in MEEPLES:
            raise RuleError("Call one of the meeples: {meeples}.", meeples=comma_list([colour_word(m) for m in MEEPLES]))
        self._check_round(state, action, Said("That roll is over; look at the new one."))
        phase = state["phase"]
        if phase == "discard":
            raise RuleError("The race starts once everyone has discarded.")
        if phase == "attempt" and seat == state["caller"]:
            raise RuleError("You already called the {meeple} meeple: play a card and name a tile.",
                            meeple=colour_word(state["meeple"]))
        if phase in ("attempt", "swap"):
            raise RuleError("Someone was faster: {seat} called the {meeple} meeple.",
                            seat=seat_name(state["caller"]), meeple=colour_word(state["meeple"]))
        events: list[Event] = []
        self._back(state, seat, events)
        state["phase"] = "attempt"
        state["caller"] = seat
        state["meeple"] = meeple
        state["call_ms"] = action.get("at_ms")  # when the winning press was made: later pressers learn the margin
        state["quiet_rolls"] = 0
        state["flow"]["deadline"] = after(now, ATTEMPT_SECONDS)
        events.append(Event(Said("{who} calls the {meeple} meeple!", who=seat_name(seat), meeple=colour_word(meeple)),
                            kind="call"))
        return events

    def _start_race(self, state: State, quiet: int, now: float, events: list[Event]) -> None:
        """The roller rolls the die: a new race begins."""
        roller = state["caller"] if state["caller"] is not None else state["roller"]
        if roller is None:
            roller = 0
        active = _active(state)
        if roller not in active and active:
            roller = min(active, key=lambda s: (s - roller) % state["players"])
        with rng_of(state) as rng:
            die = rng.roll(6)
        state.update(phase="race", die=die, roller=roller, caller=None, meeple=None, call_ms=None, swap_done=[],
                     quiet_rolls=quiet, round=state["round"] + 1)
        state["flow"]["deadline"] = after(now, RACE_SECONDS)
        events.append(Event(Said("{who} rolls a {die}. Race!", who=seat_name(roller), die=die), kind="roll"))

    # attempt ---------------------------------------------------------------------------

    def _check_attempt(self, state: State, seat: int, action: ZapAction | GiveUpAction) -> None:
        """The caller's own attempt, of this round, is under way (a panel kept from a finished
        attempt names its round, so it hears that the attempt is over)."""
        if "round" in action and (action["round"] != state["round"] or state["phase"] != "attempt"):
            raise RuleError("That attempt is over.")
        if state["phase"] != "attempt":
            raise RuleError("There is no attempt under way: call a meeple first.")
        if seat != state["caller"]:
            raise RuleError("Only {seat} plays a card now.", seat=seat_name(state["caller"]))

    def _zap(self, state: State, seat: int, action: ZapAction, now: float) -> list[Event]:
        self._check_attempt(state, seat, action)
        cid = self._card_in_hand(state, seat, action["card"])
        dest = action["to"]
        if not inside(dest, SIZE, SIZE):
            raise RuleError("Name a tile of the board, from A1 to F6.")
        events: list[Event] = []
        self._back(state, seat, events)
        card = CARDS[cid]
        meeple = state["meeple"]
        start = state["meeples"][meeple]
        steps = state["die"]
        walk = find_walk(start, dest, steps)
        r, c = dest
        ghost, symbol = state["ghosts"][r][c], state["symbols"][r][c]
        played = Said("{who} plays the {card} and moves the {meeple} meeple from {start} to {end}", who=seat_name(seat),
                      card=card_name(cid), meeple=colour_word(meeple), start=label(start), end=label(dest))
        attempt = {"seat": seat, "meeple": meeple, "card": cid, "from": list(start), "to": list(dest),
                   "die": steps, "success": False, "reason": ""}
        if walk is None:
            attempt["reason"] = "no_walk"
            events.append(Event(counted("{played}: no walk of exactly {n} step gets there. The meeple goes back and "
                                        "the card returns to the hand.",
                                        "{played}: no walk of exactly {n} steps gets there. The meeple goes back and "
                                        "the card returns to the hand.", steps, played=played), kind="miss"))
        elif ghost != card.colour or symbol != card.symbol:
            attempt["reason"] = "no_match"
            there = (Said("a {ghost} ghost on {symbol}", ghost=colour_word(ghost), symbol=SYMBOL_WORDS[symbol])
                     if ghost else Said("no ghost"))
            events.append(Event(Said("{played}: there is {there}, no match. The meeple goes back and the card returns "
                                     "to the hand.", played=played, there=there), kind="miss"))
        else:
            attempt["success"] = True
            state["ghosts"][r][c] = None
            state["captured"][seat].append(ghost)
            state["meeples"][meeple] = list(dest)
            state["last_path"] = walk
            state["hands"][seat].remove(cid)
            deck_discard(state["deck"], cid)
            with rng_of(state) as rng:
                drawn = deck_draw(state["deck"], rng, 1)
            state["hands"][seat].extend(drawn)
            score = len(state["captured"][seat])
            route = " ".join(label(x) for x in walk)
            events.append(Event(counted("{played} ({route}) and zaps the {ghost} ghost! {n} ghost.",
                                        "{played} ({route}) and zaps the {ghost} ghost! {n} ghosts.", score,
                                        played=played, route=route, ghost=colour_word(ghost)), kind="zap"))
            if drawn:
                events.append(Event(Said("You draw the {card}.", card=card_name(drawn[0])), private_to=seat, kind="hand"))
        state["last_attempt"] = attempt
        self._after_attempt(state, now, events)
        return events

    def _give_up(self, state: State, seat: int, action: GiveUpAction, now: float) -> list[Event]:
        self._check_attempt(state, seat, action)
        events: list[Event] = []
        self._back(state, seat, events)
        self._fail_attempt(state, "gave_up", events)
        self._after_attempt(state, now, events)
        return events

    def _fail_attempt(self, state: State, reason: str, events: list[Event]) -> None:
        seat, meeple = state["caller"], state["meeple"]
        state["last_attempt"] = {"seat": seat, "meeple": meeple, "card": None,
                                 "from": list(state["meeples"][meeple]), "to": None,
                                 "die": state["die"], "success": False, "reason": reason}
        who, colour = seat_name(seat), colour_word(meeple)
        said = {"timeout": Said("{who} ran out of time: the {meeple} meeple stays put.", who=who, meeple=colour),
                "gave_up": Said("{who} gives up: the {meeple} meeple stays put.", who=who, meeple=colour),
                "left": Said("{who} left: the {meeple} meeple stays put.", who=who, meeple=colour)}[reason]
        events.append(Event(said, kind="miss"))

    def _after_attempt(self, state: State, now: float, events: list[Event]) -> None:
        """Win check, then the swap phase for everyone else."""
        seat = state["caller"]
        if len(state["captured"][seat]) >= state["target"]:
            self._finish(state, "target", events)
            return
        if not _capturable(state):
            self._finish(state, "no_ghosts", events)
            return
        state["phase"] = "swap"
        state["swap_done"] = []
        state["flow"]["deadline"] = after(now, SWAP_SECONDS)
        if not _swap_pending(state):
            self._start_race(state, 0, now, events)

    # swap ------------------------------------------------------------------------------

    def _check_swap(self, state: State, seat: int, action: SwapAction | KeepAction) -> None:
        self._check_round(state, action, Said("That round is over; look at the current board."))
        if state["phase"] != "swap":
            raise RuleError("You may swap a card only after an attempt.")
        if seat == state["caller"]:
            raise RuleError("The caller does not swap; the others are choosing.")
        if seat in state["swap_done"]:
            raise RuleError("You have already chosen this round.")

    def _swap(self, state: State, seat: int, action: SwapAction, now: float) -> list[Event]:
        self._check_swap(state, seat, action)
        cid = self._card_in_hand(state, seat, action["card"])
        events: list[Event] = []
        self._back(state, seat, events)
        state["hands"][seat].remove(cid)
        deck_discard(state["deck"], cid)
        with rng_of(state) as rng:
            drawn = deck_draw(state["deck"], rng, 1)
        state["hands"][seat].extend(drawn)
        state["swap_done"].append(seat)
        events.append(Event(Said("{who} swaps a card.", who=seat_name(seat)), kind="swap"))
        events.append(Event(Said("You discard the {card} and draw the {drawn}.", card=card_name(cid),
                                 drawn=card_name(drawn[0])),
                            private_to=seat, kind="hand"))
        self._maybe_end_swap(state, now, events)
        return events

    def _keep(self, state: State, seat: int, action: KeepAction, now: float) -> list[Event]:
        self._check_swap(state, seat, action)
        events: list[Event] = []
        self._back(state, seat, events)
        state["swap_done"].append(seat)
        events.append(Event(Said("{who} keeps their cards.", who=seat_name(seat)), kind="keep"))
        self._maybe_end_swap(state, now, events)
        return events

    def _maybe_end_swap(self, state: State, now: float, events: list[Event]) -> None:
        if not _swap_pending(state):
            self._start_race(state, 0, now, events)

    # timers and leaving ----------------------------------------------------------------

    def _silent(self, state: State, seats: list[int], events: list[Event]) -> None:
        for s in flow.miss(state["flow"], [s for s in seats if s not in state["flow"]["left"]]):
            events.append(Event(counted("{who} has been silent for {n} timer and is skipped until they act again.",
                                        "{who} has been silent for {n} timers and is skipped until they act again.",
                                        AWAY_AFTER, who=seat_name(s)), kind="away"))

    def _timeout(self, state: State, now: float) -> list[Event]:
        events: list[Event] = []
        phase = state["phase"]
        if phase == "discard":
            late = list(state["discard_pending"])
            for s in late:
                self._auto_discard(state, s, events)
                events.append(Event(Said("{who} ran out of time; cards were discarded for them.", who=seat_name(s)),
                                    kind="discard"))
            self._silent(state, late, events)
            if self._too_few(state, events):
                return events
            self._start_race(state, 0, now, events)
        elif phase == "race":
            quiet = state["quiet_rolls"] + 1
            if quiet >= MAX_QUIET_ROLLS:
                events.append(Event(counted("Nobody called for {n} roll in a row.", "Nobody called for {n} rolls in a row.",
                                            MAX_QUIET_ROLLS), kind="quiet"))
                self._finish(state, "quiet", events)
                return events
            events.append(Event(Said("Nobody called. The die is rolled again."), kind="reroll"))
            self._start_race(state, quiet, now, events)
        elif phase == "attempt":
            caller = state["caller"]
            self._fail_attempt(state, "timeout", events)
            self._silent(state, [caller], events)
            if self._too_few(state, events):
                return events
            self._after_attempt(state, now, events)
        elif phase == "swap":
            late = _swap_pending(state)
            if late:
                who = ", ".join(seat_name(s) for s in late)
                events.append(Event(Said("Time is up: {who} keeps their cards.", who=who) if len(late) == 1
                                    else Said("Time is up: {who} keep their cards.", who=who), kind="keep"))
            self._silent(state, late, events)
            if self._too_few(state, events):
                return events
            self._start_race(state, 0, now, events)
        return events

    def _leave(self, state: State, seat: int, now: float) -> list[Event]:
        events = [Event(Said("{who} leaves the game.", who=seat_name(seat)), kind="leave")]
        flow.leave(state["flow"], seat)
        deck_discard(state["deck"], *state["hands"][seat])
        state["hands"][seat] = []
        if seat in state["discard_pending"]:
            state["discard_pending"].remove(seat)
        if self._too_few(state, events):
            return events
        phase = state["phase"]
        if phase == "discard" and not state["discard_pending"]:
            self._start_race(state, 0, now, events)
        elif phase == "attempt" and state["caller"] == seat:
            self._fail_attempt(state, "left", events)
            self._after_attempt(state, now, events)
        elif phase == "swap" and not _swap_pending(state):
            self._start_race(state, 0, now, events)
        return events

    def _too_few(self, state: State, events: list[Event]) -> bool:
        if len(_active(state)) >= 2:
            return False
        self._finish(state, "alone", events)
        return True

    def _finish(self, state: State, reason: str, events: list[Event]) -> None:
        state["phase"] = "over"
        state["flow"]["deadline"] = None
        state["end"] = {"reason": reason}
        events.append(Event(self._ranked(state, reason).summary, kind="end"))

    # -----------------------------------------------------------------------------------------
    # Views and outcome

    def view(self, state: State, seat: int | None) -> View:
        """The typed views of engine/ghosts_types.py, as the protocol's plain dict."""
        public = self._public_view(state)
        if seat is None or not 0 <= seat < state["players"]:
            return dict(public)
        mine: SeatView = {
            **public,
            "hand": [card_info(cid) for cid in state["hands"][seat]],
            "must_discard": state["phase"] == "discard" and seat in state["discard_pending"],
            "may_swap": (state["phase"] == "swap" and seat != state["caller"]
                         and seat not in state["swap_done"] and seat not in state["flow"]["left"]),
        }
        return dict(mine)

    def _public_view(self, state: State) -> GhostsView:
        attempt = state["last_attempt"]
        outcome = self.outcome(state)
        return {
            "game": "ghosts",
            "players": state["players"],
            "phase": state["phase"],
            "round": state["round"],
            "symbols": [list(row) for row in state["symbols"]],
            "ghosts": [list(row) for row in state["ghosts"]],
            "meeples": {m: list(cell) for m, cell in state["meeples"].items()},
            "die": state["die"],
            "roller": state["roller"],
            "caller": state["caller"],
            "meeple": state["meeple"],
            "call_ms": state["call_ms"],
            "scores": _scores(state),
            "captured": [list(c) for c in state["captured"]],
            "target": state["target"],
            "hand_counts": [len(h) for h in state["hands"]],
            "deadline": self.next_deadline(state),
            "waiting_for": self.waiting_for(state),
            "away": list(state["flow"]["away"]),
            "left": list(state["flow"]["left"]),
            "last_path": None if state["last_path"] is None else [list(x) for x in state["last_path"]],
            "last_attempt": None if attempt is None else _attempt_view(attempt),
            "ranks": None if outcome is None else list(outcome.ranks),
        }

    def outcome(self, state: State) -> Outcome | None:
        return None if state["end"] is None else self._ranked(state, state["end"]["reason"])

    def _ranked(self, state: State, reason: str) -> Outcome:
        n = state["players"]
        scores = _scores(state)

        def tier(s: int) -> int:
            if s in state["flow"]["left"]:
                return 2
            if reason == "alone" and s in state["flow"]["away"]:
                return 1
            return 0

        keys = [(-tier(s), scores[s]) for s in range(n)]
        ranks = ranked(keys)
        winners = [s for s in range(n) if ranks[s] == 1]
        who = seat_name(winners[0])
        for s in winners[1:]:
            who = Said("{list} and {item}", list=who, item=seat_name(s))
        ghosts, one = scores[winners[0]], len(winners) == 1
        result = (counted("{who} wins with {n} ghost.", "{who} wins with {n} ghosts.", ghosts, who=who) if one
                  else counted("{who} win with {n} ghost.", "{who} win with {n} ghosts.", ghosts, who=who))
        if reason == "target":
            summary = result
        elif reason == "no_ghosts":
            summary = Said("No ghost can be captured any more. {result}", result=result)
        elif reason == "quiet":
            summary = Said("The table went quiet. {result}", result=result)
        else:
            summary = Said("Too few players remain. {result}",
                           result=Said("{who} wins.", who=who) if one else Said("{who} win.", who=who))
        margin = None
        if len(winners) == 1:
            others = [scores[s] for s in range(n) if s not in winners]
            margin = float(scores[winners[0]] - max(others)) if others else None
        return Outcome(ranks, tuple(float(x) for x in scores), summary,
                       won=tuple(s in winners for s in range(n)), margin=margin)

    def invariants(self, state: State) -> list[str]:
        broken: list[str] = []
        n = state["players"]
        on_board = sum(1 for row in state["ghosts"] for g in row if g)
        captured = sum(len(c) for c in state["captured"])
        if on_board + captured != GHOST_TOTAL:
            broken.append(f"ghosts on board ({on_board}) + captured ({captured}) != {GHOST_TOTAL}")
        for r in range(SIZE):
            for c in range(SIZE):
                if state["ghosts"][r][c] is not None and state["symbols"][r][c] is None:
                    broken.append(f"a ghost stands on plain tile {label([r, c])}")
        everywhere = [g for row in state["ghosts"] for g in row if g] + \
            [g for cs in state["captured"] for g in cs]
        for colour in GHOST_COLOURS:
            total = everywhere.count(colour)
            if total != GHOSTS_PER_COLOUR:
                broken.append(f"{total} {colour} ghosts in the game")
        cards = _cards_in_game(state)
        if len(cards) != len(set(cards)):
            broken.append("a card is in two places")
        if len(cards) != _deck_size(state["options"]):
            broken.append(f"{len(cards)} cards accounted for, expected {_deck_size(state['options'])}")
        for s in range(n):
            size = len(state["hands"][s])
            if s in state["flow"]["left"]:
                expected = 0
            elif state["phase"] == "discard" and s in state["discard_pending"]:
                expected = DEAL
            else:
                expected = HAND
            if size != expected:
                broken.append(f"seat {s} holds {size} cards, expected {expected}")
        if sorted(state["meeples"]) != sorted(MEEPLES):
            broken.append("the meeples are not the four")
        for m, cell in state["meeples"].items():
            if not inside(cell, SIZE, SIZE):
                broken.append(f"the {m} meeple is off the board")
        phase = state["phase"]
        if phase in ("attempt", "swap") and (state["caller"] is None or state["meeple"] is None):
            broken.append(f"{phase} without a caller")
        if phase in ("race", "attempt", "swap") and state["die"] not in range(1, 7):
            broken.append("no die value during a round")
        if phase != "over" and state["flow"]["deadline"] is None:
            broken.append("no timer running")
        if phase == "over":
            end = state["end"]
            if end is None:
                broken.append("over without an end")
            elif end["reason"] == "target":
                scores = _scores(state)
                if max(scores) < state["target"]:
                    broken.append("the winner did not reach the target")
        elif max(_scores(state)) >= state["target"]:
            broken.append("someone reached the target but the game goes on")
        path = state["last_path"]
        if path is not None:
            if any(abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1 for a, b in pairwise(path)):
                broken.append("the last path is not a walk")
            if len({tuple(x) for x in path}) != len(path):
                broken.append("the last path enters a tile twice")
        if set(state["flow"]["away"]) & set(state["flow"]["left"]):
            broken.append("a seat is both away and left")
        return broken
