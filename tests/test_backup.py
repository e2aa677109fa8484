"""Full JSON backup: export, import, and refusal of bad files."""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import signal

import pytest

from companion.stats import TallySums, player_stats
from companion.store import MAX_BACKUP_BYTES, BackupError, Store, StoreError
from companion.store import backup
from companion.store.archive import FOLD_AT
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


@pytest.mark.parametrize("cores", [2, 3])
def test_a_large_backup_is_checked_on_every_core_with_the_same_result(tmp_path, monkeypatch, cores):
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
    monkeypatch.setattr(backup, "_cores", lambda: 2)
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
    from companion.store import files, journal

    synced = []
    real = files.fsync_folder

    def recording(folder):
        synced.append(os.path.basename(folder))
        real(folder)

    monkeypatch.setattr(files, "fsync_folder", recording)
    monkeypatch.setattr(journal, "fsync_folder", recording)
    games = [make_doc(n, finished=True) for n in range(40)]
    store = Store(tmp_path / "phone")
    assert store.import_json(backup_of(games)) == 40
    assert len(os.listdir(tmp_path / "phone" / "archive")) > 20
    assert synced.count("archive") == 1
    assert sorted(doc["id"] for doc in Store(tmp_path / "phone").iter_games()) == sorted(doc["id"] for doc in games)


def lines_of(games: list) -> str:
    """A backup of ``games`` in the line layout that export writes."""
    return backup.backup_text(games, "2026-12-02T01:00:00+00:00").decode("utf-8")


def compact(doc: dict) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


@pytest.fixture
def line_path(monkeypatch):
    """Backups of 4 games or more are read on two cores, in parts of 2 games."""
    monkeypatch.setattr(backup, "PARALLEL_FROM", 4)
    monkeypatch.setattr(backup, "_cores", lambda: 2)
    monkeypatch.setattr(backup, "PART", 2)


def test_export_writes_one_game_per_line(store):
    text = store.export_json()
    lines = text.split("\n")
    exported = json.loads(text)["exported"]
    games = [store.get_game(summary["id"]) for summary in store.list_games()]
    assert lines[0] == '{"format":"companion-backup","schema":1,"exported":"%s","games":[' % exported
    assert lines[1:-1] == [compact(doc) + "," for doc in games[:-1]] + [compact(games[-1])]
    assert lines[-1] == "]}"
    assert len(lines) == 7


def test_export_of_an_empty_store_is_two_lines(tmp_path):
    text = Store(tmp_path).export_json()
    exported = json.loads(text)["exported"]
    assert text == '{"format":"companion-backup","schema":1,"exported":"%s","games":[\n]}' % exported
    assert Store(tmp_path / "other").import_json(text) == 0


def test_a_line_layout_backup_is_read_line_by_line_on_every_core(tmp_path, monkeypatch, line_path):
    """The file is never parsed whole: the parts' lines are parsed by the workers and this process; the
    games, in progress and finished, a migrated one and the statistics come out as from a whole parse."""
    old = make_doc(3, finished=True)
    del old["schema"], old["first_dealer"], old["ended_early"]
    old["dealer"] = "Cato"
    games = [make_doc(n, finished=n % 2 == 0, rounds=n % 3) for n in range(11)] + [old]
    whole = backup.parse_backup(backup_of(games))
    monkeypatch.setattr(backup, "_read_backup", lambda data: pytest.fail("the file was parsed whole"))
    read = backup.read_backup(lines_of(games))
    assert read == backup.PreparedBackup([backup.prepare_game(doc, tally) for doc, tally in whole.games], whole.sums)
    store = Store(tmp_path)
    assert store.import_json(lines_of(games)) == 12
    assert store.get_game(old["id"])["first_dealer"] == 2
    assert store.player_stats() == player_stats(whole_doc for whole_doc, _tally in whole.games)
    assert len(store.unfinished_games()) == 5


@pytest.mark.parametrize("bad", [1, 2, 7, 12])
def test_a_line_layout_backup_names_the_game_on_its_first_bad_line(tmp_path, line_path, bad):
    games = [make_doc(n) for n in range(12)]
    games[bad - 1]["rounds"][0]["hands"]["Ann"] = ["7"]
    store = Store(tmp_path)
    with pytest.raises(BackupError, match=f"^Game {bad} in the backup is not valid: Round 1: "):
        store.import_json(lines_of(games))
    assert store.list_games() == [] and list(store.iter_games()) == []


def test_a_line_layout_backup_with_a_repeated_id_is_refused(tmp_path, line_path):
    games = [make_doc(n) for n in range(12)]
    games[9]["id"] = games[2]["id"]
    store = Store(tmp_path)
    with pytest.raises(BackupError, match=f"^Game 10 in the backup repeats the id {games[2]['id']}. Nothing"):
        store.import_json(lines_of(games))
    assert store.list_games() == []


@pytest.mark.parametrize("line, message", [
    (1, "it is not JSON text"),
    (6, "it is not JSON text"),
])
def test_a_line_holding_two_games_without_a_comma_is_refused(tmp_path, line_path, line, message):
    """Two games on one line with nothing between them: not JSON, refused as the whole file would be."""
    lines = lines_of([make_doc(n) for n in range(12)]).split("\n")
    lines[line] = lines[line].removesuffix(",") + compact(make_doc(50)) + ","
    store = Store(tmp_path)
    with pytest.raises(BackupError, match=f"^This file is not a Companion backup: {message}. Nothing was imported.$"):
        store.import_json("\n".join(lines))
    assert store.list_games() == []


