"""Run the tabletop bot: `python bot.py [--sync] [--shards 0-3 --shard-count 8]`.

Settings come from the environment or a `.env` file (see README). A missing or rejected
token prints one line and exits with status 2; a database that cannot be used, 3; a shard
another process already runs, 4.

Without --shards one process runs every shard Discord recommends. With them it runs those
shards only, and only their sessions (host/shards.py): several processes share one
PostgreSQL database, each the only writer of its own tables.
"""
from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import logging
import sys
import time
from collections.abc import Callable
from typing import Any

import aiohttp
import discord
import yarl
from discord import app_commands
from discord.ext import commands

from cogs import replies
from cogs.arena.live import Live
from cogs.bus import Bus, Stage
from cogs.clicks import route
from cogs.command_words import CommandWords
from cogs.components import TableButton, TableSelect
from cogs.language import text
from cogs.presenter import Presenter
from cogs.repair import repair_boards
from cogs.tiger_par import DealPars
from cogs.uis import GameUIs, game_uis
from engine import registry
from host import metrics
from host.config import Config
from host.databases import open_store
from host.leases import Leases, LeaseTaken
from host.scheduler import Scheduler
from host.shards import ALL_SHARDS, Shards
from host.store import DatabaseFault, Store, StoreError
from host.table import Table

log = logging.getLogger("tabletop")
EXTENSIONS = ("cogs.lobby", "cogs.rules", "cogs.game_control", "cogs.leaderboard", "cogs.help")  # the commands
EXIT_CONFIG = 2
EXIT_DATABASE = 3
EXIT_SHARD_TAKEN = 4
OPEN_TABLES_EVERY = 15.0  # seconds between counts of the open tables (metrics only)


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


