"""A phone's label (companion/ui/state.py): reading it from the phone never undoes a choice made
while the phone was being asked."""

from __future__ import annotations

import asyncio

from companion.ui.state import PHONE_KEY, SessionState, load_phone, name_phone
from flet_session import run_alone


class SlowPrefs:
    """A phone's SharedPreferences whose read of a key answers what was kept when it was asked,
    but only once ``answer`` is set (a slow round trip)."""

    def __init__(self, kept: str | None) -> None:
        self.kept = {PHONE_KEY: kept}
        self.answer = asyncio.Event()

    async def get(self, key: str):
        value = self.kept.get(key)
        await self.answer.wait()
        return value

    async def set(self, key: str, value: str) -> bool:
        self.kept[key] = value
        return True


def _tap_during_load(kept: str | None) -> tuple[str, str | None]:
    """This session's label and the label kept on the phone, after "I am Ben" is tapped while the
    phone's kept label (``kept``) is still on its way."""

    async def play() -> tuple[str, str | None]:
        session = SessionState(prefs=SlowPrefs(kept))
        loading = asyncio.create_task(load_phone(session))
        await asyncio.sleep(0)
        await name_phone(session, "Ben's phone")
        session.prefs.answer.set()
        await loading
        return session.phone, session.prefs.kept[PHONE_KEY]

    return run_alone(play())


def test_a_label_chosen_while_an_unnamed_phone_is_read_is_kept():
    assert _tap_during_load(None) == ("Ben's phone", "Ben's phone")


def test_a_label_chosen_while_the_old_label_is_read_is_kept():
    assert _tap_during_load("Cy's phone") == ("Ben's phone", "Ben's phone")


def test_a_phone_with_no_label_is_given_one_and_keeps_it():
    async def play() -> tuple[str, str | None]:
        session = SessionState(prefs=SlowPrefs(None))
        session.prefs.answer.set()
        await load_phone(session)
        return session.phone, session.prefs.kept[PHONE_KEY]

    shown, kept = run_alone(play())
    assert shown == kept and shown.startswith("Phone ") and len(shown) == len("Phone 3FA2")


class SilentPrefs(SlowPrefs):
    """A phone's storage that does not answer a read in time (a phone still waking up)."""

    async def get(self, key: str):
        raise TimeoutError


def test_a_phone_whose_storage_does_not_answer_keeps_its_label_for_the_next_load():
    async def play() -> tuple[str, str | None]:
        session = SessionState(prefs=SilentPrefs("Cy's phone"))
        await load_phone(session)
        return session.phone, session.prefs.kept[PHONE_KEY]

    shown, kept = run_alone(play())
    assert kept == "Cy's phone"
    assert shown.startswith("Phone ") and len(shown) == len("Phone 3FA2")


def test_a_kept_label_a_phone_could_not_have_been_given_is_replaced():
    """A label kept on the phone comes from the phone: one too long, or with hidden control
    characters or direction marks, is not taken into the change log; the phone gets a new one."""

    async def play(kept: object) -> str:
        session = SessionState(prefs=SlowPrefs(kept))
        session.prefs.answer.set()
        await load_phone(session)
        return session.phone

    for kept in ("x" * 10_000, "Ann\x1b[2J's phone", "\u202eAnn's phone", ["Ann's phone"]):
        shown = run_alone(play(kept))
        assert shown.startswith("Phone ") and len(shown) == len("Phone 3FA2"), repr(kept)[:40]
    assert run_alone(play("Bartholomew-Alexander's phone")) == "Bartholomew-Alexander's phone"
