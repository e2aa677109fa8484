"""The store's notices on a phone: a bounded banner, hidden by "OK", a later notice shown again."""

from __future__ import annotations

from pathlib import Path

from flet_session import go_to, open_session, run_alone, server_hub, shown_strings, tap

from companion.server.key import TableAccess
from companion.store import Store
from companion.ui.app import session_main

DAMAGED = ("drafts.json", "deleted.json", "history.json")
"""Files damaged before the store opens: one notice each, in this order."""


def damaged_store(folder: Path) -> Store:
    """A store opened on ``folder`` whose files :data:`DAMAGED` were not JSON: three notices."""
    Store(folder)
    for name in DAMAGED:
        (folder / name).write_bytes(b"{not json")
    store = Store(folder)
    assert len(store.notices) == len(DAMAGED)
    return store


def notices_shown(page, store: Store) -> list[int]:
    """Which of the store's notices (their places in ``store.notices``) the page shows now."""
    shown = shown_strings(page)
    return [number for number, notice in enumerate(store.notices) if str(notice) in shown]


async def open_phone(store: Store, tmp_path):
    """A phone on the first screen of the app over ``store`` (kept in ``tmp_path``)."""
    return await open_session(session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1",
                                                              port=8550)), "/", server_hub())


def test_three_notices_show_the_first_and_the_others_on_asking(tmp_path):
    store = damaged_store(tmp_path)

    async def play():
        phone = await open_phone(store, tmp_path)
        page = phone.session.page
        first = (notices_shown(page, store), "Show 2 more notices" in shown_strings(page),
                 "New game" in shown_strings(page))
        await tap(phone, "Show 2 more notices")
        every = (notices_shown(page, store), "Show fewer" in shown_strings(page))
        await tap(phone, "Show fewer")
        return first, every, notices_shown(page, store)

    assert run_alone(play()) == (([0], True, True), ([0, 1, 2], True), [0])


def test_ok_hides_the_notices_shown_and_a_later_notice_is_shown(tmp_path):
    store = damaged_store(tmp_path)

    async def play():
        phone = await open_phone(store, tmp_path)
        page = phone.session.page
        before = notices_shown(page, store)
        await tap(phone, "OK")
        hidden = (notices_shown(page, store), "OK" in shown_strings(page))
        (tmp_path / "games.json").write_bytes(b"")
        await go_to(phone, "/history")
        await go_to(phone, "/")
        later = (len(store.notices), notices_shown(page, store), "OK" in shown_strings(page),
                 "games.json: it is empty" in str(store.notices[-1]))
        await tap(phone, "OK")
        return before, hidden, later, notices_shown(page, store)

    assert run_alone(play()) == ([0], ([], False), (4, [3], True, True), [])
