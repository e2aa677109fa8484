"""The One Up score pad: rounds, derived totals, edits, undo, the end of the game.

Rules: seed 000 (One Up), "Scoring" and "Winning the game"; rulings.md, One Up.
"""

from __future__ import annotations

import json

import pytest

from companion.pads.base import PadError
from companion.games.one_up import OneUpPad

PLAYERS = ["Ann", "Ben", "Cy"]

FIVE_ROUNDS = [
    ({"Ann": "K 3", "Ben": "A A", "Cy": ""}, "Cy", None),
    ({"Ann": "", "Ben": "6 6", "Cy": "4"}, "Ann", None),
    ({"Ann": "5", "Ben": "", "Cy": "K"}, "Ben", None),
    ({"Ann": "", "Ben": "2 3", "Cy": "A"}, "Ann", None),
    ({"Ann": "K", "Ben": "K 6", "Cy": "A 2"}, None, "Cy"),
]


def five_round_pad(**kwargs) -> OneUpPad:
    pad = OneUpPad(PLAYERS, **kwargs)
    for hands, went_out, ended_by in FIVE_ROUNDS:
        pad.add_round(hands, went_out, ended_by)
    return pad


def running_totals(pad: OneUpPad) -> list[list[int]]:
    return [[row.totals[p] for p in pad.players] for row in pad.rows]


def test_first_round_scores_value_once_and_goer_gets_zero():
    pad = OneUpPad(PLAYERS)
    row = pad.add_round({"Ann": "K K 3 3 5", "Ben": ["A", "A"], "Cy": []}, went_out="Cy")
    assert row.penalty == {"Ann": 18, "Ben": 1, "Cy": 0}
    assert row.points == {"Ann": 18, "Ben": 1, "Cy": 0}
    assert pad.totals == {"Ann": 18, "Ben": 1, "Cy": 0}
    assert pad.rounds[0] == {
        "hands": {"Ann": ["K", "K", "3", "3", "5"], "Ben": ["A", "A"], "Cy": []},
        "went_out": "Cy",
        "ended_by": "Cy",
    }


def test_running_totals_over_five_rounds():
    pad = five_round_pad()
    assert running_totals(pad) == [[13, 1, 0], [3, 7, 4], [8, 6, 14], [7, 11, 15], [17, 27, 18]]
    assert pad.rows[1].points == {"Ann": -10, "Ben": 6, "Cy": 4}
    assert pad.rows[1].detail["Ann"] == "went out, gave back 10"
    assert pad.rows[2].detail["Ben"] == "went out, gave back 1"
    assert pad.rows[4].detail == {"Ann": "", "Ben": "", "Cy": "dropped out last"}


def test_editing_round_two_of_five_recomputes_rounds_three_to_five():
    pad = five_round_pad()
    row = pad.edit_round(2, {"Ann": "K", "Ben": "", "Cy": "4"}, went_out="Ben")
    assert row.totals == {"Ann": 23, "Ben": 0, "Cy": 4}
    assert running_totals(pad) == [[13, 1, 0], [23, 0, 4], [28, 0, 14], [18, 5, 15], [28, 21, 18]]
    # Ben went out again in round 3 from a total of 0: nothing to give back.
    assert pad.rows[2].detail["Ben"] == "went out"
    # Ann's give-back in round 4 now comes from 28, so 10.
    assert pad.rows[3].points["Ann"] == -10


def test_give_back_uses_the_total_before_the_round():
    pad = OneUpPad(["Ann", "Ben"])
    pad.add_round({"Ann": "K 2", "Ben": ""}, "Ben")
    pad.add_round({"Ann": "", "Ben": "5"}, "Ann")
    assert pad.totals == {"Ann": 2, "Ben": 5}
    pad.add_round({"Ann": "", "Ben": "4"}, "Ann")
    assert pad.totals == {"Ann": 1, "Ben": 9}
    pad.add_round({"Ann": "", "Ben": "4"}, "Ann")
    pad.add_round({"Ann": "", "Ben": "4"}, "Ann")
    assert pad.totals == {"Ann": 0, "Ben": 17}
    assert [row.points["Ann"] for row in pad.rows] == [12, -10, -1, -1, 0]


def test_deleting_a_middle_round_recomputes_the_rest():
    pad = five_round_pad()
    pad.delete_round(3)
    assert len(pad.rows) == 4
    assert [row.number for row in pad.rows] == [1, 2, 3, 4]
    assert running_totals(pad) == [[13, 1, 0], [3, 7, 4], [2, 12, 5], [12, 28, 8]]
    assert pad.rows[2].starter == "Ann"


