"""Treasure of the Dragons (Schatz der Drachen, Reiner Knizia, Winning Moves 2003): `dragon`.

Push-your-luck memory on a 7x7 grid of 49 face-down cards: 4 balls, 4 cars, 4 dolls (toys),
6 candlesticks, 8 treasure crates, 8 diamond rings, 12 small dragons and 3 spiders.

On a turn the player turns over cards one at a time and may stop. A spider ends the turn at
once: everything revealed is covered again, and the player may move the spider to an empty
cell. A dragon revealed together with a toy, candlestick or crate (in either order) ends the
turn with nothing. A player who stops collects every revealed ring and dragon, toys in pairs of
a kind (2 or 4), candlesticks in threes (3 or 6) and crates in fours (4 or 8); the rest is
covered again where it lay. When only the 3 spiders are left the game ends: the player with the
most dragons takes the spiders (a tie: nobody does) and the most cards wins.

Memory is the game, so the views and events are built to forget: the views show face-down
cells, empty cells, the cards revealed in the turn now running, and the cards that ended the
last turn. Everyone at a real table sees the card that ends a turn before it is covered, so the
views keep it face up (`shown`, the ending card first) until the next player turns over their
first card (or their turn ends without one):
- a spider: the spider, where it lies (after a move, on its new cell);
- a clash: the card just turned over and every card turned over earlier this turn that it
  clashes with (the dragons for a treasure, the treasures for a dragon); rings stay covered.
Events name those cards and their cells, and otherwise only what was collected: never which
other cards were covered again or where they lie.

Design choices where the rules are silent (also in `rules`):
- Seat 0 begins (the table seats the youngest first); play goes clockwise by seat.
- A stop needs at least one card turned over this turn (no passing), so a game cannot stall;
  a player whose time runs out stops anyway and collects what is legal, possibly nothing.
- When more of a kind are revealed than a whole number of sets, the ones turned over first are
  collected and the later extras stay (all cards of a kind are alike).
- After a spider ends the turn the same player has SPIDER_SECONDS to move it
  ({"type": "move_spider"}) to any empty cell or leave it ({"type": "keep_spider"}); when the
  time runs out the spider stays. Then play passes. A moved spider stays shown on its new cell;
  the event names that cell, since everyone at a real table sees where it goes.
- Ordinary reveals produce no event (the board, edited in place, shows them): a text log of
  reveals would outlive the turn and defeat the memory game.
- Time: TURN_SECONDS for every action of the player on turn (each reveal restarts it).
- A player who leaves is skipped from then on; their revealed cards are covered again. When
  fewer than two players remain the game ends at once (no spider award); leavers rank last.
- Scores are the cards collected (the spiders count for whoever takes them). Ties share a rank.
- The table's TIMEOUT is refused before the deadline, so a late timer cannot end a live turn.
- Away: a seat whose turn the table's TIMEOUT ended `flow.AWAY_AFTER` times in a row is away
  (`away`), so the table has a computer keep it; away seats still take their turns (nobody is
  skipped). Any action of that seat brings it back.

Whose turn it is, who left, who is away and the turn's deadline are the shared kit's
(`state["flow"]`, engine/flow.py: one seat's turn at a time). Games saved before that kept them
as `turn`, `gone`, `deadline` and `timed_out`: `upgrade` turns such a snapshot into today's.
"""
from __future__ import annotations

from collections import Counter
from typing import Final, Literal, TypedDict, cast

from . import flow
from .errors import RuleError, Said, Term, counted
from .flow import after
from .grid import label, parse_label
from .protocol import (
    EVERY_GAME,
    PAIR,
    WORD,
    Action,
    Event,
    Game,
    Outcome,
    Seat,
    Shapes,
    State,
    View,
    either,
    needed,
    seat_name,
    whole,
)
from .registry import register
from .rng import Rng
from .words import plural

SIZE = 7
TURN_SECONDS = 90.0
SPIDER_SECONDS = 30.0

