"""Answering an attack that waits on the seat: Parry (Dart for a Nymphlet) with the dice that can
cancel, else take it. Real time spends at most one die a hit; turn-based rolls every Defence die."""
from __future__ import annotations

from typing import Any

from ...protocol import Action
from .scene import Scene


def open_window(scene: Scene) -> dict[str, Any] | None:
    """The attack on the seat that resolves next, if its window is open (the seat must answer)."""
    entry = next((p for p in scene.view["pending"] if p["defender"] == scene.me), None)
    return entry if entry is not None and entry["deadline"] is not None else None


def waiting_on_me(scene: Scene) -> bool:
    """An attack is landing on the seat: it may do nothing else until it is answered."""
    return any(p["defender"] == scene.me for p in scene.view["pending"])


def answer(scene: Scene, entry: dict[str, Any]) -> Action:
    catch = entry.get("nymphlet") is not None
    track = scene.tracks.get("dart" if catch else "parry")
    can = entry["hits"] > 0 and (entry["arc"] == "front" or catch) and track is not None \
        and track["count"] >= track["min"]
    if not can or track is None:
        return {"type": "take"}
    rolls = scene.view["mode"] == "turn_based" and not catch
    dice = track["count"] if rolls else min(track["count"], entry["hits"])
    return {"type": "parry", "dice": dice}
