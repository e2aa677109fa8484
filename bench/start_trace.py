"""Benchmark: where the time from process start to the first frame goes, main.py against hello-world Flet.

    .venv/bin/python bench/start_trace.py [--runs N] [--in-progress] [--phone-cpu] [--cpu-only]

Starts the server (this file, re-run as ``serve hello|app PORT DATA``) with
every page, file and WebSocket request it serves time-stamped, opens it in
a fresh headless Chromium context and waits for the first screen's text.
For each run it prints, in seconds from the process start (the browser's
own steps on the same clock) and, in brackets, the server's CPU seconds
then (``time.process_time``: the machine's other load counts less): the
server listening (uvicorn's start-up done), the page and the web client's
files served, the WebSocket opened, the first frame sent (the session's
entry point done), the browser's own steps (read through Chromium's
DevTools protocol: the first patch of the page received, with its size, and
the suit font asked for; and the first screen's text in the page, noted by
the page itself as Flutter writes it) and the text seen by the test's
wait (which polls the page, so it also waits for work the page's main thread
does after it has drawn); for main.py also the end of the first
step of the warming and the start of its second (companion/ui/startup.py),
which comes after the text is seen when all goes well. Runs alternate between the two
apps; ``--runs`` each (default 3). Last, the medians of the server's
listening and first frame, wall and CPU, and main.py's ratios to
hello-world, and of the browser's part after the first patch. With ``--in-progress`` main.py opens a data folder with a
game in progress (the store checks it as it opens), as at a real table.
With ``--phone-cpu`` Chromium is traced too, and each run also prints the
CPU milliseconds the page spent from its first patch to its text in the
page: its main thread (reading the patch, building, laying out and
painting the first screen) and its other threads (Flutter's renderer, and
the compiling of the client's code the first screen runs first); then
their medians. The machine's other load moves these figures little.

With ``--cpu-only`` no browser and no web server run: each app is started
in a process of its own (this file, re-run as ``drawn hello|app DATA``) up
to the point where its server would listen, its warming's first step is
run (for main.py) and its first screen drawn in that process (the test
helper tests/flet_session.py); the process's CPU seconds then are printed,
medians of ``--runs`` runs of hello-world and of main.py on an empty data
folder and on one with a game in progress, alternating, with the ratios.
This figure hardly moves with the machine's other load.

Needs /usr/bin/chromium and Playwright (not with ``--cpu-only``).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import importlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e")]

START_ENV = "START_TRACE_T0"
"""The environment variable that hands the server the time (``time.time()``) it was started at."""

CLIENT_FILES = (
    "/", "/flutter_bootstrap.js", "/canvaskit/skwasm.wasm", "/main.dart.wasm",
    "/assets/fonts/MaterialIcons-Regular.otf", "/assets/fonts/roboto.woff2", "/rules/companion-suits.ttf",
)
"""The requests of the web client whose end is printed, in the order a browser makes them: the
page, the client's code, its fonts, and the suit font, which the first frame names."""

HELLO_TEXT = "Hello from Flet"
APP_TEXT = "Companion"

FRAME_RECEIVED = "first patch of the page received"
TEXT_IN_PAGE = "text in the page"
TEXT_SEEN = "text seen in the browser"
BROWSER_SPANS = ((FRAME_RECEIVED, TEXT_IN_PAGE), (FRAME_RECEIVED, TEXT_SEEN))
"""The browser's spans whose medians are printed at the end: from the first patch of the page
to its text written in the page, and to the text seen by the test's wait."""

LISTENING = "listening"
FIRST_FRAME = "first frame sent"
SUMMED = (LISTENING, FIRST_FRAME)
"""The server's steps whose medians are printed at the end."""

PATCH_CONTROL = 2
"""The action code of a patch of the control tree in Flet's WebSocket messages
(``flet.messaging.protocol.MessageAction.PATCH_CONTROL``)."""


def mark(what: str) -> None:
    """Print ``what`` with the seconds since the process was started
    (``START_TRACE_T0``) and the process's CPU seconds so far."""
    print(f"TRACE {time.time() - float(os.environ[START_ENV]):.3f} {time.process_time():.3f} {what}", flush=True)


