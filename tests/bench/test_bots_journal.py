"""The whole-game sweep of `python -m bench.bots` resumes from its journal (issue 24): a finished unit
is one JSON line, a rerun for the same engine version plays only what the journal lacks and prints the same
`whole` lines. Dragon, a few games a cell, keeps it quick."""
from __future__ import annotations

import json
import re

import pytest

from bench import bots

ARGS = ["--game", "dragon", "--skip", "share", "--skip", "decide", "--whole", "2", "--others", "1", "--chunk", "1"]
UNITS = 6  # dragon seats 2-5: 2 games (2 units) at 2 and at 5 players, 1 game at 3 and at 4


def run(capsys, journal, *extra: str) -> list[str]:
    assert bots.main([*ARGS, "--journal", str(journal), *extra]) == 0
    return capsys.readouterr().out.splitlines()


def counts(lines: list[str]) -> list[str]:
    """The lines without their times, which differ between two runs."""
    return [re.sub(r" · .*", "", line) for line in lines]


@pytest.fixture
def played(monkeypatch) -> list[bots.Unit]:
    """The units this process plays (the engine version pinned, so a test can pretend the engine changed)."""
    monkeypatch.setattr(bots, "engine_version", lambda todo: "c0ffee")
    units: list[bots.Unit] = []
    play = bots.play_unit

    def counted(unit, options):
        units.append(unit)
        return play(unit, options)

    monkeypatch.setattr(bots, "play_unit", counted)
    return units


def test_each_finished_unit_is_one_journal_line(capsys, tmp_path, played):
    journal = tmp_path / "sweep.jsonl"
    lines = run(capsys, journal)
    entries = [json.loads(line) for line in journal.read_text().splitlines()]
    assert len(entries) == len(played) == UNITS
    assert entries[0] == entries[0] | {"game": "dragon", "label": "default", "players": 2, "seed": 1, "seeds": [1, 2],
                                       "ended": 1, "failures": [], "engine": "c0ffee"}
    assert all(e["cpu"] >= 0 and e["wall"] >= 0 for e in entries)
    assert counts(lines) == [f"whole dragon default players={n}: {g}/{g} ended, 0 stuck or broken"
                             for n, g in ((2, 2), (3, 1), (4, 1), (5, 2))]


def test_a_rerun_plays_nothing_and_prints_the_same_lines(capsys, tmp_path, played):
    journal = tmp_path / "sweep.jsonl"
    first = run(capsys, journal)
    played.clear()
    assert run(capsys, journal) == first  # times included: they come from the journal
    assert played == []
    assert len(journal.read_text().splitlines()) == UNITS


def test_an_interrupted_sweep_plays_only_the_units_it_lacks(capsys, tmp_path, played):
    journal = tmp_path / "sweep.jsonl"
    first = run(capsys, journal)
    whole = journal.read_text().splitlines()
    journal.write_text("\n".join(whole[:3]) + '\n{"game": "dragon", "lab')  # killed while writing a line
    played.clear()
    assert counts(run(capsys, journal)) == counts(first)
    assert [unit.key() for unit in played] == [bots.key_of(json.loads(line)) for line in whole[3:]]
    played.clear()
    assert counts(run(capsys, journal)) == counts(first)  # and the journal now holds them all
    assert played == []


def test_a_journal_of_another_engine_version_is_played_again(capsys, tmp_path, played, monkeypatch):
    journal = tmp_path / "sweep.jsonl"
    run(capsys, journal)
    monkeypatch.setattr(bots, "engine_version", lambda todo: "decade")
    played.clear()
    run(capsys, journal)
    assert len(played) == UNITS
    assert len(journal.read_text().splitlines()) == 2 * UNITS


@pytest.mark.process  # worker processes
def test_worker_processes_play_the_same_games(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(bots, "engine_version", lambda todo: "c0ffee")
    alone = counts(run(capsys, tmp_path / "alone.jsonl"))
    assert counts(run(capsys, tmp_path / "jobs.jsonl", "--jobs", "2")) == alone

    def games(name: str) -> dict:
        entries = [json.loads(line) for line in (tmp_path / name).read_text().splitlines()]
        return {bots.key_of(e): (e["ended"], e["failures"]) for e in entries}

    assert games("jobs.jsonl") == games("alone.jsonl")


def test_the_engine_version_is_how_the_engine_plays_its_seeded_games():
    """The journal's key: the same for the same play, another when one of its games plays otherwise."""
    from engine import registry

    registry.load()
    dragon = registry.get("dragon")
    todo = bots.cells(dragon, 2, 1, seed=1, chunk=1)
    assert bots.engine_version(todo) == bots.engine_version(todo)
    assert bots.engine_version(todo) != bots.engine_version(bots.cells(dragon, 2, 1, seed=2, chunk=1))
