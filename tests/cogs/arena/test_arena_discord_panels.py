"""Every panel an advanced match shows fits Discord, and every control on it means something.

Adventurous random games (tests/kit/arena_play.py's Adventure: it readies and uses every card
and answers with every reaction), alone and with the Rainforest and each game mode, are
replayed; at many moments (and at each Domination declaration), each seat's panel is drawn in
every view it may be in (main, MOVE with and without the flow, TARGET, markers, each card's
view, each of Echo's figures acting, Scamper for each Nymphlet, each declared side) and must fit
Discord (5 rows of 5, custom_ids under 100 characters, labels under 80,
text under 2000); then each enabled control is picked: it leads to a draft that draws, or to an
action the engine either takes or refuses in words. No Discord here: the panel kit's Seat is
built around the stored state, as the cog builds it.
"""
from __future__ import annotations

import itertools

import discord
import pytest

from cogs.arena.cards import usable
from cogs.arena.draft import MARKERS, MOVE, SCAMPER, TARGET, USE, Draft
from cogs.arena.panel import PANEL
from cogs.components import TableButton, TableSelect, view_of
from cogs.panels import Drawn, Seat
from engine.arena import EyeForAnEye
from engine.arena.views import copied
from engine.simulate import START, play_one
from host.errors import TableError
from host.session import PLAYING, Session
from tests.kit.arena_play import Adventure, LongRounds

GAME = EyeForAnEye()
TEXT_LIMIT, LABEL_LIMIT, ID_LIMIT = 2000, 80, 100


def moments(chars: tuple[str, ...], turn_based: bool, seed: int, every: int = 80, **extra: bool):
    """(state, now) every `every` actions of an adventurous game of these characters (with the
    `extra` options), and at the first action of each Domination declaration."""
    options = {"turn_based": turn_based, "advanced": True, "character": list(chars), **extra}
    _, log, _ = play_one(Adventure(), len(chars), options, seed, LongRounds(seed))
    state = GAME.setup(len(chars), options, seed, START)
    for i, entry in enumerate(log):
        state, _ = GAME.apply(state, entry.seat, entry.action, entry.now)
        declaring = state["phase"] == "declare" and entry.action.get("type") != "declare"
        if (i % every == 0 or declaring) and state["phase"] not in ("over",):
            yield state, entry.now


def seat_at(state, seat: int, now: float, view: dict) -> Seat:
    """The seat as a panel sees it, with its own copy of the seat's `view` (a panel may not share one)."""
    session = Session(id=1, guild_id=None, channel_id=1, game="arena", status=PLAYING, host_id=1,
                      seats=list(range(100, 100 + state["players"])), options={}, seed=1, state=state, version=1,
                      deadline=None, message_id=None, board_key=None, news=[], created_at=0.0)
    return Seat(session, GAME, seat, copied(view), now)


def drafts(view: dict, me: dict) -> list[Draft]:
    """Every view a panel may be drawn in for this seat."""
    figures = [None, *(g["guard"] for g in me.get("guards") or [] if g is not None)]
    out = [Draft(mode=mode, by=by) for mode, by in itertools.product(("", MOVE, TARGET, MARKERS), figures)]
    nymphlets = [i for i, n in enumerate((view["game_mode"] or {}).get("nymphlets", ())) if n["owner"] == me["seat"]]
    out += [Draft(mode=MOVE, flow=True), Draft(trigger=0), Draft(trigger=1)]
    out += [Draft(mode=SCAMPER, nymphlet=i) for i in [None, *nymphlets]]
    return out + [Draft(mode=USE, card=i) for i in usable(me)]


def fits(drawn) -> None:
    assert len(drawn.text) <= TEXT_LIMIT, len(drawn.text)
    view_of(drawn.items)  # Discord's rows: at most 5, each of 5 buttons or 1 select
    for item in drawn.items:
        inner = item.item
        assert len(inner.custom_id) <= ID_LIMIT
        if isinstance(inner, discord.ui.Button):
            assert len(inner.label or "") <= LABEL_LIMIT


def fitting(shown: dict[str, Drawn], at: Seat, draft: str) -> Drawn:
    """The seat's panel in `draft`, checked to fit Discord; drawn once per draft in `shown` (the same
    seat, at the same moment, in the same draft, draws the same panel)."""
    if draft not in shown:
        shown[draft] = PANEL.draw(at, draft)
        fits(shown[draft])
    return shown[draft]


def controls(drawn) -> list[tuple[str, list[str]]]:
    """Each enabled control of a drawn panel, as (control, values) a click or pick sends."""
    out = []
    for item in drawn.items:
        control = item.ref.arg.partition("~")[0]
        if isinstance(item, TableButton) and not item.item.disabled:
            out.append((control, []))
        elif isinstance(item, TableSelect):
            out += [(control, [o.value]) for o in item.item.options[:3]]
    return out


def assert_means_something(at: Seat, action) -> None:
    """An enabled control either makes a move the engine accepts, or is refused in a sentence a
    player can read (issue 23 greys the refused ones: Attack with nobody in the front arc, a card
    with too few dice)."""
    why = at.explain(action)
    assert why is None or (why[:1].isupper() and why.rstrip()[-1:] in ".!?)"), f"{action}: {why!r}"


CASTS = [(("grublic", "riparian", "echo"), False, {}), (("banksia", "pluma", "incendiary"), False, {}),
         (("echo", "incendiary", "pluma"), True, {}),
         (("echo", "grublic", "riparian"), False, {"rainforest": True, "ceremony": True}),
         (("pluma", "banksia", "echo"), True, {"rainforest": True, "hill": True}),
         (("riparian", "incendiary", "grublic"), True, {"domination": True})]


@pytest.mark.parametrize("chars,turn_based,extra", CASTS)
def test_every_panel_of_an_advanced_match_fits_discord_and_every_control_means_something(chars, turn_based, extra):
    drawn_views = picked = 0
    for state, now in moments(chars, turn_based, seed=3, **extra):
        for seat in range(state["players"]):
            view = GAME.view(state, seat)
            me = view["seats"][seat]
            if me["status"] != "standing" or me["hex"] is None:
                continue
            shown: dict[str, Drawn] = {}  # this seat's panels now, by draft
            for draft in drafts(view, me):
                at = seat_at(state, seat, now, view)
                drawn = fitting(shown, at, str(draft))
                drawn_views += 1
                for control, values in controls(drawn):
                    try:
                        result = PANEL.pick(at, str(draft), control, values)
                    except TableError:
                        continue  # "That button does nothing now": a control of a view gone stale
                    picked += 1
                    if isinstance(result, str):
                        fitting(shown, at, result)
                    else:
                        assert_means_something(at, result)
    assert drawn_views > 50 and picked > 200, (drawn_views, picked)
