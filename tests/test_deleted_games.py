"""Recently deleted games: kept by the store, restored from any phone, told on the screens of other phones."""

import json

import pytest

from companion.errors import DiskFullError, GameNotFoundError, ReadOnlyError, StoreError
from companion.registry import new_pad
from companion.server.key import TableAccess
from companion.store import Store
from companion.store import deleted as deleted_module
from companion.store.deleted import KEPT_DELETED, DeletedGames
from companion.store.tables import GamesInProgress
from companion.ui.app import session_main
from companion.ui.deleted import DELETED_SHOWN
from companion.ui.game_list import when_text
from flet_session import (
    click, find, go_to, open_session, run_alone, server_hub, settle, shown_strings, shows, tap, taps_together,
)
from test_hands_rounds import open_my_hand

ROUND = {"hands": {"Ann": "K", "Ben": "", "Cy": "A"}, "went_out": "Ben"}


def saved_game(store: Store, players=("Ann", "Ben", "Cy"), *, ended: bool = False) -> dict:
    """A One Up game of ``players`` with one round saved in ``store`` (ended early when ``ended``); its document."""
    pad = new_pad("one_up", list(players))
    pad.add_round({players[0]: "K", players[1]: "", players[2]: "A"}, went_out=players[1])
    if ended:
        pad.end_early()
    store.save_game(pad.to_doc())
    return store.get_game(pad.id)


@pytest.mark.parametrize("ended", [False, True], ids=["in-progress", "archived"])
def test_a_deleted_game_is_listed_with_its_phone_and_restored_as_it_was(tmp_path, ended):
    store = Store(tmp_path)
    doc = saved_game(store, ended=ended)
    store.delete_game(doc["id"], by="Ann's phone")
    assert store.get_game(doc["id"]) is None
    [listed] = store.deleted_games()
    assert (listed["id"], listed["players"], listed["finished"], listed["rounds"], listed["by"]) == (
        doc["id"], ["Ann", "Ben", "Cy"], ended, 1, "Ann's phone")
    assert store.deleted_game(doc["id"]) == listed
    assert store.restore_deleted(doc["id"]) == doc
    assert store.get_game(doc["id"]) == doc
    assert [summary["id"] for summary in store.list_games()] == [doc["id"]]
    assert (store.deleted_games(), store.deleted_game(doc["id"])) == ([], None)


def test_any_store_on_the_folder_restores_it_after_a_restart(tmp_path):
    doc = saved_game(Store(tmp_path))
    Store(tmp_path).delete_game(doc["id"])
    again = Store(tmp_path)
    assert again.deleted_game(doc["id"])["by"] is None
    again.restore_deleted(doc["id"])
    assert Store(tmp_path).get_game(doc["id"]) == doc


@pytest.mark.parametrize("game_id", [7, None, ["a"]], ids=["number", "none", "list"])
def test_a_game_id_that_is_not_text_is_refused_by_the_store(tmp_path, game_id):
    store = Store(tmp_path)
    for ask in (store.deleted_game, store.restore_deleted):
        with pytest.raises(StoreError):
            ask(game_id)


def test_restoring_twice_is_told_and_changes_nothing(tmp_path):
    store = Store(tmp_path)
    doc = saved_game(store)
    store.delete_game(doc["id"])
    store.restore_deleted(doc["id"])
    with pytest.raises(GameNotFoundError, match="^This game is no longer among the recently deleted games; "
                                                "it may have been restored already.$"):
        store.restore_deleted(doc["id"])
    assert store.get_game(doc["id"]) == doc


def test_the_newest_deletions_are_kept_newest_first(tmp_path):
    store = Store(tmp_path)
    docs = [saved_game(store, (f"A{n}", f"B{n}", f"C{n}")) for n in range(KEPT_DELETED + 2)]
    for doc in docs:
        store.delete_game(doc["id"])
    assert [summary["id"] for summary in store.deleted_games()] == [doc["id"] for doc in reversed(docs)][:KEPT_DELETED]
    with pytest.raises(GameNotFoundError):
        store.restore_deleted(docs[0]["id"])
    assert len(json.loads((tmp_path / "deleted.json").read_text())["deleted"]) == KEPT_DELETED


