"""The game host: sessions, storage and timers between Discord and the pure engine."""
