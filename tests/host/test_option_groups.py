"""Options of one group exclude each other when the host toggles them (`Option.group`, issue 23):
turning one on turns the others of its group off, so a lobby never holds two modes that only the
Start button would refuse. Options without a group are left as they are."""
from __future__ import annotations

import pytest

from engine import registry
from engine.arena.match import EyeForAnEye
from engine.protocol import Option
from host.errors import TableError
from tests.kit.toygames import Tally

GUILD, CHANNEL = 10, 20
ANN, BOB = 1, 2
COLOURS = (Option("double", "Steps of 2 and 4"), Option("red", "Red", group="colour"),
           Option("blue", "Blue", group="colour"), Option("green", "Green", group="colour"))


async def lobby(table, game: str) -> int:
    change = await table.open(game, GUILD, CHANNEL, ANN)
    await table.join(change.session.id, BOB)
    return change.session.id


async def test_turning_an_option_on_turns_the_others_of_its_group_off(table, monkeypatch):
    monkeypatch.setattr(Tally, "options", COLOURS)
    sid = await lobby(table, "tally")
    await table.toggle_option(sid, ANN, "double")
    await table.toggle_option(sid, ANN, "red")
    options = (await table.toggle_option(sid, ANN, "blue")).session.options
    assert options == {"double": True, "red": False, "blue": True, "green": False}, "double has no group"
    assert (await table.get(sid)).options == options, "stored as shown"


async def test_turning_a_grouped_option_off_leaves_the_others_off(table, monkeypatch):
    monkeypatch.setattr(Tally, "options", COLOURS)
    sid = await lobby(table, "tally")
    await table.toggle_option(sid, ANN, "green")
    options = (await table.toggle_option(sid, ANN, "green")).session.options
    assert options == {"double": False, "red": False, "blue": False, "green": False}


async def test_eye_for_an_eye_keeps_one_mode_on_and_starts_with_it(table):
    sid = await lobby(table, "arena")
    for key in ("quick", "advanced", "domination", "hill"):
        await table.toggle_option(sid, ANN, key)
    options = (await table.toggle_option(sid, ANN, "ceremony")).session.options
    assert [k for k, on in options.items() if on] == ["advanced", "ceremony", "quick"]
    started = await table.start(sid, ANN)
    state = started.session.state
    assert state["game_mode"] == "ceremony" and state["rounds"] == 2 and state["advanced"]


@pytest.mark.parametrize("key", ["domination", "hill", "ceremony"])
async def test_each_eye_for_an_eye_mode_is_in_the_modes_group(key):
    (option,) = [o for o in EyeForAnEye.options if o.key == key]
    assert option.group == "mode"


async def test_play_with_two_options_of_one_group_is_refused_and_opens_nothing(table):
    registry.load()
    with pytest.raises(TableError, match="one of domination, hill at a time"):
        await table.open("arena", 1, 77, 5, turned_on=["domination", "hill"])
    assert await table.active_in(77) is None
