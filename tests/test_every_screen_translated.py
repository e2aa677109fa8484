"""Every string every screen shows is translated, in Norwegian bokmål and in German.

Each screen is rendered in this process (no browser: tests/flet_session.py's
fake phone, whose kept language answers the app's ``SharedPreferences`` read)
in English, Norwegian and German, from the same saved games, after the same
taps. A string the Norwegian (or German) screen shows that the English screen
shows too, word for word, is untranslated when it still holds a word of letters
that is not a player's name, a card letter or a name the app keeps in every
language (the app's name, the games' titles, the languages' own names, a link,
and a word the language's catalog translates as itself, such as "OK").

Figures: One Up's penalty values and going out (rulings.md, One Up), One-card's
winner scores 1 (seed 002, Scoring), Up to 9's lay down moves up one level (seed
003), Up or Down?'s row scores cards x commonest colour (rulings.md, Up or Down?).
"""

from __future__ import annotations

import functools
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import flet as ft
import pytest
from babel.messages.pofile import read_po
from flet.controls.base_control import BaseControl

from companion import registry
from companion.cards import CardError, parse_cards
from companion.i18n import LANGUAGE_NAMES, LANGUAGES, _, catalog_path, language
from companion.registry import new_pad
from companion.pads.changelog import opening, phone_label
from companion.server.key import TableAccess
from companion.store import Store
from companion.ui.app import APP_TITLE, session_main
from companion.ui.hands_view import MY_HAND
from companion.ui.language import LANGUAGE_KEY
from flet_session import click, controls, find, open_session, run_alone, server_hub, shown_strings, until

PLAYERS = ["Ann", "Ben", "Cy"]
TRANSLATED = tuple(code for code in LANGUAGES if code != "en")

Target = Callable[[object], BaseControl]
"""Finds the control a step taps on a rendered page (in the language rendered)."""


def _tappable(control: BaseControl) -> bool:
    return getattr(control, "on_click", None) is not None


def _says(control: BaseControl, text: str) -> bool:
    return any(getattr(control, name, None) == text for name in ("text", "content", "label", "tooltip"))


def labelled(msgid: str, **fields: object) -> Target:
    """The tappable control that shows ``msgid`` (its ``fields`` filled in) in the language rendered."""
    return lambda page: find(page, lambda control: _tappable(control) and _says(control, _(msgid).format(**fields)))


def phone_button(player: str) -> Target:
    """The "whose phone" button of ``player``: the phone's label opening a sentence ("Telefonen til Ann")."""
    return lambda page: find(page, lambda control: _tappable(control) and _says(control, opening(phone_label(player))))


def named(text: str) -> Target:
    """The tappable control that shows ``text`` as it is (a game's title, a player's name)."""
    return lambda page: find(page, lambda control: _tappable(control) and _says(control, text))


def with_icon(icon: ft.IconData) -> Target:
    """The tappable control that carries ``icon``."""
    return lambda page: find(page, lambda control: _tappable(control) and getattr(control, "icon", None) == icon)


def inside(identifier: str) -> Target:
    """The first tappable control under the ``ft.Semantics`` of ``identifier``."""

    def target(page) -> BaseControl:
        marked = find(page, lambda control: getattr(control, "identifier", None) == identifier)
        return next(control for control in controls(marked) if _tappable(control))

    return target


def showing(identifier: str) -> Callable[[object], bool]:
    """Whether the page shows text under the ``ft.Semantics`` of ``identifier``."""

    def ready(page) -> bool:
        try:
            return bool(shown_strings(find(page, lambda control: getattr(control, "identifier", None) == identifier)))
        except LookupError:
            return False

    return ready


def detail(number: int) -> Target:
    """The button that opens round ``number``'s detail (its number in the pad's first column)."""

    def target(page) -> BaseControl:
        name = _("Round {number} detail").format(number=number)
        marked = find(page, lambda control: getattr(control, "label", None) == name)
        return next(control for control in controls(marked) if _tappable(control))

    return target


@dataclass(frozen=True)
class Screen:
    """A screen to read: its ``name`` (in the test's id), its address (``{game}``
    fields filled with the saved games' ids), the taps that lead to it, and
    whether the table's key is asked for (from a phone on the Wi-Fi); ``ready``
    tells when what the taps started in a thread is on the screen."""

    name: str
    route: str
    taps: tuple[Target, ...] = ()
    key_asked: bool = False
    ready: Callable[[object], bool] = lambda page: True


