"""Up or Down?'s rows as a player types and reads them: a row as the cards in
it and its commonest colour's count (``"8 3"``) or as a count per colour
(``"3y 2b"``, each colour by the first letters of its name in English or the
session's language), several rows in one line, and back.

Rules: seed 004 (a row scores its cards times its commonest colour's count)
through ``companion.games.up_or_down``.
"""

from __future__ import annotations

import re
from typing import Any

from companion.games.up_or_down import COLOURS, colour_text, colours_text
from companion.i18n import N_, _, ngettext

def stored_counts(row: list[Any]) -> dict[str, int] | list[int]:
    """A stored row as colour counts, or the stored [cards, commonest] pair."""
    if len(row) == 2 and all(isinstance(v, int) for v in row):
        return list(row)
    return {colour: row.count(colour) for colour in COLOURS}


def pad_row(counts: dict[str, int] | list[int]) -> list[Any]:
    """The pad's row for the sheet's counts (colour names, one per card)."""
    if isinstance(counts, list):
        return counts
    return [colour for colour in COLOURS for _card in range(counts[colour])]


def blank_row() -> dict[str, int]:
    """A row with no card yet: every colour counted 0."""
    return {colour: 0 for colour in COLOURS}


_ROWS_SPLIT = re.compile(r"[,;/\n]+")
_ROW_TOKENS = re.compile(r"\d+|[^\W\d_]+")
_TIMES = frozenset({"x", "\u00d7"})
_ROW_GAPS = re.compile(r"[\s\u00d7*]+")
"""What may stand between a row's numbers and colours besides the tokens: spaces and a times sign (8 x 3, 8*3)."""

TYPED_HINT = N_("8 3, 2 1 (cards, commonest colour) or {counts}")
"""The example under the typed-rows field (marked; translated where shown, ``counts`` from
:func:`counts_example`)."""

NO_BREAK = "\u00a0"
"""A space the hint's example of colour counts keeps, so the example wraps as one."""

EXAMPLE_COUNTS: dict[str, int] = {"yellow": 3, "blue": 2, "red": 1}
"""The colour counts the typed-rows examples show (``"3y 2b 1r"`` in English)."""


def _colours_starting(word: str) -> list[str]:
    """The colours (:data:`COLOURS`) whose English name or name in the current language starts with ``word`` (any case)."""
    return [colour for colour in COLOURS if word.casefold() in (colour[:len(word)], colour_text(colour).casefold()[:len(word)])]


def colour_letters(colour: str) -> str:
    """The shortest start of ``colour``'s name (one of :data:`COLOURS`) in the current language that
    :func:`read_row` reads as that colour alone: ``"y"`` for yellow in English, ``"gu"`` (gul) in
    Norwegian, ``"ge"`` (gelb) in German, where ``"g"`` is also green."""
    name = colour_text(colour).casefold()
    return next((name[:end] for end in range(1, len(name)) if _colours_starting(name[:end]) == [colour]), name)


def counts_text(counts: dict[str, int]) -> str:
    """Colour counts as typed, in the order of ``counts``, leaving out zeros, with each colour's
    :func:`colour_letters`: ``{"yellow": 3, "blue": 2}`` -> ``"3y 2b"`` (German ``"3ge 2b"``)."""
    return " ".join(f"{count}{colour_letters(colour)}" for colour, count in counts.items() if count)


def counts_example(colours: int = len(EXAMPLE_COUNTS)) -> str:
    """The first ``colours`` of :data:`EXAMPLE_COUNTS` typed in the current language (all: ``"3y 2b 1r"``,
    2: ``"3y 2b"``; Norwegian ``"3gu 2b 1r"``)."""
    return counts_text(dict(list(EXAMPLE_COUNTS.items())[:colours]))


def _colour_of(word: str, row: int) -> str:
    """The colour a typed word starts, in English or the current language (``"y"``, ``"yel"``, German ``"ge"`` -> ``"yellow"``)."""
    found = _colours_starting(word)
    if len(found) != 1:
        raise ValueError(_("Row {row}: '{word}' is not a colour ({colours})").format(
            row=row, word=word, colours=colours_text()
        ))
    return found[0]


def read_row(text: str, row: int) -> list[int] | dict[str, int]:
    """One typed row: two numbers ``"8 3"`` / ``"8x3"`` (the cards in the row
    and the count of its commonest colour) -> ``[8, 3]``; counts per colour
    ``"3y 2b"`` / ``"y3 b2"`` (a colour's first letters) -> colour counts.

    Raises:
        ValueError: naming row ``row`` (from 1) when it is neither, also
            for a sign that is not part of one ("-3 1": a count is never
            below 0, and the minus is not dropped without a word).
    """
    stray = _ROW_GAPS.sub("", _ROW_TOKENS.sub("", text))
    if stray:
        raise ValueError(_("Row {row}: '{sign}' can not be read: type whole numbers and colours (8 3, {counts})").format(
            row=row, sign=stray[0], counts=counts_example(2)))
    tokens = [token for token in _ROW_TOKENS.findall(text) if token.lower() not in _TIMES]
    numbers = [token for token in tokens if token.isdigit()]
    if len(numbers) == len(tokens):
        if len(numbers) != 2:
            raise ValueError(_(
                "Row {row}: give the cards in the row and its commonest colour's count (8 3), "
                "or a count per colour ({counts})"
            ).format(row=row, counts=counts_example(2)))
        return [int(numbers[0]), int(numbers[1])]
    counts = blank_row()
    number_first = tokens[0].isdigit()
    pairs = list(zip(tokens[::2], tokens[1::2]))
    if len(tokens) % 2 or any(count.isdigit() == word.isdigit() for count, word in pairs):
        raise ValueError(_("Row {row}: give a count and a colour for each colour ({counts})").format(
            row=row, counts=counts_example(2)))
    for first, second in pairs:
        count, word = (first, second) if number_first else (second, first)
        if not count.isdigit():
            raise ValueError(_("Row {row}: put every count on the same side of its colour ({counts})").format(
                row=row, counts=counts_example(2)))
        counts[_colour_of(word, row)] += int(count)
    return counts


def read_rows(text: str) -> list[list[int] | dict[str, int]]:
    """A player's rows typed in one line, separated by commas (or ``;``, ``/``,
    new lines), each as :func:`read_row` reads it: ``"8 3, 2 1, 8 5"``.

    Raises:
        ValueError: naming the first row that can not be read.
    """
    parts = [part for part in _ROWS_SPLIT.split(text) if part.strip()]
    return [read_row(part, number) for number, part in enumerate(parts, start=1)]


def rows_text(rows: list) -> str:
    """The typed form of a player's rows (:func:`read_rows` reads it back);
    rows with no card yet are left out."""
    parts = []
    for counts in rows:
        if isinstance(counts, list):
            parts.append(f"{counts[0]} {counts[1]}")
        elif any(counts.values()):
            parts.append(counts_text({colour: counts[colour] for colour in COLOURS}))
    return ", ".join(parts)


def commonest_text(counts: list[int]) -> str:
    """A row typed as two numbers, in words: ``[8, 3]`` -> "8 cards, 3 of the commonest colour"."""
    return ngettext(
        "{cards} card, {commonest} of the commonest colour", "{cards} cards, {commonest} of the commonest colour",
        counts[0],
    ).format(cards=counts[0], commonest=counts[1])