class TabletopBot(commands.AutoShardedBot):
    """The bot and its services, which the cogs reach through `interaction.client` (cogs/services.py)."""

    store: Store
    table: Table
    uis: GameUIs  # each game's Discord side (cogs/uis.py)
    clicked = staticmethod(route)  # every click on a table's button or menu (cogs/components.py): cogs/clicks.py
    changes: Bus  # every change of every table goes out here (cogs/bus.py)
    presenter: Presenter
    arena_live: Live  # Eye for an Eye's live panels (cogs/arena/live.py)
    tiger_pars: DealPars  # Eye of the Tiger's par, worked out in a thread (cogs/tiger_par.py)

    def __init__(self, config: Config, *, force_sync: bool = False, clock: Callable[[], float] = time.time,
                 shards: Shards = ALL_SHARDS) -> None:
        intents = discord.Intents.default()  # slash commands and buttons need no privileged intent
        sharding: dict[str, Any] = {} if shards.ids is None else {"shard_ids": list(shards.ids),
                                                                  "shard_count": shards.count}
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=AnsweredInTime, **sharding)
        self.config = config
        self.own_shards = shards
        self.leases: Leases | None = None
        self.max_concurrency: int | None = None  # IDENTIFY buckets, from Discord's session start limit
        self._counting: asyncio.Task[None] | None = None
        self.force_sync = force_sync
        self.clock = clock
        self.scheduler: Scheduler | None = None
        registry.load(config.game_modules)

    async def setup_hook(self) -> None:
        self.store = await open_store(self.config.database)
        await self.lease_shards()
        self.table = Table(self.store, clock=self.clock, shards=self.own_shards)
        self.uis = game_uis(self.table.clock)
        self.changes = Bus()
        self.presenter = Presenter(self, self.table, self.uis)
        self.arena_live = Live(self)
        self.tiger_pars = DealPars()
        self.changes.subscribe(Stage.PRIVATE, self.arena_live.on_change, game="arena")  # its panels hear first
        self.changes.subscribe(Stage.PUBLIC, self.presenter.on_change)
        self.changes.subscribe(Stage.PUBLIC, self.tiger_pars.on_change, game="tiger")  # the end board's par, early
        self.table.listeners.append(self.changes.publish)  # a timer's change goes out as a click's does
        self.add_dynamic_items(TableButton, TableSelect)  # their clicks come to `clicked`
        self.tree.error(self.on_command_failure)  # discord.py's public way to set the tree's handler
        await self.tree.set_translator(CommandWords())  # the commands in German and French (locales/)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.sync_commands_if_changed()
        # Before the gateway connects, so no click races it: boards a crash left behind.
        if repaired := await repair_boards(self.presenter):
            log.info("redrew %d boards left behind by the last run", repaired)
        if self.config.run_timers:
            self.scheduler = Scheduler(self.table)
            self.scheduler.start()
        if self.config.metrics_port is not None:
            metrics.serve(self.config.metrics_port, self.own_shards.label())
            self._counting = asyncio.create_task(self.count_open_tables(), name="open-tables")

    async def count_open_tables(self) -> None:
        """The open-tables gauge, from the database: a table in a lobby or a game counts while it lasts."""
        while True:
            try:
                metrics.OPEN_TABLES.set(await self.table.rows.count_open())
            except DatabaseFault as fault:
                log.warning("open tables not counted: %s", fault)
            await asyncio.sleep(OPEN_TABLES_EVERY)

    async def lease_shards(self) -> None:
        """Hold this process's shards, or stop: two processes must never run one shard (LeaseTaken)."""
        self.leases = await Leases.open(self.config.database)
        names = ["shard-all"] if self.own_shards.ids is None else [
            f"shard-{n}-of-{self.own_shards.count}" for n in self.own_shards.ids]
        if taken := [name for name in names if not await self.leases.hold(name)]:
            raise LeaseTaken(f"{', '.join(taken)} already run by another bot process on this database")

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Connect when this shard's bucket is free in every process (Discord's max_concurrency)."""
        if self.leases is None or shard_id is None:
            await super().before_identify_hook(shard_id, initial=initial)
            return
        if self.max_concurrency is None:
            _, _, limit = await self.http.get_bot_gateway()
            self.max_concurrency = max(1, int(limit.get("max_concurrency", 1)))
        await self.leases.take_turn(f"identify-{shard_id % self.max_concurrency}")

    async def on_message(self, message: discord.Message, /) -> None:
        """No text commands (slash commands and buttons only): a message that mentions the bot is
        answered with the /help page by cogs/help.py, never parsed as a command."""

    async def sync_commands_if_changed(self) -> bool:
        """Sync only when the command tree differs from the last sync (or --sync asks)."""
        guild = discord.Object(self.config.dev_guild) if self.config.dev_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator  # what sync sends: a new translation is a change, synced once
        payload = [await command.get_translated_payload(self.tree, translator) if translator else
                   command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]
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
        if isinstance(cause, DatabaseFault):
            log.error("/%s not done: %s", name, cause)
            words = replies.cannot_save(cause, interaction.locale)
        else:
            log.error("/%s failed", name, exc_info=error)
            words = text(interaction.locale, "Something went wrong on our side; please try again.")
        try:
            await replies.tell(interaction, words)
        except discord.HTTPException:
            log.warning("could not tell the user about the failure")

    async def close(self) -> None:
        if self._counting is not None:
            self._counting.cancel()
        if self.scheduler is not None:
            await self.scheduler.stop()
        await super().close()
        if hasattr(self, "table"):
            await self.table.close()
        if hasattr(self, "store"):
            await self.store.close()
        if self.leases is not None:
            await self.leases.close()


def configure_logging(level: str, shards: Shards = ALL_SHARDS) -> None:
    """The log goes to stdout, so stderr carries only what a person must act on; each line names
    the shards of its process, so the logs of several processes can be read together.

    At DEBUG, discord.py logs whole HTTP and gateway payloads, private (ephemeral) messages
    included: its loggers stay at INFO or above whatever the level, so no hand reaches a log.
    """
    logging.basicConfig(level=level, stream=sys.stdout,
                        format=f"%(asctime)s %(levelname)s [shards {shards.label()}] %(name)s: %(message)s")
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
    parser.add_argument("--shards", metavar="IDS", help="run only these shards, e.g. 0-3 or 0,2 (needs --shard-count)")
    parser.add_argument("--shard-count", type=int, metavar="N", help="the number of shards across all processes")
    args = parser.parse_args(argv)
    try:
        config = Config.from_env()
        shards = Shards.parse(args.shards, args.shard_count)
    except ValueError as bad:
        print(f"Configuration error: {bad}", file=sys.stderr)
        return EXIT_CONFIG
    if not config.token:
        print("DISCORD_TOKEN is not set: put your bot's token in the environment or in a .env file "
              "(see README).", file=sys.stderr)
        return EXIT_CONFIG
    configure_logging(config.log_level, shards)
    discord.VoiceClient.warn_nacl = False  # no voice here: its optional libraries are not wanted
    discord.VoiceClient.warn_dave = False
    point_at(config)
    bot = TabletopBot(config, force_sync=args.sync, shards=shards)
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
    except LeaseTaken as taken:
        print(f"Not started: {taken}.", file=sys.stderr)
        return EXIT_SHARD_TAKEN
    except (aiohttp.ClientError, OSError, discord.GatewayNotFound) as unreachable:
        print(f"Cannot reach Discord ({unreachable.__class__.__name__}: {unreachable}): check the network "
              "connection, then start the bot again.", file=sys.stderr)
        return EXIT_CONFIG
    return 0


if __name__ == "__main__":
    sys.exit(main())
