"""Settings from the environment and .env."""
from __future__ import annotations

from pathlib import Path

import pytest

from host.config import DEFAULT_DATABASE, Config


def test_defaults_when_only_the_token_is_set(tmp_path):
    config = Config.from_env({"DISCORD_TOKEN": "abc"}, dotenv=tmp_path / "none")
    assert config.token == "abc" and config.database == DEFAULT_DATABASE
    assert config.dev_guild is None and config.log_level == "INFO"


def test_dotenv_fills_in_and_the_environment_wins(tmp_path):
    dotenv = tmp_path / ".env"
    dotenv.write_text('# comment\nDISCORD_TOKEN="from-file"\nexport LOG_LEVEL=debug\nDISCORD_DEV_GUILD=123\n')
    config = Config.from_env({"LOG_LEVEL": "warning"}, dotenv=dotenv)
    assert config.token == "from-file" and config.log_level == "WARNING" and config.dev_guild == 123


def test_a_bad_guild_id_is_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match="DISCORD_DEV_GUILD"):
        Config.from_env({"DISCORD_DEV_GUILD": "my server"}, dotenv=tmp_path / "none")


def test_no_token_is_none(tmp_path):
    assert Config.from_env({"DISCORD_TOKEN": "  "}, dotenv=tmp_path / "none").token is None


def test_database_path_and_game_modules(tmp_path):
    config = Config.from_env({"TABLETOP_DATABASE": "x/y.db", "TABLETOP_GAME_MODULES": "a.b, c"},
                             dotenv=tmp_path / "none")
    assert config.database == Path("x/y.db") and config.game_modules == ("a.b", "c")


def token_from(tmp_path, text: bytes) -> str | None:
    dotenv = tmp_path / ".env"
    dotenv.write_bytes(text)
    return Config.from_env({}, dotenv=dotenv).token


def test_a_dotenv_saved_by_windows_notepad_with_a_byte_order_mark_is_read(tmp_path):
    assert token_from(tmp_path, "\ufeffDISCORD_TOKEN=abc\r\n".encode()) == "abc"


def test_a_comment_after_the_value_is_not_part_of_the_token(tmp_path):
    assert token_from(tmp_path, b"DISCORD_TOKEN=abc # my bot\n") == "abc"


@pytest.mark.parametrize("line", [b'DISCORD_TOKEN="abc"', b"DISCORD_TOKEN='abc'", b"export DISCORD_TOKEN=abc",
                                  b"DISCORD_TOKEN = abc", b"DISCORD_TOKEN=abc\r"])
def test_quotes_export_spaces_and_crlf_are_read_as_people_mean_them(tmp_path, line):
    assert token_from(tmp_path, b"# my bot\r\n\r\n" + line + b"\r\nLOG_LEVEL=debug\r\n") == "abc"


def test_a_hash_inside_quotes_stays_part_of_the_value(tmp_path):
    assert token_from(tmp_path, b'DISCORD_TOKEN="ab#c" # note\n') == "ab#c"
