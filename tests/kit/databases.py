"""The databases a test can run on: SQLite files, and schemas of a real PostgreSQL server.

PostgreSQL tests need a server: `TABLETOP_TEST_POSTGRES` names it (a `postgresql://` address, or
`1` for the local default). Without the variable they run when the default address answers and
are skipped, with the reason, when it does not; with it, a server that does not answer fails
them (CI sets it, so a CI without PostgreSQL cannot pass by skipping).
"""
from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from functools import cache
from urllib.parse import urlsplit, urlunsplit

import pytest

DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres"
BACKENDS = ("sqlite", "postgresql")


def postgres_address() -> tuple[str, bool]:
    """The server's address, and whether the environment demands it."""
    given = os.environ.get("TABLETOP_TEST_POSTGRES", "").strip()
    if given and given not in ("0", "1", "true", "yes"):
        return given, True
    return DEFAULT_POSTGRES, given not in ("", "0")


@cache
def _server_answers(address: str) -> str | None:
    """None when the server answers; else why not."""
    import asyncpg

    async def probe() -> None:
        conn = await asyncpg.connect(address, timeout=10)
        await conn.close()
    try:  # in a thread of its own: the caller may be inside a running event loop
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, probe()).result()
    except Exception as error:  # any failure to connect is the reason to report
        return f"{type(error).__name__}: {error}"
    return None


def require_postgres() -> str:
    """The server's address, or skip (fail, when TABLETOP_TEST_POSTGRES is set) saying why."""
    address, demanded = postgres_address()
    if (why := _server_answers(address)) is not None:
        message = f"PostgreSQL at {address} does not answer ({why})"
        if demanded:
            pytest.fail(f"{message}, and TABLETOP_TEST_POSTGRES asks for it", pytrace=False)
        pytest.skip(f"{message}; set TABLETOP_TEST_POSTGRES to require it")
    return address


def with_schema(address: str, schema: str) -> str:
    """The address with `search_path` set: asyncpg passes unknown query parameters as settings."""
    parts = urlsplit(address)
    query = "&".join(filter(None, [parts.query, f"search_path={schema}"]))
    return urlunsplit(parts._replace(query=query))


@asynccontextmanager
async def postgres_schema() -> AsyncIterator[str]:
    """An address whose tables live in a new, empty schema, dropped afterwards."""
    address = require_postgres()
    schema = f"test_{uuid.uuid4().hex[:16]}"
    await _execute(address, f"CREATE SCHEMA {schema}")
    try:
        yield with_schema(address, schema)
    finally:
        await _execute(address, f"DROP SCHEMA IF EXISTS {schema} CASCADE")


async def _execute(address: str, statement: str) -> None:
    """One statement on a connection of its own."""
    import asyncpg

    conn = await asyncpg.connect(address)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


# ---------------------------------------------------------------- schemas reused between tests
_spare: list[str] = []  # this process's schemas, emptied by the test that used them, for the next one
EMPTYING_LOCK_TIMEOUT = "10s"  # a test that left a connection holding its tables: that schema is dropped


@asynccontextmanager
async def reused_postgres_schema() -> AsyncIterator[str]:
    """An address whose schema holds no rows: one this process emptied after an earlier test, or a new
    one. Why: creating a schema and migrating it costs the server about 60 ms of CPU a test, emptying
    one about 7 ms, over some 400 tests. Its tables stay as the migrations made them (a test of the
    migrations themselves takes `postgres_schema`); emptying restarts their ids, so a test sees what a
    fresh schema would show."""
    address = require_postgres()
    if _spare:
        schema = _spare.pop()
    else:
        schema = f"test_{uuid.uuid4().hex[:16]}"
        await _execute(address, f"CREATE SCHEMA {schema}")
    try:
        yield with_schema(address, schema)
    finally:
        if await _emptied(address, schema):
            _spare.append(schema)
        else:
            await _execute(address, f"DROP SCHEMA IF EXISTS {schema} CASCADE")


async def _emptied(address: str, schema: str) -> bool:
    """Every table of the schema emptied but the migrations' record, its ids restarted (False: it
    could not be, within EMPTYING_LOCK_TIMEOUT)."""
    import asyncpg

    conn = await asyncpg.connect(with_schema(address, schema))
    try:
        await conn.execute(f"SET lock_timeout = '{EMPTYING_LOCK_TIMEOUT}'")
        tables = [row[0] for row in await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = $1 AND tablename <> 'schema_version'", schema)]
        if tables:
            await conn.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
        return True
    except asyncpg.PostgresError:
        return False
    finally:
        await conn.close()


def drop_spare_schemas() -> None:
    """At the end of a test session: the schemas kept for reuse are dropped."""
    while _spare:
        asyncio.run(_execute(require_postgres(), f"DROP SCHEMA IF EXISTS {_spare.pop()} CASCADE"))
