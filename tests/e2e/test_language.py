"""The language in the browser: it follows the browser's language, the picker changes it, a reload keeps it.

The checker's reasons come from the rules core in the session's language, the
screen's own words (title, field label) from the screens' messages.
"""

from __future__ import annotations

import msgpack
import pytest

from harness import PHONE, AppPage, browser_in_language
from steps import PLAYERS, saved_game

SHARED_SERVER = True
"""One server for this module's tests (conftest.py): each opens a checker by its address or a game it saved itself."""

NB_REASON = "Nei. På en 5 kan du legge en 5 eller en 6, ikke en konge."
DE_REASON = "Nein. Oben liegt 5: erlaubt ist 5 oder 6, nicht König."
NB_FIELD = "Eller skriv kort"
DE_FIELD = "Oder Karten eintippen"


@pytest.fixture
def norwegian_app(browser, server, tmp_path):
    """A fresh page of a browser whose language is Norwegian bokmål (nb-NO), on the home screen."""
    context = browser.new_context(viewport=PHONE, color_scheme="light", locale="nb-NO", reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(15_000)
    driver = AppPage(page, server.url, shots_dir=tmp_path)
    driver.open("/")
    yield driver
    context.close()


def _strings(value) -> list[str]:
    """Every string inside a decoded message (keys and values, nested), in order."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for pair in value.items() for part in pair for text in _strings(part)]
    if isinstance(value, (list, tuple)):
        return [text for part in value for text in _strings(part)]
    return []


def test_a_new_sessions_first_frame_is_in_the_browsers_language(browser, server, tmp_path):
    """Every message the server sends a new nb-NO page, from the first, names the tabs and the
    language picker in Norwegian and never in English: the first frame is drawn in the language
    of the page's request, before the app can ask the browser. The browser itself is set to
    Norwegian (``browser_in_language``), as a Norwegian phone's is, so that the WebSocket's request
    asks for it too."""
    norwegian = browser_in_language(browser, "nb-NO")
    messages: list[list[str]] = []

    def on_socket(socket) -> None:
        def received(payload) -> None:
            if isinstance(payload, bytes) and payload[:1] == b"\x00":
                messages.append(_strings(msgpack.unpackb(payload[1:], strict_map_key=False)))
        socket.on("framereceived", received)

    try:
        context = norwegian.new_context(viewport=PHONE, color_scheme="light", locale="nb-NO", reduced_motion="reduce")
        page = context.new_page()
        page.on("websocket", on_socket)
        app = AppPage(page, server.url, shots_dir=tmp_path)
        app.open("/")
        app.page.get_by_role("tab", name="Spill").wait_for()
        app.button("Språk").wait_for()
        shown = [texts for texts in messages if "Spill" in texts or "Play" in texts]
        assert shown and {"Spill", "Sjekk", "Regler", "Historikk", "Språk"} <= set(shown[0])
        english = {"Play", "Check", "Rules", "History", "Language"}
        assert [sorted(english & set(texts)) for texts in messages if english & set(texts)] == []
    finally:
        norwegian.close()


def ask_one_up(app, answer: str, field: str) -> None:
    """Ask the One Up checker whether a King may go on a 5, typing into the card field labelled
    ``field`` (its label in the page's language); wait for the answer to read ``answer``.

    The King is typed once the answer has changed for the 5 (the 5 taken and drawn): typed
    while the 5's entry was still on its way, it met a field the app was still drawing."""
    app.open("/check/one_up")
    for card in ("5", "K"):
        app.settle()
        before = app.text_of("answer")
        app.type_into(field, card, submit=True)
        app.changed("answer", before)
    assert app.wait_text("answer", answer) == answer


def test_the_browsers_language_the_picker_and_a_reload(norwegian_app):
    app = norwegian_app
    app.button("Språk").wait_for()
    ask_one_up(app, NB_REASON, NB_FIELD)
    app.open("/")
    app.button("Språk").click()
    app.page.get_by_role("menuitemcheckbox", name="Deutsch").click()
    app.button("Sprache").wait_for()
    ask_one_up(app, DE_REASON, DE_FIELD)
    app.reload()
    ask_one_up(app, DE_REASON, DE_FIELD)


@pytest.mark.parametrize(("locale", "title", "field", "prompt", "reason"), [
    ("nb-NO", "Sjekk et trekk", NB_FIELD, "Velg kortene på bordet og på hånden.", NB_REASON),
    ("de-DE", "Zug prüfen", DE_FIELD, "Wähle die Karten auf dem Tisch und auf der Hand.", DE_REASON),
])
def test_the_checker_screen_in_the_browsers_language(browser, server, tmp_path, locale, title, field, prompt, reason):
    context = browser.new_context(viewport=PHONE, color_scheme="light", locale=locale, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(15_000)
    app = AppPage(page, server.url, shots_dir=tmp_path)
    try:
        ask_one_up(app, reason, field)
        app.see(title, exact=True)
        app.see(prompt, exact=True)
    finally:
        context.close()


@pytest.mark.parametrize(("locale", "words"), [
    ("nb-NO", {"facts": "Den første som vinner 5 runder, vinner matchen", "add": "Ny runde",
               "title": "Runde 1", "won": "Ann vant", "saved": "Runde 1 er lagret"}),
    ("de-DE", {"facts": "Wer zuerst 5 Runden gewinnt, gewinnt das Match", "add": "Neue Runde",
               "title": "Runde 1", "won": "Ann hat gewonnen", "saved": "Runde 1 gespeichert"}),
])
def test_a_pad_in_norwegian_and_german(browser, server, tmp_path, locale, words):
    """A One-card pad (seed 002: the first to 5 round wins takes the match) in
    the browser's language: the match line under the title, the add button,
    the sheet, the saved round's message and the totals line (Ann 1, Ben 0, Cy 0)."""
    game_id = saved_game(server, "one_card")
    context = browser.new_context(viewport=PHONE, color_scheme="light", locale=locale, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        app = AppPage(page, server.url, shots_dir=tmp_path)
        app.open(f"/pad/{game_id}")
        app.see(words["facts"])
        app.tap(words["add"])
        app.see(words["title"])
        app.tap(words["won"])
        app.see(words["saved"])
        assert [app.wait_text(f"total-{player}", total) for player, total in zip(PLAYERS, "100")] == ["1", "0", "0"]
        app.button(words["add"]).wait_for()
    finally:
        context.close()
