"""One Up: the rules of the shedding game with the value circle.

Source: seed ``000_02c14a96903c59d4.txt`` (One Up, an adaptation of
L.L.A.M.A.) and rulings.md, "One Up".

Terms:

value
    What a One Up card is worth on the pile: ``"A" "2" "3" "4" "5" "6" "K"``,
    and ``"joker"`` in the wild joker variant.  Suits do not matter; a card
    may be written with or without one (``"K"``, ``"K♠"``, ``"kh"``).
value circle
    A - 2 - 3 - 4 - 5 - 6 - K - A ...: on a top card you may play the same
    value or the next one round the circle.
penalty points
    What the cards left in a hand (or dropped face down) cost at the end of
    a round: each value once.
give back
    What the player who went out takes off their running total.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import N_, _
from companion.cards import RANK_LABELS, Card, CardError, CardLike, CardsLike, as_card, as_cards, card_texts
from companion.verdict import Verdict
from companion.wording import join_words

TITLE = "One Up"
"""The game's name as the app shows it."""

JOKER = "joker"
"""The value of the joker in the wild joker variant."""

VALUE_CIRCLE: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "K")
"""The values in circle order; after the last comes the first again (seed, "The cards")."""

JOKER_FOLLOWERS: tuple[str, ...] = ("K", "A")
"""The only values that may be played on the joker (seed, "Variants", wild joker)."""

PENALTY_POINTS: dict[str, int] = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "K": 10, JOKER: 20,
}
"""Penalty points per value, each value counted once per hand (seed, "Scoring")."""

GIVE_BACK: tuple[tuple[int, int], ...] = ((10, 10), (1, 1))
"""(smallest running total, points given back) pairs, checked in order: going
out gives back 10 from a total of 10 or more, else 1 from a total of 1 or more,
else nothing (seed, "Scoring")."""

CHIP_VALUES: tuple[int, int] = (10, 1)
"""Points per black chip and per white chip (seed, "Variants", chips)."""

GAME_LIMIT = 40
"""Penalty points that end the game after the round they are reached (seed, "Winning the game")."""

SHORT_GAME_LIMIT = 30
"""The short game's limit (seed, "Variants"; a house rule in rulings.md)."""

_VALUE_WORDS = {"A": N_("an Ace"), "K": N_("a King"), JOKER: N_("the joker")}

_VALUE_OF_RANK: dict[int, str] = {rank: label for rank, label in RANK_LABELS.items() if label in VALUE_CIRCLE}
"""Rank (1 ace .. 13 king) -> One Up value, for the ranks One Up plays with."""


class OneUpError(ValueError):
    """Input One Up's rules can not use; the message says what to give instead."""


class OneUpScoreError(OneUpError):
    """Scores or hands that can not be scored; the message says what to fix."""


def value_name(value: str) -> str:
    """A value in words with its article, in the current language: ``"a 4"``, ``"an Ace"``, ``"a King"``, ``"the joker"``.

    Args:
        value: one of ``VALUE_CIRCLE`` or ``JOKER``.

    >>> value_name("4"), value_name("A"), value_name("K"), value_name("joker")
    ('a 4', 'an Ace', 'a King', 'the joker')
    """
    if value in _VALUE_WORDS:
        return _(_VALUE_WORDS[value])
    # TRANSLATORS: a One Up value from 2 to 6 with its article, e.g. "a 4".
    return _("a {value}").format(value=value)


def card_value(card: CardLike, *, joker: bool = False) -> str:
    """The One Up value of one card.

    Args:
        card: a ``Card`` or card text (``"K"``, ``"3♥"``, ``"JK"``); a suit
            is allowed and ignored.
        joker: True when the wild joker variant is played.

    Returns:
        One of ``VALUE_CIRCLE``, or ``JOKER``.

    Raises:
        CardError: for unreadable text, a rank outside A-6 and K (One Up
            plays without 7s to Queens), or a joker when the variant is off.

    Rule: seed, "The cards" and "Variants" (wild joker).

    >>> card_value("kh"), card_value("JK", joker=True)
    ('K', 'joker')
    """
    return _value_of(as_card(card), joker)


