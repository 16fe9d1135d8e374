"""Boards drawn in worker processes are the boards the bot draws itself, byte for byte, for every game;
and the setting TABLETOP_RENDER_WORKERS says how many workers the presenter draws in.

The workers start processes (a forkserver and its workers); waits have generous limits, nothing is timed."""
from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from cogs.arena.board import ArenaUI
from cogs.bugs import BugsUI
from cogs.dragon import DragonUI
from cogs.game_ui import GameUI
from cogs.ghosts import GhostsUI
from cogs.pictures import BoardPictures
from cogs.presenter import Presenter
from cogs.tiger import TigerUI
from cogs.uis import game_uis
from engine import registry
from host.config import Config
from host.session import Session
from render.palette import sample_states
from render.workers import Frozen

PLAYERS = {"dragon": 3, "ghosts": 3, "tiger": 1, "bugs": 3, "arena": 3}
NOW = 1_000.0  # the arena's clock: a board shows time left from it


def uis() -> dict[str, GameUI]:
    return {"dragon": DragonUI(), "ghosts": GhostsUI(), "tiger": TigerUI(), "bugs": BugsUI(),
            "arena": ArenaUI(Frozen(NOW))}


def sessions(game_name: str, seed: int = 3) -> list[Session]:
    """A seeded game of `game_name` at its start, on its way and at its end, as the table keeps it."""
    registry.load()
    game, players = registry.get(game_name), PLAYERS[game_name]
    return [Session(id=10 + i, guild_id=1, channel_id=2, game=game_name, status="playing", host_id=100,
                    seats=list(range(100, 100 + players)), options={}, seed=seed, state=state, version=i,
                    deadline=None, message_id=None, board_key=None, news=[], created_at=0.0)
            for i, state in enumerate(sample_states(game, players, seed=seed, at=(0, 9, 40)))]


@pytest.mark.process
async def test_a_board_drawn_in_a_worker_is_byte_identical_to_one_drawn_in_process() -> None:
    here, there = BoardPictures(0), BoardPictures(1)
    try:
        await there.drawers.start()
        for game_name, ui in uis().items():
            game = registry.get(game_name)
            for session in sessions(game_name):
                names = [f"Player {seat + 1}" for seat in range(len(session.seats))]
                drawn_here = here.draw_here(ui, session, game, names)
                drawn_there = await there.board(ui, session, game, names)
                assert drawn_there == drawn_here, (game_name, session.version)
        assert there.drawers.in_process == 0  # every one of them came from the worker
    finally:
        there.close()


def test_the_presenter_draws_in_as_many_workers_as_the_setting_says() -> None:
    table = SimpleNamespace()  # the presenter only keeps it until a change comes
    with_two = Presenter(SimpleNamespace(config=Config(token=None, render_workers=2)), table, game_uis(time.time))  # type: ignore[arg-type]
    assert with_two.pictures.drawers.size == 2
    assert Presenter(SimpleNamespace(), table, game_uis(time.time)).pictures.drawers.size == 0  # type: ignore[arg-type]  # no settings


def test_the_worker_setting_is_off_unless_set_and_reads_a_number(tmp_path) -> None:
    """Off by default: each worker is a process of about 55 MB, worth it only on a busy bot with spare cores."""
    def workers(env: dict[str, str]) -> int:
        return Config.from_env(env, dotenv=tmp_path / ".env").render_workers

    assert workers({}) == 0
    assert workers({"TABLETOP_RENDER_WORKERS": "0"}) == 0
    assert workers({"TABLETOP_RENDER_WORKERS": "3"}) == 3
    with pytest.raises(ValueError, match="TABLETOP_RENDER_WORKERS"):
        workers({"TABLETOP_RENDER_WORKERS": "two"})
    assert Config(token=None).render_workers == 0  # made in code (tests): no processes unless asked
