"""When the seat acts: a seeded pause per level, kept while the moment it reacted to lasts, so a
computer's clock runs on while others act (a busy table cannot starve it), and a fresh plan when
the moment changes (a window opens on it, its turn comes, a new phase)."""
from __future__ import annotations

from typing import Any

from ...rng import Rng
from .levels import Level

TB_PAUSE = {"easy": (2.0, 3.0), "normal": (1.0, 2.0), "hard": (0.5, 1.0)}  # turn-based: thinking, not racing


def between(rng: Rng, span: tuple[float, float]) -> float:
    low, high = span
    return low + (high - low) * rng.below(1001) / 1000


def moment(view: dict[str, Any], me: int) -> list[Any]:
    """What the plan reacts to: the phase and round, whose turn, and whether a window is open on us."""
    window = [p["attacker"] for p in view["pending"] if p["defender"] == me and p["deadline"] is not None]
    turns = view.get("turns") or {}
    mode = view.get("game_mode") or {}
    declared = mode.get("declared")
    return [view["phase"], view["round"], turns.get("game_turn"), turns.get("active"), turns.get("actions_left"),
            window[:1], view["seats"][me]["marker"], None if not declared else declared[me] is None]


def needed(view: dict[str, Any], me: int) -> str | None:
    """What the seat has to do now: "answer", "act", or None (nothing: wait)."""
    phase = view["phase"]
    seat = view["seats"][me]
    if phase in ("over", "countdown"):
        return None
    if phase == "start":
        return "act" if me in view["waiting"] else None
    if seat["status"] != "standing" or me not in view["in_round"] or seat["left"]:
        return None
    if any(p["defender"] == me and p["deadline"] is not None for p in view["pending"]):
        return "answer"
    if phase == "fight":
        return "act"
    if phase == "roll":
        return "act" if seat["marker"] is None else None
    if phase == "turns":
        return "act" if (view.get("turns") or {}).get("active") == me and not view["pending"] else None
    if phase == "declare":
        declared = (view.get("game_mode") or {}).get("declared") or []
        return "act" if me < len(declared) and declared[me] is None else None
    return None


def pause(level_name: str, level: Level, view: dict[str, Any], need: str, rng: Rng) -> float:
    if need == "answer":
        return between(rng, level.answer)
    if view["mode"] == "turn_based" or view["phase"] == "start":
        return between(rng, TB_PAUSE.get(level_name, TB_PAUSE["normal"]))
    return between(rng, level.pause)
