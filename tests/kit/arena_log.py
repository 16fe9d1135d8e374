"""Eye for an Eye's log as English text, for tests that read it: a state (or a view) keeps each line as
its words' id and values (engine/errors.stored), for the board to read in its own language."""
from __future__ import annotations

from typing import Any

from engine.errors import read


def log_text(state: Any) -> list[str]:
    """The log's lines, oldest first, as the engine said them in English."""
    return [str(read(line)) for line in state["log"]]
