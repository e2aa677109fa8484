"""The shortcuts a backup's import takes through work it would repeat refuse what the full checks refuse.

A backup seats the same tables and plays the same house rules thousands of
times; what is read once per distinct seating or set of options must still
refuse a bad one wherever it comes, and hand every game its own copy.
"""

from __future__ import annotations

import json
import re

import pytest

from companion.games.one_card.pad import OneCardPad
from companion.games.one_up import OneUpPad
from companion.pads.base import PadError
from companion.store import BackupError, Store
from store_helpers import make_doc as make_any_doc

ROUND = {"hands": {"Ann": ["K"], "Ben": [], "Cato": ["K", "2"]}, "went_out": "Ben", "ended_by": "Ben"}


def one_up_doc(order: int, **fields) -> dict:
    """A saved One Up game of two rounds that its pad replays."""
    doc = make_any_doc(order, rounds=2, **fields)
    doc["rounds"] = [{"id": f"{n + 1:08x}", "rev": n + 1, **json.loads(json.dumps(ROUND))} for n in range(2)]
    return doc


def backup_of(games: list) -> str:
    return json.dumps({"format": "companion-backup", "schema": 1, "exported": "2026-11-30T01:00:00+00:00",
                       "games": games})


def test_a_seating_read_once_does_not_let_a_bad_name_through_at_the_same_table(tmp_path):
    games = [one_up_doc(n) for n in range(30)] + [one_up_doc(31, players=["Ann", "Ben", "Cato\x00"])]
    with pytest.raises(BackupError, match="^Game 31 in the backup is not valid: The name Cato holds hidden"):
        Store(tmp_path).import_json(backup_of(games))


def test_a_bad_seating_is_refused_each_time_it_comes(tmp_path):
    bad = ["Ann", "ann", "Cato"]
    for games, number in (([one_up_doc(1, players=bad)], 1), ([one_up_doc(1), one_up_doc(2, players=bad)], 2)):
        with pytest.raises(BackupError, match=f"^Game {number} in the backup is not valid: The name ann is used twice"):
            Store(tmp_path).import_json(backup_of(games))


def test_options_accepted_once_still_refuse_a_bad_value_or_name():
    assert OneUpPad(["Ann", "Ben"], options={"limit": 30}).options == {"joker": False, "limit": 30}
    with pytest.raises(PadError, match="limit must be a whole number"):
        OneUpPad(["Ann", "Ben"], options={"limit": "30"})
    with pytest.raises(PadError, match="no option 'jokers'"):
        OneUpPad(["Ann", "Ben"], options={"limit": 30, "jokers": True})
    assert OneUpPad(["Ann", "Ben"], options={"limit": 30}).options == {"joker": False, "limit": 30}


def test_options_accepted_once_still_refuse_true_where_one_was_taken():
    """``True == 1`` in Python: One-card's round wins take 1, which must not let true through."""
    assert OneCardPad(["Ann", "Ben"], options={"target": 1}).options["target"] == 1
    with pytest.raises(PadError, match="must be a whole number, 1 or more, not True"):
        OneCardPad(["Ann", "Ben"], options={"target": True})


def test_each_pad_gets_its_own_options_from_a_set_read_once():
    first = OneUpPad(["Ann", "Ben"], options={"limit": 30})
    first._options["limit"] = 99
    assert OneUpPad(["Ann", "Ben"], options={"limit": 30}).limit == 30


def test_options_read_once_are_read_again_when_the_game_s_house_rules_change(monkeypatch):
    assert OneUpPad(["Ann", "Ben"], options={"limit": 30}).limit == 30
    monkeypatch.setattr(OneUpPad, "OPTIONS", tuple(o for o in OneUpPad.OPTIONS if o.name != "limit"))
    with pytest.raises(PadError, match="no option 'limit'"):
        OneUpPad(["Ann", "Ben"], options={"limit": 30})


# ---------------------------------------------------------------- rounds read in their stored form

