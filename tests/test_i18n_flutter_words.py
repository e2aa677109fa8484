"""Flutter's own words (a menu's "Dismiss menu" and "Popup menu" screen-reader
labels) speak the session's language: the page's locale settings follow it
(companion/ui/language.py)."""

from __future__ import annotations

import flet as ft
import pytest

from companion.i18n import browser_asks
from companion.server.key import TableAccess
from companion.store import Store
from companion.ui.app import session_main
from companion.ui.language import LANGUAGE_KEY, locale_configuration
from flet_session import open_session, run_alone, server_hub


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
