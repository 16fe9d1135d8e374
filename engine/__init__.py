"""Pure game rules over plain JSON data: no Discord, no database, no drawing.

Every game module follows the protocol in `engine.protocol`; the shared pieces (seeded
generator, seats, decks, grids, deadlines) live here once so games do not copy them.
"""
