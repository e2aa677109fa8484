"""What a screen reader says, in the player's language: a total with its
player and standing (companion/ui/score_table.py), a card by its name
(companion/ui/ask_cards.py)."""

from __future__ import annotations

import pytest

from companion.cards import Card
from companion.i18n import _, language
from companion.registry import new_pad
from companion.ui.ask_cards import card_face, slot_button
from companion.ui.score_table import headings


@pytest.mark.parametrize(("code", "one_up", "up_to_nine"), [
    ("en", ["Ann: 10 points", "Ben: 0 points"], ["Ann: level 1, 0 penalty points", "Ben: level 1, 0 penalty points"]),
    ("nb", ["Ann: 10 poeng", "Ben: 0 poeng"], ["Ann: nivå 1, 0 straffepoeng", "Ben: nivå 1, 0 straffepoeng"]),
    ("de", ["Ann: 10 Punkte", "Ben: 0 Punkte"], ["Ann: Stufe 1, 0 Strafpunkte", "Ben: Stufe 1, 0 Strafpunkte"]),
])
def test_a_total_is_read_with_its_player_and_standing(code, one_up, up_to_nine):
    pad = new_pad("one_up", ["Ann", "Ben"])
    pad.add_round({"Ann": "K K", "Ben": ""}, went_out="Ben")
    levels = new_pad("up_to_nine", ["Ann", "Ben"])
    with language(code):
        assert [heading.spoken for heading in headings(pad)] == one_up
        assert [heading.spoken for heading in headings(levels)] == up_to_nine
        assert [heading.total for heading in headings(pad)] == ["10", "0"]


@pytest.mark.parametrize(("code", "jack", "joker", "slot"), [
    ("en", "jack of spades", "colour joker, chosen", "Top card: queen of hearts, black joker"),
    ("nb", "spar knekt", "farget joker, valgt", "Øverste kort: hjerter dame, svart joker"),
    ("de", "Pik-Bube", "farbiger Joker, gewählt", "Oberste Karte: Herz-Dame, schwarzer Joker"),
])
def test_a_card_is_read_by_its_name(code, jack, joker, slot):
    with language(code):
        assert card_face(Card(11, "S")).label == jack
        assert card_face(Card(None, None, "colour"), chosen=True).label == joker
        shown = slot_button(_("Top card"), [Card(12, "H"), Card(None, None, "black")], active=False, on_click=lambda: None)
        assert shown.content.label == slot