def test_a_game_saved_again_since_is_not_offered_and_its_copy_is_dropped(tmp_path):
    store = Store(tmp_path)
    doc, other = saved_game(store), saved_game(store, ("Di", "Ed", "Flo"))
    store.delete_game(doc["id"])
    store.restore_game(doc)
    assert (store.deleted_games(), store.deleted_game(doc["id"])) == ([], None)
    store.delete_game(other["id"])
    store.restore_deleted(other["id"])
    assert json.loads((tmp_path / "deleted.json").read_text()) == {"deleted": {}}


def test_a_delete_cut_short_by_a_full_disk_keeps_the_game_and_offers_no_copy(tmp_path, monkeypatch):
    store = Store(tmp_path)
    doc = saved_game(store)

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(GamesInProgress, "write", full)
    with pytest.raises(DiskFullError):
        store.delete_game(doc["id"])
    monkeypatch.undo()
    assert store.get_game(doc["id"]) == doc
    assert (store.deleted_games(), store.deleted_game(doc["id"])) == ([], None)


@pytest.mark.parametrize("content", [b"{not json", b'{"deleted": [1]}', b"\xff\xfe", b"", b"{}", b'{"games":{}}',
                                     b'{"deleted":{},"more":{}}'],
                         ids=["json", "shape", "utf8", "zero-bytes", "no-table", "other-table", "extra-table"])
def test_a_damaged_deleted_file_is_kept_aside_with_a_notice_and_no_game_is_lost(tmp_path, content):
    doc = saved_game(Store(tmp_path))
    (tmp_path / "deleted.json").write_bytes(content)
    store = Store(tmp_path)
    [aside] = sorted(tmp_path.glob("deleted.json.corrupt-*"))
    assert aside.read_bytes() == content
    [notice] = store.notices
    assert "recently deleted games, which can no longer be restored" in notice and "No saved game is affected" in notice
    assert (store.get_game(doc["id"]), store.deleted_games()) == (doc, [])


def entry_of(tmp_path) -> tuple[dict, str]:
    """deleted.json as saved (parsed) and the id of its one game, after a game of Ann, Ben and Cy was deleted."""
    store = Store(tmp_path)
    doc = saved_game(store)
    store.delete_game(doc["id"], by="Ann's phone")
    return json.loads((tmp_path / "deleted.json").read_text()), doc["id"]


def drop_game_field(entry):
    del entry["doc"]["game"]


def players_as_a_number(entry):
    entry["doc"]["players"] = 3


def doc_as_text(entry):
    entry["doc"] = "One Up"


def no_doc(entry):
    del entry["doc"]


def no_time(entry):
    del entry["deleted"]


def time_without_offset(entry):
    entry["deleted"] = "2026-12-02T03:34:00"


def phone_as_an_object(entry):
    entry["by"] = {"name": "Ann"}


def another_games_id(entry):
    entry["doc"]["id"] = "0" * 32


def one_more_field(entry):
    entry["undo"] = True


@pytest.mark.parametrize("damage", [drop_game_field, players_as_a_number, doc_as_text, no_doc, no_time,
                                    time_without_offset, phone_as_an_object, another_games_id, one_more_field])
def test_a_damaged_entry_sets_the_file_aside_with_a_notice_and_history_still_lists(tmp_path, damage):
    saved = json.loads(json.dumps(saved_game(Store(tmp_path), ("Di", "Ed", "Flo"))))
    content, game_id = entry_of(tmp_path)
    damage(content["deleted"][game_id])
    (tmp_path / "deleted.json").write_text(json.dumps(content))
    store = Store(tmp_path)
    [aside] = sorted(tmp_path.glob("deleted.json.corrupt-*"))
    assert json.loads(aside.read_text()) == content
    [notice] = store.notices
    assert "recently deleted games, which can no longer be restored" in notice
    assert (store.deleted_games(), store.deleted_game(game_id)) == ([], None)
    assert [summary["id"] for summary in store.list_games()] == [saved["id"]]


