"""A hostile or broken client: refused quietly, never a traceback in the server's log.

Raw HTTP and WebSocket requests to the app as ``build_app`` serves it (the
Flet app behind the guard), over a real socket where the frames matter.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from pathlib import Path

import flet as ft
import msgpack
import pytest
import uvicorn
import websockets
from flet_session import run_alone
from starlette.testclient import TestClient

from companion.server import build_app
from companion.server.frames import SoundFrames, frame_fault
from companion.ui import language

ASSETS = str(Path(__file__).resolve().parents[1] / "assets")
WAIT = 10.0
"""Seconds a test waits for the server's answer at most."""


def flet_frame(action: int, body: object) -> bytes:
    """A binary WebSocket frame carrying one Flet message, as the web client sends it."""
    return b"\x00" + msgpack.packb([action, body])


REGISTER = flet_frame(1, {"session_id": "", "page_name": "", "page": {"route": "/", "width": 390, "height": 844}})
"""A sound first message: a new client registers."""


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def flet_server():
    """Companion's ASGI app (a Flet app drawing one Text) served by uvicorn on a free port;
    yields (port, the SoundFrames middleware that counts refused frames)."""
    port = free_port()

    def main(page: ft.Page) -> None:
        page.add(ft.Text("hello"))

    app = build_app(main, assets_dir=ASSETS, allowed={f"127.0.0.1:{port}"})
    uvicorn_server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error",
                                                   ws="websockets-sansio"))
    thread = threading.Thread(target=uvicorn_server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if uvicorn_server.started:
            break
        threading.Event().wait(0.05)
    assert uvicorn_server.started, "uvicorn did not start within 10 s"
    stack = app.middleware_stack or app.build_middleware_stack()
    sound = stack
    while not isinstance(sound, SoundFrames):
        sound = sound.app
    yield port, sound
    uvicorn_server.should_exit = True
    thread.join(timeout=10)


async def register_after(port: int, frames: list[bytes | str]) -> int:
    """Open the app's WebSocket, send ``frames`` and then a sound registration; the action code
    of the server's first answer (1: the client was registered)."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}") as connection:
        for frame in frames:
            await connection.send(frame)
        await connection.send(REGISTER)
        answer = await asyncio.wait_for(connection.recv(), WAIT)
        return msgpack.unpackb(answer[1:], strict_map_key=False)[0]


BAD_FRAMES = {
    "text": "hello",
    "garbage": b"\x00\xc1\xff\xfe",
    "not a list": flet_frame(1, "register me"),
    "unknown action": flet_frame(99, {}),
    "a server's action": flet_frame(2, {"id": 1, "patch": []}),
    "event before registering": flet_frame(3, {"target": 1, "name": "click", "data": None}),
    "register with other fields": flet_frame(1, {"who": "me"}),
    "register without its fields": flet_frame(1, {"session_id": ""}),
}


def test_bad_frames_are_dropped_counted_and_the_connection_goes_on_without_a_traceback(flet_server, caplog):
    port, sound = flet_server
    with caplog.at_level(logging.DEBUG):
        assert run_alone(register_after(port, list(BAD_FRAMES.values()))) == 1
    # uvicorn's own report of the test's client leaving mid-send is not logged when served
    # (``companion.server.serve`` logs only critical errors); Flet's and Companion's are.
    apps = [record for record in caplog.records if record.name.startswith(("flet", "companion"))]
    assert [record.getMessage() for record in apps if record.exc_info or record.levelno >= logging.WARNING] == []
    assert sound.refused == {
        "a text frame": 1, "not msgpack": 1, "not [action, body]": 1, "not a client's action": 2,
        "before registering": 1, "a body of another shape": 2,
    }


REGISTERED_BAD_FRAMES = [
    flet_frame(5, {"control_id": 424242, "call_id": "nope", "result": None, "error": None}),
    flet_frame(5, {"control_id": "a", "call_id": 7, "result": None, "error": 5}),
]
"""Frames of a sound shape that Flet's session still can not take (a reply for a control it does not have)."""


@pytest.mark.parametrize("frame", REGISTERED_BAD_FRAMES, ids=["unknown-control", "control-as-text"])
def test_a_reply_flet_can_not_take_ends_the_connection_with_one_line_in_the_log(flet_server, caplog, frame):
    port, _sound = flet_server

    async def play() -> None:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}") as connection:
            await connection.send(REGISTER)
            await asyncio.wait_for(connection.recv(), WAIT)
            await connection.send(frame)
            with pytest.raises(websockets.ConnectionClosed):
                while True:
                    await asyncio.wait_for(connection.recv(), WAIT)

    with caplog.at_level(logging.WARNING):
        run_alone(play())
    flet = [record for record in caplog.records if record.name.startswith("flet")]
    assert [record.getMessage().split(":")[0] for record in flet] == ["Receive loop error"]
    assert [record.exc_info for record in flet] == [None]


