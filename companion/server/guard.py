"""The guard in front of the app (ASGI middleware): requests addressed to the
app itself only, in their browser's language, noted as they arrive, and no
answer readable by another web site.

- :class:`HostGuard` refuses (403) a page or WebSocket request whose Host
  header, or Origin header when there is one, is not one of the app's own
  addresses (``companion.server.addresses.own_authorities``): a web page
  open elsewhere can not drive the app from the user's browser, and a name
  rebound to this machine (DNS rebinding) is not served.
- :class:`NoCrossOrigin` takes Flet's ``Access-Control-Allow-Origin``
  header out of every answer.
- :class:`BrowserLanguage` serves each request in its browser's language;
  :class:`OnRequest` notes each page or file request.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketClose

from companion.i18n import _, best_language, browser_asks, language

POLICY_VIOLATION = 1008
"""WebSocket close code of a refused handshake (the server answers it with HTTP 403)."""

def accepted_languages(headers: dict[bytes, bytes]) -> list[str]:
    """The items of a request's Accept-Language header (``["nb-NO", "nb;q=0.9", "en;q=0.8"]``), in the
    order sent, from its headers (lower-case names); ``[""]`` when there is no such header."""
    return headers.get(b"accept-language", b"").decode("latin-1").split(",")


def asked_language(headers: dict[bytes, bytes]) -> contextlib.AbstractContextManager[str]:
    """Context manager: inside it the current language is the one a request's headers (lower-case names)
    ask for first among the app's, by its Accept-Language header (``companion.i18n.best_language``;
    English when none fits or there is no header)."""
    return language(best_language(accepted_languages(headers)))


class BrowserLanguage:
    """ASGI middleware: serve each page and WebSocket request inside ``companion.i18n.browser_asks``
    with its Accept-Language header.

    Takes the app to wrap. A Flet session started over a WebSocket runs in
    tasks made while its request is served, so it reads the browser's
    language (``companion.i18n.request_language``) as it draws its first
    frame, before it can ask the browser anything. Lifespan messages pass.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on inside ``browser_asks`` (see the class)."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with browser_asks(accepted_languages(dict(scope["headers"]))):
            await self.app(scope, receive, send)


class OnRequest:
    """ASGI middleware: call ``noted()`` as each page or file request arrives, then serve it.

    Takes the app to wrap and the callable (no arguments, its result unused;
    it must be quick: it runs on the server's event loop). WebSocket and
    lifespan messages pass without a call.
    """

    def __init__(self, app: ASGIApp, noted: Callable[[], object]) -> None:
        self.app = app
        self.noted = noted

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Call ``noted()`` for a page or file request, then pass the request on (see the class)."""
        if scope["type"] == "http":
            self.noted()
        await self.app(scope, receive, send)


class HostGuard:
    """ASGI middleware: serve only requests addressed to the app itself.

    Takes the app to guard and the allowed ``host:port`` authorities (see
    ``companion.server.addresses.own_authorities``). A page or WebSocket request passes when its
    Host header is one of them and its Origin header, when sent, is
    ``http://`` or ``https://`` followed by one of them. Any other is
    refused with HTTP 403: a page with the plain-text reason, a WebSocket
    handshake by closing it before it is accepted (which the server answers
    with 403). The reason is in the language the browser asks for first
    among the app's (its Accept-Language header; English when none fits).
    Lifespan messages pass.
    """

    def __init__(self, app: ASGIApp, allowed: Iterable[str]) -> None:
        self.app = app
        self.allowed = frozenset(name.lower() for name in allowed)

    def refusal(self, headers: dict[bytes, bytes]) -> str | None:
        """Why a request with these headers (lower-case names) is refused, in the language its
        Accept-Language header asks for (:func:`asked_language`), or None when it is not."""
        host = headers.get(b"host", b"").decode("latin-1").lower()
        if host not in self.allowed:
            with asked_language(headers):
                return _("This server does not answer to the address {address}.").format(address=host or _("(none)"))
        origin = headers.get(b"origin")
        if origin is None:
            return None
        parts = urlsplit(origin.decode("latin-1").lower())
        if parts.scheme not in ("http", "https") or parts.netloc not in self.allowed:
            with asked_language(headers):
                return _("Requests from other web sites are refused.")
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, or refuse it (see the class)."""
        if scope["type"] in ("http", "websocket"):
            reason = self.refusal(dict(scope["headers"]))
            if reason is not None:
                if scope["type"] == "websocket":
                    await WebSocketClose(code=POLICY_VIOLATION, reason=reason)(scope, receive, send)
                else:
                    await PlainTextResponse(reason, status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


class NoCrossOrigin:
    """ASGI middleware: take the header ``Access-Control-Allow-Origin`` (which Flet's FastAPI app
    sets to ``*`` on every response) out of each response, so that no other web site's page may
    read what this app answers. Takes the app to wrap."""

    HEADER = b"access-control-allow-origin"
    """The header taken out (its name in lower case)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve the request, :attr:`HEADER` left out of its response (see the class)."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def without_header(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [
                    (name, value) for name, value in message.get("headers", []) if name.lower() != self.HEADER]}
            await send(message)

        await self.app(scope, receive, without_header)


class NotIsolated(NoCrossOrigin):
    """ASGI middleware: take ``Cross-Origin-Embedder-Policy`` out of every response (Flet's
    FastAPI app sets it to ``require-corp``, with ``Cross-Origin-Opener-Policy: same-origin``,
    which stays). Without it the page is not cross-origin isolated, and the phone's web client
    draws with its skwasm renderer on the page's main thread alone, without its drawing worker.

    For ``main.py --single-thread-renderer``. Multi-threaded, a page was seen to hang for good
    in headless Chromium just after a tap drew new text: its main thread spun in FreeType's
    autohinter (``af_glyph_hints_reload`` under Skia's ``ParagraphImpl::layout``) while the
    worker shared the fonts. One thread costs each tap more of the phone's main thread (about
    1.4-1.5x on "Add round" and "Save round", 1.8x on a card value: bench/live.py --part taps
    --phone-cpu, run with this middleware always on).
    Takes the app to wrap.
    """

    HEADER = b"cross-origin-embedder-policy"
    """The header taken out (its name in lower case)."""
