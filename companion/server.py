"""Serving Companion to the phones at the table: the web server, its guard and the table's key.

- :func:`build_app` mounts the Flet app with Flet's FastAPI integration
  (``flet_web.fastapi.app``, the offline web client with ``no_cdn``) behind
  :class:`HostGuard`; :func:`serve` runs it with uvicorn.
- :class:`HostGuard` refuses (403) a page or WebSocket request whose Host
  header, or Origin header when there is one, is not one of the app's own
  addresses: a web page open elsewhere can not drive the app from the
  user's browser, and a name rebound to this machine (DNS rebinding) is
  not served.
- :class:`TableAccess` is the table's access key: a random key kept in
  ``<data-dir>/table-key.txt`` that every browser must present when the app
  listens beyond this computer (or when asked to with ``--require-key``).
"""

from __future__ import annotations

import contextlib
import hmac
import ipaddress
import logging
import os
import secrets
import socket
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketClose, WebSocketDisconnected

from companion.errors import DiskFullError, ReadOnlyError, StoreError
from companion.i18n import _, best_language, browser_asks, language
from companion.store.guard import DISK_FULL_ERRNOS, READ_ONLY_ERRNOS
from companion.transfers import FileRoutes, Transfers, flet_upload_options, install

KEY_FILE = "table-key.txt"
"""The name of the key file inside the data folder."""

POLICY_VIOLATION = 1008
"""WebSocket close code of a refused handshake (the server answers it with HTTP 403)."""

KEY_BYTES = 12
"""Random bytes in a key (16 URL-safe characters)."""

OPEN_HOSTS = ("0.0.0.0", "::", "")
"""Listen addresses that mean "every network interface"."""

HTTP_PORT = 80
"""The port a browser leaves out of the Host header."""

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
"""The names this computer always answers to."""

PROBE_ADDRESS = ("10.255.255.255", 1)
"""A private address "connected" to (no packet is sent) to learn which local
address the system would use on the network."""


def is_loopback(host: str) -> bool:
    """Whether the listen address ``host`` reaches this computer only
    ("127.0.0.1", "::1", "localhost"; False for "0.0.0.0" and a LAN address)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on the local network, the likeliest first.

    Without any traffic: the address a UDP socket "connected" to a private
    address gets, then the addresses the host name resolves to. Loopback
    addresses are left out; returns [] when none is known.
    """
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(PROBE_ADDRESS)
            found.append(probe.getsockname()[0])
        except OSError:
            pass
    try:
        found.extend(socket.gethostbyname_ex(socket.gethostname())[2])
    except OSError:
        pass
    return [address for address in dict.fromkeys(found) if not is_loopback(address) and address != "0.0.0.0"]


def invite_host(listen_host: str) -> str:
    """The address to put in the invite link for an app listening on ``listen_host``.

    Every interface: the machine's LAN address (this computer's loopback
    when it has none); a given address: that address.
    """
    if listen_host in OPEN_HOSTS:
        addresses = lan_addresses()
        return addresses[0] if addresses else LOOPBACK_NAMES[0]
    return listen_host


def own_authorities(listen_host: str, port: int, extra_names: Iterable[str] = ()) -> frozenset[str]:
    """The ``host:port`` values a request to this app may carry in its Host header.

    Takes the listen address, the port and other names the machine goes by;
    returns the loopback names, the listen address (unless it is every
    interface), the machine's LAN addresses and ``extra_names``, each with
    ``port`` (IPv6 addresses in brackets; on port 80 also without it, as
    browsers leave the default port out), all in lower case.
    """
    names = {*LOOPBACK_NAMES, *lan_addresses(), *extra_names}
    if listen_host not in OPEN_HOSTS:
        names.add(listen_host)
    hosts = {f"[{name}]".lower() if ":" in name else name.lower() for name in names}
    authorities = {f"{host}:{port}" for host in hosts}
    if port == HTTP_PORT:
        authorities |= hosts
    return frozenset(authorities)


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
    :func:`own_authorities`). A page or WebSocket request passes when its
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


def key_refusal(folder: Path, error: OSError) -> StoreError:
    """The plain-words error for a new table key that the system refused to save in the data folder
    ``folder``: DiskFullError and ReadOnlyError for the errors that mean so to the store
    (``companion.store.guard``), StoreError for any other."""
    if error.errno in DISK_FULL_ERRNOS:
        return DiskFullError(_(
            "The disk that holds {folder} is full, so the new key was not saved; the table's key stays as it was. "
            "Free some space and try again."
        ).format(folder=folder))
    if error.errno in READ_ONLY_ERRNOS:
        return ReadOnlyError(_(
            "Companion can not write to its data folder {folder} ({cause}), so the new key was not saved; "
            "the table's key stays as it was. "
            "Make the folder writable, or start Companion with another folder (--data-dir)."
        ).format(folder=folder, cause=error.strerror or error))
    return StoreError(_(
        "Companion could not use its data folder {folder} ({cause}); the new key was not saved."
    ).format(folder=folder, cause=error.strerror or error))