def test_a_sound_client_is_not_refused(flet_server):
    port, sound = flet_server
    assert run_alone(register_after(port, [])) == 1
    assert sound.refused == {}


@pytest.fixture
def client() -> TestClient:
    app = build_app(lambda page: None, assets_dir=ASSETS, allowed={"127.0.0.1:8550"})
    with TestClient(app, base_url="http://127.0.0.1:8550") as test_client:
        yield test_client


@pytest.mark.parametrize("path", ["/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"])
def test_no_api_documentation_is_served(client, path):
    answer = client.get(path)
    assert "swagger" not in answer.text.lower() and "redoc" not in answer.text.lower()
    assert '"openapi"' not in answer.text
    assert answer.headers.get("content-type", "").split(";")[0] != "application/json"


@pytest.mark.parametrize("path", ["/", "/flutter_bootstrap.js", "/pad/abc"])
def test_no_response_lets_other_sites_read_it(client, path):
    answer = client.get(path)
    assert answer.status_code == 200
    assert "access-control-allow-origin" not in answer.headers
    assert answer.headers["cross-origin-opener-policy"] == "same-origin"


@pytest.mark.parametrize("path", ["/", "/flutter_bootstrap.js", "/pad/abc"])
def test_pages_are_isolated_unless_the_renderer_is_asked_to_use_one_thread(client, path):
    """By default Flet's embedder policy stays (the page is cross-origin isolated, its renderer
    draws with a worker); with ``single_thread`` (main.py --single-thread-renderer) no response
    carries it, and the opener policy stays."""
    assert client.get(path).headers["cross-origin-embedder-policy"] == "require-corp"
    app = build_app(lambda page: None, assets_dir=ASSETS, allowed={"127.0.0.1:8550"}, single_thread=True)
    with TestClient(app, base_url="http://127.0.0.1:8550") as one_thread:
        answer = one_thread.get(path)
    assert answer.status_code == 200
    assert "cross-origin-embedder-policy" not in answer.headers
    assert answer.headers["cross-origin-opener-policy"] == "same-origin"


# A reply of the wrong shape to the device-info request


class ReplyingPage:
    """A web page whose browser answers every method call with ``reply``; its locale
    settings are kept as set, and updating it sends nothing."""

    web = True
    locale_configuration = None

    def __init__(self, reply: object) -> None:
        self.reply = reply

    def update(self) -> None:
        """Send nothing (there is no phone)."""

    async def _invoke_method(self, name: str, *args, **kwargs) -> object:
        return self.reply

    async def get_device_info(self):
        return await ft.Page.get_device_info(self)


@pytest.mark.parametrize("reply", [None, 42, "nb", {"locales": "nb"}, {"locales": [None, 3]},
                                   {"locales": [{"language_code": 7, "country_code": None}]}],
                         ids=["null", "number", "text", "locales-text", "locales-junk", "language-number"])
def test_a_device_info_reply_of_the_wrong_shape_keeps_the_language(reply, caplog):
    class Prefs:
        async def get(self, key):
            return None

    choice = language.LanguageChoice(code="de", prefs=Prefs())
    with caplog.at_level(logging.DEBUG):
        run_alone(language.load_language(choice, ReplyingPage(reply)))
    assert choice.code == "de"
    assert [record.getMessage() for record in caplog.records if record.exc_info] == []


def test_a_sound_device_info_reply_still_gives_the_browser_language():
    class Prefs:
        async def get(self, key):
            return None

    choice = language.LanguageChoice(code="en", prefs=Prefs())
    reply = {"locales": [{"language_code": "nb", "country_code": "NO"}], "browser_name": "chrome"}
    page = ReplyingPage(reply)
    run_alone(language.load_language(choice, page))
    assert choice.code == "nb"
    assert page.locale_configuration == language.locale_configuration("nb")


@pytest.mark.parametrize("kept", [["nb"], {"a": 1}, 3.5])
def test_a_kept_language_of_the_wrong_shape_is_passed_over(kept):
    class Prefs:
        async def get(self, key):
            return kept

    choice = language.LanguageChoice(code="de", prefs=Prefs())
    run_alone(language.load_language(choice, ReplyingPage(None)))
    assert choice.code == "de"


def test_sound_frames_and_data_channel_frames_pass_the_check():
    assert frame_fault(REGISTER, registered=False) is None
    assert frame_fault(flet_frame(3, {"target": 1, "name": "click", "data": None}), registered=True) is None
    assert frame_fault(b"\x01\x00\x00\x00\x00abc", registered=False) is None
    assert frame_fault(b"", registered=False) is None
    assert frame_fault(flet_frame(3, {1: 2}), registered=True) == "not msgpack"  # as Flet reads maps
    assert frame_fault(flet_frame(3, {"target": 1}), registered=True) == "a body of another shape"
