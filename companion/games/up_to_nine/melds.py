"""Up to 9: the public checks of a lay-down (check a meld, a group, find one in a hand).

Source: seed ``003_5f63daae766756c0.txt``, "Nivåtabellen", "Kombinasjonstypene"
and "Hjertet i spillet"; rulings.md, Up to 9.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.cards import CardsLike, show_cards
from companion.games.up_to_nine.explain import (
    contract_phrase,
    explain,
    set_problem,
    straight_problem,
)
from companion.games.up_to_nine.levels import (
    HIGH_ACE,
    KINDS,
    LEVELS,
    STRAIGHT,
    GroupSpec,
    Level,
    LevelError,
    get_level,
)
from companion.games.up_to_nine.readings import MeldVerdict, meld_cards
from companion.i18n import _
from companion.games.up_to_nine.search import cheapest_reading

FIND_MELD_MOST_CARDS = 12
"""The most cards the checker hands :func:`find_meld`: the 11 cards of a
deal (``scoring.HAND_SIZE``) plus the card drawn in the turn the player
lays down.  The search grows fast with the hand, so the checker takes no
more."""

def check_meld(level: int, cards: CardsLike, *, levels: Sequence[Level] = LEVELS) -> MeldVerdict:
    """Are these cards exactly the level's contract?  (seed, "Nivåtabellen";
    rulings.md, Up to 9)

    Args:
        level: the level number, 1..9.
        cards: the cards laid down (a list of cards or card strings, or one
            string such as ``"♥2 ♥3 ♥4 ♥5"``); every card needs a suit.
        levels: the level table (default: the preset ``LEVELS``).

    Returns:
        A ``MeldVerdict``.  Legal: ``wilds_used`` is the cheapest reading's
        wild count and ``groups`` holds one ``MeldGroup`` per straight or set
        in the contract's order, every card with what it stands for.
        Illegal: ``reason`` says why (wrong number of cards, mixed suits, a
        wrapped straight, more wilds than the budget allows, ...).

    Raises:
        CardError: for a card that can not be read, has no suit, or is a joker.
        LevelError: for a level outside 1..9 or a bad level table.

    >>> verdict = check_meld(1, "5♠ 6♠ 2♥ 8♠")
    >>> verdict.legal
    False
    >>> check_meld(3, "5♠ 6♠ 2♥ 8♠ 9♠").wilds_used
    1
    """
    spec = get_level(level, levels)
    hand = meld_cards(cards)
    if len(hand) != spec.card_count:
        return MeldVerdict.no(_("Level {number} needs {contract}: exactly {count} cards, not {given}").format(number=spec.number, contract=contract_phrase(spec), count=spec.card_count, given=len(hand)))
    reading = cheapest_reading(hand, spec)
    return reading if reading is not None else MeldVerdict.no(explain(spec, hand))


def check_group(kind: str, cards: CardsLike) -> MeldVerdict:
    """Do these cards make one straight or one set, with any number of wilds?

    The cheapest reading, with no level's budget (a group still needs one
    natural card).  ``check_group("set", "K♣ K♦ A♦")`` is illegal;
    ``check_group("set", "2♥ 2♠ 2♣")`` is legal with 0 wilds.

    Args:
        kind: ``"straight"`` or ``"set"``.
        cards: the group's cards (at least 2; a straight at most 14).

    Returns:
        A ``MeldVerdict`` with one group when legal.

    Raises:
        LevelError: (a ValueError) for an unknown kind.
        CardError: for a card that can not be read, has no suit, or is a joker.

    Rule: seed, "Kombinasjonstypene" and "Hjertet i spillet"; rulings.md, Up to 9.

    >>> check_group("set", "2♥ 2♠ 2♣").wilds_used
    0
    """
    if kind not in KINDS:
        raise LevelError(_("a group is a straight or a set, not {kind}").format(kind=repr(kind)))
    hand = meld_cards(cards)
    if len(hand) < 2 or (kind == STRAIGHT and len(hand) > HIGH_ACE):
        if kind == STRAIGHT:
            reason = _("a straight has at least 2 and at most {most} cards, not {count}").format(
                most=HIGH_ACE, count=len(hand))
        else:
            reason = _("a set has at least 2 cards, not {count}").format(count=len(hand))
        return MeldVerdict.no(reason)
    level = Level(1, (GroupSpec(kind, len(hand), len(hand)),), max_wild=len(hand))
    reading = cheapest_reading(hand, level)
    if reading is not None:
        return reading
    problem = straight_problem(hand, len(hand)) if kind == STRAIGHT else set_problem(hand)
    if kind == STRAIGHT:
        return MeldVerdict.no(_("{cards} is no straight: it {problem}").format(cards=show_cards(hand), problem=problem))
    return MeldVerdict.no(_("{cards} is no set: it {problem}").format(cards=show_cards(hand), problem=problem))


def find_meld(level: int, hand: CardsLike, *, levels: Sequence[Level] = LEVELS) -> MeldVerdict | None:
    """Find the level's contract inside a hand, with the fewest wilds.

    Args:
        level: the level number, 1..9.
        hand: the cards held (usually up to 12); every card needs a suit.
        levels: the level table (default: the preset ``LEVELS``).

    Returns:
        A legal ``MeldVerdict`` whose groups use only cards of the hand (each
        physical card at most once), with the fewest wilds the level allows;
        the same hand always gives the same reading.  ``None`` when no part
        of the hand makes the contract.

    Raises:
        CardError: for a card that can not be read, has no suit, or is a joker.
        LevelError: for a level outside 1..9 or a bad level table.

    Rule: seed, "Nivåtabellen" and "Hjertet i spillet"; rulings.md, Up to 9
    (the checker always finds the cheapest reading).

    >>> str(find_meld(1, "4♥ 5♥ 6♥ 7♥ K♣").groups[0])
    '4♥ 5♥ 6♥ 7♥'
    """
    spec = get_level(level, levels)
    return cheapest_reading(meld_cards(hand), spec)
