"""Regenerate the screenshots of joining a table, light and dark.

    .venv/bin/python tests/e2e/join_screenshots.py [--out docs/screenshots]

Starts main.py listening on every interface (so the key is asked and the
invite names this machine's network address) on a fresh temporary data
folder holding a One-card game of Ann, Ben and Cy, and photographs at
390x844: the pad's "Invite phones" screen (``invite``) and what a phone
without the key sees (``ask-the-host``); each as ``<name>-light.png`` and
``<name>-dark.png``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from harness import PHONE, ROOT, AppPage, free_port, launch_browser, missing, start_script

sys.path.insert(0, str(ROOT))

from companion.pads import new_pad  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.ui.access import ASK_THE_HOST  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cy"]

BLANK_PNG_BYTES = 5_000
"""A screenshot this small is one colour: the screen was not painted yet
(on a busy machine Flutter's accessibility tree, which the waits read, can
run seconds ahead of the paint)."""

PAINT_ATTEMPTS = 20
"""How many times a blank screenshot is taken again, each after the screen settles."""


def seed(data_dir: Path) -> str:
    """Save a One-card game with one round won by Ann; returns its id."""
    store = Store(data_dir)
    pad = new_pad("one_card", PLAYERS)
    store.save_game(pad.to_doc())
    store.update_game(pad.id, lambda saved: saved.add_round("Ann"), by="Ann's phone")
    return pad.id


def painted_screenshot(driver: AppPage, path: Path, wait_for: str) -> None:
    """Save a screenshot of ``driver``'s page at ``path`` once ``wait_for`` shows
    and the screen is painted (see ``BLANK_PNG_BYTES``).

    Raises:
        AssertionError: if the screen is still blank after ``PAINT_ATTEMPTS`` tries.
    """
    driver.screenshot(path, wait_for=wait_for)
    for _ in range(PAINT_ATTEMPTS):
        if path.stat().st_size > BLANK_PNG_BYTES:
            return
        driver.next_frame(1_000)
        driver.screenshot(path)
    driver.fail(f"the screen with {wait_for!r} was never painted")


def fresh_phone(playwright, url: str, scheme: str) -> AppPage:
    """A phone in a browser of its own (a later page in a shared browser was
    seen to be photographed before it painted its last screen)."""
    browser = launch_browser(playwright)
    return AppPage(browser.new_context(viewport=PHONE, color_scheme=scheme).new_page(), url)


def photograph(playwright, url: str, key: str, game_id: str, scheme: str, out: Path) -> None:
    """Take both screenshots in one colour scheme."""
    stranger = fresh_phone(playwright, url, scheme)
    stranger.open(f"/pad/{game_id}")
    painted_screenshot(stranger, out / f"ask-the-host-{scheme}.png", ASK_THE_HOST)
    stranger.page.context.browser.close()
    host = fresh_phone(playwright, url, scheme)
    host.open(f"/pad/{game_id}?key={key}")
    host.tap("More")
    host.tap("Invite phones")
    painted_screenshot(host, out / f"invite-{scheme}.png", f"Table key: {key}")
    host.page.context.browser.close()


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; returns the exit code (1 when the browser is missing)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args(argv)
    reason = missing()
    if reason:
        print(f"can not take screenshots: {reason}", file=sys.stderr)
        return 1
    out = Path(args.out)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        for scheme in ("light", "dark"):
            data_dir = Path(folder) / scheme
            game_id = seed(data_dir)
            port = free_port()
            server = start_script(
                ROOT / "main.py",
                ["--host", "0.0.0.0", "--port", str(port), "--data-dir", str(data_dir), "--no-browser"],
                Path(folder) / f"server-{scheme}.log", port, data_dir,
            )
            try:
                key = (data_dir / "table-key.txt").read_text(encoding="utf-8").strip()
                photograph(playwright, server.url, key, game_id, scheme, out)
            finally:
                server.stop()
    print(f"screenshots written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
