"""Benchmark: app start to first frame, and the server-side cost of a tap on a pad.

    .venv/bin/python bench/startup.py [--runs N] [--taps N] [--history N]

1. Start to first frame: the time from starting ``main.py`` (fresh data
   folder) until headless Chromium writes the home screen's text into the
   page (noted by the page itself as Flutter writes its accessibility tree,
   :data:`TEXT_WATCH`), as a ratio against a hello-world Flet app
   (bench/hello_flet.py) started and loaded the same way in the same run;
   medians of ``--runs`` alternating runs. Also the time until Playwright's
   wait saw the text (it polls every 0.5 s once it has waited 0.27 s, so
   that figure is late by up to half a second, at random), and the
   server's CPU time until then (read from /proc, so the machine's other
   load counts less), as ratios too. Target: at most 1.2x.
   Companion's bytecode is written first (:func:`compile_companion`), as
   installing Flet wrote Flet's.
2. A tap on the pad at ``--history`` saved games (default 1,000): what the
   pad screen's handler does for "Save round", an edit and an undo (the pad
   operation and the store save), what a value tap in the entry sheet
   computes (the round preview and each hand's penalty), and the reads of
   the re-render after a save (the saved game read back and compared with
   the pad); median and 95th percentile in ms.
   Target (issue 4): under 16 ms.

3. The first use of what the server loads late (companion/ui/startup.py):
   the CPU milliseconds of the first pad drawn, the first QR code, the
   first rules search and the first chart in a fresh process that has run
   the warming's first step (what the first frame needs), before and after
   its second step, medians of ``--runs`` processes each.

Needs /usr/bin/chromium and Playwright for part 1 (skipped with a message
otherwise).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from companion.pads import Pad  # noqa: E402

from companion.registry import new_pad, pad_from_doc  # noqa: E402
from companion.store import Store  # noqa: E402
from harness import PHONE, AppPage, free_port, in_browser, start_script  # noqa: E402

HELLO_SCRIPT = ROOT / "bench" / "hello_flet.py"
HELLO_TEXT = "Hello from Flet"
APP_TEXT = "Companion"
STARTUP_TARGET = 1.2
TAP_TARGET_MS = 16.0
PLAYERS = ["Ann", "Ben", "Cato", "Dina"]
ROUNDS_IN_PROGRESS = 10
"""Rounds already in the game in progress when the taps are timed."""


# ---- 1. start to first frame ------------------------------------------------

def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds the process ``pid`` has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


TEXT_WATCH = """
(() => {
  const wanted = %s;
  const look = () => {
    if (window.__textAt) return;
    for (const node of document.querySelectorAll("flt-semantics")) {
      if ((node.textContent || "").includes(wanted) || (node.getAttribute("aria-label") || "").includes(wanted)) {
        window.__textAt = performance.timeOrigin + performance.now();
        return;
      }
    }
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
})();
"""
"""Page script that notes (``window.__textAt``, ms since the epoch) when Flutter's accessibility
tree first holds the text ``%s`` (a JSON string), as it writes it: no polling."""


class FirstFrame(NamedTuple):
    """One start: ``seconds`` from starting the server to the text written in the page
    (:data:`TEXT_WATCH`), ``seen`` seconds to the text seen by Playwright's wait, and
    the server's ``cpu`` seconds then."""

    seconds: float
    seen: float
    cpu: float


def compile_companion() -> None:
    """Write the bytecode (``__pycache__``) of main.py and of every module of
    companion/, as ``pip install`` did for Flet's; prints one line, returns nothing.

    This machine's environment sets PYTHONDONTWRITEBYTECODE, under which
    every start of main.py compiled Companion's sources again (about 0.3 s
    of CPU, 60 ms of it before the server listens), which a user's start
    does not: a start would be timed against hello-world with a compile
    that only Companion pays. A source that does not compile is left for
    its start to report.
    """
    compileall.compile_dir(ROOT / "companion", quiet=1)
    compileall.compile_file(ROOT / "main.py", quiet=1)
    print("Companion's bytecode written first (compileall), as installing Flet wrote Flet's")


def first_frame(browser, script: Path, args: Callable[[int, Path], list[str]], text: str) -> FirstFrame:
    """Start ``script`` and show ``text`` in a fresh browser context: how long it took (:class:`FirstFrame`)."""
    with tempfile.TemporaryDirectory() as scratch:
        port = free_port()
        start = time.time()
        server = start_script(script, args(port, Path(scratch) / "data"), Path(scratch) / "log.txt", port)
        context = browser.new_context(viewport=PHONE)
        try:
            page = context.new_page()
            page.add_init_script(TEXT_WATCH % json.dumps(text))
            app = AppPage(page, server.url)
            app.open("/")
            app.see(text, timeout=60_000)
            seen = time.time() - start
            cpu = cpu_seconds(server.process.pid)
            return FirstFrame(page.evaluate("window.__textAt") / 1000 - start, seen, cpu)
        finally:
            context.close()
            server.stop()


def print_first_frames(hello: list[FirstFrame], app: list[FirstFrame]) -> None:
    """Print the medians of ``hello`` and ``app`` (runs of :func:`first_frame`) to the text
    in the page and to the text seen, with each run's figures, and main.py's ratios; the
    verdict is the ratio to the text in the page's."""
    for name, runs in (("hello-world Flet app", hello), ("Companion main.py", app)):
        print(f"  {name:<21} {statistics.median(run.seconds for run in runs):6.2f} s to the text in the page   "
              f"(runs: {_list([run.seconds for run in runs], 's')})")
        print(f"  {'':<21} {statistics.median(run.seen for run in runs):6.2f} s to the text seen by the wait   "
              f"(runs: {_list([run.seen for run in runs], 's')})   "
              f"server CPU {statistics.median(run.cpu for run in runs):5.2f} s")

    def ratio(figure: Callable[[FirstFrame], float]) -> float:
        return statistics.median(figure(run) for run in app) / statistics.median(figure(run) for run in hello)

    written = ratio(lambda run: run.seconds)
    verdict = "ok" if written <= STARTUP_TARGET else f"OVER TARGET by {(written / STARTUP_TARGET - 1) * 100:.0f}%"
    print(f"  ratio {written:.2f}x   target <= {STARTUP_TARGET}x   {verdict}   "
          f"(to the text seen by the wait: {ratio(lambda run: run.seen):.2f}x; "
          f"server CPU to the first frame: {ratio(lambda run: run.cpu):.2f}x)")


def startup(runs: int) -> None:
    """Print the medians of app and hello-world start, and their ratio."""
    def app_args(port: int, data: Path) -> list[str]:
        return ["--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data), "--no-browser"]

    def hello_args(port: int, data: Path) -> list[str]:
        return [str(port)]

    hello: list[FirstFrame] = []
    app: list[FirstFrame] = []

    def measure(browser) -> None:
        compile_companion()
        first_frame(browser, HELLO_SCRIPT, hello_args, HELLO_TEXT)
        for _run in range(runs):
            hello.append(first_frame(browser, HELLO_SCRIPT, hello_args, HELLO_TEXT))
            app.append(first_frame(browser, ROOT / "main.py", app_args, APP_TEXT))

    in_browser(measure, "start to first frame")
    if not app:
        return
    print(f"start to first frame, median of {runs} runs each (one warm-up run first):")
    print_first_frames(hello, app)


# ---- 2. a tap on the pad ----------------------------------------------------

def _finished_docs(count: int) -> list[dict]:
    """``count`` finished One Up games (copies of one played game with new ids)."""
    pad = new_pad("one_up", PLAYERS)
    hands = [
        ({"Ann": "K 3", "Ben": "5 2", "Cato": "6", "Dina": []}, "Dina"),
        ({"Ann": [], "Ben": "K 6 4", "Cato": "A 2 3", "Dina": "K"}, "Ann"),
        ({"Ann": "K 6", "Ben": "K 5 4", "Cato": [], "Dina": "6 5"}, "Cato"),
    ]
    while not pad.is_over:
        for cards, out in hands:
            pad.add_round(cards, went_out=out)
    pad.finish()
    template = pad.to_doc()
    return [{**template, "id": uuid.uuid4().hex} for _ in range(count)]


def _in_progress() -> Pad:
    """A One Up game in progress with ``ROUNDS_IN_PROGRESS`` rounds (nobody near the limit)."""
    pad = new_pad("one_up", PLAYERS)
    for number in range(ROUNDS_IN_PROGRESS):
        out = PLAYERS[number % len(PLAYERS)]
        pad.add_round({p: [] if p == out else "A" for p in PLAYERS}, went_out=out)
    return pad


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def taps(history: int, count: int) -> None:
    """Print the server-side cost of pad taps with ``history`` saved games."""
    with tempfile.TemporaryDirectory() as scratch:
        store = Store(Path(scratch) / "data")
        store.add_games(_finished_docs(history))
        pad = _in_progress()
        store.save_game(pad.to_doc())
        entry = {p: ("K 3" if p == "Ann" else [] if p == "Ben" else "A") for p in PLAYERS}
        handler = {"add round": [], "edit round 1": [], "undo": [], "sheet preview": []}
        saving: list[float] = []
        rerender: list[float] = []

        def add_round():
            pad.add_round(entry, went_out="Ben")
            store.save_game(pad.to_doc())

        def edit_round():
            pad.edit_round(1, entry, went_out="Ben")
            store.save_game(pad.to_doc())

        def undo():
            pad.undo()
            store.save_game(pad.to_doc())

        def save_only():
            store.save_game(pad.to_doc())

        def sheet_preview():
            pad.preview_round(entry, went_out="Ben")
            for player in PLAYERS:
                pad.penalty_preview(entry[player])

        def read_back():
            doc = store.get_game(pad.id)
            if pad.to_doc() != doc:
                pad_from_doc(doc)

        for _ in range(count):
            handler["add round"].append(_timed(add_round))
            rerender.append(_timed(read_back))
            handler["edit round 1"].append(_timed(edit_round))
            rerender.append(_timed(read_back))
            handler["undo"].append(_timed(undo))
            handler["undo"].append(_timed(undo))
            handler["sheet preview"].append(_timed(sheet_preview))
            saving.append(_timed(save_only))
        print(f"a tap on the pad with {len(store.list_games(limit=history + 10))} saved games "
              f"(game in progress: {ROUNDS_IN_PROGRESS}-{ROUNDS_IN_PROGRESS + 1} rounds), {count} taps each:")
        worst = 0.0
        for name, samples in handler.items():
            worst = max(worst, statistics.median(samples))
            print(f"  handler: {name:<13} median {statistics.median(samples):6.2f} ms   p95 {_p95(samples):6.2f} ms")
        print(f"  store save alone       median {statistics.median(saving):6.2f} ms   p95 {_p95(saving):6.2f} ms"
              "   (atomic write + fsync: the disk sets the p95)")
        print(f"  re-render reads        median {statistics.median(rerender):6.2f} ms   p95 {_p95(rerender):6.2f} ms")
        verdict = "ok" if worst < TAP_TARGET_MS else "OVER TARGET"
        print(f"  slowest handler median {worst:.2f} ms   target < {TAP_TARGET_MS:.0f} ms   {verdict}")


# ---- 3. the first use of what is loaded late ---------------------------------

FIRST_USES = """
import asyncio, json, sys, tempfile, time
sys.path[:0] = [{root!r}, {tests!r}]
from companion.registry import new_pad
from companion.rulebook.ranking import search
from companion.server.key import TableAccess
from companion.store import Store
from companion.ui.qr import qr_png
from companion.ui.startup import session_entry, warm_first_frame, warm_later
from companion.ui.totals_chart import totals_chart
from flet.components.component import Renderer
from flet_session import open_session, server_hub

warm_first_frame()
if {warmed!r}:
    warm_later()
pad = new_pad("one_up", ["Ann", "Ben"])
pad.add_round({{"Ann": [], "Ben": "K"}}, went_out="Ann")
store = Store(tempfile.mkdtemp())
store.save_game(pad.to_doc())
access = TableAccess(store.data_dir, required=False, host="127.0.0.1", port=8550)
taken = {{}}


async def first_pad():
    await open_session(session_entry(store, access), "/pad/" + pad.id, server_hub())


def first_chart():
    chart = totals_chart(pad)
    return chart.fn(*chart.args, **chart.kwargs)


for name, use in (("first pad", lambda: asyncio.run(first_pad())),
                  ("QR code", lambda: qr_png("http://192.168.1.20:8550/?key=abcdefghijklmnop")),
                  ("rules search", lambda: search("joker")), ("chart", lambda: Renderer().render(first_chart))):
    start = time.process_time()
    use()
    taken[name] = (time.process_time() - start) * 1000
print(json.dumps(taken))
"""
"""A process that has the first frame's modules, times the first use of each late one (CPU ms):
the first pad drawn (a session opened on it in this process), a QR code, a rules search, a chart
(the memoised component's controls built, in a renderer of its own)."""


def first_uses(runs: int) -> None:
    """Print the CPU of the first pad, QR code, rules search and chart, without and with the second
    step of the warming (both after its first step, as a phone's first tap finds them)."""
    taken: dict[bool, list[dict[str, float]]] = {False: [], True: []}
    for _ in range(runs):
        for warmed in (False, True):
            script = FIRST_USES.format(root=str(ROOT), tests=str(ROOT / "tests"), warmed=warmed)
            done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT)
            taken[warmed].append(json.loads(done.stdout.strip().splitlines()[-1]))
    print(f"first use of what is loaded late, CPU ms, median of {runs} processes each:")
    for name in taken[False][0]:
        cold = statistics.median(run[name] for run in taken[False])
        warm = statistics.median(run[name] for run in taken[True])
        print(f"  {name:<13} {cold:6.1f} ms before the warming   {warm:6.1f} ms after it")


def _p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _list(samples: list[float], unit: str) -> str:
    return ", ".join(f"{value:.2f}" for value in samples) + f" {unit}"


def main(argv: list[str] | None = None) -> None:
    """Run the three benchmarks and print the figures."""
    parser = argparse.ArgumentParser(description="Companion start-up and tap benchmarks")
    parser.add_argument("--runs", type=int, default=5, help="start-up runs per app (default 5)")
    parser.add_argument("--taps", type=int, default=30, help="timed taps per kind (default 30)")
    parser.add_argument("--history", type=int, default=1000, help="saved games for the tap timing (default 1000)")
    args = parser.parse_args(argv)
    taps(args.history, args.taps)
    first_uses(args.runs)
    startup(args.runs)


if __name__ == "__main__":
    main()
