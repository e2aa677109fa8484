"""Each player enters their own hand on their own phone, in the browser.

Three phones on one game: each says once whose phone it is (asked when
"My hand" is first tapped), enters only its own hand, and every phone
sees who is done and who is missing; once every hand is in, any phone
saves the round, checked and scored by the pad as a round entered on one
phone (seed 000, "Scoring": each value once, K=10; the player who went out
scores 0 and, with no points yet, gives nothing back). The change log
names the phone that saved the round and the phone that entered each hand.
"""

from __future__ import annotations

import time

from companion.store import Store
from steps import PLAYERS, latest, saved_game, tap_values, went_out

SHARED_SERVER = True
"""One server for this module's tests (conftest.py): each plays a game it saved itself, opened by its address."""


def say_whose(phone, player: str) -> None:
    """On a pad: "My hand", then (asked once) "<player>'s phone": the hand sheet opens."""
    phone.tap("My hand")
    phone.tap(f"{player}'s phone")
    phone.see(f"Round 1: {player}'s hand")


def hand_in(phone, player: str) -> None:
    """Send the hand entered on ``player``'s own sheet."""
    phone.tap("My hand is in")
    phone.see(f"{player}'s hand is in")


def test_three_phones_each_enter_their_own_hand_and_the_round_is_saved(server, phones):
    game_id = saved_game(server, "one_up")
    ann, ben, cy = (phones(f"/pad/{game_id}") for _ in PLAYERS)
    for phone in (ann, ben, cy):
        phone.see("Add round")

    say_whose(ann, "Ann")
    tap_values(ann, "Ann", ["K", "3"])
    hand_in(ann, "Ann")
    for phone in (ann, ben, cy):
        phone.wait_text("hands-status", "Ann done, waiting for Ben and Cy")

    say_whose(cy, "Cy")
    went_out(cy, "Cy")
    hand_in(cy, "Cy")
    for phone in (ann, ben, cy):
        phone.wait_text("hands-status", "Ann done, Cy done, waiting for Ben")
    assert ann.button("Save round 1").count() == 0

    say_whose(ben, "Ben")
    tap_values(ben, "Ben", ["5"])
    hand_in(ben, "Ben")
    for phone in (ann, ben, cy):
        phone.wait_text("hands-status", "Every hand is in")

    cy.tap("Save round 1")
    cy.see("Round 1 saved")
    # Ann: K=10 + 3 = 13; Ben: 5; Cy went out: 0, nothing to give back.
    for phone in (ann, ben, cy):
        assert [phone.wait_text(f"total-{p}", want) for p, want in zip(PLAYERS, ["13", "5", "0"])] == ["13", "5", "0"]
    saved = latest(server, game_id)
    assert saved.rounds[0]["hands"] == {"Ann": ["3", "K"], "Ben": ["5"], "Cy": []}
    assert (saved.rounds[0]["went_out"], saved.changes[0].label, saved.changes[0].by) == (
        "Cy", "round 1 added", "Cy's phone",
    )
    assert Store(server.data_dir).get_draft(game_id) is None
    ann.tap("More")
    ann.tap("Changes")
    ann.see("Round 1 added")
    ann.see("Cy's phone")
    ann.see("Hands: Ann (Ann's phone); Ben (Ben's phone); Cy (Cy's phone)")


def draft_dropped(store: Store, game_id: str, timeout: float = 30.0) -> bool:
    """Whether the hands kept for ``game_id`` are dropped within ``timeout`` seconds ("OK" on the
    stale hands may write the drop after the pad has repainted)."""
    deadline = time.monotonic() + timeout
    while store.get_draft(game_id) is not None:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_hands_survive_a_reload_and_a_round_saved_another_way_is_told(server, phones):
    game_id = saved_game(server, "one_up")
    ann = phones(f"/pad/{game_id}")
    say_whose(ann, "Ann")
    tap_values(ann, "Ann", ["6"])
    hand_in(ann, "Ann")
    ann.reload()
    ann.wait_text("hands-status", "Ann done, waiting for Ben and Cy")
    ann.tap("My hand")
    ann.see("Round 1: Ann's hand")
    ann.tap("Cancel")
    store = Store(server.data_dir)
    store.update_game(game_id, lambda pad: pad.add_round({"Ann": "K", "Ben": "", "Cy": "A"}, "Ben"), by="Ben's phone")
    ann.reload()
    ann.wait_text("hands-stale", "Round 1 was saved on Ben's phone, so the hands entered for it were not used.")
    ann.tap("OK")
    ann.see("Round 2: Ben deals, Ben starts")
    assert draft_dropped(store, game_id)
