"""Long work in the worker process (companion/ui/long_work.py): a backup, a
CSV table and an import made there on the server's data folder, seen by the
server's own store at once; a refused backup raised here with the store's
message in the asking phone's language, and nothing imported."""

from __future__ import annotations

import json

import pytest

from companion.i18n import language
from companion.pads import new_pad
from companion.store import Store, StoreError
from companion.ui.long_work import backup_text, import_backup, in_worker, rounds_table

from flet_session import run_alone


def finished_game(players: list[str]) -> dict:
    """A One Up game of ``players`` ended after one round, in which the first went out and the others held a K."""
    pad = new_pad("one_up", players)
    pad.add_round({player: [] if player == players[0] else "K" for player in players}, went_out=players[0])
    pad.end_early()
    return pad.to_doc()


def test_a_backup_made_in_the_worker_is_the_store_s_own(tmp_path):
    store = Store(tmp_path)
    store.save_game(finished_game(["Ann", "Ben"]))
    made = json.loads(run_alone(in_worker(backup_text, store.data_dir)))
    assert made["games"] == json.loads(store.export_json())["games"]


def test_a_rounds_table_made_in_the_worker_has_a_line_per_player_and_round(tmp_path):
    store = Store(tmp_path)
    store.save_game(finished_game(["Ann", "Ben", "Cy"]))
    lines = run_alone(in_worker(rounds_table, store.data_dir)).splitlines()
    assert len(lines) == 1 + 3


def test_an_import_in_the_worker_is_seen_by_the_server_s_store(tmp_path):
    source = Store(tmp_path / "other phone")
    for players in (["Ann", "Ben"], ["Cy", "Dee"]):
        source.save_game(finished_game(players))
    store = Store(tmp_path / "server")
    assert store.list_games() == []
    added = run_alone(in_worker(import_backup, store.data_dir, source.export_json().encode("utf-8")))
    assert added == 2
    assert sorted(game["id"] for game in store.list_games()) == sorted(game["id"] for game in source.list_games())


def test_a_refused_backup_is_told_in_the_asking_phone_s_language_and_nothing_is_imported(tmp_path):
    store = Store(tmp_path)
    with language("de"), pytest.raises(StoreError) as refused:
        run_alone(in_worker(import_backup, store.data_dir, b"not json"))
    assert str(refused.value) == ("Diese Datei ist keine Companion-Sicherung: sie ist kein JSON-Text. "
                                  "Nichts wurde importiert.")
    assert store.list_games() == []
