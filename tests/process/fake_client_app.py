"""Tiny discord.py bot used only by tests/process/test_fakediscord.py (stands in for bot.py).

Why: it proves the redirection mechanism bot.py uses (Route.BASE and
DiscordWebSocket.DEFAULT_GATEWAY from env vars) and exercises the paths the real
bot relies on: login, application_info, guild command sync, a slash command that
answers with a persistent DynamicItem button, and a button that survives restarts.
"""

from __future__ import annotations

import os
import sys

import discord
import discord.gateway
import discord.http
import yarl
from discord import app_commands
from discord.ext import commands

API_BASE = os.environ.get("DISCORD_API_BASE")
GATEWAY_URL = os.environ.get("DISCORD_GATEWAY_URL")
if API_BASE:
    discord.http.Route.BASE = API_BASE
if GATEWAY_URL:
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(GATEWAY_URL)


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:(?P<n>\d+)"):
    """Button whose state (n) lives in its custom_id, so any process can handle it."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", style=discord.ButtonStyle.primary,
                                           custom_id=f"demo:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        nxt = self.n + 1
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(nxt))
        await interaction.response.edit_message(content=f"count={nxt} pid={os.getpid()}", view=view)


class App(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)
        guild = discord.Object(int(os.environ["FAKE_GUILD_ID"]))
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)


bot = App()


@bot.tree.command(name="hello", description="Say hello with a counter button")
@app_commands.describe(who="Who to greet")
async def hello(interaction: discord.Interaction, who: str = "world") -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(Counter(0))
    await interaction.response.send_message(f"hello {who} count=0 pid={os.getpid()}", view=view)


if __name__ == "__main__":
    bot.run(os.environ["DISCORD_TOKEN"], log_level=20)
    sys.exit(0)
