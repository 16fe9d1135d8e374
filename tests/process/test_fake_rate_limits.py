"""The fake Discord enforces Discord's rate limits (tests/fakediscord/ratelimits.py): past a limit a
call gets 429 with `retry_after`, and every answer carries the X-RateLimit headers a client paces by."""
from __future__ import annotations

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.process  # serves HTTP on 127.0.0.1


async def call(session, fake, method, path, body=None):
    async with session.request(method, f"{fake.api_base}{path}", json=body,
                               headers={"Authorization": f"Bot {fake.token}"}) as response:
        return response.status, dict(response.headers), await response.json(content_type=None)


async def test_a_sixth_message_in_five_seconds_in_one_channel_is_refused_with_429():
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        path = f"/channels/{fake.channel_id}/messages"
        answers = [await call(http, fake, "POST", path, {"content": f"m{k}"}) for k in range(6)]
        assert [status for status, _, _ in answers] == [200] * 5 + [429]
        assert [headers["X-RateLimit-Remaining"] for _, headers, _ in answers[:5]] == ["4", "3", "2", "1", "0"]
        status, headers, body = answers[5]
        assert 0 < body["retry_after"] <= 5 and body["global"] is False
        assert headers["X-RateLimit-Scope"] == "user" and int(headers["Retry-After"]) >= 1
        assert len(fake.rate_limits.limited) == 1
        other = fake.add_channel("other")
        assert (await call(http, fake, "POST", f"/channels/{other}/messages", {"content": "x"}))[0] == 200, \
            "the limit is per channel"


async def test_edits_of_a_message_older_than_an_hour_have_a_stricter_bucket():
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        _, _, message = await call(http, fake, "POST", f"/channels/{fake.channel_id}/messages", {"content": "old"})
        path = f"/channels/{fake.channel_id}/messages/{message['id']}"
        fake.age_message(int(message["id"]), 3700)
        statuses = [(await call(http, fake, "PATCH", path, {"content": f"e{k}"}))[0] for k in range(4)]
        assert statuses == [200, 200, 200, 429]


async def test_more_than_fifty_requests_in_a_second_hit_the_global_limit():
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        fake.rate_limits.clock = lambda: 1000.0  # every call in the same instant
        statuses = [(await call(http, fake, "GET", "/users/@me"))[0] for _ in range(51)]
        assert statuses[:50] == [200] * 50 and statuses[50] == 429
        assert fake.rate_limits.limited[-1]["scope"] == "global"


async def test_the_limits_can_be_lifted_for_a_test_that_is_not_about_them():
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        fake.rate_limits.enabled = False
        path = f"/channels/{fake.channel_id}/messages"
        assert {(await call(http, fake, "POST", path, {"content": "x"}))[0] for _ in range(8)} == {200}
