"""Turn-based play (the `turn_based` option).

Roll phase: allocate what fits (King of the Hill: the hill card first, as the real-time play does),
reroll the rest while rolls are left, then take the earliest free marker. With no die to roll, or
too few and no Attack die (or the hill card to fill, or Domination's trigger to roll), every level
first takes back Heal dice at good health, the Movement beyond what the way needs (one, a turn, on
the mode's ground, or with no Attack die), and Parry, Nymphlet and Attack dice beyond their
minimum (`unpark`; facing a foe with no Attack die, up to MOST dice to roll): a round never stalls
with every die parked. Dice on the Nymphlet card once the seat's own Nymphlets are all caught guard
nothing: they always come back. The levels that search keep Heal dice off the board (three dice for
one health that does not score) and take back a full Heal track to roll it again.
Turn phase, on its turn: a card, Echo's Call the Guard or a Guard's strike first (luftles); then
easy takes the first thing it sees (strike, heal when low, step toward the goal); the levels that
search try every way to spend the turn's actions on a model of the view (lookahead.py), where the
mode has no ground or Nymphlet to play for. Then end the turn, or pass when nothing is left.
Domination's declaration: Trigger when standing on the flower's area, and roll every pool die;
standing there, the roll phase keeps TRIGGER_DICE dice in the pool unrolled (no roll, no allocation:
the marker's claim parks only rolled faces), so the trigger has dice to roll."""
from __future__ import annotations

from ...arena.data import TB_ROLLS
from ...protocol import Action
from . import allocation, goals, lookahead, luftles, tactics
from .answers import answer, open_window
from .levels import Level
from .scene import Scene, key

TB_ACTIONS = 2
MOST = 4  # spaces on a basic track
SPARE_ROLLS = 2  # dice kept in the pool beyond the Movement needed, for Attack and Parry faces
TRIGGER_DICE = 3  # Domination: pool dice kept unrolled on the flower's area, for the trigger roll
POOL_MODES = ("hill", "domination")  # modes whose objective takes pool dice: the hill card, the trigger roll
KEEP = {"heal": 0, "move": 0, "parry": 2, "dart": 1, "scamper": 1, "attack": 1}  # what a track keeps when
# dice are short to roll, in the order they are taken back (Heal and Movement: what is needed, `unpark`)


def decide(scene: Scene, level: Level, now: float) -> Action | None:
    view = scene.view
    window = open_window(scene)
    if window is not None:
        return answer(scene, window)
    phase = view["phase"]
    if phase == "roll":
        return roll_phase(scene, level, now)
    if phase == "turns":
        turns = view.get("turns") or {}
        if turns.get("active") != scene.me or view["pending"]:
            return None
        left = int(turns.get("actions_left", TB_ACTIONS))
        return my_turn(scene, level, now, left, acted=left < TB_ACTIONS)
    if phase == "declare":
        return declare(scene)
    return None


def roll_phase(scene: Scene, level: Level, now: float) -> Action | None:
    if scene.seat["marker"] is not None:
        return None
    holding = holds_the_flower(scene)
    unarmed = not scene.count("attack") and tactics.foe_in_front(scene)  # a fight with nothing to strike with
    action = unpark(scene, level, now, TRIGGER_DICE if holding else MOST if unarmed else SPARE_ROLLS)
    if action is None and not holding:
        action = (allocate(scene, level, now) if level.foresight
                  else allocation.allocate(scene, level, attack_first=True))
    if action is not None:
        return action
    if scene.seat["pool"] and scene.seat["rolls_left"] and not holding:
        return {"type": "roll"}
    markers = (scene.view.get("turns") or {}).get("markers") or []
    free = [i + 1 for i, s in enumerate(markers) if s is None]
    return {"type": "marker", "marker": free[0]} if free else None