class Stamped:
    """ASGI middleware: marks the end of every page or file request and the opening of a WebSocket.

    Takes the app to wrap.
    """

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "websocket":
            mark("websocket opened")
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path")

        async def sent(message) -> None:
            await send(message)
            if message["type"] == "http.response.body" and not message.get("more_body") and path in CLIENT_FILES:
                mark(f"served {path}")

        await self.app(scope, receive, sent)


def serve(kind: str, port: int, data: str) -> None:
    """Serve ``kind`` ("hello": bench/hello_flet.py's app; "app": main.py) on ``port``
    with every request stamped and the end of uvicorn's start-up (the socket
    listens); main.py also stamps its warming's first step and its session
    entry point. Returns when the server stops."""
    import uvicorn

    started = uvicorn.Server.startup

    async def startup(self, sockets=None) -> None:
        await started(self, sockets=sockets)
        mark(LISTENING)

    uvicorn.Server.startup = startup
    if kind == "hello":
        import flet_web.fastapi as flet_fastapi
        from hello_flet import main as hello

        def entry(page) -> None:
            hello(page)
            mark(FIRST_FRAME)

        uvicorn.run(Stamped(flet_fastapi.app(entry, no_cdn=True)), host="127.0.0.1", port=port,
                    log_level="critical", ws="websockets-sansio")
        return
    import main
    from companion.ui import startup

    warm_first_frame, warm_later = startup.warm_first_frame, startup.warm_later
    session_entry, build_app = main.session_entry, main.build_app

    def warmed() -> None:
        warm_first_frame()
        mark("warming's first step done")

    def warmed_later() -> None:
        mark("warming's second step started")
        warm_later()

    def stamped_entry(*args, **kwargs):
        entry = session_entry(*args, **kwargs)

        def first(page) -> None:
            entry(page)
            mark(FIRST_FRAME)

        return first

    startup.warm_first_frame = warmed
    startup.warm_later = warmed_later
    main.session_entry = stamped_entry
    main.build_app = lambda *args, **kwargs: Stamped(build_app(*args, **kwargs))
    main.main(["--host", "127.0.0.1", "--port", str(port), "--data-dir", data, "--no-browser"])


def seed_in_progress(data: Path) -> None:
    """Save one game of One Up with a round entered in the data folder ``data``."""
    from companion.registry import new_pad
    from companion.store import Store

    pad = new_pad("one_up", ["Ann", "Ben", "Cy"])
    pad.add_round({"Ann": [], "Ben": "K 3", "Cy": "2"}, went_out="Ann")
    Store(data).save_game(pad.to_doc())


def drawn(kind: str, data: str) -> None:
    """Start ``kind`` ("hello": bench/hello_flet.py's app; "app": main.py on the data
    folder ``data``) in this process without its web server, draw its first screen
    here and print this process's CPU seconds then ("CPU <seconds>").

    main.py runs as it does up to the point where its server would listen; its
    warming's first step then runs (as it does once the server listens) and the
    session waits for it, as a phone's does."""
    sys.path.insert(0, str(ROOT / "tests"))
    from flet_session import open_session, server_hub

    if kind == "hello":
        for server_module in ("flet_web.fastapi", "uvicorn"):  # what the hello-world server imports before it listens
            importlib.import_module(server_module)
        from hello_flet import main as hello

        async def hello_frame() -> None:
            await open_session(hello, "/", server_hub())

        asyncio.run(hello_frame())
        print(f"CPU {time.process_time():.3f}", flush=True)
        return
    import main
    from companion.ui import startup
    from harness import free_port

    given: list[tuple] = []
    session_entry = main.session_entry

    def kept_entry(*args):
        given.append(args)
        return session_entry(*args)

    def serve(app, host, port) -> None:
        store, access, warming = given[0]
        warming.first_frame.wait()

        async def first_frame() -> None:
            await open_session(session_entry(store, access, warming), "/", server_hub())

        asyncio.run(first_frame())
        print(f"CPU {time.process_time():.3f}", flush=True)

    startup.wait_until_listening = lambda *_args, **_kwargs: True
    main.session_entry = kept_entry
    main.serve = serve
    main.main(["--host", "127.0.0.1", "--port", str(free_port()), "--data-dir", data, "--no-browser"])


