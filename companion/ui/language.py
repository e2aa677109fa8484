"""The language of one browser session: where it comes from, where it is kept, and its picker.

Each browser session (a phone, a tab) has its own language, held in a
``LanguageChoice`` kept in Flet's per-session store (``page.session.store``).
:func:`session_language` reads it through ``ft.context``, and is registered as
:mod:`companion.i18n`'s language source when this module is imported, so every
``_()`` called while Flet serves a session answers in that session's language;
two phones on one server each get their own.

A session's language is, in order: the one chosen on this phone before (kept in
``ft.SharedPreferences`` under ``LANGUAGE_KEY``), else the best fit for the
browser's own languages (``page.get_device_info()``'s ``locales``, matched by
:func:`companion.i18n.best_language`), else English. Both answers take a round
trip to the phone, so the session's first frame is drawn in the language the
browser's request asked for (its Accept-Language header, read by the web
server: :func:`companion.i18n.request_language`), which the answers then replace.

How to place it: the entry point calls :func:`start_locale` on the page before
its first render (the first frame then carries Flutter's locale); the root
component calls :func:`use_language` once (it loads the language when the
session starts and re-renders the screens when it changes); :func:`LanguageMenu`
is the picker, an icon button for an app bar's ``actions``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    LANGUAGES,
    _,
    best_language,
    request_language,
    use_language_source,
)

FLUTTER_LOCALES: tuple[ft.Locale, ...] = tuple(ft.Locale(code) for code in LANGUAGES)
"""The app's languages as Flutter locales, English (the fallback) first: Flutter's
own words (a menu's "Dismiss menu", "Popup menu" read by screen readers, date
pickers) come from its built-in catalogs of these languages."""

LANGUAGE_KEY = "companion.language"
"""The SharedPreferences key under which a phone keeps its chosen language."""

_STORE_KEY = "companion.language"


@ft.observable
@dataclass
class LanguageChoice:
    """The language of one browser session.

    ``code`` is one of ``companion.i18n.LANGUAGES``; ``prefs`` holds the
    session's Flet SharedPreferences service that keeps a choice on the phone;
    ``picked`` is True once the user chose a language in this session (then
    what the phone kept, read at the start, does not replace it).
    """

    code: str = DEFAULT_LANGUAGE
    prefs: Any = field(default=None, repr=False)
    picked: bool = False


def session_language() -> str | None:
    """Return the language code of the browser session this code runs for, or ``None`` outside one.

    The language source registered with :func:`companion.i18n.use_language_source`.
    """
    try:
        choice = ft.context.page.session.store.get(_STORE_KEY)
    except (RuntimeError, AttributeError):
        return None
    return choice.code if isinstance(choice, LanguageChoice) else None


use_language_source(session_language)


REFUSED_REPLIES: Counter[str] = Counter()
"""Replies of a browser to the device-info request that were not of its shape, counted by what was
asked (they are passed over quietly: the session keeps its language)."""


async def _browser_languages(page: ft.Page) -> list[str]:
    """The browser's languages as tags (``["nb-NO", "en"]``), most preferred first; ``[]`` if it
    does not say, or says it in a reply that is not of the device-info's shape (a broken or hostile
    client: counted in :data:`REFUSED_REPLIES`, never raised)."""
    try:
        info = await page.get_device_info()
    except (RuntimeError, TimeoutError):
        return []
    except (TypeError, ValueError, KeyError, AttributeError):
        REFUSED_REPLIES["device info"] += 1
        return []
    locales = getattr(info, "locales", None)
    if not isinstance(locales, list):
        if locales is not None:
            REFUSED_REPLIES["device info"] += 1
        return []
    tags = []
    for locale in locales:
        parts = (getattr(locale, "language_code", None), getattr(locale, "country_code", None))
        if not isinstance(parts[0], str) or not all(isinstance(part, str) for part in parts if part is not None):
            REFUSED_REPLIES["device info"] += 1
            continue
        tags.append("-".join(part for part in parts if part))
    return tags


async def load_language(choice: LanguageChoice, page: ft.Page) -> None:
    """Set ``choice.code`` for a new session: the phone's kept choice, else the browser's best fit.

    Takes the session's ``LanguageChoice`` and its page. A phone whose storage
    does not answer, or that keeps something that is not a language, gets the
    browser's best fit; a browser that does not tell its languages keeps the
    code the session started with (its request's language). A language the
    user picks while the phone's answers are awaited stays.
    """
    try:
        kept = await choice.prefs.get(LANGUAGE_KEY)
    except (RuntimeError, TimeoutError):
        kept = None
    if choice.picked:
        return
    if isinstance(kept, str) and kept in LANGUAGES:
        _switch(choice, page, kept)
        return
    spoken = await _browser_languages(page)
    if spoken and not choice.picked:
        _switch(choice, page, best_language(spoken))


def _switch(choice: LanguageChoice, page: ft.Page, code: str) -> None:
    """Make ``code`` the session's language: Flutter's locale first, then ``choice.code``.

    :func:`follow_language` sends the locale at once (``page.update``), while
    the change of ``choice.code`` only queues the screens' re-render, which
    Flet's update loop sends later: the locale always reaches the phone before
    the texts in the new language. The phone's web client builds the whole
    app again when the page's locale changes, and a tap that arrives while it
    does is lost; sent after the texts, the locale rebuilt the app under a
    finger that had just tapped a text in the new language. Sent first, the
    rebuild happens while the old texts still show.
    """
    follow_language(page, code)
    choice.code = code


async def choose_language(choice: LanguageChoice, code: str, page: ft.Page) -> None:
    """Make ``code`` (one of ``LANGUAGES``) this session's language now and this phone's after a reload.

    Takes the session's ``LanguageChoice``, the code and the session's page.
    Raises ``ValueError`` for a code not in ``LANGUAGES``. When the phone's
    storage does not answer, the choice lasts for this session only.
    """
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}")
    choice.picked = True
    _switch(choice, page, code)
    try:
        await choice.prefs.set(LANGUAGE_KEY, code)
    except (RuntimeError, TimeoutError):
        pass


def use_language() -> LanguageChoice:
    """Return this session's ``LanguageChoice``, loading it when the session starts (call in the root component).

    The session starts in the language its browser's request asked for
    (:func:`starting_language`; the entry point gave Flutter that locale with
    :func:`start_locale`). The calling component re-renders when the
    language changes, so every screen below it is drawn again in the new
    language, after Flutter's locale (:func:`_switch`).
    """
    page = ft.context.page

    def create() -> LanguageChoice:
        made = LanguageChoice(code=starting_language(), prefs=ft.SharedPreferences())
        page.session.store.set(_STORE_KEY, made)
        return made

    choice, _set = ft.use_state(create)
    ft.use_effect(lambda: page.run_task(load_language, choice, page), [])
    return choice


def starting_language() -> str:
    """The language code a new session starts in: the one its browser's request asked for
    (:func:`companion.i18n.request_language`), English outside a request."""
    return request_language() or DEFAULT_LANGUAGE


def start_locale(page: ft.Page) -> None:
    """Set ``page``'s Flutter locale to the session's starting language (:func:`starting_language`)
    without sending it: call before the first frame, which then carries it, so the phone's web
    client does not build the app a second time just after drawing it. Returns nothing."""
    page.locale_configuration = locale_configuration(starting_language())


def locale_configuration(code: str) -> ft.LocaleConfiguration:
    """Flet's locale settings for the language ``code`` (one of ``LANGUAGES``):
    the three app languages supported, ``code`` current."""
    return ft.LocaleConfiguration(supported_locales=list(FLUTTER_LOCALES), current_locale=ft.Locale(code))


def follow_language(page: ft.Page, code: str) -> None:
    """Make Flutter's own words on ``page`` speak ``code``: sets
    ``page.locale_configuration`` and sends it when it changed. Returns nothing."""
    wanted = locale_configuration(code)
    if page.locale_configuration != wanted:
        page.locale_configuration = wanted
        page.update()


@ft.component
def LanguageMenu() -> ft.Control:
    """The language picker: an icon button whose menu lists the languages by their own names.

    The current language is ticked; choosing one redraws the app in it and
    keeps it on this phone.
    """
    page = ft.context.page
    choice = page.session.store.get(_STORE_KEY)
    current = choice.code if isinstance(choice, LanguageChoice) else DEFAULT_LANGUAGE

    def picked(code: str):
        async def pick():
            if isinstance(choice, LanguageChoice):
                await choose_language(choice, code, page)
        return pick

    return ft.PopupMenuButton(
        icon=ft.Icons.TRANSLATE,
        tooltip=_("Language"),
        items=[
            ft.PopupMenuItem(content=LANGUAGE_NAMES[code], checked=code == current, on_click=picked(code))
            for code in LANGUAGES
        ],
    )
