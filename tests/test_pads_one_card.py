"""The One-card match pad: a tally of round wins, first to N takes the match.

Rules: seed 002 (One-card), "Winning"; rulings.md, One-card (tally, N = 5 by default).
"""

from __future__ import annotations

import json

import pytest

from companion.pads.base import PadError
from companion.games.one_card import OneCardPad


def play(pad: OneCardPad, winners: str) -> None:
    names = {name[0]: name for name in pad.players}
    for letter in winners:
        pad.add_round(names[letter])


def test_first_to_five_round_wins_takes_the_match():
    pad = OneCardPad(["Ann", "Ben", "Cy"])
    assert pad.target == 5
    play(pad, "ABAABA")
    assert pad.totals == {"Ann": 4, "Ben": 2, "Cy": 0}
    assert not pad.is_over and pad.winners == []
    assert pad.summary() == "Ann leads with 4 round wins"
    play(pad, "A")
    assert pad.is_over
    assert pad.winners == ["Ann"]
    assert pad.summary() == "Ann wins with 5 round wins"
    assert [row.points["Ann"] for row in pad.rows] == [1, 0, 1, 1, 0, 1, 1]
    assert pad.rows[1].detail == {"Ann": "", "Ben": "won the round", "Cy": ""}


def test_house_rule_match_to_three():
    pad = OneCardPad(["Ann", "Ben"], options={"target": 3})
    play(pad, "ABBA")
    assert not pad.is_over
    play(pad, "B")
    assert pad.is_over and pad.winners == ["Ben"]
    assert pad.summary() == "Ben wins with 3 round wins"
    pad.set_option("target", 5)
    assert not pad.is_over
    assert pad.undo() == "option 'target' changed"
    assert pad.winners == ["Ben"]


def test_editing_a_round_winner_recomputes_the_tally():
    pad = OneCardPad(["Ann", "Ben"], options={"target": 3})
    play(pad, "AABA")
    assert pad.winners == ["Ann"]
    pad.edit_round(2, "Ben")
    assert pad.totals == {"Ann": 2, "Ben": 2}
    assert [row.totals["Ben"] for row in pad.rows] == [0, 1, 2, 2]
    pad.delete_round(1)
    assert pad.totals == {"Ann": 1, "Ben": 2}
    assert pad.summary() == "Ben leads with 2 round wins"


def test_playing_on_can_tie_and_ties_share_the_win():
    pad = OneCardPad(["Ann", "Ben"], options={"target": 2})
    play(pad, "AA")
    assert pad.winners == ["Ann"]
    play(pad, "BB")
    assert pad.winners == ["Ann", "Ben"]
    assert pad.summary() == "Ann and Ben share the win with 2 round wins"
    play(pad, "B")
    pad.finish()
    assert pad.to_doc()["winners"] == ["Ben"]


def test_one_round_win_is_singular_and_early_end_takes_the_leader():
    pad = OneCardPad(["Ann", "Ben", "Cy"])
    play(pad, "C")
    pad.end_early()
    assert pad.summary() == "Ended early: Cy wins with 1 round win"
    assert pad.to_doc()["winners"] == ["Cy"]


def test_dealer_rotates_and_the_player_after_the_dealer_starts():
    pad = OneCardPad(["Ann", "Ben", "Cy", "Dee"], first_dealer=3)
    play(pad, "ABCDA")
    assert [row.dealer for row in pad.rows] == ["Dee", "Ann", "Ben", "Cy", "Dee"]
    assert [row.starter for row in pad.rows] == ["Ann", "Ben", "Cy", "Dee", "Ann"]
    assert (pad.next_dealer, pad.next_starter) == ("Ann", "Ben")


def test_bad_winner_is_refused_and_the_pad_is_unchanged():
    pad = OneCardPad(["Ann", "Ben"])
    play(pad, "AB")
    before = pad.to_doc()
    with pytest.raises(PadError, match="'Zed' is not playing"):
        pad.add_round("Zed")
    with pytest.raises(PadError, match="exactly one winner"):
        pad.add_round(["Ann", "Ben"])
    with pytest.raises(PadError, match="1 or more"):
        pad.set_option("target", 0)
    assert pad.to_doc() == before


def test_round_trip_through_the_saved_document():
    pad = OneCardPad(["Ann", "Ben", "Cy"], first_dealer=2, options={"target": 3})
    play(pad, "ABCCA")
    doc = pad.to_doc()
    assert json.loads(json.dumps(doc)) == doc
    assert doc["rounds"][2] == {"id": pad.round_id(3), "rev": 3, "winner": "Cy"}
    again = OneCardPad.from_doc(doc)
    assert again.to_doc() == doc
    assert again.rows == pad.rows
    assert again.edit_round(1, **again.rounds[0]).totals == {"Ann": 1, "Ben": 0, "Cy": 0}