def cpu_only(runs: int) -> None:
    """Print the medians of :func:`drawn`'s CPU seconds over ``runs`` alternating runs of
    hello-world, main.py on an empty data folder and main.py with a game in progress,
    and main.py's ratios to hello-world."""
    kinds = {"hello-world Flet app": ("hello", False), "main.py, empty folder": ("app", False),
             "main.py, game in progress": ("app", True)}
    taken: dict[str, list[float]] = {name: [] for name in kinds}
    for _run in range(runs):
        for name, (kind, in_progress) in kinds.items():
            with tempfile.TemporaryDirectory() as scratch:
                if in_progress:
                    seed_in_progress(Path(scratch) / "data")
                done = subprocess.run([sys.executable, __file__, "drawn", kind, str(Path(scratch) / "data")],
                                      cwd=ROOT, capture_output=True, text=True, check=True)
            taken[name].append(float(done.stdout.split("CPU ")[-1]))
    hello = statistics.median(taken["hello-world Flet app"])
    print(f"server CPU seconds from the process start to the first frame drawn, no browser, median of {runs} runs:")
    for name, samples in taken.items():
        median = statistics.median(samples)
        print(f"  {name:<26} {median:5.3f} s   ({', '.join(f'{sample:.2f}' for sample in samples)})   "
              f"ratio {median / hello:.2f}x")


class BrowserSteps:
    """The browser's steps read through Chromium's DevTools protocol: the first patch of the
    page (control 1) received over the WebSocket, with its size, and the suit font asked for.

    Takes a Playwright CDP session of the page, before the page is opened; :attr:`steps`
    holds (seconds since the epoch, step) in the order they came."""

    def __init__(self, cdp) -> None:
        self.steps: list[tuple[float, str]] = []
        self.clock = 0.0
        cdp.on("Network.requestWillBeSent", self.request)
        cdp.on("Network.webSocketFrameReceived", self.received)
        cdp.send("Network.enable")

    def request(self, event: dict) -> None:
        """Note the request's clock (the protocol's monotonic seconds against the epoch) and the suit font's."""
        self.clock = event["wallTime"] - event["timestamp"]
        if event["request"]["url"].endswith(CLIENT_FILES[-1]):
            self.steps.append((event["timestamp"] + self.clock, "suit font asked for"))

    def received(self, event: dict) -> None:
        """Note the first patch of the page among the messages of a WebSocket frame."""
        import msgpack

        if any(step == FRAME_RECEIVED or step.startswith(FRAME_RECEIVED + " ") for _seconds, step in self.steps):
            return
        payload = base64.b64decode(event["response"]["payloadData"])
        messages = msgpack.Unpacker(strict_map_key=False)
        messages.feed(payload)
        for message in messages:
            if isinstance(message, list) and message[:1] == [PATCH_CONTROL] and message[1].get("id") == 1:
                self.steps.append((event["timestamp"] + self.clock, f"{FRAME_RECEIVED} ({len(payload)} bytes)"))
                return


PHONE_TRACE_CATEGORIES = ["toplevel"]
"""The Chromium trace category :func:`phone_cpu` reads: every thread's tasks, with their CPU time."""

PHONE_SPAN = "phone CPU from the first patch to the text in the page"
"""How the figure of :func:`phone_cpu` is named where it is printed."""

RENDERER_MAIN = "CrRendererMain"
"""The name of a renderer process's main thread in a Chromium trace."""


