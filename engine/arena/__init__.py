"""Eye for an Eye (Ben and Shae Boersma, Darwin Games 2018): `arena`.

Rules: shared/seeds/003_29c9cf3d14f9c507.txt, digested with our design in shared/ARENA.md.
Every Eye for Themselves, Domination (option `domination`), King of the Hill (option `hill`), the
Nymphlet Ceremony (option `ceremony`) or Alliances (option `alliances`, teams of 2 or 3 picked in
the lobby, two or three teams) on the Bushland or the Rainforest (option `rainforest`, stream), for
2-6 players, in real time or turn-based (option `turn_based`), with the four basic actions of each
character's player board and Echo's Guards with his Call the Guard (ARENA.md 4.16: his in every
game); with the option `advanced`, also each character's innate action and passives, its Tribal
cards of Bands I-III (in King of the Hill and Domination the Manoeuvre cards instead, 4.22),
Incendiary's Heat, unblockable hits, reactions beside Parry and the statuses Netted and Hidden
(rules 14-18), and on the Rainforest the stream's flow and Raging Currents.

Modules: data (every tunable number), board (hex geometry), dice (pool and tracks), figures
(who stands where, how texts name them), actions (roll, allocate, the basic actions), hits
(pending attacks, reaction windows, landing hits), sides (what a round ranks: a player alone or
a team; all the rules ask), teams (Alliances: the lobby's pick, forming the teams), shared (dice
tracks anyone fills), terrain (the ground's own rules: the hooks the core asks),
stream (the Rainforest's flow and Raging Currents, a terrain),
turns (turn-based phases), rounds (round life and scoring), races (who beat a refused action),
choices (legal actions), lobby (what each player picks: character, team, General Manoeuvres),
views, rules (the /rules texts), invariants (what random play checks), modes (the game-mode
framework: hooks, Victory Point scoring), domination (its flowers, Burraparay calls and trigger
declaration), hill (King of the Hill's hill card), manoeuvres (the modes' Manoeuvre cards),
ceremony (the Nymphlets and their catching), match (the Game), guards (Echo's Guard figures and
tokens, in every game). Advanced rules: cards (readying and spending Tribal cards), effects
(what a track does and which reactions an attack allows, as the core asks it), statuses, abilities
(using an innate action or card and answering with one; what each does, one module per character,
plugged in here).

Phases (state["phase"]) and who acts, with engine/flow:
- "start" (flow.each_once): figures stand in their areas; players may `place` and say `ready`.
- "countdown" (no one waited on, no one may act): COUNTDOWN_SECONDS, then "Yarra Mark!"; the
  round clock starts when it ends.
- "fight" (real time, flow.everyone until the round clock): anyone acts at any time; the order
  the table applies actions is the order they were called.
- "roll" (turn-based realtime phase, flow.everyone until its cap): roll, allocate, take a marker.
- "turns" (turn-based, flow.one): the player on turn; reaction windows for a defender.
- "declare" (turn-based Domination, between game turns): the standing players declare Trigger or
  Not; the mode says who it waits on.
- "over".
Reaction windows are not a flow phase: they are deadlines on pending attacks
(state["pending"]), concurrent with the real-time phase; `next_deadline` is the earliest.

Actions: {"type": "roll"}, {"type": "allocate", "track": "attack"|"move"|"heal"|"parry",
"count": n (optional: all that fit)}, {"type": "auto"}, {"type": "recover", "track": t
(optional: all tracks), "count": n (optional)}, {"type": "attack", "target": seat, "dice": n
(optional: all)}, {"type": "move", "steps": ["E", "NE", "NW", "W", "SW", "SE", "L", "R", ...],
"flow": bool (optional: go with the flow)}, {"type": "current", "track": "swell"|"rapids"|
"backwash"|"flood", "count": n (optional: all that fit)}, {"type": "heal", "dice": n (optional)},
{"type": "parry", "dice": n}, {"type": "take"},
{"type": "auto_parry", "on": bool}, {"type": "place", "hex": [q, r], "facing": 0-5},
{"type": "ready"}, turn-based {"type": "marker", "marker": 1..n}, {"type": "end_turn"},
{"type": "pass"}, Domination's {"type": "declare", "trigger": bool, "dice": n}, King of the Hill's
{"type": "hill", "count": n (optional: all that fit)}, the Ceremony's catch {"type": "attack",
"nymphlet": i, "dice": n} and {"type": "scamper", "nymphlet": i, "steps": [...]}; and the table's
TIMEOUT (also for a mode's timed events: Domination's unannounced calls), and LEAVE. Any action
may carry "at_ms", when its player clicked (ms); attacks and markers keep it, so a slower player
can learn by how much they lost the race (races). Advanced: {"type": "use", "track": key, "dice":
n (optional), ...the card's fields}, {"type": "react", "track": key, ...} in a reaction window,
and on an attack "guard" (one of Echo's Guards as the target), "by" (Echo: the Guard that acts;
on a move too) and "heat" (Flame Blade).

Readings chosen where ARENA.md and the rulebook are silent (also in `rules`):
- Characters are picked in the lobby (lobby: the rulebook's four for new players first, each with
  its difficulty); without picks they go by seat: Grublic, Riparian, Banksia, Pluma, Incendiary,
  Echo. Starting areas are dealt by a seeded shuffle once per match.
- Each figure starts on the middle hex of its area, facing the default; before each round the
  player may place it on another hex/facing of the area whose front arc is clear (on the board,
  no stone, no figure) and not in another figure's front arc (ARENA.md 4.17: starts stay fair).
- A die that is spent or recovered returns to the pool unrolled (4.18): it must be rolled before
  it is allocated again. Turn-based, the pool is unrolled at the start of each realtime phase.
- Turn-based, an Every Eye round lasts at most 6 game turns (4.13); the modes end theirs by their
  own rule (4.20: the third scoring, the last flower, the last Nymphlet; modes.VictoryPoints), with
  a safety cap only against a round nobody ends (data.TB_SAFETY_GAME_TURNS). Turn-based Dart is not
  rolled (4.19, ceremony); in turn-based Domination the last turn-order marker declares knowing the
  most (4.23, domination).
- Real-time Auto-Parry (a per-player switch, on by default) answers a front attack at once with
  min(hits, Parry dice). With it off a window of REACT_SECONDS opens; if it runs out, Auto-Parry
  answers all the same (an absent player still defends). Turn-based there is time to ask, so a
  window (TB_DEFEND_SECONDS) opens whenever Parry could cancel a hit, whatever the switch; when
  it runs out every allocated Defence die is rolled (ARENA.md 3.4). Real-time Parry may not
  spend more dice than there are hits; turn-based it may (more dice, more chances to block).
  A player away (flow: 3 timers missed in a row, windows included) gets no window.
- Attacks on one defender wait behind each other in call order; the arc is fixed at the call.
  A defender whose window is open may only answer (rule: stop when hit). An attack whose
  defender is knocked out before it resolves moves nothing. When a round ends, waiting attacks
  are answered by Auto-Parry first, in call order.
- Movement steps are absolute compass directions (the buttons), turns are L/R; the path is
  refused as a whole if any step is blocked.
- Turn-based: taking a marker first allocates every die that fits; players without a marker
  when the cap runs out get the leftover markers at random. A player with nothing to resolve,
  or away, passes when their turn comes; a turn timer that runs out passes; each action starts
  the turn clock again. A turn holds while its attack's window is open.
- A player who leaves: their figure leaves the arena at once (no one's trophy; its health stays
  on their board, off every cup), attacks waiting on it are dropped, they score no more points
  and rank last. With one player left the match ends and they win.
- Players tied for the most points after the last round play one tiebreak round alone (points
  by the table for their number), then share the win if still tied. Lower ties share places.
- Between rounds the results show for BETWEEN_SECONDS (or until everyone is ready).

Advanced readings (ARENA.md section 2.6 numbers, all in data.py):
- Auto fills only the basic actions; Ready dice go onto a card only when the player puts them.
- Using a card spends all the dice on it (the bonus applies when asked and its space is filled).
- A reaction is offered only where it can change the attack: Watch Out! against normal hits from
  the rear, Slippery against normal hits, Protect the Chief with a Guard beside Echo. Attacks on
  a Guard allow only Echo's Parry, from the Guard's front arc.
- The pause (rule 14): while an attack a Tribal card called waits to land, every action but an
  answer to a window is refused, the card's user's included.
- Netted: no steps (turns on the spot are allowed), pushes still move the figure; its Move dice
  go back to its pool. Turn-based, Netted lasts through the figure's next turn and Hidden until
  its next turn begins.
- Card pushes: Shield Bash pushes from the attacker's side, Brutal Charge along his facing; a
  push stopped by the edge, terrain or a figure moves no further.
- A Guard yields one Guard token however many hits land on it (ARENA.md 4.10).
"""
from .abilities import banksia, echo, general, grublic, incendiary, pluma, riparian
from .ceremony import Ceremony
from .domination import Domination
from .effects import plug_effects
from .hill import KingOfTheHill
from .match import EyeForAnEye
from .modes import plug
from .stream import Rainforest
from .terrain import plug_terrain

plug(Domination(), KingOfTheHill(), Ceremony())  # the core imports no mode: they plug in here (modes.py)
plug_terrain(Rainforest())  # nor the Rainforest's stream (terrain.py)
plug_effects(grublic.EFFECTS, riparian.EFFECTS, banksia.EFFECTS, incendiary.EFFECTS, pluma.EFFECTS, echo.EFFECTS,
             general.EFFECTS)  # nor what a character's innate action and cards do (effects.py)

__all__ = ["EyeForAnEye"]