def _pad_screens(game: str) -> list[Screen]:
    """A game's pad with rounds, its entry sheet for a new and for a past round,
    a round's detail, the change log, the invite and the board's QR code."""
    pad = f"/pad/{{{game}}}"
    screens = [
        Screen(f"pad-{game}", pad),
        Screen(f"entry-{game}", pad, (with_icon(ft.Icons.ADD),)),
        Screen(f"edit-{game}", pad, (inside("round-1"),)),
        Screen(f"detail-{game}", pad, (detail(1),)),
        Screen(f"changes-{game}", pad, (labelled("Changes"),)),
        Screen(f"invite-{game}", pad, (labelled("Invite phones"),)),
        Screen(f"board-invite-{game}", pad, (labelled("Board for the table"),)),
        Screen(f"board-{game}", f"/board/{{{game}}}"),
        Screen(f"check-{game}", f"/check/{game}"),
        Screen(f"new-{game}", "/new", (named(registry.game(game).title),)),
        Screen(f"setup-{game}", f"/setup?game={game}&players=3&back=/"),
    ]
    if registry.game(game).pad.HAND_BY_HAND:
        screens.append(Screen(f"whose-phone-{game}", pad, (labelled(MY_HAND),)))
        screens.append(Screen(f"hand-{game}", pad, (labelled(MY_HAND), phone_button("Ann"))))
    return screens


SCREENS: list[Screen] = [
    Screen("play", "/"),
    Screen("new", "/new"),
    Screen("learn", "/new?game=up_to_nine&lesson=1"),
    Screen("check", "/check"),
    Screen("rules", "/rules"),
    Screen("rules-up_to_nine", "/rules?game=up_to_nine"),
    Screen("setup", "/setup?back=/"),
    Screen("history", "/history"),
    Screen("history-statistics", "/history", (labelled("Show player statistics"),), ready=showing("player-stats")),
    Screen("history-game", "/history/{finished}"),
    Screen("pad-finished", "/pad/{finished}"),
    Screen("pad-hands", "/pad/{hands}"),
    Screen("pad-missing", "/pad/nothing-here"),
    Screen("not-found", "/nowhere"),
    Screen("saved-message", "/pad/{one_card}", (with_icon(ft.Icons.ADD), labelled("{player} won", player="Ann")),
           ready=showing("message")),
    Screen("key-gate", "/", key_asked=True),
    *(screen for game in registry.GAME_IDS for screen in _pad_screens(game)),
]


def seed(store: Store) -> dict[str, str]:
    """Save a game of each kind with two rounds (each on a step of its lesson:
    the scores explained, "What may I play?", the tip at the end), a finished
    game and a game whose next round two players entered by hand; returns
    name -> game id."""
    ids: dict[str, str] = {}
    one_up = new_pad("one_up", PLAYERS)
    one_up.add_round({"Ann": "K 3", "Ben": "5", "Cy": []}, went_out="Cy")
    one_up.add_round({"Ann": [], "Ben": "A 2", "Cy": "6"}, went_out="Ann")
    one_card = new_pad("one_card", PLAYERS)
    for winner in ("Ben", "Ann"):
        one_card.add_round(winner)
    up_to_nine = new_pad("up_to_nine", PLAYERS)
    up_to_nine.add_round({"Ann": {"laid_down": True, "hand": []}, "Ben": {"laid_down": True, "hand": "K 5"},
                          "Cy": {"laid_down": False, "points": 35}})
    up_to_nine.add_round({"Ann": {"laid_down": True, "hand": "2"}, "Ben": {"laid_down": False, "hand": "A 9 9"},
                          "Cy": {"laid_down": True, "hand": []}})
    up_or_down = new_pad("up_or_down", PLAYERS)
    up_or_down.add_round({"Ann": {"rows": [[8, 3], [2, 1]]}, "Ben": {"rows": [["yellow", "yellow", "blue"]],
                          "discarded": 1}, "Cy": {"rows": [[4, 2]]}})
    up_or_down.add_round({"Ann": {"rows": [[3, 3]]}, "Ben": {"rows": [[5, 2]]}, "Cy": {"rows": [[6, 4]]}})
    finished = new_pad("one_up", PLAYERS)
    finished.add_round({"Ann": "K 3", "Ben": "5 5 2", "Cy": []}, went_out="Cy")
    finished.end_early()
    hands = new_pad("one_up", PLAYERS)
    hands.add_round({"Ann": "K 3", "Ben": "5", "Cy": []}, went_out="Cy")
    for pad, step in ((one_up, 3), (one_card, 2), (up_to_nine, 3), (up_or_down, 4)):
        pad.lesson = {"step": step}
    for name, pad in (("one_up", one_up), ("one_card", one_card), ("up_to_nine", up_to_nine),
                      ("up_or_down", up_or_down), ("finished", finished), ("hands", hands)):
        store.save_game(pad.to_doc())
        ids[name] = pad.id
    return ids


def _answers(code: str):
    """A phone whose kept language is ``code`` and that keeps nothing else."""
    return lambda name, args: code if name == "get" and args == {"key": LANGUAGE_KEY} else None