class TableAccess:
    """The table's access key and the address the invite link uses.

    Takes the data folder (the key lives in ``table-key.txt`` there), whether
    the key is asked for (``required``), and the ``host`` and ``port`` the
    invite link names. When a key is asked for, it is read from its file,
    or made and saved there when the file is missing or empty; when none is
    asked for, the file is not touched (a read-only data folder still
    opens). Raises OSError when the file can not be read, and the errors
    of :meth:`renew` when a new key can not be saved.
    """

    def __init__(self, data_dir: Path, *, required: bool, host: str, port: int) -> None:
        self.path = Path(data_dir) / KEY_FILE
        self.required = required
        self.host = host
        self.port = port
        self.key = ""
        if required:
            try:
                kept = self.path.read_text(encoding="utf-8", errors="replace").strip()
            except FileNotFoundError:
                kept = ""
            self.key = kept or self.renew()

    def renew(self) -> str:
        """Make a new random key, save it (replacing the file atomically,
        readable by the owner only) and return it: every key handed out
        before no longer opens the app.

        Raises DiskFullError (a full disk), ReadOnlyError (a folder that can
        not be written) or StoreError (any other refusal of the system), all
        in plain words, when the key can not be saved: then no temp file is
        left, and the key and its file stay as they were.
        """
        key = secrets.token_urlsafe(KEY_BYTES)
        folder = self.path.parent
        try:
            handle, temporary = tempfile.mkstemp(dir=folder, prefix=".table-key-")
        except OSError as error:
            raise key_refusal(folder, error) from error
        try:
            with os.fdopen(handle, "w", encoding="ascii") as file:
                file.write(key + "\n")
                file.flush()
                os.fsync(file.fileno())
            os.chmod(temporary, 0o600)
            os.replace(temporary, self.path)
        except BaseException as error:
            Path(temporary).unlink(missing_ok=True)
            if isinstance(error, OSError):
                raise key_refusal(folder, error) from error
            raise
        self.key = key
        return key

    def admits(self, key: object) -> bool:
        """Whether a browser presenting ``key`` (a str, or None when it has
        none) may open the app: always when no key is asked for; else only
        with the current key (compared in constant time)."""
        if not self.required:
            return True
        return isinstance(key, str) and hmac.compare_digest(key.encode(), self.key.encode())

    def invite_url(self, path: str = "/", *, host: str | None = None) -> str:
        """The link a phone opens to join: ``http://<host>:<port><path>``, with
        ``?key=...`` when a key is asked for (``host``: another address of
        this machine than the invite's own, such as 127.0.0.1)."""
        host = host or self.host
        host = f"[{host}]" if ":" in host else host
        query = f"?{urlencode({'key': self.key})}" if self.required else ""
        return f"http://{host}:{self.port}{path}{query}"


FLET_LOGGER = "flet_web.fastapi"
"""The logger of Flet's FastAPI sessions, which reports a session's receive loop ending in an error."""


class GoneBrowserFilter(logging.Filter):
    """Drops Flet's report of a session whose browser had already gone.

    When a browser closes its page while the server is sending to it, the
    send fails and the socket is marked closed; the session's receive loop
    then raises ``WebSocketDisconnected`` and Flet logs it as an error with
    a traceback, though nothing is lost (the same end as a browser that says
    goodbye, which Flet logs not at all). Every other record passes.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """False for a record carrying a ``WebSocketDisconnected``, else True."""
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, WebSocketDisconnected)


def build_app(main: Callable, *, assets_dir: str, allowed: Iterable[str],
              on_request: Callable[[], object] | None = None, transfers: Transfers | None = None):
    """The ASGI app: Flet's FastAPI app for ``main`` behind :class:`HostGuard`, its requests served in
    their browser's language (:class:`BrowserLanguage`); Flet's sessions log through
    :class:`GoneBrowserFilter` from then on.

    Takes the Flet entry point, the assets folder, the allowed ``host:port``
    authorities and a callable called as each page or file request that
    passed the guard arrives (:class:`OnRequest`; None: none) and the folder
    of files in transit (``companion.transfers``: Flet's upload route and the
    downloads, behind the guard; None: no file routes); returns the
    FastAPI application (the web client is served from the installed
    package, nothing from a CDN).
    """
    import flet_web.fastapi as flet_fastapi

    uploads = flet_upload_options(transfers) if transfers is not None else {}
    app = flet_fastapi.app(main, assets_dir=assets_dir, no_cdn=True, **uploads)
    install(transfers)
    if transfers is not None:
        app.add_middleware(FileRoutes, transfers=transfers)
    if on_request is not None:
        app.add_middleware(OnRequest, noted=on_request)
    app.add_middleware(BrowserLanguage)
    app.add_middleware(HostGuard, allowed=allowed)
    flet_log = logging.getLogger(FLET_LOGGER)
    if not any(isinstance(known, GoneBrowserFilter) for known in flet_log.filters):
        flet_log.addFilter(GoneBrowserFilter())
    return app


def serve(app, host: str, port: int) -> None:
    """Serve ``app`` with uvicorn on ``host``:``port`` until stopped (Ctrl+C, SIGTERM).

    Logs only critical errors, as ``ft.run`` does by default: a browser
    reloading mid-message makes Flet's session loop raise inside uvicorn,
    which would otherwise print a harmless traceback.
    """
    import uvicorn

    uvicorn.run(app, host=host, port=port, log_level="critical", ws="websockets-sansio")
