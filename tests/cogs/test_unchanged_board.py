"""A board whose view did not change is not drawn again (cogs/pictures.BoardPictures): the same state
drawn a second time, or a move the public does not see, gets the table's last picture back; anything a
board shows that changed (the view, a name, the table ending, the seconds left) draws it afresh."""
from __future__ import annotations

import dataclasses

from cogs.arena.board import OFF_THE_PICTURE, ArenaUI
from cogs.dragon import DragonUI
from cogs.pictures import BoardPictures, seconds_left
from engine import registry
from engine.arena import EyeForAnEye
from engine.computers import LEVELS
from engine.computers.play import START, play_game
from engine.protocol import canonical
from host.session import ABORTED, Session
from render.arena import render_arena
from render.encode import RenderedImage
from render.palette import sample_states, sample_views
from render.workers import Frozen

NAMES = ["Ann", "Bob", "Cy"]


class CountingDragon(DragonUI):
    """The Dragon board, counting how often it is really drawn."""

    drawn = 0

    def render(self, session: Session, game, names: list[str]) -> RenderedImage:
        type(self).drawn += 1
        return super().render(session, game, names)


def dragon_sessions() -> list[Session]:
    registry.load()
    states = sample_states(registry.get("dragon"), 3, seed=4, at=(0, 9))
    return [Session(id=7, guild_id=1, channel_id=2, game="dragon", status="playing", host_id=100,
                    seats=[100, 101, 102], options={}, seed=4, state=state, version=i, deadline=None,
                    message_id=None, board_key=None, news=[], created_at=0.0)
            for i, state in enumerate(states)]


def drawings(pictures: BoardPictures, *boards: tuple[Session, list[str]]) -> int:
    CountingDragon.drawn = 0
    ui, game = CountingDragon(), registry.get("dragon")
    for session, names in boards:
        pictures.draw_here(ui, session, game, names)
    return CountingDragon.drawn


def test_the_same_state_drawn_again_is_not_drawn_again() -> None:
    first, _, _ = dragon_sessions()
    later = dataclasses.replace(first, version=first.version + 1, news=["Ann joined the table"])  # not on the picture
    pictures = BoardPictures()
    assert drawings(pictures, (first, NAMES), (first, NAMES), (later, NAMES)) == 1
    assert pictures.last.hits == 2


def test_the_picture_given_back_is_the_one_drawn_for_that_view() -> None:
    first, second, _ = dragon_sessions()
    pictures, ui, game = BoardPictures(), CountingDragon(), registry.get("dragon")
    drawn = pictures.draw_here(ui, first, game, NAMES)
    pictures.draw_here(ui, second, game, NAMES)
    assert pictures.draw_here(ui, first, game, NAMES) == drawn  # drawn again, since the table moved on
    assert pictures.draw_here(ui, first, game, NAMES) is pictures.draw_here(ui, first, game, NAMES)


def test_a_changed_view_a_renamed_player_or_an_ended_table_is_drawn_again() -> None:
    first, second, _ = dragon_sessions()
    aborted = dataclasses.replace(second, status=ABORTED)
    boards = [(first, NAMES), (second, NAMES), (second, ["Ann", "Bobby", "Cy"]), (aborted, ["Ann", "Bobby", "Cy"])]
    assert drawings(BoardPictures(), *boards) == 4


def test_each_table_keeps_its_own_last_board() -> None:
    first, second, _ = dragon_sessions()
    elsewhere = dataclasses.replace(second, id=8)
    assert drawings(BoardPictures(), (first, NAMES), (elsewhere, NAMES), (first, NAMES), (elsewhere, NAMES)) == 2


class CountingArena(ArenaUI):
    drawn = 0

    def render(self, session: Session, game, names: list[str]) -> RenderedImage:
        type(self).drawn += 1
        return super().render(session, game, names)


