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

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from harness import AppPage, launch_browser
from shots import options, run, serving, session
from steps import PLAYERS

from companion.registry import new_pad
from companion.server.key import spoken_key
from companion.store import Store
from companion.ui.access import ASK_THE_HOST


def seed(data_dir: Path) -> str:
    """Save a One-card game with one round won by Ann; returns its id."""
    store = Store(data_dir)
    pad = new_pad("one_card", PLAYERS)
    store.save_game(pad.to_doc())
    store.update_game(pad.id, lambda saved: saved.add_round("Ann"), by="Ann's phone")
    return pad.id


@contextmanager
def fresh_phone(playwright, url: str, scheme: str) -> Iterator[AppPage]:
    """A phone in a browser of its own (a later page in a shared browser was
    seen to be photographed before it painted its last screen); closed after."""
    browser = launch_browser(playwright)
    try:
        with session(browser, url, scheme=scheme) as phone:
            yield phone
    finally:
        browser.close()


def photograph(playwright, url: str, key: str, game_id: str, scheme: str, out: Path) -> None:
    """Take both screenshots in one colour scheme."""
    with fresh_phone(playwright, url, scheme) as stranger:
        stranger.open(f"/pad/{game_id}")
        stranger.screenshot(out / f"ask-the-host-{scheme}.png", ASK_THE_HOST)
    with fresh_phone(playwright, url, scheme) as host:
        host.open(f"/pad/{game_id}?key={key}")
        host.tap("More")
        host.tap("Invite phones")
        host.screenshot(out / f"invite-{scheme}.png", f"Table key: {spoken_key(key)}")


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; returns the exit code (1 when the browser is missing)."""
    return run(options(__doc__), take, argv)


def take(args, playwright, scratch: Path) -> None:
    """Photograph both screens light, then dark, each on a fresh table."""
    for scheme in ("light", "dark"):
        with serving(scratch, seed, name=scheme, everywhere=True) as (server, game_id):
            key = (server.data_dir / "table-key.txt").read_text(encoding="utf-8").strip()
            photograph(playwright, server.url, key, game_id, scheme, args.out)
    print(f"screenshots written to {args.out}")


if __name__ == "__main__":
    sys.exit(main())
