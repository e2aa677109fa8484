"""Files between the phones and the server over plain HTTP, never over a session's WebSocket.

A backup or a CSV table can be tens of megabytes: sent through the
WebSocket it blocks that phone's session and everyone's event loop, and
uvicorn closes any message over 16 MiB. Instead:

- a backup to import is sent by the phone's browser to Flet's own upload
  route (``flet_web.fastapi.app(upload_dir=..., upload_endpoint_path=...,
  max_upload_size=..., secret_key=...)``), at a URL signed for one file
  and a few minutes (``page.get_upload_url``), and streamed to a file in
  :attr:`Transfers.uploads`; :class:`FileRoutes` refuses a body over
  :data:`MAX_UPLOAD_BYTES` before it is read and removes what a refused
  upload left;
- an export is written to a file by the long-work process and offered at
  ``/files/<token>`` (:meth:`Transfers.offer`): the token is random and
  lives :data:`OFFER_SECONDS`; the phone opens that address and its
  browser saves the file.

Only a session that opened the app (past the table's key) is given a
signed upload URL or a token, so a stranger, without the key, can neither
send a backup nor fetch the table's games. Both routes sit behind the app's
Host/Origin guard (``companion.server.guard.HostGuard``).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs

from starlette.responses import FileResponse, PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from companion.i18n import _, best_language, format_number, language

UPLOAD_PATH = "upload"
"""The path (without its slash) of Flet's upload route."""

FILES_PATH = "/files/"
"""The path prefix of the offered downloads."""

MAX_UPLOAD_BYTES = 128 * 1024 * 1024
"""The largest backup taken (bytes): about 32,000 games of 12 rounds."""

UPLOAD_SECONDS = 600
"""How long a signed upload URL may be used (seconds): time to send the largest backup on a slow Wi-Fi."""

OFFER_SECONDS = 300
"""How long an offered download stays at its address (seconds); its file is removed after."""

MEGABYTE = 1024 * 1024


