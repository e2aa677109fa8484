"""Full JSON backup: export, import, and refusal of bad files."""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import re
import subprocess
import sys
import threading
import tracemalloc
from pathlib import Path

import pytest

from companion.stats import TallySums, player_stats
from companion.store import MAX_BACKUP_BYTES, BackupError, Store, StoreError
from companion.store import backup, moves
from companion.store import files as store_files
from companion.store.history import FOLD_AT, HistoryIndex
from companion.store.index import shard_name
from companion.store.tables import GameText
from store_helpers import make_doc as make_any_doc

ONE_UP_ROUND = {"hands": {"Ann": ["K"], "Ben": [], "Cato": ["K", "2"]}, "went_out": "Ben", "ended_by": "Ben"}


def make_doc(order: int = 0, *, finished: bool = False, rounds: int = 2, **fields) -> dict:
    """A saved game whose rounds a One Up pad replays (an import checks every round)."""
    doc = make_any_doc(order, finished=finished, rounds=rounds, **fields)
    doc["rounds"] = [{"id": f"{n + 1:08x}", "rev": n + 1, **json.loads(json.dumps(ONE_UP_ROUND))} for n in range(rounds)]
    return doc


@pytest.fixture
def store(tmp_path):
    store = Store(tmp_path / "phone")
    for n, finished in enumerate([True, False, True, True, False]):
        store.save_game(make_doc(n, finished=finished, rounds=n))
    return store


def snapshot(store: Store) -> tuple:
    """Everything a user can see: the list and every full game."""
    return store.list_games(limit=1000), sorted((d["id"], json.dumps(d, sort_keys=True)) for d in store.iter_games())


def backup_of(games: list) -> str:
    return json.dumps({"format": "companion-backup", "schema": 1, "exported": "2026-11-30T01:00:00+00:00",
                       "games": games})


def test_export_shape(store):
    backup = json.loads(store.export_json())
    assert set(backup) == {"format", "schema", "exported", "games"}
    assert (backup["format"], backup["schema"]) == ("companion-backup", 1)
    assert backup["exported"].endswith("+00:00")
    assert [g["id"] for g in backup["games"]] == [s["id"] for s in store.list_games()]
    assert {g["id"]: g for g in backup["games"]} == {d["id"]: d for d in store.iter_games()}


def test_export_import_round_trip(store, tmp_path):
    other = Store(tmp_path / "new phone")
    assert other.import_json(store.export_json()) == 5
    assert snapshot(other) == snapshot(store)
    assert len(other.unfinished_games()) == 2


def test_a_large_import_writes_the_history_index_whole(tmp_path):
    games = [make_doc(n, finished=True) for n in range(FOLD_AT)]
    assert Store(tmp_path).import_json(backup_of(games)) == FOLD_AT
    assert not (tmp_path / "history.log").exists()
    reopened = Store(tmp_path)
    assert [summary["id"] for summary in reopened.list_games(limit=FOLD_AT)] == [doc["id"] for doc in games[::-1]]
    assert reopened.notices == []


def test_import_accepts_bytes_with_bom(store, tmp_path):
    other = Store(tmp_path / "other")
    assert other.import_json(b"\xef\xbb\xbf" + store.export_json().encode("utf-8")) == 5


def test_import_skips_games_already_saved(store, tmp_path):
    backup = store.export_json()
    mine = store.list_games()[0]
    changed = store.get_game(mine["id"])
    changed["rounds"].append({"id": f"{len(changed['rounds']) + 1:08x}", "rev": 0, "mine": True})
    store.save_game(changed)
    new = make_doc(9)
    games = json.loads(backup)["games"] + [new]
    assert store.import_json(backup_of(games)) == 1
    assert store.get_game(mine["id"]) == changed
    assert store.get_game(new["id"]) == new
    assert store.import_json(backup) == 0


def test_statistics_after_a_large_import_count_each_game_once(store, tmp_path):
    """A backup holding the games already saved and many new ones: the statistics the store keeps count
    every finished game once (the saved copies kept, the backup's skipped), as a new count of all would."""
    saved = store.export_json()
    other = Store(tmp_path / "other")
    assert other.import_json(saved) == 5
    games = json.loads(saved)["games"] + [make_doc(10 + n, finished=True) for n in range(FOLD_AT)]
    assert other.import_json(backup_of(games)) == FOLD_AT
    assert not (other.data_dir / "history.log").exists()
    expected = player_stats(other.iter_games())
    assert (expected[0].name, expected[0].games, expected[0].finished) == ("Ann", FOLD_AT + 5, FOLD_AT + 3)
    assert other.player_stats() == expected
    assert Store(other.data_dir).player_stats() == expected


def test_import_migrates_older_games(tmp_path):
    old = make_doc(1)
    del old["schema"], old["first_dealer"], old["ended_early"]
    old["dealer"] = "Ben"
    store = Store(tmp_path)
    assert store.import_json(backup_of([old])) == 1
    got = store.get_game(old["id"])
    assert (got["schema"], got["first_dealer"], got["ended_early"]) == (2, 1, False)


def good_game() -> dict:
    return make_doc(7)