TOYS = ("ball", "car", "doll")
TREASURES = (*TOYS, "candlestick", "crate")  # what a dragon may not share a turn with
KINDS = ("ball", "car", "doll", "candlestick", "crate", "ring", "dragon", "spider")
COUNTS = {"ball": 4, "car": 4, "doll": 4, "candlestick": 6, "crate": 8, "ring": 8, "dragon": 12, "spider": 3}
SET_SIZE = {"ball": 2, "car": 2, "doll": 2, "candlestick": 3, "crate": 4, "ring": 1, "dragon": 1}

DOWN: Final = "down"    # a face-down card in a view
EMPTY: Final = "empty"  # a collected (or vacated) cell in a view

Phase = Literal["reveal", "spider", "over"]
REVEAL: Final = "reveal"
SPIDER: Final = "spider"
OVER: Final = "over"

# ----------------------------------------------------------------- the typed contract
# Actions and the view are plain JSON dicts (the log replays them, a snapshot is their text);
# these TypedDicts say which keys they hold, so the cog and the renderer read them checked.

Cell = list[int]  # [row, col], 0-based; texts and images say "C4" (engine.grid.label)


class RevealAction(TypedDict):
    type: Literal["reveal"]
    cell: Cell | str  # or its label, "C4"


class StopAction(TypedDict):
    type: Literal["stop"]


class MoveSpiderAction(TypedDict):
    type: Literal["move_spider"]
    cell: Cell | str  # an empty cell, or its label


class KeepSpiderAction(TypedDict):
    type: Literal["keep_spider"]


DragonAction = RevealAction | StopAction | MoveSpiderAction | KeepSpiderAction
CELL = needed(either(Term("a cell, such as [2, 3] or C4", "kind of value"), PAIR, WORD))
SHAPES: Shapes = {**EVERY_GAME, "reveal": {"cell": CELL}, "stop": {}, "move_spider": {"cell": CELL}, "keep_spider": {}}


class Face(TypedDict):
    """A face-up card: where it lies and what it is."""

    cell: Cell
    label: str  # "C4"
    kind: str  # one of KINDS


# A card that ended the last turn; "from" (a keyword, hence this form) is the label of the cell
# a moved spider came from, else None.
Shown = TypedDict("Shown", {"cell": Cell, "label": str, "kind": str, "from": str | None})

Ending = Literal["stop", "timeout", "spider", "dragon", "left"]


class LastTurn(TypedDict):
    """How the last turn ended, for everyone: who, how, and what they collected."""

    seat: Seat
    ending: Ending
    collected: dict[str, int]  # kind -> count; empty unless the turn ended in a stop or a timeout


class DragonView(TypedDict):
    """What everyone sees (every seat sees the same: memory is the game, not hidden hands)."""

    players: int
    turn: Seat
    turn_number: int
    phase: Phase
    deadline: float | None
    grid: list[list[str]]  # per cell: DOWN, EMPTY, or the kind of a card face up
    revealed: list[Face]  # this turn's cards, in the order turned over
    would_collect: dict[str, int]  # what a stop now collects
    shown: list[Shown]  # the cards that ended the last turn, the ending card first
    collected: list[dict[str, int]]  # per seat: kind -> count
    scores: list[int]  # per seat: cards collected
    gone: list[Seat]  # seats that left
    last_turn: LastTurn | None
    ended: Literal["spiders", "left"] | None  # how a game over ended
    spiders_to: Seat | None  # who took the spiders at the end


def collectable(kinds: list[str]) -> dict[str, int]:
    """How many of each kind a stop collects from these revealed kinds (whole sets only)."""
    counts = Counter(kinds)
    out = {}
    for kind in KINDS:
        size = SET_SIZE.get(kind)
        n = counts.get(kind, 0)
        if size and n >= size:
            out[kind] = n - n % size
    return out


