"""Settings from the environment, with a `.env` file for what the environment leaves out."""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

DEFAULT_DATABASE = Path("data") / "tabletop.sqlite3"


def read_dotenv(path: Path) -> dict[str, str]:
    """The `.env` file as people write it, read by python-dotenv: a Windows byte-order mark, CRLF
    line ends, `export`, quotes, `# comments` after a value. A key without a value is left out."""
    if not path.is_file():
        return {}
    values = dotenv_values(path, encoding="utf-8-sig")  # utf-8-sig: Notepad's byte-order mark is not part of a key
    return {key: value for key, value in values.items() if value is not None}


@dataclass(frozen=True)
class Config:
    token: str | None
    database: Path = DEFAULT_DATABASE
    dev_guild: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None  # a stand-in Discord for tests; never set in production
    gateway_url: str | None = None
    game_modules: tuple[str, ...] = ()  # extra game modules to load (games in development)
    run_timers: bool = True

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
        return cls(
            token=get("DISCORD_TOKEN"),
            database=Path(get("TABLETOP_DATABASE") or DEFAULT_DATABASE),
            dev_guild=int(guild) if guild else None,
            log_level=(get("LOG_LEVEL") or "INFO").upper(),
            api_base=get("DISCORD_API_BASE"),
            gateway_url=get("DISCORD_GATEWAY_URL"),
            game_modules=tuple(m.strip() for m in modules.split(",") if m.strip()) if modules else (),
        )