BAD_BACKUPS = [
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not JSON"),
    ("games: [1, 2]", "not JSON"),
    ("", "not JSON"),
    ("[]", "not a Companion backup"),
    (json.dumps({"games": []}), "not a Companion backup"),
    (json.dumps({"format": "other-app", "schema": 1, "games": []}), "not a Companion backup"),
    (json.dumps({"format": "companion-backup", "schema": 2, "games": []}), "Update Companion"),
    (json.dumps({"format": "companion-backup", "schema": "1", "games": []}), "version '1'"),
    (json.dumps({"format": "companion-backup", "schema": 1, "games": {}}), "no list of games"),
    (json.dumps({"format": "companion-backup", "schema": 1}), "no list of games"),
    (backup_of([good_game(), "not a game"]), "Game 2 in the backup is not valid"),
    (backup_of([good_game(), {**good_game(), "players": "Ann"}]), "Game 2 .*'players'"),
    (backup_of([{**good_game(), "rounds": None}]), "Game 1 .*'rounds'"),
    (backup_of([{**good_game(), "finished": "yes"}]), "'finished' must be true or false"),
    (backup_of([{**good_game(), "created": 20260101}]), "'created'"),
    (backup_of([{**good_game(), "schema": 5}]), "newer version"),
    (backup_of([{**good_game(), "id": "same"}, {**good_game(), "id": "same"}]), "repeats the id same"),
    (b"[" * 100_000 + b"]" * 100_000, "nested far deeper than a backup is"),
    (backup_of([{**good_game(), "options": "deep"}]).replace('"deep"', "[" * 100_000 + "]" * 100_000),
     "nested far deeper"),
    (backup_of([good_game()]).replace('"first_dealer": 1', '"first_dealer": ' + "1" * 5000), "number too long"),
    (backup_of([good_game()]).encode("utf-8").replace(b"Cato", b"Cat\xf6"), "not JSON"),
    (backup_of([{**good_game(), "options": {"limit": [[[[[[[[[[1]]]]]]]]]]}}]),
     "Game 1 .* limit must be a whole number"),
]


@pytest.mark.parametrize("data, message", BAD_BACKUPS)
def test_bad_backup_is_refused_and_nothing_changes(store, data, message):
    before = snapshot(store)
    files = {p: p.read_bytes() for p in store.data_dir.rglob("*.json")}
    with pytest.raises(BackupError, match=message) as caught:
        store.import_json(data)
    assert "Nothing was imported" in str(caught.value)
    assert snapshot(store) == before
    assert {p: p.read_bytes() for p in store.data_dir.rglob("*.json")} == files


def laid_out(games: list, head: dict | None = None, closing: bytes = b"\n]}") -> bytes:
    """A backup of ``games`` (in this order, not checked) laid out as an export writes one: the fields
    before the games (``head``, a valid backup's by default) on the first line, then a game per line."""
    head = head or {"format": "companion-backup", "schema": 1, "exported": "2026-11-30T01:00:00+00:00"}
    first = json.dumps(head, separators=(",", ":")).encode("utf-8")[:-1] + b',"games":[\n'
    return first + b",\n".join(json.dumps(game, separators=(",", ":")).encode("utf-8") for game in games) + closing


def test_an_export_holds_each_game_on_a_line_of_its_own(store):
    """The fields on the first line, a game per line (a comma ending each but the last), the brackets
    on the last: the games of the lines are those of the whole text, newest first."""
    text = store.export_json()
    lines = text.split("\n")
    assert (len(lines), lines[0][-10:], lines[-1]) == (7, ',"games":[', "]}")
    assert [line.endswith(",") for line in lines[1:-1]] == [True, True, True, True, False]
    games = [json.loads(line.removesuffix(",")) for line in lines[1:-1]]
    assert games == json.loads(text)["games"]
    assert [game["id"] for game in games] == [summary["id"] for summary in store.list_games()]


def test_an_export_is_read_game_by_game_and_imports_as_the_whole_file_does(store, tmp_path):
    """An exported backup is checked a game at a time: each finished game is kept as its line's text
    (its parsed document let go), each game in play as its document. Imported, it gives the very
    games, list and statistics that the same backup on one line gives."""
    text = store.export_json()
    checked = backup.parse_backup(text)
    lines = text.split("\n")[1:-1]
    kept = [(type(doc).__name__, doc.text if type(doc) is GameText else doc["id"]) for doc, _tally in checked.games]
    ids = [json.loads(line.removesuffix(","))["id"] for line in lines]
    finished = {game_id for game_id, game in ((game["id"], game) for game in map(json.loads, map(
        lambda line: line.removesuffix(","), lines))) if game["finished"]}
    assert kept == [("GameText", line.removesuffix(",").encode("utf-8")) if game_id in finished else ("dict", game_id)
                    for line, game_id in zip(lines, ids)]
    assert len(finished) == 3
    by_line, whole = Store(tmp_path / "by line"), Store(tmp_path / "whole")
    assert by_line.import_json(text) == whole.import_json(json.dumps(json.loads(text))) == 5
    assert snapshot(by_line) == snapshot(whole) == snapshot(store)
    assert by_line.player_stats() == whole.player_stats() == store.player_stats()
    assert snapshot(Store(by_line.data_dir)) == snapshot(store)


def test_a_migrated_game_read_game_by_game_is_kept_as_its_new_document(tmp_path):
    """A finished game of an older version in an exported backup is kept as the document it was
    migrated to, not as the text of its line; it is saved migrated."""
    old = make_doc(1, finished=True)
    del old["schema"], old["first_dealer"], old["ended_early"]
    old["dealer"] = "Ben"
    checked = backup.parse_backup(laid_out([old, make_doc(2, finished=True)]))
    assert [type(doc).__name__ for doc, _tally in checked.games] == ["dict", "GameText"]
    assert (checked.games[0][0]["schema"], checked.games[0][0]["first_dealer"]) == (2, 1)
    store = Store(tmp_path)
    assert store.import_json(laid_out([old, make_doc(2, finished=True)])) == 2
    assert store.get_game(old["id"])["first_dealer"] == 1


