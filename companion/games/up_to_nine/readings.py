"""Up to 9: reading cards for a meld, and what each card on the table stands for.

Every 2 and 3 is both a wild and itself (seed, "Hjertet i spillet";
rulings.md, Up to 9): :class:`MeldCard` records which, and the groups and
verdicts here are what the checks return.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.cards import (
    rank_letter,
    SUITS,
    SUIT_NAMES,
    Card,
    CardError,
    CardLike,
    CardsLike,
    as_card,
    as_cards,
    require_suit,
)
from companion.games.up_to_nine.levels import SET, STRAIGHT, WILD_RANKS, position_rank
from companion.i18n import N_, _
from companion.verdict import Verdict

_RANK_PLURALS = {1: N_("aces"), 11: N_("jacks"), 12: N_("queens"), 13: N_("kings")}
_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}


def rank_plural(rank: int) -> str:
    """A rank in the plural, as a set is named, in the current language: ``"aces"``, ``"8s"``, ``"kings"``.

    >>> rank_plural(1), rank_plural(8), rank_plural(13)
    ('aces', '8s', 'kings')
    """
    if rank in _RANK_PLURALS:
        return _(_RANK_PLURALS[rank])
    # TRANSLATORS: a number rank in the plural, as a set of them is named ("8s").
    return _("{rank}s").format(rank=rank)


def no_joker(card: Card) -> Card:
    """Return ``card`` unless it is a joker.

    Args:
        card: any ``Card``.

    Raises:
        CardError: for a joker; Up to 9 is played without them (seed,
            "En runde, steg for steg": standard decks without jokers).
    """
    if card.is_joker:
        raise CardError(_("Up to 9 is played without jokers: take the {card} out of the deck").format(card=card))
    return card


def meld_card(card: CardLike) -> Card:
    """Read one card for a meld: it needs a suit and may not be a joker.

    Raises:
        CardError: for a card that can not be read, has no suit, or is a joker.

    >>> str(meld_card("h5"))
    '5♥'
    """
    return no_joker(require_suit(as_card(card)))


def meld_cards(cards: CardsLike) -> list[Card]:
    """Read several cards for a meld (see :func:`meld_card`), in order.

    Raises:
        CardError: naming the first card that can not be used.
    """
    return [meld_card(card) for card in as_cards(cards)]


def card_type(card: Card) -> int:
    """A suited card as a number 0..51 (suit index x 13 + rank - 1), for counting copies.

    Args:
        card: a card with a suit, no joker (see :func:`meld_card`).

    >>> card_type(Card(1, "S")), card_type(Card(13, "C"))
    (0, 51)
    """
    return _SUIT_INDEX[card.suit] * 13 + card.rank - 1


def is_wild(card: Card) -> bool:
    """True for a 2 or a 3, which may stand for another card as well as itself.

    Rule: seed, "Hjertet i spillet"; rulings.md, Up to 9.

    >>> is_wild(Card(3, "S")), is_wild(Card(4, "S"))
    (True, False)
    """
    return card.rank in WILD_RANKS


@dataclass(frozen=True)
class MeldCard:
    """One card of a group on the table and what it stands for.

    Attributes:
        card: the physical card.
        rank: the rank it stands for (1 = ace .. 13 = king).
        suit: the suit it stands for; ``None`` for a wild in a set (any suit).
        position: its straight position 1..14 (14 = high ace); ``None`` in a set.
        wild: True when a 2 or 3 stands for another card (it costs budget).

    Rule: seed, "Hjertet i spillet" (a wild on the table is locked to the
    card it stands for); rulings.md, Up to 9.
    """

    card: Card
    rank: int
    suit: str | None
    position: int | None
    wild: bool

    @property
    def stands_for(self) -> Card:
        """The card it counts as (``Card(rank, None)`` for a wild in a set)."""
        return Card(self.rank, self.suit)

    def __str__(self) -> str:
        """``"5♥"`` for a natural card, ``"2♠=7♥"`` for a wild."""
        return f"{self.card}={self.stands_for}" if self.wild else str(self.card)


@dataclass(frozen=True)
class MeldGroup:
    """One straight or set on the table (an item of ``MeldVerdict.groups``).

    Attributes:
        kind: ``"straight"`` or ``"set"``.
        slots: the cards with what they stand for; a straight's in position
            order, a set's naturals first.

    Rule: seed, "Kombinasjonstypene"; rulings.md, Up to 9 (straight, set).
    """

    kind: str
    slots: tuple[MeldCard, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The physical cards in order."""
        return tuple(slot.card for slot in self.slots)

    @property
    def stands_for(self) -> tuple[Card, ...]:
        """What each card counts as, in order."""
        return tuple(slot.stands_for for slot in self.slots)

    @property
    def wilds(self) -> int:
        """How many cards are wilds."""
        return sum(slot.wild for slot in self.slots)

    @property
    def suit(self) -> str | None:
        """A straight's suit; ``None`` for a set."""
        return self.slots[0].suit if self.kind == STRAIGHT else None

    @property
    def rank(self) -> int | None:
        """A set's rank; ``None`` for a straight."""
        return self.slots[0].rank if self.kind == SET else None

    @property
    def low(self) -> int | None:
        """A straight's lowest position (1..14); ``None`` for a set."""
        return self.slots[0].position if self.kind == STRAIGHT else None

    @property
    def high(self) -> int | None:
        """A straight's highest position (1..14); ``None`` for a set."""
        return self.slots[-1].position if self.kind == STRAIGHT else None

    @property
    def name(self) -> str:
        """The group in words, in the current language: ``"hearts straight 5 to J"``, ``"set of kings"``."""
        if self.kind == SET:
            return _("set of {ranks}").format(ranks=rank_plural(self.rank))
        low, high = (rank_letter(position_rank(p)) for p in (self.low, self.high))
        return _("{suit} straight {low} to {high}").format(suit=_(SUIT_NAMES[self.suit]), low=low, high=high)

    def __str__(self) -> str:
        """The slots in order, wilds as ``"2♠=7♥"``."""
        return " ".join(str(slot) for slot in self.slots)


@dataclass(frozen=True)
class MeldVerdict(Verdict):
    """The answer of :func:`check_meld` and :func:`find_meld`.

    Attributes:
        legal: True when the cards make the level's contract.
        reason: why not, in plain English; empty when legal.
        wilds_used: wilds in the cheapest legal reading (0 when illegal).
        groups: one ``MeldGroup`` per straight or set, in the contract's
            order (empty when illegal).

    Rule: seed, "Nivåtabellen"; rulings.md, Up to 9 (cheapest reading).
    """

    wilds_used: int = 0
    groups: list[MeldGroup] = field(default_factory=list, hash=False)

    @property
    def cards(self) -> list[Card]:
        """Every physical card of the reading, group by group."""
        return [card for group in self.groups for card in group.cards]
