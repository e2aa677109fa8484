"""The saved game document: schema 2's fields, the migration from schema 1, the checks."""

from __future__ import annotations

import copy

import pytest

from companion.document import LOG_LIMIT, SCHEMA, load_doc, migrate_doc, validate_doc
from companion.errors import StoreError
from companion.pads import PadError
from companion.registry import doc_games, new_pad, pad_from_doc

STAMP = "2026-11-30T19:00:00+00:00"


def schema_1(game: str, game_id: str, players: list[str], options: dict, rounds: list[dict]) -> dict:
    """A game as Companion saved it before round ids and the change log."""
    return {
        "schema": 1, "id": game_id, "game": game, "players": players, "first_dealer": 0,
        "options": options, "rounds": rounds, "created": STAMP, "updated": STAMP,
        "finished": False, "ended_early": False, "winners": [],
    }


OLD_ONE_UP = schema_1("one_up", "old-one-up", ["Ann", "Ben"], {"joker": False, "limit": 40}, [
    {"hands": {"Ann": ["K", "3"], "Ben": []}, "went_out": "Ben", "ended_by": "Ben"},
    {"hands": {"Ann": ["A"], "Ben": ["K"]}, "went_out": None, "ended_by": "Ann"},
])
OLD_ONE_CARD = schema_1("one_card", "old-one-card", ["Ann", "Ben"], {"target": 3}, [
    {"winner": "Ben"}, {"winner": "Ben"}, {"winner": "Ann"},
])
OLD_UP_TO_NINE = schema_1("up_to_nine", "old-up-to-nine", ["Ann", "Ben", "Cy"], {}, [
    {"results": {"Ann": {"laid_down": True, "hand": [], "points": None},
                 "Ben": {"laid_down": False, "hand": ["♥2", "♠K"], "points": None},
                 "Cy": {"laid_down": True, "hand": [], "points": 15}}},
    {"results": {"Ann": {"laid_down": True, "hand": ["♠5"], "points": None},
                 "Ben": {"laid_down": False, "hand": [], "points": 0},
                 "Cy": {"laid_down": False, "hand": ["♦6"], "points": None}}},
    {"results": {"Ann": {"laid_down": False, "hand": ["♠5"], "points": None},
                 "Ben": {"laid_down": True, "hand": [], "points": None},
                 "Cy": {"laid_down": True, "hand": ["♦6"], "points": None}}},
])
OLD_UP_OR_DOWN = schema_1("up_or_down", "old-up-or-down", ["Ann", "Ben"], {}, [
    {"scores": {"Ann": {"rows": [[8, 3]], "discarded": 0}, "Ben": {"rows": [], "discarded": 4}}},
])


def test_an_old_one_up_game_gets_round_ids_revisions_and_an_empty_log():
    doc = migrate_doc(OLD_ONE_UP, doc_games())
    assert doc["schema"] == SCHEMA == 2
    assert doc["rounds"] == [
        {"id": "9c76c675", "rev": 1, **OLD_ONE_UP["rounds"][0]},
        {"id": "6766733a", "rev": 2, **OLD_ONE_UP["rounds"][1]},
    ]
    assert (doc["seq"], doc["log"]) == (2, [])
    assert OLD_ONE_UP["schema"] == 1 and "id" not in OLD_ONE_UP["rounds"][0]
    assert migrate_doc(copy.deepcopy(OLD_ONE_UP), doc_games()) == doc
    pad = pad_from_doc(doc)
    assert pad.totals == {"Ann": 14, "Ben": 10}
    assert (pad.round_id(2), pad.round_rev(2)) == ("6766733a", 2)
    pad.edit_round("6766733a", {"Ann": ["A"], "Ben": ["2"]}, ended_by="Ann", expected_rev=2)
    assert pad.round_rev(2) == 3


@pytest.mark.parametrize("old", [OLD_ONE_UP, OLD_ONE_CARD, OLD_UP_TO_NINE, OLD_UP_OR_DOWN], ids=lambda d: d["game"])
def test_every_game_of_schema_1_loads_and_saves_as_schema_2(old):
    doc = load_doc(copy.deepcopy(old), doc_games())
    ids = [entry["id"] for entry in doc["rounds"]]
    assert len(set(ids)) == len(old["rounds"])
    assert [entry["rev"] for entry in doc["rounds"]] == list(range(1, len(old["rounds"]) + 1))
    pad = pad_from_doc(doc)
    saved = pad.to_doc()["rounds"]
    assert [(r["id"], r["rev"]) for r in saved] == [(r["id"], r["rev"]) for r in doc["rounds"]]
    assert pad_from_doc(pad.to_doc()).to_doc()["rounds"] == saved
    assert pad_from_doc(pad.to_doc()).totals == pad.totals
    assert pad.to_doc()["schema"] == 2 and not pad.can_undo
    pad.add_round(**pad.rounds[-1])
    assert pad.round_rev(len(ids) + 1) == len(ids) + 1
    assert pad.undo() == f"round {len(ids) + 1} added"


