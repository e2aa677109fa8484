"""The pad's and the sheets' own words in Norwegian bokmål and German.

Each test builds a pad (no browser) and reads one text the pad screen, a
sheet or a checker shows, in English, in Norwegian bokmål and in German:
the English message is the msgid, the others come from the catalogs.
One Up's limit and chips are seed 000's ("Variants"); One-card's match is
seed 002's; Up to 9's level after a round is seed 003's.
"""

from __future__ import annotations

import pytest

from companion.cards import parse_card
from companion.i18n import language
from companion.registry import new_pad
from companion.ui.entry_sheet import sheet_title
from companion.ui.games import game_ui
from companion.ui.games.one_card_check import one_card_answer
from companion.ui.games.one_card_take import take_text
from companion.ui.games.one_up import one_up_answer
from companion.ui.games.up_or_down import _sheet_words as up_or_down_sheet_words
from companion.ui.games.up_or_down_check import row_answer
from companion.ui.games.up_or_down_rows import read_row

PLAYERS = ["Ann", "Ben", "Cy"]


@pytest.mark.parametrize(("code", "expected"), [
    ("en", ["Round 4", "Round 4 (edit)", "Round 4: Ben's hand"]),
    ("nb", ["Runde 4", "Runde 4 (endre)", "Runde 4: hånden til Ben"]),
    ("de", ["Runde 4", "Runde 4 (ändern)", "Runde 4: Hand von Ben"]),
])
def test_sheet_titles(code, expected):
    with language(code):
        assert [sheet_title(4, None, None), sheet_title(4, 4, None), sheet_title(4, None, "Ben")] == expected


@pytest.mark.parametrize(("code", "expected"), [
    ("en", ["Count the scores", "Round 2 (edit)", "Ben's count"]),
    ("nb", ["Tell opp poengene", "Runde 2 (endre)", "Tellingen til Ben"]),
    ("de", ["Punkte zählen", "Runde 2 (ändern)", "Zählung von Ben"]),
])
def test_up_or_down_sheet_titles_name_the_round_of_an_edit(code, expected):
    """Up or Down?'s new sheet is titled as its button; an edit names its round, as every game's does."""
    with language(code):
        assert [up_or_down_sheet_words(number, only)[0] for number, only in ((None, None), (2, None), (None, "Ben"))] \
            == expected


@pytest.mark.parametrize(("code", "add", "facts"), [
    ("en", "Add round", "Ends at 40 points. Chips: a dot is 10, a ring is 1."),
    ("nb", "Ny runde", "Slutter ved 40 poeng. Sjetonger: en med prikk er 10, en med ring er 1."),
    ("de", "Neue Runde", "Endet bei 40 Punkten. Chips: einer mit Tupfen zählt 10, einer mit Ring 1."),
])
def test_one_up_add_button_and_facts(code, add, facts):
    pad = new_pad("one_up", PLAYERS)
    ui = game_ui("one_up")
    with language(code):
        assert ui.add_label(pad) == add
        assert ui.facts(pad) == [facts]


@pytest.mark.parametrize(("code", "expected"), [
    ("en", ["First to 3 round wins takes the match", "First to 1 round win takes the match"]),
    ("nb", ["Den første som vinner 3 runder, vinner matchen", "Den første som vinner 1 runde, vinner matchen"]),
    ("de", ["Wer zuerst 3 Runden gewinnt, gewinnt das Match", "Wer zuerst 1 Runde gewinnt, gewinnt das Match"]),
])
def test_one_card_match_line_counts_in_each_language(code, expected):
    ui = game_ui("one_card")
    three = new_pad("one_card", PLAYERS, options={"target": 3})
    one = new_pad("one_card", PLAYERS, options={"target": 1})
    with language(code):
        assert ui.facts(three) + ui.facts(one) == expected


