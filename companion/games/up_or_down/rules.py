"""Up or Down?: the ring, the rows of a display, and the final score.

Follows seed ``004_f6f235c439507bc6.txt`` (German) and rulings.md, "Up or Down?".

Terms:

card
    a number from 1 to 126 with one of six colours.  Numbers are unique, so
    a card is named by its number alone.
cards in play
    the numbers used for a given player count (the rest stay in the box).
ring
    six face-up cards in the middle, laid out from low to high.  A card from
    a hand goes between its two neighbours by number; a card lower than the
    lowest or higher than the highest goes between the lowest and the highest.
display
    a player's rows, at most three.
row
    cards laid in one direction: the second card fixes whether the row goes
    up (ascending) or down (descending), and every later card continues it.
personal discard pile
    rows a player gave up, face down; 1 point per card.
score
    per row, cards in the row x cards of its commonest colour; plus 1 per
    card on the personal discard pile.  Highest total wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import pairwise
from typing import NamedTuple

from companion.cards import CardError
from companion.verdict import Verdict
from companion.i18n import LANGUAGES, N_, _, language, ngettext

TITLE = "Up or Down?"
"""The game's name as the app shows it."""

LOWEST_CARD: int = 1
"""The lowest card number in the game."""

HIGHEST_CARD: int = 126
"""The highest card number in the game (the full box)."""

CARDS_IN_PLAY: dict[int, int] = {2: 54, 3: 78, 4: 102, 5: 126, 6: 126}
"""Player count to the highest number in play (cards 1 to that number).

Rulings.md, "Up or Down?" (the seed only says the deck is adjusted to the
player count).  Edit this table for a house rule.
"""

COLOURS: tuple[str, ...] = (N_("red"), N_("orange"), N_("yellow"), N_("green"), N_("blue"), N_("purple"))
"""The six card colours, by the English names saved games keep (each an
English msgid: :func:`colour_text` gives the name shown in the current language).

The seed says there are colours but does not name them; these names are the
app's preset.  :func:`row_score` counts whatever names it is given.
"""

HAND_SIZE: int = 3
"""Cards in each hand (seed: "drei Karten auf die Hand")."""

RING_SIZE: int = 6
"""Face-up cards in the ring (seed: "sechs Karten ... ringförmig")."""

MAX_ROWS: int = 3
"""Most rows a display may hold (seed: "bis zu drei Reihen")."""

DISCARD_POINTS: int = 1
"""Points per card on a player's personal discard pile (seed)."""


class UpOrDownError(ValueError):
    """Input that can not describe an Up or Down? position or score.

    The message says what is wrong and what to enter instead.
    """


class CardNumberError(UpOrDownError, CardError):
    """A card number that is not a whole number from 1 to 126.

    Both an ``UpOrDownError`` and the project's ``CardError`` (a card that
    can not be read), so either may be caught.

    Rule: seed 004, Vorwort (cards numbered 1 to 126).
    """


class RowSummary(NamedTuple):
    """A row entered by its counts instead of its colours.

    Attributes:
        cards: how many cards lie in the row (0 or more).
        commonest: how many of them share the row's commonest colour.

    Rule: seed 004, scoring (cards in the row x cards of the commonest colour).
    """

    cards: int
    commonest: int


def cards_in_play(players: int) -> range:
    """The card numbers used for a player count.

    Args:
        players: number of players, 2 to 6.

    Returns:
        ``range(1, n + 1)``: 2 players 1-54, 3 players 1-78, 4 players 1-102,
        5 or 6 players 1-126 (table :data:`CARDS_IN_PLAY`).

    Raises:
        UpOrDownError: for any other player count.

    Rule: rulings.md, "Up or Down?" (cards in play by player count).

    >>> cards_in_play(3)
    range(1, 79)
    """
    if isinstance(players, bool) or not isinstance(players, int) or players not in CARDS_IN_PLAY:
        counts = sorted(CARDS_IN_PLAY)
        raise UpOrDownError(_("{game} is for {least}-{most} players, not {value}").format(
            game=TITLE, least=counts[0], most=counts[-1], value=repr(players)))
    return range(LOWEST_CARD, CARDS_IN_PLAY[players] + 1)


def card_number(value: int | str) -> int:
    """Read one card number, as an int or as typed text (``"37"``, ``" 37 "``).

    Returns:
        The number, 1 to 126.

    Raises:
        CardNumberError: (an ``UpOrDownError`` and a ``CardError``) for
            anything that is not a whole number from 1 to 126; the message
            names the value.

    Rule: seed 004, Vorwort (cards numbered 1 to 126).

    >>> card_number(" 37 ")
    37
    """
    number = value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        number = int(value.strip())
    if isinstance(number, bool) or not isinstance(number, int):
        raise CardNumberError(_("{value} is not a card number: enter a whole number from {least} to {most}").format(
            value=repr(value), least=LOWEST_CARD, most=HIGHEST_CARD))
    if not LOWEST_CARD <= number <= HIGHEST_CARD:
        raise CardNumberError(_("there is no card {number}: cards are numbered {least} to {most}").format(
            number=number, least=LOWEST_CARD, most=HIGHEST_CARD))
    return number