def test_the_recently_deleted_are_read_once_per_version_of_the_file(tmp_path, monkeypatch):
    """The version a delete wrote is kept: no store of the process reads it; a file written anew elsewhere is read once."""
    _content, game_id = entry_of(tmp_path)
    reads = []
    real = deleted_module.checked_entries
    monkeypatch.setattr(deleted_module, "checked_entries", lambda path, rows: reads.append(path) or real(path, rows))
    store = Store(tmp_path)
    store.deleted_games()
    Store(tmp_path).deleted_game(game_id)
    unchanged = len(reads)
    text = (tmp_path / "deleted.json").read_text()
    (tmp_path / "deleted.json").unlink()
    (tmp_path / "deleted.json").write_text(text)
    (tmp_path / "deleted.json").chmod(0o600)  # as written by a store: one opening does not make it so again
    [listed] = store.deleted_games()
    Store(tmp_path).deleted_games()
    assert (unchanged, len(reads), listed["id"]) == (0, 1, game_id)


def test_a_full_disk_after_the_game_is_restored_still_reports_it_restored(tmp_path, monkeypatch):
    store = Store(tmp_path)
    doc = saved_game(store)
    store.delete_game(doc["id"])

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(DeletedGames, "forget", full)
    assert store.restore_deleted(doc["id"]) == doc
    monkeypatch.undo()
    assert (store.get_game(doc["id"]), store.deleted_games()) == (doc, [])


def test_a_read_only_folder_lists_the_deleted_games_but_restores_none(tmp_path, monkeypatch):
    doc = saved_game(Store(tmp_path))
    Store(tmp_path).delete_game(doc["id"])
    store = Store(tmp_path)
    monkeypatch.setattr(store, "read_only", True)
    assert [summary["id"] for summary in store.deleted_games()] == [doc["id"]]
    with pytest.raises(ReadOnlyError):
        store.restore_deleted(doc["id"])
    assert store.get_game(doc["id"]) is None


def two_phones(tmp_path, play):
    """Run ``play(store, doc, phones)`` with two in-process phones on the pad of a saved One Up game."""

    async def run():
        store = Store(tmp_path)
        doc = saved_game(store)
        main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
        hub = server_hub()
        phones = [await open_session(main, f"/pad/{doc['id']}", hub) for _phone in range(2)]
        return await play(store, doc, phones)

    return run_alone(run())


def test_a_phone_on_the_game_is_told_who_deleted_it_and_restores_it(tmp_path):
    async def play(store, doc, phones):
        ann, ben = phones
        await open_my_hand(ann, "Ann")
        await tap(ann, "Cancel")
        await go_to(ann, f"/history/{doc['id']}")
        await tap(ann, "Delete this game")
        await settle(phones)
        when = when_text(store.deleted_game(doc["id"])["deleted"])
        told = (shows(ben, "Game deleted"), shows(ben, f"Ann's phone deleted this game ({when})."))
        await tap(ben, "Restore this game")
        await settle(phones)
        return told, shows(ben, "Add round"), store.get_game(doc["id"]) == doc, store.deleted_games()

    assert two_phones(tmp_path, play) == ((True, True), True, True, [])


def test_a_round_sheet_open_while_its_game_is_deleted_comes_back_with_its_values_once_restored(tmp_path):
    async def play(store, doc, phones):
        ann, ben = phones
        await tap(ben, "Add round")
        await tap(ben, "K")
        cy = find(ben.session.page, lambda control: getattr(control, "identifier", None) == "hand-Cy")
        await click(ben, find(cy, lambda control: getattr(control, "content", None) == "5"
                              and getattr(control, "on_click", None) is not None))
        await tap(ben, "Ben went out")
        typed = (shows(ben, "10 points"), shows(ben, "5 points"))
        await go_to(ann, f"/history/{doc['id']}")
        await tap(ann, "Delete this game")
        await settle(phones)
        deleted = shows(ben, "Game deleted")
        await tap(ben, "Restore this game")
        await settle(phones)
        back = (shows(ben, "10 points"), shows(ben, "5 points"))
        await tap(ben, "Save round")
        await settle(phones)
        return deleted, typed, back, [row["hands"] for row in store.get_game(doc["id"])["rounds"]][1:]

    deleted, typed, back, saved = two_phones(tmp_path, play)
    assert (deleted, typed, back) == (True, (True, True), (True, True))
    assert saved == [{"Ann": ["K"], "Ben": [], "Cy": ["5"]}]


