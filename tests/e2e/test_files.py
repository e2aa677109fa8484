"""Backups and exports travel over HTTP, not over the phone's WebSocket, and stopping the
server stops everything it started, in Chromium against main.py.

- A backup of about 12 MB is sent at a throttled upload speed: the phone that sent it shows
  "Sending <file>: <n>%" as it goes, and the seconds it has taken, then the games imported.
- A backup downloaded from History (a game per line) brings deleted games back when sent again.
- A file over the size limit is refused in plain words before it is sent; nothing imported.
- The CSV table is downloaded from the app's /files/ address.
- SIGTERM (and Ctrl+C) to main.py, once a phone has made it start its worker, leaves no
  process it started running.
"""

from __future__ import annotations

import csv
import io
import os
import re
import signal
from pathlib import Path

import psutil
import pytest

from companion.games.one_card import OneCardPad
from companion.store import Store
from harness import ONE_THREAD, AppPage, home_port, start_app

MEGABYTE = 1024 * 1024


def one_card_game(players: list[str], winner: str) -> dict:
    """A One-card game of ``players`` with one round, won by ``winner``."""
    pad = OneCardPad(players, options={"target": 3})
    pad.add_round(winner)
    return pad.to_doc()


def padded_backup(path: Path, docs: list[dict], size: int) -> None:
    """Write a backup of the games ``docs`` to ``path``, made ``size`` bytes long with blanks
    (JSON allows them between its parts), so that sending it takes a while."""
    source = Store(path.parent / "source")
    source.add_games(docs)
    text = source.export_json().rstrip()
    path.write_text(text[:-1] + " " * (size - len(text.encode("utf-8"))) + "}", encoding="utf-8")


@pytest.fixture
def history(phone_pool, server, tmp_path):
    """A phone (a kept page, conftest.py's ``PhonePool``) on the History screen of the test's
    server, with a CDP session of its page (the network's speed set through it is set back
    before the page is kept for the next test) and the list of the frames (bytes) the server
    has sent the page over its WebSocket."""
    driver = AppPage(phone_pool.take(), server.url, shots_dir=tmp_path)
    frames: list[bytes] = []

    def listen(socket) -> None:
        socket.on("framereceived", lambda frame: frames.append(frame if isinstance(frame, bytes) else frame.encode()))

    driver.browser_page.on("websocket", listen)
    driver.open("/history")
    driver.see("Import backup")
    cdp = driver.page.context.new_cdp_session(driver.page)
    yield driver, cdp, frames
    driver.browser_page.remove_listener("websocket", listen)
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    cdp.detach()
    phone_pool.give_back(driver)


def test_a_backup_is_sent_over_http_with_its_progress_shown_then_imported(history, server, tmp_path):
    app, cdp, frames = history
    upload = tmp_path / "big-backup.json"
    padded_backup(upload, [one_card_game(["Dee", "Eve"], "Eve")], 12 * MEGABYTE)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": 2 * MEGABYTE})
    requests: list[str] = []
    app.page.on("request", lambda request: requests.append(f"{request.method} {request.url}"))
    with app.page.expect_file_chooser() as chooser:
        app.tap("Import backup")
    chooser.value.set_files(str(upload))
    app.see("Imported 1 game from big-backup.json", timeout=90_000)
    app.see("One-card · Dee and Eve")
    # What the page was sent, not what it was seen to show at some moment: on a loaded machine the
    # page's progress reports reached the server together, after the file was read (about 20 s
    # later), so "Sending ...: 95%" stood on screen for a few milliseconds before "Importing".
    shown = [int(percent) for frame in frames for percent in re.findall(rb"Sending big-backup\.json: (\d+)%", frame)]
    assert shown and shown == sorted(shown) and shown[-1] < 100, shown
    # The progress line counts the seconds taken up, about once a second, for the whole send (about
    # 6 s); a new percentage shows the same second again, and a late tick (a busy machine) skips one.
    taken = [int(seconds) for frame in frames for seconds in re.findall(rb"\((\d+) sec\)", frame)]
    assert taken == sorted(taken) and len(set(taken)) >= 4, taken
    sent = [request for request in requests if request.startswith(f"PUT {server.url}/upload?f=")]
    assert len(sent) == 1
    assert Store(server.data_dir).list_games()[0]["players"] == ["Dee", "Eve"]


