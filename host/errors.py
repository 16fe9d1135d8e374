"""Refusals the table gives before anything changes; each message is shown to the player."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import RuleError, Said, as_said

if TYPE_CHECKING:
    from .session import Session


class TableError(Exception):
    """A friendly refusal: nothing was changed. `TableError("The table is full ({n} players).", n=4)`:
    like a `RuleError`, its message is a `Said` (`said`), translated for the reader where it is shown."""

    said: Said

    def __init__(self, message: str, /, **values: object) -> None:
        said = as_said(message, values)
        super().__init__(said)
        self.said = said


class SessionNotFound(TableError):
    pass


class ChannelBusy(TableError):
    """A second game in a channel that already has one."""

    def __init__(self, message: str, session: Session) -> None:
        super().__init__(message)
        self.session = session


class StaleAction(TableError):
    """A click on a board that has changed since it was drawn."""

    def __init__(self, message: str, session: Session) -> None:
        super().__init__(message)
        self.session = session


class Refused(RuleError):
    """The engine refused a move. Its words name seats as fields (`engine.protocol.fill`);
    `seats` holds the table's players by seat, so whoever shows the refusal can name them.
    The message is kept as the engine said it (`said`: its id and values), to be translated where shown."""

    def __init__(self, message: str, seats: list[int], /, **values: object) -> None:
        super().__init__(message, **values)
        self.seats = seats