def _with_round_two(change) -> dict:
    """A One Up game of two rounds (``one_up_doc``) whose second round ``change`` (a function of the saved
    round) alters."""
    doc = one_up_doc(2)
    change(doc["rounds"][1])
    return doc


def _hands(**hands):
    return lambda saved: saved["hands"].update(hands)


BAD_ROUNDS = [
    (_hands(Ann=["7"]), "Round 2: '7' is not a One Up card: One Up uses only A 2 3 4 5 6 K "
                        "(the 7s to Queens stay in the box)"),
    (_hands(Ann=["joker"]), "Round 2: The joker is only used in the wild joker variant, which is off here: "
                            "take the joker out"),
    (_hands(Ann=["zz"]), "Round 2: Ann's cards: "),
    (_hands(Ann=[5]), "Round 2: Ann's cards: "),
    (_hands(Ben=["K"]), "Round 2: Ben went out, so Ben has no cards left: clear Ben's hand"),
    (_hands(Cato=[]), "Round 2: Cato has no cards left, so Cato went out: mark Cato as the player who went out"),
    (lambda saved: saved["hands"].pop("Cato"), "Round 2: Enter the cards left for Cato"),
    (lambda saved: saved.update(ended_by="Ann"), "Round 2: Ben went out, so Ben ended the round, not Ann"),
    (lambda saved: saved.update(went_out="Dina"), "Round 2: 'Dina' is not playing in this game: choose the "
                                                 "player who went out from Ann, Ben and Cato"),
    (lambda saved: saved.update(went_out=None, ended_by=None), "Round 2: Nobody went out: choose who dropped out "
                                                               "last (they start the next round)"),
    (lambda saved: saved.update(stray=1), "Round 2: the saved entry is damaged ("),
]


@pytest.mark.parametrize(("change", "refusal"), BAD_ROUNDS)
def test_a_round_read_in_its_stored_form_is_refused_as_a_new_round_is(tmp_path, change, refusal):
    """A round not in the form a new round is stored in, or one the rules refuse, is checked as a new entry:
    after a good game (whose card texts and names the import has read), the backup is refused with the words
    a phone entering that round would get, behind the round's number, and nothing is imported."""
    bad = _with_round_two(change)
    with pytest.raises(PadError) as loaded:
        OneUpPad.from_doc(json.loads(json.dumps(bad)))
    assert str(loaded.value).startswith(refusal)
    store = Store(tmp_path)
    with pytest.raises(BackupError) as refused:
        store.import_json(backup_of([one_up_doc(1), bad]))
    reason = str(loaded.value).rstrip(".")
    assert str(refused.value) == f"Game 2 in the backup is not valid: {reason}. Nothing was imported."
    assert store.list_games() == []


def test_a_stored_round_s_refusal_is_the_one_a_phone_gets_for_the_same_round():
    pad = OneUpPad(["Ann", "Ben", "Cato"])
    pad.add_round(**ROUND)
    with pytest.raises(PadError) as entered:
        pad.add_round({"Ann": ["7"], "Ben": [], "Cato": ["K", "2"]}, "Ben", "Ben")
    with pytest.raises(PadError) as loaded:
        OneUpPad.from_doc(_with_round_two(_hands(Ann=["7"])))
    assert str(loaded.value) == str(entered.value)


@pytest.mark.parametrize("hand", [["k"], ["K♠"], "K", ["3h", "K"]])
def test_a_round_in_another_notation_is_read_as_a_new_round_and_kept_in_the_stored_form(tmp_path, hand):
    """Cards written otherwise than the stored form (a lower-case value, a suit, one string) are not read
    as stored; the pad reads them as a new round's and holds them as it stores them; the import takes
    the game, scored as the same round in the stored form is."""
    doc = _with_round_two(_hands(Ann=hand))
    pad = OneUpPad.from_doc(json.loads(json.dumps(doc)))
    stored = {"k": ["K"], "K♠": ["K♠"], "K": ["K"]}.get(hand if isinstance(hand, str) else hand[0], ["3♥", "K"])
    assert pad.rounds[1]["hands"]["Ann"] == stored
    assert pad.totals == OneUpPad.from_doc(_with_round_two(_hands(Ann=stored))).totals
    assert Store(tmp_path).import_json(backup_of([one_up_doc(1), doc])) == 2


