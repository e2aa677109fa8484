"""One-card: its cards, what each does, the start of the pile and the match.

Source: seed ``002_7ca371b2d702903f.txt`` ("Setup", "The Attack Ladder",
"3 — Shield", "Special Cards", "Winning") and rulings.md, One-card (the
attack values, whose table the seed lost).
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.cards import (
    RANK_LABELS,
    SUITS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    CardError,
    CardLike,
    as_card,
    require_suit,
)
from companion.i18n import N_, _, ngettext
from companion.wording import whole_number

BLACK_JOKER = Card(None, None, "black")
"""The black joker (``BJ``)."""

COLOUR_JOKER = Card(None, None, "colour")
"""The colour joker (``CJ``)."""

ATTACK_VALUES: dict[Card, int] = {
    Card(2): 2,
    Card(1, "H"): 3,
    Card(1, "D"): 3,
    Card(1, "C"): 3,
    Card(1, "S"): 5,
    BLACK_JOKER: 7,
    COLOUR_JOKER: 10,
}
"""Attack card -> cards the next player draws (rulings.md, One-card).

A key with no suit (``Card(2)``) stands for that rank in every suit; a key
with a suit for that one card.  Edit this table for a house rule."""

ONE_OF_A_KIND: frozenset[Card] = frozenset({Card(1, "S"), BLACK_JOKER, COLOUR_JOKER})
"""Attack cards that never answer a card of their own kind, even when two
decks hold a second one (seed, "The Attack Ladder": the A♠ is answered by a
joker only, the black joker by the colour joker only, the colour joker by
nothing).  Any other attack card answers one of its own kind."""

SHIELD_RANK = 3
"""A card of this rank cancels a pending attack (seed, "3 — Shield")."""

WILD_RANK = 7
"""A card of this rank is played on anything and names a suit (seed, "Special Cards")."""

EFFECTS: dict[int, tuple[str, str]] = {
    7: (N_("Wild"), N_("name a suit; the next player must follow it or play another 7 (or a joker).")),
    11: (N_("Skip"), N_("the next player loses their turn.")),
    12: (N_("Reverse"), N_("play changes direction.")),
    13: (N_("Extra turn"), N_("take another turn at once (play a second card, or draw one if nothing fits).")),
}
"""Rank -> (name, what it does) for the special cards that are no attack (seed, "Special Cards").

Both texts are English msgids: show them through ``_()``."""

TWO_PLAYER_EFFECTS: dict[int, tuple[str, str]] = {
    11: (N_("Skip"), N_("the other player loses their turn, so you play again.")),
    12: (N_("Reverse"), N_("with two players this is a skip, so you play again.")),
}
"""Rank -> (name, what it does) where two players change the effect (seed, "Special Cards").

