"""Words at the table in nb and de that read as sentences of their own: Up or Down?'s typing hint in
each language's own colour letters (companion/ui/games/up_or_down_rows.py), One Up's "dropped out last"
and the refusals around it (companion/pads/), Up to 9's round notes."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from companion.games.up_or_down import COLOURS
from companion.i18n import _, catalog_path, language
from companion.games.one_up import OneUpPad
from companion.pads.table import PadError
from companion.games.up_to_nine import UpToNinePad
from companion.ui.games.up_or_down_rows import TYPED_HINT, colour_letters, counts_example, read_rows, rows_text
from companion.pads.changelog import phone_label


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


@pytest.mark.parametrize(("code", "note", "out", "last", "unknown"), [
    ("en", "dropped out last", "Ann and Cy each say they went out: only one player can",
     "Ann and Cy each say they dropped out last: only one player can",
     "'Di' is not playing in this game: choose the player who dropped out last from Ann, Ben and Cy"),
    ("nb", "ga seg sist", "Ann og Cy sier hver for seg at de gikk ut: bare én spiller kan det",
     "Ann og Cy sier hver for seg at de ga seg sist: bare én spiller kan det",
     "'Di' er ikke med i dette spillet: velg spilleren som ga seg sist blant Ann, Ben og Cy"),
    ("de", "zuletzt ausgestiegen", "Ann und Cy geben jeweils an, dass sie ausgegangen sind: das kann nur einer",
     "Ann und Cy geben jeweils an, dass sie zuletzt ausgestiegen sind: das kann nur einer",
     "'Di' spielt in diesem Spiel nicht mit: wähle unter Ann, Ben und Cy den Spieler, der zuletzt ausgestiegen ist"),
])
def test_dropping_out_last_reads_whole_as_a_note_and_in_a_refusal(code, note, out, last, unknown):
    """One Up (seed 001): the note of who dropped out last, and the refusals naming two players who
    each claim the same end of the round or a player not at the table, are each a sentence of their own."""
    pad = OneUpPad(["Ann", "Ben", "Cy"])
    row = pad.add_round({"Ann": "K", "Ben": "5", "Cy": "3"}, ended_by="Ben")
    refusals = []
    with language(code):
        for flag in ("went_out", "ended_by"):
            claim = {"hand": [], "went_out": False, "ended_by": False, flag: True}
            with pytest.raises(PadError) as error:
                pad.join_hands({"Ann": claim, "Cy": claim})
            refusals.append(str(error.value))
        with pytest.raises(PadError) as error:
            pad.add_round({"Ann": "K", "Ben": "5", "Cy": "3"}, ended_by="Di")
        assert [str(row.notes["Ben"]), *refusals, str(error.value)] == [note, out, last, unknown]


@pytest.mark.parametrize(("code", "notes"), [
    ("en", {"Ann": "went out, laid down level 1", "Ben": "laid down level 1"}),
    ("nb", {"Ann": "gikk ut, la ned nivå 1", "Ben": "la ned nivå 1"}),
    ("de", {"Ann": "ausgegangen, Stufe 1 ausgelegt", "Ben": "Stufe 1 ausgelegt"}),
])
def test_up_to_nines_round_notes_are_whole(code, notes):
    """Up to 9 (seed 003): the one who went out laid down; each note is one message, no part left dangling."""
    pad = UpToNinePad(["Ann", "Ben", "Cy"])
    row = pad.add_round({"Ann": {"laid_down": True, "hand": [], "points": None},
                         "Ben": {"laid_down": True, "hand": ["K"], "points": None},
                         "Cy": {"laid_down": False, "hand": ["5", "3"], "points": None}}, went_out="Ann")
    with language(code):
        assert {player: str(text) for player, text in row.notes.items()} == notes


@pytest.mark.parametrize("code", ["nb", "de"])
def test_no_translation_ends_in_a_comma_or_semicolon(code):
    """A message ending in "," or ";" is a sentence part waiting for the rest, which another message
    would add: every message here is whole (lists are joined by companion.wording)."""
    with catalog_path(code).open("rb") as po:
        dangling = [message.id for message in read_po(po) if message.id
                    for text in (message.string if isinstance(message.string, tuple) else (message.string,))
                    if text.rstrip()[-1:] in (",", ";")]
    assert dangling == []


@pytest.mark.parametrize(("code", "told"), [
    ("nb", "Denne telefonen er nå telefonen til Ann"),
    ("de", "Dieses Handy heißt jetzt Handy von Ann"),
])
def test_a_phone_named_is_told_its_new_name_as_a_sentence(code, told):
    with language(code):
        assert _("This phone is now {phone}").format(phone=phone_label("Ann")) == told


def test_german_names_the_phone_in_brackets_whatever_its_label():
    """A phone's label is a name without an article ("Handy von Ann", "Handy 3FA2", "ein anderes
    Handy" when none is known), and the sentence shows on every phone, the one that acted too:
    German names it in brackets after the verb ("auf Handy von Ann" was how it read)."""
    with catalog_path("de").open("rb") as po:
        texts = [text for message in read_po(po) if message.id
                 for text in (message.string if isinstance(message.string, tuple) else (message.string,))]
    placed = [text for text in texts if "{phone}" in text or "{by}" in text]
    assert [text for text in placed if "auf {" in text or "auf einem anderen Handy" in text] == []
    assert sum(bool(re.search(r"\w \(\{(phone|by)\}\)", text)) for text in placed) == 11
    with language("de"):
        told = _("This game was ended on {phone} while this sheet was open. Saving will ask "
                 "whether to play on.").format(phone=phone_label("Ben"))
    assert told.startswith("Das Spiel wurde beendet (Handy von Ben), während dieses Blatt offen war.")
