"""Text made once and read in each phone's language: a replayed round's notes,
Up or Down?'s colour names, the QR code's name.

Figures: One Up gives back 10 to a player who goes out from 10 or more
(rulings.md, One Up); One-card's round winner scores 1 (seed 002, Scoring);
Up or Down? scores a row as cards x commonest colour (rulings.md, Up or Down?:
8 x 3 = 24, 2 x 1 = 2, 2 yellow and 1 blue: 3 x 2 = 6).
"""

from __future__ import annotations

import pytest

from companion.i18n import language, lazy
from companion.registry import new_pad
from companion.ui.games.up_or_down import entry_lines
from companion.ui.qr import qr_image


def test_a_lazy_note_reads_in_the_language_current_when_read():
    went_out = lazy("went out, gave back {points}", points=10)
    with language("nb"):
        assert str(went_out) == "gikk ut, ga tilbake 10"
    with language("de"):
        assert str(went_out) == "ausgegangen, 10 zurückgegeben"
    assert str(went_out) == "went out, gave back 10"


@pytest.mark.parametrize(("code", "one_up", "one_card", "up_or_down"), [
    ("en", "went out, gave back 10", "won the round", ["24 + 2 + 0 discarded", "6 + 1 discarded"]),
    ("nb", "gikk ut, ga tilbake 10", "vant runden", ["24 + 2 + 0 kastet", "6 + 1 kastet"]),
    ("de", "ausgegangen, 10 zurückgegeben", "hat die Runde gewonnen", ["24 + 2 + 0 abgelegt", "6 + 1 abgelegt"]),
])
def test_a_pad_replayed_once_reads_its_notes_in_each_language(code, one_up, one_card, up_or_down):
    with language("de" if code == "en" else "en"):
        pad = new_pad("one_up", ["Ann", "Ben"])
        pad.add_round({"Ann": "K K", "Ben": ""}, went_out="Ben")
        pad.add_round({"Ann": "", "Ben": "5"}, went_out="Ann")
        cards = new_pad("one_card", ["Ann", "Ben"])
        cards.add_round("Ben")
        rows = new_pad("up_or_down", ["Ann", "Ben"])
        rows.add_round({"Ann": {"rows": [[8, 3], [2, 1]]}, "Ben": {"rows": [["yellow", "yellow", "blue"]], "discarded": 1}})
    with language(code):
        assert pad.rows[1].detail == {"Ann": one_up, "Ben": ""}
        assert cards.rows[0].detail == {"Ann": "", "Ben": one_card}
        assert [rows.rows[0].detail[player] for player in ("Ann", "Ben")] == up_or_down


@pytest.mark.parametrize(("code", "row", "qr"), [
    ("en", "row 1: 2 yellow, 1 blue = 6 points", "QR code of http://x/pad/1"),
    ("nb", "rekke 1: 2 gul, 1 blå = 6 poeng", "QR-kode for http://x/pad/1"),
    ("de", "Reihe 1: 2 gelb, 1 blau = 6 Punkte", "QR-Code für http://x/pad/1"),
])
def test_colour_names_and_the_qr_code_name_per_language(code, row, qr):
    pad = new_pad("up_or_down", ["Ann", "Ben"])
    pad.add_round({"Ann": {"rows": [[8, 3]]}, "Ben": {"rows": [["yellow", "yellow", "blue"]]}})
    with language(code):
        assert entry_lines(pad, 1, "Ben")[0] == row
        assert qr_image("http://x/pad/1").semantics_label == qr