def _value_of(parsed: Card, joker: bool) -> str:
    """:func:`card_value` of a ``Card`` (the rank looked up in ``_VALUE_OF_RANK``).

    Rule: seed, "The cards" and "Variants" (wild joker).
    """
    if parsed.joker is not None:
        if not joker:
            raise CardError(_(
                "The joker is only used in the wild joker variant, which is off here: take the joker out"
            ))
        return JOKER
    value = _VALUE_OF_RANK.get(parsed.rank)
    if value is None:
        if joker:
            message = _("'{card}' is not a One Up card: One Up uses only "
                        "A 2 3 4 5 6 K and the joker (the 7s to Queens stay in the box)")
        else:
            message = _("'{card}' is not a One Up card: One Up uses only "
                        "A 2 3 4 5 6 K (the 7s to Queens stay in the box)")
        raise CardError(message.format(card=parsed))
    return value


def next_value(value: str) -> str:
    """The value one step higher round the circle: ``"3"`` -> ``"4"``, ``"6"`` -> ``"K"``, ``"K"`` -> ``"A"``.

    Raises:
        OneUpError: (a ValueError) if ``value`` is not one of ``VALUE_CIRCLE``.

    Rule: seed, "The cards".

    >>> next_value("3"), next_value("K")
    ('4', 'A')
    """
    if value not in VALUE_CIRCLE:
        raise OneUpError(_("'{value}' is not a One Up value: use one of {values}").format(
            value=value, values=" ".join(VALUE_CIRCLE)))
    return VALUE_CIRCLE[(VALUE_CIRCLE.index(value) + 1) % len(VALUE_CIRCLE)]


def playable_values(top: CardLike, *, joker: bool = False) -> tuple[str, ...]:
    """The values that may be played on a top card.

    Args:
        top: the top card of the discard pile.
        joker: True when the wild joker variant is played.

    Returns:
        The same value and the next one round the circle, plus ``JOKER``
        when the variant is on; on the joker, only ``JOKER_FOLLOWERS``.

    Raises:
        CardError: if ``top`` is not a One Up card (see ``card_value``).

    Rule: seed, "Playing a turn" and "Variants" (wild joker).

    >>> playable_values("6"), playable_values("JK", joker=True)
    (('6', 'K'), ('K', 'A'))
    """
    top_value = card_value(top, joker=joker)
    if top_value == JOKER:
        return JOKER_FOLLOWERS
    values = (top_value, next_value(top_value))
    return values + (JOKER,) if joker else values


def check_play(top: CardLike, card: CardLike, *, joker: bool = False) -> Verdict:
    """May ``card`` be played on ``top``?

    Args:
        top: the top card of the discard pile (``Card`` or text).
        card: the card to play (``Card`` or text).
        joker: True when the wild joker variant is played.

    Returns:
        A ``Verdict``: legal for the same value or the next one round the
        circle (6 then K, K then A), for the joker on anything (variant on),
        and only a K or an A on the joker; otherwise the reason in words.

    Raises:
        CardError: if either card is not a One Up card (see ``card_value``).

    Rule: seed, "Playing a turn" and "Variants" (wild joker).

    >>> check_play("5", "6").legal
    True
    >>> check_play("5", "K").reason
    'On a 5 you may play a 5 or a 6, not a King.'
    """
    top_value = card_value(top, joker=joker)
    played = card_value(card, joker=joker)
    allowed = playable_values(top, joker=joker)
    if played in allowed:
        return Verdict.ok()
    if top_value == JOKER:
        return Verdict.no(
            _("On the joker only a King or an Ace may follow, not {played}.").format(played=value_name(played))
        )
    options = join_words([value_name(value) for value in allowed], "or")
    return Verdict.no(_("On {top} you may play {options}, not {played}.").format(
        top=value_name(top_value), options=options, played=value_name(played)))


def hand_penalty(cards: CardsLike, *, joker: bool = False) -> int:
    """Penalty points for the cards left in one hand (in hand or dropped).

    Args:
        cards: the cards, as a list of cards/text or one string
            (``"K K 3 3 5"``); an empty hand costs 0.
        joker: True when the wild joker variant is played.

    Returns:
        Points: the sum of ``PENALTY_POINTS`` over the distinct values held
        (A=1 .. 6=6, K=10, joker 20), so three 4s cost 4 and two Kings 10.

    Raises:
        CardError: for a card that is not a One Up card (see ``card_value``).

    Rule: seed, "Scoring" and "Variants" (wild joker).

    >>> hand_penalty("K K 3 3 5")
    18
    """
    return _penalty_by_bits()[_held_bits(cards, joker)]