LAID_OUT_REFUSALS = [
    (laid_out([good_game(), "not a game"]), "Game 2 in the backup is not valid"),
    (laid_out([make_doc(3), {**make_doc(4), "players": "Ann"}]), "Game 2 .*'players'"),
    (laid_out([{**make_doc(3), "id": "same"}, {**make_doc(4), "id": "same"}]), "repeats the id same"),
    (laid_out([good_game()], closing=b",\n]}"), "not JSON"),
    (laid_out([good_game(), make_doc(8)]).replace(b",\n", b",\n,\n"), "not JSON"),
    (laid_out(["not a game", good_game()]).replace(b"}\n]}", b"\n]}"), "not JSON"),
    (laid_out([good_game()], head={"format": "other-app", "schema": 1}), "not a Companion backup"),
    (laid_out([good_game()], head={"format": "companion-backup", "schema": 2}), "Update Companion"),
    (laid_out([good_game()], head={"format": "companion-backup"}), "version None"),
]


@pytest.mark.parametrize("data, message", LAID_OUT_REFUSALS)
def test_an_exported_backup_is_refused_in_the_words_a_whole_file_gets(store, monkeypatch, data, message):
    """A backup laid out as an export that holds a bad game, a repeated id, a stray comma, a line
    that is not JSON after a bad game (the file's JSON is told first, as for any file) or fields
    that are not a Companion backup's: refused in the words of the same file read whole, nothing
    imported."""
    before = snapshot(store)
    with pytest.raises(BackupError, match=message) as caught:
        store.import_json(data)
    monkeypatch.setattr(backup, "_check_lines", lambda data: None)
    with pytest.raises(BackupError) as whole:
        backup.parse_backup(data)
    assert str(caught.value) == str(whole.value)
    assert snapshot(store) == before


def deep(data: bytes, depth: int) -> bytes:
    """``data`` with its ``"DEEP"`` made a list holding a list ... ``depth`` levels deep."""
    return data.replace(b'"DEEP"', b"[" * depth + b"]" * depth)


def outcome(folder, data) -> tuple:
    """What importing ``data`` into a new store in ``folder`` gives: the games added and all a user
    sees, or the refusal's words."""
    store = Store(folder)
    try:
        return store.import_json(data), snapshot(store)
    except StoreError as error:
        return "refused", str(error).replace(str(folder), "<folder>")


@pytest.mark.parametrize("depth", [200, 300, 990, 1022])
def test_a_game_nested_deeply_is_imported_or_refused_as_on_one_line(tmp_path, depth):
    """A finished game holding a field nested ``depth`` levels deep: an exported backup of it gives
    what the same backup on one line gives (saved and read back, or refused in the same words),
    whether or not orjson could write it, never a shard that can not be read or written again."""
    deepest = {**make_doc(2, finished=True), "extra": "DEEP"}
    data = deep(laid_out([make_doc(1, finished=True), deepest]), depth)
    got = outcome(tmp_path / "by line", data)
    assert got == outcome(tmp_path / "whole", data.replace(b"\n", b""))
    if got[0] != "refused":
        again = Store(tmp_path / "by line")
        assert snapshot(again) == got[1] and again.notices == []
        again.save_game({**again.get_game(deepest["id"]), "winners": []})


def test_a_shard_holding_a_game_as_text_and_one_orjson_can_not_write_is_saved(tmp_path):
    """A finished game nested 300 levels deep, which only json.dumps writes, is saved; then an
    exported backup brings a finished game of the same archive shard, kept as its text: the shard
    is written with both, as from the same backup on one line."""
    first = make_doc(1, finished=True)
    second = {**make_doc(2, finished=True),
              "id": next(f"g{n}" for n in range(10_000) if shard_name(f"g{n}") == shard_name(first["id"]))}
    data = laid_out([second])
    assert [type(doc).__name__ for doc, _tally in backup.parse_backup(data).games] == ["GameText"]
    results = []
    for folder, backup_data in (("by line", data), ("whole", data.replace(b"\n", b""))):
        store = Store(tmp_path / folder)
        assert store.import_json(deep(laid_out([{**first, "extra": "DEEP"}]), 300)) == 1
        results.append(outcome(tmp_path / folder, backup_data))
    assert results[0][0] == 1 and results[0] == results[1]
    assert Store(tmp_path / "by line").get_game(first["id"])["extra"] == json.loads(b"[" * 300 + b"]" * 300)


def test_a_backup_read_game_by_game_holds_a_fraction_of_the_memory(tmp_path):
    """300 finished games of 12 rounds: parsed and checked game by game, the most memory held at once
    is under a third of what the same backup on one line, parsed whole, holds."""
    games = [make_doc(n, finished=True, rounds=12) for n in range(300)]

    def peak(data: bytes) -> int:
        tracemalloc.start()
        try:
            backup.parse_backup(data)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    backup.parse_backup(laid_out(games[:1]))  # what a first import loads once (modules, caches) is not the backup's
    by_line, whole = peak(laid_out(games)), peak(backup_of(games).encode("utf-8"))
    assert by_line < whole / 3, (by_line, whole)


LASTING_SCRIPT = """
import gc, json, sys
from companion.store import Store
frozen = [[n] for n in range(1000)]
gc.collect()
gc.freeze()
if sys.argv[2] == "plain":
    gc.unfreeze()
Store(sys.argv[1]).import_json(sys.stdin.read())
young = len(gc.get_objects(generation=0)) + len(gc.get_objects(generation=1))
frozen_kept = sys.argv[2] == "plain" or not any(thing is frozen[0] for thing in gc.get_objects())
print(json.dumps([young < 2000, frozen_kept]))
"""


@pytest.mark.parametrize("process, expected", [("plain", [True, True]), ("frozen", [False, True])])
def test_the_games_an_import_leaves_in_play_go_to_the_collectors_oldest_generation(tmp_path, process, expected):
    """Made while the collector was paused, the objects of the 40 games in play an import leaves in
    the store (over 2,000) go to its oldest generation as it resumes, not through a walk of them
    all at its next young collection; a process holding objects frozen on purpose (the server's)
    keeps them frozen, and its import's games are left to the young generations."""
    games = [make_doc(n, rounds=3) for n in range(40)]
    done = subprocess.run([sys.executable, "-c", LASTING_SCRIPT, str(tmp_path), process], input=backup_of(games),
                          capture_output=True, text=True, check=True, cwd=Path(__file__).parent.parent)
    assert json.loads(done.stdout) == expected


