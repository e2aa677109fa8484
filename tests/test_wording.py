"""The words the app puts together (companion/wording.py)."""

from __future__ import annotations

import pytest

from companion.wording import (
    article,
    join_words,
    markdown_table,
    player_counts_text,
    whole_number,
    with_article,
)


@pytest.mark.parametrize(("words", "conjunction", "expected"), [
    ([], "and", ""),
    (["Ann"], "and", "Ann"),
    (["Ann", "Ben"], "and", "Ann and Ben"),
    (["Ann", "Ben", "Cy"], "and", "Ann, Ben and Cy"),
    (("3♣", "8♣"), "or", "3♣ or 8♣"),
])
def test_join_words(words, conjunction, expected):
    assert join_words(words, conjunction) == expected


@pytest.mark.parametrize(("word", "expected"), [
    ("8", "an 8"), ("11", "an 11"), ("18", "an 18"), ("80", "an 80"), ("7", "a 7"),
    ("1", "a 1"), ("10", "a 10"), ("8000", "an 8000"), ("11000", "an 11000"), ("1100", "a 1100"),
    ("ace", "an ace"), ("Ace", "an Ace"), ("King", "a King"), ("A", "an A"), ("K", "a K"),
    ("J", "a J"), ("one", "a one"), ("heart", "a heart"),
])
def test_with_article(word, expected):
    assert with_article(word) == expected
    assert article(word) == expected.split()[0]


def test_whole_number_returns_the_value():
    assert whole_number(0, "the total") == 0
    assert whole_number(9, "the level", least=1, most=9) == 9


class _TableError(ValueError):
    pass


@pytest.mark.parametrize(("value", "least", "most", "message"), [
    (-1, 0, None, "the total must be a whole number, 0 or more, not -1"),
    (True, 0, None, "the total must be a whole number, 0 or more, not True"),
    (2.0, 0, None, "the total must be a whole number, 0 or more, not 2.0"),
    ("3", 0, None, "the total must be a whole number, 0 or more, not '3'"),
    (0, 1, 9, "the total must be a whole number from 1 to 9, not 0"),
    (10, 1, 9, "the total must be a whole number from 1 to 9, not 10"),
])
def test_whole_number_refuses_with_the_callers_error(value, least, most, message):
    with pytest.raises(_TableError) as caught:
        whole_number(value, "the total", least=least, most=most, error=_TableError)
    assert str(caught.value) == message


def test_player_counts_and_table():
    assert player_counts_text([2, 3, 4]) == "2-4 players"
    assert player_counts_text([6]) == "6 players"
    assert markdown_table(["A", "B"], [(1, "x"), (2, "y")]) == "| A | B |\n|---|---|\n| 1 | x |\n| 2 | y |"
