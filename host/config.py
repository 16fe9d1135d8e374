"""Settings from the environment, with a `.env` file for what the environment leaves out."""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATABASE = Path("data") / "tabletop.sqlite3"


def read_dotenv(path: Path) -> dict[str, str]:
    """KEY=VALUE lines; blank lines and # comments ignored; quotes around a value dropped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key] = value
    return values


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