@pytest.mark.parametrize(("code", "expected"), [
    ("en", ["0 L2", "level 2"]),
    ("nb", ["0 N2", "nivå 2"]),
    ("de", ["0 S2", "Stufe 2"]),
])
def test_up_to_nine_cell_and_level_after_a_lay_down(code, expected):
    pad = new_pad("up_to_nine", ["Ann", "Ben"])
    pad.add_round(results={
        "Ann": {"laid_down": True, "hand": [], "points": None},
        "Ben": {"laid_down": False, "hand": ["K"], "points": None},
    })
    ui = game_ui("up_to_nine")
    with language(code):
        cell = ui.change_text(pad, pad.rows[0], "Ann")
        level = ui.total_extras(pad, "Ann")[0]
    assert [cell, level.text] == expected


@pytest.mark.parametrize(("code", "expected"), [
    ("en", [["cards left: K 3"], ["no cards left"]]),
    ("nb", [["kort igjen: K 3"], ["ingen kort igjen"]]),
    ("de", [["übrige Karten: K 3"], ["keine Karten übrig"]]),
])
def test_one_up_round_detail_lines(code, expected):
    pad = new_pad("one_up", PLAYERS)
    pad.add_round(hands={"Ann": ["K", "3"], "Ben": ["5"], "Cy": []}, went_out="Cy", ended_by=None)
    ui = game_ui("one_up")
    with language(code):
        assert [ui.entry_lines(pad, 1, "Ann"), ui.entry_lines(pad, 1, "Cy")] == expected


@pytest.mark.parametrize(("code", "yes", "waiting"), [
    ("en", "Yes: a 6 may go on a 5.", "You draw 2 cards; the other 1 of the 3 is forgiven."),
    ("nb", "Ja: en 6 kan legges på en 5.", "Du trekker 2 kort; 1 av de 3 er ettergitt."),
    ("de", "Ja: 6 darf auf 5 gelegt werden.", "Du ziehst 2 Karten; 1 der 3 ist erlassen."),
])
def test_checker_answers(code, yes, waiting):
    with language(code):
        answer = one_up_answer(parse_card("5"), parse_card("6"))
        head = take_text(3, 2, 2).split(" ")
    assert answer.text == yes
    assert " ".join(head[: len(waiting.split(" "))]) == waiting


@pytest.mark.parametrize(("code", "none", "up", "refused"), [
    ("en", "Your card may not be played: draw a card.", "Yes: the row runs upward and 9 continues it.",
     "Row 2: give a count and a colour for each colour (3y 2b)"),
    ("nb", "Kortet ditt kan ikke legges: trekk et kort.", "Ja: rekken går oppover, og 9 fortsetter den.",
     "Rekke 2: skriv et antall og en farge for hver farge (3gu 2b)"),
    ("de", "Deine Karte darf nicht gelegt werden: zieh eine Karte.", "Ja: die Reihe läuft aufwärts, und 9 setzt sie fort.",
     "Reihe 2: gib für jede Farbe eine Anzahl und die Farbe an (3ge 2b)"),
])
def test_one_card_and_up_or_down_words(code, none, up, refused):
    with language(code):
        summary = one_card_answer(parse_card("5h"), [parse_card("9c")]).summary.text
        runs = row_answer([3, 5], 9).text
        with pytest.raises(ValueError) as error:
            read_row("3y 2", 2)
    assert [summary, runs, str(error.value)] == [none, up, refused]


@pytest.mark.parametrize(("code", "refused"), [
    ("en", "Row 1: '-' can not be read: type whole numbers and colours (8 3, 3y 2b)"),
    ("nb", "Rekke 1: «-» kan ikke leses: skriv hele tall og farger (8 3, 3gu 2b)"),
    ("de", "Reihe 1: „-“ lässt sich nicht lesen: gib ganze Zahlen und Farben an (8 3, 3ge 2b)"),
])
def test_a_typed_row_with_a_sign_is_refused_not_read_without_it(code, refused):
    with language(code):
        assert read_row("8 x 3", 1) == [8, 3]
        assert read_row("8*3", 1) == [8, 3]
        with pytest.raises(ValueError) as error:
            read_row("-3 1", 1)
    assert str(error.value) == refused
