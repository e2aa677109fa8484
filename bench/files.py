"""Benchmark: backups and CSV tables moved through the browser as a user moves them, while
another phone taps.

    .venv/bin/python bench/files.py [--games 10000] [--big-mb 64] [--taps 20] [--shots DIR]

A data folder holds ``--games`` finished One Up games of 12 rounds; main.py serves it. One
phone (headless Chromium at 390x844) is on History and, in turn: exports the backup (the file
saved by the browser's download), exports the CSV table, imports a backup of ``--games`` other
games (chosen in the file chooser, sent by the browser), then a backup of about ``--big-mb``
MB. Meanwhile a second phone taps "Add round" / "Cancel" on a game's pad; before each step the
same phone taps as many times with nothing else going on (the baseline, interleaved).

Printed per step: the time from the tap to the file saved or the games imported, the file's
size, the tapping phone's worst tap during the step, and that worst tap as a ratio to the p95
of the idle taps just before, and when in the step that tap began. Target: at most 2x. Last, the floor of that ratio: the same
taps with no file moving, for as long as the longest step took (as many taps), against the
idle p95 just before: the worst of many taps reads above the p95 of a few by itself. And the
floor of an import: the same backup of ``--games`` games sent by the same phone to a plain Flet
page that does nothing with it (bench/upload_flet.py, a server of its own), so what any Flet app
pays for the file to travel, on the phone that sends it and on a server. And the floor of an
export: a plain Python loop (JSON read and written) in a process of its own in the kernel's idle
class, as the worker runs, for as long as the CSV export took: what any work on the server's
machine costs the phones on it. With
``--shots``, the History screen of the phone doing the work is saved as it works and when it
is done.

Needs /usr/bin/chromium and Playwright.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))

from companion.registry import new_pad  # noqa: E402
from companion.games.one_up import OneUpPad
from companion.store import Store  # noqa: E402
from companion.store.backup import backup_text  # noqa: E402
from harness import PHONE, AppPage, free_port, in_browser, start_app, start_script  # noqa: E402
from live import open_page, tap_to_paint, text_of, verdict  # noqa: E402
from startup import _p95  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cato", "Dina"]
ROUNDS = 12
UPLOAD_SCRIPT = ROOT / "bench" / "upload_flet.py"
TARGET = 2.0
"""The tapping phone's worst tap during a step, as a multiple of its idle p95: at most this."""
MEGABYTE = 1024 * 1024
STEP_TIMEOUT = 1800.0
"""Most seconds a step may take before the bench gives up on it."""


def played_game() -> dict:
    """A One Up game of 12 rounds, ended early after them (finished, with a winner), as saved."""
    pad = OneUpPad(PLAYERS, options={"limit": 1000})
    for number in range(ROUNDS):
        out = PLAYERS[number % len(PLAYERS)]
        pad.add_round({name: "" if name == out else "K 3" for name in PLAYERS}, out)
    pad.end_early()
    return pad.to_doc()


def copies(template: dict, count: int) -> list[dict]:
    """``count`` copies of the game ``template`` with new ids."""
    return [{**template, "id": uuid.uuid4().hex} for _ in range(count)]


def backup_file(path: Path, games: list[dict]) -> int:
    """Write a backup of ``games`` to ``path``, as Companion's export writes one; its size in bytes."""
    path.write_text(backup_text(games), encoding="utf-8")
    return path.stat().st_size


def main(argv: list[str] | None = None) -> None:
    """Run the steps and print their figures."""
    parser = argparse.ArgumentParser(description="Companion files through the browser")
    parser.add_argument("--games", type=int, default=10_000, help="games saved, and in the backup imported")
    parser.add_argument("--big-mb", type=int, default=64, help="size of the big backup imported (MB)")
    parser.add_argument("--taps", type=int, default=20, help="idle taps before each step")
    parser.add_argument("--shots", type=Path, default=None, help="folder for screenshots of the History screen")
    args = parser.parse_args(argv)
    in_browser(lambda browser: run(browser, args), "files through the browser")