A_CARD = {  # a card as events name it, "a ball", in each language's words
    "ball": Said("a ball"), "car": Said("a car"), "doll": Said("a doll"), "candlestick": Said("a candlestick"),
    "crate": Said("a crate"), "ring": Said("a ring"), "dragon": Said("a dragon"), "spider": Said("a spider"),
}
CARDS_OF = {  # n cards of a kind, "2 balls"
    "ball": lambda n: counted("{n} ball", "{n} balls", n),
    "car": lambda n: counted("{n} car", "{n} cars", n),
    "doll": lambda n: counted("{n} doll", "{n} dolls", n),
    "candlestick": lambda n: counted("{n} candlestick", "{n} candlesticks", n),
    "crate": lambda n: counted("{n} crate", "{n} crates", n),
    "ring": lambda n: counted("{n} ring", "{n} rings", n),
    "dragon": lambda n: counted("{n} dragon", "{n} dragons", n),
    "spider": lambda n: counted("{n} spider", "{n} spiders", n),
}


def describe(counts: dict[str, int]) -> str:
    """{'ball': 2, 'ring': 1} -> '2 balls, 1 ring' (in KINDS order)."""
    parts = [CARDS_OF[kind](n) for kind in KINDS if (n := counts.get(kind, 0))]
    if not parts:
        return Said("nothing")
    listed = parts[0]
    for part in parts[1:]:
        listed = Said("{list}, {item}", list=listed, item=part)
    return listed


def clashes(a: str, b: str) -> bool:
    """A dragon and a toy, candlestick or crate may not be face up in one turn (either order)."""
    return (a == "dragon" and b in TREASURES) or (b == "dragon" and a in TREASURES)


def and_list(parts: list[str]) -> str:
    """['a', 'b', 'c'] -> 'a, b and c', kept as words each language joins its own way."""
    listed = parts[0]
    for part in parts[1:-1]:
        listed = Said("{list}, {item}", list=listed, item=part)
    return listed if len(parts) == 1 else Said("{list} and {item}", list=listed, item=parts[-1])


def _face(state: State, cell: Cell) -> Face:
    """A face-up card as views show it: its cell, the cell's label and its kind."""
    return {"cell": list(cell), "label": label(cell), "kind": state["grid"][cell[0]][cell[1]]}


def turn_of(state: State) -> Seat:
    """The seat on turn (after the end: the last one)."""
    seat: Seat = state["flow"]["seats"][0]
    return seat


def _gone(state: State) -> list[Seat]:
    """Seats that left."""
    return state["flow"]["left"]


def upgrade(state: State) -> State:
    """A snapshot saved before the flow kit held the turn: the same game in today's keys."""
    if "flow" in state:
        return state
    state = dict(state)
    players, gone = state["players"], list(state.pop("gone"))
    missed = list(state.pop("timed_out", None) or [0] * players)
    kit = flow.new(players)
    flow.one(kit, state.pop("turn"), state.pop("deadline"))
    kit["left"], kit["missed"] = gone, missed
    kit["away"] = [seat for seat, n in enumerate(missed) if n >= flow.AWAY_AFTER and seat not in gone]
    state["flow"] = kit
    return state


def _cell(action: RevealAction | MoveSpiderAction) -> Cell:
    """The action's cell as [row, col], given as [r, c] or an 'A1' label; RuleError if off-grid."""
    cell = action["cell"]
    if isinstance(cell, str):
        parsed = parse_label(cell, SIZE, SIZE)
        if parsed is None:
            raise RuleError("'{cell}' is not a cell: columns A-G, rows 1-7.", cell=cell)
        return parsed
    if 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE:
        return [cell[0], cell[1]]
    raise RuleError("Pick a cell of the 7x7 grid: columns A-G, rows 1-7.")