def test_up_to_nine_rounds_get_who_went_out():
    doc = migrate_doc(OLD_UP_TO_NINE, doc_games())
    assert [entry["went_out"] for entry in doc["rounds"]] == ["Ann", None, "Ben"]
    pad = pad_from_doc(doc)
    assert [pad.went_out(n) for n in (1, 2, 3)] == ["Ann", None, "Ben"]
    assert [pad.level(p) for p in ("Ann", "Ben", "Cy")] == [3, 2, 3]
    assert pad.totals == {"Ann": 10, "Ben": 30, "Cy": 25}


def test_a_damaged_up_to_nine_round_is_left_for_the_pad_to_refuse():
    old = copy.deepcopy(OLD_UP_TO_NINE)
    old["rounds"][0]["results"]["Ben"] = {"laid_down": True, "hand": [], "points": None}
    old["rounds"][1]["results"] = "lost"
    doc = migrate_doc(old, doc_games())
    assert [entry["went_out"] for entry in doc["rounds"][:2]] == [None, None]
    with pytest.raises(PadError, match="^Round 2: Enter whether they laid down and what they have left for each player$"):
        pad_from_doc(doc)
    doc["rounds"][1] = migrate_doc(OLD_UP_TO_NINE, doc_games())["rounds"][1]
    with pytest.raises(PadError, match="^Round 1: Ann and Ben have nothing left, but only one player can go out"):
        pad_from_doc(doc)


def test_up_to_nine_went_out_is_saved_and_checked():
    pad = new_pad("up_to_nine", ["Ann", "Ben"])
    pad.add_round({"Ann": {"laid_down": True}, "Ben": {"laid_down": False, "hand": "♥2"}}, "Ann")
    assert pad.to_doc()["rounds"][0]["went_out"] == "Ann"
    with pytest.raises(PadError, match="^Ben went out, so Ben has no cards and no penalty points left"):
        pad.add_round({"Ann": {"laid_down": True}, "Ben": {"laid_down": True, "hand": "♥2"}}, "Ben")
    with pytest.raises(PadError, match="Ann has nothing left, so Ann went out and must have laid down"):
        pad.add_round({"Ann": {"laid_down": False}, "Ben": {"laid_down": False, "hand": "♥2"}}, "Ann")
    pad.add_round({"Ann": {"laid_down": False, "points": 5}, "Ben": {"laid_down": False, "hand": "♥2"}}, None)
    assert pad.went_out(2) is None and len(pad.rounds) == 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("seq"), "'seq' must be a whole number, 0 or more; got None"),
        (lambda d: d.update(seq=-1), "'seq' must be a whole number, 0 or more; got -1"),
        (lambda d: d["rounds"][0].pop("id"), "every round needs an 'id' of 8 hex digits"),
        (lambda d: d["rounds"][0].update(id="XYZ12345"), "every round needs an 'id' of 8 hex digits"),
        (lambda d: d["rounds"][1].update(id=d["rounds"][0]["id"]), "two rounds have the same 'id'"),
        (lambda d: d["rounds"][0].update(rev=99), "every round needs a 'rev': a whole number from 0 to 'seq' \\(3\\)"),
        (lambda d: d["rounds"][0].update(rev="1"), "every round needs a 'rev'"),
        (lambda d: d.update(log={}), "'log' must be a list of JSON objects"),
        (lambda d: d["log"][1].update(id=1), "numbered upwards from 1 to 'seq' \\(3\\); got 1"),
        (lambda d: d["log"][0].update(at="yesterday"), "change 1 of 'log' needs an 'at' time"),
        (lambda d: d["log"][0].update(by=3), "change 1 of 'log': 'by' must be text or null"),
        (lambda d: d["log"][0].update(kind="shuffle"), "change 1 of 'log': 'kind' must be one of add, edit"),
    ],
)
def test_validate_checks_the_new_fields(change, message):
    pad = new_pad("one_card", ["Ann", "Ben"])
    pad.by = "Ann's phone"
    for winner in ("Ann", "Ben", "Ann"):
        pad.add_round(winner)
    doc = pad.to_doc()
    validate_doc(doc, doc_games())
    change(doc)
    with pytest.raises(StoreError, match=message):
        validate_doc(doc, doc_games())


def test_validate_refuses_a_log_longer_than_kept():
    pad = new_pad("one_card", ["Ann", "Ben"])
    doc = pad.to_doc()
    doc["log"] = [{"id": n, "at": STAMP, "by": None, "kind": "finish"} for n in range(1, LOG_LIMIT + 2)]
    doc["seq"] = LOG_LIMIT + 1
    with pytest.raises(StoreError, match="'log' holds 101 changes; at most 100 are kept"):
        validate_doc(doc, doc_games())
