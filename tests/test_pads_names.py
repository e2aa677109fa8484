"""Players' names made plain and told apart: the quick way for plain ASCII gives what the full rule gives.

``clean_name`` and ``name_key`` skip Unicode normalisation and the scan for
format characters when a name is plain ASCII. These tests hold both ways
to the rule written out in full here (NFC, format characters but the
joiners dropped, runs of spaces made one, ends trimmed, case folded).
"""

from __future__ import annotations

import re
import unicodedata

import pytest

from companion.pads.table import JOINERS, PadError, check_players, clean_name, copy_json, name_key


def _full_clean(name: str) -> str:
    """The rule of clean_name, step by step, for every text alike."""
    composed = unicodedata.normalize("NFC", name)
    shown = "".join(char for char in composed if char in JOINERS or unicodedata.category(char) != "Cf")
    return re.sub(r"\s+", " ", shown).strip()


def _full_key(name: str) -> str:
    """The rule of name_key, step by step."""
    return "".join(char for char in _full_clean(name) if char not in JOINERS).casefold()


TRICKY = [
    "Ann", "ANN", "ann", "  Ann  ", "Ann\tLee", "Ann \t\n Lee", "Ann\x0bLee\x0c", "Ann\x1cLee\x1f", "\r\n",
    "", " ", "\t", "Ann\x00", "Ann\x7f", "A  B  C", "O'Neil-Smith", "Å", "A\u030a", "A\u030ase",
    "B\u200ben", "\u200b", "\u200b ", "\ufeffAnn", "Ann\u200e", "Ann\u00a0Lee", "Ann\u2003Lee", "Stra\u00dfe",
    "STRASSE", "\u0130stanbul", "\u200d", "Ann\u200dLee", "Ann\u200cLee", "\U0001f468\u200d\U0001f469",
    "Jos\u00e9", "Jose\u0301", "\u3000Ann\u3000",
]


@pytest.mark.parametrize("name", TRICKY + [chr(code) for code in range(128)] + ["x" + chr(code) + "x" for code in range(128)])
def test_clean_name_and_name_key_follow_the_full_rule(name: str) -> None:
    assert clean_name(name) == _full_clean(name)
    assert name_key(name) == _full_key(name)


def test_names_that_look_alike_have_one_key() -> None:
    assert name_key("ANN") == name_key("ann ") == name_key("Ann") == "ann"
    assert name_key("Ann\t Lee") == name_key("ann lee") == "ann lee"
    assert name_key("A\u030ase") == name_key("\u00c5se") == "\u00e5se"
    assert name_key("B\u200ben") == name_key("Ben") == "ben"
    assert name_key("Stra\u00dfe") == name_key("STRASSE") == "strasse"
    assert clean_name("  Ann \t Lee\n") == "Ann Lee"
    assert clean_name("A\u030ase") == "\u00c5se"
    assert clean_name("Ann\u200dLee") == "Ann\u200dLee"


@pytest.mark.parametrize(("players", "message"), [
    (["Ann", "ANN"], "The name ANN is used twice: give each player a different name"),
    (["Ann", "Ben", "ann\t"], "The name ann is used twice: give each player a different name"),
    (["\u00c5se", "Ben", "A\u030ase"], "The name A\u030ase is used twice: give each player a different name"),
    (["Ben", "B\u200ben"], "The name B\u200ben is used twice: give each player a different name"),
    (["Ann", "ann", "\u200b"], "A player's name is blank: give every player a name"),
    (["Ann", "ann", "\t"], "A player's name is blank: give every player a name"),
    (["Ann", "Ben", "Ann", "Ben"], "The name Ann is used twice: give each player a different name"),
])
def test_check_players_refuses_blank_and_repeated_names(players: list[str], message: str) -> None:
    with pytest.raises(PadError) as caught:
        check_players(players, 2, 6, "One Up")
    assert str(caught.value) == message


def test_check_players_keeps_the_names_trimmed_as_given() -> None:
    assert check_players(["  Ann ", "Ben\t", "A\u030ase", "Jos\u00e9"], 2, 6, "One Up") == (
        "Ann", "Ben", "A\u030ase", "Jos\u00e9")


def test_copy_json_of_flat_and_nested_values_is_an_equal_independent_copy() -> None:
    flat = {"joker": False, "limit": 40, "name": "short", "ratio": 0.5, "none": None}
    copied = copy_json(flat)
    assert copied == flat and copied is not flat
    copied["limit"] = 30
    assert flat["limit"] == 40
    nested = {"levels": [[1, 2], [3]], "limit": 40}
    deep = copy_json(nested)
    assert deep == nested
    deep["levels"][0].append(9)
    assert nested["levels"] == [[1, 2], [3]]
    assert copy_json([{"a": 1}]) == [{"a": 1}]


def test_a_seating_accepted_before_is_answered_again_and_a_refused_one_is_still_refused() -> None:
    """check_players keeps the seatings it accepted (a backup seats the same tables thousands of times):
    the same names give the same trimmed tuple, and names that differ only where the rule looks
    (a repeated name in another case, a blank one, a count out of range) are refused every time."""
    first = check_players(["Ann ", "Ben", "Cy"], 2, 6, "One Up")
    assert first == ("Ann", "Ben", "Cy")
    assert check_players(["Ann ", "Ben", "Cy"], 2, 6, "One Up") is first
    assert check_players(("Ann ", "Ben", "Cy"), 2, 6, "One Up") is first
    for players, message in [(["Ann ", "ann", "Cy"], "used twice"), (["Ann ", " ", "Cy"], "blank"),
                             (["Ann ", "Ben", "Cy"], "for 4 to 6 players"), (["Ann ", ["Ben"], "Cy"], "as text")]:
        for _ in range(2):
            with pytest.raises(PadError, match=message):
                check_players(players, 4 if message.startswith("for") else 2, 6, "One Up")
