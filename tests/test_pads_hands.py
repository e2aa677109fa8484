"""A round entered hand by hand: each player's part taken out of a sheet's
entry, the parts joined back into the pad's entry, and the draft's status.

The joined entry is checked by the pad's ``add_round`` as any other round
(seed 000 "Scoring" for One Up: {K,K,3,3,5} = 18; seed 003 for Up to 9).
"""

from __future__ import annotations

import pytest

from companion.games.one_card import OneCardPad
from companion.games.one_up import OneUpPad
from companion.games.up_or_down import UpOrDownPad
from companion.games.up_to_nine import UpToNinePad
from companion.pads.base import PadError
from companion.pads.hands import is_stale, status, with_part

PLAYERS = ["Ann", "Ben", "Cy"]


def parts_of(pad, entry: dict) -> dict:
    return {player: pad.hand_part(entry, player) for player in pad.players}


def test_one_up_parts_join_into_the_same_round():
    pad = OneUpPad(PLAYERS)
    entry = {"hands": {"Ann": ["K", "K", "3", "3", "5"], "Ben": ["A"], "Cy": []}, "went_out": "Cy", "ended_by": "Cy"}
    parts = parts_of(pad, entry)
    assert parts["Cy"] == {"hand": [], "went_out": True, "ended_by": True}
    assert parts["Ann"] == {"hand": ["K", "K", "3", "3", "5"], "went_out": False, "ended_by": False}
    assert pad.join_hands(parts) == entry
    row = pad.add_round(**pad.join_hands(parts))
    assert row.points == {"Ann": 18, "Ben": 1, "Cy": 0}


def test_one_up_a_player_without_a_part_has_no_cards_yet():
    pad = OneUpPad(PLAYERS)
    joined = pad.join_hands({"Ben": {"hand": ["6"], "went_out": False, "ended_by": True}})
    assert joined == {"hands": {"Ann": [], "Ben": ["6"], "Cy": []}, "went_out": None, "ended_by": "Ben"}


@pytest.mark.parametrize(
    ("flag", "words"), [("went_out", "Ann and Cy each say they went out"),
                        ("ended_by", "Ann and Cy each say they dropped out last")],
)
def test_one_up_two_players_claiming_the_same_end_are_refused(flag, words):
    pad = OneUpPad(PLAYERS)
    claim = {"hand": [], "went_out": False, "ended_by": False, flag: True}
    with pytest.raises(PadError, match=f"^{words}: only one player can$"):
        pad.join_hands({"Ann": claim, "Cy": claim})


def test_up_to_nine_parts_join_into_the_same_round():
    pad = UpToNinePad(PLAYERS)
    entry = {
        "results": {
            "Ann": {"laid_down": True, "hand": [], "points": None},
            "Ben": {"laid_down": False, "hand": ["K", "5"], "points": None},
            "Cy": {"laid_down": True, "hand": [], "points": 25},
        },
        "went_out": "Ann",
    }
    parts = parts_of(pad, entry)
    assert parts["Ann"] == {"result": {"laid_down": True, "hand": [], "points": None}, "went_out": True}
    assert pad.join_hands(parts) == entry
    row = pad.add_round(**pad.join_hands(parts))
    assert row.penalty == {"Ann": 0, "Ben": 15, "Cy": 25}


def test_up_or_down_parts_join_into_the_same_count():
    pad = UpOrDownPad(PLAYERS)
    entry = {"scores": {"Ann": {"rows": [[8, 3]], "discarded": 2}, "Ben": {"rows": [], "discarded": 0},
                        "Cy": {"rows": [[2, 1]], "discarded": 0}}}
    assert pad.join_hands(parts_of(pad, entry)) == entry
    assert pad.join_hands({}) == {"scores": {p: {"rows": [], "discarded": 0} for p in PLAYERS}}


def test_one_card_rounds_are_entered_whole():
    pad = OneCardPad(PLAYERS)
    assert not pad.HAND_BY_HAND
    with pytest.raises(PadError, match="In One-card a round is entered whole"):
        pad.hand_part({"winner": "Ann"}, "Ann")


def test_status_names_who_is_done_and_who_is_missing_in_seating_order():
    pad = OneUpPad(PLAYERS)
    draft = with_part(pad, None, "Cy", {"hand": ["K"]}, "Cy's phone")
    draft = with_part(pad, draft, "Ann", {"hand": ["3"]}, "Ann's phone")
    now = status(pad, draft)
    assert (now.number, now.done, now.missing) == (1, ("Ann", "Cy"), ("Ben",))
    assert now.text == "Ann done, Cy done, waiting for Ben"
    assert draft["by"] == {"Cy": "Cy's phone", "Ann": "Ann's phone"}
    draft = with_part(pad, draft, "Ben", {"hand": []}, None)
    assert status(pad, draft).complete and status(pad, draft).text == "Every hand is in"


def test_a_part_entered_again_replaces_the_first():
    pad = OneUpPad(PLAYERS)
    draft = with_part(pad, None, "Ann", {"hand": ["3"]}, "Ann's phone")
    draft = with_part(pad, draft, "Ann", {"hand": ["K"]}, "Ben's phone")
    assert draft == {"round": 1, "rounds": [], "parts": {"Ann": {"hand": ["K"]}}, "by": {"Ann": "Ben's phone"}}


def test_a_draft_for_a_round_saved_meanwhile_is_stale_and_a_new_part_starts_afresh():
    pad = OneUpPad(PLAYERS)
    draft = with_part(pad, None, "Ann", {"hand": ["3"]}, "Ann's phone")
    pad.add_round({"Ann": "3", "Ben": "K", "Cy": ""}, "Cy")
    assert is_stale(pad, draft)
    assert with_part(pad, draft, "Ben", {"hand": ["A"]}, None) == {
        "round": 2, "rounds": [pad.round_id(1)], "parts": {"Ben": {"hand": ["A"]}}, "by": {"Ben": None},
    }


def test_a_draft_outlives_a_deleted_round_and_is_for_the_round_now_next():
    pad = OneUpPad(PLAYERS)
    pad.add_round({"Ann": "3", "Ben": "K", "Cy": ""}, "Cy")
    draft = with_part(pad, None, "Ann", {"hand": ["3"]}, "Ann's phone")
    pad.delete_round(1)
    assert (is_stale(pad, draft), status(pad, draft).number) == (False, 1)
    assert with_part(pad, draft, "Ben", {"hand": ["A"]}, None)["round"] == 1
    pad.add_round({"Ann": "3", "Ben": "K", "Cy": ""}, "Cy")
    assert is_stale(pad, draft)


def test_a_part_for_someone_not_playing_is_refused():
    with pytest.raises(PadError, match="'Dan' is not playing"):
        with_part(OneUpPad(PLAYERS), None, "Dan", {}, None)