def _items(value: object, message: str) -> list:
    """``value`` as a list when it is a list-like collection (not text, not a
    mapping), else an ``UpOrDownError`` carrying ``message``."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise UpOrDownError(message)
    return list(value)


def _card_numbers(cards: Iterable[int | str], what: str) -> list[int]:
    """Read several card numbers that must all differ; ``what`` (``"row"`` or ``"ring"``) names them in errors."""
    if what == "ring":
        listed = _items(cards, _("give the ring as a list of card numbers, not {value}").format(value=repr(cards)))
    else:
        listed = _items(cards, _("give the row as a list of card numbers, not {value}").format(value=repr(cards)))
    numbers = [card_number(card) for card in listed]
    seen: set[int] = set()
    for number in numbers:
        if number in seen:
            if what == "ring":
                raise UpOrDownError(_("card {number} appears twice in the ring: every number exists only once").format(
                    number=number))
            raise UpOrDownError(_("card {number} appears twice in the row: every number exists only once").format(
                number=number))
        seen.add(number)
    return numbers


def check_in_play(players: int, numbers: Iterable[int]) -> Verdict:
    """Could these numbered cards all lie on one table at once?

    Args:
        players: the player count, which fixes the cards in play
            (:func:`cards_in_play`).
        numbers: every card number entered (the ring, a hand card, a row ...).

    Returns:
        A legal ``Verdict``, or one naming the first number that is not in
        play for ``players`` or is entered a second time (every number is in
        the deck once).

    Raises:
        UpOrDownError: for a player count the game is not for, or a value
            that is not a card number.

    Rule: seed 004, Vorwort (each number once); the project's rulings, Up
    or Down? (cards in play by player count).

    >>> check_in_play(2, [4, 60]).reason
    'there is no card 60 with 2 players: cards 1 to 54 are in play'
    >>> check_in_play(3, [4, 34, 4]).reason
    'card 4 is entered twice: the deck has each number once'
    """
    in_play = cards_in_play(players)
    seen: set[int] = set()
    for value in _items(numbers, _("give the card numbers as a list, not {value}").format(value=repr(numbers))):
        number = card_number(value)
        if number not in in_play:
            return Verdict.no(ngettext(
                "there is no card {number} with {players} player: cards {least} to {most} are in play",
                "there is no card {number} with {players} players: cards {least} to {most} are in play",
                players,
            ).format(number=number, players=players, least=in_play.start, most=in_play.stop - 1))
        if number in seen:
            return Verdict.no(_("card {number} is entered twice: the deck has each number once").format(number=number))
        seen.add(number)
    return Verdict.ok()


def ring_neighbours(ring: Sequence[int], card: int) -> tuple[int, int]:
    """The two ring cards a hand card goes between.

    Args:
        ring: the ring's card numbers in any order (six in play; any two or
            more are accepted).
        card: the number of the card placed.

    Returns:
        ``(lower, higher)``, the nearest ring cards below and above ``card``,
        e.g. ``ring_neighbours([9, 41, 58, 66, 93, 117], 50) == (41, 58)``.
        A card lower than the lowest or higher than the highest goes between
        the lowest and the highest, and the answer is ``(lowest, highest)``.
        The player then takes one of the two into their display.

    Raises:
        UpOrDownError: if the ring is not a list of numbers, has fewer than
            two cards, holds a number twice or a number outside 1-126, or
            already holds ``card``.

    Rule: seed 004, the turn (the card placed between its two nearest ring
    cards, and the case lower than the lowest / higher than the highest);
    rulings.md, "Up or Down?".

    >>> ring_neighbours([9, 41, 58, 66, 93, 117], 50), ring_neighbours([9, 41, 58], 120)
    ((41, 58), (9, 58))
    """
    numbers = _card_numbers(ring, "ring")
    if len(numbers) < 2:
        raise UpOrDownError(_("the ring needs at least two cards to place between (it has {count} in play)").format(
            count=RING_SIZE))
    placed = card_number(card)
    if placed in numbers:
        raise UpOrDownError(_("card {number} is already in the ring: every number exists only once").format(
            number=placed))
    below = [n for n in numbers if n < placed]
    above = [n for n in numbers if n > placed]
    if not below or not above:
        return (min(numbers), max(numbers))
    return (max(below), min(above))


def row_direction(row: Sequence[int]) -> str | None:
    """Which way a row runs.

    Args:
        row: the row's card numbers in the order they were laid.

    Returns:
        ``"up"`` (ascending), ``"down"`` (descending), or ``None`` while the
        row has fewer than two cards and its direction is still open.

    Raises:
        UpOrDownError: for a bad number, a number twice, or a row whose cards
            do not keep the direction its first two cards set.

    Rule: seed 004 (the second card of a row fixes up or down).

    >>> row_direction([12, 40, 77]), row_direction([9])
    ('up', None)
    """
    return _direction(_card_numbers(row, "row"))


def _direction(numbers: list[int]) -> str | None:
    """The direction of a row of distinct, valid numbers (see :func:`row_direction`)."""
    if len(numbers) < 2:
        return None
    direction = "up" if numbers[1] > numbers[0] else "down"
    for before, after in pairwise(numbers[1:]):
        if (after > before) != (direction == "up"):
            if direction == "up":
                text = _("the row {row} does not keep one direction: it starts going up but {after} follows {before}")
            else:
                text = _("the row {row} does not keep one direction: it starts going down but {after} follows {before}")
            raise UpOrDownError(text.format(row=" ".join(map(str, numbers)), after=after, before=before))
    return direction


def check_row(row: Sequence[int], card: int) -> Verdict:
    """May ``card`` go at the end of ``row``?

    Args:
        row: the row's card numbers in the order they were laid (may be empty).
        card: the number of the card to add.

    Returns:
        A legal ``Verdict`` when the row has fewer than two cards (the second
        card chooses the direction) or when ``card`` continues the direction
        the first two cards set; otherwise an illegal one whose reason names
        the direction, the last card and what the player may do instead.

    Raises:
        UpOrDownError: for a row that is not a list of numbers, a bad
            number, a number twice in the row, ``card`` already in the row
            (numbers are unique, so a card can never equal the last one), or
            a row that does not keep one direction.

    Rule: seed 004 (rows, ascending or descending; a card that can't or won't
    go on a row starts a new one after a row is given up); rulings.md.

    >>> check_row([50, 40], 30).legal, check_row([50, 40], 45).legal
    (True, False)
    """
    numbers = _card_numbers(row, "row")
    direction = _direction(numbers)
    placed = card_number(card)
    if placed in numbers:
        raise UpOrDownError(_(
            "card {number} is already in this row: every number exists only once, "
            "so a card can never equal another"
        ).format(number=placed))
    if direction is None:
        return Verdict.ok()
    last = numbers[-1]
    if (placed > last) == (direction == "up"):
        return Verdict.ok()
    if direction == "up":
        text = _("{card} can not go on this row: it runs upward and ends at {last}, "
                 "so the next card must be higher than {last}. Put {card} on another "
                 "row or start a new row with it (with {rows} rows out, first turn "
                 "one row face down onto your discard pile).")
    else:
        text = _("{card} can not go on this row: it runs downward and ends at {last}, "
                 "so the next card must be lower than {last}. Put {card} on another "
                 "row or start a new row with it (with {rows} rows out, first turn "
                 "one row face down onto your discard pile).")
    return Verdict.no(text.format(card=placed, last=last, rows=MAX_ROWS))


def colour_text(colour: str) -> str:
    """Return the name shown for ``colour`` (one of :data:`COLOURS`) in the current language.

    >>> with language("de"):
    ...     colour_text("purple")
    'lila'
    """
    return _(colour)


def colours_text() -> str:
    """Return the six colours' names in the current language, as a list to read: "red, orange, ..."."""
    return ", ".join(colour_text(colour) for colour in COLOURS)


