"""Every seat's view at once (issue 22): the computers read each seat's view after every step, so
Eye for an Eye builds the public view once (`views`); each seat's is still what `view` gives it,
and no two views, nor a view and the state, share a list or dict (a caller may change its own)."""
from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.arena import EyeForAnEye
from engine.computers.play import START
from tests.kit.arena_play import states_of_a_match

GAME = EyeForAnEye()


def containers(data: Any) -> list[int]:
    """The ids of every dict and list inside `data`, itself included."""
    if isinstance(data, dict):
        return [id(data), *(i for v in data.values() for i in containers(v))]
    if isinstance(data, list | tuple):
        own = [id(data)] if isinstance(data, list) else []
        return own + [i for v in data for i in containers(v)]
    return []


def test_each_seats_view_of_a_state_is_the_one_view_gives_it():
    for state in states_of_a_match({"quick": True, "advanced": True}, 3, 5):
        seats = [None, 0, 1, 2]
        assert GAME.views(state, seats) == [GAME.view(state, seat) for seat in seats]
        assert [v.get("you") for v in GAME.views(state, seats)] == seats
        assert GAME.views(state, seats, shared=True) == GAME.views(state, seats)


def test_shared_views_share_their_parts_but_not_their_seat():
    """For readers that change nothing (the computers): no copy of the public view per seat."""
    state = states_of_a_match({"quick": True}, 3, 5)[-1]
    views = GAME.views(state, [0, 1, 2], shared=True)
    assert [v["you"] for v in views] == [0, 1, 2]
    assert views[0]["seats"] is views[1]["seats"] is views[2]["seats"]


@pytest.mark.parametrize("mode", ["ceremony", "domination", "hill", "rainforest"])
def test_no_two_views_nor_a_view_and_the_state_share_a_list_or_dict(mode):
    for state in states_of_a_match({"quick": True, "advanced": True, mode: True}, 3, 6)[::3]:
        views = GAME.views(state, [0, 1, 2, None])
        owned = [set(containers(v)) for v in [state, *views]]
        assert sum(map(len, owned)) == len(set().union(*owned))
        views[0]["seats"][1]["pool"].append(6)  # a careless reader changes its own view only
        assert views[1] == GAME.view(state, 1)


def test_a_game_without_its_own_views_gives_each_seat_its_view():
    registry.load()
    dragon = registry.get("dragon")
    state = dragon.setup(3, {o.key: o.default for o in dragon.options}, 4, START)
    assert dragon.views(state, [2, None, 0]) == [dragon.view(state, 2), dragon.view(state, None), dragon.view(state, 0)]


class Text(str):
    """A str of a subclass, as engine texts may be: the copies keep it what it is."""


def test_views_of_a_state_holding_more_than_plain_data_are_still_copies():
    state = states_of_a_match({"quick": True}, 2, 3)[-1]
    state["log"].append(Text("Plain words"))
    views = GAME.views(state, [0, 1])
    assert views == [GAME.view(state, 0), GAME.view(state, 1)]
    assert type(views[1]["log"][-1]) is Text
    assert views[0]["log"] is not views[1]["log"] is not state["log"]
