"""Reading a private /rules book as a player does: its pages turned with Next from the first one."""
from __future__ import annotations

from tests.cogs.discord_helpers import buttons

NEXT, PREVIOUS, RULES_BUTTON = "Next ▶", "◀ Previous", "📜 Rules"
GAMES = ("arena", "bugs", "dragon", "ghosts", "tiger")


def flat(text: str) -> str:
    """A text with its line breaks and spaces evened out, to compare what pages hold."""
    return " ".join(text.split())


async def read_book(user, first, next_label=NEXT):
    """Every page of a private rules book, turned with Next (`next_label`, in the book's language) from its
    first page: (embed, message)."""
    message = first.message  # as it is now: turning a page edits this same message
    pages = [(message.embeds[0], message)]
    while not buttons(message)[next_label].disabled:
        turned = await user.click(message, label=next_label)
        assert turned.response.ephemeral
        message = turned.response.message
        pages.append((message.embeds[0], message))
    return pages
