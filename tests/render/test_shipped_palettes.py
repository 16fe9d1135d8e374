"""The five games' palettes ship as data (render/palettes/*.rgb): a start draws no specimen boards.
The data must be what each game's specimen teaches today; after a change to a renderer's colours,
`python -m render.palette` writes it again."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from render import palette

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("arena", "bugs", "dragon", "ghosts", "tiger")


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_palette_is_what_the_games_specimen_teaches(game):
    __import__(f"render.{game}")
    shipped = (palette.SHIPPED / f"{game}.rgb").read_bytes()
    assert palette.relearn(game).rgb == shipped, f"render/palettes/{game}.rgb is stale: run python -m render.palette"


@pytest.mark.process
def test_importing_every_renderer_learns_no_palette():
    code = ("import render.palette as p\n"
            "def refuse(*_): raise SystemExit('a palette was learnt at import')\n"
            "p.learn = refuse\n"
            "import render.arena, render.bugs, render.dragon, render.ghosts, render.tiger\n"
            "print('ok')\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stdout + done.stderr