def test_a_line_holding_two_games_with_a_comma_is_read_whole(tmp_path, line_path):
    """Still one valid backup, though not in the line layout: both games of the line are imported."""
    games = [make_doc(n) for n in range(12)]
    lines = lines_of(games).split("\n")
    extra = make_doc(50)
    lines[3] = lines[3] + compact(extra) + ","
    store = Store(tmp_path)
    assert store.import_json("\n".join(lines)) == 13
    assert extra["id"] in {summary["id"] for summary in store.list_games(limit=20)}


@pytest.mark.parametrize("layout", ["spaced", "indented", "crlf", "trailing newline"])
def test_a_backup_in_another_layout_is_still_imported(tmp_path, line_path, layout):
    games = [make_doc(n, finished=n % 3 == 0) for n in range(12)]
    text = {
        "spaced": backup_of(games),
        "indented": json.dumps(json.loads(backup_of(games)), indent=1),
        "crlf": lines_of(games).replace("\n", "\r\n"),
        "trailing newline": lines_of(games) + "\n",
    }[layout]
    assert backup._line_parts(text.encode("utf-8")) is None
    store = Store(tmp_path)
    assert store.import_json(text) == 12
    assert sorted(doc["id"] for doc in store.iter_games()) == sorted(game["id"] for game in games)


def test_a_line_layout_backup_skips_the_games_already_saved(store, tmp_path, line_path):
    saved = json.loads(store.export_json())["games"]
    other = Store(tmp_path / "other")
    other.save_game(saved[0])
    games = saved + [make_doc(10 + n, finished=True) for n in range(7)]
    assert other.import_json(lines_of(games)) == 11
    assert other.player_stats() == player_stats(other.iter_games())
    assert Store(other.data_dir).player_stats() == player_stats(other.iter_games())


@pytest.mark.parametrize("moment", ["after a shard is renamed", "inside a shard's temp file"])
def test_a_kill_while_an_import_writes_leaves_nothing(tmp_path, line_path, moment):
    """A line-layout import killed (SIGKILL) while it writes, some shards already renamed into place: the
    next open undoes it, temp files included, and the same import then goes through whole."""
    from companion.store import files
    from companion.store import folder as store_folder

    games = [make_doc(n, finished=n % 4 != 0) for n in range(40)]
    text = lines_of(games)
    folder = tmp_path / "phone"
    Store(folder)

    def import_and_die():
        store_folder._FOLDERS.clear()  # the parent's folder lock is not this process's
        calls = []
        if moment == "after a shard is renamed":
            real_write = files.AtomicJSONStorage.write_text

            def write_then_die(storage, payload, **options):
                real_write(storage, payload, **options)
                calls.append(storage.path.name)
                if len(calls) == 6:
                    os.kill(os.getpid(), signal.SIGKILL)

            files.AtomicJSONStorage.write_text = write_then_die
        else:
            real_write_all = files.write_all

            def die_halfway(fd, payload):
                calls.append(fd)
                if len(calls) > 2 and any(path.stat().st_size > 32 for path in (folder / "archive").glob("*.json")):
                    real_write_all(fd, payload[: len(payload) // 2])
                    os.kill(os.getpid(), signal.SIGKILL)
                real_write_all(fd, payload)

            files.write_all = die_halfway
        Store(folder).import_json(text)
        os._exit(0)

    child = multiprocessing.get_context("fork").Process(target=import_and_die)
    child.start()
    child.join(120)
    assert child.exitcode == -signal.SIGKILL
    assert (folder / "import.json").exists()
    assert any(os.path.getsize(path) > 32 for path in (folder / "archive").glob("*.json"))
    if moment == "inside a shard's temp file":
        assert [name for name in os.listdir(folder / "archive") if name.endswith(".tmp")] != []
    store = Store(folder)
    assert store.list_games() == [] and list(store.iter_games()) == [] and store.player_stats() == []
    assert not (folder / "import.json").exists()
    assert [name for name in os.listdir(folder / "archive") if name.endswith(".tmp")] == []
    assert store.notices == []
    assert store.import_json(text) == 40
    assert sorted(doc["id"] for doc in Store(folder).iter_games()) == sorted(game["id"] for game in games)


def test_shards_and_the_history_written_from_texts_are_the_json_the_store_writes(tmp_path):
    """An import writes its archive shards and history.json from the games' texts: byte for byte the
    compact JSON of the tables, as any other write of those files makes them."""
    from companion.store.files import dump_json, load_json

    games = [make_doc(n, finished=True) for n in range(FOLD_AT)]
    store = Store(tmp_path)
    assert store.import_json(lines_of(games)) == FOLD_AT
    for path in (tmp_path / "archive").glob("*.json"):
        raw = path.read_bytes()
        assert raw == dump_json(load_json(raw))
    raw = (tmp_path / "history.json").read_bytes()
    assert raw == dump_json(load_json(raw))
    rows = load_json(raw)["summaries"]
    assert list(rows) == [str(n) for n in range(1, FOLD_AT + 1)]
    assert [row["id"] for row in rows.values()] == [game["id"] for game in games]
    assert all(set(row) == {"id", "game", "players", "created", "updated", "finished", "ended_early", "winners",
                            "rounds", "tally"} for row in rows.values())
    assert Store(tmp_path).notices == []
