"""A private panel's own message: posted once, then redrawn in place, at last left as a note.

A panel is an ephemeral message, which only the interaction that posted it or a click on it can
change; so every pick redraws the same message (text, controls and picture at once, what just
happened on top) instead of piling up new ones. Pictures are drawn off the event loop; nothing
in a panel pings anyone. What a panel means, and who may use it, is the kit's (cogs/panels.py).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import discord

from render.encode import RenderedImage

from . import replies
from .components import view_of
from .pictures import as_file, picture
from .services import Interaction

LIMIT = 2000  # Discord's characters in a message


@dataclass
class Drawn:
    """What a panel shows: text, controls, and perhaps a picture (drawn off the event loop)."""

    text: str
    items: list[discord.ui.Item] = field(default_factory=list)
    image: Callable[[], RenderedImage] | None = None

    @classmethod
    def of(cls, lines: Iterable[str | None], items: Iterable[discord.ui.Item | None] = ()) -> Drawn:
        """A panel from its lines and controls, leaving out those a draft does not call for (None)."""
        return cls("\n".join(line for line in lines if line is not None), [item for item in items if item is not None])

    async def files(self) -> list[discord.File]:
        """The panel's picture as a file, if it has one and it could be drawn (else text alone)."""
        image = None if self.image is None else await picture("a private panel's picture", self.image)
        return [] if image is None else [as_file(image)]

    async def post(self, interaction: Interaction) -> int | None:
        """Open the panel: a new private message to the player who clicked (`replies.tell` says which)."""
        extra: dict[str, Any] = {"view": view_of(self.items)} if self.items else {}
        if files := await self.files():
            extra["files"] = files
        return await replies.tell(interaction, self.text, **extra)

    async def redraw(self, interaction: Interaction, note: str = "") -> None:
        """The panel's message edited to show this, with `note` (what just happened) on top."""
        files = await self.files()
        await replies.edit(interaction, content=((f"{note}\n" if note else "") + self.text)[:LIMIT],
                           view=view_of(self.items) if self.items else None, attachments=files,
                           allowed_mentions=replies.QUIET)


async def leave_note(interaction: Interaction, text: str) -> None:
    """The panel's work is done: its message becomes `text` alone, no controls, no picture."""
    await replies.edit(interaction, content=text[-LIMIT:], view=None, attachments=[], allowed_mentions=replies.QUIET)