def with_round(**entry) -> dict:
    """A One Up game with one round, ``entry`` changing that round's fields."""
    doc = make_doc(7, rounds=1)
    doc["rounds"][0].update(entry)
    return doc


def up_to_nine_game(result_of_ben: dict) -> dict:
    """An Up to 9 game with one round: Ann went out, Ben's result as given."""
    doc = make_doc(8, game="up_to_nine", players=["Ann", "Ben"], options={}, rounds=0)
    doc["rounds"] = [{"id": "00000001", "rev": 0,
                      "results": {"Ann": {"laid_down": True, "hand": [], "points": None}, "Ben": result_of_ben}}]
    return doc


DEEP_TYPE_ERRORS = [
    (with_round(hands={"Ann": 5, "Ben": [], "Cato": ["K"]}), "Round 1: Ann's cards: expected cards, got 5"),
    (with_round(hands={"Ann": [["K"]], "Ben": [], "Cato": ["K"]}), "Round 1: Ann's cards: expected a card"),
    (with_round(hands={"Ann": ["ZZ"], "Ben": [], "Cato": ["K"]}), "Round 1: Ann's cards: 'ZZ' is not a card"),
    (with_round(hands={"Ann": ["Q"], "Ben": [], "Cato": ["K"]}), "Round 1: 'Q' is not a One Up card"),
    (with_round(went_out="Zed", ended_by="Zed"), "Round 1: 'Zed' is not playing in this game"),
    (with_round(went_out=None, ended_by=7), "Round 1: 7 is not playing in this game"),
    (with_round(extra=True), "Round 1: the saved entry is damaged"),
    (make_doc(7, options={"joker": False, "limit": "40"}), "The game limit must be a whole number"),
    (make_doc(7, options={"jokers": True}), "One Up has no option 'jokers'"),
    (make_doc(7, players=["Ann", "ann", "Cato"]), "The name ann is used twice"),
    (make_doc(7, players=["Ann", "B" * 10_000, "Cato"]),
     "A player's name is at most 24 characters: " + "B" * 24 + "… has 10,000"),
    (make_doc(7, players=["Ann", "Ben", "Cato Cato Cato Cato Catos"]),
     "A player's name is at most 24 characters: Cato Cato Cato Cato Cato… has 25"),
    (make_doc(7, players=["Ann\x00", "Ben", "Cato"]),
     "The name Ann holds hidden control characters or direction marks, which a name can not have"),
    (make_doc(7, players=["Ann", "\x1b[31mBen", "Cato"]),
     "The name [31mBen holds hidden control characters or direction marks, which a name can not have"),
    (make_doc(7, players=["Ann", "Ben", "\u202eotaC"]),
     "The name otaC holds hidden control characters or direction marks, which a name can not have"),
    (make_doc(7, players=["Ann", "Ben\u2067", "Cato"]),
     "The name Ben holds hidden control characters or direction marks, which a name can not have"),
    (up_to_nine_game({"laid_down": "no", "hand": ["♥5"], "points": None}), "Round 1: Say whether Ben laid down"),
    (up_to_nine_game({"laid_down": False, "hand": 7, "points": None}), "Round 1: Ben's cards: expected cards, got 7"),
    (up_to_nine_game({"laid_down": False, "hand": [], "points": "20"}),
     "Round 1: Ben's penalty points must be a whole number, 0 or more, not '20'"),
]


@pytest.mark.parametrize("game, message", DEEP_TYPE_ERRORS)
def test_wrong_types_deep_inside_a_game_are_refused(store, game, message):
    before = snapshot(store)
    files = {p: p.read_bytes() for p in store.data_dir.rglob("*.json")}
    with pytest.raises(BackupError, match=f"^Game 2 in the backup is not valid: {re.escape(message)}") as caught:
        store.import_json(backup_of([make_doc(6), game]))
    assert str(caught.value).endswith("Nothing was imported.")
    assert snapshot(store) == before
    assert {p: p.read_bytes() for p in store.data_dir.rglob("*.json")} == files


def test_names_of_the_longest_and_with_tabs_or_joiners_are_imported(tmp_path):
    store = Store(tmp_path)
    games = [make_doc(1, players=["Ann", "B" * 24, "Cato\tLee"], rounds=0),
             make_doc(2, players=["Ann", "\u00c5se", "Jo\u200dy"], rounds=0)]
    assert store.import_json(backup_of(games)) == 2


def test_bad_game_after_good_ones_adds_none(tmp_path):
    store = Store(tmp_path)
    games = [make_doc(n) for n in range(30)] + [{**make_doc(31), "winners": ["Nobody"]}]
    with pytest.raises(BackupError, match="Game 31"):
        store.import_json(backup_of(games))
    assert store.list_games() == []


def test_too_big_backup_is_refused_before_reading(store):
    before = snapshot(store)
    data = b" " * (MAX_BACKUP_BYTES + 1)
    with pytest.raises(BackupError, match=r"64\.0 MB; a Companion backup can be at most 64 MB"):
        store.import_json(data)
    with pytest.raises(BackupError, match="at most 64 MB"):
        store.import_json(backup_of([]) + " " * MAX_BACKUP_BYTES)
    assert snapshot(store) == before


def test_backup_at_the_limit_is_accepted(tmp_path):
    text = backup_of([make_doc()])
    text += " " * (MAX_BACKUP_BYTES - len(text.encode("utf-8")))
    assert Store(tmp_path).import_json(text) == 1


def test_import_of_wrong_type_is_refused(store):
    with pytest.raises(BackupError, match="bytes or text"):
        store.import_json({"format": "companion-backup"})