def run(browser, args) -> None:
    """The steps (see the module)."""
    template = played_game()
    per_game = len(json.dumps(template))
    with tempfile.TemporaryDirectory() as scratch:
        scratch_path = Path(scratch)
        data = scratch_path / "data"
        store = Store(data)
        store.add_games(copies(template, args.games))
        pad = new_pad("one_up", ["Ann", "Ben", "Cy"])
        store.save_game(pad.to_doc())
        other = scratch_path / "other-games.json"
        other_size = backup_file(other, copies(template, args.games))
        big = scratch_path / "big-backup.json"
        big_size = backup_file(big, copies(template, args.big_mb * MEGABYTE // per_game))
        print(f"files through the browser: {args.games:,} saved games of {ROUNDS} rounds; "
              f"load average {os.getloadavg()[0]:.2f}")
        server = start_app(data, scratch_path / "server.log")
        try:
            tapper_context = browser.new_context(viewport=PHONE)
            tapper = open_page(tapper_context, server.url, f"/pad/{pad.id}", "total-Ann")
            asker_context = browser.new_context(viewport=PHONE, accept_downloads=True)
            asker = AppPage(asker_context.new_page(), server.url)
            asker.page.set_default_timeout(120_000)
            asker.open("/history")
            asker.see("Export backup", timeout=120_000)
            downloads: list = []
            asker.page.on("download", lambda download: downloads.append(download))

            def tap() -> float:
                name, target = ("Cancel", "total-Ann") if text_of(tapper, "hand-Ann") else ("Add round", "hand-Ann")
                return tap_to_paint(tapper, tapper.button(name), target)

            def shot(name: str) -> None:
                if args.shots is not None:
                    args.shots.mkdir(parents=True, exist_ok=True)
                    asker.page.screenshot(path=str(args.shots / f"{name}.png"))

            def step(name: str, start: Callable[[], None], done: Callable[[], bool],
                     size: Callable[[], int], floor: str = "") -> float:
                idle = [tap() for _ in range(args.taps)]
                began = time.perf_counter()
                start()
                worst: list[float] = []
                tapped: list[float] = []
                shot_taken = False
                while not done() or len(worst) < 3:
                    if time.perf_counter() - began > STEP_TIMEOUT:
                        raise RuntimeError(f"{name}: not done after {STEP_TIMEOUT:g} s (server log: {server.log_path})")
                    tapped.append(time.perf_counter() - began)
                    worst.append(tap())
                    if not shot_taken and text_of(asker, "working") is not None:
                        shot(f"{name.replace(' ', '-')}-working")
                        shot_taken = True
                took = time.perf_counter() - began
                bytes_moved = size()
                shot(f"{name.replace(' ', '-')}-done")
                ratio = max(worst) / _p95(idle)
                judged = floor or f"target <= {TARGET}x   {verdict(ratio, TARGET)}"
                print(f"  {name:<24} {took:6.1f} s  {bytes_moved / MEGABYTE:6.1f} MB   other phone: idle p95 "
                      f"{_p95(idle):5.0f} ms, worst {max(worst):6.0f} ms ({len(worst)} taps)   "
                      f"ratio {ratio:.2f}x (at {tapped[worst.index(max(worst))] / took:.0%} of the step)   {judged}")
                return took

            def export(button: str) -> float:
                downloads.clear()
                return step(f"export {button.split()[-1]}", lambda: asker.tap(button),
                            lambda: bool(downloads) and text_of(asker, "working") is None,
                            lambda: Path(downloads[0].path()).stat().st_size)

            def importing(name: str, path: Path, size: int) -> float:
                def start() -> None:
                    with asker.page.expect_file_chooser() as chooser:
                        asker.tap("Import backup")
                    chooser.value.set_files(str(path))

                took = step(name, start, lambda: f"from {path.name}" in (text_of(asker, "message") or ""),
                            lambda: size)
                told = text_of(asker, "message") or ""
                print(f"  {'':<24} the phone said: {told.split('|')[0]}")
                return took

            def plain_upload(name: str, path: Path, size: int) -> None:
                """The floor of an import: ``path`` sent to bench/upload_flet.py by the asking phone."""
                port = free_port()
                plain = start_script(UPLOAD_SCRIPT, [str(port)], scratch_path / "upload.log", port)
                try:
                    sender = open_page(asker_context, plain.url, "/", "message")

                    def start() -> None:
                        with sender.page.expect_file_chooser() as chooser:
                            sender.tap("Send file")
                        chooser.value.set_files(str(path))

                    step(name, start, lambda: (text_of(sender, "message") or "").startswith("Sent"), lambda: size,
                         floor="the floor of an import: the file sent to a plain Flet page")
                    sender.page.close()
                finally:
                    plain.stop()

            def busy_loop(seconds: float) -> None:
                """The floor of an export: a plain Python loop in a process of its own, in the
                kernel's idle class as the worker is, reading and writing JSON text of a
                saved game for ``seconds`` (as long as the CSV export took), no file moving."""
                text = json.dumps(template)
                code = (f"import json, os, time\n"
                        f"os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))\n"
                        f"end = time.monotonic() + {seconds!r}\n"
                        f"while time.monotonic() < end:\n"
                        f"    json.dumps(json.loads({text!r}))\n")
                looping: list[subprocess.Popen] = []
                step("busy loop, idle class", lambda: looping.append(subprocess.Popen([sys.executable, "-c", code])),
                     lambda: looping[0].poll() is not None, lambda: 0,
                     floor="the floor of an export: the same time of plain Python work beside the phones")

            def nothing_moving(seconds: float) -> None:
                """The floor: the same taps for ``seconds`` with no file moving, so the worst of
                as many taps as the longest step had against the idle p95 just before."""
                until = [0.0]

                def start() -> None:
                    until[0] = time.perf_counter() + seconds

                step("nothing moving", start, lambda: time.perf_counter() > until[0], lambda: 0,
                 floor="the ratio with no file moving: the measurement's own floor")

            took = [export("Export backup"), export("Export CSV"),
                    importing(f"import {args.games:,} games", other, other_size),
                    importing(f"import {big_size / MEGABYTE:.0f} MB", big, big_size)]
            plain_upload(f"{args.games:,} games sent", other, other_size)
            busy_loop(took[1])
            nothing_moving(max(took))
            tapper_context.close()
            asker_context.close()
        finally:
            server.stop()
        problem = server.tracebacks()
        print("  server log: " + ("no traceback" if not problem else problem))


if __name__ == "__main__":
    main()