def test_dealer_rotates_each_round_from_the_first_dealer():
    pad = five_round_pad(first_dealer=2)
    assert [row.dealer for row in pad.rows] == ["Cy", "Ann", "Ben", "Cy", "Ann"]
    assert pad.next_dealer == "Ben"
    assert pad.dealer(1) == "Cy"
    assert pad.dealer(7) == "Cy"


def test_starter_is_who_ended_the_previous_round():
    pad = five_round_pad()
    assert [row.starter for row in pad.rows] == [None, "Cy", "Ann", "Ben", "Ann"]
    assert pad.next_starter == "Cy"
    assert OneUpPad(PLAYERS).next_starter is None


def test_nobody_going_out_needs_who_dropped_out_last():
    pad = OneUpPad(PLAYERS)
    with pytest.raises(PadError, match="dropped out last"):
        pad.add_round({"Ann": "K", "Ben": "A", "Cy": "2"})
    row = pad.add_round({"Ann": "K", "Ben": "A", "Cy": "2"}, ended_by="Ben")
    assert row.points == {"Ann": 10, "Ben": 1, "Cy": 2}
    assert pad.next_starter == "Ben"


@pytest.mark.parametrize(
    ("hands", "went_out", "ended_by", "message"),
    [
        ({"Ann": "K 7", "Ben": "A", "Cy": ""}, "Cy", None, "not a One Up card"),
        ({"Ann": "K Z", "Ben": "A", "Cy": ""}, "Cy", None, "'Z' is not a card"),
        ({"Ann": "K JK", "Ben": "A", "Cy": ""}, "Cy", None, "wild joker variant"),
        ({"Ann": "K", "Ben": "A", "Cy": "2"}, "Cy", None, "no cards left"),
        ({"Ann": "K", "Ben": "", "Cy": ""}, "Cy", None, "Ben has no cards left"),
        ({"Ann": "K", "Ben": "", "Cy": ""}, ["Ben", "Cy"], None, "Only one player can go out"),
        ({"Ann": "K", "Ben": "A"}, None, "Ann", "Enter the cards left for Cy"),
        ({"Ann": "K", "Ben": "A", "Cy": "", "Dee": "2"}, "Cy", None, "'Dee' is not playing"),
        ({"Ann": "K", "Ben": "A", "Cy": ""}, "Zed", None, "'Zed' is not playing"),
        ({"Ann": "K", "Ben": "A", "Cy": ""}, "Cy", "Ann", "Cy went out, so Cy ended the round"),
    ],
)
def test_bad_entries_raise_and_leave_the_pad_unchanged(hands, went_out, ended_by, message):
    pad = five_round_pad()
    before = pad.to_doc()
    with pytest.raises(PadError, match=message):
        pad.add_round(hands, went_out, ended_by)
    with pytest.raises(PadError, match=message):
        pad.edit_round(2, hands, went_out, ended_by)
    assert pad.to_doc() == before
    assert pad.changes[0].label == "round 5 added"


def test_errors_are_value_errors():
    assert issubclass(PadError, ValueError)


def test_edit_and_delete_of_a_missing_round_are_refused():
    pad = five_round_pad()
    with pytest.raises(PadError, match="no round 6: this game has rounds 1 to 5"):
        pad.edit_round(6, {"Ann": "K", "Ben": "A", "Cy": ""}, "Cy")
    with pytest.raises(PadError, match="no round 0"):
        pad.delete_round(0)
    with pytest.raises(PadError, match="no rounds yet"):
        OneUpPad(PLAYERS).delete_round(1)


def test_undo_takes_back_each_change_in_turn():
    pad = five_round_pad()
    original = running_totals(pad)
    pad.edit_round(2, {"Ann": "K", "Ben": "", "Cy": "4"}, went_out="Ben")
    pad.delete_round(1)
    pad.set_option("limit", 30)
    pad.add_round({"Ann": "A", "Ben": "", "Cy": "2"}, "Ben")
    assert pad.undo() == "round 5 added"
    assert pad.undo() == "option 'limit' changed"
    assert pad.limit == 40
    assert pad.undo() == "round 1 deleted"
    assert running_totals(pad)[1] == [23, 0, 4]
    assert pad.undo() == "round 2 changed"
    assert running_totals(pad) == original
    for _ in range(5):
        pad.undo()
    assert pad.rows == [] and pad.totals == {"Ann": 0, "Ben": 0, "Cy": 0}
    assert not pad.can_undo
    with pytest.raises(PadError, match="nothing to undo"):
        pad.undo()


