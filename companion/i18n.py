"""The app's languages: gettext catalogs, the current language, and Babel formats.

Companion speaks English (the source language of every message), Norwegian
bokmål and German. Messages are marked in the code with ``_()`` (one text) or
``ngettext()`` (a text that depends on a count) and translated through gettext
catalogs, one per language and domain, kept as ``.po`` files under
``companion/locale/<language>/LC_MESSAGES/<domain>.po``. The ``.po`` files are
the only form kept: each is compiled in memory with Babel (``read_po`` then
``write_mo``) the first time a language is used and cached for the life of the
process, so a checkout, ``pip install -e .`` and CI all read the same files and
there is no compiled ``.mo`` to forget. ``tools/catalogs.py`` extracts the
messages and updates the catalogs with Babel's own tools.

Domains: ``"companion"`` (everything but the rules text, read through ``_`` and
``ngettext`` here) and ``"rules"`` (the rules text, read through
``translator("rules")``).

Which language is current, in order:

1. the language set in this context by ``set_language`` or ``with language(..)``
   (a ``contextvars.ContextVar``, so each thread and each asyncio task has its
   own);
2. else the language the registered *source* returns: the UI registers one
   with ``use_language_source`` that reads the browser session it runs in, so
   two phones on one server each see their own language while this module
   knows nothing of Flet;
3. else English.

Text that is built at import time (tables of names) is marked with ``N_()``,
which only marks it for extraction, and translated with ``_()`` where it is
shown. A message made now but kept and read later, maybe by a phone in
another language (the store's notices about a damaged file, made as the
store opens), is made with ``lazy()``: it is translated each time it is read.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime
import functools
import io
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import babel.dates
import babel.numbers
from babel import Locale, UnknownLocaleError
from babel.core import LOCALE_ALIASES
from babel.support import LazyProxy, NullTranslations, Translations

LANGUAGES: tuple[str, ...] = ("en", "nb", "de")
"""The app's languages as ISO 639-1 codes, the source language (English) first."""

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "nb": "Norsk (bokmål)", "de": "Deutsch"}
"""Each language's name in that language itself, for the language picker."""

DEFAULT_LANGUAGE = "en"
"""The language used when nothing else says which: the messages' source language."""

DOMAIN = "companion"
"""The gettext domain of the app's messages (all but the rules text)."""

LOCALE_DIR = Path(__file__).parent / "locale"
"""Where the catalogs are: ``LOCALE_DIR / <language> / "LC_MESSAGES" / <domain>.po``."""

_NYNORSK = "nn"