def test_backup_error_is_a_store_error():
    assert issubclass(BackupError, StoreError)


@pytest.mark.parametrize("cores", [3, 4])
def test_a_large_backup_is_checked_on_every_core_but_one_with_the_same_result(tmp_path, monkeypatch, cores):
    """Above PARALLEL_FROM games the parts are checked by forked workers and this process together; the
    games, their order, the tallies, their sums and the migrated documents are those of a check one game
    after another."""
    old = make_doc(3, finished=True)
    del old["schema"], old["first_dealer"], old["ended_early"]
    old["dealer"] = "Cato"
    games = [make_doc(n, finished=n % 2 == 0, rounds=n % 3) for n in range(11)] + [old]
    data = backup_of(games)
    one_by_one = backup.parse_backup(data)
    monkeypatch.setattr(backup, "PARALLEL_FROM", 4)
    monkeypatch.setattr(backup, "_cores", lambda: cores)
    monkeypatch.setattr(backup, "PART", 2)
    assert backup.parse_backup(data) == one_by_one
    assert (one_by_one.games[-1][0]["schema"], one_by_one.games[-1][0]["first_dealer"]) == (2, 2)
    assert [doc["id"] for doc, _ in one_by_one.games] == [game["id"] for game in games]
    finished = [(doc["game"], tally) for doc, tally in one_by_one.games if doc["finished"] or doc["ended_early"]]
    assert (len(finished), one_by_one.sums) == (7, TallySums.of(finished))
    store = Store(tmp_path)
    assert store.import_json(data) == 12
    assert store.get_game(old["id"])["first_dealer"] == 2


@pytest.mark.parametrize("cores", [1, 2])
def test_on_two_cores_a_large_backup_is_checked_by_this_process_alone(monkeypatch, cores):
    """With two cores or fewer no worker is forked (one core stays with the phones, and a worker's copied
    pages cost more processor time than it saves): the result is that of a check one game after another."""
    games = [make_doc(n, finished=n % 2 == 0) for n in range(12)]
    data = backup_of(games)
    one_by_one = backup.parse_backup(data)
    monkeypatch.setattr(backup, "PARALLEL_FROM", 4)
    monkeypatch.setattr(backup, "_cores", lambda: cores)
    monkeypatch.setattr(backup, "PART", 2)

    def no_pool(*args, **kwargs):
        raise AssertionError("a worker was started")

    monkeypatch.setattr(backup.concurrent.futures, "ProcessPoolExecutor", no_pool)
    assert backup.parse_backup(data) == one_by_one


def test_a_large_exported_backup_is_parsed_whole_where_workers_check_it(monkeypatch):
    """Laid out a game per line, a backup large enough for worker processes (three cores) is parsed
    whole for them to inherit: its games are documents, as those of the same games on one line."""
    games = [make_doc(n, finished=n % 2 == 0) for n in range(12)]
    monkeypatch.setattr(backup, "PARALLEL_FROM", 4)
    monkeypatch.setattr(backup, "_cores", lambda: 3)
    monkeypatch.setattr(backup, "PART", 2)
    checked = backup.parse_backup(laid_out(games))
    assert checked == backup.parse_backup(backup_of(games))
    assert [doc["id"] for doc, _tally in checked.games] == [game["id"] for game in games]


def test_this_process_and_a_worker_share_the_parts_of_a_large_backup(monkeypatch):
    """This process takes parts from the end while a worker takes them from the start: each waits (on an
    event, not a clock) until the other has begun, so both check some, and the result, a migrated game
    checked by the worker included, is that of a check one game after another."""
    old = make_doc(0, finished=True)
    del old["schema"], old["first_dealer"], old["ended_early"]
    old["dealer"] = "Cato"
    games = [old] + [make_doc(n, finished=n % 2 == 0) for n in range(1, 12)]
    data = backup_of(games)
    one_by_one = backup.parse_backup(data)
    monkeypatch.setattr(backup, "PARALLEL_FROM", 4)
    monkeypatch.setattr(backup, "_cores", lambda: 3)
    monkeypatch.setattr(backup, "PART", 2)
    fork = multiprocessing.get_context("fork")
    worker_began, this_began = fork.Event(), fork.Event()
    parent, checked_here, check = os.getpid(), [], backup._check_slice

    def check_and_meet(part, first):
        if os.getpid() == parent:
            worker_began.wait(60)
            this_began.set()
            checked_here.append(first)
        elif first == 1:
            worker_began.set()
            this_began.wait(60)
        return check(part, first)

    monkeypatch.setattr(backup, "_check_slice", check_and_meet)
    assert backup.parse_backup(data) == one_by_one
    assert 0 < len(checked_here) < 6 and 1 not in checked_here
    assert checked_here == sorted(checked_here, reverse=True)


@pytest.mark.parametrize("bad", [2, 6, 10, 11])
def test_a_large_backup_names_its_first_bad_game_whatever_part_holds_it(tmp_path, monkeypatch, bad):
    """Two bad games in different parts: the refusal names the first one, and nothing is imported."""
    monkeypatch.setattr(backup, "PARALLEL_FROM", 4)
    monkeypatch.setattr(backup, "_cores", lambda: 3)
    monkeypatch.setattr(backup, "PART", 2)
    games = [make_doc(n) for n in range(12)]
    games[bad - 1]["rounds"][0]["hands"]["Ann"] = ["7"]
    games[11]["winners"] = ["Nobody"]
    store = Store(tmp_path)
    with pytest.raises(BackupError, match=f"^Game {bad} in the backup is not valid: Round 1: "):
        store.import_json(backup_of(games))
    assert store.list_games() == []