def test_game_over_at_40_and_winner_announced():
    pad = OneUpPad(["Ann", "Ben"])
    pad.add_round({"Ann": "K 6 5 4", "Ben": ""}, "Ben")
    assert not pad.is_over and pad.winners == []
    assert pad.summary() == "Ben leads with 0 points"
    pad.add_round({"Ann": "K 6", "Ben": "A"}, ended_by="Ann")
    assert pad.totals == {"Ann": 41, "Ben": 1}
    assert pad.is_over
    assert pad.winners == ["Ben"]
    assert pad.summary() == "Ben wins with 1 point"


def test_short_game_ends_at_30():
    pad = OneUpPad(["Ann", "Ben"], options={"limit": 30})
    pad.add_round({"Ann": "K 6 5 4", "Ben": ""}, "Ben")
    pad.add_round({"Ann": "5", "Ben": "A"}, ended_by="Ann")
    assert pad.totals["Ann"] == 30
    assert pad.is_over
    pad.set_option("limit", 40)
    assert not pad.is_over
    pad.set_option("limit", 30)
    assert pad.is_over and pad.winners == ["Ben"]


def test_tied_lowest_share_the_win():
    pad = OneUpPad(PLAYERS)
    pad.add_round({"Ann": "4", "Ben": "4", "Cy": "K 6 5 4 3 2 A"}, ended_by="Ann")
    pad.add_round({"Ann": "A", "Ben": "A", "Cy": "K"}, ended_by="Cy")
    assert pad.totals == {"Ann": 5, "Ben": 5, "Cy": 41}
    assert pad.winners == ["Ann", "Ben"]
    assert pad.summary() == "Ann and Ben share the win with 5 points"
    assert [tuple(p) for p in pad.standings] == [
        (1, "Ann", 5, "5 points"), (1, "Ben", 5, "5 points"), (3, "Cy", 41, "41 points"),
    ]


def test_play_on_after_the_end_then_finish():
    pad = OneUpPad(["Ann", "Ben"])
    pad.add_round({"Ann": "K 6 5 4 3 2", "Ben": ""}, "Ben")
    pad.add_round({"Ann": "K", "Ben": "A"}, ended_by="Ann")
    assert pad.is_over and pad.winners == ["Ben"]
    pad.add_round({"Ann": "", "Ben": "K 6 5 4 3 2 A"}, "Ann")
    assert pad.totals == {"Ann": 30, "Ben": 32}
    assert not pad.is_over and pad.winners == []
    pad.add_round({"Ann": "A", "Ben": "K 6"}, ended_by="Ben")
    assert pad.totals == {"Ann": 31, "Ben": 48}
    assert pad.winners == ["Ann"]
    pad.finish()
    doc = pad.to_doc()
    assert doc["finished"] is True and doc["ended_early"] is False and doc["winners"] == ["Ann"]
    pad.add_round({"Ann": "A", "Ben": ""}, "Ben")
    assert not pad.finished
    pad.undo()
    assert pad.finished


def test_finish_before_the_end_is_refused_but_ending_early_works():
    pad = five_round_pad()
    with pytest.raises(PadError, match="not over yet"):
        pad.finish()
    pad.end_early()
    assert pad.finished and pad.ended_early
    assert pad.winners == ["Ann"]
    assert pad.summary() == "Ended early: Ann wins with 17 points"
    assert pad.to_doc()["winners"] == ["Ann"]
    assert pad.undo() == "game ended early"
    assert not pad.finished and pad.winners == []
    with pytest.raises(PadError, match="at least one round"):
        OneUpPad(PLAYERS).end_early()


def test_joker_variant_per_game():
    pad = OneUpPad(["Ann", "Ben"], options={"joker": True})
    assert pad.penalty_preview("JK K K") == 30
    pad.add_round({"Ann": "JK 3", "Ben": ""}, "Ben")
    assert pad.totals == {"Ann": 23, "Ben": 0}
    with pytest.raises(PadError, match="Round 1: .*wild joker variant"):
        pad.set_option("joker", False)
    assert pad.joker is True and pad.totals["Ann"] == 23


# The deck has 8 of each value and, in the wild joker variant, one joker (seed 000, "The cards",
# "Variants"): the hands of a round together can hold no more.

