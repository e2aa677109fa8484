"""Serving Companion to the phones at the table: the web server put together and run.

- :func:`build_app` mounts the Flet app with Flet's FastAPI integration
  (``flet_web.fastapi.app``, the offline web client with ``no_cdn``) behind
  the guard (``companion.server.guard``: Host and Origin, the browser's
  language, no cross-origin reading), its WebSocket frames checked
  (``companion.server.frames``); :func:`serve` runs it with uvicorn.
- Where it listens and the addresses it answers to: ``companion.server.addresses``.
- The table's access key: ``companion.server.key``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

from companion.server.frames import GoneBrowserFilter, OneLineReceiveErrors, SoundFrames
from companion.server.guard import BrowserLanguage, HostGuard, NoCrossOrigin, NotIsolated, OnRequest
from companion.transfers import FileRoutes, Transfers, flet_upload_options, install

FLET_LOGGER = "flet_web.fastapi"
"""The logger of Flet's FastAPI sessions, which reports a session's receive loop ending in an error."""

API_PAGES = ("/openapi.json", "/docs", "/docs/oauth2-redirect", "/redoc")
"""The pages FastAPI adds about an app's API: Companion has none to show (they are not served)."""


def build_app(main: Callable, *, assets_dir: str, allowed: Iterable[str],
              on_request: Callable[[], object] | None = None, transfers: Transfers | None = None,
              single_thread: bool = False):
    """The ASGI app: Flet's FastAPI app for ``main`` behind :class:`HostGuard`, its requests served in
    their browser's language (:class:`BrowserLanguage`), without FastAPI's API pages
    (:data:`API_PAGES`) or a header that lets other sites read its answers (:class:`NoCrossOrigin`),
    its sessions given only sound frames (:class:`SoundFrames`); Flet's sessions log through
    :class:`GoneBrowserFilter` and :class:`OneLineReceiveErrors` from then on.

    Takes the Flet entry point, the assets folder, the allowed ``host:port``
    authorities and a callable called as each page or file request that
    passed the guard arrives (:class:`OnRequest`; None: none) and the folder
    of files in transit (``companion.transfers``: Flet's upload route and the
    downloads, behind the guard; None: no file routes) and whether the phones draw on one
    thread (:class:`NotIsolated`; ``main.py --single-thread-renderer``); returns the
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
    if single_thread:
        app.add_middleware(NotIsolated)
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