async def _render(screen: Screen, code: str, saved: Path, ids: dict[str, str], open_phones: list) -> list[str]:
    """The strings ``screen`` shows in language ``code``, on a copy of the data
    folder ``saved`` whose games are ``ids`` (so every language shows the same
    games), as the only phone of a server of its own (its own pubsub hub).

    The phone is added to ``open_phones``: its session stays open (its tasks
    running) until the event loop ends, which cancels them."""
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"
        shutil.copytree(saved, data)
        store = Store(data)
        if screen.key_asked:
            access = TableAccess(data, required=True, host="0.0.0.0", port=8550)
            client = "192.168.1.20"
        else:
            access = TableAccess(data, required=False, host="127.0.0.1", port=8550)
            client = "127.0.0.1"
        phone = await open_session(session_main(store, access), screen.route.format(**ids), server_hub(),
                                   _answers(code), client_ip=client)
        open_phones.append(phone)
        for tap in screen.taps:
            with language(code):
                control = tap(phone.session.page)
            await click(phone, control)
        await until(phone, screen.ready)
        return shown_strings(phone.session.page)


async def render_all(screens: list[Screen]) -> dict[tuple[str, str], list[str]]:
    """(screen name, language) -> the strings shown, for each of ``screens`` in every language."""
    open_phones: list = []
    with tempfile.TemporaryDirectory() as scratch:
        saved = Path(scratch)
        ids = seed(Store(saved))
        return {(screen.name, code): await _render(screen, code, saved, ids, open_phones)
                for screen in screens for code in LANGUAGES}


@pytest.fixture(scope="module")
def rendered() -> Callable[[str], dict[str, list[str]]]:
    """A function of a screen's name returning language -> the strings it shows,
    rendered once per screen (in all languages together) however many tests read it."""
    done: dict[str, dict[str, list[str]]] = {}

    def strings(name: str) -> dict[str, list[str]]:
        if name not in done:
            screen = next(screen for screen in SCREENS if screen.name == name)
            shown = run_alone(render_all([screen]))
            done[name] = {code: shown[name, code] for code in LANGUAGES}
        return done[name]

    return strings


@functools.cache
def _kept_words(code: str) -> frozenset[str]:
    """The words the ``code`` catalog translates as themselves (in a message
    whose translation is the English text), e.g. "OK"."""
    with catalog_path(code).open("rb") as po:
        catalog = read_po(po, locale=code)
    kept = set()
    for message in catalog:
        if message.id and isinstance(message.id, str) and message.string == message.id:
            kept.update(_words(re.sub(r"\{[^}]*\}", " ", message.id)))
    return frozenset(kept)


KEPT_NAMES: tuple[str, ...] = (APP_TITLE, *(entry.title for entry in registry.GAMES),
                               *LANGUAGE_NAMES.values(), *PLAYERS)
"""Names shown as they are in every language: the app's, the games', the languages' own and the players'."""


LINK = re.compile(r"\b[a-z]+://\S+")
"""A link (the invite's, the board's): an address, not words."""


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", text)


def _is_card(word: str) -> bool:
    try:
        parse_cards(word)
    except (CardError, ValueError):
        return False
    return True


def untranslated(shown: list[str], english: list[str], code: str) -> list[str]:
    """The strings of ``shown`` (a screen in language ``code``) that the English
    screen ``english`` shows too and that hold a word that should have changed."""
    kept = _kept_words(code)
    found = []
    for text in dict.fromkeys(shown):
        if text not in english:
            continue
        rest = LINK.sub(" ", text)
        for name in sorted(KEPT_NAMES, key=len, reverse=True):
            rest = rest.replace(name, " ")
        if any(word not in kept and not _is_card(word) for word in _words(rest)):
            found.append(text)
    return found


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("screen", [screen.name for screen in SCREENS])
def test_every_string_on_the_screen_is_translated(rendered, screen, code):
    shown, english = rendered(screen)[code], rendered(screen)["en"]
    assert shown, f"{screen} showed nothing"
    assert untranslated(shown, english, code) == [], f"{screen} in {code} shows English"


def test_two_phones_on_one_game_keep_their_own_languages_when_one_saves(tmp_path):
    async def play() -> tuple[list[str], list[str]]:
        store = Store(tmp_path)
        ids = seed(store)
        main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
        hub = server_hub()
        english = await open_session(main, f"/pad/{ids['one_card']}", hub, _answers("en"))
        norwegian = await open_session(main, f"/pad/{ids['one_card']}", hub, _answers("nb"))
        for tap in (with_icon(ft.Icons.ADD), labelled("{player} won", player="Ann")):
            with language("nb"):
                control = tap(norwegian.session.page)
            await click(norwegian, control)
        await until(norwegian, showing("message"))
        await until(english, lambda page: "Round 4: Ann deals, Ben starts" in shown_strings(page))
        return shown_strings(english.session.page), shown_strings(norwegian.session.page)

    english, norwegian = run_alone(play())
    assert {"Runde 4: Ann gir, Ben begynner", "Runde 3 er lagret", "Tilbake"} <= set(norwegian)
    assert "Round 3 saved" not in english
    assert untranslated(norwegian, english, "nb") == []
