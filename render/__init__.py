"""Pure drawing for game boards: views in, PNG bytes (plus alt text) out.

Nothing here does I/O or talks to Discord or the database, so every renderer
can be tested offline and run in a worker thread.
"""
