"""Eye for an Eye's lobby on Discord: its options, and each player's character.

Eye for an Eye has seven options (turn_based, advanced, alliances, rainforest, domination, hill
and ceremony); Discord allows five buttons a row, so the toggles spill over rows 1-3 and
the character select follows them. Played in process (simcord), as the host sees the lobby.
"""
from __future__ import annotations

from engine.arena.match import EyeForAnEye
from engine.protocol import Option
from tests.discord_helpers import buttons, message_in, selects

BUILT = {option.key for option in EyeForAnEye.options}
SEVEN = (*EyeForAnEye.options, *(Option(key, f"Mode {key}") for key in ("alliances", "rainforest", "domination",
                                                                        "ceremony", "hill") if key not in BUILT))


def rows_of(message) -> list[list[str]]:
    """Each row of the message: its buttons' labels, or 'select' for a select."""
    return [[getattr(child, "label", None) or "select" for child in row.children] for row in message.components]


async def test_seven_options_spill_over_rows_and_the_character_select_follows(world, monkeypatch):
    env, _guild, channel, u = world
    assert len(SEVEN) == 7
    monkeypatch.setattr(EyeForAnEye, "options", SEVEN)
    await u["ann"].slash(channel, "play", game="arena")
    lobby = channel.last_message
    rows = rows_of(lobby)
    assert rows[0] == ["Join", "Leave", "Start", "Cancel"]
    assert [len(row) for row in rows[1:3]] == [5, 2] and rows[3] == ["select"]
    assert all(label.endswith(": off") for row in rows[1:3] for label in row)
    assert len(selects(lobby)[0].options) == 6, "the six characters"

    last = SEVEN[-1].label  # a mode still to come, or the last one built
    await u["ann"].click(lobby, label=f"{last}: off")
    assert f"{last}: on" in buttons(message_in(channel, lobby.id))
    assert f"{last}: **on**" in message_in(channel, lobby.id).embeds[0].fields[1].value


async def test_an_option_label_too_long_for_a_button_is_cut(world, monkeypatch):
    env, _guild, channel, u = world
    monkeypatch.setattr(EyeForAnEye, "options", (Option("advanced", "Advanced " + "very " * 30 + "long"),))
    await u["ann"].slash(channel, "play", game="arena")
    (label,) = [label for label in buttons(channel.last_message) if label.startswith("Advanced")]
    assert len(label) <= 80 and label.endswith("…: off")
