"""A store opened with ``check_games=False`` (as main.py opens it, so that the
server listens sooner): games.json is read at once only when its first and
last bytes are not those the store writes; otherwise at its first use, where
damage is set aside and told exactly as when it is checked at open."""

from __future__ import annotations

import re
from pathlib import Path

from store_helpers import make_doc

from companion.store import Store


def set_aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


def saved_game_of(folder: Path, game: str) -> dict:
    """Save one game in progress in ``folder``, then write its ``game`` field as ``game`` in games.json."""
    doc = make_doc(0, id="game-1")
    Store(folder).save_game(doc)
    games = folder / "games.json"
    games.write_text(games.read_text(encoding="utf-8").replace('"one_up"', f'"{game}"'), encoding="utf-8")
    return doc


def told(notice: object, folder: Path) -> str:
    """A notice in English with its folder and the time in the set-aside file's name left out."""
    return re.sub(r"corrupt-\d{8}T\d{6}", "corrupt-<time>", str(notice).replace(str(folder), "<folder>"))


def test_a_game_in_progress_that_fails_the_checks_is_set_aside_at_its_first_use_with_the_same_notice(tmp_path):
    saved_game_of(tmp_path / "checked", "poker")
    saved_game_of(tmp_path / "later", "poker")
    at_open = Store(tmp_path / "checked")
    later = Store(tmp_path / "later", check_games=False)
    assert (len(at_open.notices), later.notices, set_aside(tmp_path / "later" / "games.json")) == (1, [], [])
    assert later.unfinished_games() == []
    assert [told(notice, tmp_path / "later") for notice in later.notices] == [
        told(at_open.notices[0], tmp_path / "checked")
    ]
    assert len(set_aside(tmp_path / "later" / "games.json")) == 1


def test_a_games_file_cut_short_is_set_aside_as_the_store_opens(tmp_path):
    doc = saved_game_of(tmp_path, "one_up")
    games = tmp_path / "games.json"
    content = games.read_bytes()[:-40]
    games.write_bytes(content)
    store = Store(tmp_path, check_games=False)
    assert set_aside(games)[0].read_bytes() == content
    [notice] = store.notices
    assert "games in progress" in notice
    assert store.get_game(doc["id"]) is None


def test_a_sound_game_in_progress_is_read_at_its_first_use(tmp_path):
    doc = saved_game_of(tmp_path, "one_up")
    store = Store(tmp_path, check_games=False)
    assert [summary["id"] for summary in store.unfinished_games()] == [doc["id"]]
    assert (store.notices, store.get_game(doc["id"])) == ([], doc)


def test_an_empty_games_file_is_set_aside_as_the_store_opens(tmp_path):
    doc = saved_game_of(tmp_path, "one_up")
    games = tmp_path / "games.json"
    games.write_bytes(b"")
    store = Store(tmp_path, check_games=False)
    assert set_aside(games)[0].read_bytes() == b""
    assert [told(notice, tmp_path) for notice in store.notices] == [
        "Companion could not read its file <folder>/games.json: it is empty. The file was not changed; "
        "it was moved to <folder>/games.json.corrupt-<time>. It held the games in progress, which could not "
        "be read from it; a fresh file was started. Finished games are not affected."
    ]
    assert store.get_game(doc["id"]) is None


def test_a_games_file_emptied_while_the_store_runs_is_set_aside_at_its_next_read(tmp_path):
    doc = saved_game_of(tmp_path, "one_up")
    store = Store(tmp_path)
    assert [summary["id"] for summary in store.unfinished_games()] == [doc["id"]]
    games = tmp_path / "games.json"
    games.write_bytes(b"")
    assert store.unfinished_games() == []
    assert set_aside(games)[0].read_bytes() == b""
    assert [told(notice, tmp_path) for notice in store.notices] == [
        "Companion could not read its file <folder>/games.json: it is empty. The file was not changed; "
        "it was moved to <folder>/games.json.corrupt-<time>. It held the games in progress, which could not "
        "be read from it; a fresh file was started. Finished games are not affected."
    ]


def test_the_store_never_leaves_an_empty_file_of_its_own(tmp_path):
    doc = saved_game_of(tmp_path, "one_up")
    store = Store(tmp_path)
    store.update_draft(doc["id"], lambda draft: {"round": 1, "parts": {}})
    store.update_draft(doc["id"], lambda draft: None)
    store.delete_game(doc["id"])
    store.restore_deleted(doc["id"])
    finished = make_doc(1, id="game-2", finished=True)
    store.save_game(finished)
    store.delete_game(finished["id"])
    store.delete_game(doc["id"])
    Store(tmp_path, check_games=False)
    empty = sorted(path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*.json")
                   if path.stat().st_size == 0)
    assert (empty, Store(tmp_path).notices) == ([], [])