def test_a_hand_out_of_seating_order_is_read_as_a_new_round_and_held_in_seating_order():
    doc = _with_round_two(lambda saved: saved.update(hands={"Cato": ["K", "2"], "Ben": [], "Ann": ["K"]}))
    pad = OneUpPad.from_doc(doc)
    assert list(pad.rounds[1]["hands"]) == ["Ann", "Ben", "Cato"]
    assert pad.totals == OneUpPad.from_doc(one_up_doc(2)).totals == {"Ann": 20, "Ben": 0, "Cato": 24}


def test_rounds_read_in_their_stored_form_are_scored_as_new_rounds_are():
    """The same rounds, read as stored and entered one by one on a pad: the same totals, rows and starter."""
    doc = one_up_doc(1)
    pad = OneUpPad(["Ann", "Ben", "Cato"], first_dealer=doc["first_dealer"])
    for _ in range(2):
        pad.add_round(**ROUND)
    loaded = OneUpPad.from_doc(doc)
    assert loaded.totals == pad.totals == {"Ann": 20, "Ben": 0, "Cato": 24}
    assert [(row.dealer, row.starter, row.points, row.penalty) for row in loaded.rows] == [
        (row.dealer, row.starter, row.points, row.penalty) for row in pad.rows]
    assert loaded.next_starter == pad.next_starter == "Ben"


def test_a_loaded_pad_shares_no_round_with_the_document_it_was_read_from():
    doc = one_up_doc(1)
    pad = OneUpPad.from_doc(doc)
    doc["rounds"][0]["hands"]["Ann"].append("6")
    assert pad.rounds[0]["hands"]["Ann"] == ["K"]


@pytest.mark.parametrize(("before", "words"), [
    ({"hands": {"Ann": ["7"], "Ben": [], "Cato": ["K"]}, "went_out": "Ben", "ended_by": "Ben"}, None),
    ({"hands": {"Ann": ["K"], "Ben": [], "Cato": ["K"]}, "went_out": "Ben", "ended_by": "Ann"},
     "Round 1: Ben went out, so Ben ended the round, not Ann"),
    ({"hands": {"Ann": ["K"], "Ben": [], "Cato": ["K"]}, "went_out": "Ben", "ended_by": "Ben", "stray": 1},
     "Round 1 is damaged ("),
])
def test_a_round_held_by_the_change_log_is_checked_as_a_new_round_is(tmp_path, before, words):
    """An edit's record holds the round as it was: one in the stored form is kept as it is, any other is
    checked as a new entry, a refusal told as loading the game tells it (a card One Up does not use is
    not an entry's refusal, so that round is taken, in the stored form)."""
    pad = OneUpPad(["Ann", "Ben", "Cato"])
    pad.add_round(**ROUND)
    pad.edit_round(1, {"Ann": ["2"], "Ben": [], "Cato": ["K"]}, "Ben")
    doc = pad.to_doc()
    doc["log"][1]["round"]["before"] = {"id": doc["rounds"][0]["id"], "rev": 1, **before}
    if words is None:
        assert OneUpPad.from_doc(doc).changes[0].label
        assert Store(tmp_path).import_json(backup_of([one_up_doc(1), doc])) == 2
        return
    with pytest.raises(PadError, match=re.escape(f"The saved change log is damaged: change 2: {words}")):
        OneUpPad.from_doc(doc)
    with pytest.raises(BackupError, match=re.escape(
            f"Game 2 in the backup is not valid: The saved change log is damaged: change 2: {words}")):
        Store(tmp_path).import_json(backup_of([one_up_doc(1), doc]))
