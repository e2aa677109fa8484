"""The words the app puts together: counts, lists of names, articles, numbers.

Pure Python, shared by the rules core, the pads and the screens, so a count
or a list reads the same in every game's reasons and errors.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.i18n import _, ngettext

_AN_LETTERS = frozenset("AEFHILMNORSX")
_A_PREFIXES = ("one", "uni", "use", "eu")


def join_words(words: Sequence[str], conjunction: str = "and") -> str:
    """Words in a list as a sentence says them.

    Args:
        words: the names or phrases in order.
        conjunction: the word before the last one, ``"and"`` or ``"or"``
            (written in the current language: "og"/"eller", "und"/"oder").

    Returns:
        ``""`` for none, the word alone for one, else commas and the
        conjunction before the last.

    Raises:
        KeyError: for a conjunction other than ``"and"`` or ``"or"``.

    >>> join_words(["Ann"]), join_words(["Ann", "Ben"]), join_words(["Ann", "Ben", "Cy"])
    ('Ann', 'Ann and Ben', 'Ann, Ben and Cy')
    >>> join_words(["a 4", "a 5", "the joker"], "or")
    'a 4, a 5 or the joker'
    """
    items = list(words)
    if len(items) <= 1:
        return items[0] if items else ""
    word = {"and": _("and"), "or": _("or")}[conjunction]
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


_SENTENCE_ENDS = (".", "!", "?", "…")
"""The marks a sentence may end with."""

_CLOSING_MARKS = ")]»”“’‘\"'"
"""Brackets and quotes that may close a sentence after its last mark ("(... those.)")."""


def sentence(text: str) -> str:
    """``text`` written as a whole sentence: stripped, its first character upper case (a
    letter whose upper case is one letter: "ß" stays; a quote or a digit first stays as it
    is) and a full stop at its end, unless it ends with a mark of :data:`_SENTENCE_ENDS`
    already (before closing brackets or quotes, too). Takes and returns a string ("" stays
    ""); raises nothing.

    Reasons and refusals of the rules core are often clauses meant to follow "No:" or a
    colon; shown as an answer of their own they end the way every answer ends.

    >>> sentence("there is no card 130: cards are numbered 1 to 126")
    'There is no card 130: cards are numbered 1 to 126.'
    >>> sentence("Only 4 are entered (they count.)"), sentence("Ja!"), sentence("'8' is not used (see K)")
    ('Only 4 are entered (they count.)', 'Ja!', "'8' is not used (see K).")
    >>> sentence("ßig"), sentence("„nein.“"), sentence("«‘nei.’»")
    ('ßig.', '„nein.“', '«‘nei.’»')
    """
    text = text.strip()
    if not text:
        return text
    if not text.rstrip(_CLOSING_MARKS).endswith(_SENTENCE_ENDS):
        text += "."
    first = text[0].upper()
    return (first if len(first) == 1 else text[0]) + text[1:]


def article(word: str) -> str:
    """``"a"`` or ``"an"``, as the word is said aloud.

    Numbers go by their spoken start (an 8, an 11, an 18, an 80, a 1100);
    single capital letters by the letter's name (an A, a K); other words by
    their first letter, with "one", "uni", "use" and "eu" taking "a".

    >>> [article(w) for w in ("8", "11", "7", "18", "80", "1100", "ace", "A", "K", "one")]
    ['an', 'an', 'a', 'an', 'an', 'a', 'an', 'an', 'a', 'a']
    """
    text = word.strip()
    if text.isdigit():
        number = int(text)
        while number >= 1000:
            number //= 1000
        return "an" if number in (11, 18) or str(number).startswith("8") else "a"
    if len(text) == 1 and text.isupper():
        return "an" if text in _AN_LETTERS else "a"
    lower = text.lower()
    if lower.startswith(_A_PREFIXES):
        return "a"
    return "an" if lower[:1] in ("a", "e", "i", "o", "u") else "a"


def with_article(word: str) -> str:
    """The word after its article, in the current language: ``"an 8"``, ``"a 7"``, ``"an ace"``.

    English picks "a" or "an" by :func:`article`; Norwegian writes "en 8",
    German the word alone ("8"), as a card's rank reads in a list there.

    >>> with_article("8"), with_article("7"), with_article("ace"), with_article("11")
    ('an 8', 'a 7', 'an ace', 'an 11')
    """
    if article(word) == "an":
        # TRANSLATORS: a word (often a card's rank, "8", "A") after the article "an".
        return _("an {word}").format(word=word)
    # TRANSLATORS: a word (often a card's rank, "7", "K") after the article "a".
    return _("a {word}").format(word=word)


def whole_number(
    value: object,
    what: str,
    *,
    least: int = 0,
    most: int | None = None,
    error: type[Exception] = ValueError,
) -> int:
    """Check that a value is a whole number in a range, and return it.

    ``True`` and ``False`` are not numbers here, nor is ``3.0``.

    Args:
        value: the value to check.
        what: what it is, as the message starts (``"Ann's penalty points"``).
        least: the smallest value allowed.
        most: the largest value allowed, or ``None`` for no limit.
        error: the exception class to raise (the caller's own, so it can be
            caught by meaning).

    Returns:
        ``value`` unchanged.

    Raises:
        error: with a message naming ``what``, the range and the value.

    >>> whole_number(3, "the total")
    3
    >>> whole_number(-1, "the total")
    Traceback (most recent call last):
    ValueError: the total must be a whole number, 0 or more, not -1
    >>> whole_number(True, "the level", least=1, most=9)
    Traceback (most recent call last):
    ValueError: the level must be a whole number from 1 to 9, not True
    """
    if (isinstance(value, bool) or not isinstance(value, int) or value < least
            or (most is not None and value > most)):
        if most is None:
            message = _("{what} must be a whole number, {least} or more, not {value}")
        else:
            message = _("{what} must be a whole number from {least} to {most}, not {value}")
        raise error(message.format(what=what, least=least, most=most, value=repr(value)))
    return value


def player_counts_text(counts: Sequence[int]) -> str:
    """Player counts in words, in the current language: ``[2, 3, 4]`` -> ``"2-4 players"``, ``[6]`` -> ``"6 players"``.

    Args:
        counts: consecutive player counts, lowest first (at least one).

    >>> player_counts_text([2, 3, 4]), player_counts_text([6])
    ('2-4 players', '6 players')
    """
    if len(counts) == 1:
        return ngettext("{count} player", "{count} players", counts[0]).format(count=counts[0])
    return _("{least}-{most} players").format(least=counts[0], most=counts[-1])


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table, one line per row, cells as ``str`` prints them.

    >>> print(markdown_table(["Level", "Contract"], [(1, "straight of 4")]))
    | Level | Contract |
    |---|---|
    | 1 | straight of 4 |
    """
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)
