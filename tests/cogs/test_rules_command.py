"""/rules: a game's rules privately, and its advanced rules as a page of their own when asked."""
from __future__ import annotations

from engine.arena.rules import ADVANCED, RULES


async def test_the_rules_of_eye_for_an_eye_fit_one_embed_and_point_to_the_advanced_rules(world):
    env, _guild, channel, u = world
    result = await u["ann"].slash(channel, "rules", game="arena")
    (embed,) = result.response.embeds
    assert result.ephemeral and embed.description == RULES and len(RULES) <= 4000
    assert "advanced rules: /rules game:arena advanced:True" in embed.footer.text


async def test_asked_for_the_advanced_rules_shows_them_whole(world):
    env, _guild, channel, u = world
    result = await u["ann"].slash(channel, "rules", game="arena", advanced=True)
    (embed,) = result.response.embeds
    assert result.ephemeral and embed.title == "Eye for an Eye: advanced rules"
    assert embed.description == ADVANCED and len(ADVANCED) <= 4000
    assert "Tribal cards" in embed.description and "The core rules: /rules game:arena" in embed.footer.text


async def test_a_game_without_advanced_rules_says_so_and_shows_its_rules(world):
    env, _guild, channel, u = world
    result = await u["ann"].slash(channel, "rules", game="tally", advanced=True)
    assert "has no advanced rules" in result.response.content
    assert "Reach 10" in result.response.embeds[0].description
    assert "advanced" not in result.response.embeds[0].footer.text
