"""Application commands, kept and checked as Discord keeps and checks them.

Why: a command Discord would refuse never reaches a user, so the fake refuses it
too (50035: names, descriptions, required options before optional ones, 25
options or choices, 100 commands, duplicates).  Here: the global and guild tables,
bulk sync (PUT replaces the whole set; counted in ``command_puts``), single
create/get/edit/delete, and the look-up ``slash()`` uses to find what the bot
registered.
"""

from __future__ import annotations

import copy
import re

from aiohttp import web

from .errors import _ApiError, _FormErrors
from .records import RequestLog

_COMMAND_NAME_RE = re.compile(r"^[-_\w]{1,32}$")


class CommandsMixin:
    """Application command registry of ``FakeDiscord``."""

    # ------------------------------------------------------------------ test side

    def _registered(self, guild_id: int | None) -> dict:
        return self._global_commands if guild_id is None else self._guild_commands.get(int(guild_id), {})

    def commands(self, guild_id: int | None = None) -> list:
        """Registered commands (global if guild_id is None)."""
        return list(self._registered(guild_id).values())

    def command(self, name: str, guild_id: int | None = None, *, type: int = 1) -> dict | None:
        return self._registered(guild_id).get((type, name))

    async def _await_command(self, name: str, ctype: int, channel_id: int, timeout: float) -> dict:
        guild = self._guild_of_channel(channel_id)

        def lookup() -> dict | None:
            if guild is not None and (ctype, name) in self._guild_commands.get(guild.id, {}):
                return self._guild_commands[guild.id][(ctype, name)]
            return self._global_commands.get((ctype, name))

        try:
            return await self.wait_for(lookup, timeout)
        except TimeoutError:
            in_guild = [n for _, n in self._guild_commands.get(guild.id, {})] if guild is not None else []
            raise LookupError(
                f"command /{name} was never synced (global: {[n for _, n in self._global_commands]}, "
                f"guild: {in_guild})") from None

    # ------------------------------------------------------------------ REST handlers

    def _cmd_table(self, app_id: str, guild_id: str | None) -> dict:
        if int(app_id) != self.application_id:
            raise _ApiError(403, 50001, "Missing Access")
        if guild_id is None:
            return self._global_commands
        if int(guild_id) not in self._guilds:
            raise _ApiError(403, 50001, "Missing Access")
        return self._guild_commands[int(guild_id)]

    def _validate_command(self, cmd: dict, errs: _FormErrors, path: list) -> None:
        ctype = cmd.get("type", 1)
        name = cmd.get("name")
        if not isinstance(name, str):
            errs.add(path + ["name"], "BASE_TYPE_REQUIRED", "This field is required")
            return
        if ctype == 1:
            if not _COMMAND_NAME_RE.match(name) or name != name.lower():
                errs.add(path + ["name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
            desc = cmd.get("description") or ""
            if not 1 <= len(desc) <= 100:
                errs.add(path + ["description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
            self._validate_options(cmd.get("options") or [], errs, path + ["options"])
        else:
            if not 1 <= len(name) <= 32:
                errs.add(path + ["name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")
            if cmd.get("description"):
                errs.add(path + ["description"], "CONTEXT_MENU_DESCRIPTION",
                         "Context menu commands have no description")

    def _validate_options(self, options: list, errs: _FormErrors, path: list) -> None:
        if len(options) > 25:
            errs.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        seen_optional = False
        names = set()
        for i, opt in enumerate(options):
            p = path + [i]
            name = opt.get("name", "")
            if not _COMMAND_NAME_RE.match(name) or name != name.lower():
                errs.add(p + ["name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
            if name in names:
                errs.add(p + ["name"], "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
            names.add(name)
            if not 1 <= len(opt.get("description") or "") <= 100:
                errs.add(p + ["description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
            if opt.get("type") in (1, 2):
                self._validate_options(opt.get("options") or [], errs, p + ["options"])
                continue
            if opt.get("required"):
                if seen_optional:
                    errs.add(p + ["required"], "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                             "Required options must be placed before non-required options")
            else:
                seen_optional = True
            choices = opt.get("choices") or []
            if len(choices) > 25:
                errs.add(p + ["choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
            for j, ch in enumerate(choices):
                errs.max_len(p + ["choices", j, "name"], ch.get("name"), 100)
                errs.max_len(p + ["choices", j, "value"], ch.get("value"), 100)

    def _normalise_command(self, table: dict, cmd: dict, guild_id: str | None) -> dict:
        ctype = cmd.get("type", 1)
        old = table.get((ctype, cmd["name"]))
        out = copy.deepcopy(cmd)
        dmp = cmd.get("default_member_permissions")
        out.update(id=old["id"] if old else str(self._ids.next()), application_id=str(self.application_id),
                   version=str(self._ids.next()), type=ctype, description=cmd.get("description", ""),
                   default_member_permissions=None if dmp is None else str(dmp),
                   nsfw=bool(cmd.get("nsfw", False)), options=cmd.get("options") or [])
        out.setdefault("contexts", None)
        out.setdefault("integration_types", [0])
        if guild_id is not None:
            out["guild_id"] = str(guild_id)
        else:
            out.setdefault("dm_permission", True)
        return out

    async def _r_cmd_list(self, req: web.Request, entry: RequestLog, app_id: str, guild_id: str | None = None):
        return list(self._cmd_table(app_id, guild_id).values())

    async def _r_cmd_put(self, req: web.Request, entry: RequestLog, app_id: str, guild_id: str | None = None):
        table = self._cmd_table(app_id, guild_id)
        body, _ = await self._read_body(req, entry)
        if not isinstance(body, list):
            raise _ApiError(400, 50035, "Invalid Form Body")
        errs = _FormErrors()
        keys = set()
        for i, cmd in enumerate(body):
            self._validate_command(cmd, errs, [i])
            key = (cmd.get("type", 1), cmd.get("name"))
            if key in keys:
                errs.add([i, "name"], "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
            keys.add(key)
        if len([k for k in keys if k[0] == 1]) > 100:
            errs.add([], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
        errs.check()
        new = {(c.get("type", 1), c["name"]): self._normalise_command(table, c, guild_id) for c in body}
        table.clear()
        table.update(new)
        self.command_puts += 1
        self.command_put_log.append((int(guild_id) if guild_id else None, copy.deepcopy(body)))
        self._event(f"commands synced ({'guild' if guild_id else 'global'}): {[k[1] for k in new]}")
        self._notify()
        return list(new.values())

    async def _r_cmd_post(self, req: web.Request, entry: RequestLog, app_id: str, guild_id: str | None = None):
        table = self._cmd_table(app_id, guild_id)
        body, _ = await self._read_body(req, entry)
        errs = _FormErrors()
        self._validate_command(body, errs, [])
        errs.check()
        cmd = self._normalise_command(table, body, guild_id)
        existed = (cmd["type"], cmd["name"]) in table
        table[(cmd["type"], cmd["name"])] = cmd
        self._notify()
        return (200 if existed else 201), cmd

    def _cmd_by_id(self, table: dict, cmd_id: str) -> tuple:
        for key, cmd in table.items():
            if cmd["id"] == cmd_id:
                return key, cmd
        raise _ApiError(404, 10063, "Unknown application command")

    async def _r_cmd_get(self, req: web.Request, entry: RequestLog, app_id: str, cmd_id: str,
                         guild_id: str | None = None):
        return self._cmd_by_id(self._cmd_table(app_id, guild_id), cmd_id)[1]

    async def _r_cmd_patch(self, req: web.Request, entry: RequestLog, app_id: str, cmd_id: str,
                           guild_id: str | None = None):
        table = self._cmd_table(app_id, guild_id)
        key, cmd = self._cmd_by_id(table, cmd_id)
        body, _ = await self._read_body(req, entry)
        merged = dict(cmd, **body)
        errs = _FormErrors()
        self._validate_command(merged, errs, [])
        errs.check()
        del table[key]
        new = self._normalise_command(table, merged, guild_id)
        new["id"] = cmd["id"]
        table[(new["type"], new["name"])] = new
        self._notify()
        return new

    async def _r_cmd_delete(self, req: web.Request, entry: RequestLog, app_id: str, cmd_id: str,
                            guild_id: str | None = None):
        table = self._cmd_table(app_id, guild_id)
        key, _ = self._cmd_by_id(table, cmd_id)
        del table[key]
        self._notify()
        return None

    async def _r_cmd_perms(self, req: web.Request, entry: RequestLog, app_id: str, guild_id: str):
        self._cmd_table(app_id, guild_id)
        return []