def test_an_import_syncs_the_archive_folder_once_after_its_shards(tmp_path, monkeypatch):
    """The shards of an import are renamed into place without a sync of the folder each; the folder is
    synced once, before the import's journal is ended, and every game is there when the store reopens."""
    from companion.store import files, journal, moves

    synced = []
    real = files.fsync_folder

    def recording(folder):
        synced.append(os.path.basename(folder))
        real(folder)

    monkeypatch.setattr(files, "fsync_folder", recording)
    monkeypatch.setattr(journal, "fsync_folder", recording)
    monkeypatch.setattr(moves, "fsync_folder", recording)
    games = [make_doc(n, finished=True) for n in range(40)]
    store = Store(tmp_path / "phone")
    assert store.import_json(backup_of(games)) == 40
    assert len(os.listdir(tmp_path / "phone" / "archive")) > 20
    assert synced.count("archive") == 1
    assert sorted(doc["id"] for doc in Store(tmp_path / "phone").iter_games()) == sorted(doc["id"] for doc in games)


def _played_one_up_game() -> dict:
    """A One Up game of 12 rounds as its pad saves it: round 5 corrected, so its log holds a whole round."""
    from companion.games.one_up import OneUpPad

    players = ["Ann", "Ben", "Cato"]
    pad = OneUpPad(players, options={"limit": 1000})
    for number in range(12):
        out = players[number % 3]
        pad.add_round({name: [] if name == out else ["K", "3"] for name in players}, out)
    pad.edit_round(5, {"Ann": ["2"], "Ben": [], "Cato": ["A", "6"]}, "Ben")
    pad.end_early()
    return pad.to_doc()


def _copies(game: dict, count: int) -> list:
    """``count`` copies of ``game`` under ids of their own."""
    return [json.loads(json.dumps({**game, "id": f"game-{number:05}"})) for number in range(1, count + 1)]


def _refusal_alone(game: dict) -> str:
    """What importing ``game`` alone is told, with its number in the backup left as {number}."""
    with pytest.raises(BackupError) as alone:
        backup.parse_backup(backup_of([game]))
    assert str(alone.value).startswith("Game 1 in the backup is not valid: ")
    return str(alone.value).replace("Game 1 in the backup", "Game {number} in the backup", 1)


def test_one_bad_round_deep_in_game_7000_of_10000_refuses_the_backup_whole(tmp_path):
    """Game 7,000 of 10,000 (checked by the parallel path) has one card One Up does not use in round 9 (Ann's):
    nothing is imported, and the refusal is in the very words that game gets alone."""
    games = _copies(_played_one_up_game(), 10_000)
    games[6999]["rounds"][8]["hands"]["Ann"] = ["K", "Q"]
    expected = _refusal_alone(games[6999]).format(number=7000)
    assert "Round 9: 'Q' is not a One Up card" in expected
    store = Store(tmp_path)
    with pytest.raises(BackupError) as caught:
        store.import_json(backup_of(games))
    assert str(caught.value) == expected
    assert store.list_games() == [] and list(store.iter_games()) == []


LOG_DAMAGE = [
    (lambda log: log[2].update(at="yesterday"), "change 3 of 'log' needs an 'at' time"),
    (lambda log: log[3].update(id=3), "numbered upwards from 1"),
    (lambda log: log[4].update(by=7), "change 5 of 'log': 'by' must be text or null"),
    (lambda log: log[5].update(kind="shuffle"), "change 6 of 'log': 'kind' must be one of"),
    (lambda log: log[1]["round"]["after"].update(id="round-2"), "change 2 holds a damaged round"),
    (lambda log: log[12]["round"]["before"].update(went_out="Dina"), "change 13: Round 5: 'Dina' is not playing"),
]


@pytest.mark.parametrize("damage, words", LOG_DAMAGE)
def test_a_damaged_change_record_is_told_as_loading_the_game_tells_it(tmp_path, monkeypatch, damage, words):
    """An import walks each game's change log once, outer fields and the rest together; a damaged record
    deep in the backup refuses it whole with the words the store gives that game's damage when it loads it."""
    from companion.document import load_doc
    from companion.registry import doc_games, pad_from_doc

    monkeypatch.setattr(backup, "PARALLEL_FROM", 4)
    monkeypatch.setattr(backup, "_cores", lambda: 3)
    monkeypatch.setattr(backup, "PART", 3)
    games = _copies(_played_one_up_game(), 12)
    damage(games[9]["log"])
    with pytest.raises((StoreError, ValueError)) as loaded:
        pad_from_doc(load_doc(json.loads(json.dumps(games[9])), doc_games()))
    assert words in str(loaded.value)
    store = Store(tmp_path)
    with pytest.raises(BackupError) as caught:
        store.import_json(backup_of(games))
    assert str(caught.value) == _refusal_alone(games[9]).format(number=10)
    assert str(caught.value) == f"Game 10 in the backup is not valid: {str(loaded.value).rstrip('.')}. Nothing was imported."
    assert store.list_games() == []


def _playing_on_two_stores(tmp_path: Path) -> tuple[Store, dict, Store]:
    """A phone's folder holding a game in play: a Store on it, the game, and a second Store on the
    same folder (as the server's, saving for another phone while the first imports)."""
    store = Store(tmp_path / "phone")
    playing = make_doc(0, rounds=1)
    store.save_game(playing)
    return store, playing, Store(tmp_path / "phone")


def _import_with(store: Store, games: list, meanwhile, *, after: str = "shards") -> int:
    """Import ``games`` into ``store`` and, once the import has built its shards (``after``
    "shards") or its history index ("index"), before it takes the folder lock, run ``meanwhile()``
    in a thread; fails when that thread waits over 10 s."""
    owner, name = (moves, "prepare_shards") if after == "shards" else (HistoryIndex, "prepare_add")
    built = getattr(owner, name)
    ran: list[object] = []

    def build_then_run(*args):
        prepared = built(*args)
        thread = threading.Thread(target=lambda: ran.append(meanwhile()))
        thread.start()
        thread.join(10)
        assert not thread.is_alive(), f"the folder lock was held while the {after} were built"
        return prepared

    setattr(owner, name, build_then_run)
    try:
        added = store.import_json(backup_of(games))
    finally:
        setattr(owner, name, built)
    assert len(ran) == 1
    return added