@pytest.mark.parametrize(("hands", "ended_by", "reason"), [
    ({"Ann": "JK", "Ben": "JK K"}, "Ann", "joker: 2 held, but One Up's deck has only 1."),
    ({"Ann": "6 6 6 6 6", "Ben": "6 6 6 6"}, "Ben", "6 in all suits: 9 held, but One Up's deck has only 8."),
])
def test_hands_that_together_hold_more_than_the_deck_are_refused(hands, ended_by, reason):
    pad = OneUpPad(["Ann", "Ben"], options={"joker": True})
    message = f"Together the hands hold more than the deck has: {reason} Check the cards entered."
    with pytest.raises(PadError) as refused:
        pad.add_round(hands, ended_by=ended_by)
    assert str(refused.value) == message
    assert pad.rows == []
    pad.add_round({"Ann": "JK", "Ben": "K 4"}, ended_by="Ann")
    with pytest.raises(PadError) as refused:
        pad.edit_round(1, hands, ended_by=ended_by)
    assert str(refused.value) == message
    assert pad.totals == {"Ann": 20, "Ben": 14}


def test_a_joker_of_any_colour_is_the_one_joker():
    pad = OneUpPad(["Ann", "Ben"], options={"joker": True})
    with pytest.raises(PadError) as refused:
        pad.add_round({"Ann": "BJ", "Ben": "CJ K"}, ended_by="Ann")
    assert str(refused.value) == ("Together the hands hold more than the deck has: joker: 2 held, but One Up's deck "
                                  "has only 1. Check the cards entered.")


def test_a_round_stored_with_two_jokers_before_the_deck_was_checked_still_loads():
    pad = OneUpPad(["Ann", "Ben"], options={"joker": True})
    pad.add_round({"Ann": "JK", "Ben": "K"}, ended_by="Ann")
    doc = pad.to_doc()
    doc["rounds"][0]["hands"]["Ben"] = ["JK", "K"]
    assert OneUpPad.from_doc(doc).totals == {"Ann": 20, "Ben": 30}


def test_every_copy_the_deck_has_may_be_held():
    pad = OneUpPad(["Ann", "Ben"], options={"joker": True})
    pad.add_round({"Ann": "6 6 6 6 JK", "Ben": "6 6 6 6"}, ended_by="Ben")
    assert pad.totals == {"Ann": 26, "Ben": 6}


def test_live_penalty_preview_and_round_preview_do_not_save():
    pad = five_round_pad()
    assert pad.penalty_preview("K K 3 3 5") == 18
    assert pad.penalty_preview("") == 0
    with pytest.raises(PadError, match="not a One Up card"):
        pad.penalty_preview("Q")
    row = pad.preview_round({"Ann": "", "Ben": "A", "Cy": "K"}, "Ann")
    assert row.number == 6
    assert row.totals == {"Ann": 7, "Ben": 28, "Cy": 28}
    assert len(pad.rows) == 5


def test_an_edit_is_previewed_on_the_totals_before_its_round():
    """The edit sheet shows what going out gives back in the round edited (seed 000, "Scoring":
    it depends on the running total before that round): the preview is the row the edit makes."""
    pad = five_round_pad()
    entry = ({"Ann": "", "Ben": "A", "Cy": "K"}, "Ann")
    previewed = pad.preview_round(*entry, number=3)
    edited = five_round_pad()
    assert previewed == edited.edit_round(3, *entry)
    assert previewed.number == 3
    assert previewed.detail["Ann"] == edited.rows[2].detail["Ann"]
    assert len(pad.rows) == 5 and pad.rows == five_round_pad().rows
    with pytest.raises(PadError, match="There is no round 7: this game has rounds 1 to 5"):
        pad.preview_round(*entry, number=7)


def test_chips_view():
    pad = OneUpPad(["Ann", "Ben"])
    pad.add_round({"Ann": "K 6 4 3", "Ben": ""}, "Ben")
    assert pad.totals["Ann"] == 23
    assert pad.chips("Ann") == (2, 3)
    assert pad.chips("Ben") == (0, 0)


def test_round_trip_through_the_saved_document():
    pad = five_round_pad(first_dealer=1, options={"joker": True, "limit": 30})
    doc = pad.to_doc()
    assert json.loads(json.dumps(doc)) == doc
    assert doc["schema"] == 2 and doc["game"] == "one_up"
    assert doc["players"] == PLAYERS and doc["first_dealer"] == 1
    assert doc["options"] == {"joker": True, "limit": 30}
    again = OneUpPad.from_doc(doc)
    assert again.to_doc() == doc
    assert again.rows == pad.rows
    assert again.next_starter == "Cy"