def test_a_clocked_board_is_drawn_again_only_when_the_seconds_left_change() -> None:
    game = EyeForAnEye()
    state = next(s for s in sample_states(game, 3, seed=2, at=(0, 9, 40)) if game.view(s, None).get("deadline"))
    session = Session(id=9, guild_id=1, channel_id=2, game="arena", status="playing", host_id=100,
                      seats=[100, 101, 102], options={}, seed=2, state=state, version=1, deadline=None,
                      message_id=None, board_key=None, news=[], created_at=0.0)
    shown = canonical(game.view(state, None))
    base = min(float(t) for t in _times(game.view(state, None))) - 100  # every deadline well ahead
    now = next(moment for moment in (base + f / 10 for f in range(10))
               if seconds_left(shown, moment) == seconds_left(shown, moment + 0.05))
    pictures, CountingArena.drawn = BoardPictures(), 0
    for moment in (now, now + 0.05, now + 1.0):
        pictures.draw_here(CountingArena(Frozen(moment)), session, game, NAMES)
    assert CountingArena.drawn == 2  # the second moment left the same seconds: given back


def test_the_arena_board_reads_the_clock_only_as_whole_seconds_left() -> None:
    """The key's assumption, checked on the renderer: two moments that leave the same whole seconds to
    every deadline of the view draw the same board (so a board given back says what a new one would)."""
    game = EyeForAnEye()
    checked = 0
    for view in sample_views(game, 3, seed=5, at=(0, 9, 40)) + sample_views(game, 4, seed=6, at=(3, 20),
                                                                           options={"advanced": True}):
        times = [float(t) for t in _times(view)]
        if not times:
            continue
        shown = canonical(view)
        moments = sorted({t - offset for t in times for offset in (0.05, 0.45, 0.95, 1.05, 61.5)})
        by_seconds: dict[tuple[int, ...], RenderedImage] = {}
        for now in moments:
            left = tuple(seconds_left(shown, now))
            board = render_arena(view, NAMES[: len(view["seats"])] + ["Di"] * 3, now=now)
            if left in by_seconds:
                assert board == by_seconds[left], (left, now)
                checked += 1
            by_seconds[left] = board
    assert checked > 0


def _times(view) -> list[float]:
    if isinstance(view, dict):
        return [t for key, value in view.items()
                for t in ([value] if key in ("deadline", "until") and isinstance(value, int | float)
                          and not isinstance(value, bool) else _times(value))]
    if isinstance(view, list):
        return [t for value in view for t in _times(value)]
    return []


def test_what_the_arena_key_leaves_out_never_changes_the_board() -> None:
    """The key leaves out what `ArenaUI.pictured` says the board never shows (each seat's dice and
    Auto-Parry), so a board given back for a roll must be the board drawing it again would give.
    Checked on every action of matches of computers (basic, advanced, turn-based, a mode on the
    Rainforest): each board drawn again with those fields of another moment of the match is the same,
    and the key does keep boards (most rolls change nothing else)."""
    game, ui = EyeForAnEye(), ArenaUI()
    swapped = kept = 0
    for players, seed, options in ((3, 1, {"quick": True}), (4, 2, {"quick": True, "advanced": True}),
                                   (3, 3, {"quick": True, "turn_based": True}),
                                   (3, 4, {"quick": True, "advanced": True, "rainforest": True, "hill": True})):
        played = play_game(game, [LEVELS[s % 3] for s in range(players)], options, seed, check=False)
        state, moments, last = game.setup(players, options, seed, START), [], None
        for step in played.log[:200]:
            state, _ = game.apply(state, step.seat, step.action, step.now)
            moments.append((game.view(state, None), step.now))
        names = NAMES[:players] + ["Di"] * 3
        for i, (view, now) in enumerate(moments):
            shown = canonical(ui.pictured(view))
            key = (shown, seconds_left(shown, now))
            kept += key == last
            last = key
            elsewhere = moments[(i + len(moments) // 3) % len(moments)][0]["seats"]
            other = {**view, "seats": [{**seat, **{k: there[k] for k in OFF_THE_PICTURE}}
                                       for seat, there in zip(view["seats"], elsewhere, strict=True)]}
            if i % 2 == 0 and other != view:  # every other moment: drawing is most of the test's time
                assert render_arena(other, names, now=now) == render_arena(view, names, now=now), \
                    "the board shows what the key leaves out"
                swapped += 1
    assert swapped >= 150 and kept >= 100, f"{swapped} boards redrawn, {kept} kept: the check saw too little"
