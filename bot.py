"""Run the tabletop bot: `python bot.py [--sync]`.

Settings come from the environment or a `.env` file (see README). A missing or rejected
token prints one line and exits with status 2.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import sqlite3
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import aiohttp
import discord
import yarl
from discord import app_commands
from discord.ext import commands

from cogs import replies
from cogs.actions import game_click
from cogs.components import TableButton, TableSelect, handles_the_rest
from cogs.presenter import Presenter
from engine import registry
from host.config import Config
from host.scheduler import Scheduler
from host.store import Store, StoreError, fault_cause
from host.table import Table

if TYPE_CHECKING:
    from cogs.arena.live import Live

log = logging.getLogger("tabletop")
EXTENSIONS = ("cogs.lobby", "cogs.rules", "cogs.game_control", "cogs.dragon", "cogs.ghosts", "cogs.tiger", "cogs.bugs", "cogs.arena", "cogs.leaderboard", "cogs.help")
EXIT_CONFIG = 2
EXIT_DATABASE = 3


class AnsweredInTime(app_commands.CommandTree):
    """Runs every slash command under `replies.in_time`, so a slow one is acknowledged first.

    discord.py has no public hook around a command's run; `_call` is where it runs one.
    """

    async def _call(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.application_command:
            await super()._call(interaction)  # autocomplete answers with choices, never "thinking"
            return
        public = bool(interaction.command and interaction.command.extras.get("public"))
        async with replies.in_time(interaction, public=public):
            await super()._call(interaction)


class TabletopBot(commands.Bot):
    """The bot and its services, which the cogs reach through `interaction.client` (cogs/services.py)."""

    store: Store
    table: Table
    presenter: Presenter
    arena_live: Live  # Eye for an Eye's live panels (cogs/arena/live.py), made when its cog loads

    def __init__(self, config: Config, *, force_sync: bool = False, clock: Callable[[], float] = time.time) -> None:
        intents = discord.Intents.default()  # slash commands and buttons need no privileged intent
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=AnsweredInTime)
        self.config = config
        self.force_sync = force_sync
        self.clock = clock
        self.scheduler: Scheduler | None = None
        registry.load(config.game_modules)

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.config.database)
        self.table = Table(self.store, clock=self.clock)
        self.presenter = Presenter(self, self.table)
        self.table.listeners.append(self.presenter.on_timer)
        self.add_dynamic_items(TableButton, TableSelect)
        handles_the_rest(game_click)  # a board click no cog claims: the game's UI says which move it means
        self.tree.error(self.on_command_failure)  # discord.py's public way to set the tree's handler
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.sync_commands_if_changed()
        # Before the gateway connects, so no click races it: boards a crash left behind.
        if repaired := await self.presenter.repair():
            log.info("redrew %d boards left behind by the last run", repaired)
        if self.config.run_timers:
            self.scheduler = Scheduler(self.table)
            self.scheduler.start()

    async def on_message(self, message: discord.Message, /) -> None:
        """No text commands (slash commands and buttons only): a message that mentions the bot is
        answered with the /help page by cogs/help.py, never parsed as a command."""

    async def sync_commands_if_changed(self) -> bool:
        """Sync only when the command tree differs from the last sync (or --sync asks)."""
        guild = discord.Object(self.config.dev_guild) if self.config.dev_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"commands:{guild.id if guild else 'global'}"
        if not self.force_sync and await self.store.get_meta(key) == digest:
            log.info("commands unchanged since the last sync; not syncing")
            return False
        await self.tree.sync(guild=guild)
        await self.store.set_meta(key, digest)
        log.info("synced %d commands %s", len(payload), f"to guild {guild.id}" if guild else "globally")
        return True

    async def on_command_failure(self, interaction: discord.Interaction,
                                 error: app_commands.AppCommandError) -> None:
        """A slash command broke: log it, and tell the person instead of 'interaction failed'."""
        name = interaction.command.name if interaction.command else "?"
        cause = getattr(error, "original", error)
        if replies.delivered_again(cause):
            log.info("/%s (interaction %s) was delivered again; it was applied once", name, interaction.id)
            return
        if isinstance(cause, sqlite3.Error):
            log.error("/%s not done: %s", name, fault_cause(cause))
            text = replies.cannot_save(cause)
        else:
            log.error("/%s failed", name, exc_info=error)
            text = "Something went wrong on our side; please try again."
        try:
            await replies.tell(interaction, text)
        except discord.HTTPException:
            log.warning("could not tell the user about the failure")

    async def close(self) -> None:
        if self.scheduler is not None:
            await self.scheduler.stop()
        await super().close()
        if hasattr(self, "table"):
            await self.table.close()
        if hasattr(self, "store"):
            await self.store.close()


def configure_logging(level: str) -> None:
    """The log goes to stdout, so stderr carries only what a person must act on.

    At DEBUG, discord.py logs whole HTTP and gateway payloads, private (ephemeral) messages
    included: its loggers stay at INFO or above whatever the level, so no hand reaches a log.
    """
    logging.basicConfig(level=level, stream=sys.stdout, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLevelName(level)))


def point_at(config: Config) -> None:
    """Talk to a stand-in Discord (tests) when its addresses are configured."""
    if config.api_base:
        discord.http.Route.BASE = config.api_base.rstrip("/")
    if config.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway_url)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Host tabletop games in Discord channels.")
    parser.add_argument("--sync", action="store_true", help="sync slash commands even if unchanged")
    args = parser.parse_args(argv)
    try:
        config = Config.from_env()
    except ValueError as bad:
        print(f"Configuration error: {bad}", file=sys.stderr)
        return EXIT_CONFIG
    if not config.token:
        print("DISCORD_TOKEN is not set: put your bot's token in the environment or in a .env file "
              "(see README).", file=sys.stderr)
        return EXIT_CONFIG
    configure_logging(config.log_level)
    discord.VoiceClient.warn_nacl = False  # no voice here: its optional libraries are not wanted
    discord.VoiceClient.warn_dave = False
    point_at(config)
    bot = TabletopBot(config, force_sync=args.sync)
    try:
        bot.run(config.token, log_handler=None)
    except discord.LoginFailure:
        print("Discord rejected DISCORD_TOKEN: check the token in the Developer Portal (Bot > Reset Token).",
              file=sys.stderr)
        return EXIT_CONFIG
    except discord.PrivilegedIntentsRequired:
        print("Discord refused a privileged intent this bot asked for.", file=sys.stderr)
        return EXIT_CONFIG
    except StoreError as unusable:
        print(f"Database problem: {unusable}", file=sys.stderr)
        return EXIT_DATABASE
    except (aiohttp.ClientError, OSError, discord.GatewayNotFound) as unreachable:
        print(f"Cannot reach Discord ({unreachable.__class__.__name__}: {unreachable}): check the network "
              "connection, then start the bot again.", file=sys.stderr)
        return EXIT_CONFIG
    return 0


if __name__ == "__main__":
    sys.exit(main())