def test_a_damaged_document_is_refused():
    doc = five_round_pad().to_doc()
    doc["rounds"][2]["hands"]["Cy"] = ["Q"]
    with pytest.raises(PadError, match="Round 3: .*not a One Up card"):
        OneUpPad.from_doc(doc)
    del doc["rounds"][2]["hands"]
    with pytest.raises(PadError, match="Round 3: the saved entry is damaged"):
        OneUpPad.from_doc(doc)
    with pytest.raises(PadError, match="'one_card', not 'one_up'"):
        OneUpPad.from_doc({**doc, "game": "one_card"})
    with pytest.raises(PadError, match="version 3"):
        OneUpPad.from_doc({**doc, "schema": 3})


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("ended_by", "Zed", "Round 5: 'Zed' is not playing in this game"),
        ("ended_by", None, "Round 5: Nobody went out: choose who dropped out last"),
        ("went_out", "Ben", "Round 5: Ben went out, so Ben ended the round, not Cy"),
        ("stray", 1, "Round 5: the saved entry is damaged"),
    ],
)
def test_a_saved_round_is_checked_like_a_new_one(field, value, message):
    """A saved entry the pad would refuse at the table is refused when the game is loaded."""
    doc = five_round_pad().to_doc()
    doc["rounds"][4][field] = value
    with pytest.raises(PadError, match=message):
        OneUpPad.from_doc(doc)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ann"], "2 to 6 players, not 1"),
        (["A", "B", "C", "D", "E", "F", "G"], "2 to 6 players, not 7"),
        (["Ann", "  "], "blank"),
        (["Ann", "ann "], "used twice"),
        (["\u00c5se", "A\u030ase"], "used twice"),
        (["Ben", "B\u200ben"], "used twice"),
        (["Ann", "\u200b "], "blank"),
        ("Ann Ben", "list of names"),
        (["Ann", 3], "as text"),
    ],
)
def test_player_names_are_checked(players, message):
    with pytest.raises(PadError, match=message):
        OneUpPad(players)


def test_names_are_trimmed_and_options_checked():
    assert OneUpPad([" Ann ", "Ben"]).players == ("Ann", "Ben")
    with pytest.raises(PadError, match="no option 'target'"):
        OneUpPad(PLAYERS, options={"target": 3})
    with pytest.raises(PadError, match="game limit must be a whole number, 1 or more"):
        OneUpPad(PLAYERS, options={"limit": 0})
    with pytest.raises(PadError, match="first dealer must be a seat from 0 to 2"):
        OneUpPad(PLAYERS, first_dealer=3)


def test_penalty_totals_add_up_the_hand_penalties_of_every_round_without_give_backs():
    pad = five_round_pad()
    assert [row.penalty for row in pad.rows][3] == {"Ann": 0, "Ben": 5, "Cy": 1}
    assert pad.penalty_totals() == ({"Ann": 28, "Ben": 28, "Cy": 18}, 5)
    assert pad.penalty_totals()[0] == {player: sum(row.penalty[player] for row in pad.rows) for player in PLAYERS}
    assert OneUpPad(PLAYERS).penalty_totals() == ({"Ann": 0, "Ben": 0, "Cy": 0}, 0)


def test_leaders_are_the_first_places_of_the_standings_in_seating_order() -> None:
    """``leaders`` (which the winners of a game ended early are) works from the ranks alone, and names
    exactly the players the standings put in first place, tied ones too, in seating order."""
    from companion.games.one_card import OneCardPad

    pad = OneUpPad(["Ann", "Ben", "Cy", "Dee"])
    pad.add_round({"Ann": "K", "Ben": "3", "Cy": "2", "Dee": "A"}, None, "Dee")
    assert pad.leaders == ["Dee"]
    pad.add_round({"Ann": "3", "Ben": "A", "Cy": "2", "Dee": "3"}, None, "Ben")
    assert pad.totals == {"Ann": 13, "Ben": 4, "Cy": 4, "Dee": 4}
    assert [place.player for place in pad.standings if place.place == 1] == ["Ben", "Cy", "Dee"]
    assert pad.leaders == ["Ben", "Cy", "Dee"]
    pad.end_early()
    assert pad.winners == ["Ben", "Cy", "Dee"]
    cards = OneCardPad(["Ann", "Ben", "Cy"])
    for winner in ["Cy", "Ann", "Cy", "Ann"]:
        cards.add_round(winner)
    assert [place.player for place in cards.standings if place.place == 1] == ["Ann", "Cy"]
    assert cards.leaders == ["Ann", "Cy"]
