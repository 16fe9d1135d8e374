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


def module_imports() -> dict[str, set[str]]:
    """Project module -> the project modules it imports (at the top or inside a function)."""
    graph: dict[str, set[str]] = {}
    for folder in ("engine", "host", "render", "cogs"):
        for path in (ROOT / folder).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
            package = name if path.name == "__init__.py" else name.rpartition(".")[0]
            deps = set()
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom):
                    base = node.module or ""
                    if node.level:
                        parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                        base = f"{parent}.{base}" if base else parent
                    # `from . import x` names modules of the package, not the package's own __init__
                    targets = [f"{base}.{a.name}" for a in node.names] + ([base] if node.module else [])
                elif isinstance(node, ast.Import):
                    targets = [a.name for a in node.names]
                else:
                    continue
                deps |= {t for t in targets if t.split(".")[0] in ("engine", "host", "render", "cogs")}
            graph[name] = deps
    return {name: {d for d in deps if d in graph and d != name} for name, deps in graph.items()}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components: a group of more than one module imports itself
    through the others. One pass over the graph, where walking every import path took seconds."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_the_cycle_check_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert [g for g in strongly_connected(graph) if len(g) > 1] == [["a", "b", "c"]]


def test_no_module_imports_itself_through_others():
    circles = [group for group in strongly_connected(module_imports()) if len(group) > 1]
    assert circles == []


def test_no_test_module_imports_another():
    """Helpers shared by tests live in tests/kit/ or a folder's helpers and conftest, never in a test
    module: importing one runs (and collects) its tests twice and ties unrelated tests together."""
    borrowed = []
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1].startswith("test_"):
                borrowed.append(f"{path.relative_to(ROOT)}: {node.module}")
    assert not borrowed, borrowed


ARENA_MODES = {"engine.arena.domination", "engine.arena.hill", "engine.arena.ceremony"}
ARENA_CHARACTERS = {f"engine.arena.abilities.{name}" for name in  # what each one's innate action and cards do,
                    ("banksia", "echo", "general", "grublic", "incendiary", "pluma", "riparian", "kit")}  # their kit
ARENA_PLUGINS = ARENA_MODES | {"engine.arena.stream"} | ARENA_CHARACTERS  # the Rainforest's stream (terrain.py)


def reach(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module `start` imports, directly or through others."""
    seen, todo = set(), [start]
    while todo:
        for dep in graph.get(todo.pop(), set()) - seen:
            seen.add(dep)
            todo.append(dep)
    return seen


def test_eye_for_an_eye_s_core_imports_no_mode_nor_the_rainforest_nor_a_character_s_effects():
    """The modes, the Rainforest's stream and what each character's innate action and cards do plug into
    the core through the hooks of engine/arena/modes.py, engine/arena/terrain.py and engine/arena/effects.py
    (its package plugs them in): no module of the core reaches one, directly or through another."""
    graph = module_imports()
    core = [m for m in graph if m.startswith("engine.arena.") and m not in ARENA_PLUGINS]
    reaching = {m: sorted(reach(graph, m) & ARENA_PLUGINS) for m in core}
    assert "engine.arena.match" in reaching and not any(reaching.values()), reaching


def test_eye_for_an_eye_s_rules_see_sides_not_alliances():
    """The rules ask sides (engine/arena/sides.py: a player alone, or a team), never Alliances: only the
    Game, which forms the teams at setup, and the lobby, which offers the pick, reach engine/arena/teams.py."""
    graph = module_imports()
    reaching = sorted(m for m in graph if m.startswith("engine.arena.") and "engine.arena.teams" in reach(graph, m))
    assert reaching == ["engine.arena.lobby", "engine.arena.match"], reaching


def test_no_cog_shows_a_change_but_through_the_bus():
    """Every change reaches the presenter through the bus (cogs/bus.py), a click refused for an out-of-date
    board included: no cog calls the presenter's showing methods itself."""
    showing = {"show", "show_privately", "on_change"}
    callers = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in (ROOT / "cogs").rglob("*.py")
               if path.name != "presenter.py"
               for node in ast.walk(ast.parse(path.read_text()))
               if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in showing
               and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "presenter"]
    # the private copy for a stale click is a function of cogs/board_messages.py that only the presenter calls
    privately = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in (ROOT / "cogs").rglob("*.py")
                 if path.name not in ("presenter.py", "board_messages.py")
                 for node in ast.walk(ast.parse(path.read_text()))
                 if isinstance(node, ast.Call) and "show_privately" in (getattr(node.func, "id", None),
                                                                       getattr(node.func, "attr", None))]
    assert not callers and not privately, callers + privately