def public_view(state: State) -> DragonView:
    """What everyone sees: face-down and empty cells, this turn's cards, the last turn's ending cards."""
    grid = [[DOWN if kind is not None else EMPTY for kind in row] for row in state["grid"]]
    revealed = [_face(state, cell) for cell in state["revealed"]]
    shown: list[Shown] = [{**_face(state, item["cell"]), "from": item["from"] and label(item["from"])}
                          for item in state.get("shown", [])]  # (games saved before `shown` existed have none)
    for item in (*revealed, *shown):
        r, c = item["cell"]
        grid[r][c] = item["kind"]
    last = state["last_turn"]
    return {
        "players": state["players"],
        "turn": turn_of(state),
        "turn_number": state["turn_number"],
        "phase": state["phase"],
        "deadline": state["flow"]["deadline"],
        "grid": grid,
        "revealed": revealed,
        "would_collect": collectable([item["kind"] for item in revealed]),
        "shown": shown,
        "collected": [dict(c) for c in state["collected"]],
        "scores": [sum(c.values()) for c in state["collected"]],
        "gone": list(_gone(state)),
        "last_turn": None if last is None else {"seat": last["seat"], "ending": last["ending"],
                                                "collected": dict(last["collected"])},
        "ended": state["ended"],
        "spiders_to": state["spiders_to"],
    }


