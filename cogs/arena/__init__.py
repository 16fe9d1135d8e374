"""Eye for an Eye on Discord (ARENA.md 3): one public board per round, and a private panel per player.

Modules: board (the public board message and its Peek and Rules buttons), panel (the private
panel's views), cards (the advanced rules' innate actions, Tribal cards and reactions on the
panel), extras (the game modes' controls: Flow, the Raging Current tracks, the hill card,
Nymphlets to catch and Scamper, Domination's declaration), draft (what the panel remembers between clicks, and what a click means), clicks
(a click: act, then redraw the panel in place), live (pushing prompts and news to panels of
players who did not click), words (how views read as text), legend (what the panel's signs mean).
Hexes are named as players say them ('D4', render.arena_words.hex_label), never [q, r]. Every rule is the engine's: the
panel draws from the player's view and legal actions, greys what `explain` refuses, and
`engine.arena.races` says who won a race the player lost.

Clicks for the common actions, with the panel open (counted by
tests/cogs/arena/test_arena_discord.py::test_the_common_actions_take_the_clicks_arena_md_promises):
Roll 1 · allocate 1 (a select; ⚡ Auto puts every die at once) · Attack 1, or 2 when a target
must be chosen · Move 2 steps 3 (Move…, then two steps: the path goes once every Move die is
used; + ✔ Go when more are allocated) · Heal 1 · Parry 0 (Auto-Parry) or 1 (the pushed prompt) ·
a partial spend +1-4 (Qty cycles All/1/2/3/4). Turn-based: ✔ Done 1 (allocates what fits) and a
marker 1. Opening the panel is 1 more, once per 15 minutes: a first hit is 4 interactions (open, roll,
allocate, attack; tests/cogs/arena/test_arena_click_counts.py). The legend of the panel's signs
(legend) comes by itself after the first panel a player opens in a match, and again on ℹ Legend;
a button the engine would refuse is greyed, and a 🚫 line on the panel says why.

Advanced rules (tests/cogs/arena/test_arena_discord_advanced.py counts them): readying a card is the allocate
pick that fills it · a Tribal card or innate action 1 when the engine lists one way to use it,
else 2 (whom, which way, how much Heat, where to step, place or land) · a reaction beside Parry 1
in the prompt · Flame Blade +1 (its toggle) · Echo's Guard acting +1 per figure (the cycle). The
cards that compose a use take more: Will of the Wind 2-4 (steps, then a facing), Sword Dance 2
(the whole dance) or a click per strike and ✔ Dance, Surge 2 per Guard and ✔ Surge.
"""
from __future__ import annotations