def test_a_shard_changed_while_an_import_built_it_is_built_again_under_the_lock(tmp_path):
    store, playing, server = _playing_on_two_stores(tmp_path)
    same_shard = next(f"g{n}" for n in range(10_000) if shard_name(f"g{n}") == shard_name(playing["id"]))
    games = [make_doc(1, finished=True, id=same_shard), make_doc(2, finished=True)]

    def finish_it():
        return server.update_game(playing["id"], lambda pad: pad.end_early())

    assert _import_with(store, games, finish_it) == 2
    again = Store(tmp_path / "phone")
    assert again.get_game(playing["id"])["ended_early"] is True
    assert again.get_game(same_shard)["id"] == same_shard
    assert {s["id"] for s in again.list_games(limit=10)} == {playing["id"], same_shard, games[1]["id"]}
    assert not [path.name for path in (tmp_path / "phone" / "archive").iterdir() if path.name.endswith(".tmp")]


def test_an_import_of_games_all_saved_already_builds_no_shard_and_needs_no_room(tmp_path, monkeypatch):
    store = Store(tmp_path / "phone")
    games = [make_doc(n, finished=True) for n in range(12)]
    assert store.import_json(backup_of(games)) == 12
    made = []

    def disk_full(folder, target):
        made.append(target)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store_files, "new_temp", disk_full)
    assert store.import_json(backup_of(games)) == 0
    assert made == []


def _no_fold_under_the_lock(monkeypatch) -> None:
    """Make writing the history index whole under the folder lock fail the test."""
    def fold(self, index):
        raise AssertionError("history.json was built under the folder lock")

    monkeypatch.setattr(HistoryIndex, "_fold", fold)


def test_an_import_puts_the_index_it_built_before_the_lock_in_place(tmp_path, monkeypatch):
    """An import into an index shorter than it writes history.json whole; it is built before the
    lock, and the folder it leaves holds the very files of an import that built it under the lock."""
    games = [make_doc(n, finished=True) for n in range(1, 11)]
    backup_games = [make_doc(n, finished=True) for n in range(11, 11 + FOLD_AT)]
    for folder in ("before", "under"):
        Store(tmp_path / folder).import_json(backup_of(games))
    monkeypatch.setattr(HistoryIndex, "prepare_add", lambda self, games, in_progress: None)
    assert Store(tmp_path / "under").import_json(backup_of(backup_games)) == FOLD_AT
    monkeypatch.undo()
    _no_fold_under_the_lock(monkeypatch)
    fds = len(os.listdir("/proc/self/fd"))
    store = Store(tmp_path / "before")
    assert store.import_json(backup_of(backup_games)) == FOLD_AT
    assert len(os.listdir("/proc/self/fd")) == fds
    monkeypatch.undo()
    for name in ("history.json", *(f"archive/{shard}" for shard in os.listdir(tmp_path / "under" / "archive"))):
        assert (tmp_path / "before" / name).read_bytes() == (tmp_path / "under" / name).read_bytes(), name
    assert not (tmp_path / "before" / "history.log").exists()
    assert not [path for path in (tmp_path / "before").rglob("*.tmp")]
    again = Store(tmp_path / "before")
    assert len(again.list_games(limit=1000)) == 10 + FOLD_AT and again.notices == []
    assert [s["id"] for s in store.list_games(limit=1000)] == [s["id"] for s in again.list_games(limit=1000)]
    assert store.player_stats() == again.player_stats()


@pytest.mark.parametrize("after", ["shards", "index"])
def test_a_save_on_another_phone_does_not_wait_while_an_import_builds_its_files(tmp_path, monkeypatch, after):
    """A save from another Store runs to its end after the import built its shards, and after it built
    its history index (neither under the folder lock); the import then puts both in place."""
    store, playing, server = _playing_on_two_stores(tmp_path)
    games = [make_doc(n, finished=True) for n in range(1, 30)]

    def save_round():
        return server.update_game(playing["id"], lambda pad: pad.add_round(
            {"Ann": ["K"], "Ben": [], "Cato": ["K"]}, "Ben"))

    _no_fold_under_the_lock(monkeypatch)
    assert _import_with(store, games, save_round, after=after) == 29
    assert len(Store(tmp_path / "phone").get_game(playing["id"])["rounds"]) == 2
    assert {summary["id"] for summary in Store(tmp_path / "phone").list_games(limit=100)} == {
        playing["id"], *(doc["id"] for doc in games)}
    assert not [path.name for path in (tmp_path / "phone").rglob("*.tmp")]


def test_an_index_changed_while_an_import_built_it_is_built_again_under_the_lock(tmp_path):
    """Another phone finishes a game after the import built history.json and before it took the
    lock: the index the import built misses that game, so it is built again under the lock."""
    store, playing, server = _playing_on_two_stores(tmp_path)
    games = [make_doc(n, finished=True) for n in range(1, 4)]

    def finish_it():
        return server.update_game(playing["id"], lambda pad: pad.end_early())

    assert _import_with(store, games, finish_it, after="index") == 3
    again = Store(tmp_path / "phone")
    expected = {playing["id"], *(doc["id"] for doc in games)}
    assert {s["id"] for s in again.list_games(limit=10)} == expected
    assert {s["id"] for s in store.list_games(limit=10)} == expected
    assert again.notices == []
    assert not [path.name for path in (tmp_path / "phone").iterdir() if path.name.endswith(".tmp")]


