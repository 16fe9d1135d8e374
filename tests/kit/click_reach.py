"""Which project files one click enters: a profiler on the event loop's thread and on fresh render
threads records every project module a call lands in, from the click to its board drawn and sent.

Issue 21 counts the house by this: a click that has to pass through many modules is hard to
follow. The tests print the files; their ceilings are today's, so the count only goes down.
"""
from __future__ import annotations

import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import render.encode

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tuple(f"{ROOT / folder}/" for folder in ("engine", "host", "render", "cogs")) + (str(ROOT / "bot.py"),)


class ClickReach:
    """`with ClickReach() as reach:` around one click; then `reach.files`, repo-relative."""

    def __init__(self) -> None:
        self.files: set[str] = set()

    def __call__(self, frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_filename.startswith(PROJECT):
            self.files.add(str(Path(frame.f_code.co_filename).relative_to(ROOT)))

    def __enter__(self) -> ClickReach:
        self.renderers = render.encode._renderers
        sys.setprofile(self)
        threading.setprofile(self)
        render.encode._renderers = ThreadPoolExecutor(2)  # fresh threads start with the profiler on
        return self

    def __exit__(self, *_: Any) -> None:
        sys.setprofile(None)
        threading.setprofile(None)
        render.encode._renderers.shutdown()
        render.encode._renderers = self.renderers