def _values_held(cards: CardsLike, joker: bool) -> set[str]:
    """The distinct One Up values of a hand (``card_value`` of each card; CardError as it)."""
    if type(cards) is list:
        return {_value_of(as_card(card), joker) for card in cards}
    return {_value_of(card, joker) for card in as_cards(cards)}


_VALUE_BITS: dict[str, int] = {value: 1 << place for place, value in enumerate((*VALUE_CIRCLE, JOKER))}
"""One bit per value: the values a hand holds, each once, are the OR of its cards' bits."""

_PENALTY_TABLE: list[Any] = [None, ()]
"""The :data:`PENALTY_POINTS` that :func:`_penalty_by_bits` last worked from, and its table."""


def _penalty_by_bits() -> tuple[int, ...]:
    """Penalty points of every set of values held, indexed by its bits (:data:`_VALUE_BITS`).

    Worked out from :data:`PENALTY_POINTS` as it is now (again only when it
    has changed): each value counts once (seed, "Scoring").
    """
    source, table = _PENALTY_TABLE
    if source != PENALTY_POINTS:
        source = dict(PENALTY_POINTS)
        table = tuple(sum(points for value, points in source.items() if bits & _VALUE_BITS[value])
                      for bits in range(1 << len(_VALUE_BITS)))
        _PENALTY_TABLE[:] = [source, table]
    return table


def _held_bits(cards: CardsLike, joker: bool) -> int:
    """The bits (:data:`_VALUE_BITS`) of the distinct values of a hand; CardError as ``card_value``.

    A list, as a saved round holds its cards, is read through the table of
    bits by card text (:data:`_BITS_BY_TEXT`), one dict lookup a card.
    """
    bits = 0
    if type(cards) is list:
        bit_of = _BITS_BY_TEXT[bool(joker)]
        try:
            for card in cards:
                bits |= bit_of[card]
            return bits
        except TypeError:
            bits = 0
    for value in _values_held(cards, joker):
        bits |= _VALUE_BITS[value]
    return bits


class _BitTable(dict):
    """Card -> the bit of its One Up value for one setting of the wild joker variant (CardError as ``card_value``).

    A card text's bit is worked out the first time the text is looked up
    and kept, up to :data:`_TEXTS_KEPT` texts, as saved games repeat the
    same few; a ``Card`` is worked out on every lookup.
    """

    __slots__ = ("joker",)

    def __init__(self, joker: bool) -> None:
        super().__init__()
        self.joker = joker

    def __missing__(self, card: CardLike) -> int:
        bit = _VALUE_BITS[_value_of(as_card(card), self.joker)]
        if type(card) is str and len(self) < _TEXTS_KEPT:
            self[card] = bit
        return bit


_TEXTS_KEPT = 4096
"""How many card texts each :class:`_BitTable` keeps."""

_BITS_BY_TEXT = (_BitTable(False), _BitTable(True))
"""The bit tables without and with the wild joker variant, indexed by ``joker``."""


class _StoredBitTable(dict):
    """Card text in the stored form -> the bit of its One Up value, for one setting of the wild joker
    variant: a text is read the first time it is looked up and kept (up to :data:`_TEXTS_KEPT`).

    A text that is not in the stored form (what ``companion.cards.card_texts``
    writes: ``"K"``, not ``"k"`` or ``" K"``), or not text, is a KeyError; a
    card One Up does not use a CardError, as :func:`card_value` words it.
    """

    __slots__ = ("joker",)

    def __init__(self, joker: bool) -> None:
        super().__init__()
        self.joker = joker

    def __missing__(self, card: Any) -> int:
        if type(card) is not str or card_texts([card]) != [card]:
            raise KeyError(card)
        bit = _VALUE_BITS[_value_of(as_card(card), self.joker)]
        if len(self) < _TEXTS_KEPT:
            self[card] = bit
        return bit


_STORED_BITS = (_StoredBitTable(False), _StoredBitTable(True))
"""The stored-form bit tables without and with the wild joker variant, indexed by ``joker``."""


def stored_bits(joker: bool) -> dict[str, int]:
    """Card text as a saved round holds it -> the bit of its One Up value (:data:`_VALUE_BITS`),
    for ``joker`` (the wild joker variant on or off): a dict whose lookup reads each text once.

    A hand's penalty points are ``_penalty_by_bits()`` at the OR of its
    cards' bits (each value once: seed, "Scoring"). A lookup raises
    KeyError for a text not in the stored form, CardError for a card One
    Up does not use (the words of :func:`card_value`).
    """
    return _STORED_BITS[bool(joker)]