def test_a_game_finished_on_another_phone_during_an_import_keeps_this_copy(tmp_path):
    """The backup holds another copy of a game in play here; another phone finishes the game after the
    import built its index and before it took the lock. The import then finds the game saved and
    keeps this device's copy, as it keeps any game saved already."""
    store, playing, server = _playing_on_two_stores(tmp_path)
    theirs = make_doc(0, finished=True, rounds=3, id=playing["id"])
    games = [theirs, *(make_doc(n, finished=True) for n in range(1, 4))]

    def finish_it():
        return server.update_game(playing["id"], lambda pad: pad.end_early())

    assert _import_with(store, games, finish_it, after="index") == 3
    for reader in (store, Store(tmp_path / "phone")):
        kept = reader.get_game(playing["id"])
        assert (kept["ended_early"], len(kept["rounds"])) == (True, 1)
        assert len(reader.list_games(limit=10)) == 4


def test_an_index_that_can_not_be_built_before_the_lock_for_a_full_disk_refuses_the_import(tmp_path, monkeypatch):
    """history.json's next version can not be written before the lock: the import is refused as a full
    disk, nothing is imported, no temp file is left and no file is held open."""
    store = Store(tmp_path / "phone")
    real = store_files.new_temp
    asked = []

    def no_room_for_the_index(folder, target):
        asked.append(target)
        if target == "history.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(folder, target)

    monkeypatch.setattr(store_files, "new_temp", no_room_for_the_index)
    fds = len(os.listdir("/proc/self/fd"))
    with pytest.raises(StoreError, match="is full, so nothing was imported; the games saved before stay"):
        store.import_json(backup_of([make_doc(n, finished=True) for n in range(1, 5)]))
    assert "history.json" in asked
    assert len(os.listdir("/proc/self/fd")) == fds
    monkeypatch.undo()
    assert Store(tmp_path / "phone").list_games() == []
    assert not [path for path in (tmp_path / "phone").rglob("*.tmp")]


def test_a_few_games_imported_into_a_long_index_do_not_read_it_before_the_lock(tmp_path, monkeypatch):
    """An import shorter than the index is appended to history.log under the lock: history.json is
    not parsed before it as well (about 0.2 s at 10,000 games)."""
    from companion.store import history

    store = Store(tmp_path / "phone")
    assert store.import_json(backup_of([make_doc(n, finished=True) for n in range(1, 11)])) == 10
    monkeypatch.setattr(history, "FOLD_AT", 1)

    def read(self, held):
        raise AssertionError("history.json was read before the lock")

    monkeypatch.setattr(HistoryIndex, "_read_unlocked", read)
    assert Store(tmp_path / "phone").import_json(backup_of([make_doc(n, finished=True) for n in range(11, 15)])) == 4
    assert (tmp_path / "phone" / "history.log").read_text().count('"put"') == 4
    assert len(Store(tmp_path / "phone").list_games(limit=100)) == 14


def test_a_backup_holding_a_game_in_play_here_still_builds_its_index_before_the_lock(tmp_path, monkeypatch):
    """A backup from a phone that finished a game still in play here: that game is skipped (this
    copy is kept), and the index built before the lock leaves it out too, so it is put in place."""
    store = Store(tmp_path / "phone")
    playing = make_doc(0, rounds=1)
    store.save_game(playing)
    theirs = make_doc(0, finished=True, rounds=3, id=playing["id"])
    others = [make_doc(n, finished=True) for n in range(1, 6)]
    _no_fold_under_the_lock(monkeypatch)
    assert store.import_json(backup_of([theirs, *others])) == 5
    kept = Store(tmp_path / "phone").get_game(playing["id"])
    assert (kept["finished"], len(kept["rounds"])) == (False, 1)
    assert {s["id"] for s in Store(tmp_path / "phone").list_games(limit=10)} == {
        playing["id"], *(doc["id"] for doc in others)}


def test_a_shard_that_can_not_be_built_before_the_lock_for_a_full_disk_holds_no_file_open(tmp_path, monkeypatch):
    """The next version of a shard that exists can not be written before the lock (a full disk):
    the import is refused whole, and the version of the shard read for it is not left open."""
    store = Store(tmp_path / "phone")
    first = make_doc(1, finished=True)
    assert store.import_json(backup_of([first])) == 1
    same_shard = next(f"g{n}" for n in range(10_000) if shard_name(f"g{n}") == shard_name(first["id"]))

    def disk_full(folder, target):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store_files, "new_temp", disk_full)
    fds = sorted(os.listdir("/proc/self/fd"))
    with pytest.raises(StoreError, match="is full, so nothing was imported"):
        store.import_json(backup_of([make_doc(2, finished=True, id=same_shard)]))
    assert sorted(os.listdir("/proc/self/fd")) == fds
    monkeypatch.undo()
    assert [s["id"] for s in Store(tmp_path / "phone").list_games()] == [first["id"]]


def test_a_history_index_without_tallies_is_rebuilt_from_the_games(tmp_path):
    """history.json written before the statistics tallies were kept in it (a summary without
    "tally"): the list of games and the statistics are made again from the saved games, without
    a notice of damage."""
    from companion.store import folder

    store = Store(tmp_path / "phone")
    games = [make_doc(n, finished=True) for n in range(1, 4)]
    assert store.import_json(backup_of(games)) == 3
    path = tmp_path / "phone" / "history.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for row in data["summaries"].values():
        del row["tally"]
    path.write_text(json.dumps(data), encoding="utf-8")
    folder._FOLDERS.clear()
    again = Store(tmp_path / "phone")
    assert sorted(s["id"] for s in again.list_games()) == sorted(doc["id"] for doc in games)
    assert again.player_stats() == player_stats(games)
    assert again.notices == []
    assert all("tally" in row for row in json.loads(path.read_text(encoding="utf-8"))["summaries"].values())
