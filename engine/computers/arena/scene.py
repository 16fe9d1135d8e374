"""The seat's view read once per decision: who stands where, who is a foe, what blocks a step.

Everything here comes from the view (in Eye for an Eye nothing is hidden, but the computer still
reads only its own seat's view)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...arena.board import front_arc
from ...hexgrid import neighbour

Key = tuple[int, int]


def key(h: list[int] | tuple[int, int]) -> Key:
    return (h[0], h[1])


@dataclass
class Scene:
    view: dict[str, Any]
    me: int
    seat: dict[str, Any]
    hexes: set[Key]
    impassable: set[Key]
    occupied: set[Key]  # what blocks a step: every figure, Guard and Nymphlet but the seat's own figure
    foes: list[dict[str, Any]]  # standing enemy characters
    tracks: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def mode(self) -> dict[str, Any]:
        return self.view.get("game_mode") or {}

    @property
    def here(self) -> Key:
        return key(self.seat["hex"])

    @property
    def facing(self) -> int:
        return int(self.seat["facing"])

    def count(self, track: str) -> int:
        t = self.tracks.get(track)
        return int(t["count"]) if t else 0

    def ready(self, track: str) -> bool:
        t = self.tracks.get(track)
        return bool(t and t["count"] >= t["min"])

    def room(self, track: str) -> int:
        t = self.tracks.get(track)
        return int(t["fits"]) if t else 0

    def front(self) -> list[Key]:
        return [key(h) for h in front_arc(list(self.here), self.facing)]

    def netted(self) -> bool:
        return any(s["key"] == "netted" for s in self.seat.get("statuses") or [])

    def open(self, h: Key) -> bool:
        return h in self.hexes and h not in self.impassable and h not in self.occupied

    def open_hexes(self) -> frozenset[Key]:
        """Every hex `open` accepts, as one frozen set: what the searches are kept by (paths.reach)."""
        return frozenset(self.hexes - self.impassable - self.occupied)

    def foe_at(self, h: Key) -> dict[str, Any] | None:
        return next((f for f in self.foes if key(f["hex"]) == h), None)

    def adjacent_foes(self) -> list[dict[str, Any]]:
        around = {key(neighbour(list(self.here), d)) for d in range(6)}
        return [f for f in self.foes if key(f["hex"]) in around]


def allied(view: dict[str, Any], me: int, other: int) -> bool:
    team = view["seats"][me]["team"]
    return other == me or (team is not None and view["seats"][other]["team"] == team)


def read(view: dict[str, Any]) -> Scene:
    me = int(view["you"])
    seats = view["seats"]
    seat = seats[me]
    board = view["board"]
    occupied: set[Key] = set()
    for s in seats:
        if s["status"] == "standing" and s["hex"] is not None and s["seat"] != me:
            occupied.add(key(s["hex"]))
        for g in s.get("guards") or []:
            if g is not None:
                occupied.add(key(g["hex"]))
    for n in (view.get("game_mode") or {}).get("nymphlets") or []:
        occupied.add(key(n["hex"]))
    foes = [s for s in seats if s["status"] == "standing" and s["hex"] is not None and not allied(view, me, s["seat"])
            and s["seat"] in view["in_round"]]
    return Scene(view=view, me=me, seat=seat, hexes={key(h) for h in board["hexes"]},
                 impassable={key(h) for h in board["impassable"]}, occupied=occupied, foes=foes,
                 tracks={t["key"]: t for t in seat["tracks"]})
