"""Display names made safe to show: one line of printable text.

Discord lets a name or nickname hold line and paragraph breaks and control characters. A break
makes a name span lines in a message and makes the text layout of the boards fail outright, so a
name is cleaned where it enters the table (and again where an old stored one is read): every
break becomes a space, other control characters go, runs of spaces become one.
"""
from __future__ import annotations

import re
import unicodedata

# CR, LF, VT, FF, tab, the file/group/record separators, NEL, and the Unicode line and paragraph separators
BREAKS = re.compile("[\r\n\t\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
SPACES = re.compile(r"\s{2,}")


def clean_name(name: str, fallback: str = "Player") -> str:
    """`name` as one line of printable text; `fallback` if nothing printable is left."""
    one_line = BREAKS.sub(" ", name)
    printable = "".join(ch for ch in one_line if unicodedata.category(ch) != "Cc")
    return SPACES.sub(" ", printable).strip() or fallback
