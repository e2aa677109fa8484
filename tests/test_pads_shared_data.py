"""A pad rebuilt from a document shares no list or dict with it, and the card caches hand out no shared list."""

from __future__ import annotations

import json

import pytest

from companion.cards import as_cards, card_texts
from companion.document import load_doc
from companion.pads import PadError
from companion.registry import doc_games, pad_class, pad_from_doc
from companion.games.one_up import OneUpPad
from companion.games.up_to_nine import UpToNinePad

PLAYERS = ["Ann", "Ben", "Cy"]


def one_up_doc() -> dict:
    """A One Up game of three rounds, one of them edited and one option changed, as saved."""
    pad = OneUpPad(PLAYERS)
    pad.add_round({"Ann": [], "Ben": "K 3", "Cy": "2 2"}, "Ann")
    pad.add_round({"Ann": "4", "Ben": [], "Cy": "A"}, "Ben")
    pad.edit_round(1, {"Ann": [], "Ben": "K", "Cy": "2 5"}, "Ann")
    pad.set_option("limit", 30)
    pad.add_round({"Ann": "6", "Ben": "5 5", "Cy": []}, "Cy")
    return pad.to_doc()


def test_changing_the_document_afterwards_leaves_the_pad_as_it_was():
    doc = one_up_doc()
    pad = pad_from_doc(doc)
    before = json.dumps(pad.to_doc())
    doc["rounds"][0]["hands"]["Ben"].append("A")
    doc["rounds"][1]["hands"]["Ann"] = ["K"]
    edit = next(record for record in doc["log"] if record["kind"] == "edit")
    edit["round"]["before"]["hands"]["Cy"].append("6")
    doc["options"]["limit"] = 99
    assert json.dumps(pad.to_doc()) == before
    assert pad.rounds[0]["hands"] == {"Ann": [], "Ben": ["K"], "Cy": ["2", "5"]}
    assert pad.totals == {"Ann": 10, "Ben": 5, "Cy": 7}


def test_changing_the_pad_leaves_the_document_it_came_from_as_it_was():
    doc = one_up_doc()
    text = json.dumps(doc)
    pad = pad_from_doc(doc)
    pad.edit_round(2, {"Ann": "K K", "Ben": [], "Cy": "3"}, "Ben")
    pad.undo()
    pad.delete_round(1)
    assert json.dumps(doc) == text


def test_a_loaded_document_gives_the_pad_from_doc_gives():
    doc = one_up_doc()
    loaded = load_doc(json.loads(json.dumps(doc)), doc_games())
    assert pad_class("one_up").from_loaded_doc(loaded).to_doc() == pad_from_doc(doc).to_doc()


def test_a_loaded_document_of_another_game_is_refused():
    with pytest.raises(PadError, match="This saved game is 'one_up', not 'up_to_nine'"):
        UpToNinePad.from_loaded_doc(load_doc(one_up_doc(), doc_games()))


def test_a_loaded_document_still_has_every_round_checked():
    doc = load_doc(one_up_doc(), doc_games())
    doc["rounds"][2]["hands"]["Ben"] = ["5", 7]
    with pytest.raises(PadError, match="Round 3: Ben's cards: expected a card, got 7"):
        OneUpPad.from_loaded_doc(doc)


def test_card_lists_from_the_caches_are_new_each_time():
    first = card_texts(["kh", "3"])
    first.append("A")
    cards = as_cards(["kh", "3"])
    cards.clear()
    assert card_texts(["kh", "3"]) == ["K♥", "3"]
    assert [str(card) for card in as_cards(["kh", "3"])] == ["K♥", "3"]
