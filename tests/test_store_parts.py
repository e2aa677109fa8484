"""The store is composed of parts, each owning one kind of file, and uses TinyDB's tables where they serve."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from tinydb import TinyDB
from tinydb.storages import JSONStorage

import companion.store
from companion.document import prepare_doc
from companion.registry import doc_games
from companion.store import Store
from companion.store.archive import Archive
from companion.store.deleted import DeletedGames
from companion.store.drafts import Drafts
from companion.store.history import HistoryIndex
from companion.store.index import digest, shard_name
from companion.store.journal import Journal
from companion.store.moves import Moves
from companion.store.shards import ShardFiles
from companion.store.sheets import KeptSheets
from companion.store.tables import GamesInProgress
from store_helpers import make_doc

STORE_PACKAGE = Path(inspect.getfile(companion.store)).parent
PARTS = (GamesInProgress, ShardFiles, HistoryIndex, Archive, Journal, Moves, Drafts, KeptSheets, DeletedGames)


def test_the_store_inherits_nothing_and_holds_one_part_per_kind_of_file(tmp_path):
    store = Store(tmp_path)
    assert Store.__bases__ == (object,)
    assert all(part.__bases__ == (object,) for part in PARTS)
    held = {type(value) for value in vars(store).values()}
    assert {GamesInProgress, Archive, Moves, Drafts, KeptSheets, DeletedGames} <= held
    assert (type(store._archive.index), type(store._archive.shards), type(store._moves.journal)) == (
        HistoryIndex, ShardFiles, Journal)


def test_no_module_of_the_store_is_over_500_lines_nor_a_function_over_60():
    long_modules, long_functions = [], []
    for path in sorted(STORE_PACKAGE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > 500:
            long_modules.append(path.name)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno >= 60:
                long_functions.append(f"{path.name}:{node.name}")
    assert (long_modules, long_functions) == ([], [])


def test_a_draft_is_a_tinydb_document_keyed_by_its_game_id_and_replaced_whole(tmp_path):
    store = Store(tmp_path)
    store.update_draft("g1", lambda _draft: {"round": 3, "parts": {"Ann": {"cards": ["K"]}}, "by": {"Ann": "phone"}})
    store.update_draft("g2", lambda _draft: {"round": 1, "parts": {}})
    store.update_draft("g1", lambda _draft: {"round": 3, "parts": {"Ben": {"cards": []}}})
    store.update_draft("g2", lambda _draft: None)
    with TinyDB(tmp_path / "drafts.json", storage=JSONStorage, access_mode="r") as db:
        drafts = db.table("drafts")
        assert (drafts.get(doc_id="g1"), drafts.get(doc_id="g2"), len(drafts)) == (
            {"round": 3, "parts": {"Ben": {"cards": []}}}, None, 1)
    assert store.get_draft("g1") == {"round": 3, "parts": {"Ben": {"cards": []}}}


def test_a_delete_recorded_by_tinydb_in_the_journal_is_completed_at_the_next_open(tmp_path):
    store = Store(tmp_path)
    games = doc_games()
    done, kept = prepare_doc(make_doc(0, finished=True), games), prepare_doc(make_doc(1, finished=True), games)
    store.add_games([done, kept])
    with TinyDB(tmp_path / "move.json", storage=JSONStorage) as db:
        db.table("moves").insert({"to": "delete", "id": done["id"], "digest": digest(done), "from_current": False})
    reopened = Store(tmp_path)
    assert [summary["id"] for summary in reopened.list_games()] == [kept["id"]]
    assert reopened.get_game(done["id"]) is None and not (tmp_path / "move.json").exists()
    with TinyDB(tmp_path / "archive" / shard_name(done["id"]), storage=JSONStorage, access_mode="r") as db:
        assert done["id"] not in [game["id"] for game in db.table("games")]
