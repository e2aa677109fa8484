"""The languages: catalogs complete and up to date, cards, reasons, sessions and formats per language."""

from __future__ import annotations

import asyncio
import datetime
import re
import string
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flet_session import run_alone

from companion import i18n
from companion.cards import Card, CardError, parse_card
from companion.games.one_up import check_play
from companion.i18n import (
    LANGUAGES,
    _,
    best_language,
    catalog_path,
    current_language,
    format_datetime,
    format_decimal,
    format_number,
    format_seconds,
    language,
    ngettext,
    set_language,
    use_language_source,
)
from companion.setup import plan
from companion.stats import csv_headings
from companion.wording import join_words, player_counts_text

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in LANGUAGES if code != "en"]
_PERCENT = re.compile(r"%(?:\([^)]*\))?[sdifr%]")


def _placeholders(text: str) -> set[str]:
    """The ``{name}`` fields and ``%s``-style conversions of a message."""
    fields = {f"{{{name}}}" for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    return fields | set(_PERCENT.findall(text))


def _catalog(code: str, domain: str):
    with catalog_path(code, domain).open("rb") as po:
        return read_po(po, locale=code)


def _domains() -> list[str]:
    return sorted(path.stem for path in (i18n.LOCALE_DIR / "nb" / "LC_MESSAGES").glob("*.po"))


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_has_a_translation_with_the_same_placeholders(code):
    assert "companion" in _domains()
    for domain in _domains():
        for message in _catalog(code, domain):
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            assert all(strings), f"{code}/{domain}: no translation for {message.id!r}"
            assert not message.fuzzy, f"{code}/{domain}: fuzzy translation for {message.id!r}"
            for text in strings:
                # A plural form may leave out the number ("the last round"), never another placeholder.
                assert _placeholders(ids[0]) <= _placeholders(text) <= _placeholders(ids[-1]), (
                    code, domain, message.id, text)


def test_catalogs_hold_exactly_the_messages_in_the_source():
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "catalogs.py"), "check"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize(("code", "names"), [
    ("en", ["ace of spades", "king of hearts", "queen of diamonds", "jack of clubs", "10 of hearts", "black joker"]),
    ("nb", ["spar ess", "hjerter konge", "ruter dame", "kløver knekt", "hjerter 10", "svart joker"]),
    ("de", ["Pik-Ass", "Herz-König", "Karo-Dame", "Kreuz-Bube", "Herz-10", "schwarzer Joker"]),
])
def test_card_names_per_language(code, names):
    cards = [Card(1, "S"), Card(13, "H"), Card(12, "D"), Card(11, "C"), Card(10, "H"), Card(None, None, "black")]
    with language(code):
        assert [card.name for card in cards] == names


@pytest.mark.parametrize(("text", "card"), [
    ("E♠", Card(1, "S")), ("es", Card(1, "S")),
    ("Kn♥", Card(11, "H")), ("knh", Card(11, "H")), ("♥KN", Card(11, "H")),
    ("B♣", Card(11, "C")), ("bc", Card(11, "C")),
    ("D♥", Card(12, "H")), ("DH", Card(12, "H")), ("DD", Card(12, "D")), ("D", Card(12)),
    ("D5", Card(5, "D")), ("5D", Card(5, "D")), ("R7", Card(7, "D")), ("7r", Card(7, "D")),
    ("P3", Card(3, "S")), ("KD", Card(13, "D")), ("K", Card(13)), ("BJ", Card(None, None, "black")),
])
def test_parser_reads_each_languages_letters_in_every_language(text, card):
    for code in LANGUAGES:
        with language(code):
            assert parse_card(text) == card


@pytest.mark.parametrize(("code", "message"), [
    ("en", "'K7' is not a card: K is the king, never a suit; write clubs as C or ♣ and diamonds as D, R or ♦ (C7, D7)"),
    ("nb", "'K7' er ikke et kort: K er alltid konge, aldri en farge; skriv kløver som C eller ♣ "
           "og ruter som R, D eller ♦ (C7, R7)"),
    ("de", "'K7' ist keine Karte: K ist der König, keine Farbe. Kreuz: C oder ♣, Karo: D oder ♦ (C7, D7)"),
])
def test_k_where_a_suit_belongs_is_refused_clearly(code, message):
    with language(code), pytest.raises(CardError) as caught:
        parse_card("K7")
    assert str(caught.value) == message


@pytest.mark.parametrize(("code", "reason"), [
    ("en", "On a 5 you may play a 5 or a 6, not a King."),
    ("nb", "På en 5 kan du legge en 5 eller en 6, ikke en konge."),
    ("de", "Oben liegt 5: erlaubt ist 5 oder 6, nicht König."),
])
def test_a_rule_reason_per_language(code, reason):
    with language(code):
        assert check_play("5", "K").reason == reason


@pytest.mark.parametrize(("code", "words", "players", "headings"), [
    ("en", "Ann, Ben and Cy", "1 player", ["game_id", "game", "started_utc"]),
    ("nb", "Ann, Ben og Cy", "1 spiller", ["spill_id", "spill", "startet_utc"]),
    ("de", "Ann, Ben und Cy", "1 Spieler", ["spiel_id", "spiel", "beginn_utc"]),
])
def test_words_counts_and_csv_headings_per_language(code, words, players, headings):
    with language(code):
        assert join_words(["Ann", "Ben", "Cy"]) == words
        assert player_counts_text([1]) == players
        assert csv_headings()[:3] == headings