_chosen: contextvars.ContextVar[str | None] = contextvars.ContextVar("companion_language", default=None)
_asked: contextvars.ContextVar[str | None] = contextvars.ContextVar("companion_asked_language", default=None)
_source: Callable[[], str | None] | None = None


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it; return it unchanged.

    For text held in tables built at import time, before any language is known;
    the place that shows it calls ``_()`` on it.
    """
    return message


def _check(code: str) -> str:
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: the app speaks {', '.join(LANGUAGES)}")
    return code


def use_language_source(source: Callable[[], str | None] | None) -> Callable[[], str | None] | None:
    """Register where the current language comes from when no context set one.

    Takes ``source``, a function of no arguments returning a language code (one
    of ``LANGUAGES``) or ``None`` when it does not know (outside a session); it
    is called on every lookup, so it must be cheap. ``None`` unregisters it.
    The UI registers a source reading the browser session; the rules core never
    sees it. Returns the source registered before (``None``: none), so a caller
    can put it back.
    """
    global _source
    previous, _source = _source, source
    return previous


def current_language() -> str:
    """Return the current language code (one of ``LANGUAGES``).

    The language set in this context wins, then the registered source's answer
    (ignored when it is not one of ``LANGUAGES``), then ``DEFAULT_LANGUAGE``.
    """
    chosen = _chosen.get()
    if chosen is not None:
        return chosen
    if _source is not None:
        found = _source()
        if found in LANGUAGES:
            return found
    return DEFAULT_LANGUAGE


def set_language(code: str) -> None:
    """Make ``code`` the current language in this context (thread or task) from now on.

    Raises ``ValueError`` when ``code`` is not one of ``LANGUAGES``. Other threads,
    tasks and browser sessions are not affected. Returns nothing.
    """
    _chosen.set(_check(code))


@contextlib.contextmanager
def language(code: str) -> Iterator[str]:
    """Context manager: ``code`` is the current language inside the block, then the previous one again.

    Yields ``code``. Raises ``ValueError`` when ``code`` is not one of ``LANGUAGES``.
    """
    token = _chosen.set(_check(code))
    try:
        yield code
    finally:
        _chosen.reset(token)


def best_language(accepted: Sequence[str]) -> str:
    """Return the app language that best fits a browser's preferred languages.

    Takes language tags in order of preference, as a browser sends them
    (``["nb-NO", "nb", "en-US"]``; ``"de;q=0.8"`` and ``"de_AT"`` are read too).
    Each tag is matched with Babel's ``Locale.negotiate``, then by its language
    part (``Locale.parse``), with Babel's alias for the plain ``"no"``
    (Norwegian: bokmål); Norwegian nynorsk (``"nn"``) is given bokmål, the
    nearest written language the app has. Tags Babel cannot parse are skipped.
    Returns ``DEFAULT_LANGUAGE`` when nothing fits.
    """
    for raw in accepted:
        tag = raw.split(";", 1)[0].strip().replace("_", "-")
        if not tag:
            continue
        found = Locale.negotiate([tag], LANGUAGES, sep="-")
        if found:
            return str(found)
        try:
            spoken = Locale.parse(tag, sep="-").language
        except (ValueError, TypeError, UnknownLocaleError):
            continue
        if spoken == _NYNORSK:
            return "nb"
        if spoken in LOCALE_ALIASES:
            spoken = Locale.parse(LOCALE_ALIASES[spoken]).language
        if spoken in LANGUAGES:
            return spoken
    return DEFAULT_LANGUAGE


@contextlib.contextmanager
def browser_asks(accepted: Sequence[str]) -> Iterator[str]:
    """Context manager: inside it, :func:`request_language` is the app language that best fits ``accepted``.

    Takes a browser's languages as its request sends them (the items of an
    Accept-Language header, most preferred first; see :func:`best_language`)
    and yields the code chosen. The web server serves each request inside
    one, so every task the request starts (a Flet session's ``main`` and
    handlers) inherits it. The current language is not changed.
    """
    token = _asked.set(best_language(accepted))
    try:
        yield _asked.get()
    finally:
        _asked.reset(token)


def request_language() -> str | None:
    """Return the language code the browser request being served asks for (see :func:`browser_asks`),
    or ``None`` outside such a request."""
    return _asked.get()


def catalog_path(code: str, domain: str = DOMAIN) -> Path:
    """Return the path of the ``.po`` catalog for language ``code`` and ``domain`` (it may not exist)."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po"


@functools.cache
def translations(code: str, domain: str = DOMAIN) -> NullTranslations:
    """Return the gettext translations of ``domain`` in language ``code``, loaded once and cached.

    English, and a language without a catalog for ``domain``, give
    ``NullTranslations`` (every message stays as written). A catalog's fuzzy
    entries are left out, as ``msgfmt`` does. Raises ``ValueError`` for a code
    not in ``LANGUAGES``.
    """
    path = catalog_path(_check(code), domain)
    if code == DEFAULT_LANGUAGE or not path.is_file():
        return NullTranslations()
    # Babel's catalog tools are imported at the first catalog compiled, not before the server listens.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as po:
        catalog = read_po(po, locale=code, domain=domain)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain=domain)


@dataclass(frozen=True)
class Translator:
    """The gettext functions of one domain, each in the language current at the call.

    ``domain`` is the gettext domain (``"companion"`` or ``"rules"``).
    """

    domain: str

    def gettext(self, message: str) -> str:
        """Return ``message`` (an English msgid) in the current language."""
        return translations(current_language(), self.domain).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """Return the form of ``singular``/``plural`` that fits the count ``n``, in the current language.

        The language's own plural rule chooses (from its catalog's header);
        placeholders are filled by the caller.
        """
        return translations(current_language(), self.domain).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """Return ``message`` in the current language, told apart from the same English text by ``context``."""
        return translations(current_language(), self.domain).pgettext(context, message)


