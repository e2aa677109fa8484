"""A half-entered round sheet survives the host's restart, in the browser.

Four phones, one per game, each with a round sheet open and half entered;
the host's app stops and starts again on the same port and data folder;
each phone reconnects by itself, comes back to its sheet with the values
typed before, marked "Not saved yet", and saves the round with them. Scores:
One Up (seed 000, "Scoring": each value once, K=10, A=1; who went out
scores 0), One-card (seed 002: a round win), Up to 9 (seed 003: K=10, 5=5,
points typed count as typed), Up or Down? (rulings.md: each row its cards x
the commonest colour's count, 8x3 + 2x1 = 26; "3y 2b" is 5 cards x 3 = 15).
"""

from __future__ import annotations

import json
import time

from harness import restart
from steps import PLAYERS, latest, saved_game, tap_values, went_out

KEPT_TIMEOUT = 30.0
"""Most seconds a tap may take to be kept in the data folder (a ceiling, not a pause)."""


def kept_entries(server, game_id: str) -> list:
    """The entries of the sheets kept for game ``game_id`` on any phone, as the data folder holds them now."""
    path = server.data_dir / "sheets.json"
    if not path.exists():
        return []
    return [sheet["entry"] for sheet in json.loads(path.read_text(encoding="utf-8"))["sheets"].get(game_id, {}).values()]


def wait_kept(server, game_id: str, holds) -> None:
    """Wait until a sheet kept for game ``game_id`` satisfies ``holds(entry)``
    (the phone's last tap is in the data folder before the host stops)."""
    deadline = time.monotonic() + KEPT_TIMEOUT
    while not any(holds(entry) for entry in kept_entries(server, game_id)):
        assert time.monotonic() < deadline, f"the sheet of {game_id} was not kept: {kept_entries(server, game_id)}"
        time.sleep(0.05)


def test_a_half_entered_sheet_of_each_game_survives_the_hosts_restart(server, phones):
    one_up, nine, up_down = (saved_game(server, game) for game in ("one_up", "up_to_nine", "up_or_down"))
    one_card = saved_game(server, "one_card", winners=("Ann",))
    ann = phones(f"/pad/{one_up}")
    cards = phones(f"/pad/{one_card}")
    levels = phones(f"/pad/{nine}")
    count = phones(f"/pad/{up_down}")

    ann.tap("Add round")
    tap_values(ann, "Ann", ["K", "6"])
    ann.see("16 points")
    wait_kept(server, one_up, lambda entry: entry and entry["hands"]["Ann"] == ["6", "K"])

    cards.page.get_by_test_id("round-1").click()
    cards.see("Round 1 (edit)")
    wait_kept(server, one_card, lambda entry: entry is None)

    levels.tap("Add round")
    levels.tap("Ann went out")
    levels.gone("Ann's points instead of cards")
    levels.type_into("Ben's points instead of cards", "20")
    wait_kept(server, nine, lambda entry: entry and entry["went_out"] == "Ann" and entry["results"]["Ben"]["points"] == 20)

    count.tap("Count the scores")
    count.type_into("Ann's rows, typed", "8 3, 2 1")
    count.see("26 points")
    wait_kept(server, up_down, lambda entry: entry and entry["scores"]["Ann"]["rows"] == [[8, 3], [2, 1]])

    restart(server)

    for phone in (ann, cards, levels, count):
        phone.see("Not saved yet", timeout=60_000)

    ann.see("Round 1")
    ann.see("16 points")
    tap_values(ann, "Ben", ["A"])
    went_out(ann, "Cy")
    ann.tap("Save round")
    ann.see("Round 1 saved")
    assert [ann.wait_text(f"total-{player}", want) for player, want in zip(PLAYERS, ["16", "1", "0"])] == ["16", "1", "0"]

    cards.see("Round 1 (edit)")
    cards.tap("Ben won")
    cards.see("Round 1 saved")
    assert [cards.wait_text(f"total-{player}", want) for player, want in zip(PLAYERS, ["0", "1", "0"])] == ["0", "1", "0"]

    levels.see("went out")
    for rank in ("K", "5"):
        levels.tap(rank, within="result-Cy")
    levels.see("15 points")
    levels.tap("Save round")
    levels.see("Round 1 saved")
    assert [levels.wait_text(f"total-{player}", want) for player, want in zip(PLAYERS, ["0", "20", "15"])] == [
        "0", "20", "15"]

    count.see("26 points")
    count.tap("Ben")
    count.type_into("Ben's rows, typed", "3y 2b")
    count.see("15 points")
    count.tap("Save scores")
    count.see("Round 1 saved")
    assert [count.wait_text(f"total-{player}", want) for player, want in zip(PLAYERS, ["26", "15", "0"])] == [
        "26", "15", "0"]

    assert latest(server, one_up).rounds[0]["hands"] == {"Ann": ["6", "K"], "Ben": ["A"], "Cy": []}
    assert latest(server, one_card).rounds[0]["winner"] == "Ben"
    deadline = time.monotonic() + KEPT_TIMEOUT
    while any(kept_entries(server, game_id) for game_id in (one_up, one_card, nine, up_down)):
        assert time.monotonic() < deadline, "a saved round's sheet is still kept"
        time.sleep(0.05)


def test_a_phone_keeps_its_language_through_the_hosts_restart(server, phones):
    """A phone that picked German comes back in German to its kept sheet on the restarted host: the
    new session reads the language the phone keeps (companion.ui.language.load_language), as it
    reads its label. It came back in English, the browser's language: Flet's web client did not
    answer the session's first service, which was the language's (companion.ui.app.App)."""
    game = saved_game(server, "one_up")
    phone = phones("/")
    phone.tap("Language")
    phone.page.get_by_role("menuitemcheckbox", name="Deutsch").click()
    phone.see("Neues Spiel")
    phone.open(f"/pad/{game}")
    phone.tap("Neue Runde")
    tap_values(phone, "Ann", ["K"])
    phone.see("10 Punkte")
    wait_kept(server, game, lambda entry: entry and entry["hands"]["Ann"] == ["K"])

    restart(server)

    phone.see("Noch nicht gespeichert", timeout=60_000)
    phone.see("10 Punkte")
    assert phone.page.get_by_text("Not saved yet").count() == 0