def too_big(size: int) -> str:
    """The plain-words refusal of a backup of ``size`` bytes (over :data:`MAX_UPLOAD_BYTES`)."""
    return _(
        "This file is {size} MB; a backup can be at most {most} MB. Nothing was imported."
    ).format(size=format_number(round(size / MEGABYTE)), most=format_number(MAX_UPLOAD_BYTES // MEGABYTE))


@dataclass(frozen=True)
class Offer:
    """One offered download: the file, the name the browser saves it as, and when it expires
    (``time.monotonic()`` seconds)."""

    path: Path
    name: str
    expires: float


class Transfers:
    """The server's folder for files in transit and its offered downloads.

    Takes the folder to work in (None: a new temporary folder, removed by
    :meth:`close`). :attr:`uploads` receives the uploaded backups,
    :attr:`downloads` the exports; :attr:`secret` signs upload URLs
    (random for each server start). Thread-safe.
    """

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else Path(tempfile.mkdtemp(prefix="companion-files-"))
        self.uploads = self.folder / "uploads"
        self.downloads = self.folder / "downloads"
        self.uploads.mkdir(parents=True, exist_ok=True)
        self.downloads.mkdir(parents=True, exist_ok=True)
        self.secret = secrets.token_hex(32)
        self._offers: dict[str, Offer] = {}
        self._lock = threading.Lock()

    def upload_name(self) -> str:
        """A new file name in :attr:`uploads` for one backup ("3f9c...json"), never used before."""
        return f"{secrets.token_hex(16)}.json"

    def uploaded(self, name: str) -> Path:
        """The path of the uploaded file ``name`` (made by :meth:`upload_name`)."""
        return self.uploads / Path(name).name

    def new_download(self, suffix: str) -> Path:
        """A new, not yet existing path in :attr:`downloads` ending in ``suffix`` (".json", ".csv")."""
        return self.downloads / f"{secrets.token_hex(16)}{suffix}"

    def offer(self, path: Path, name: str, *, seconds: float = OFFER_SECONDS) -> str:
        """Offer the file ``path`` for download as ``name`` for ``seconds``; returns its address
        ("/files/<token>", relative to the app). Offers that expired are removed first, with their files."""
        self.expire()
        token = secrets.token_urlsafe(24)
        with self._lock:
            self._offers[token] = Offer(Path(path), name, time.monotonic() + seconds)
        return f"{FILES_PATH}{token}"

    def offered(self, token: str) -> Offer | None:
        """The offer at ``token`` while it lasts, else None (unknown or expired)."""
        with self._lock:
            offer = self._offers.get(token)
        if offer is None or offer.expires <= time.monotonic():
            return None
        return offer

    def expire(self) -> None:
        """Remove the offers whose time is over, and their files."""
        now = time.monotonic()
        with self._lock:
            gone = [token for token, offer in self._offers.items() if offer.expires <= now]
            offers = [self._offers.pop(token) for token in gone]
        for offer in offers:
            offer.path.unlink(missing_ok=True)

    def close(self) -> None:
        """Forget every offer and remove the folder with every file in it."""
        with self._lock:
            self._offers.clear()
        shutil.rmtree(self.folder, ignore_errors=True)


class FileRoutes:
    """ASGI middleware: the download route, and the guard in front of Flet's upload route.

    Takes the app to wrap and the :class:`Transfers`. ``GET /files/<token>``
    answers the offered file as an attachment (404 in plain words when the
    token is unknown or expired). ``PUT /upload`` with a Content-Length over
    :data:`MAX_UPLOAD_BYTES`, or without one, is refused (413, 411) before
    its body is read; an upload that Flet refuses (a bad or expired
    signature, too big a body after all) leaves no file behind. Everything
    else passes.
    """

    def __init__(self, app: ASGIApp, transfers: Transfers) -> None:
        self.app = app
        self.transfers = transfers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve or guard a file request, or pass the request on (see the class); refusals are
        in the language the request's Accept-Language header asks for first among the app's."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path, method = scope["path"], scope["method"]
        downloading = path.startswith(FILES_PATH) and method in ("GET", "HEAD")
        uploading = path == f"/{UPLOAD_PATH}" and method == "PUT"
        if not (downloading or uploading):
            await self.app(scope, receive, send)
            return
        asked = dict(scope["headers"]).get(b"accept-language", b"").decode("latin-1").split(",")
        with language(best_language(asked)):
            if downloading:
                await self._download(path[len(FILES_PATH):], scope, receive, send)
            else:
                await self._upload(scope, receive, send)

    async def _download(self, token: str, scope: Scope, receive: Receive, send: Send) -> None:
        offer = self.transfers.offered(token)
        if offer is None or not offer.path.is_file():
            response = PlainTextResponse(
                _("This download has expired. Tap Export again on the phone."), status_code=404)
        else:
            response = FileResponse(
                offer.path, filename=offer.name, content_disposition_type="attachment",
                headers={"Cache-Control": "no-store"},
            )
        await response(scope, receive, send)

    async def _upload(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope["headers"])
        length = headers.get(b"content-length", b"").decode("latin-1")
        if not length.isdigit():
            await PlainTextResponse(_("A backup must be sent with its size."), status_code=411)(scope, receive, send)
            return
        if int(length) > MAX_UPLOAD_BYTES:
            await PlainTextResponse(too_big(int(length)), status_code=413)(scope, receive, send)
            return
        status = 0

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            if status != 200:
                self._drop_upload(scope)

    def _drop_upload(self, scope: Scope) -> None:
        """Remove the file a refused or broken upload left in the uploads folder."""
        names = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("f", [])
        for name in names:
            base = os.path.basename(name)
            if base:
                with contextlib.suppress(OSError):
                    self.transfers.uploaded(base).unlink(missing_ok=True)


def flet_upload_options(transfers: Transfers) -> dict[str, object]:
    """The arguments of ``flet_web.fastapi.app`` that turn on its upload route for ``transfers``."""
    return {
        "upload_dir": str(transfers.uploads),
        "upload_endpoint_path": UPLOAD_PATH,
        "max_upload_size": MAX_UPLOAD_BYTES,
        "secret_key": transfers.secret,
    }



_serving: Transfers | None = None


def install(transfers: Transfers | None) -> None:
    """Make ``transfers`` the one the screens of this server use (None: no file routes)."""
    global _serving
    _serving = transfers


def serving() -> Transfers | None:
    """The :class:`Transfers` of the running server, or None when it serves no file routes
    (a session run without the web server)."""
    return _serving
