"""Eye of the Tiger's par, worked out in a thread while its game is played.

Why: the par (what the computer player scores on the same deal, shown on the end board) is a whole
game played by that player: about 150 ms of CPU. Worked out when the end board was drawn, it ran on
the event loop and held up every table's clicks meanwhile. Now the first change of a game played
starts it in a thread (engine/computers/tiger.py keeps it), so the end board finds it ready; after
a restart the next change starts it again.
"""
from __future__ import annotations

import asyncio
import json
import logging

from engine.computers.tiger import par
from host.session import PLAYING
from host.table import Change

from .services import Interaction

log = logging.getLogger(__name__)
REMEMBERED = 256  # deals whose par was started, newest kept: as many as the par's cache holds


class DealPars:
    def __init__(self) -> None:
        self.started: dict[tuple[str, int], asyncio.Task[None]] = {}

    async def on_change(self, change: Change, via: Interaction | None, fresh: bool) -> None:
        session = change.session
        if session.status != PLAYING:
            return
        options = session.setup_options()
        deal = (json.dumps(options, sort_keys=True), session.seed)
        if deal in self.started:
            return
        self.started[deal] = asyncio.create_task(self._work_out(options, session.seed), name="tiger-par")
        while len(self.started) > REMEMBERED:
            del self.started[next(iter(self.started))]

    @staticmethod
    async def _work_out(options: dict, seed: int) -> None:
        try:
            await asyncio.to_thread(par, options, seed)
        except Exception:  # the end board then works it out itself
            log.exception("could not work out the par of an Eye of the Tiger deal (seed %d)", seed)