def phone_cpu(trace: Path, start: float, end: float) -> tuple[float, float]:
    """The CPU milliseconds of a page's main thread and of its page's other threads (its
    workers: Flutter's renderer, the compiling of the client's code) in the Chromium trace
    file ``trace``: the tasks that began from ``start`` to ``end`` (seconds on the trace's
    clock, which is the DevTools protocol's). The page is the renderer process whose main
    thread spent the most then. Returns (main thread, other threads); (0.0, 0.0) when no
    renderer ran a task then."""
    events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    threads = {(event["pid"], event["tid"]): event["args"]["name"]
               for event in events if event.get("ph") == "M" and event.get("name") == "thread_name"}
    renderers = {pid for (pid, _tid), name in threads.items() if name == RENDERER_MAIN}
    spent = {pid: [0.0, 0.0] for pid in renderers}
    for event in events:
        if event.get("ph") == "X" and event.get("pid") in renderers and "tdur" in event \
                and start <= event["ts"] / 1e6 <= end:
            on_main = threads.get((event["pid"], event["tid"])) == RENDERER_MAIN
            spent[event["pid"]][0 if on_main else 1] += event["tdur"] / 1000
    main, others = max(spent.values(), default=[0.0, 0.0])
    return main, others


class Run(NamedTuple):
    """One start traced: its ``steps`` (seconds, server CPU seconds or None for the browser's
    steps, step) in time order, and the ``phone`` CPU ms (main thread, other threads) from
    the first patch of the page to its text in the page (:func:`phone_cpu`), or None."""

    steps: list[tuple[float, float | None, str]]
    phone: tuple[float, float] | None


def one_run(browser, kind: str, in_progress: bool = False, traced: bool = False) -> Run:
    """Start ``kind`` ("hello" or "app", on a data folder with a game in
    progress when ``in_progress``) and show its first screen in a fresh
    context, with Chromium traced when ``traced``; returns the :class:`Run`
    (its ``phone`` figure only when ``traced``)."""
    from harness import PHONE, AppPage, free_port, wait_for_port
    from startup import TEXT_WATCH

    with tempfile.TemporaryDirectory() as scratch:
        if in_progress:
            seed_in_progress(Path(scratch) / "data")
        port = free_port()
        started = time.time()
        server = subprocess.Popen(
            [sys.executable, __file__, "serve", kind, str(port), str(Path(scratch) / "data")],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, START_ENV: str(started)},
        )
        steps: list[tuple[float, float | None, str]] = []
        phone = None
        text = HELLO_TEXT if kind == "hello" else APP_TEXT
        try:
            wait_for_port(port, server)
            context = browser.new_context(viewport=PHONE)
            page = context.new_page()
            page.add_init_script(TEXT_WATCH % json.dumps(text))
            browser_steps = BrowserSteps(context.new_cdp_session(page))
            if traced:
                browser.start_tracing(path=str(Path(scratch) / "trace.json"), categories=PHONE_TRACE_CATEGORIES)
            app = AppPage(page, f"http://127.0.0.1:{port}")
            app.open("/")
            app.see(text, timeout=60_000)
            steps.append((time.time() - started, None, TEXT_SEEN))
            text_at = page.evaluate("window.__textAt") / 1000
            steps.append((text_at - started, None, TEXT_IN_PAGE))
            steps.extend((seconds - started, None, step) for seconds, step in browser_steps.steps)
            if traced:
                browser.stop_tracing()
                patch_at = next(seconds for seconds, step in browser_steps.steps if step.startswith(FRAME_RECEIVED))
                phone = phone_cpu(Path(scratch) / "trace.json", patch_at - browser_steps.clock,
                                  text_at - browser_steps.clock)
            context.close()
        finally:
            server.terminate()
            output, _unused = server.communicate(timeout=30)
    for line in output.splitlines():
        if line.startswith("TRACE "):
            seconds, cpu, step = line.removeprefix("TRACE ").split(" ", 2)
            steps.append((float(seconds), float(cpu), step))
    return Run(sorted(steps, key=lambda found: found[0]), phone)