def translator(domain: str) -> Translator:
    """Return the ``Translator`` of ``domain`` (its ``gettext``, ``ngettext`` and ``pgettext``)."""
    return Translator(domain)


_app = Translator(DOMAIN)


def _(message: str) -> str:
    """Return ``message`` (an English msgid of the ``"companion"`` domain) in the current language."""
    return _app.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Return the ``"companion"`` message for the count ``n`` in the current language.

    ``singular`` and ``plural`` are the English forms; the current language's
    plural rule picks the translated form. The caller fills placeholders.
    """
    return _app.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Return the ``"companion"`` message ``message`` under ``context`` in the current language."""
    return _app.pgettext(context, message)


def _render(message: str, fields: dict[str, Any]) -> str:
    """``message`` in the current language with its placeholders filled from ``fields`` (see :func:`lazy`)."""
    return _(message).format(**fields)


def lazy(message: str, **fields: Any) -> LazyProxy:
    """Return ``message`` (an English msgid of the ``"companion"`` domain) as text read in the language current
    at each reading, with its ``{name}`` placeholders filled from ``fields``.

    For a message made now and shown later, maybe to a phone in another
    language: each reading (``str()``, ``format``, ``in``, ``==``...) translates
    it again; a field that is itself lazy is read in that language too. Returns
    Babel's ``LazyProxy`` (uncached); show it through ``str()`` where a plain
    ``str`` is needed. An exception made with one as its message reads it when
    ``str()`` is taken of the exception.
    """
    return LazyProxy(_render, message, fields, enable_cache=False)


@functools.cache
def babel_locale(code: str) -> Locale:
    """Return Babel's ``Locale`` of language ``code`` (one of ``LANGUAGES``), parsed once and kept.

    Babel's formatting functions given a language code parse its locale data
    again on every call (several times the cost of the formatting itself);
    given this ``Locale`` they do not. Raises ``ValueError`` for a code not
    in ``LANGUAGES``.
    """
    return Locale.parse(_check(code))


def format_number(n: int | float | Decimal) -> str:
    """Return the number ``n`` written the current language's way (grouping and decimal sign).

    Uses Babel's ``format_decimal``: 1234.5 is ``"1,234.5"`` in English,
    ``"1\\xa0234,5"`` in Norwegian and ``"1.234,5"`` in German.
    """
    return babel.numbers.format_decimal(n, locale=babel_locale(current_language()))


def format_decimal(n: int | float | Decimal, places: int) -> str:
    """Return ``n`` with exactly ``places`` decimals (``places`` >= 0), the current language's way.

    2.5 with 1 place is ``"2.5"`` in English and ``"2,5"`` in Norwegian and German.
    """
    pattern = "#,##0" + ("." + "0" * places if places else "")
    return babel.numbers.format_decimal(n, format=pattern, locale=babel_locale(current_language()))


def format_datetime(moment: datetime.datetime, width: str = "medium") -> str:
    """Return the date and time ``moment`` written the current language's way.

    ``width`` is Babel's format width: ``"short"``, ``"medium"``, ``"long"`` or
    ``"full"``. An aware ``moment`` is shown in its own time zone.
    """
    return babel.dates.format_datetime(moment, format=width, tzinfo=moment.tzinfo,
                                      locale=babel_locale(current_language()))


def format_seconds(seconds: int) -> str:
    """Return a time taken of ``seconds`` whole seconds, short, the current language's way, always
    in seconds (Babel's ``format_timedelta``): 75 is ``"75 sec"`` in English, ``"75 sek"`` in
    Norwegian and ``"75 Sek."`` in German."""
    return babel.dates.format_timedelta(datetime.timedelta(seconds=seconds), granularity="second", threshold=1e9,
                                        format="short", locale=babel_locale(current_language()))


def format_date(day: datetime.date, width: str = "medium") -> str:
    """Return the date ``day`` written the current language's way, in Babel's format ``width``."""
    return babel.dates.format_date(day, format=width, locale=babel_locale(current_language()))
