"""Benchmark: the live table and a club night, in headless Chromium.

    .venv/bin/python bench/live.py [--part all|club|table|taps|long|start|memory] [--sessions 60]
                                   [--saves 20] [--fanout 50] [--taps 20] [--history 10000] [--runs 3]
                                   [--phone-cpu] [--against DIR]

Every figure is a ratio against a baseline measured in the same run:

1. club (10 tables of 6 phones, or ``--sessions``): the server's CPU time per
   saved round (read from /proc, so the machine's other load does not count)
   with ``--sessions`` sessions open on OTHER games against the same with one
   other session; the server's memory per session open; then the fan-out of
   one save to the other 5 phones of a table (click on one phone to the new
   total painted on each of the 5, by the pages' own clocks; each phone a
   browser context of its own, whose wait for its next animation frame is
   printed to show it was not throttled as a background page), p95 over
   ``--fanout`` saves.
   Targets: at most 1.2x; under 1 s. ``--part table`` measures the fan-out
   of one table alone: six phones and a board on one game of 12 rounds and
   on one of 22, the two tables saved on in turns (the board watched like
   the 5 other phones). With the fan-out, the server's CPU per save for the
   saver and its watchers is printed (with ``--part table``, as a ratio to
   a save with the saver alone on a game of the same size, and per watcher
   besides the saver, a board counting as one: target at most 4 ms at 12
   rounds). With ``--against DIR`` (a checkout of another version), that
   version's server is started too, with tables of its own saved on in
   turns with this one's: the figures before and after, side by side.
2. taps: tap to paint (click to the new text in the page) of the pad's
   actions (a card value, "Add round" to the sheet, "Save round" to the new
   total) against a Flet counter app (bench/counter_flet.py) measured the
   same way, taps alternating; p95 ratios, and the median of each tap's
   part until the page's first message from the server (the rest is the
   phone's). Target: at most 2x. "plain" is a plain Flet page of as many
   controls as the pad (bench/plain_flet.py, :data:`PLAIN_CONTROLS`),
   tapped in the same turns; the pad's taps against it: at most 1.2x.
   "plain: Add round" and "plain: Save round" do the same work as the
   pad's two taps on a plain Flet page of that size
   (bench/plain_flet.py's sheet of :data:`SHEET_CONTROLS` controls, opened
   over the page and taken away with the totals and a round's line
   changed, after a game's worth of bytes written durably as the store
   does), Flet's floor for that work: the pad's "Add round" and "Save
   round" against them too, at most 1.2x. "plain, hidden: ..." do that
   work hiding the page under the sheet, as the pad hides its table (out
   of a screen reader's and the keyboard's reach), and "plain, unread: ..."
   keeping it drawn but out of a screen reader's reach: the floors of a
   pad that keeps its covered table from a screen reader, printed beside.
   "lean: ..." do it on the pad's own screen drawn in few controls
   (bench/lean_flet.py: no screen-reader label, nothing kept, its sheet
   built at each "Add round"), its table hidden under the sheet as the
   pad's: near the floor of a leaner pad.
   With ``--phone-cpu``, the taps run under
   a Chromium trace, and the CPU time of each page's main thread from the
   server's first message to the change seen is printed too (medians, and
   the ratio to the counter's): a figure the machine's other load hardly
   moves, unlike the wall-clock ones (which the trace itself slows a little).
3. long: with ``--history`` finished games saved, one phone shows player
   statistics, exports a backup, imports a 1,000-game backup; meanwhile
   another phone taps ("Add round", "Cancel") and its worst tap is compared
   with its idle p95. Target: at most 2x.
4. start: start to first frame of main.py against a hello-world Flet app
   (bench/startup.py's measurement, Companion's bytecode written first as
   an install does), medians. Target: at most 1.2x.
5. memory: the server's resident memory (read from /proc) per phone open
   on the pad of a 12-round game, each phone a page of a browser, against
   a counter app's and a plain Flet page of the pad's size (Flet's floor
   for a screen that size), the three servers in turns; the pad both as
   opened and after its new-round sheet was opened once (kept built from
   then on), and the pad's screen drawn in few controls
   (bench/lean_flet.py), near the floor of any pad; and the app showing an
   address it has no screen for (the navigation bar and little else): what
   every screen of the app costs before its own controls. Target: at most
   2x the counter app. (bench/render.py --memory measures the Python heap alone,
   in-process.)

Needs /usr/bin/chromium and Playwright.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))

from companion.registry import new_pad  # noqa: E402
from companion.store import Store  # noqa: E402
from harness import PHONE, TEST_ID_ATTRIBUTE, AppPage, free_port, in_browser, start_app, start_script  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from startup import (  # noqa: E402
    HELLO_SCRIPT, HELLO_TEXT, _finished_docs, _p95, compile_companion, cpu_seconds, first_frame, print_first_frames,
)

COUNTER_SCRIPT = ROOT / "bench" / "counter_flet.py"
PLAIN_SCRIPT = ROOT / "bench" / "plain_flet.py"
LEAN_SCRIPT = ROOT / "bench" / "lean_flet.py"
PLAIN_CONTROLS = 135
"""Controls asked of the plain Flet page the taps are compared with: the pad's
screen from its third round on (bench/render.py --controls: 135 at rounds
12 and 22; the plain page's rows come four controls at a time, so it holds
132), so the ratio to it is what the pad costs over Flet's floor for a
screen of its size."""
SHEET_CONTROLS = 67
"""Controls the pad's round sheet adds to the screen, those of the plain
page's sheet that the pad's "Add round" and "Save round" are compared with:
a One Up pad of three players holds 90 controls, and 157 once "Add round"
has opened its sheet (counted as a session holds them,
``tests/flet_session.py``'s ``controls``)."""
SHEET_WAYS = {"kept": "plain", "hidden": "plain, hidden", "unread": "plain, unread", "lean": "lean"}
"""The ways bench/plain_flet.py's sheet pages treat the page under the sheet (its ``UNDER_SHEET``),
and bench/lean_flet.py's page ("lean"), with the names of their taps here."""
SAME_WORK = {"Add round -> sheet": "Add round", "Save round -> total": "Save round"}
"""The pad's taps and the plain sheet pages' taps that do the same work (named "<way's name>: <tap>")."""
AFTER_SAVE = 0.6
"""Seconds the taps wait after the pad's "Save round" (twice ``companion.ui.pad.READY_AFTER``)."""
TABLE = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
"""The six players (and phones) of every table of the club night."""

CLOSE_SETTLE = 10.0
"""Seconds the server is given to drop closed sessions before a measurement."""

TARGETS = {"save": 1.2, "fanout": 1.0, "tap": 2.0, "plain": 1.2, "long": 2.0, "watcher": 4.0, "memory": 2.0}
"""Targets of the parts here; the start's is bench/startup.py's STARTUP_TARGET."""

READ = """const read = (attribute, id) => {
    const node = document.querySelector(`[${attribute}="${id}"]`);
    if (node === null) return null;
    const labels = Array.from(node.querySelectorAll('[aria-label]'), n => n.getAttribute('aria-label'));
    return [node.innerText.trim(), node.getAttribute('aria-label') || '', ...labels].join('|');
};"""
"""The text of a node as the page shows it: its inner text, its label and its
descendants' labels (Flutter puts a container's texts in its label)."""

TEXT_OF = f"""([attribute, id]) => {{ {READ} return read(attribute, id); }}"""

CHANGED = f"""([attribute, id, before]) => {{ {READ} return read(attribute, id) !== before; }}"""

MESSAGES = """(() => {
    const Native = window.WebSocket;
    window.__messages = [];
    window.WebSocket = function (...args) {
        const socket = new Native(...args);
        socket.addEventListener('message', () => {
            window.__messages.push(Date.now());
            performance.mark('message');
        });
        return socket;
    };
    window.WebSocket.prototype = Native.prototype;
    Object.assign(window.WebSocket, Native);
})();"""
"""Page script that notes the time (``Date.now()``) of every message the
server sends the page, and marks it in the page's performance timeline
("message", read from a trace by :func:`phone_cpu`)."""

WATCH = """([attribute, id, expected]) => {
    window.__paintedAt = null;
    window.__changedAt = null;
    window.__messages = [];
    const shows = () => {
        const node = document.querySelector(`[${attribute}="${id}"]`);
        return node !== null && node.innerText.trim() === expected;
    };
    const observer = new MutationObserver(() => {
        if (window.__changedAt !== null || !shows()) return;
        window.__changedAt = Date.now();
        observer.disconnect();
        requestAnimationFrame(() => { window.__paintedAt = Date.now(); });
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""
"""Watch for the node ``id`` to read ``expected``: Flutter writes its page's
accessibility tree in the frame that paints the change, so the page notes the
time of the next animation frame after the node changed. The page runs no
frame of its own meanwhile: a loop of animation frames, read in each of the
five pages, made each draw 30 to 60 frames a second while it waited, on the
two cores the server and the pages share."""

WATCHED = """(clicked) => [
    window.__paintedAt - clicked,
    (window.__messages.find(at => at >= clicked) ?? window.__paintedAt) - clicked,
    window.__paintedAt - window.__changedAt,
]"""
"""What a watch saw, from the click at ``clicked`` (ms, page clock): [click to
paint, click to the first message from the server, ms from the change to the
next animation frame]."""

FRAME_WAIT_LIMIT = 100.0
"""Most milliseconds between a change and the next animation frame of a page
Chromium runs in the foreground (it runs a page it has put in the background
about once a second): a paint that waited longer is reported."""


def rss_mb(pid: int) -> float:
    """Resident memory of the process ``pid`` in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def text_of(app: AppPage, test_id: str) -> str | None:
    """The text of the node with ``test_id`` now (None: not on the page)."""
    return app.page.evaluate(TEXT_OF, [TEST_ID_ATTRIBUTE, test_id])


FIRST_MESSAGE = """(clicked) => (window.__messages || []).find(at => at >= clicked) ?? null"""
"""The page-clock time of the first message from the server at or after
``clicked`` (None: none noted, the page has no :data:`MESSAGES` script)."""


def tap_to_paint(app: AppPage, button, test_id: str) -> float:
    """Milliseconds from a click on ``button`` to the node ``test_id`` reading
    differently (or appearing), polled at every animation frame (see
    :func:`tap_with_message`)."""
    return tap_with_message(app, button, test_id)[0]


def tap_with_message(app: AppPage, button, test_id: str) -> tuple[float, float | None]:
    """Milliseconds from a click on ``button`` to the node ``test_id`` reading
    differently (or appearing), polled at every animation frame, and from
    the click to the first message the page received from the server after
    it (by the page's clock; None on a page without the :data:`MESSAGES`
    script). The rest of the first figure is the phone's: reading the
    message, building, laying out and painting the change. The page marks
    "tap" before the click and "seen" once the change is seen, for
    :func:`phone_cpu`. The page is
    brought to the front first: Chromium runs a hidden page's animation
    frames about once a second, which would be measured instead."""
    app.page.bring_to_front()
    before = text_of(app, test_id)
    box = button.bounding_box()
    clicked = app.page.evaluate("performance.mark('tap'), Date.now()")
    start = time.perf_counter()
    app.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    app.page.wait_for_function(CHANGED, arg=[TEST_ID_ATTRIBUTE, test_id, before], polling="raf", timeout=30_000)
    took = (time.perf_counter() - start) * 1000
    app.page.evaluate("performance.mark('seen')")
    told = app.page.evaluate(FIRST_MESSAGE, clicked)
    return took, None if told is None else told - clicked


TRACE_CATEGORIES = ["toplevel", "blink.user_timing"]
"""The Chromium trace categories :func:`phone_cpu` reads: the threads' tasks
(with their CPU time) and the pages' performance marks."""


def phone_cpu(trace: Path) -> list[float]:
    """The CPU time (ms) of a page's main thread for each tap in the Chromium
    trace file ``trace``, in the order of the taps (the page's "tap" marks,
    see :func:`tap_with_message`): the CPU time (``tdur``) of the tasks of
    the thread that marked the tap which ran between the page's first
    "message" mark after it (:data:`MESSAGES`) and its "seen" mark: reading
    the server's message, building, laying out and painting the change.
    Raises ``ValueError`` when a tap has no message or no "seen" mark after it."""
    events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    marks = sorted(
        (event for event in events
         if event.get("cat") == "blink.user_timing" and event.get("name") in ("tap", "message", "seen")),
        key=lambda event: event["ts"],
    )
    tasks: dict[tuple[int, int], list[dict]] = {}
    for event in events:
        if event.get("name") == "ThreadControllerImpl::RunTask" and event.get("ph") == "X" and "tdur" in event:
            tasks.setdefault((event["pid"], event["tid"]), []).append(event)
    spent = []
    for index, tap in enumerate(marks):
        if tap["name"] != "tap":
            continue
        thread = (tap["pid"], tap["tid"])
        later = [mark for mark in marks[index + 1:] if (mark["pid"], mark["tid"]) == thread]
        told = next((mark["ts"] for mark in later if mark["name"] == "message"), None)
        seen = next((mark["ts"] for mark in later if mark["name"] == "seen"), None)
        if told is None or seen is None or told > seen:
            raise ValueError(f"a tap at {tap['ts']} us has no server message before its change was seen")
        spent.append(sum(
            task["tdur"] for task in tasks.get(thread, []) if task["ts"] + task["dur"] > told and task["ts"] < seen
        ) / 1000)
    return spent


def open_page(context, url: str, path: str, wait_id: str, *, words: str | None = None) -> AppPage:
    """A new page of ``context`` on ``path``, once ``wait_id`` (a test id) is on it, or
    ``words`` are, on a page without test ids."""
    page = context.new_page()
    page.set_default_timeout(60_000)
    app = AppPage(page, url)
    app.open(path)
    if words is None:
        page.get_by_test_id(wait_id).first.wait_for(timeout=60_000)
    else:
        app.see(words, timeout=60_000)
    return app


MATCH_WINS = 1000
"""Round wins that end the benches' One-card games: none ends while measured."""


def one_card_games(store: Store, count: int, rounds: int = 0) -> list[str]:
    """``count`` One-card games of the six players saved in ``store``, each
    of ``rounds`` rounds (won in turn from Ann on), ended only at
    :data:`MATCH_WINS` round wins; their ids."""
    ids = []
    for _ in range(count):
        pad = new_pad("one_card", TABLE, options={"target": MATCH_WINS})
        for number in range(rounds):
            pad.add_round(TABLE[number % len(TABLE)])
        store.save_game(pad.to_doc())
        ids.append(pad.id)
    return ids


def save_one_card(app: AppPage, winner: str) -> None:
    """On a One-card pad: "Add round", then the winner (which saves)."""
    before = text_of(app, f"total-{winner}")
    app.tap("Add round")
    app.tap(f"{winner} won")
    app.page.wait_for_function(CHANGED, arg=[TEST_ID_ATTRIBUTE, f"total-{winner}", before], timeout=30_000)


def save_cost(saver: AppPage, pid: int, saves: int) -> float:
    """Server CPU milliseconds per round saved from ``saver`` (mean of
    ``saves``), less what the server spends idle over the same time (the
    open sessions' keep-alives: measured right after, saving nothing)."""
    save_one_card(saver, "Ann")
    start, began = cpu_seconds(pid), time.perf_counter()
    for _ in range(saves):
        save_one_card(saver, "Ann")
    busy, took = cpu_seconds(pid) - start, time.perf_counter() - began
    start = cpu_seconds(pid)
    time.sleep(took)
    idle = cpu_seconds(pid) - start
    return (busy - idle) * 1000 / saves


def verdict(ratio: float, target: float) -> str:
    return "ok" if ratio <= target else f"OVER TARGET by {(ratio / target - 1) * 100:.0f}%"


def club(browser, sessions: int, saves: int, fanout: int) -> None:
    """Part 1: save cost with sessions on other games, memory per session, fan-out."""
    tables = max(2, (sessions + len(TABLE) - 1) // len(TABLE))
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"
        games = one_card_games(Store(data), tables)
        server = start_app(data, Path(scratch) / "server.log")
        try:
            pid = server.process.pid
            saver_context = browser.new_context(viewport=PHONE)
            saver = open_page(saver_context, server.url, f"/pad/{games[0]}", "total-Ann")
            others_context = browser.new_context(viewport=PHONE)
            seats = [games[1 + index % (tables - 1)] for index in range(sessions - 1)]
            others = [open_page(others_context, server.url, f"/pad/{seats[0]}", "total-Ann")]
            one = save_cost(saver, pid, saves)
            memory_before = rss_mb(pid)
            held = 1
            for game_id in seats[1:]:
                try:
                    others.append(open_page(others_context, server.url, f"/pad/{game_id}", "total-Ann"))
                    held += 1
                except PlaywrightError as error:  # the machine holds no more pages
                    print(f"  stopped opening sessions at {held + 1}: {type(error).__name__}")
                    break
            memory_after = rss_mb(pid)
            many = save_cost(saver, pid, saves)
            one_again = (one + save_cost_with_closed(saver, pid, saves, others[1:])) / 2
            print(f"club night: {held + 1} sessions open (the saver and {held} on other games), {saves} saves each:")
            print(f"  server CPU per save, 1 session on another game    {one_again:7.1f} ms   "
                  f"(before: {one:.1f}, after closing the others)")
            print(f"  server CPU per save, {held} sessions on other games {many:7.1f} ms")
            ratio = many / one_again
            print(f"  ratio {ratio:.2f}x   target <= {TARGETS['save']}x   {verdict(ratio, TARGETS['save'])}")
            print(f"  server memory: {memory_before:.0f} MB with 2 sessions, {memory_after:.0f} MB with {held + 1}: "
                  f"{(memory_after - memory_before) / max(1, held - 1):.2f} MB per session")
            saver_context.close()
            phones = [open_phone(browser, server.url, f"/pad/{games[0]}") for _ in range(6)]
            fan_out(phones[0], phones[1:], fanout, pid)
            for context in (others_context, *(phone.page.context for phone in phones)):
                context.close()
        finally:
            server.stop()


TABLE_ROUNDS = (12, 22)
"""Rounds of the games the fan-out of ``--part table`` is measured on, in turns."""


def start_version(root: Path, data: Path, log: Path):
    """Start the main.py of the checkout at ``root`` (this one or another
    version's) on ``data``, as :func:`start_app` starts this one's."""
    if root == ROOT:
        return start_app(data, log)
    port = free_port()
    return start_script(root / "main.py", ["--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data),
                                           "--no-browser"], log, port, data)


def table(browser, saves: int, roots: list[Path]) -> None:
    """The fan-out alone: for each version of ``roots`` (a server each) and
    each size of :data:`TABLE_ROUNDS`, one table of six phones and a board
    on one game of that many rounds, the tables open together and saved on
    in turns (one save on each, then again), so the machine's load falls
    alike on all; first, the server's CPU per save with one phone alone on
    another game of each size (:func:`save_cost`), the baseline of the
    fan-out's CPU per save."""
    with tempfile.TemporaryDirectory() as scratch:
        servers, games = {}, {}
        try:
            for root in roots:
                data = Path(scratch) / root.name
                store = Store(data)
                games.update({(root, rounds): one_card_games(store, 2, rounds) for rounds in TABLE_ROUNDS})
                servers[root] = start_version(root, data, Path(scratch) / f"{root.name}.log")
            alone = {}
            for (root, rounds), (_game_id, apart) in games.items():
                alone_phone = open_phone(browser, servers[root].url, f"/pad/{apart}")
                alone[root, rounds] = save_cost(alone_phone, servers[root].process.pid, saves)
                alone_phone.page.context.close()
            tables = {
                (root, rounds): ([open_phone(browser, servers[root].url, f"/pad/{game_id}") for _ in range(6)],
                                 open_phone(browser, servers[root].url, f"/board/{game_id}", "board-total-Ann", BOARD))
                for (root, rounds), (game_id, _apart) in games.items()
            }
            noted = {key: FanOut() for key in tables}
            for number in range(saves):
                for (root, rounds), (phones, board) in tables.items():
                    fan_out_once(phones[0], phones[1:], [board], number, servers[root].process.pid,
                                 noted[root, rounds])
            for root, rounds in tables:
                print(f"{root.name}:")
                print_fan_out(noted[root, rounds], 5, 1, f"on a game of {rounds} rounds, {saves} saves in turns "
                              f"with the other tables", alone[root, rounds])
            for phones, board in tables.values():
                for phone in (*phones, board):
                    phone.page.context.close()
        finally:
            for server in servers.values():
                server.stop()


BOARD = {"width": 1280, "height": 800}
"""The board's screen (a landscape tablet or TV)."""


def open_phone(browser, url: str, path: str, wait_id: str = "total-Ann", viewport: dict = PHONE) -> AppPage:
    """A phone of its own: a new browser context (not a page behind another, so Chromium
    never puts it behind another page) of ``viewport`` on ``path``, once
    ``wait_id`` (the total of Ann) is on it, noting the time of every
    message the server sends it."""
    context = browser.new_context(viewport=viewport)
    context.add_init_script(MESSAGES)
    return open_page(context, url, path, wait_id)


def save_cost_with_closed(saver: AppPage, pid: int, saves: int, pages: list[AppPage]) -> float:
    """Close ``pages``, let the server see them go, then :func:`save_cost` again."""
    for app in pages:
        app.page.close()
    time.sleep(CLOSE_SETTLE)
    return save_cost(saver, pid, saves)


@dataclass
class FanOut:
    """What :func:`fan_out_once` noted over the saves of one table.

    Attributes:
        painted: ms from the click to the paint, per watcher and save.
        told: ms from the click to the watcher's first message from the server.
        waits: ms from the change to the watcher's next animation frame.
        cpu: the server's CPU ms per save (the saver and every watcher).
    """

    painted: list[float] = field(default_factory=list)
    told: list[float] = field(default_factory=list)
    waits: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


def fan_out_once(saver: AppPage, watchers: list[AppPage], boards: list[AppPage], number: int, pid: int,
                 noted: FanOut) -> None:
    """Save round ``number``'s winner (the players in turn) on ``saver`` and
    note in ``noted`` the click-to-paint on each of ``watchers`` and
    ``boards`` (phones of their own, see :func:`open_phone`), the part of
    it until the server's first message reached the phone, how long a
    watched page waited from the change to its next animation frame, and
    the server's CPU (process ``pid``) from "Add round" until every phone and
    board painted the save (as :func:`save_cost` counts a save: "Add round"
    and the winner's tap)."""
    winner = TABLE[number % len(TABLE)]
    expected = str(int(saver.text_of(f"total-{winner}")) + 1)
    cpu_start = cpu_seconds(pid)
    saver.tap("Add round")
    for watcher in watchers:
        watcher.page.evaluate(WATCH, [TEST_ID_ATTRIBUTE, f"total-{winner}", expected])
    for board in boards:
        board.page.evaluate(WATCH, [TEST_ID_ATTRIBUTE, f"board-total-{winner}", expected])
    button = saver.button(f"{winner} won")
    box = button.bounding_box()
    clicked = saver.page.evaluate("Date.now()")
    saver.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    for watcher in (*watchers, *boards):
        watcher.page.wait_for_function("window.__paintedAt !== null", timeout=30_000)
        paint, message, wait = watcher.page.evaluate(WATCHED, clicked)
        noted.painted.append(paint)
        noted.told.append(message)
        noted.waits.append(wait)
    saver.page.get_by_test_id(f"total-{winner}").wait_for()
    noted.cpu.append((cpu_seconds(pid) - cpu_start) * 1000)


def fan_out(saver: AppPage, watchers: list[AppPage], saves: int, pid: int) -> None:
    """:func:`fan_out_once` ``saves`` times on one table, then :func:`print_fan_out`."""
    noted = FanOut()
    for number in range(saves):
        fan_out_once(saver, watchers, [], number, pid, noted)
    print_fan_out(noted, len(watchers), 0, f"{saves} saves")


def print_fan_out(noted: FanOut, watchers: int, boards: int, what: str, alone: float | None = None) -> None:
    """Print the p95 of click-to-paint of :func:`fan_out_once`'s ``noted``
    saves on ``watchers`` phones and ``boards`` boards (``what``: the saves,
    in words), the part of it until the server's first message reached the
    phone, how long a watched page waited for its next animation frame (a
    page that waited over :data:`FRAME_WAIT_LIMIT`, as a page run in the
    background does, is reported), and the server's CPU per save: against
    ``alone`` (ms per save with the saver alone on a game, :func:`save_cost`)
    when given, as a ratio, and per watcher besides the saver (a board
    counting as one) against the target."""
    painted, told, waits = noted.painted, noted.told, noted.waits
    p95 = _p95(painted) / 1000
    print(f"fan-out of one save to the other {watchers} phones of the table and {boards} board(s), {what} "
          f"({len(painted)} paints), each phone in a browser context of its own:")
    print(f"  click to paint          median {statistics.median(painted):5.0f} ms   p95 {_p95(painted):5.0f} ms   "
          f"worst {max(painted):5.0f} ms")
    print(f"  click to first message median {statistics.median(told):5.0f} ms   p95 {_p95(told):5.0f} ms   "
          "(the server's part)")
    slow = sum(1 for wait in waits if wait > FRAME_WAIT_LIMIT)
    print(f"  change to next frame on the watched pages: median {statistics.median(waits):.0f} ms, worst "
          f"{max(waits):.0f} ms ({slow} of {len(waits)} paints over {FRAME_WAIT_LIMIT:.0f} ms)")
    cpu = statistics.fmean(noted.cpu)
    against = ""
    if alone:
        each = (cpu - alone) / (watchers + boards)
        against = (f"   {cpu / alone:.2f}x the {alone:.1f} ms with the saver alone; each watcher {each:.1f} ms "
                   f"(target {TARGETS['watcher']:.0f} ms: {verdict(each, TARGETS['watcher'])})")
    print(f"  server CPU per save (mean), the saver and {watchers + boards} watchers: {cpu:.1f} ms{against}")
    print(f"  p95 {p95:.2f} s   target < {TARGETS['fanout']} s   {'ok' if p95 < TARGETS['fanout'] else 'OVER TARGET'}")


def taps(browser, count: int, trace_cpu: bool = False) -> None:
    """Part 2: tap to paint of the pad's actions against the counter app;
    with ``trace_cpu``, the phone's main-thread CPU per tap too (:func:`phone_cpu`)."""
    order: list[str] = []
    spent: list[float] = []
    with tempfile.TemporaryDirectory() as scratch:
        trace = Path(scratch) / "taps-trace.json"
        data = Path(scratch) / "data"
        pad = new_pad("one_up", ["Ann", "Ben", "Cy"], options={"limit": 100_000})
        Store(data).save_game(pad.to_doc())
        app_server = start_app(data, Path(scratch) / "app.log")
        port = free_port()
        counter_server = start_script(COUNTER_SCRIPT, [str(port)], Path(scratch) / "counter.log", port)
        plain_port = free_port()
        plain_server = start_script(PLAIN_SCRIPT, [str(plain_port), str(PLAIN_CONTROLS)], Path(scratch) / "plain.log",
                                    plain_port)
        sheet_ports = {way: free_port() for way in SHEET_WAYS}
        sheet_servers = {
            way: start_script(LEAN_SCRIPT, [str(port)], Path(scratch) / "lean.log", port) if way == "lean"
            else start_script(PLAIN_SCRIPT, [str(port), str(PLAIN_CONTROLS), str(SHEET_CONTROLS), way],
                              Path(scratch) / f"sheet-{way}.log", port)
            for way, port in sheet_ports.items()
        }
        try:
            context = browser.new_context(viewport=PHONE)
            context.add_init_script(MESSAGES)
            app = open_page(context, app_server.url, f"/pad/{pad.id}", "total-Ann")
            counter = open_page(context, counter_server.url, "/", "count")
            plain = open_page(context, plain_server.url, "/", "count")
            plain_button = plain.button("Count")
            sheets = {SHEET_WAYS[way]: open_page(context, server.url, "/", "total")
                      for way, server in sheet_servers.items()}
            samples: dict[str, list[float]] = {"counter": [], "plain": [], "card value": [], "Add round -> sheet": [],
                                               "Save round -> total": [],
                                               **{f"{way}: {tap}": [] for way in sheets for tap in SAME_WORK.values()}}
            told: dict[str, list[float]] = {name: [] for name in samples}
            count_button = counter.button("Count")
            if trace_cpu:
                browser.start_tracing(path=str(trace), categories=TRACE_CATEGORIES)
            for turn in range(count + 2):
                taken = [
                    ("counter", tap_with_message(counter, count_button, "count")),
                    ("plain", tap_with_message(plain, plain_button, "count")),
                    ("Add round -> sheet", tap_with_message(app, app.button("Add round"), "hand-Ann")),
                    ("counter", tap_with_message(counter, count_button, "count")),
                    ("card value", tap_with_message(app, app.button("K", within="hand-Ann"), "hand-Ann")),
                    ("counter", tap_with_message(counter, count_button, "count")),
                    ("card value", tap_with_message(app, app.button("5", within="hand-Ben"), "hand-Ben")),
                ]
                went_out = text_of(app, "hand-Cy")
                app.tap("Cy went out")
                # The sheet's layout moves once Cy's part shows it: the save button is found after that.
                app.page.wait_for_function(CHANGED, arg=[TEST_ID_ATTRIBUTE, "hand-Cy", went_out], timeout=30_000)
                taken.append(("counter", tap_with_message(counter, count_button, "count")))
                taken.append(("plain", tap_with_message(plain, plain_button, "count")))
                taken.append(("Save round -> total", tap_with_message(app, app.button("Save round"), "total-Ann")))
                # The pad builds its next sheet out of sight after a save (companion.ui.pad.READY_AFTER):
                # that work is done before the next tap is measured, as a hand takes longer to tap again.
                time.sleep(AFTER_SAVE)
                for way, sheet in sheets.items():
                    taken.append((f"{way}: Add round", tap_with_message(sheet, sheet.button("Add round"), "hand")))
                    taken.append((f"{way}: Save round", tap_with_message(sheet, sheet.button("Save round"), "total")))
                order.extend(name if turn >= 2 else "" for name, _taken in taken)
                if turn >= 2:
                    for name, (value, message) in taken:
                        samples[name].append(value)
                        if message is not None:
                            told[name].append(message)
            if trace_cpu:
                browser.stop_tracing()
                spent = phone_cpu(trace)
            context.close()
        finally:
            app_server.stop()
            counter_server.stop()
            plain_server.stop()
            for server in sheet_servers.values():
                server.stop()
    base = _p95(samples["counter"])
    plain_base = _p95(samples["plain"])
    print(f"tap to paint, {count} taps each after 2 warm-up rounds (click to the new text in the page;"
          " \"server\": click to the page's first message from the server, median; the rest is the phone's):")
    print(f"  {'Flet counter app':<27} median {statistics.median(samples['counter']):6.0f} ms   p95 {base:6.0f} ms   "
          f"server {statistics.median(told['counter']):4.0f} ms")
    for name, values in samples.items():
        if name == "counter":
            continue
        ratio = _p95(values) / base
        if name.startswith("plain"):
            against_plain = ""
        elif name.startswith("lean"):
            against_plain = f"   {_p95(values) / plain_base:.2f}x the plain page (a floor of the pad's tap against it)"
        else:
            against_plain = (f"   {_p95(values) / plain_base:.2f}x the plain page (target <= {TARGETS['plain']}x: "
                             f"{verdict(_p95(values) / plain_base, TARGETS['plain'])})")
        if name in SAME_WORK:
            tap = SAME_WORK[name]
            same = _p95(values) / _p95(samples[f"plain: {tap}"])
            against_plain += (f";  {same:.2f}x the plain page's {tap!r} "
                              f"(the same work: target <= {TARGETS['plain']}x: {verdict(same, TARGETS['plain'])}); "
                              f"{_p95(values) / _p95(samples[f'plain, hidden: {tap}']):.2f}x its page hidden under "
                              f"the sheet, {_p95(values) / _p95(samples[f'plain, unread: {tap}']):.2f}x unread, "
                              f"{_p95(values) / _p95(samples[f'lean: {tap}']):.2f}x the lean pad page")
        print(f"  {name:<27} median {statistics.median(values):6.0f} ms   p95 {_p95(values):6.0f} ms   "
              f"server {statistics.median(told[name]):4.0f} ms   "
              f"ratio {ratio:.2f}x   target <= {TARGETS['tap']}x   {verdict(ratio, TARGETS['tap'])}{against_plain}")
    if trace_cpu:
        cpu: dict[str, list[float]] = {name: [] for name in samples}
        for name, value in zip(order, spent, strict=True):
            if name:
                cpu[name].append(value)
        cpu_base = statistics.median(cpu["counter"])
        print("phone's main-thread CPU from the server's first message to the change seen (Chromium trace, medians):")
        for name, values in cpu.items():
            median = statistics.median(values)
            print(f"  {name:<27} {median:6.1f} ms   ratio {median / cpu_base:.2f}x")


def long_work(browser, history: int, count: int) -> None:
    """Part 3: another phone's worst tap while one phone does long work."""
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"
        store = Store(data)
        store.add_games(_finished_docs(history))
        pad = new_pad("one_up", ["Ann", "Ben", "Cy"])
        store.save_game(pad.to_doc())
        backup = Path(scratch) / "backup.json"
        backup.write_text(json.dumps({"format": "companion-backup", "schema": 1, "exported": "2026-01-01T00:00:00+00:00",
                                      "games": _finished_docs(1000)}), encoding="utf-8")
        server = start_app(data, Path(scratch) / "server.log")
        try:
            tapper_context = browser.new_context(viewport=PHONE)
            tapper = open_page(tapper_context, server.url, f"/pad/{pad.id}", "total-Ann")
            asker_context = browser.new_context(viewport=PHONE, accept_downloads=True)
            asker = AppPage(asker_context.new_page(), server.url)
            asker.page.set_default_timeout(120_000)
            asker.open("/history")
            asker.see("Export backup", timeout=120_000)

            def tap() -> float:
                name, target = ("Cancel", "total-Ann") if text_of(tapper, "hand-Ann") else ("Add round", "hand-Ann")
                return tap_to_paint(tapper, tapper.button(name), target)

            idle = [tap() for _ in range(count)]
            idle_p95 = _p95(idle)
            print(f"long work at {history} saved games: another phone's taps (\"Add round\" / \"Cancel\"):")
            print(f"  idle                   p95 {idle_p95:6.0f} ms   ({count} taps)")

            def during(name: str, start: Callable[[], None], done: Callable[[], bool]) -> None:
                began = time.perf_counter()
                start()
                worst: list[float] = []
                while not done() or len(worst) < 3:
                    worst.append(tap())
                took = time.perf_counter() - began
                ratio = max(worst) / idle_p95
                print(f"  {name:<22} worst {max(worst):6.0f} ms   ({len(worst)} taps in {took:.1f} s)   "
                      f"ratio {ratio:.2f}x   target <= {TARGETS['long']}x   {verdict(ratio, TARGETS['long'])}")

            during("player statistics", lambda: asker.tap("Show player statistics"),
                   lambda: text_of(asker, "player-stats") is not None)
            during("export backup", lambda: asker.tap("Export backup"),
                   lambda: text_of(asker, "working") is None)

            def start_import() -> None:
                with asker.page.expect_file_chooser() as chooser:
                    asker.tap("Import backup")
                chooser.value.set_files(str(backup))

            during("import 1,000 games", start_import,
                   lambda: "Imported" in (text_of(asker, "message") or ""))
            tapper_context.close()
            asker_context.close()
        finally:
            server.stop()


MEMORY_PAGES = 20
"""Phones ``--part memory`` opens on each server after the first, per turn."""
MEMORY_TURNS = 3
"""Turns of ``--part memory``: each opens and closes its phones on the three servers in turn."""


def sheet_opened_once(app: AppPage) -> None:
    """Open the pad's new-round sheet on ``app`` and close it: the phone keeps it built from then on
    (``companion.ui.pad.ReadySheet``), as every phone that has entered a round does."""
    app.tap("Add round")
    app.page.get_by_test_id("hand-Ann").first.wait_for()
    app.tap("Cancel")
    app.page.get_by_test_id("total-Ann").first.wait_for()


def memory(browser) -> None:
    """Part 5: the server's resident memory per phone open, as the phones' browsers hold them."""
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"
        players = ["Ann", "Ben", "Cy"]
        pad = new_pad("one_up", players, options={"limit": 100_000})
        for number in range(12):
            pad.add_round({name: "" if index == number % 3 else "K 5" for index, name in enumerate(players)},
                          players[number % 3])
        Store(data).save_game(pad.to_doc())
        ports = [free_port(), free_port(), free_port()]
        app = start_app(data, Path(scratch) / "app.log")
        counter = start_script(COUNTER_SCRIPT, [str(ports[0])], Path(scratch) / "counter.log", ports[0])
        plain = start_script(PLAIN_SCRIPT, [str(ports[1]), str(PLAIN_CONTROLS)], Path(scratch) / "plain.log", ports[1])
        lean = start_script(LEAN_SCRIPT, [str(ports[2])], Path(scratch) / "lean.log", ports[2])
        kinds = {  # each page: its server, its address, a test id or words to wait for, what each phone does next
            "pad": (app, f"/pad/{pad.id}", "total-Ann", None, None),
            "pad, a sheet opened": (app, f"/pad/{pad.id}", "total-Ann", None, sheet_opened_once),
            "app, empty screen": (app, "/nothing/here", "", "Go to Play", None),
            "counter app": (counter, "/", "count", None, None),
            "plain": (plain, "/", "count", None, None),
            "lean pad page": (lean, "/", "total", None, None),
        }
        held: dict[str, list[float]] = {name: [] for name in kinds}
        try:
            for _turn in range(MEMORY_TURNS):
                for name, (server, path, wait_id, words, then) in kinds.items():
                    context = browser.new_context(viewport=PHONE)
                    open_page(context, server.url, path, wait_id, words=words)
                    time.sleep(2)
                    before = rss_mb(server.process.pid)
                    for _ in range(MEMORY_PAGES):
                        phone = open_page(context, server.url, path, wait_id, words=words)
                        if then is not None:
                            then(phone)
                    time.sleep(3)
                    held[name].append((rss_mb(server.process.pid) - before) / MEMORY_PAGES)
                    context.close()
        finally:
            for server in (app, counter, plain, lean):
                server.stop()
    base = statistics.fmean(held["counter app"])
    print(f"server memory per phone open (resident, {MEMORY_PAGES} phones after one, {MEMORY_TURNS} turns; "
          f"a One Up game of 12 rounds; plain: a page of {PLAIN_CONTROLS} controls, the pad's size; lean pad "
          "page: the pad's screen in few controls, bench/lean_flet.py):")
    for name, values in held.items():
        mean = statistics.fmean(values)
        target = (f"   target <= {TARGETS['memory']}x   {verdict(mean / base, TARGETS['memory'])}"
                  if name.startswith("pad") else "")
        print(f"  {name:<20} {mean:5.2f} MB   ({', '.join(f'{value:.2f}' for value in values)})   "
              f"ratio {mean / base:4.2f}x the counter app{target}")
    print(f"  the pad {statistics.fmean(held['pad']) / statistics.fmean(held['plain']):4.2f}x the plain page "
          "(closed phones' sessions stay on the server, Flet's FLET_SESSION_TIMEOUT: each turn starts above the last)")


def start(browser, runs: int) -> None:
    """Part 4: start to first frame against hello-world Flet (medians)."""

    def app_args(port: int, data: Path) -> list[str]:
        return ["--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data), "--no-browser"]

    hello = []
    app = []
    compile_companion()
    first_frame(browser, HELLO_SCRIPT, lambda port, data: [str(port)], HELLO_TEXT)
    for _run in range(runs):
        hello.append(first_frame(browser, HELLO_SCRIPT, lambda port, data: [str(port)], HELLO_TEXT))
        app.append(first_frame(browser, ROOT / "main.py", app_args, "Companion"))
    print(f"start to first frame, median of {runs} alternating runs (one warm-up run first):")
    print_first_frames(hello, app)


def main(argv: list[str] | None = None) -> None:
    """Run the parts asked for and print their figures."""
    parser = argparse.ArgumentParser(description="Companion live-table benchmarks")
    parser.add_argument("--part", choices=["all", "club", "table", "taps", "long", "start", "memory"], default="all")
    parser.add_argument("--sessions", type=int, default=60, help="sessions of the club night (default 60)")
    parser.add_argument("--saves", type=int, default=20, help="saves per save-cost figure (default 20)")
    parser.add_argument("--fanout", type=int, default=50, help="saves of the fan-out figure (default 50)")
    parser.add_argument("--taps", type=int, default=20, help="taps per tap figure (default 20)")
    parser.add_argument("--history", type=int, default=10_000, help="saved games for the long work (default 10000)")
    parser.add_argument("--runs", type=int, default=3, help="start-up runs per app (default 3)")
    parser.add_argument("--against", type=Path, default=None,
                        help="table: also measure the checkout of another version, its tables saved on in turns")
    parser.add_argument("--phone-cpu", action="store_true",
                        help="taps: trace Chromium and print the phone's main-thread CPU per tap too")
    args = parser.parse_args(argv)

    def measure(browser) -> None:
        if args.part in ("all", "taps"):
            taps(browser, args.taps, args.phone_cpu)
        if args.part in ("all", "start"):
            start(browser, args.runs)
        if args.part in ("all", "long"):
            long_work(browser, args.history, args.taps)
        if args.part == "table":
            table(browser, args.fanout, [ROOT] + ([args.against.resolve()] if args.against else []))
        if args.part in ("all", "club"):
            club(browser, args.sessions, args.saves, args.fanout)
        if args.part in ("all", "memory"):
            memory(browser)

    in_browser(measure, "live-table benchmarks")


if __name__ == "__main__":
    main()
