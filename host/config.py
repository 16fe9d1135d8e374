"""Settings from the environment, with a `.env` file for what the environment leaves out."""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

from .store import is_postgres

DEFAULT_DATABASE = Path("data") / "tabletop.sqlite3"


def read_dotenv(path: Path) -> dict[str, str]:
    """The `.env` file as people write it, read by python-dotenv: a Windows byte-order mark, CRLF
    line ends, `export`, quotes, `# comments` after a value. A key without a value is left out."""
    if not path.is_file():
        return {}
    values = dotenv_values(path, encoding="utf-8-sig")  # utf-8-sig: Notepad's byte-order mark is not part of a key
    return {key: value for key, value in values.items() if value is not None}


def database_setting(value: str | None) -> str | Path:
    """A postgresql:// address as written (a Path would fold its //), else the SQLite file."""
    if value and is_postgres(value):
        return value
    return Path(value) if value else DEFAULT_DATABASE


@dataclass(frozen=True)
class Config:
    token: str | None
    database: str | Path = DEFAULT_DATABASE  # a file (SQLite) or a postgresql:// address
    dev_guild: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None  # a stand-in Discord for tests; never set in production
    gateway_url: str | None = None
    game_modules: tuple[str, ...] = ()  # extra game modules to load (games in development)
    run_timers: bool = True
    metrics_port: int | None = None  # serve Prometheus metrics on this port (host/metrics.py)
    render_workers: int = 0  # processes drawing boards (render/workers.py); 0: on the bot's own threads

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, dotenv: Path = Path(".env")) -> Config:
        env = {**read_dotenv(dotenv), **(os.environ if environ is None else environ)}

        def get(name: str) -> str | None:
            value = env.get(name, "").strip()
            return value or None

        guild = get("DISCORD_DEV_GUILD")
        if guild is not None and not guild.isdigit():
            raise ValueError(f"DISCORD_DEV_GUILD must be a server id (digits), not {guild!r}")
        modules = get("TABLETOP_GAME_MODULES")
        port = get("TABLETOP_METRICS_PORT")
        if port is not None and not (port.isdigit() and 0 < int(port) < 65536):
            raise ValueError(f"TABLETOP_METRICS_PORT must be a port number (1-65535), not {port!r}")
        workers = get("TABLETOP_RENDER_WORKERS")
        if workers is not None and not workers.isdigit():
            raise ValueError(f"TABLETOP_RENDER_WORKERS must be a number of processes (0: none), not {workers!r}")
        return cls(
            token=get("DISCORD_TOKEN"),
            database=database_setting(get("TABLETOP_DATABASE")),
            dev_guild=int(guild) if guild else None,
            log_level=(get("LOG_LEVEL") or "INFO").upper(),
            api_base=get("DISCORD_API_BASE"),
            gateway_url=get("DISCORD_GATEWAY_URL"),
            game_modules=tuple(m.strip() for m in modules.split(",") if m.strip()) if modules else (),
            metrics_port=int(port) if port else None,
            render_workers=int(workers) if workers else 0,
        )