@register
class Dragon(Game):
    name = "dragon"
    computer = "engine.computers.dragon"  # its computer player (engine/computers)
    title = "Treasure of the Dragons"
    min_players = 2
    max_players = 5
    options = ()
    shapes = SHAPES
    rules = (
        "**Treasure of the Dragons** (Reiner Knizia): push your luck and remember where things lie.\n"
        "**Cards:** 49 face down in a 7x7 grid (columns A-G, rows 1-7): toys (4 balls, 4 cars, "
        "4 dolls), 6 candlesticks, 8 treasure crates, 8 diamond rings, 12 small dragons, 3 spiders.\n"
        "**Your turn:** turn over cards one at a time; they stay face up in place. Stop whenever you "
        "like (after at least one card) to collect:\n"
        "- every revealed **ring** and **dragon**;\n"
        "- **toys** in pairs of a kind (2 or 4 balls, cars or dolls);\n"
        "- **candlesticks** in threes (3 or 6);\n"
        "- **crates** in fours (4 or 8).\n"
        "Extras are covered again where they lie (the ones turned over first are collected). "
        "Example: 2 balls, 4 candlesticks, 1 doll, 2 rings -> you collect 2 balls, 3 candlesticks "
        "and 2 rings.\n"
        "**Danger:**\n"
        "- A **spider** ends your turn at once: everything is covered again and you get nothing. "
        f"You then have {int(SPIDER_SECONDS)} s to move the spider to any empty cell (or leave it).\n"
        "- A **dragon** together with a toy, candlestick or crate revealed this turn (either order) "
        "ends your turn with nothing; everything is covered again. Rings are safe with dragons.\n"
        "**Memory:** everyone sees the card that ends a turn: the spider (where it lies, after a move "
        "on its new cell), or the dragon and the treasure that clashed stay face up, ringed, until the "
        "next player turns over their first card. Every other card is hidden again once a turn ends, "
        "and announcements name only what was collected and the cards that ended a turn.\n"
        "**End:** when only the 3 spiders are left. Whoever has the most dragons takes the 3 spiders "
        "(a tie: nobody does). Most cards wins; ties share the place.\n"
        "**Our choices:** seat 1 begins, then clockwise. You must turn over at least one card before "
        f"stopping. If you do nothing for {int(TURN_SECONDS)} s you stop and collect what is legal. "
        "A player who leaves is skipped and ranks last; with fewer than two players left the game ends. "
        f"A player whose time runs out {flow.AWAY_AFTER} turns in a row is away: a computer plays their "
        "turns until they act again."
    )

    # ----------------------------------------------------------------- setup
    def setup(self, players: int, options: dict[str, bool], seed: int, now: float) -> State:
        if not self.min_players <= players <= self.max_players:
            raise RuleError("{game} takes {least}-{most} players.", game=self.title, least=self.min_players,
                            most=self.max_players)
        rng = Rng(seed)
        cards = [kind for kind in KINDS for _ in range(COUNTS[kind])]
        rng.shuffle(cards)
        grid = [cards[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]
        return {
            "players": players,
            "grid": grid,                # kind per cell, None once empty
            "revealed": [],              # cells turned over this turn, in order
            "shown": [],                 # the cards that ended the last turn: [{"cell", "from"}]
            "turn_number": 1,
            "phase": REVEAL,
            "spider_cell": None,         # the spider that ended the turn (spider phase only)
            "collected": [{k: 0 for k in KINDS} for _ in range(players)],
            "last_turn": None,           # public summary of the turn that ended last
            "ended": None,               # "spiders" (normal end) or "left"
            "spiders_to": None,
            "flow": self._first_turn(players, now),  # whose turn, who left or is away, the deadline
            "rng": rng.state,
        }

    @staticmethod
    def _first_turn(players: int, now: float) -> flow.Flow:
        kit = flow.new(players)
        flow.one(kit, 0, after(now, TURN_SECONDS))
        return kit

    def upgrade(self, state: State) -> State:
        return upgrade(state)

    # ----------------------------------------------------------------- queries
    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if state["phase"] == OVER or seat != turn_of(state) or seat in _gone(state):
            return []
        grid = state["grid"]
        if state["phase"] == SPIDER:
            moves = [{"type": "move_spider", "cell": [r, c]}
                     for r in range(SIZE) for c in range(SIZE) if grid[r][c] is None]
            return [{"type": "keep_spider"}, *moves]
        revealed = state["revealed"]
        actions = [{"type": "reveal", "cell": [r, c]}
                   for r in range(SIZE) for c in range(SIZE)
                   if grid[r][c] is not None and [r, c] not in revealed]
        if revealed:
            actions.append({"type": "stop"})
        return actions

    def waiting_for(self, state: State) -> list[Seat]:
        return [] if state["phase"] == OVER else [turn_of(state)]

    def view(self, state: State, seat: Seat | None) -> View:
        return dict(public_view(state))  # every seat sees the same; the protocol speaks plain dicts

    def outcome(self, state: State) -> Outcome | None:
        return self._standings(state) if state["phase"] == OVER else None

    @staticmethod
    def _standings(state: State) -> Outcome:
        """Ranks and scores as they stand: most cards first, seats that left below everyone who stayed."""
        n = state["players"]
        scores = [float(sum(c.values())) for c in state["collected"]]
        ranks = flow.ranks(scores, _gone(state))
        best = [s for s in range(n) if ranks[s] == 1]
        ordered = sorted((scores[s] for s in range(n) if s not in _gone(state)), reverse=True)
        margin = ordered[0] - ordered[1] if len(ordered) > 1 else None
        names, cards = and_list([seat_name(s) for s in best]), int(scores[best[0]])
        summary = (counted("{who} win with {n} card.", "{who} win with {n} cards.", cards, who=names) if len(best) > 1
                   else counted("{who} wins with {n} card.", "{who} wins with {n} cards.", cards, who=names))
        return Outcome(ranks, tuple(scores), summary, margin=margin)

    def invariants(self, state: State) -> list[str]:
        broken = []
        grid = state["grid"]
        on_grid = Counter(k for row in grid for k in row if k is not None)
        for kind in KINDS:
            held = sum(c[kind] for c in state["collected"])
            if on_grid[kind] + held != COUNTS[kind]:
                broken.append(f"{kind}: {on_grid[kind]} on the grid + {held} collected != {COUNTS[kind]}")
        total = sum(on_grid.values()) + sum(sum(c.values()) for c in state["collected"])
        if total != 49:
            broken.append(f"{total} cards accounted for, not 49")
        revealed = state["revealed"]
        if len({tuple(c) for c in revealed}) != len(revealed):
            broken.append("a cell is revealed twice")
        kinds = [grid[r][c] for r, c in revealed]
        if None in kinds:
            broken.append("an empty cell is revealed")
        if "spider" in kinds:
            broken.append("a spider is still face up")
        if "dragon" in kinds and any(k in TREASURES for k in kinds):
            broken.append("a dragon and treasure are face up together")
        if revealed and state["phase"] != REVEAL:
            broken.append("cards are face up outside a turn")
        broken += self._shown_problems(state)
        counts = state["flow"]["missed"]
        if len(counts) != state["players"] or not all(whole(n) and n >= 0 for n in counts):
            broken.append(f"the timed-out counts {counts} are not one count per seat")
        if set(state["flow"]["away"]) & set(_gone(state)):
            broken.append("a seat is both away and gone")
        for seat, held in enumerate(state["collected"]):
            for kind, size in SET_SIZE.items():
                if held[kind] % size:
                    broken.append(f"{seat_name(seat)} holds {plural(held[kind], kind)}, not whole sets")
            if held["spider"] not in (0, 3):
                broken.append(f"{seat_name(seat)} holds {plural(held['spider'], 'spider')}")
        if state["phase"] == SPIDER:
            cell = state["spider_cell"]
            if cell is None or grid[cell[0]][cell[1]] != "spider":
                broken.append("the spider phase has no spider")
        if state["phase"] == OVER:
            if state["flow"]["deadline"] is not None:
                broken.append("a finished game has a deadline")
            if state["ended"] == "spiders" and set(on_grid) - {"spider"}:
                broken.append("the game ended with cards other than spiders left")
        else:
            if set(on_grid) <= {"spider"}:
                broken.append("only spiders are left but the game goes on")
            if turn_of(state) in _gone(state):
                broken.append("a player who left is on turn")
            if state["flow"]["deadline"] is None:
                broken.append("a running game has no deadline")
        return broken

    @staticmethod
    def _shown_problems(state: State) -> list[str]:
        """Only the cards that ended the last turn are shown, and only until the next card turns over."""
        cells = [item["cell"] for item in state.get("shown", [])]
        kinds = [state["grid"][r][c] for r, c in cells]
        if state["phase"] == SPIDER:
            return [] if cells == [state["spider_cell"]] else ["the spider phase does not show its spider"]
        if not cells:
            return []
        if state["revealed"] or state["phase"] == OVER:
            return ["the last turn's cards are still shown"]
        spider = kinds == ["spider"]
        clash = len(kinds) > 1 and all(clashes(kinds[0], k) for k in kinds[1:])
        return [] if spider or clash else [f"the shown cards {kinds} did not end a turn"]

    # ----------------------------------------------------------------- play
    def play(self, state: State, seat: Seat | None, parsed: Action, now: float) -> list[Event]:
        if state["phase"] == OVER:
            raise RuleError("The game is over.")
        action = cast(DragonAction, parsed)  # `parse` checked it against SHAPES
        kind = action["type"]
        if kind == "timeout":
            if seat is not None:
                raise RuleError("Only the table's clock can end a turn for time.")
            if not flow.due(state["flow"], now):
                raise RuleError("The time is not up yet.")
            return self._timeout(state, now)
        if kind == "leave":
            return self._leave(state, seat, now)
        if seat in _gone(state):
            raise RuleError("You have left this game.")
        if seat is None or seat != turn_of(state):
            raise RuleError("It is {seat}'s turn.", seat=seat_name(turn_of(state)))
        events = self._turn_action(state, kind, action, now)
        flow.acted(state["flow"], seat)  # any action of the seat brings it back
        return events

    def _turn_action(self, state: State, kind: str, action: DragonAction, now: float) -> list[Event]:
        """An action of the seat on turn; RuleError (the state untouched) if it may not take it now."""
        if state["phase"] == SPIDER:
            if action["type"] == "keep_spider":
                return self._place_spider(state, None, now)
            if action["type"] == "move_spider":
                cell = _cell(action)
                if state["grid"][cell[0]][cell[1]] is not None:
                    raise RuleError("{cell} is not empty: the spider can only go to an empty cell.", cell=label(cell))
                return self._place_spider(state, cell, now)
            raise RuleError("Your turn has ended: move the spider to an empty cell, or leave it where it is.")
        if action["type"] == "reveal":
            cell = _cell(action)
            if state["grid"][cell[0]][cell[1]] is None:
                raise RuleError("{cell} is empty.", cell=label(cell))
            if cell in state["revealed"]:
                raise RuleError("{cell} is already face up.", cell=label(cell))
            return self._reveal(state, cell, now)
        if kind == "stop":
            if not state["revealed"]:
                raise RuleError("Turn over at least one card before you stop.")
            return self._stop(state, now, timed_out=False)
        if kind in ("move_spider", "keep_spider"):
            raise RuleError("There is no spider to move now.")
        raise RuleError("Turn over a card, or stop and collect.")

    def _reveal(self, state: State, cell: Cell, now: float) -> list[Event]:
        grid = state["grid"]
        kind = grid[cell[0]][cell[1]]
        seat = turn_of(state)
        state["shown"] = []  # the last turn's ending cards are covered when the next card turns over
        if kind == "spider":
            state["revealed"] = []
            state["shown"] = [{"cell": cell, "from": None}]
            state["phase"] = SPIDER
            state["spider_cell"] = cell
            state["flow"]["deadline"] = after(now, SPIDER_SECONDS)
            state["last_turn"] = {"seat": seat, "ending": "spider", "collected": {}}
            return [Event(Said("{who} turned over a spider at {cell}: the turn ends with nothing and everything "
                               "else is covered again. {who} may move the spider to an empty cell.",
                               who=seat_name(seat), cell=label(cell)), kind="turn_end")]
        woken = [c for c in state["revealed"] if clashes(kind, grid[c[0]][c[1]])]
        state["revealed"].append(cell)
        if woken:
            state["shown"] = [{"cell": c, "from": None} for c in (cell, *woken)]
            state["last_turn"] = {"seat": seat, "ending": "dragon", "collected": {}}
            beside = and_list([Said("{card} at {cell}", card=A_CARD[grid[r][c]], cell=label([r, c])) for r, c in woken])
            events = [Event(Said("{who} turned over {card} at {cell} with {beside} face up: the turn ends with "
                                 "nothing and everything else is covered again.", who=seat_name(seat),
                                 card=A_CARD[kind], cell=label(cell), beside=beside), kind="turn_end")]
            return events + self._next_turn(state, now)
        state["flow"]["deadline"] = after(now, TURN_SECONDS)
        return []

    def _stop(self, state: State, now: float, timed_out: bool) -> list[Event]:
        seat = turn_of(state)
        grid = state["grid"]
        state["shown"] = []  # a turn that ends without a card turned over covers the last ending too
        wanted = collectable([grid[r][c] for r, c in state["revealed"]])
        left = dict(wanted)
        for r, c in state["revealed"]:  # the ones turned over first are collected
            kind = grid[r][c]
            if left.get(kind, 0) > 0:
                left[kind] -= 1
                grid[r][c] = None
                state["collected"][seat][kind] += 1
        state["last_turn"] = {"seat": seat, "ending": "timeout" if timed_out else "stop",
                              "collected": wanted}
        if not wanted:
            said = (Said("Time is up: {who} stops and collects nothing.", who=seat_name(seat)) if timed_out
                    else Said("{who} stops and collects nothing.", who=seat_name(seat)))
        elif timed_out:
            said = Said("Time is up: {who} stops and collects {cards}.", who=seat_name(seat), cards=describe(wanted))
        else:
            said = Said("{who} stops and collects {cards}.", who=seat_name(seat), cards=describe(wanted))
        events = [Event(said, kind="turn_end")]
        if all(k in (None, "spider") for row in grid for k in row):
            return events + self._finish(state)
        return events + self._next_turn(state, now)

    def _place_spider(self, state: State, cell: Cell | None, now: float, timed_out: bool = False) -> list[Event]:
        seat = turn_of(state)
        if cell is None:
            text = (Said("Time is up: the spider stays where it was.") if timed_out
                    else Said("{who} leaves the spider where it was.", who=seat_name(seat)))
        else:
            r, c = state["spider_cell"]
            state["grid"][r][c] = None
            state["grid"][cell[0]][cell[1]] = "spider"
            state["shown"] = [{"cell": cell, "from": [r, c]}]
            text = Said("{who} moves the spider to {cell}.", who=seat_name(seat), cell=label(cell))
        state["spider_cell"] = None
        return [Event(text)] + self._next_turn(state, now)

    def _timeout(self, state: State, now: float) -> list[Event]:
        flow.miss(state["flow"], [turn_of(state)])  # the seat on turn missed its timer: away after a few
        if state["phase"] == SPIDER:
            return self._place_spider(state, None, now, timed_out=True)
        return self._stop(state, now, timed_out=True)

    def _leave(self, state: State, seat: Seat | None, now: float) -> list[Event]:
        if not isinstance(seat, int) or not 0 <= seat < state["players"]:
            raise RuleError("Only a seated player can leave.")
        if seat in _gone(state):
            raise RuleError("You have already left this game.")
        flow.leave(state["flow"], seat)
        events = [Event(Said("{who} leaves the game.", who=seat_name(seat)))]
        on_turn = seat == turn_of(state)
        if on_turn:
            if state["phase"] == REVEAL and state["revealed"]:
                events = [Event(Said("{who} leaves the game; their cards are covered again.", who=seat_name(seat)))]
            if state["phase"] == REVEAL:  # a spider stays shown, as when it is left where it was
                state["shown"] = []
            state["last_turn"] = {"seat": seat, "ending": "left", "collected": {}}
            state["revealed"] = []
            state["spider_cell"] = None
        if len(flow.in_game(state["flow"])) < 2:
            state["revealed"] = []
            state["shown"] = []
            state["spider_cell"] = None
            state["phase"] = OVER
            state["ended"] = "left"
            state["flow"]["deadline"] = None
            outcome = self._standings(state)
            return events + [Event(Said("Too few players are left: the game is over. {summary}",
                                        summary=outcome.summary), kind="game_over")]
        if on_turn:
            return events + self._next_turn(state, now)
        return events

    def _next_turn(self, state: State, now: float) -> list[Event]:
        state["revealed"] = []
        state["spider_cell"] = None
        state["phase"] = REVEAL
        following = flow.next_seat(state["flow"], turn_of(state), skip_away=False)  # a computer keeps an away seat
        flow.one(state["flow"], turn_of(state) if following is None else following, after(now, TURN_SECONDS))
        state["turn_number"] += 1
        return [Event(Said("{who}'s turn.", who=seat_name(turn_of(state))), kind="turn")]

    def _finish(self, state: State) -> list[Event]:
        state["revealed"] = []
        state["spider_cell"] = None
        state["phase"] = OVER
        state["ended"] = "spiders"
        state["flow"]["deadline"] = None
        staying = flow.in_game(state["flow"])
        dragons = {s: state["collected"][s]["dragon"] for s in staying}
        most = max(dragons.values())
        leaders = [s for s in staying if dragons[s] == most]
        if len(leaders) == 1:
            taker = leaders[0]
            state["spiders_to"] = taker
            for row in state["grid"]:
                for c, kind in enumerate(row):
                    if kind == "spider":
                        row[c] = None
                        state["collected"][taker]["spider"] += 1
            award = counted("{who} has the most dragons ({most}) and takes the {n} spider.",
                            "{who} has the most dragons ({most}) and takes the {n} spiders.",
                            state["collected"][taker]["spider"], who=seat_name(taker), most=most)
        else:
            award = counted("{who} tie with {n} dragon each: nobody takes the spiders.",
                            "{who} tie with {n} dragons each: nobody takes the spiders.", most,
                            who=and_list([seat_name(s) for s in leaders]))
        outcome = self._standings(state)
        return [Event(Said("Only the spiders are left: the game is over. {award} {summary}", award=award,
                           summary=outcome.summary), kind="game_over")]