def test_history_lists_the_recently_deleted_games_and_restores_one_on_every_phone(tmp_path):
    async def play(store, doc, phones):
        first, second = phones
        store.delete_game(doc["id"], by="Cy's phone")
        for phone in phones:
            await go_to(phone, "/history")
        when = when_text(store.deleted_game(doc["id"])["deleted"])
        listed = [(shows(phone, "Recently deleted"), shows(phone, f"Deleted {when} · Cy's phone")) for phone in phones]
        await tap(first, "Restore")
        await settle(phones)
        gone = [shows(phone, "Recently deleted") for phone in phones]
        said = (shows(first, "One Up game restored"), shows(second, "One Up game restored"))
        return listed, gone, said, shows(second, "One Up · Ann, Ben and Cy"), store.get_game(doc["id"]) == doc

    assert two_phones(tmp_path, play) == ([(True, True), (True, True)], [False, False], (True, False), True, True)


def test_history_lists_the_three_newest_deleted_games_then_every_one_kept(tmp_path):
    """Twenty games of P0..P19 deleted in that order (all the store keeps): History lists P19,
    P18 and P17 under "Recently deleted" with "Show more deleted games", whose one tap lists all
    twenty, newest first, and goes."""

    async def play(store, doc, phones):
        phone = phones[0]
        for number in range(KEPT_DELETED):
            store.delete_game(saved_game(store, (f"P{number}", "Ben", "Cy"))["id"], by="Cy's phone")
        await go_to(phone, "/history")

        def listed():
            return [text for text in shown_strings(phone.session.page) if text.startswith("One Up · P")]

        before = listed(), shows(phone, "Show more deleted games")
        await tap(phone, "Show more deleted games")
        return before, (listed(), shows(phone, "Show more deleted games"))

    def titles(*numbers):
        return [f"One Up · P{number}, Ben and Cy" for number in numbers]

    assert (DELETED_SHOWN, KEPT_DELETED) == (3, 20)
    assert two_phones(tmp_path, play) == ((titles(19, 18, 17), True), (titles(*range(19, -1, -1)), False))


def test_undo_after_a_delete_restores_the_game_from_the_recently_deleted(tmp_path):
    async def play(store, doc, phones):
        ann = phones[0]
        await go_to(ann, f"/history/{doc['id']}")
        await tap(ann, "Delete this game")
        offered = [summary["id"] for summary in store.deleted_games()] == [doc["id"]]
        await go_to(ann, "/history")  # where the delete sent the phone, whose message bar offers the Undo
        await tap(ann, "Undo")
        return offered, store.get_game(doc["id"]) == doc, store.deleted_games()

    assert two_phones(tmp_path, play) == (True, True, [])


def test_undo_tapped_twice_after_a_delete_restores_the_game_once_without_a_refusal(tmp_path):
    """The message bar's Undo tapped twice before the repaint: the game is back in the list, and no
    "Not restored" (the second tap found it restored) is told."""

    async def play(store, doc, phones):
        ann = phones[0]
        await go_to(ann, f"/history/{doc['id']}")
        await tap(ann, "Delete this game")
        await go_to(ann, "/history")
        await taps_together(ann, "Undo", "Undo")
        return (store.get_game(doc["id"]) == doc, store.deleted_games(), shows(ann, "One Up · Ann, Ben and Cy"),
                [text for text in shown_strings(ann.session.page) if "restored" in text])

    assert two_phones(tmp_path, play) == (True, [], True, [])
