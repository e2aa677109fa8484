"""A new round's sheet open on one phone takes in the hands sent meanwhile from other phones
("My hand"), without a browser (companion/table/pad_session.py with a real store): a hand the
sheet's user left as it began is taken in and said, one they entered stays theirs, and the
round saves with both. One Up scores by seed 000, "Scoring" (each value once, A=1, 2=2, K=10;
who went out scores 0); Up to 9 by seed 003 and rulings.md (K=10, 5=5).
"""

from __future__ import annotations

import contextvars
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion.pads.hands import take_in
from companion.registry import new_pad
from companion.store import Store
from companion.table.pad_session import NEW_ROUND
from test_pad_session import Phone, latest, one_up_hand, saved_game


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path)


def off_the_loop(work, *args) -> None:
    """Run ``work(*args)`` in a thread with no event loop, as ``Phone.tap`` runs a tap: what it
    keeps of a sheet is written from there (after a browser test, this thread runs Playwright's loop)."""
    with ThreadPoolExecutor(1) as worker:
        worker.submit(contextvars.copy_context().run, work, *args).result()


def type_on(phone: Phone, entry: dict) -> None:
    """What a tap on ``phone``'s open sheet leaves it holding, kept as the view keeps it."""
    off_the_loop(phone.pads.typed, entry)


def look(phone: Phone) -> None:
    """``phone`` draws the game as saved now: a sheet that takes in hands keeps what it holds."""
    off_the_loop(phone.look)


def sheet_typed(store: Store, typed: dict) -> tuple[str, Phone, Phone]:
    """A saved One Up game with Ann's phone on a new round's sheet holding ``typed``, and Cy's
    phone; returns the game's id and the two phones."""
    game_id = saved_game(store, "one_up")
    ann, cy = Phone(store, game_id, "Ann's phone"), Phone(store, game_id, "Cy's phone")
    ann.tap("open_sheet", NEW_ROUND)
    type_on(ann, typed)
    return game_id, ann, cy


def send_cys_hand(cy: Phone, cards: list[str], went_out: bool = False) -> None:
    """Cy's phone sends Cy's hand ("My hand")."""
    cy.tap("my_hand")
    cy.tap("send_hand", one_up_hand("Cy", cards, went_out=went_out))


def test_a_hand_sent_while_the_sheet_is_open_is_taken_in_and_said(store):
    game_id = saved_game(store, "one_up")
    ann, ben, cy = (Phone(store, game_id, f"{name}'s phone") for name in ("Ann", "Ben", "Cy"))
    ben.tap("my_hand")
    ben.tap("send_hand", one_up_hand("Ben", ["K"]))
    ann.tap("open_sheet", NEW_ROUND)
    assert ann.pads.sheet_start["hands"] == {"Ann": [], "Ben": ["K"], "Cy": []}
    opened = ann.pads.sheets_opened
    type_on(ann, {"hands": {"Ann": [], "Ben": ["K"], "Cy": []}, "went_out": "Ann", "ended_by": None})
    cy.tap("my_hand")
    cy.tap("send_hand", one_up_hand("Cy", ["2", "A"]))
    look(ann)
    assert ann.pads.sheet_start == {"hands": {"Ann": [], "Ben": ["K"], "Cy": ["2", "A"]}, "went_out": "Ann",
                                    "ended_by": None}
    assert ann.pads.sheets_opened == opened + 1
    assert ann.pads.state.arrived == "Cy's hand, entered on another phone, is on this sheet now."
    told = ann.atap("submit", ann.pads.sheet_start)
    assert told.message == "Round 1 saved"
    assert latest(store, game_id).rows[0].points == {"Ann": 0, "Ben": 10, "Cy": 3}


def test_a_hand_the_sheets_user_entered_stays_theirs_and_nothing_is_said(store):
    typed = {"hands": {"Ann": [], "Ben": ["6"], "Cy": ["K"]}, "went_out": "Ann", "ended_by": None}
    game_id, ann, cy = sheet_typed(store, typed)
    assert ann.pads.sheet_start is None
    opened = ann.pads.sheets_opened
    send_cys_hand(cy, ["2"])
    look(ann)
    assert (ann.pads.sheet_start, ann.pads.sheets_opened, ann.pads.state.arrived) == (None, opened, "")
    told = ann.atap("submit", typed)
    assert told.message == "Round 1 saved"
    assert latest(store, game_id).rows[0].points == {"Ann": 0, "Ben": 6, "Cy": 10}


