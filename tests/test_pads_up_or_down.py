"""The Up or Down? score pad: rows, discard piles, totals, ranking.

Rules: seed 004 (Up or Down?), scoring; rulings.md, Up or Down? (the 66 example).
"""

from __future__ import annotations

import json

import pytest

from companion.games.up_or_down import RowSummary
from companion.pads.base import PadError
from companion.games.up_or_down import UpOrDownPad

ROW_8_3_YELLOW = ["yellow", "red", "yellow", "blue", "yellow", "red", "green", "blue"]
ROW_8_5_BLUE = ["blue", "blue", "red", "blue", "green", "blue", "purple", "blue"]

SCORES = {
    "Ann": {"rows": [ROW_8_3_YELLOW, ["red", "Blue"], ROW_8_5_BLUE], "discarded": 0},
    "Ben": {"rows": [[8, 5], {"cards": 4, "commonest": 2}], "discarded": 3},
    "Cy": {"rows": [RowSummary(8, 3), [2, 1], [8, 5]]},
}


def scored_pad() -> UpOrDownPad:
    pad = UpOrDownPad(["Ann", "Ben", "Cy"])
    pad.add_round(SCORES)
    return pad


def test_the_66_example_and_the_ranking():
    pad = scored_pad()
    row = pad.rows[0]
    assert row.points == {"Ann": 66, "Ben": 51, "Cy": 66}
    assert row.detail["Ann"] == "24 + 2 + 40 + 0 discarded"
    assert row.detail["Ben"] == "40 + 8 + 3 discarded"
    assert pad.is_over
    assert pad.winners == ["Ann", "Cy"]
    assert [tuple(p) for p in pad.standings] == [
        (1, "Ann", 66, "66 points"), (1, "Cy", 66, "66 points"), (3, "Ben", 51, "51 points"),
    ]
    assert pad.summary() == "Ann and Cy share the win with 66 points"


def test_rows_are_stored_as_colours_or_counts():
    stored = scored_pad().rounds[0]["scores"]
    assert stored["Ann"]["rows"][1] == ["red", "blue"]
    assert stored["Ben"] == {"rows": [[8, 5], [4, 2]], "discarded": 3}
    assert stored["Cy"] == {"rows": [[8, 3], [2, 1], [8, 5]], "discarded": 0}


def test_editing_the_entry_changes_the_winner():
    pad = scored_pad()
    pad.edit_round(1, {**SCORES, "Ben": {"rows": [[8, 5], [4, 2]], "discarded": 20}})
    assert pad.totals == {"Ann": 66, "Ben": 68, "Cy": 66}
    assert pad.winners == ["Ben"]
    assert pad.summary() == "Ben wins with 68 points"
    pad.undo()
    assert pad.winners == ["Ann", "Cy"]


def test_a_second_game_of_a_match_adds_up():
    pad = scored_pad()
    pad.add_round({
        "Ann": {"rows": [[3, 1]], "discarded": 0},
        "Ben": {"rows": [[6, 3]], "discarded": 2},
        "Cy": {"rows": [], "discarded": 4},
    })
    assert pad.rows[1].points == {"Ann": 3, "Ben": 20, "Cy": 4}
    assert pad.totals == {"Ann": 69, "Ben": 71, "Cy": 70}
    assert pad.winners == ["Ben"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"Ann": {"rows": [[8, 1]]}}, "Ann: .*at least 2 of one colour"),
        ({"Ann": {"rows": [[2, 3]]}}, "can not hold 3 of one colour"),
        ({"Ann": {"rows": [["pink", "red"]]}}, "Ann: 'pink' is not a colour"),
        ({"Ann": {"rows": [[1, 1], [1, 1], [1, 1], [1, 1]]}}, "Ann has 4 rows: a display holds at most 3"),
        ({"Ann": {"rows": [[1, 1]], "discarded": -1}}, "Ann's discard pile must be a whole number"),
        ({"Ann": {"rows": [[40, 10]], "discarded": 30}}, "hold 103 cards, but with 3 players only 78 are in play and 6 of them stay in the ring"),
        ({"Ann": "lots"}, "Enter Ann's rows and discard pile"),
        ({"Dee": {"rows": []}}, "'Dee' is not playing"),
    ],
)
def test_impossible_scores_are_refused_and_nothing_changes(change, message):
    pad = scored_pad()
    before = pad.to_doc()
    with pytest.raises(PadError, match=message):
        pad.add_round({**SCORES, **change})
    with pytest.raises(PadError, match=message):
        pad.edit_round(1, {**SCORES, **change})
    assert pad.to_doc() == before


def test_the_six_ring_cards_are_not_in_rows_or_discard_piles():
    # 2 players: cards 1 to 54 in play, 6 of them stay in the ring, so 48 at most.
    pad = UpOrDownPad(["Ann", "Ben"])
    with pytest.raises(PadError) as caught:
        pad.preview_round({"Ann": {"rows": [[8, 3]], "discarded": 41}, "Ben": {"rows": [], "discarded": 0}})
    assert str(caught.value) == (
        "The rows and discard piles hold 49 cards, but with 2 players only 54 are in play and 6 of them "
        "stay in the ring, so at most 48 can be in rows or on discard piles: check the counts"
    )
    row = pad.add_round({"Ann": {"rows": [[8, 3]], "discarded": 40}, "Ben": {"rows": [], "discarded": 0}})
    assert row.points == {"Ann": 64, "Ben": 0}


def test_every_player_needs_an_entry():
    pad = UpOrDownPad(["Ann", "Ben"])
    with pytest.raises(PadError, match="Enter the rows and the discard pile for Ben"):
        pad.add_round({"Ann": {"rows": [[3, 2]]}})
    assert pad.rows == [] and not pad.is_over
    assert pad.summary() == "No rounds yet"


def test_score_preview_while_entering():
    pad = UpOrDownPad(["Ann", "Ben"])
    assert pad.score_preview([ROW_8_3_YELLOW, ["red", "blue"], [8, 5]], 0) == 66
    assert pad.score_preview([], 7) == 7
    with pytest.raises(PadError, match="at least 2 of one colour"):
        pad.score_preview([[8, 1]])


def test_round_trip_through_the_saved_document():
    pad = scored_pad()
    pad.finish()
    doc = pad.to_doc()
    assert json.loads(json.dumps(doc)) == doc
    assert doc["finished"] and doc["winners"] == ["Ann", "Cy"]
    again = UpOrDownPad.from_doc(doc)
    assert again.to_doc() == doc
    assert again.rows == pad.rows
    with pytest.raises(PadError, match="has no option"):
        again.set_option("limit", 3)
