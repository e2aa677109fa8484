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
  listens beyond this computer (or when asked to with ``--require-key``),
  written in letters and digits that can not be taken for one another
  (:data:`KEY_ALPHABET`), so it can be read aloud; an address that presents
  wrong keys again and again waits longer and longer before its next try.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hmac
import ipaddress
import logging
import os
import re
import secrets
import socket
import tempfile
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import msgpack
from flet.messaging.protocol import (
    ControlEventBody,
    InvokeMethodResponseBody,
    MessageAction,
    RegisterClientRequestBody,
    UpdateControlPropsBody,
    decode_ext_from_msgpack,
)
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketClose, WebSocketDisconnected

from companion.errors import DiskFullError, ReadOnlyError, StoreError
from companion.i18n import _, best_language, browser_asks, language, lazy
from companion.store.guard import DISK_FULL_ERRNOS, READ_ONLY_ERRNOS
from companion.transfers import FileRoutes, Transfers, flet_upload_options, install

KEY_FILE = "table-key.txt"
"""The name of the key file inside the data folder."""

POLICY_VIOLATION = 1008
"""WebSocket close code of a refused handshake (the server answers it with HTTP 403)."""

KEY_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""The characters of a key: Crockford's base 32, digits and capital letters without I, L, O and U,
so no two of them look or sound alike (5 bits each)."""

KEY_LENGTH = 20
"""Characters in a key: 100 random bits (the key before had 96)."""

KEY_GROUP = 5
"""A key is shown in groups of this many characters, to be read aloud group by group."""

SAME_SOUNDING = str.maketrans({"O": "0", "I": "1", "L": "1", "-": None, " ": None})
"""What a key typed or read back may carry for a key's own characters (letter O for zero, I or L
for one) and the separators of its groups, which are left out."""

NEW_KEY = re.compile(f"[{KEY_ALPHABET}]{{{KEY_LENGTH}}}")
"""A key as this version makes it."""

OLD_KEY = re.compile(r"[A-Za-z0-9_-]{16}")
"""A key as versions before made it (16 URL-safe characters): still accepted, so the phones that
hold it stay at the table; "Renew the key" makes one that can be read aloud."""

KEY_FILE_LIMIT = 256
"""The most bytes read of the key file: a key file longer than that is not a key."""

FREE_TRIES = 5
"""Wrong keys an address may present before it has to wait between tries."""

LONGEST_WAIT = 300.0
"""Seconds: the longest an address waits before its next key is checked."""

KNOWN_ADDRESSES = 1024
"""Addresses whose wrong keys are remembered (the oldest are forgotten first)."""

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


def new_key() -> str:
    """A new random key: :data:`KEY_LENGTH` characters of :data:`KEY_ALPHABET` (100 bits)."""
    return "".join(secrets.choice(KEY_ALPHABET) for _position in range(KEY_LENGTH))


def spoken_key(key: str) -> str:
    """``key`` as the invite shows it, to be read aloud: a key of this version in groups of
    :data:`KEY_GROUP` ("7K3QM-9XPDA-..."), an older key as it is."""
    if not NEW_KEY.fullmatch(key):
        return key
    return "-".join(key[start:start + KEY_GROUP] for start in range(0, len(key), KEY_GROUP))


def as_key(presented: str) -> str:
    """A key as a browser presented it, read as a key of this version where it can be one: capitals,
    groups joined, a letter O read as zero and I or L as one (:data:`SAME_SOUNDING`); anything else
    as it came (an older key is compared as it is)."""
    read = presented.upper().translate(SAME_SOUNDING)
    return read if NEW_KEY.fullmatch(read) else presented


class TableAccess:
    """The table's access key and the address the invite link uses.

    Takes the data folder (the key lives in ``table-key.txt`` there), whether
    the key is asked for (``required``), and the ``host`` and ``port`` the
    invite link names; ``notices``, a list to which a plain-words notice
    (``companion.i18n.lazy``) is added when the key file held no key and a
    new key was made (the store's notices, so the phones show it);
    ``on_renew``, called with no argument after each renewal (the console
    prints the new link); ``clock``, the monotonic seconds the waits between
    wrong keys are counted in.

    When a key is asked for, it is read from its file (at most
    :data:`KEY_FILE_LIMIT` bytes), or made and saved there when the file is
    missing; a file that does not hold a key (empty, cut short, garbage, too
    long) is replaced by a new key, with a notice. An older key (16 URL-safe
    characters) is kept as it is. When none is asked for, the file is not
    touched (a read-only data folder still opens). Raises StoreError when
    the key file is a folder, OSError when it can not be read, and the
    errors of :meth:`renew` when a new key can not be saved.
    """

    def __init__(self, data_dir: Path, *, required: bool, host: str, port: int,
                 notices: list | None = None, on_renew: Callable[[], object] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.path = Path(data_dir) / KEY_FILE
        self.required = required
        self.host = host
        self.port = port
        self.on_renew = on_renew
        self.clock = clock
        self.key = ""
        self._wrong: OrderedDict[str, tuple[int, float]] = OrderedDict()
        if required:
            kept = self._kept_key()
            if kept is None or NEW_KEY.fullmatch(kept) or OLD_KEY.fullmatch(kept):
                self.key = kept or self._made_key()
            else:
                self.key = self._made_key()
                if notices is not None:
                    notices.append(lazy(
                        "The table's key file {path} did not hold a key, so a new key was made. "
                        "Every phone and the board must scan the new code: open Invite phones "
                        "in a game's menu on this computer.", path=self.path))

    def _kept_key(self) -> str | None:
        """The text of the key file, stripped (None when there is none); one longer than
        :data:`KEY_FILE_LIMIT` bytes reads as "" (not a key), without reading it all. Raises
        StoreError in plain words when it is a folder, OSError when it can not be read."""
        try:
            with open(self.path, "rb") as file:
                head = file.read(KEY_FILE_LIMIT + 1)
        except FileNotFoundError:
            return None
        except IsADirectoryError as error:
            raise StoreError(_(
                "The table's key file {path} is a folder. Move it out of the data folder, "
                "or start Companion with another folder (--data-dir)."
            ).format(path=self.path)) from error
        if len(head) > KEY_FILE_LIMIT:
            return ""
        return head.decode("utf-8", errors="replace").strip()

    def _made_key(self) -> str:
        """A new key, saved (see :meth:`renew`), without telling ``on_renew``."""
        key = new_key()
        self._save(key)
        return key

    def renew(self) -> str:
        """Make a new random key (:func:`new_key`), save it (replacing the file atomically,
        readable by the owner only), call ``on_renew`` and return it: every key handed out
        before no longer opens the app.

        Raises DiskFullError (a full disk), ReadOnlyError (a folder that can
        not be written) or StoreError (any other refusal of the system), all
        in plain words, when the key can not be saved: then no temp file is
        left, and the key and its file stay as they were.
        """
        key = new_key()
        self._save(key)
        self.key = key
        if self.on_renew is not None:
            self.on_renew()
        return key

    def _save(self, key: str) -> None:
        """Write ``key`` as the key file, atomically, readable by the owner only (errors as
        :meth:`renew`); ``self.key`` is left to the caller."""
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

    def admits(self, key: object) -> bool:
        """Whether a browser presenting ``key`` (a str, or None when it has
        none) may open the app: always when no key is asked for; else only
        with the current key (read by :func:`as_key`, compared in constant time)."""
        if not self.required:
            return True
        return isinstance(key, str) and hmac.compare_digest(as_key(key).encode(), self.key.encode())

    def tries(self, key: object, address: str | None) -> bool:
        """Whether a key a browser at ``address`` (its IP address; None when unknown) offers now
        opens the app, as :meth:`admits`, counting wrong keys by address.

        After :data:`FREE_TRIES` wrong keys from one address, each further
        wrong key makes it wait twice as long as the one before (1 s, 2 s,
        4 s... at most :data:`LONGEST_WAIT`) before a key it offers is
        checked at all: while it waits, every key is refused. The right key
        forgets its wrong ones. Without a key asked for, always True.
        """
        if not self.required:
            return True
        where = address or ""
        wrong, until = self._wrong.get(where, (0, 0.0))
        if self.clock() < until:
            return False
        if self.admits(key):
            self._wrong.pop(where, None)
            return True
        wrong += 1
        wait = min(2.0 ** (wrong - FREE_TRIES - 1), LONGEST_WAIT) if wrong > FREE_TRIES else 0.0
        self._wrong[where] = (wrong, self.clock() + wait)
        self._wrong.move_to_end(where)
        while len(self._wrong) > KNOWN_ADDRESSES:
            self._wrong.popitem(last=False)
        return False

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

FRAME_LOG = logging.getLogger("companion.frames")
"""Where a dropped WebSocket frame is noted (at debug level, one line, no traceback)."""


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


def _body_fields(body: type) -> tuple[frozenset[str], frozenset[str]]:
    """The fields a message body (one of Flet's protocol dataclasses) must have, and those it may have."""
    fields = dataclasses.fields(body)
    required = frozenset(field.name for field in fields
                         if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING)
    return required, frozenset(field.name for field in fields)


CLIENT_BODIES = {
    MessageAction.REGISTER_CLIENT.value: _body_fields(RegisterClientRequestBody),
    MessageAction.CONTROL_EVENT.value: _body_fields(ControlEventBody),
    MessageAction.UPDATE_CONTROL_PROPS.value: _body_fields(UpdateControlPropsBody),
    MessageAction.INVOKE_METHOD.value: _body_fields(InvokeMethodResponseBody),
}
"""The messages a Flet client sends the server, by action code: the fields each one's body must
have and those it may have."""

FLET_MESSAGE = 0x00
"""The first byte of a WebSocket frame that carries a Flet message (msgpack); 0x01 is a data channel's."""


def frame_fault(data: bytes, registered: bool) -> str | None:
    """What is wrong with a binary WebSocket frame from a Flet client (None: nothing), given whether
    the connection has registered: a Flet message must be msgpack of ``[action, body]`` with an
    action a client sends, its body a map with that action's fields (no others, every required one),
    and the first one ``REGISTER_CLIENT``. A data-channel frame, an empty one or one of another type
    is Flet's own to drop."""
    if not data or data[0] != FLET_MESSAGE:
        return None
    try:
        message = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)
    except (ValueError, TypeError, msgpack.UnpackException, OverflowError):
        return "not msgpack"
    if not isinstance(message, list) or len(message) != 2 or not isinstance(message[1], dict):
        return "not [action, body]"
    fields = CLIENT_BODIES.get(message[0]) if type(message[0]) is int else None
    if fields is None:
        return "not a client's action"
    if not registered and message[0] != MessageAction.REGISTER_CLIENT.value:
        return "before registering"
    required, allowed = fields
    if not required <= message[1].keys() <= allowed:
        return "a body of another shape"
    return None


class SoundFrames:
    """ASGI middleware: a WebSocket frame that Flet's session could not take is dropped before it
    reaches it, counted in ``refused`` (by what was wrong), never logged with a traceback.

    Takes the app to wrap. Text frames (a Flet client sends binary ones only)
    and the binary frames :func:`frame_fault` finds fault with are dropped
    and the connection goes on with the next frame; every other message
    passes unchanged, as do page and lifespan messages.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.refused: Counter[str] = Counter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve the request, filtering a WebSocket's incoming frames (see the class)."""
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        registered = False

        async def sound() -> Message:
            nonlocal registered
            while True:
                message = await receive()
                if message["type"] != "websocket.receive":
                    return message
                data = message.get("bytes")
                fault = "a text frame" if data is None else frame_fault(data, registered)
                if fault is None:
                    registered = registered or bool(data and data[0] == FLET_MESSAGE)
                    return message
                self.refused[fault] += 1
                FRAME_LOG.debug("Dropped a WebSocket frame from %s: %s", (scope.get("client") or ("?",))[0], fault)

        await self.app(scope, sound, send)


class NoCrossOrigin:
    """ASGI middleware: take the header ``Access-Control-Allow-Origin`` (which Flet's FastAPI app
    sets to ``*`` on every response) out of each response, so that no other web site's page may
    read what this app answers. Takes the app to wrap."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve the request, the header left out of its response (see the class)."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def without_header(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [
                    (name, value) for name, value in message.get("headers", [])
                    if name.lower() != b"access-control-allow-origin"]}
            await send(message)

        await self.app(scope, receive, without_header)


API_PAGES = ("/openapi.json", "/docs", "/docs/oauth2-redirect", "/redoc")
"""The pages FastAPI adds about an app's API: Companion has none to show (they are not served)."""


class OneLineReceiveErrors(logging.Filter):
    """Flet's report of a session's receive loop ended by an error, made one line: its traceback is
    left out, and the error counted in ``counted`` (by its type's name).

    What ends that loop is a message of the browser that Flet could not
    take (a reply naming a control the session does not have, say): the
    app's own code runs in tasks of their own, so the traceback would show
    only Flet's handling of a broken or hostile client. The frames of a
    shape Flet can not take at all never reach it (:class:`SoundFrames`).
    Run after :class:`GoneBrowserFilter`; every other record passes unchanged.
    """

    def __init__(self) -> None:
        super().__init__()
        self.counted: Counter[str] = Counter()

    def filter(self, record: logging.LogRecord) -> bool:
        """True; a receive loop's error record loses its traceback (see the class)."""
        if record.exc_info and record.getMessage().startswith("Receive loop error"):
            self.counted[type(record.exc_info[1]).__name__] += 1
            record.exc_info = record.exc_text = record.stack_info = None
        return True


def build_app(main: Callable, *, assets_dir: str, allowed: Iterable[str],
              on_request: Callable[[], object] | None = None, transfers: Transfers | None = None):
    """The ASGI app: Flet's FastAPI app for ``main`` behind :class:`HostGuard`, its requests served in
    their browser's language (:class:`BrowserLanguage`), without FastAPI's API pages
    (:data:`API_PAGES`) or a header that lets other sites read its answers (:class:`NoCrossOrigin`),
    its sessions given only sound frames (:class:`SoundFrames`); Flet's sessions log through
    :class:`GoneBrowserFilter` and :class:`OneLineReceiveErrors` from then on.

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
    app.router.routes = [route for route in app.router.routes if getattr(route, "path", None) not in API_PAGES]
    app.openapi_url = app.docs_url = app.redoc_url = None
    app.add_middleware(SoundFrames)
    app.add_middleware(NoCrossOrigin)
    if transfers is not None:
        app.add_middleware(FileRoutes, transfers=transfers)
    if on_request is not None:
        app.add_middleware(OnRequest, noted=on_request)
    app.add_middleware(BrowserLanguage)
    app.add_middleware(HostGuard, allowed=allowed)
    flet_log = logging.getLogger(FLET_LOGGER)
    if not any(isinstance(known, GoneBrowserFilter) for known in flet_log.filters):
        flet_log.addFilter(GoneBrowserFilter())
        flet_log.addFilter(OneLineReceiveErrors())
    return app


def serve(app, host: str, port: int) -> None:
    """Serve ``app`` with uvicorn on ``host``:``port`` until stopped (Ctrl+C, SIGTERM).

    Logs only critical errors, as ``ft.run`` does by default: a browser
    reloading mid-message makes Flet's session loop raise inside uvicorn,
    which would otherwise print a harmless traceback.
    """
    import uvicorn

    uvicorn.run(app, host=host, port=port, log_level="critical", ws="websockets-sansio")
