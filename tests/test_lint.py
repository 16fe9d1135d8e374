"""The linters run with the tests: the house's lint rules and the type checker (pyproject.toml)
hold for every file, so the README's test command runs them too."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.process  # starts real processes: slow, scheduled first

ROOT = Path(__file__).resolve().parent.parent


def run(*command: str, timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def test_ruff_finds_nothing():
    result = run("ruff", "check", "--no-cache", ".", timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing():
    result = run("mypy", timeout=600)  # the files and settings are pyproject.toml's [tool.mypy]
    assert result.returncode == 0, result.stdout + result.stderr
