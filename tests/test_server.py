"""The server's guard and the table's key (companion/server/), without a browser.

The guard is tried through Starlette's TestClient (pages and WebSocket
handshakes) and once over a real uvicorn socket with the websockets client,
which sees the refused handshake as HTTP 403.
"""

from __future__ import annotations

import errno
import logging
import os
import socket
import stat
import threading
from pathlib import Path

import pytest
import uvicorn
import websockets
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketDisconnected
from flet_session import open_session, run_alone, server_hub, shows, tap, until

import main
from companion.server import FLET_LOGGER, addresses, build_app
from companion.server import key as table_key
from companion.server.addresses import invite_host, is_loopback, lan_addresses, own_authorities
from companion.server.guard import POLICY_VIOLATION, HostGuard, OnRequest
from companion.server.key import KEY_ALPHABET, KEY_FILE, TableAccess
from companion.errors import DiskFullError, ReadOnlyError, StoreError
from companion.registry import new_pad
from companion.store import Store
from companion.ui.access import key_in, without_key
from companion.ui.app import session_main

PORT = 8550
OWN = "127.0.0.1:8550"


async def hello(_request) -> PlainTextResponse:
    return PlainTextResponse("hello")


async def echo(websocket: WebSocket) -> None:
    await websocket.accept()
    await websocket.send_text(await websocket.receive_text())
    await websocket.close()


def guarded() -> HostGuard:
    """A page at / and an echo WebSocket at /ws behind the guard for 127.0.0.1:8550 and 192.168.1.20:8550."""
    inner = Starlette(routes=[Route("/", hello), WebSocketRoute("/ws", echo)])
    return HostGuard(inner, {OWN, "localhost:8550", "192.168.1.20:8550"})


@pytest.fixture
def client() -> TestClient:
    return TestClient(guarded(), base_url=f"http://{OWN}")


# The guard on pages


def test_a_page_with_its_own_host_and_no_origin_is_served(client):
    response = client.get("/")
    assert (response.status_code, response.text) == (200, "hello")


def test_a_page_with_its_own_origin_is_served(client):
    assert client.get("/", headers={"Origin": f"http://{OWN}"}).status_code == 200
    assert client.get("/", headers={"Origin": "http://LOCALHOST:8550"}).status_code == 200


def test_a_foreign_origin_is_refused_on_a_page(client):
    response = client.get("/", headers={"Origin": "http://elsewhere.example"})
    assert (response.status_code, response.text) == (403, "Requests from other web sites are refused.")


@pytest.mark.parametrize(
    "origin",
    ["null", "http://127.0.0.1:9999", "file:///tmp/page.html", "http://127.0.0.1:8550.elsewhere.example"],
)
def test_an_origin_that_only_looks_like_ours_is_refused(client, origin):
    assert client.get("/", headers={"Origin": origin}).status_code == 403


def test_a_rebound_host_name_is_refused(client):
    response = client.get("/", headers={"Host": "rebound.example:8550"})
    assert (response.status_code, response.text) == (
        403, "This server does not answer to the address rebound.example:8550.",
    )


def test_our_address_on_another_port_is_refused(client):
    assert client.get("/", headers={"Host": "127.0.0.1:8551"}).status_code == 403


def test_the_lan_address_is_our_own(client):
    assert client.get("/", headers={"Host": "192.168.1.20:8550"}).status_code == 200


# The guard on WebSocket handshakes


def test_a_websocket_from_our_own_origin_is_accepted(client):
    with client.websocket_connect(f"ws://{OWN}/ws", headers={"Origin": f"http://{OWN}"}) as socket_:
        socket_.send_text("ping")
        assert socket_.receive_text() == "ping"


def test_a_websocket_from_a_foreign_origin_is_refused(client):
    with pytest.raises(WebSocketDisconnect) as refused:
        with client.websocket_connect(f"ws://{OWN}/ws", headers={"Origin": "http://elsewhere.example"}):
            pass
    assert (refused.value.code, refused.value.reason) == (POLICY_VIOLATION, "Requests from other web sites are refused.")


