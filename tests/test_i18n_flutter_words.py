"""Flutter's own words (a menu's "Dismiss menu" and "Popup menu" screen-reader
labels) speak the session's language: the page's locale settings follow it
(companion/ui/language.py)."""

from __future__ import annotations

import flet as ft
import msgpack
import pytest

from companion.i18n import browser_asks
from companion.server.key import TableAccess
from companion.store import Store
from companion.ui.app import session_main
from companion.ui.language import LANGUAGE_KEY, locale_configuration
from flet_session import click, find, open_session, run_alone, server_hub


def test_locale_configuration_supports_the_three_languages_and_makes_one_current():
    settings = locale_configuration("nb")
    assert [locale.language_code for locale in settings.supported_locales] == ["en", "nb", "de"]
    assert settings.current_locale == ft.Locale("nb")


@pytest.mark.parametrize(("accept", "kept", "code"), [
    (["nb-NO"], None, "nb"),
    (["nb-NO"], "de", "de"),
    (["en-GB"], None, "en"),
])
def test_a_session_sets_flutters_locale_to_its_language(tmp_path, accept, kept, code):
    main = session_main(Store(tmp_path), TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))

    def answer(name, args):
        return kept if name == "get" and args == {"key": LANGUAGE_KEY} else None

    async def play():
        with browser_asks(accept):
            phone = await open_session(main, "/", server_hub(), answer)
        return phone.session.page.locale_configuration

    settings = run_alone(play())
    assert settings.current_locale == ft.Locale(code)
    assert settings == locale_configuration(code)


def _locales(kept: list[bytes]) -> list[tuple[int, str]]:
    """The messages among ``kept`` (what a phone was sent) that set Flutter's locale on the page,
    as (their index, the locale's language code)."""
    found = []
    for index, packed in enumerate(kept):
        _action, body = msgpack.unpackb(packed, strict_map_key=False)
        operations = body.get("patch", [])[1:] if body.get("id") == 1 else []
        codes = [operation[3]["current_locale"]["language_code"] for operation in operations
                 if operation[2] == "locale_configuration"]
        if codes:
            found.append((index, codes[-1]))
    return found


def _first_holding(kept: list[bytes], word: str) -> int:
    """The index of the first message among ``kept`` that holds ``word``."""
    return next(index for index, packed in enumerate(kept) if word.encode() in packed)


@pytest.mark.parametrize(("accept", "kept", "first", "then"), [
    (["nb-NO"], None, "nb", None),
    (["en-GB"], None, "en", None),
    (["en-GB"], "nb", "en", "nb"),
    (["nb-NO"], "de", "nb", "de"),
])
def test_flutters_locale_comes_with_the_first_frame_and_before_the_texts_of_a_kept_language(
        tmp_path, accept, kept, first, then):
    """The first frame carries the locale of the browser's language with its texts; a language
    kept on the phone sends its locale before the texts in it (the phone's web client builds the
    whole app again on a locale change, and a tap on a text already in the new language was lost)."""
    main = session_main(Store(tmp_path), TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
    tab = {"en": "Play", "nb": "Spill", "de": "Spielen"}

    def answer(name, args):
        return kept if name == "get" and args == {"key": LANGUAGE_KEY} else None

    async def play():
        with browser_asks(accept):
            return await open_session(main, "/", server_hub(), answer, keep=True)

    sent = run_alone(play()).kept
    first_texts, locales = _first_holding(sent, tab[first]), _locales(sent)
    assert locales[0] == (first_texts, first)
    if then is None:
        assert locales == [(first_texts, first)]
        return
    later_texts = _first_holding(sent, tab[then])
    assert locales[1:] == [(locales[1][0], then)]
    assert first_texts < locales[1][0] < later_texts


def test_a_language_picked_in_the_menu_sends_its_locale_before_its_texts(tmp_path):
    """Deutsch picked in Play's language menu: the phone gets Flutter's German locale, then the
    screen in German, and the choice is kept on the phone."""
    main = session_main(Store(tmp_path), TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
    kept = {}

    def answer(name, args):
        if name == "set":
            kept[args["key"]] = args["value"]
        return None

    async def play():
        with browser_asks(["en-GB"]):
            phone = await open_session(main, "/", server_hub(), answer, keep=True)
        picked = len(phone.kept)
        item = find(phone.session.page, lambda control: isinstance(control, ft.PopupMenuItem)
                    and control.content == "Deutsch")
        await click(phone, item)
        return phone, picked

    phone, picked = run_alone(play())
    after = phone.kept[picked:]
    (locale, code), texts = _locales(after)[0], _first_holding(after, "Spielen")
    assert (code, locale < texts) == ("de", True)
    assert phone.session.page.locale_configuration == locale_configuration("de")
    assert kept[LANGUAGE_KEY] == "de"
