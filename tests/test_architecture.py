"""The one-way arrows of DESIGN.md: only cogs/ and bot.py talk to Discord; engine/ is pure."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imported_roots(folder: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in (ROOT / folder).rglob("*.py"):
        roots = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                roots |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                roots.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = roots
    return found


def offenders(folder: str, forbidden: set[str]) -> list[str]:
    return [f"{path}: {sorted(roots & forbidden)}" for path, roots in imported_roots(folder).items()
            if roots & forbidden]


def test_engine_is_pure_rules():
    assert offenders("engine", {"discord", "aiosqlite", "sqlite3", "PIL", "render", "host", "cogs", "random"}) == []


def test_render_draws_without_discord_or_storage():
    assert offenders("render", {"discord", "aiosqlite", "sqlite3", "host", "cogs"}) == []


def test_host_knows_no_discord():
    assert offenders("host", {"discord", "PIL", "cogs"}) == []