def test_a_websocket_to_a_rebound_host_is_refused(client):
    with pytest.raises(WebSocketDisconnect) as refused:
        with client.websocket_connect(f"ws://{OWN}/ws", headers={"Host": "rebound.example:8550"}):
            pass
    assert (refused.value.code, refused.value.reason) == (
        POLICY_VIOLATION, "This server does not answer to the address rebound.example:8550.",
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def live_server():
    """The guarded echo app served by uvicorn on a free port; yields the port."""
    port = free_port()
    app = HostGuard(guarded().app, {f"127.0.0.1:{port}"})
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error",
                                           ws="websockets-sansio"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = 200
    while not server.started and deadline:
        threading.Event().wait(0.05)
        deadline -= 1
    assert server.started, "uvicorn did not start within 10 s"
    yield port
    server.should_exit = True
    thread.join(timeout=10)


async def handshake(port: int, origin: str) -> str:
    """Open ws://127.0.0.1:<port>/ws with ``origin``: the echo of "ping", or the refusal's HTTP status."""
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws", origin=origin) as connection:
            await connection.send("ping")
            return await connection.recv()
    except websockets.InvalidStatus as refused:
        return str(refused.response.status_code)


def test_over_a_real_socket_a_foreign_origin_gets_403_and_our_own_is_served(live_server):
    assert run_alone(handshake(live_server, "http://elsewhere.example")) == "403"
    assert run_alone(handshake(live_server, f"http://127.0.0.1:{live_server}")) == "ping"


def test_the_flet_app_is_guarded():
    app = build_app(lambda page: None, assets_dir=str(Path(__file__).parents[1] / "assets"), allowed={OWN})
    with TestClient(app, base_url=f"http://{OWN}") as client:
        page = client.get("/")
        assert page.status_code == 200
        assert "flutter" in page.text.lower()
        assert client.get("/", headers={"Origin": "http://elsewhere.example"}).status_code == 403
        with pytest.raises(WebSocketDisconnect) as refused:
            with client.websocket_connect(f"ws://{OWN}/ws", headers={"Origin": "http://elsewhere.example"}):
                pass
        assert refused.value.code == POLICY_VIOLATION


def test_each_page_or_file_request_is_noted_before_it_is_served_and_a_websocket_is_not():
    noted: list[str] = []
    inner = Starlette(routes=[Route("/", hello), WebSocketRoute("/ws", echo)])
    with TestClient(OnRequest(inner, lambda: noted.append("request")), base_url=f"http://{OWN}") as client:
        assert client.get("/").text == "hello"
        with client.websocket_connect(f"ws://{OWN}/ws") as socket_:
            socket_.send_text("ping")
            assert socket_.receive_text() == "ping"
        assert client.get("/").text == "hello"
    assert noted == ["request", "request"]


def test_the_flet_app_notes_the_requests_that_pass_its_guard_only():
    noted: list[str] = []
    app = build_app(lambda page: None, assets_dir=str(Path(__file__).parents[1] / "assets"), allowed={OWN},
                    on_request=lambda: noted.append("request"))
    with TestClient(app, base_url=f"http://{OWN}") as client:
        assert client.get("/").status_code == 200
        assert client.get("/", headers={"Origin": "http://elsewhere.example"}).status_code == 403
        assert client.get("/flutter_bootstrap.js").status_code == 200
    assert noted == ["request", "request"]


# Which addresses are our own


def test_loopback_addresses():
    assert [is_loopback(host) for host in ("127.0.0.1", "127.0.1.1", "::1", "localhost")] == [True] * 4
    assert [is_loopback(host) for host in ("0.0.0.0", "192.168.1.20", "", "example.org")] == [False] * 4


@pytest.fixture
def on_a_lan(monkeypatch):
    """This machine is 192.168.1.20 and 10.0.0.5 on the network."""
    monkeypatch.setattr(addresses, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.5"])


def test_own_authorities_on_every_interface(on_a_lan):
    assert own_authorities("0.0.0.0", 8550, ["table-laptop"]) == {
        "127.0.0.1:8550", "localhost:8550", "[::1]:8550", "192.168.1.20:8550", "10.0.0.5:8550", "table-laptop:8550",
    }


def test_own_authorities_of_a_given_address(on_a_lan):
    assert own_authorities("172.16.0.9", 8551) == {
        "127.0.0.1:8551", "localhost:8551", "[::1]:8551", "192.168.1.20:8551", "10.0.0.5:8551", "172.16.0.9:8551",
    }


def test_on_port_80_the_port_may_be_left_out(on_a_lan):
    assert own_authorities("172.16.0.9", 80) == {
        "127.0.0.1:80", "localhost:80", "[::1]:80", "192.168.1.20:80", "10.0.0.5:80", "172.16.0.9:80",
        "127.0.0.1", "localhost", "[::1]", "192.168.1.20", "10.0.0.5", "172.16.0.9",
    }


def test_the_invite_names_the_lan_address_or_the_given_one(on_a_lan):
    assert invite_host("0.0.0.0") == "192.168.1.20"
    assert invite_host("10.0.0.5") == "10.0.0.5"
    assert invite_host("127.0.0.1") == "127.0.0.1"


def test_without_a_network_the_invite_names_this_computer(monkeypatch):
    monkeypatch.setattr(addresses, "lan_addresses", lambda: [])
    assert invite_host("0.0.0.0") == "127.0.0.1"


def test_lan_addresses_are_never_loopback():
    assert not any(is_loopback(address) for address in lan_addresses())


# The table's key


def test_the_key_is_made_once_kept_private_and_read_back(tmp_path):
    first = TableAccess(tmp_path, required=True, host="192.168.1.20", port=PORT)
    path = tmp_path / KEY_FILE
    assert path.read_text(encoding="utf-8") == first.key + "\n"
    assert len(first.key) == 20 and set(first.key) <= set(KEY_ALPHABET)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    again = TableAccess(tmp_path, required=True, host="192.168.1.20", port=PORT)
    assert again.key == first.key
    assert [name for name in os.listdir(tmp_path)] == [KEY_FILE]


def test_the_key_has_no_look_alike_characters_and_a_hundred_bits():
    assert KEY_ALPHABET == "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    assert not set("ILOU") & set(KEY_ALPHABET) and len(set(KEY_ALPHABET)) == 32
    keys = {table_key.new_key() for _ in range(200)}
    assert len(keys) == 200 and all(len(key) == 20 for key in keys)
    assert set("".join(keys)) == set(KEY_ALPHABET)


def test_the_key_is_shown_in_groups_and_read_back_however_it_is_written(tmp_path):
    access = TableAccess(tmp_path, required=True, host="192.168.1.20", port=PORT)
    access.key = "7K3QM9XPDA0B1CZRTV2W"
    assert table_key.spoken_key(access.key) == "7K3QM-9XPDA-0B1CZ-RTV2W"
    assert [access.admits(said) for said in (
        "7K3QM-9XPDA-0B1CZ-RTV2W", "7k3qm 9xpda ob1cz rtv2w", "7K3QM9XPDAOBLCZRTV2W", "7K3QM9XPDA0BICZRTV2W",
    )] == [True] * 4
    assert not access.admits("7K3QM9XPDA0B1CZRTV2X")
    assert table_key.spoken_key("RHvxaxiclIqqluxp") == "RHvxaxiclIqqluxp"


def test_a_key_of_before_is_still_accepted_as_it_is(tmp_path):
    (tmp_path / KEY_FILE).write_text("RHvxaxiclIqqlux-\n", encoding="utf-8")
    notices: list = []
    access = TableAccess(tmp_path, required=True, host="192.168.1.20", port=PORT, notices=notices)
    assert (access.key, notices) == ("RHvxaxiclIqqlux-", [])
    assert access.admits("RHvxaxiclIqqlux-") and not access.admits("RHVXAXICLIQQLUX-")
    renewed = access.renew()
    assert len(renewed) == 20 and set(renewed) <= set(KEY_ALPHABET)


NOT_A_KEY = {
    "empty": b"\n",
    "cut short": b"7K3QM9XPDA\n",
    "garbage": bytes(range(256)) * 12,
    "two keys": b"7K3QM9XPDA0B1CZRTV2W\n7K3QM9XPDA0B1CZRTV2X\n",
}


@pytest.mark.parametrize("content", NOT_A_KEY.values(), ids=NOT_A_KEY.keys())
def test_a_key_file_that_holds_no_key_is_replaced_with_a_notice(tmp_path, content):
    (tmp_path / KEY_FILE).write_bytes(content)
    notices: list = []
    access = TableAccess(tmp_path, required=True, host="192.168.1.20", port=PORT, notices=notices)
    assert len(access.key) == 20 and set(access.key) <= set(KEY_ALPHABET)
    assert (tmp_path / KEY_FILE).read_text(encoding="utf-8") == access.key + "\n"
    assert [str(notice) for notice in notices] == [
        f"The table's key file {tmp_path / KEY_FILE} did not hold a key, so a new key was made. "
        "Every phone and the board must scan the new code: open Invite phones in a game's menu on this computer."]
    assert len(access.invite_url()) < 80


def test_a_key_file_that_is_a_folder_stops_the_start_in_plain_words(tmp_path, capsys):
    (tmp_path / KEY_FILE).mkdir()
    with pytest.raises(SystemExit) as stopped:
        main.keyed_access(tmp_path, required=True, listen_host="0.0.0.0", invite="192.168.1.20", port=8550,
                          notices=[])
    assert str(stopped.value) == (
        f"Companion did not start: the table's key file can not be kept: The table's key file {tmp_path / KEY_FILE} "
        "is a folder. Move it out of the data folder, or start Companion with another folder (--data-dir).")
    assert (tmp_path / KEY_FILE).is_dir()


def test_a_huge_key_file_is_not_read_whole(tmp_path, monkeypatch):
    with open(tmp_path / KEY_FILE, "wb") as file:
        file.truncate(80 * 1024 * 1024)
    read: list[int] = []
    real_open = open

    class Counting:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def read(self, size=-1):
            data = self.handle.read(size)
            read.append(len(data))
            return data

    monkeypatch.setattr("builtins.open", lambda path, mode="r", *a, **k: Counting(real_open(path, mode, *a, **k))
                        if str(path).endswith(KEY_FILE) and "b" in mode else real_open(path, mode, *a, **k))
    notices: list = []
    access = TableAccess(tmp_path, required=True, host="192.168.1.20", port=PORT, notices=notices)
    monkeypatch.undo()
    assert sum(read) <= 257 and len(notices) == 1
    assert (tmp_path / KEY_FILE).stat().st_size == 21 and len(access.key) == 20


def test_wrong_keys_from_one_address_are_slowed_and_others_are_not(tmp_path):
    now = [1000.0]
    access = TableAccess(tmp_path, required=True, host="192.168.1.20", port=PORT, clock=lambda: now[0])
    right = access.key
    assert [access.tries("wrong", "192.168.1.66") for _ in range(5)] == [False] * 5
    assert access.tries(right, "192.168.1.66") is True
    assert [access.tries("wrong", "192.168.1.66") for _ in range(6)] == [False] * 6
    assert access.tries(right, "192.168.1.66") is False  # waits 1 s after the sixth wrong key
    assert access.tries(right, "192.168.1.30") is True
    now[0] += 1.0
    assert access.tries("wrong", "192.168.1.66") is False
    now[0] += 1.9
    assert access.tries(right, "192.168.1.66") is False  # then 2 s
    now[0] += 0.1
    assert access.tries(right, "192.168.1.66") is True
    for _ in range(40):
        access.tries("wrong", "192.168.1.66")
        now[0] += 1000
    access.tries("wrong", "192.168.1.66")
    now[0] += 299.9
    assert access.tries(right, "192.168.1.66") is False
    now[0] += 0.1
    assert access.tries(right, "192.168.1.66") is True


def test_the_console_prints_the_new_link_after_a_renewal(tmp_path, capsys):
    access = main.keyed_access(tmp_path, required=True, listen_host="0.0.0.0", invite="192.168.1.20", port=8550,
                               notices=[])
    capsys.readouterr()
    new = access.renew()
    assert capsys.readouterr().out.splitlines() == [
        "The table's key was renewed: every phone and the board must scan the new code.",
        f"Companion is running at http://127.0.0.1:8550/?key={new}  (Ctrl+C stops it)",
        f"Invite phones on the same network: http://192.168.1.20:8550/?key={new}",
    ]


def test_only_the_current_key_opens_in_key_mode(tmp_path):
    access = TableAccess(tmp_path, required=True, host="192.168.1.20", port=PORT)
    old = access.key
    assert access.admits(old)
    assert not access.admits(None)
    assert not access.admits("")
    assert not access.admits(old[:-1])
    assert not access.admits(old + "x")
    assert not access.admits(42)
    new = access.renew()
    assert new != old
    assert access.admits(new)
    assert not access.admits(old)
    assert (tmp_path / KEY_FILE).read_text(encoding="utf-8") == new + "\n"
    assert stat.S_IMODE(os.stat(tmp_path / KEY_FILE).st_mode) == 0o600


def test_without_key_mode_every_browser_opens(tmp_path):
    access = TableAccess(tmp_path, required=False, host="127.0.0.1", port=PORT)
    assert access.admits(None)
    assert access.admits("anything")


def test_the_invite_link_carries_the_key_only_in_key_mode(tmp_path):
    keyed = TableAccess(tmp_path, required=True, host="192.168.1.20", port=PORT)
    assert keyed.invite_url("/pad/abc") == f"http://192.168.1.20:8550/pad/abc?key={keyed.key}"
    assert keyed.invite_url("/", host="127.0.0.1") == f"http://127.0.0.1:8550/?key={keyed.key}"
    open_table = TableAccess(tmp_path, required=False, host="127.0.0.1", port=PORT)
    assert open_table.invite_url("/pad/abc") == "http://127.0.0.1:8550/pad/abc"
    assert TableAccess(tmp_path, required=False, host="fe80::1", port=PORT).invite_url() == "http://[fe80::1]:8550/"


def test_a_key_file_that_can_not_be_written_is_refused_in_plain_words(tmp_path):
    folder = tmp_path / "missing"
    with pytest.raises(StoreError) as refused:
        TableAccess(folder, required=True, host="127.0.0.1", port=PORT)
    assert str(refused.value) == (
        f"Companion could not use its data folder {folder} (No such file or directory); the new key was not saved.")


def test_without_key_mode_the_data_folder_is_not_written(tmp_path):
    folder = tmp_path / "missing"
    access = TableAccess(folder, required=False, host="127.0.0.1", port=PORT)
    assert (access.admits(None), folder.exists()) == (True, False)


def _refuse_fsync_for_want_of_space(fd):
    raise OSError(errno.ENOSPC, "No space left on device")


def _refuse_mkstemp(**_options):
    raise PermissionError(errno.EACCES, "Permission denied")


KEY_REFUSALS = [
    ("fsync", _refuse_fsync_for_want_of_space, DiskFullError,
     "The disk that holds {folder} is full, so the new key was not saved; the table's key stays as it was. "
     "Free some space and try again."),
    ("mkstemp", _refuse_mkstemp, ReadOnlyError,
     "Companion can not write to its data folder {folder} (Permission denied), so the new key was not saved; "
     "the table's key stays as it was. Make the folder writable, or start Companion with another folder (--data-dir)."),
]
"""How the system may refuse to save a new key: (what fails, its stand-in, the error told, its words)."""


@pytest.mark.parametrize("where, refusal, kind, words", KEY_REFUSALS, ids=["disk-full", "read-only"])
def test_a_key_that_can_not_be_saved_is_refused_in_plain_words_and_the_old_key_stays(
        tmp_path, monkeypatch, where, refusal, kind, words):
    access = TableAccess(tmp_path, required=True, host="192.168.1.20", port=PORT)
    old = access.key
    monkeypatch.setattr(os if where == "fsync" else table_key.tempfile, where, refusal)
    with pytest.raises(kind) as refused:
        access.renew()
    assert str(refused.value) == words.format(folder=tmp_path)
    assert (access.key, access.admits(old)) == (old, True)
    assert (os.listdir(tmp_path), (tmp_path / KEY_FILE).read_text(encoding="utf-8")) == ([KEY_FILE], old + "\n")


@pytest.mark.parametrize("where, refusal, kind, words", KEY_REFUSALS, ids=["disk-full", "read-only"])
def test_renewing_the_key_when_it_can_not_be_saved_tells_the_phone_and_keeps_the_key(
        tmp_path, monkeypatch, caplog, where, refusal, kind, words):
    store = Store(tmp_path)
    pad = new_pad("one_up", ["Ann", "Ben", "Cy"])
    store.save_game(pad.to_doc())
    access = TableAccess(tmp_path, required=True, host="192.168.1.20", port=PORT)
    old = access.key

    async def play():
        phone = await open_session(session_main(store, access), f"/pad/{pad.id}?key={old}", server_hub(),
                                   client_ip="192.168.1.20")
        await until(phone, lambda page: shows(phone, "Invite phones"))
        await tap(phone, "Invite phones")
        monkeypatch.setattr(os if where == "fsync" else table_key.tempfile, where, refusal)
        await tap(phone, "Renew the key")
        await tap(phone, "Renew now")
        monkeypatch.undo()
        return (shows(phone, words.format(folder=tmp_path)), shows(phone, f"Table key: {table_key.spoken_key(old)}"),
                shows(phone, "New key: every other phone and the board must scan the code again"))

    with caplog.at_level(logging.ERROR):
        assert run_alone(play()) == (True, True, False)
    assert [record.getMessage() for record in caplog.records if record.exc_info] == []
    assert (access.key, sorted(os.listdir(tmp_path)).count(KEY_FILE), (tmp_path / KEY_FILE).read_text(encoding="utf-8")) == (
        old, 1, old + "\n")
    assert [name for name in os.listdir(tmp_path) if name.startswith(".table-key-")] == []


# The key in a link and on the command line


def test_the_key_is_read_from_a_link_and_taken_out_of_it():
    assert key_in("/pad/abc?key=k3Y-_x&players=3") == "k3Y-_x"
    assert key_in("/pad/abc") is None
    assert without_key("/pad/abc?key=k3Y-_x&players=3") == "/pad/abc?players=3"
    assert without_key("/?key=k3Y-_x") == "/"


def test_require_key_is_off_unless_asked():
    assert main.parse_args([]).require_key is False
    assert main.parse_args(["--require-key"]).require_key is True


def test_the_renderer_keeps_its_worker_unless_asked_to_use_one_thread():
    assert main.parse_args([]).single_thread_renderer is False
    assert main.parse_args(["--single-thread-renderer"]).single_thread_renderer is True


def receive_loop_error(error: Exception) -> None:
    """Log ``error`` the way Flet's session does when its receive loop ends in one."""
    log = logging.getLogger(FLET_LOGGER)
    try:
        raise error
    except Exception as raised:
        log.warning(f"Receive loop error: {raised}", exc_info=True)


def test_a_browser_gone_mid_send_is_not_logged_and_other_session_errors_are_one_line(caplog, tmp_path):
    build_app(lambda page: None, assets_dir=str(tmp_path), allowed=["127.0.0.1:8550"])
    build_app(lambda page: None, assets_dir=str(tmp_path), allowed=["127.0.0.1:8550"])
    with caplog.at_level(logging.WARNING, logger=FLET_LOGGER):
        receive_loop_error(WebSocketDisconnected('WebSocket is not connected. Need to call "accept" first.'))
        receive_loop_error(ValueError("a bad frame"))
    assert [record.getMessage() for record in caplog.records] == ["Receive loop error: a bad frame"]
    assert [record.exc_info for record in caplog.records] == [None]
    assert len(logging.getLogger(FLET_LOGGER).filters) == 2


def test_the_console_gives_the_phones_a_link_only_when_they_can_use_it(tmp_path):
    loopback = TableAccess(tmp_path, required=True, host="127.0.0.1", port=8550)
    assert main.start_lines(loopback, loopback.invite_url(), "127.0.0.1") == [
        f"Companion is running at http://127.0.0.1:8550/?key={loopback.key}  (Ctrl+C stops it)"]
    network = TableAccess(tmp_path, required=True, host="192.168.1.20", port=8550)
    assert main.start_lines(network, network.invite_url("/", host="127.0.0.1"), "0.0.0.0") == [
        f"Companion is running at http://127.0.0.1:8550/?key={network.key}  (Ctrl+C stops it)",
        f"Invite phones on the same network: http://192.168.1.20:8550/?key={network.key}",
    ]
    open_loopback = TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550)
    assert main.start_lines(open_loopback, "http://127.0.0.1:8550", "127.0.0.1") == [
        "Companion is running at http://127.0.0.1:8550  (Ctrl+C stops it)"]


def test_a_phone_that_tried_wrong_keys_waits_before_the_right_one_opens(tmp_path):
    store = Store(tmp_path)
    pad = new_pad("one_up", ["Ann", "Ben", "Cy"])
    store.save_game(pad.to_doc())
    now = [50.0]
    access = TableAccess(tmp_path, required=True, host="192.168.1.20", port=PORT, clock=lambda: now[0])

    async def open_with(key: str, address: str) -> bool:
        phone = await open_session(session_main(store, access), f"/pad/{pad.id}?key={key}", server_hub(),
                                   client_ip=address)
        return shows(phone, "Invite phones")

    async def play():
        guesses = [await open_with(f"guess{n}", "192.168.1.66") for n in range(6)]
        return (guesses, await open_with(access.key, "192.168.1.66"), await open_with(access.key, "192.168.1.30"))

    assert run_alone(play()) == ([False] * 6, False, True)
    now[0] += 1.0
    assert run_alone(open_with(access.key, "192.168.1.66")) is True