def test_plural_forms_follow_the_count():
    with language("nb"):
        assert [ngettext("{count} player", "{count} players", n).format(count=n) for n in (1, 2)] == [
            "1 spiller", "2 spillere"]


def test_two_sessions_in_threads_each_get_their_own_language():
    seen: dict[str, list[str]] = {}
    ready = threading.Barrier(2)

    def session(code: str) -> None:
        with language(code):
            ready.wait(timeout=5)
            seen[code] = [current_language(), Card(13, "H").name, _("and")]

    threads = [threading.Thread(target=session, args=(code,)) for code in ("nb", "de")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {"nb": ["nb", "hjerter konge", "og"], "de": ["de", "Herz-König", "und"]}
    assert current_language() == "en"


def test_two_sessions_through_a_language_source_each_get_theirs():
    sessions = threading.local()
    previous = use_language_source(lambda: getattr(sessions, "code", None))
    seen: dict[str, str] = {}
    ready = threading.Barrier(2)

    def session(code: str) -> None:
        sessions.code = code
        ready.wait(timeout=5)
        seen[code] = Card(1, "S").name

    try:
        threads = [threading.Thread(target=session, args=(code,)) for code in ("de", "nb")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert current_language() == "en"
    finally:
        use_language_source(previous)
    assert seen == {"de": "Pik-Ass", "nb": "spar ess"}


def test_set_language_in_async_tasks_stays_in_each_task():
    async def session(code: str, started: asyncio.Event, other: asyncio.Event) -> str:
        set_language(code)
        started.set()
        await other.wait()
        return Card(12, "D").name

    async def both() -> list[str]:
        first, second = asyncio.Event(), asyncio.Event()
        return await asyncio.gather(session("de", first, second), session("nb", second, first))

    assert run_alone(both()) == ["Karo-Dame", "ruter dame"]


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        set_language("fr")


@pytest.mark.parametrize(("accepted", "code"), [
    (["nb-NO", "en-US"], "nb"), (["no"], "nb"), (["nn-NO"], "nb"), (["de-AT", "en"], "de"),
    (["fr-FR", "de;q=0.8"], "de"), (["en-GB"], "en"), (["fr", "xx-yy"], "en"), ([], "en"), (["de_CH"], "de"),
])
def test_best_language_for_a_browser(accepted, code):
    assert best_language(accepted) == code


@pytest.mark.parametrize(("code", "number", "decimal", "moment"), [
    ("en", "1,234.5", "2.50", "Mar 4, 2026, 7:05:00\u202fPM"),
    ("nb", "1\xa0234,5", "2,50", "4. mars 2026, 19:05:00"),
    ("de", "1.234,5", "2,50", "04.03.2026, 19:05:00"),
])
def test_numbers_and_dates_follow_the_language(code, number, decimal, moment):
    with language(code):
        assert format_number(1234.5) == number
        assert format_decimal(2.5, 2) == decimal
        assert format_datetime(datetime.datetime(2026, 3, 4, 19, 5)) == moment


@pytest.mark.parametrize(("code", "shown"), [
    ("en", ["1 sec", "59 sec", "75 sec", "3600 sec"]),
    ("nb", ["1 sek", "59 sek", "75 sek", "3600 sek"]),
    ("de", ["1 Sek.", "59 Sek.", "75 Sek.", "3600 Sek."]),
])
def test_a_time_taken_stays_in_seconds_written_the_language_s_short_way(code, shown):
    with language(code):
        assert [format_seconds(seconds) for seconds in (1, 59, 75, 3600)] == shown


def test_numbers_and_dates_read_each_language_s_locale_data_once(monkeypatch):
    """Babel parses a language's locale data when given its code: the formats hand it the Locale kept per language."""
    for code in LANGUAGES:
        i18n.babel_locale(code)
    parsed = []
    real_parse = i18n.Locale.parse.__func__

    def counting_parse(cls, identifier, *args, **kwargs):
        if not isinstance(identifier, i18n.Locale):
            parsed.append(identifier)
        return real_parse(cls, identifier, *args, **kwargs)

    monkeypatch.setattr(i18n.Locale, "parse", classmethod(counting_parse))
    shown = []
    for code in ["nb", "de", "en", "nb"]:
        with language(code):
            shown.append((format_number(1234.5), format_decimal(2.5, 1),
                          format_datetime(datetime.datetime(2026, 3, 4, 19, 5), "short")))
    assert parsed == []
    assert [number for number, _decimal, _moment in shown] == ["1\xa0234,5", "1.234,5", "1,234.5", "1\xa0234,5"]
    assert i18n.babel_locale("de") is i18n.babel_locale("de")
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        i18n.babel_locale("xx")


@pytest.mark.parametrize(("code", "step"), [
    ("en", "5. The player on the dealer's left starts; play goes clockwise until a Q reverses it."),
    ("nb", "5. Spilleren til venstre for giveren begynner; spillet går med klokken til en dame snur retningen."),
    ("de", "5. Wer links vom Geber sitzt, beginnt; gespielt wird im Uhrzeigersinn, bis eine Dame die Richtung umkehrt."),
])
def test_setup_guide_steps_per_language(code, step):
    with language(code):
        assert plan("one_card", 3).steps[-1] == step
