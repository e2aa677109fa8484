"""What the browser tests and screenshot scripts do at the table, shared.

A user's steps (start a game, tap a hand's values, say whose phone it is,
type cards) and the games they start from (saved through a ``Store`` on a
server's data folder, read back from it). The test files and the scripts
import these from here, never from one another; the fixtures are in
conftest.py.
"""

from __future__ import annotations

import re

from companion import registry
from companion.registry import new_pad, pad_from_doc
from companion.store import Store
from harness import ANSWER_TIMEOUT_MS, AppPage, Server

PLAYERS = ["Ann", "Ben", "Cy"]
"""The players of the games the tests save."""

LEVEL_FOUR = "7s 7h 7d KC KD 2s 5h 5c 3d"
"""Up to 9, level 4: three sets of 3 with two wilds: 7 7 7, K K + 2, 5 5 + 3 (seed 003's example)."""

TWELVE = "9s 7s JH 7h QC 7d KC KD 2S 5H 5C 3D"
"""The same contract hidden in a 12-card hand with three cards that do not belong."""


def new_game(app: AppPage, game: str, players: list[str]) -> None:
    """From the home screen: New game, pick ``game``, type the names, start."""
    app.tap("New game")
    app.see("Players")
    app.tap(game)
    for name in players:
        app.submit_for("Player's name", name, f"Remove {name}")
    app.tap("Start game")


def tap_values(app: AppPage, player: str, values: list[str]) -> None:
    """Tap One Up values in ``player``'s hand on the round sheet."""
    for value in values:
        app.tap(value, within=f"hand-{player}")


def went_out(app: AppPage, player: str) -> None:
    """Tap "<player> went out" on a One Up round sheet and wait until the sheet is drawn again
    without its "dropped out last" choices: the controls below them move up, so the next tap
    must meet them where they now stand, not where they stood."""
    choice = app.button(f"{player} dropped out last")
    choice.wait_for(state="attached", timeout=ANSWER_TIMEOUT_MS)
    app.tap(f"{player} went out")
    choice.wait_for(state="detached", timeout=ANSWER_TIMEOUT_MS)


def type_cards(app: AppPage, label: str, text: str, *, submit: bool = True) -> None:
    """Type ``text`` into the field ``label`` (``AppPage.type_into``), Enter after unless ``submit`` is False."""
    app.type_into(label, text, submit=submit)


def check_game(app: AppPage, title: str) -> None:
    """On the Check screen, tap the game ``title`` ("Up to 9") and wait until the address names
    it: the server has taken the tap and sent that game's panel, so a tap or typing that follows
    reaches its panel, not the one going away (every panel has an "Or type cards" field and most a
    player count)."""
    game_id = next(spec.id for spec in registry.GAMES if spec.title == title)
    app.tap(title)
    app.page.wait_for_url(re.compile(rf"/check/{game_id}(\?|$)"), timeout=ANSWER_TIMEOUT_MS)


def read(app: AppPage, test_id: str) -> str:
    """Everything the node ``test_id`` says: its own and its children's labels, then its text.

    Flutter merges the texts of a Semantics container into its label, and a
    card's label ("7♠, chosen") sits on its own node.
    """
    node = app.page.get_by_test_id(test_id)
    node.wait_for(state="attached", timeout=10_000)
    return node.evaluate(
        "e => [e, ...e.querySelectorAll('*')].map(x => x.getAttribute('aria-label') || '')"
        ".join('\\n') + '\\n' + e.innerText"
    )


def saved_game(server: Server, game: str = "one_card", winners: tuple[str, ...] = (), by: str = "Ann's phone",
               players: list[str] = PLAYERS) -> str:
    """Save a new ``game`` of ``players`` (Ann, Ben and Cy) in the server's
    folder, with a One-card round won by each of ``winners`` (saved ``by``
    that phone); returns the game's id."""
    store = Store(server.data_dir)
    pad = new_pad(game, players)
    store.save_game(pad.to_doc())
    for winner in winners:
        store.update_game(pad.id, lambda saved, winner=winner: saved.add_round(winner), by=by)
    return pad.id


def latest(server: Server, game_id: str):
    """The game ``game_id`` as saved in the server's folder now (a pad)."""
    return pad_from_doc(Store(server.data_dir).get_game(game_id))


def name_phone(phone: AppPage, player: str) -> None:
    """From a pad: "This phone is <player>'s", through the pad's menu."""
    phone.tap("More")
    phone.tap("Whose phone is this?")
    phone.tap(f"{player}'s phone")
    phone.see(f"This phone is now {player}'s phone")


def pad_on(open_phone, game_id: str, player: str) -> AppPage:
    """A phone (from the ``phones`` fixture's ``open_phone``) showing the pad
    of ``game_id``, named after ``player``."""
    phone = open_phone(f"/pad/{game_id}")
    phone.button("More").wait_for()
    name_phone(phone, player)
    return phone
