"""Words at the table in nb and de that read as sentences of their own: Up or Down?'s typing hint in
each language's own colour letters (companion/ui/games/up_or_down.py)."""

from __future__ import annotations

import pytest

from companion.games.up_or_down import COLOURS
from companion.i18n import _, language
from companion.ui.games.up_or_down import TYPED_HINT, colour_letters, counts_example, read_rows, rows_text


@pytest.mark.parametrize(("code", "hint", "letters"), [
    ("en", "8 3, 2 1 (cards, commonest colour) or 3y 2b 1r", ["r", "o", "y", "g", "b", "p"]),
    ("nb", "8 3, 2 1 (kort, vanligste farge) eller 3gu 2b 1r", ["r", "o", "gu", "gr", "b", "l"]),
    ("de", "8 3, 2 1 (Karten, häufigste Farbe) oder 3ge 2b 1r", ["r", "o", "ge", "gr", "b", "l"]),
])
def test_the_typing_hint_shows_each_languages_own_colour_letters(code, hint, letters):
    with language(code):
        assert _(TYPED_HINT).format(counts=counts_example()) == hint
        assert [colour_letters(colour) for colour in COLOURS] == letters
        assert read_rows(counts_example()) == [{"red": 1, "orange": 0, "yellow": 3, "green": 0, "blue": 2, "purple": 0}]


@pytest.mark.parametrize(("code", "typed"), [("en", "8 3, 2g 1p"), ("nb", "8 3, 2gr 1l"), ("de", "8 3, 2gr 1l")])
def test_rows_are_written_back_in_the_letters_they_are_read_in(code, typed):
    with language(code):
        rows = read_rows(typed)
        assert (rows_text(rows), read_rows(rows_text(rows))) == (typed, rows)