def allocate(scene: Scene, level: Level, now: float) -> Action | None:
    """Before the first roll, take back dice that wait for nothing (Heal at good health; Parry, then
    Attack, when the Movement to reach a foe would find too few dice to roll); then Attack, the
    Movement it needs and Parry take what fits (cards too, for the levels that play them)."""
    seat = scene.seat
    hill = allocation.hill(scene)
    if hill is not None:
        return hill
    need = moves_needed(scene, level, now)
    low = seat["health"] <= lookahead.LOW_HEALTH
    if seat["rolls_left"] == TB_ROLLS:
        if scene.count("heal") and not low:
            return {"type": "recover", "track": "heal"}
        short = need - scene.count("move") + SPARE_ROLLS - len(seat["pool"])
        for track in ("parry", "attack"):
            if short > 0 and scene.count(track) and scene.count("move") < need:
                return {"type": "recover", "track": track, "count": min(short, scene.count(track))}
    caps = {"attack": MOST, "move": need, "parry": MOST, "heal": MOST if low else 0}
    for track, cap in caps.items():
        room = min(scene.room(track), cap - scene.count(track))
        if room > 0:
            return {"type": "allocate", "track": track, "count": room}
    for track in allocation.wanted(scene, level, attack_first=True):
        if track not in allocation.BASIC and scene.room(track):
            return {"type": "allocate", "track": track}
    return None


def holds_the_flower(scene: Scene) -> bool:
    """Turn-based Domination, standing on the flower's area: its pool dice are for the trigger roll."""
    return scene.mode.get("key") == "domination" and scene.here in {key(h) for h in scene.mode.get("area") or []}


def unpark(scene: Scene, level: Level, now: float, want: int = 2) -> Action | None:
    """Before the first roll, with fewer than `want` dice to roll and none at all, or no Attack die (or
    the hill card to fill, or a trigger to roll): take back what the tracks hold beyond their need, so a
    round never stalls with every die parked."""
    seat = scene.seat
    dead = [t for t in ("dart", "scamper") if scene.count(t) and not allocation.guards_nymphlets(scene)]
    if seat["rolls_left"] == TB_ROLLS and dead:
        return {"type": "recover", "track": dead[0]}
    stalls = not seat["pool"] or not scene.count("attack") or scene.mode.get("key") in POOL_MODES
    if seat["rolls_left"] != TB_ROLLS or not stalls or len(seat["pool"]) >= want:
        return None
    walk = moves_needed(scene, level, now) if scene.count("attack") else 1  # no Attack die: roll for one first
    need = {"move": walk, "heal": MOST if seat["health"] <= lookahead.LOW_HEALTH else 0}
    for track, keep in KEEP.items():
        extra = scene.count(track) - need.get(track, keep)
        if extra > 0:
            return {"type": "recover", "track": track, "count": min(extra, want - len(seat["pool"]))}
    return None


def moves_needed(scene: Scene, level: Level, now: float) -> int:
    """Move dice worth keeping: enough to reach a striking pose, and one more to turn; one (a turn)
    while holding the mode's ground."""
    if scene.here in goals.objective_ground(scene, level, now):
        return 1
    steps = lookahead.Model(scene, level).steps_to_strike((scene.here, scene.facing))
    return min(MOST, max(2, steps + 1))


def searches(scene: Scene, level: Level, now: float) -> bool:
    """Whether the search plays this turn: a level that searches, where no ground or Nymphlet calls."""
    if not level.foresight or goals.objective_ground(scene, level, now):
        return False
    return not any(n["owner"] != scene.me for n in scene.mode.get("nymphlets") or [])


def my_turn(scene: Scene, level: Level, now: float, actions_left: int, acted: bool) -> Action:
    action = tactics.card(scene, level) or luftles.call(scene) or luftles.strike(scene)
    if action is not None:
        return action
    if searches(scene, level, now):
        plan = lookahead.best_turn(scene, level, actions_left, acted)
        if plan.actions:
            return plan.actions[0]
        return {"type": "end_turn"} if acted else {"type": "pass"}
    action = tactics.strike(scene, level) or tactics.heal(scene, level)
    if action is not None:
        return action
    moves = scene.count("move") if scene.ready("move") else 0
    step = tactics.move(tactics.plan(scene, level, now), moves)
    if step is not None:
        return step
    return {"type": "end_turn"} if acted else {"type": "pass"}


def declare(scene: Scene) -> Action | None:
    mode = scene.mode
    declared = mode.get("declared") or []
    if scene.me >= len(declared) or declared[scene.me] is not None or scene.seat["status"] != "standing":
        return None
    area = {key(h) for h in mode.get("area") or []}
    return {"type": "declare", "trigger": scene.here in area, "dice": len(scene.seat["pool"])}
