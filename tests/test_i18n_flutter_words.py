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


def _locales_and_words(kept: list[bytes], word: str) -> list[tuple[str | None, bool]]:
    """For each message a phone was sent: the language code of the Flutter locale it sets on the
    page (None: it sets none), and whether it holds ``word``."""
    found = []
    for packed in kept:
        action, body = msgpack.unpackb(packed, strict_map_key=False)
        operations = body.get("patch", [])[1:] if body.get("id") == 1 else []
        codes = [operation[3]["current_locale"]["language_code"] for operation in operations
                 if operation[2] == "locale_configuration"]
        found.append((codes[-1] if codes else None, word.encode() in packed))
    return found


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
    first_texts = [index for index, (_, words) in enumerate(_locales_and_words(sent, tab[first])) if words][0]
    locales = [(index, code) for index, (code, _) in enumerate(_locales_and_words(sent, tab[first])) if code]
    assert locales[0] == (first_texts, first)
    if then is None:
        assert locales == [(first_texts, first)]
        return
    later_texts = [index for index, (_, words) in enumerate(_locales_and_words(sent, tab[then])) if words][0]
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
    after = _locales_and_words(phone.kept[picked:], "Spielen")
    locale = next(index for index, (code, _) in enumerate(after) if code)
    texts = next(index for index, (_, words) in enumerate(after) if words)
    assert (after[locale][0], locale < texts) == ("de", True)
    assert phone.session.page.locale_configuration == locale_configuration("de")
    assert kept[LANGUAGE_KEY] == "de"
