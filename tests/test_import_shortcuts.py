"""The shortcuts a backup's import takes through work it would repeat refuse what the full checks refuse.

A backup seats the same tables and plays the same house rules thousands of
times; what is read once per distinct seating or set of options must still
refuse a bad one wherever it comes, and hand every game its own copy.
"""

from __future__ import annotations

import json

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