def test_a_backup_downloaded_from_the_history_is_imported_back_game_by_game(history, server, tmp_path):
    """Export backup gives a file with a game per line, as the import reads it game by game; the
    games deleted meanwhile, that file sent back through Import backup brings them all back as
    they were, the statistics too."""
    app, _cdp, _frames = history
    store = Store(server.data_dir)
    store.add_games([one_card_game(["Ann", "Ben"], "Ben"), one_card_game(["Cy", "Dee"], "Dee"),
                     OneCardPad(["Eve", "Fay"], options={"target": 3}).to_doc()])
    before, statistics = store.list_games(), store.player_stats()
    app.reload()
    app.see("One-card · Ann and Ben")
    with app.page.expect_download() as download:
        app.tap("Export backup")
    saved = tmp_path / "table-backup.json"
    download.value.save_as(saved)
    assert saved.read_bytes().count(b"\n") == 4
    for game in before:
        store.delete_game(game["id"])
    with app.page.expect_file_chooser() as chooser:
        app.tap("Import backup")
    chooser.value.set_files(str(saved))
    app.see("Imported 3 games from table-backup.json")
    assert (store.list_games(), store.player_stats()) == (before, statistics)


def test_a_file_over_the_limit_is_refused_before_it_is_sent(history, server, tmp_path):
    app, _cdp, _frames = history
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as file:
        file.truncate(130 * MEGABYTE)
    requests: list[str] = []
    app.page.on("request", lambda request: requests.append(request.url))
    with app.page.expect_file_chooser() as chooser:
        app.tap("Import backup")
    chooser.value.set_files(str(huge))
    app.see("This file is 130 MB; a backup can be at most 128 MB. Nothing was imported.")
    assert not any("/upload" in url for url in requests)
    assert Store(server.data_dir).list_games() == []


def test_the_csv_table_is_downloaded_from_the_app_s_files_address(history, server):
    app, _cdp, _frames = history
    Store(server.data_dir).save_game(one_card_game(["Ann", "Ben"], "Ben"))
    app.reload()
    app.see("One-card · Ann and Ben")
    with app.page.expect_download() as download:
        app.tap("Export CSV")
    assert download.value.url.startswith(f"{server.url}/files/")
    assert download.value.suggested_filename.startswith("companion-rounds-")
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    assert [row["player"] for row in rows] == ["Ann", "Ben"]


def _descendants(pid: int) -> list[psutil.Process]:
    """The running (not zombie) processes started by ``pid``, at any depth."""
    return [child for child in psutil.Process(pid).children(recursive=True) if _running(child)]


def _running(process: psutil.Process) -> bool:
    """Whether ``process`` still runs (a zombie has ended)."""
    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _ended(processes: list[psutil.Process], timeout: float = 15.0) -> set[str]:
    """Wait until none of ``processes`` runs (Python's resource tracker, a child of the server, ends
    when it sees the server's end of its pipe close, just after the server); returns those still
    running after ``timeout`` seconds, with their command lines."""
    _gone, alive = psutil.wait_procs(processes, timeout=timeout)
    return {f"{process.pid}: {' '.join(process.cmdline())}" for process in alive if _running(process)}


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
def test_stopping_the_server_stops_every_process_it_started(phone_pool, tmp_path, stop):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    Store(data_dir).save_game(one_card_game(["Ann", "Ben"], "Ann"))
    server = start_app(data_dir, tmp_path / "server.log", home_port(), single_thread=ONE_THREAD)
    try:
        app = AppPage(phone_pool.take(), server.url, shots_dir=tmp_path)
        try:
            app.open("/history")
            with app.page.expect_download():
                app.tap("Export backup")
            started = _descendants(server.process.pid)
        finally:
            phone_pool.give_back(app)
        assert started, "the export started no worker process"
        os.kill(server.process.pid, stop)
        server.process.wait(timeout=60)
        assert _ended(started) == set()
        assert "Traceback" not in server.log()
    finally:
        server.stop()