def print_medians(runs: dict[str, list[list[tuple[float, float | None, str]]]]) -> None:
    """Print the median wall and CPU seconds of each step of :data:`SUMMED` for
    each app (``runs``: "hello" and "app" -> the steps of each run), and main.py's ratios."""
    medians: dict[str, dict[str, tuple[float, float]]] = {}
    for kind, kind_runs in runs.items():
        medians[kind] = {}
        for step in SUMMED:
            found = [(seconds, cpu) for steps in kind_runs for seconds, cpu, name in steps if name == step]
            medians[kind][step] = (statistics.median(s for s, _cpu in found), statistics.median(c for _s, c in found))
    print(f"medians of {len(runs['app'])} runs each, seconds from the process start (server CPU seconds):")
    for step in SUMMED:
        hello, app = medians["hello"][step], medians["app"][step]
        print(f"  {step:<17} hello-world {hello[0]:6.3f} ({hello[1]:5.3f})   main.py {app[0]:6.3f} ({app[1]:5.3f})"
              f"   ratio {app[0] / hello[0]:.2f}x (CPU {app[1] / hello[1]:.2f}x)")
    print("medians of the browser's part, seconds:")
    for start, end in BROWSER_SPANS:
        spans = {kind: statistics.median(_at(steps, end) - _at(steps, start) for steps in kind_runs)
                 for kind, kind_runs in runs.items()}
        print(f"  {start} to {end}: hello-world {spans['hello']:5.3f}   main.py {spans['app']:5.3f}")


def _at(steps: list[tuple[float, float | None, str]], wanted: str) -> float:
    """The seconds of the first step of ``steps`` named ``wanted`` (or ``wanted`` and a note in brackets)."""
    return next(seconds for seconds, _cpu, step in steps if step == wanted or step.startswith(wanted + " ("))


def main(argv: list[str] | None = None) -> None:
    """Run the traces asked for on the command line and print them (or serve, for a run)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["serve"]:
        serve(argv[1], int(argv[2]), argv[3])
        return
    if argv[:1] == ["drawn"]:
        drawn(argv[1], argv[2])
        return
    parser = argparse.ArgumentParser(description="Companion start-up trace against hello-world Flet")
    parser.add_argument("--runs", type=int, default=3, help="runs per app, alternating (default 3)")
    parser.add_argument("--in-progress", action="store_true", help="main.py opens a data folder with a game in progress")
    parser.add_argument("--phone-cpu", action="store_true",
                        help="trace Chromium and print the page's CPU from its first patch to its text (see above)")
    parser.add_argument("--cpu-only", action="store_true",
                        help="no browser: the server's CPU to its first frame drawn in-process (see above)")
    args = parser.parse_args(argv)
    from harness import in_browser
    from startup import compile_companion

    if args.cpu_only:
        compile_companion()
        cpu_only(args.runs)
        return

    def trace(browser) -> None:
        compile_companion()
        runs: dict[str, list[list[tuple[float, float | None, str]]]] = {"hello": [], "app": []}
        phones: dict[str, list[tuple[float, float]]] = {"hello": [], "app": []}
        for number in range(args.runs):
            for kind in ("hello", "app"):
                print(f"{'hello-world Flet app' if kind == 'hello' else 'Companion main.py'}, run {number + 1}:")
                run = one_run(browser, kind, args.in_progress and kind == "app", args.phone_cpu)
                runs[kind].append(run.steps)
                for seconds, cpu, step in run.steps:
                    print(f"  {seconds:6.3f} s  {'' if cpu is None else f'({cpu:5.3f} s CPU)':<15} {step}")
                if run.phone is not None:
                    phones[kind].append(run.phone)
                    print(f"  {PHONE_SPAN}: main thread {run.phone[0]:.0f} ms, other threads {run.phone[1]:.0f} ms")
        print_medians(runs)
        if args.phone_cpu:
            print(f"medians of the {PHONE_SPAN}, ms:")
            for kind, name in (("hello", "hello-world"), ("app", "main.py")):
                print(f"  {name:<12} main thread {statistics.median(main for main, _other in phones[kind]):5.0f}   "
                      f"other threads {statistics.median(other for _main, other in phones[kind]):5.0f}")

    in_browser(trace, "start-up trace")


if __name__ == "__main__":
    main()
