"""The screens' own words per language: saving, the round detail, the score
table's marks, the game list, New game's refusals, the checker's card field hint.

Figures: One-card scores 1 for the round's winner (seed 002, Scoring); One Up
is for 2 to 6 players (seed 000, Setup).
"""

from __future__ import annotations

import datetime

import pytest

from companion.cards import parse_cards
from companion.i18n import LANGUAGES, _, language
from companion.registry import new_pad
from companion.store import Store
from companion.table import saving
from companion.ui.game_list import when_text
from companion.ui.new_game import NewGameDraft
from companion.ui.round_detail import detail_lines, who_dealt
from companion.ui.round_rows import MARKS_LEGEND, _marks

HINT = "e.g. 7s 7h KC 2d, BJ"


def _one_card(rounds: int):
    """A One-card pad of Ann and Ben with ``rounds`` rounds, each won by Ben."""
    pad = new_pad("one_card", ["Ann", "Ben"])
    for _round in range(rounds):
        pad.add_round("Ben")
    return pad


@pytest.mark.parametrize(("code", "saved", "deleted", "apply", "drop"), [
    ("en", "Round 1 saved", "Round 1 deleted", "Save as round 2", "Drop mine"),
    ("nb", "Runde 1 er lagret", "Runde 1 er slettet", "Lagre som runde 2", "Forkast min"),
    ("de", "Runde 1 gespeichert", "Runde 1 gelöscht", "Als Runde 2 speichern", "Meine verwerfen"),
])
def test_saving_tells_what_became_of_a_round(tmp_path, code, saved, deleted, apply, drop):
    store = Store(tmp_path)
    pad = _one_card(0)
    store.save_game(pad.to_doc())
    mark = saving.mark_new(pad)
    with language(code):
        first = saving.save_round(store, pad.id, mark, {"winner": "Ann"}, "Ann's phone")
        second = saving.save_round(store, pad.id, mark, {"winner": "Ben"}, "Ben's phone")
        assert first.message == saved
        assert (second.conflict.apply_label, second.conflict.drop_label) == (apply, drop)
        gone = saving.delete_round(store, pad.id, saving.mark_round(first.pad, 1), None)
        assert gone.message == deleted


@pytest.mark.parametrize(("code", "change", "dealt", "started"), [
    ("en", "+1 this round, total 2", "Ann dealt", "Ann dealt, Ben started"),
    ("nb", "+1 denne runden, sum 2", "Ann ga", "Ann ga, Ben begynte"),
    ("de", "+1 in dieser Runde, Stand 2", "Ann hat gegeben", "Ann hat gegeben, Ben hat begonnen"),
])
def test_the_round_detail_per_language(code, change, dealt, started):
    one_up = new_pad("one_up", ["Ann", "Ben"])
    one_up.add_round({"Ann": "K", "Ben": ""}, "Ben")
    with language(code):
        assert detail_lines(_one_card(2), 2, "Ben")[0] == change
        assert who_dealt(one_up, 1) == dealt
        assert who_dealt(_one_card(1), 1) == started


@pytest.mark.parametrize(("code", "marks", "legend"), [
    ("en", ("D", "S"), "D dealt, S started the round."),
    ("nb", ("G", "S"), "G ga, S startet runden."),
    ("de", ("G", "B"), "G gab, B begann die Runde."),
])
def test_the_round_marks_match_their_legend(code, marks, legend):
    row = _one_card(1).rows[0]
    with language(code):
        assert (_marks(row, row.dealer), _marks(row, row.starter)) == marks
        assert _(MARKS_LEGEND) == legend


@pytest.mark.parametrize(("code", "when"), [
    ("en", "11/30/26, 2:05\u202fPM"),
    ("nb", "30.11.2026, 14:05"),
    ("de", "30.11.26, 14:05"),
])
def test_the_game_lists_time_per_language(code, when):
    moment = datetime.datetime(2026, 11, 30, 14, 5).astimezone()
    with language(code):
        assert when_text(moment.isoformat()) == when


@pytest.mark.parametrize(("code", "empty", "twice", "full"), [
    ("en", "Type the player's name first, then tap Add",
     "ann is already at the table: give each player a different name", "One Up is for at most 6 players"),
    ("nb", "Skriv spillerens navn først, og trykk så på Legg til",
     "ann sitter allerede ved bordet: gi hver spiller et eget navn", "One Up er for høyst 6 spillere"),
    ("de", "Tippe zuerst den Namen ein, dann auf Hinzufügen",
     "ann sitzt schon am Tisch: gib jedem Spieler einen eigenen Namen", "One Up ist für höchstens 6 Spieler"),
])
def test_new_games_refusals_per_language(code, empty, twice, full):
    draft = NewGameDraft()
    with language(code):
        draft.add_player(" ")
        assert draft.error == empty
        draft.add_player("Ann")
        draft.add_player("ann")
        assert draft.error == twice
        for name in "BCDEFG":
            draft.add_player(name)
        assert draft.error == full


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_card_fields_example_reads_in_its_own_language(code):
    with language(code):
        example = _(HINT)
        cards = parse_cards(" ".join(example.split()[-5:]))
    assert [str(card) for card in cards] == ["7♠", "7♥", "K♣", "2♦", "black joker"]