@cache
def _colour_words() -> dict[str, str]:
    """Every language's name of each colour, case folded -> the colour as :data:`COLOURS` names it."""
    words = {}
    for code in LANGUAGES:
        with language(code):
            words.update((colour_text(colour).casefold(), colour) for colour in COLOURS)
    return words


def _colour_key(colour: str) -> str:
    """A colour name as counted: case and surrounding spaces ignored, a colour's name in
    any of the app's languages read as that colour (``"Blau"`` -> ``"blue"``)."""
    if not isinstance(colour, str) or not colour.strip():
        raise UpOrDownError(_("{value} is not a colour: name each card's colour, e.g. {colours}").format(
            value=repr(colour), colours=colours_text()))
    key = colour.strip().casefold()
    return _colour_words().get(key, key)


def colour_name(text: str) -> str:
    """Read one of the six colour names in any case and in any of the app's languages
    (``"Blue"``, ``"blau"``, ``"Blå"`` -> ``"blue"``); returns the colour as :data:`COLOURS` names it.

    Raises:
        UpOrDownError: for text that is not one of the colours, naming them in the current language.

    Rule: rulings.md, "Up or Down?" (6 colours; the names are the app's preset,
    one set per language, none the same as another colour's in another language).

    >>> colour_name(" Blue ")
    'blue'
    """
    key = _colour_key(text)
    if key not in COLOURS:
        raise UpOrDownError(_("{value} is not a colour: use one of {colours}").format(
            value=repr(text), colours=colours_text()))
    return key