Both texts are English msgids: show them through ``_()``."""

BURIED_AT_START: frozenset[int] = frozenset({1, 2, 3, 7, 11, 12, 13})
"""Ranks that may not start the discard pile; jokers are buried too (seed, "Setup")."""

MATCH_WINS = 5
"""Round wins that take a match unless the table agrees another number
(rulings.md, One-card: a **house rule**; the seed itself keeps no score)."""

_SUIT_INPUT = {**{letter: letter for letter in SUITS}, **{sym: letter for letter, sym in SUIT_SYMBOLS.items()}}
_SUIT_INPUT.update({name: letter for letter, name in SUIT_NAMES.items()})


class OneCardError(ValueError):
    """Input One-card's rules can not use (a pile state the rules never reach,
    a player count, a tally of round wins); the message says what to give."""


def read_card(card: CardLike) -> Card:
    """Read one One-card card and make sure the game uses it.

    Args:
        card: a ``Card`` or text (``"9♠"``, ``"a♠"``, ``"BJ"``, ``"CJ"``).

    Returns:
        The ``Card``.

    Raises:
        CardError: unreadable text, a card written without a suit, or the
            plain joker ``JK`` (One-card has a black and a colour joker).

    Rule: seed, "Setup" (54 cards: 52 plus the black and the colour joker).

    >>> read_card("a♠"), read_card("BJ").joker
    (Card(rank=1, suit='S', joker=None), 'black')
    """
    parsed = require_suit(as_card(card))
    if parsed.joker == "plain":
        raise CardError(_(
            "One-card has two jokers with different attack values: "
            "write BJ for the black joker or CJ for the colour joker"
        ))
    return parsed


def normalise_suit(suit: str) -> str:
    """A suit as its letter: ``"♥"``, ``"h"``, ``"H"`` or ``"hearts"`` -> ``"H"``.

    Raises:
        CardError: for text that is not a suit; the message lists the forms.

    Rule: seed, "Special Cards" (a 7 names a suit); the suit is read as a symbol, a letter or its English name.

    >>> normalise_suit("♥"), normalise_suit("clubs")
    ('H', 'C')
    """
    key = suit.strip().strip("\ufe0e\ufe0f") if isinstance(suit, str) else ""
    letter = _SUIT_INPUT.get(key) or _SUIT_INPUT.get(key.upper()) or _SUIT_INPUT.get(key.lower())
    if letter is None:
        raise CardError(_("'{suit}' is not a suit: use ♠ ♥ ♦ ♣ or S H D C").format(suit=suit))
    return letter


def attack_value(card: CardLike) -> int:
    """Cards an attack card makes the next player draw.

    Args:
        card: a ``Card`` or text.

    Returns:
        2 for any 2, 3 for A♥ A♦ A♣, 5 for A♠, 7 for the black joker, 10
        for the colour joker (from ``ATTACK_VALUES``); 0 for any other card.

    Raises:
        CardError: for a card One-card does not use (see ``read_card``).

    Rule: seed, "The Attack Ladder"; values from rulings.md, One-card.

    >>> attack_value("2♦"), attack_value("A♠"), attack_value("CJ"), attack_value("9♠")
    (2, 5, 10, 0)
    """
    return value_of(read_card(card))


def value_of(card: Card) -> int:
    """A read card's entry in ``ATTACK_VALUES`` (its own, else its rank's), 0 for none.

    Rule: rulings.md, One-card (attack values).
    """
    if card in ATTACK_VALUES:
        return ATTACK_VALUES[card]
    return ATTACK_VALUES.get(Card(card.rank), 0) if card.rank is not None else 0



def card_effect(card: CardLike, players: int) -> str:
    """What playing ``card`` does, in words for the table; ``""`` for a plain card.

    Args:
        card: a ``Card`` or text.
        players: players in the round (2 or more); with two, J and Q let
            the player play again.

    Returns:
        E.g. ``"Attack: the next player draws 5 cards unless they answer or
        shield."`` for A♠, ``"Skip: the next player loses their turn."`` for
        a J.

    Raises:
        CardError: for a card One-card does not use.
        OneCardError: for fewer than 2 players.

    Rule: seed, "The Attack Ladder", "3 — Shield", "Special Cards".

    >>> card_effect("Q♥", 2)
    'Reverse: with two players this is a skip, so you play again.'
    """
    parsed = read_card(card)
    _check_players(players)
    value = attack_value(parsed)
    if value:
        return ngettext("Attack: the next player draws {count} card unless they answer or shield.",
                        "Attack: the next player draws {count} cards unless they answer or shield.",
                        value).format(count=value)
    if parsed.rank == SHIELD_RANK:
        return _("Shield: cancels a pending attack; with no attack pending it is an ordinary card.")
    table = TWO_PLAYER_EFFECTS if players == 2 else {}
    effect = table.get(parsed.rank) or EFFECTS.get(parsed.rank)
    if effect is None:
        return ""
    name, words = effect
    # TRANSLATORS: a special card's effect, its name first ("Skip: the next player loses their turn.").
    return _("{name}: {effect}").format(name=_(name), effect=_(words))


def _check_players(players: int) -> int:
    """``players`` if it is a whole number from 2, else ``OneCardError``."""
    return whole_number(players, _("One-card's players"), least=2, error=OneCardError)


def buried_at_start(card: CardLike) -> bool:
    """True when a card turned to start the discard pile must be buried.

    Args:
        card: the card turned (``Card`` or text).

    Returns:
        True for 2 3 7 A J Q K and both jokers (``BURIED_AT_START``); False
        for a plain number card (4 5 6 8 9 10), which leads.

    Raises:
        CardError: for a card One-card does not use.

    Rule: seed, "Setup" (starting discard).

    >>> buried_at_start("7♦"), buried_at_start("8♦")
    (True, False)
    """
    parsed = read_card(card)
    return parsed.is_joker or parsed.rank in BURIED_AT_START


def start_ranks() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ranks that are buried and those that lead, as card labels.

    Returns:
        (buried, leading), both from ``BURIED_AT_START``: the buried ranks
        with the number cards first, then A J Q K (``("2", "3", "7", "A",
        "J", "Q", "K")``), and the plain ranks that may start the discard
        pile in order (``("4", "5", "6", "8", "9", "10")``).  The jokers,
        always buried, are not ranks and are not listed.

    Rule: seed, "Setup" (starting discard).

    >>> start_ranks()[1]
    ('4', '5', '6', '8', '9', '10')
    """
    buried = sorted(BURIED_AT_START, key=lambda rank: (rank == 1 or rank > 10, rank))
    leading = [rank for rank in RANK_LABELS if rank not in BURIED_AT_START]
    return tuple(RANK_LABELS[rank] for rank in buried), tuple(RANK_LABELS[rank] for rank in leading)


def match_winners(wins: Mapping[str, int], target: int = MATCH_WINS) -> list[str]:
    """Who has won the match so far.

    Args:
        wins: player name -> round wins (whole numbers, 0 or more).
        target: round wins that take the match (1 or more; default
            ``MATCH_WINS``).

    Returns:
        The players with the most round wins, in the order of ``wins``, once
        that number has reached ``target``; ``[]`` while nobody has (or for
        no players).  Several names only when ``target`` was lowered below a
        tie.

    Raises:
        OneCardError: for ``wins`` that is not a mapping, a count that is not a
            whole number from 0, or a ``target`` below 1.

    Rule: seed, "Winning" (every round has one winner); rulings.md,
    One-card (first to ``target`` round wins takes the match).

    >>> match_winners({"Ann": 5, "Ben": 3}), match_winners({"Ann": 2, "Ben": 2}, target=2)
    (['Ann'], ['Ann', 'Ben'])
    """
    if not isinstance(wins, Mapping):
        raise OneCardError(_("Give the round wins as player name -> count, not {value}").format(value=repr(wins)))
    for name, count in wins.items():
        whole_number(count, _("{name}'s round wins").format(name=name), error=OneCardError)
    whole_number(target, _("The round wins that take the match"), least=1, error=OneCardError)
    most = max(wins.values(), default=0)
    if most < target:
        return []
    return [name for name, count in wins.items() if count == most]
