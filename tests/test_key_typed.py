"""A phone that can not scan the invite's QR code joins with the table's key typed in
(Flet sessions of the app in this process, tests/flet_session.py).

The invite shows the key in groups to be read aloud ("Table key: 7K3QM-..."); the
screen a browser without the key sees has a field for it. The key typed as heard
(small letters, dashes, an O for a zero) opens the app; a wrong key is refused in
words under the field, stays in it to be corrected, and counts as a wrong key of the phone's address
(``TableAccess.tries``), as a wrong key in a link does.
"""

from __future__ import annotations

import flet as ft

from companion.registry import new_pad
from companion.server.key import FREE_TRIES, TableAccess, spoken_key
from companion.store import Store
from companion.ui.access import ASK_THE_HOST, NO_KEY, NOT_THE_KEY, key_refusal
from companion.ui.app import session_main
from flet_session import click, find, open_session, run_alone, server_hub, shows, tap, type_on, until

PHONE_ADDRESS = "192.168.1.20"


def key_field(phone) -> ft.TextField:
    """The field of the table's key on ``phone``'s locked screen."""
    return find(phone.session.page, lambda control: isinstance(control, ft.TextField))


async def type_key(phone, typed: str) -> None:
    """Type ``typed`` into the key field and tap "Join"."""
    await type_on(phone, key_field(phone), typed, typed)
    await click(phone, find(phone.session.page, lambda control: getattr(control, "content", None) == "Join"))


def heard(key: str) -> str:
    """``key`` as a guest types it from the host's voice: the invite's groups, in small
    letters, each zero typed as a letter O."""
    return spoken_key(key).lower().replace("0", "o")


def test_the_key_typed_as_read_aloud_opens_the_app_and_a_wrong_one_is_refused_in_words(tmp_path):
    async def run():
        store = Store(tmp_path)
        access = TableAccess(tmp_path, required=True, host="0.0.0.0", port=8550)
        phone = await open_session(session_main(store, access), "/", server_hub(), client_ip=PHONE_ADDRESS)
        await until(phone, lambda _page: shows(phone, ASK_THE_HOST))
        wrong = "ABCDE-FGHJK-MNPQR-STVWX" if access.key != "ABCDEFGHJKMNPQRSTVWX" else "BBBBB-BBBBB-BBBBB-BBBBB"
        await type_key(phone, wrong)
        refused = (shows(phone, NOT_THE_KEY), shows(phone, "New game"), key_field(phone).value == wrong)
        await type_key(phone, heard(access.key))
        await until(phone, lambda _page: shows(phone, "New game"))
        return refused, shows(phone, ASK_THE_HOST), access._wrong.get(PHONE_ADDRESS)

    refused, still_asked, wrong_keys = run_alone(run())
    assert (refused, still_asked, wrong_keys) == ((True, False, True), False, None)


def test_an_empty_field_is_refused_without_counting_a_wrong_key(tmp_path):
    async def run():
        access = TableAccess(tmp_path, required=True, host="0.0.0.0", port=8550)
        phone = await open_session(session_main(Store(tmp_path), access), "/", server_hub(), client_ip=PHONE_ADDRESS)
        await until(phone, lambda _page: shows(phone, ASK_THE_HOST))
        await click(phone, find(phone.session.page, lambda control: getattr(control, "content", None) == "Join"))
        return shows(phone, NO_KEY), access._wrong.get(PHONE_ADDRESS)

    assert run_alone(run()) == (True, None)


def test_after_too_many_wrong_keys_even_the_right_one_is_told_to_wait_and_how_long(tmp_path):
    """Five wrong keys are free; the sixth makes the address wait 1 s (``TableAccess.tries``;
    the seventh, typed at once, is not even checked). The right key typed while it waits is
    not taken, and the phone is told to wait, not that the key is wrong; once the wait is over
    it opens the app."""
    now = [1000.0]

    async def run():
        access = TableAccess(tmp_path, required=True, host="0.0.0.0", port=8550, clock=lambda: now[0])
        phone = await open_session(session_main(Store(tmp_path), access), "/", server_hub(), client_ip=PHONE_ADDRESS)
        await until(phone, lambda _page: shows(phone, ASK_THE_HOST))
        for _wrong in range(FREE_TRIES + 2):
            await type_key(phone, "BBBBB-BBBBB-BBBBB-BBBBB")
        await type_key(phone, heard(access.key))
        told = [shows(phone, "Too many wrong keys were typed here: wait 1 second, then type the key again."),
                shows(phone, NOT_THE_KEY), shows(phone, "New game")]
        now[0] += 1.0
        await type_key(phone, heard(access.key))
        await until(phone, lambda _page: shows(phone, "New game"))
        return told

    assert run_alone(run()) == [True, False, False]


def test_the_refusal_names_an_empty_field_then_the_wait_rounded_up_then_a_wrong_key():
    assert [key_refusal("", 3.0), key_refusal("7K3QM", 1.2), key_refusal("7K3QM", 0.4), key_refusal("7K3QM", 0.0)] == [
        "Type the table key first: the host finds it on the \u201cInvite phones\u201d screen.",
        "Too many wrong keys were typed here: wait 2 seconds, then type the key again.",
        "Too many wrong keys were typed here: wait 1 second, then type the key again.",
        "That key does not open this table. Check it on the host's \u201cInvite phones\u201d screen.",
    ]


def test_renewing_the_key_asks_first_and_keep_this_key_leaves_it(tmp_path):
    """One tap on "Renew the key" locks nobody out: it asks, "Keep this key" leaves the key as it
    was, and only "Renew now" makes a new one."""

    async def run():
        store = Store(tmp_path)
        pad = new_pad("one_card", ["Ann", "Ben"])
        store.save_game(pad.to_doc())
        access = TableAccess(tmp_path, required=True, host="0.0.0.0", port=8550)
        old = access.key
        phone = await open_session(session_main(store, access), f"/pad/{pad.id}?key={old}", server_hub(),
                                   client_ip=PHONE_ADDRESS)
        await until(phone, lambda _page: shows(phone, "Invite phones"))
        await tap(phone, "Invite phones")
        await tap(phone, "Renew the key")
        asked = (access.key == old, shows(phone, "Renew now"))
        await tap(phone, "Keep this key")
        kept = (access.key == old, shows(phone, "Renew the key"))
        await tap(phone, "Renew the key")
        await tap(phone, "Renew now")
        return asked, kept, access.key != old

    assert run_alone(run()) == ((True, True), (True, True), True)
