"""A new session's first frame is in its browser's language (companion/server/guard.py's BrowserLanguage,
companion/i18n.py's browser_asks, companion/ui/language.py): the web server reads the request's
Accept-Language header, and the session draws its first frame in it before it can ask the phone."""

from __future__ import annotations

import asyncio

import flet as ft
import pytest
from starlette.testclient import TestClient

from companion.i18n import browser_asks, request_language
from companion.server.guard import BrowserLanguage
from companion.server.key import TableAccess
from companion.store import Store
from companion.ui.app import session_main
from companion.ui.language import LANGUAGE_KEY
from flet_session import open_session, run_alone, server_hub, shown_strings

NORWEGIAN_TABS = ["Spill", "Sjekk", "Regler", "Historikk"]
GERMAN_TABS = ["Spielen", "Prüfen", "Regeln", "Verlauf"]
ENGLISH_TABS = ["Play", "Check", "Rules", "History"]


async def _reported(scope, receive, send):
    """An ASGI app answering a page request with the language the request asks for, and a WebSocket
    with the language a task it starts reads (as a Flet session's tasks do)."""
    if scope["type"] == "websocket":
        await receive()
        await send({"type": "websocket.accept"})
        seen = await asyncio.create_task(asyncio.sleep(0, result=request_language()))
        await send({"type": "websocket.send", "text": str(seen)})
        await send({"type": "websocket.close", "code": 1000})
        return
    body = str(request_language()).encode()
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": body})


@pytest.mark.parametrize(("accept", "code"), [
    ("nb-NO,nb;q=0.9,en;q=0.8", "nb"),
    ("no", "nb"),
    ("de-AT", "de"),
    ("fr-FR,en;q=0.5", "en"),
    (None, "en"),
])
def test_a_request_is_served_in_the_language_its_browser_asks_for(accept, code):
    client = TestClient(BrowserLanguage(_reported))
    headers = {} if accept is None else {"Accept-Language": accept}
    assert client.get("/", headers=headers).text == code
    with client.websocket_connect("/ws", headers=headers) as socket:
        assert socket.receive_text() == code


def test_outside_a_request_no_language_is_asked_for():
    assert request_language() is None
    with browser_asks(["de-DE"]) as code:
        assert (code, request_language()) == ("de", "de")
    assert request_language() is None


def _first_and_last(tmp_path, accept: list[str], kept: str | None) -> tuple[list[str], list[str]]:
    """The strings on the Play screen of a new session whose request asked for ``accept``, on a phone
    that keeps the language ``kept`` (None: none) and tells nothing else: as first drawn (when the
    session first asks the phone something) and once the session is quiet."""
    first: list[list[str]] = []
    main = session_main(Store(tmp_path), TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))

    def answer(name, args):
        if not first:
            first.append(shown_strings(ft.context.page))
        return kept if name == "get" and args == {"key": LANGUAGE_KEY} else None

    async def play() -> tuple[list[str], list[str]]:
        with browser_asks(accept):
            phone = await open_session(main, "/", server_hub(), answer)
        return first[0], shown_strings(phone.session.page)

    return run_alone(play())


def test_a_new_session_draws_its_first_frame_in_its_requests_language(tmp_path):
    first, last = _first_and_last(tmp_path, ["nb-NO", "nb;q=0.9"], kept=None)
    assert [text for text in first if text in NORWEGIAN_TABS + ENGLISH_TABS] == NORWEGIAN_TABS
    assert [text for text in last if text in NORWEGIAN_TABS + ENGLISH_TABS] == NORWEGIAN_TABS


def test_the_language_kept_on_the_phone_wins_once_it_arrives(tmp_path):
    first, last = _first_and_last(tmp_path, ["nb-NO"], kept="de")
    assert [text for text in first if text in NORWEGIAN_TABS + GERMAN_TABS] == NORWEGIAN_TABS
    assert [text for text in last if text in NORWEGIAN_TABS + GERMAN_TABS] == GERMAN_TABS