def test_a_sheet_whose_deal_was_saved_another_way_takes_in_no_hand_of_the_next_deal(store):
    game_id, ann, cy = sheet_typed(store, {"hands": {"Ann": [], "Ben": ["6"], "Cy": ["K"]}, "went_out": "Ann",
                                           "ended_by": None})
    store.update_game(game_id, lambda pad: pad.add_round({"Ann": "K", "Ben": "", "Cy": "A"}, "Ben"), by="Ben's phone")
    look(ann)
    send_cys_hand(cy, ["2"])
    look(ann)
    assert (ann.pads.sheet_start, ann.pads.state.arrived) == (None, "")
    assert store.get_draft(game_id)["parts"]["Cy"]["hand"] == ["2"]


def test_a_went_out_marked_on_the_sheet_stays_when_a_hand_sent_says_the_same(store):
    _game_id, ann, cy = sheet_typed(store, {"hands": {"Ann": [], "Ben": ["6"], "Cy": []}, "went_out": "Ann",
                                            "ended_by": None})
    send_cys_hand(cy, [], went_out=True)
    look(ann)
    assert ann.pads.sheet_start == {"hands": {"Ann": [], "Ben": ["6"], "Cy": []}, "went_out": "Ann", "ended_by": None}
    assert ann.pads.state.arrived == "Ann and Cy each say they went out: only one player can"


def test_an_edited_rounds_sheet_takes_in_no_hand(store):
    game_id = saved_game(store, "one_up")
    store.update_game(game_id, lambda pad: pad.add_round({"Ann": "K", "Ben": "", "Cy": "A"}, "Ben"), by="Cy's phone")
    ann, cy = Phone(store, game_id, "Ann's phone"), Phone(store, game_id, "Cy's phone")
    ann.tap("open_sheet", 1)
    cy.tap("my_hand")
    cy.tap("send_hand", one_up_hand("Cy", ["2"]))
    look(ann)
    assert (ann.pads.sheet_start, ann.pads.state.arrived) == (None, "")


def test_take_in_keeps_each_part_entered_and_takes_the_rest_in_seating_order():
    """Up to 9 (seed 003): Ben's and Dee's hands came in; Ann went out on the sheet and Dee's
    part was typed there, so only Ben's is taken; a part that says Cy went out too is told,
    and Ann's mark, set on the sheet, stays."""
    pad = new_pad("up_to_nine", ["Ann", "Ben", "Cy", "Dee"])
    began = pad.join_hands({})
    typed = pad.join_hands({"Ann": {"result": {"laid_down": True, "hand": [], "points": None}, "went_out": True},
                            "Dee": {"result": {"laid_down": False, "hand": ["5"], "points": None}}})
    ben = {"result": {"laid_down": False, "hand": ["K"], "points": None}, "went_out": False}
    dee = {"result": {"laid_down": False, "hand": ["K", "5"], "points": None}, "went_out": False}
    entry, taken, clash = take_in(pad, began, typed, {}, {"Ben": ben, "Dee": dee})
    assert (taken, clash) == (["Ben"], "")
    assert entry["went_out"] == "Ann"
    assert {player: entry["results"][player]["hand"] for player in pad.players} == {
        "Ann": [], "Ben": ["K"], "Cy": [], "Dee": ["5"]}
    assert take_in(pad, began, typed, {"Ben": ben, "Dee": dee}, {"Ben": ben, "Dee": dee}) is None
    cy_out = {"result": {"laid_down": True, "hand": [], "points": None}, "went_out": True}
    entry, taken, clash = take_in(pad, began, typed, {}, {"Cy": cy_out})
    assert (taken, entry["went_out"], entry["results"]["Cy"]["laid_down"]) == (["Cy"], "Ann", True)
    assert clash == "Ann and Cy each say they went out: only one player can"
