"""The Up to 9 score pad: levels, penalty points, edits, the level-9 tie-break.

Rules: seed 003 (Up to 9), "Nivåprogresjon", "Slutt på runden og
straffepoeng", "Målet og seier"; rulings.md, Up to 9 (level table, penalties).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.games.up_to_nine import LEVELS, GroupSpec, RoundResult, levels_to_json
from companion.pads.base import PadError
from companion.games.up_to_nine import UpToNinePad

PLAYERS = ["Ann", "Ben", "Cy"]


def res(laid_down: bool, hand: str = "", points: int | None = None) -> dict:
    return {"laid_down": laid_down, "hand": hand, "points": points}


FIVE_ROUNDS = [
    {"Ann": res(True), "Ben": res(False, "♥2 ♠K"), "Cy": res(True, points=15)},
    {"Ann": res(True, "♣5"), "Ben": res(True), "Cy": res(False, "A♠ 4♦")},
    {"Ann": res(False, points=40), "Ben": res(True, "K♠"), "Cy": res(True)},
    {"Ann": res(True), "Ben": res(False, "3♣"), "Cy": res(True, "9♥ 9♦")},
    {"Ann": res(True, "Q♥"), "Ben": res(True), "Cy": res(False, points=25)},
]


def five_round_pad(**kwargs) -> UpToNinePad:
    pad = UpToNinePad(PLAYERS, **kwargs)
    for results in FIVE_ROUNDS:
        pad.add_round(results)
    return pad


def table(pad: UpToNinePad) -> list[tuple[list[int], list[int]]]:
    return [([row.level[p] for p in PLAYERS], [row.totals[p] for p in PLAYERS]) for row in pad.rows]


def test_levels_move_up_and_penalties_add():
    pad = five_round_pad()
    assert table(pad) == [
        ([2, 1, 2], [0, 30, 15]),
        ([3, 2, 2], [5, 30, 35]),
        ([3, 3, 3], [45, 40, 35]),
        ([4, 3, 4], [45, 60, 45]),
        ([5, 4, 4], [55, 60, 70]),
    ]
    assert pad.rows[0].points == {"Ann": 0, "Ben": 30, "Cy": 15}
    assert pad.rows[0].penalty == pad.rows[0].points
    assert pad.rows[0].detail == {"Ann": "went out, laid down level 1", "Ben": "", "Cy": "laid down level 1"}
    assert pad.rounds[0]["results"]["Ben"] == {"laid_down": False, "hand": ["2♥", "K♠"], "points": None}


def test_the_pad_knows_each_players_contract_and_wild_budget():
    pad = five_round_pad()
    assert [pad.level(p) for p in PLAYERS] == [5, 4, 4]
    assert pad.contract("Ann") == "straight of 4 + set of 3"
    assert pad.wild_budget("Ann") == 2
    assert pad.contract("Ben") == "3 sets of 3"
    assert pad.current_contract("Cy") == LEVELS[3]
    fresh = UpToNinePad(PLAYERS)
    assert (fresh.level("Ann"), fresh.contract("Ann"), fresh.wild_budget("Ann")) == (1, "straight of 4", 0)


def test_editing_round_two_of_five_recomputes_rounds_three_to_five():
    pad = five_round_pad()
    pad.edit_round(2, {"Ann": res(False, "♣5 ♣6"), "Ben": res(True), "Cy": res(True, "A♠")})
    assert table(pad) == [
        ([2, 1, 2], [0, 30, 15]),
        ([2, 2, 3], [10, 30, 30]),
        ([2, 3, 4], [50, 40, 30]),
        ([3, 3, 5], [50, 60, 40]),
        ([4, 4, 5], [60, 60, 65]),
    ]
    assert pad.contract("Cy") == "straight of 4 + set of 3"
    assert pad.rows[2].detail["Ann"] == ""


def test_deleting_a_middle_round():
    pad = five_round_pad()
    pad.delete_round(3)
    assert table(pad) == [
        ([2, 1, 2], [0, 30, 15]),
        ([3, 2, 2], [5, 30, 35]),
        ([4, 2, 3], [5, 50, 45]),
        ([5, 3, 3], [15, 50, 70]),
    ]
    assert pad.undo() == "round 3 deleted"
    assert table(pad)[4] == ([5, 4, 4], [55, 60, 70])


def test_dealer_rotates_and_the_player_left_of_the_dealer_starts():
    pad = five_round_pad(first_dealer=1)
    assert [row.dealer for row in pad.rows] == ["Ben", "Cy", "Ann", "Ben", "Cy"]
    assert [row.starter for row in pad.rows] == ["Cy", "Ann", "Ben", "Cy", "Ann"]


def nine_rounds() -> UpToNinePad:
    """Ann and Ben lay down every round; Ann goes out in odd rounds, Ben in even ones."""
    pad = UpToNinePad(["Ann", "Ben"])
    for number in range(1, 10):
        if number % 2:
            pad.add_round({"Ann": res(True), "Ben": res(True, "K♠")})
        else:
            pad.add_round({"Ann": res(True, "K♠"), "Ben": res(True)})
    return pad


def test_level_nine_laid_down_by_two_fewest_penalty_points_wins():
    pad = nine_rounds()
    assert pad.rows[7].level == {"Ann": 9, "Ben": 9}
    assert not UpToNinePad.from_doc({**pad.to_doc(), "rounds": pad.to_doc()["rounds"][:8]}).is_over
    assert pad.is_over
    assert pad.totals == {"Ann": 40, "Ben": 50}
    assert pad.winners == ["Ann"]
    assert pad.summary() == "Ann wins with level 9 laid down, 40 penalty points"
    assert pad.contract("Ann") == "" and pad.wild_budget("Ann") == 0


def test_level_nine_tie_on_penalty_points_is_shared():
    pad = nine_rounds()
    pad.edit_round(9, {"Ann": res(True, "5♠"), "Ben": res(True, "5♦")})
    assert pad.totals == {"Ann": 45, "Ben": 45}
    assert pad.winners == ["Ann", "Ben"]
    assert pad.summary() == "Ann and Ben share the win with level 9 laid down, 45 penalty points"
    pad.edit_round(9, {"Ann": res(False, "5♠"), "Ben": res(False, "5♦ 6♦")})
    assert not pad.is_over and pad.winners == []
    assert pad.leaders == ["Ann"]
    assert pad.summary() == "Ann leads with level 9, 45 penalty points"


def test_a_finished_player_can_not_lay_down_again_when_the_table_plays_on():
    pad = nine_rounds()
    with pytest.raises(PadError, match="already laid down level 9"):
        pad.add_round({"Ann": res(True), "Ben": res(False, "K♠")})
    pad.add_round({"Ann": res(False, "K♠"), "Ben": res(False, "A♠")})
    assert pad.totals == {"Ann": 50, "Ben": 65}


def test_ending_early_ranks_by_level_then_penalty():
    pad = five_round_pad()
    pad.end_early()
    assert pad.winners == ["Ann"]
    assert [tuple(p)[:3] for p in pad.standings] == [(1, "Ann", 55), (2, "Ben", 60), (3, "Cy", 70)]


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ({"Ann": res(True), "Ben": res(True), "Cy": res(False, "K♠")}, "Ann and Ben have nothing left"),
        ({"Ann": res(False), "Ben": res(True, "K♠"), "Cy": res(False, "K♠")}, "Ann has nothing left, so Ann went out and must have laid down"),
        ({"Ann": res(True), "Ben": res(True, "K♠", 10), "Cy": res(False, "K♠")}, "Ben's cards or Ben's penalty points, not both"),
        ({"Ann": res(True), "Ben": res(True, points=-5), "Cy": res(False, "K♠")}, "Ben's penalty points must be a whole number"),
        ({"Ann": res(True), "Ben": res(True, "K♠ JK"), "Cy": res(False, "K♠")}, "Ben's cards: Up to 9 is played without jokers"),
        ({"Ann": res(True), "Ben": res(True, "K♠ X"), "Cy": res(False, "K♠")}, "Ben's cards: 'X' is not a card"),
        ({"Ann": res(True), "Ben": res(True, "K♠")}, "for Cy"),
        ({"Ann": res(True), "Ben": res(True, "K♠"), "Cy": res(False, "K♠"), "Dee": res(False)}, "'Dee' is not playing"),
        ({"Ann": res(True), "Ben": {"laid_down": "yes", "hand": "K♠"}, "Cy": res(False, "K♠")}, "whether Ben laid down"),
    ],
)
def test_bad_entries_raise_and_leave_the_pad_unchanged(results, message):
    pad = five_round_pad()
    before = pad.to_doc()
    with pytest.raises(PadError, match=message):
        pad.add_round(results)
    with pytest.raises(PadError, match=message):
        pad.edit_round(3, results)
    assert pad.to_doc() == before


# A hand ends a round with at most 11 cards (seed 003, "En runde, steg for steg"), and the
# hands of a round hold no more of a card than the decks for the table (rulings.md, Up to 9:
# 2 decks for 2-4 players, 3 for 5-6).

def test_a_hand_of_twelve_cards_is_refused_and_one_of_eleven_scored():
    pad = UpToNinePad(PLAYERS)
    eleven = "5 5 5 5 6 6 6 6 7 7 7"
    twelve = {"Ann": res(True), "Ben": res(False, eleven + " 8"), "Cy": res(False, "K")}
    with pytest.raises(PadError) as refused:
        pad.add_round(twelve)
    assert str(refused.value) == (
        "Ben has 12 cards left, but a hand holds at most 11 when a round ends: check the cards entered.")
    assert pad.rows == []
    pad.add_round({"Ann": res(True), "Ben": res(False, eleven), "Cy": res(False, "K")})
    assert pad.totals == {"Ann": 0, "Ben": 55, "Cy": 10}


@pytest.mark.parametrize(("players", "hands", "reason"), [
    (PLAYERS, ("2 2 2 2 2 2 2 2", "2♥"), "2 in all suits: 9 held, but the 2 decks for 3 players have only 8."),
    (PLAYERS, ("A♠ A♠", "A♠ 4"), "A♠: 3 held, but the 2 decks for 3 players have only 2."),
    (["Ann", "Ben", "Cy", "Dee", "Eve"], ("3 3 3 3 3 3 3", "3 3 3 3 3 3"),
     "3 in all suits: 13 held, but the 3 decks for 5 players have only 12."),
])
def test_hands_that_together_hold_more_than_the_decks_are_refused(players, hands, reason):
    pad = UpToNinePad(players)
    results = {name: res(False, "K") for name in players}
    results.update({players[0]: res(True), players[1]: res(False, hands[0]), players[2]: res(False, hands[1])})
    with pytest.raises(PadError) as refused:
        pad.add_round(results)
    assert str(refused.value) == f"Together the hands hold more than the deck has: {reason} Check the cards entered."
    assert pad.rows == []


def test_every_copy_the_decks_have_may_be_held():
    pad = UpToNinePad(["Ann", "Ben", "Cy", "Dee", "Eve"])
    pad.add_round({"Ann": res(True), "Ben": res(False, "3 " * 6), "Cy": res(False, "3 " * 6),
                   "Dee": res(False, "A♠ A♠ A♠"), "Eve": res(False, points=20)})
    assert pad.totals == {"Ann": 0, "Ben": 120, "Cy": 120, "Dee": 45, "Eve": 20}


def test_rounds_stored_before_the_deck_was_checked_still_load_edit_and_import(tmp_path):
    """A round kept by an earlier version with a hand the checks above refuse (12 cards, and 9
    fives with 2 decks) is a saved game: it loads, its change log too once the round is
    corrected, and a backup holding it imports; only a new entry is checked."""
    from companion.store import Store

    pad = UpToNinePad(PLAYERS)
    pad.add_round({"Ann": res(True), "Ben": res(False, "5 5 5 5 6 6 6 6 7 7 7"), "Cy": res(False, "K")})
    doc = pad.to_doc()
    doc["rounds"][0]["results"]["Ben"]["hand"] = ["5"] * 9 + ["6"] * 3
    loaded = UpToNinePad.from_doc(doc)
    assert loaded.totals == {"Ann": 0, "Ben": 60, "Cy": 10}
    loaded.edit_round(1, {"Ann": res(True), "Ben": res(False, "5 6"), "Cy": res(False, "K")})
    assert UpToNinePad.from_doc(loaded.to_doc()).totals == {"Ann": 0, "Ben": 10, "Cy": 10}
    backup = json.dumps({"format": "companion-backup", "schema": 1, "exported": "2026-12-06T07:00:00+00:00",
                         "games": [doc]})
    assert Store(tmp_path).import_json(backup) == 1
    with pytest.raises(PadError, match="^Ben has 12 cards left"):
        loaded.edit_round(1, {"Ann": res(True), "Ben": res(False, " ".join(doc["rounds"][0]["results"]["Ben"]["hand"])),
                              "Cy": res(False, "K")})


def test_round_result_objects_and_penalty_preview():
    pad = UpToNinePad(["Ann", "Ben"])
    assert pad.penalty_preview("♥2 K♠ A♦ 7♣") == 50
    row = pad.add_round({"Ann": RoundResult(True), "Ben": RoundResult(False, ["♥2", "K♠"])})
    assert row.totals == {"Ann": 0, "Ben": 30}
    assert pad.preview_round({"Ann": res(False, points=5), "Ben": res(True)}).level == {"Ann": 2, "Ben": 2}
    assert len(pad.rows) == 1


def test_nobody_out_is_allowed_for_the_safety_valve():
    pad = UpToNinePad(["Ann", "Ben"])
    row = pad.add_round({"Ann": res(True, "5♠"), "Ben": res(False, "5♦ 6♦")})
    assert row.level == {"Ann": 2, "Ben": 1}
    assert row.totals == {"Ann": 5, "Ben": 10}


def test_an_edited_level_table_is_stored_per_game():
    edited = list(LEVELS)
    edited[0] = replace(LEVELS[0], groups=(GroupSpec("straight", 3, 0),))
    pad = UpToNinePad(PLAYERS, options={"levels": edited})
    assert pad.contract("Ann") == "straight of 3"
    assert pad.options["levels"][0] == {
        "groups": [{"kind": "straight", "size": 3, "max_wild": 0}], "max_wild": 0, "min_clean": 0,
    }
    again = UpToNinePad.from_doc(pad.to_doc())
    assert again.levels == tuple(edited)
    pad.set_option("levels", levels_to_json(LEVELS))
    assert pad.contract("Ann") == "straight of 4"
    pad.undo()
    assert pad.contract("Ann") == "straight of 3"
    pad.add_round(FIVE_ROUNDS[0])
    with pytest.raises(PadError, match="can not change after round 1"):
        pad.set_option("levels", levels_to_json(LEVELS))
    with pytest.raises(PadError, match="level table can not be used"):
        UpToNinePad(PLAYERS, options={"levels": levels_to_json(LEVELS)[:8]})


def test_a_bad_table_of_level_objects_is_a_pad_error_and_changes_nothing():
    pad = UpToNinePad(PLAYERS)
    with pytest.raises(PadError, match="^The level table can not be used: entry 1 of the level table must be level 1"):
        pad.set_option("levels", LEVELS[::-1])
    assert pad.contract("Ann") == "straight of 4"
    assert not pad.can_undo


def test_the_preset_is_the_default_table():
    assert UpToNinePad(PLAYERS).options == {"levels": levels_to_json(LEVELS)}
    assert UpToNinePad(PLAYERS).levels == LEVELS


def test_round_trip_through_the_saved_document():
    pad = five_round_pad(first_dealer=2)
    doc = pad.to_doc()
    assert json.loads(json.dumps(doc)) == doc
    again = UpToNinePad.from_doc(doc)
    assert again.to_doc() == doc
    assert again.rows == pad.rows
    assert [again.level(p) for p in PLAYERS] == [5, 4, 4]
    assert again.edit_round(1, **again.rounds[0]) == pad.rows[0]


def test_zero_points_entered_is_not_going_out():
    # Only an empty hand given as cards is going out (games.up_to_nine.went_out).
    pad = UpToNinePad(PLAYERS)
    row = pad.add_round({"Ann": res(True), "Ben": res(False, points=0), "Cy": res(False, points=0)})
    assert row.totals == {"Ann": 0, "Ben": 0, "Cy": 0}
    assert row.detail == {"Ann": "went out, laid down level 1", "Ben": "", "Cy": ""}


def test_the_core_refuses_two_players_going_out():
    pad = UpToNinePad(PLAYERS)
    with pytest.raises(PadError) as caught:
        pad.preview_round({"Ann": res(True), "Ben": res(True), "Cy": res(False, "K♠")})
    assert str(caught.value) == (
        "Ann and Ben have nothing left, but only one player can go out in a round: "
        "enter the cards or penalty points of the others"
    )


def test_a_half_typed_penalty_figure_is_the_pads_refusal_not_the_cores_error():
    pad = UpToNinePad(PLAYERS)
    results = {"Ann": res(True), "Ben": res(False, points=2), "Cy": res(True, "K♠")}
    with pytest.raises(PadError, match="multiple of 5"):
        pad.preview_round(results)
    with pytest.raises(PadError, match="multiple of 5"):
        pad.add_round(results)
    assert pad.rounds == []


@pytest.mark.parametrize(
    ("result", "message"),
    [
        ({"laid_down": True, "hand": [], "points": 99999999999999999999},
         "Ben's 99999999999999999999 penalty points are more than a hand can cost: at most 11 cards x 20 = 220."),
        ({"laid_down": True, "hand": ["K", "Z"], "points": None}, "Ben's cards: 'Z' is not a card"),
    ],
)
def test_a_refused_result_names_its_player(result, message):
    pad = UpToNinePad(["Ann", "Ben"])
    with pytest.raises(PadError) as caught:
        pad.add_round({"Ann": res(True), "Ben": result})
    assert str(caught.value).startswith(message)
    assert pad.rows == []


def test_blank_hands_beside_the_one_who_went_out_are_named_not_the_one_who_went_out():
    # The sheet marks Cy alone "went out" and sends Ann and Ben blank: the
    # refusal names Ann and Ben, whose hands are missing, not Cy.
    pad = UpToNinePad(PLAYERS)
    with pytest.raises(PadError) as caught:
        pad.preview_round({"Ann": res(False), "Ben": res(False), "Cy": res(True)}, went_out="Cy")
    assert str(caught.value) == (
        "Cy went out, so Ann and Ben still hold cards: enter what Ann and Ben have left "
        "(their cards or penalty points)"
    )
    with pytest.raises(PadError) as caught:
        pad.preview_round({"Ann": res(False), "Ben": res(False, "K♠"), "Cy": res(True)}, went_out="Cy")
    assert str(caught.value) == (
        "Cy went out, so Ann still holds cards: enter what Ann has left (the cards or penalty points)"
    )


def test_an_edit_is_previewed_on_the_levels_before_its_round():
    """The edit sheet shows each player's level next as the edit makes it (seed 003,
    "Nivåprogresjon": a level laid down moves a player up from the level played for)."""
    pad = five_round_pad()
    entry = {"Ann": res(False, points=5), "Ben": res(True), "Cy": res(True, "K♠")}
    previewed = pad.preview_round(entry, number=2)
    edited = five_round_pad()
    assert previewed == edited.edit_round(2, entry)
    assert (previewed.number, previewed.level) == (2, {"Ann": 2, "Ben": 2, "Cy": 3})
    assert pad.rows[1].level == {"Ann": 3, "Ben": 2, "Cy": 2}
    assert pad.rows == five_round_pad().rows
