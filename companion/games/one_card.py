"""One-card: the rules of the Korean shedding game with the attack ladder.

Source: seed ``002_7ca371b2d702903f.txt`` (One-card) and rulings.md,
"One-card" (the attack values, whose table the seed lost).

Terms:

top
    The top card of the discard pile.
attack
    A 2, an ace or a joker: the next player must answer it, shield it or
    draw the running total.
running total (``attack_total``)
    Cards the pending attack makes the next player draw; 0 when no attack
    is pending.
last attack (``last_attack``)
    The attack card played last; an answer must have an attack value at
    least as high as this card's (not the running total's).
shield
    A 3 of any suit played on a pending attack: the attack is cancelled.
declared suit
    The suit named by the player of a 7; the next card must be of that suit,
    another 7 or a joker.

Every card must have a suit (``"9♠"``, ``"9s"``, ``"S9"``); the jokers are
``BJ`` (black) and ``CJ`` (colour).  A suit is kept as its letter
(``"S" "H" "D" "C"``); ``♠ ♥ ♦ ♣`` and lower case are read too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.cards import (
    RANK_LABELS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardError,
    CardLike,
    CardsLike,
    as_card,
    as_cards,
    require_suit,
)
from companion.verdict import IllegalMove, Verdict
from companion.wording import count_text, join_words, markdown_table, player_counts_text, whole_number, with_article

__all__ = [
    "ATTACK_VALUES",
    "BLACK_JOKER",
    "BURIED_AT_START",
    "COLOUR_JOKER",
    "EFFECTS",
    "MATCH_WINS",
    "ONE_OF_A_KIND",
    "SHIELD_RANK",
    "TWO_PLAYER_EFFECTS",
    "WILD_RANK",
    "TITLE",
    "IllegalMove",
    "OneCardError",
    "OneCardState",
    "Verdict",
    "attack_value",
    "buried_at_start",
    "card_effect",
    "check_play",
    "match_winners",
    "normalise_suit",
    "play",
    "read_card",
    "rule_figures",
    "start_ranks",
    "take_attack",
]

TITLE = "One-card"
"""The game's name as the app shows it."""

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
    7: ("Wild", "name a suit; the next player must follow it or play another 7 (or a joker)."),
    11: ("Skip", "the next player loses their turn."),
    12: ("Reverse", "play changes direction."),
    13: ("Extra turn", "take another turn at once (play a second card, or draw one if nothing fits)."),
}
"""Rank -> (name, what it does) for the special cards that are no attack (seed, "Special Cards")."""

TWO_PLAYER_EFFECTS: dict[int, tuple[str, str]] = {
    11: ("Skip", "the other player loses their turn, so you play again."),
    12: ("Reverse", "with two players this is a skip, so you play again."),
}
"""Rank -> (name, what it does) where two players change the effect (seed, "Special Cards")."""

BURIED_AT_START: frozenset[int] = frozenset({1, 2, 3, 7, 11, 12, 13})
"""Ranks that may not start the discard pile; jokers are buried too (seed, "Setup")."""

MATCH_WINS = 5
"""Round wins that take a match unless the table agrees another number
(rulings.md, One-card: a **house rule**; the seed itself keeps no score)."""

_SUIT_INPUT = {**{letter: letter for letter in SUITS}, **{sym: letter for letter, sym in SUIT_SYMBOLS.items()}}
_SUIT_INPUT.update({name: letter for letter, name in SUIT_NAMES.items()})
_SUIT_SINGULAR = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


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
    """
    parsed = require_suit(as_card(card))
    if parsed.joker == "plain":
        raise CardError(
            "One-card has two jokers with different attack values: "
            "write BJ for the black joker or CJ for the colour joker"
        )
    return parsed


def normalise_suit(suit: str) -> str:
    """A suit as its letter: ``"♥"``, ``"h"``, ``"H"`` or ``"hearts"`` -> ``"H"``.

    Raises:
        CardError: for text that is not a suit; the message lists the forms.

    Rule: seed, "Special Cards" (a 7 names a suit); the suit is read as a symbol, a letter or its English name.
    """
    key = suit.strip().strip("\ufe0e\ufe0f") if isinstance(suit, str) else ""
    letter = _SUIT_INPUT.get(key) or _SUIT_INPUT.get(key.upper()) or _SUIT_INPUT.get(key.lower())
    if letter is None:
        raise CardError(f"'{suit}' is not a suit: use ♠ ♥ ♦ ♣ or S H D C")
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
    """
    return _value(read_card(card))


def _value(card: Card) -> int:
    """``card``'s entry in ``ATTACK_VALUES`` (its own, else its rank's), 0 for none."""
    if card in ATTACK_VALUES:
        return ATTACK_VALUES[card]
    return ATTACK_VALUES.get(Card(card.rank), 0) if card.rank is not None else 0


@dataclass(frozen=True)
class OneCardState:
    """What a player needs to know about the discard pile to play a card.

    Attributes:
        top: the top card of the discard pile (a ``Card``; text is read).
        attack_total: cards the pending attack makes the next player draw;
            0 when no attack is pending.
        last_attack: the attack card played last while an attack is pending
            (a ``Card``; text is read), else ``None``.  Given an
            ``attack_total`` but no ``last_attack``, the top card is taken
            as the last attack; given a ``last_attack`` with a total of 0,
            the total is that card's attack value.
        declared_suit: the suit named by the 7 on top, as a letter
            ``"S" "H" "D" "C"`` (``♠ ♥ ♦ ♣`` and lower case are read), else
            ``None``.

    Raises:
        CardError: for a card or suit that can not be read.
        OneCardError: (a ValueError) for a state the rules can not reach: a negative total,
            a last attack that is no attack card or is worth more than the
            total, an attack with no attack card to answer, a declared suit
            with no 7 on top or with an attack pending.

    Rule: seed, "How to Play", "The Attack Ladder", "Special Cards".
    """

    top: Card
    attack_total: int = 0
    last_attack: Card | None = None
    declared_suit: str | None = None

    def __post_init__(self) -> None:
        top = read_card(self.top)
        object.__setattr__(self, "top", top)
        total = self.attack_total
        whole_number(total, "The attack total (cards)", error=OneCardError)
        last = None if self.last_attack is None else read_card(self.last_attack)
        if last is None and total > 0:
            if attack_value(top) == 0:
                raise OneCardError(
                    f"An attack of {total} is pending but {top} is no attack card: "
                    "say which attack card was played last"
                )
            last = top
        if last is not None:
            value = attack_value(last)
            if value == 0:
                raise OneCardError(f"{last} is no attack card: only 2s, aces and jokers attack")
            if total == 0:
                total = value
            elif total < value:
                raise OneCardError(
                    f"The attack total {total} is less than the {value} of the last attack {last}"
                )
        object.__setattr__(self, "attack_total", total)
        object.__setattr__(self, "last_attack", last)
        if self.declared_suit is not None:
            suit = normalise_suit(self.declared_suit)
            if top.rank != WILD_RANK:
                raise OneCardError(f"A suit is declared only with a 7 on top, and the top card is {top}")
            if total:
                raise OneCardError("A 7 can not be played while an attack is pending, so no suit is declared")
            object.__setattr__(self, "declared_suit", suit)

    @property
    def attack_pending(self) -> bool:
        """True while an attack waits to be answered, shielded or taken."""
        return self.attack_total > 0


def _as_state(state: OneCardState | CardLike) -> OneCardState:
    """``state`` as a ``OneCardState``: a state passes through; a top card
    alone (``Card`` or text) is a pile with no attack and no declared suit."""
    if isinstance(state, OneCardState):
        return state
    if isinstance(state, (Card, str)):
        return OneCardState(state)
    raise OneCardError(
        f"Expected the discard pile as a OneCardState (or its top card), not {state!r}"
    )


def _describe_cards(cards: list[Card]) -> str:
    """Attack cards in words, grouped: 'any 2', 'any ace', 'the A♠', 'either joker'."""
    parts: list[str] = []
    for rank in sorted({card.rank for card in cards if card.rank is not None}, key=lambda r: (r != 2, r)):
        suits = {card.suit for card in cards if card.rank == rank}
        word = "ace" if rank == 1 else str(rank)
        if None in suits or suits >= set(SUITS):
            parts.append(f"any {word}")
        else:
            parts.append(" or ".join(f"the {Card(rank, suit)}" for suit in SUITS if suit in suits))
    jokers = [card for card in cards if card.is_joker]
    if len(jokers) > 1:
        parts.append("either joker")
    elif jokers:
        parts.append(f"the {jokers[0].name}")
    return join_words(parts, "or")


def _answers_attack(card: Card, last_attack: Card) -> bool:
    """True when ``card`` answers ``last_attack``: an attack value at least
    as high, and not the same card when that card is in ``ONE_OF_A_KIND``."""
    if card == last_attack and card in ONE_OF_A_KIND:
        return False
    value = _value(card)
    return value > 0 and value >= _value(last_attack)


def _answers(last_attack: Card) -> list[Card]:
    """The entries of ``ATTACK_VALUES`` that answer ``last_attack`` (see ``_answers_attack``)."""
    return [card for card in ATTACK_VALUES if _answers_attack(card, last_attack)]


def _attack_reason(state: OneCardState, card: Card) -> str:
    total, last = state.attack_total, state.last_attack
    answers = _describe_cards(_answers(last))
    head = f"An attack of {total} is pending (last attack {last})"
    if not answers:
        return f"{head}, which nothing can answer: {card} can't be played. Shield with a 3 or take {total} cards."
    value = attack_value(card)
    if card == last:
        why = f"one {card} never answers another"
    elif value:
        why = f"{card} ({value}) is too weak to answer it"
    else:
        why = f"{card} does not answer it"
    return f"{head}: {why}. Answer with {answers}, shield with a 3, or take {total} cards."


def _check_on_pile(state: OneCardState, card: Card) -> Verdict:
    """Is ``card`` legal on the pile of ``state``, whatever the hand holds?"""
    if state.attack_pending:
        if card.rank == SHIELD_RANK:
            return Verdict.ok()
        if _answers_attack(card, state.last_attack):
            return Verdict.ok()
        return Verdict.no(_attack_reason(state, card))
    top = state.top
    if card.is_joker or card.rank == WILD_RANK or top.is_joker:
        return Verdict.ok()
    if state.declared_suit is not None:
        if card.suit == state.declared_suit:
            return Verdict.ok()
        wanted = _SUIT_SINGULAR[state.declared_suit]
        return Verdict.no(
            f"The 7 asked for {SUIT_NAMES[state.declared_suit]}: play a {wanted}, another 7 or a joker, not {card}."
        )
    if card.suit == top.suit or card.rank == top.rank:
        return Verdict.ok()
    shield_note = " A 3 shields only while an attack is pending." if card.rank == SHIELD_RANK else ""
    fitting = [f"a {_SUIT_SINGULAR[top.suit]}", with_article(top.label), "a 7", "a joker"]
    return Verdict.no(
        f"{card} does not match {top}: play {join_words(list(dict.fromkeys(fitting)), 'or')}.{shield_note}"
    )


def check_play(state: OneCardState, card: CardLike, hand: CardsLike) -> Verdict:
    """May ``card`` be played now?

    Args:
        state: the discard pile (``OneCardState``; a top card alone, as a
            ``Card`` or text, is a pile with no attack and no declared suit).
        card: the card to play (``Card`` or text).
        hand: every card the player holds, ``card`` included (a list or one
            string); a hand given without ``card`` is read as holding it too.

    Returns:
        A ``Verdict``. With an attack pending only an attack card worth at
        least the last attack card, or any 3 (shield), is legal; suit and
        top card do not matter; a card in ``ONE_OF_A_KIND`` (A♠, either
        joker) never answers its own kind. With no attack: a card of the top card's
        suit or rank, or of the declared suit after a 7; a 7 or a joker on
        anything; anything on a joker; a 3 is an ordinary card. A joker is
        never legal as the last card in the hand.

    Raises:
        CardError: for a card One-card does not use (see ``read_card``).
        OneCardError: for a ``state`` that is neither a ``OneCardState`` nor a card.

    Rule: seed, "How to Play", "The Attack Ladder", "3 — Shield",
    "Special Cards"; rulings.md, One-card.
    """
    state = _as_state(state)
    played = read_card(card)
    held = [read_card(item) for item in as_cards(hand)]
    if played not in held:
        held.append(played)
    if played.is_joker and len(held) == 1:
        return Verdict.no(
            f"The {played.name} can't be your last card: a hand is never emptied with a joker, so draw instead."
        )
    return _check_on_pile(state, played)


def play(state: OneCardState, card: CardLike, *, declare: str | None = None) -> OneCardState:
    """The discard pile after ``card`` is played on it.

    Args:
        state: the discard pile before the play (a ``OneCardState``, or a
            top card alone as in :func:`check_play`).
        card: the card played (``Card`` or text).
        declare: the suit named with a 7 (``♠ ♥ ♦ ♣`` or ``S H D C``);
            required for a 7, refused for any other card.

    Returns:
        A new ``OneCardState`` with ``card`` on top: an attack card adds its
        value to the running total and becomes the last attack; a 3 on a
        pending attack cancels it; a 7 sets the declared suit; any other
        card clears a declared suit.

    Raises:
        IllegalMove: the card may not be played on this pile (the reason in
            words), a 7 without a suit, or a suit named with another card.
        CardError: for a card or suit that can not be read.
        OneCardError: for a ``state`` that is neither a ``OneCardState`` nor a card.

    Rule: seed, "The Attack Ladder", "3 — Shield", "Special Cards".
    """
    state = _as_state(state)
    played = read_card(card)
    verdict = _check_on_pile(state, played)
    if not verdict:
        raise IllegalMove(verdict.reason)
    if played.rank == WILD_RANK:
        if declare is None:
            raise IllegalMove(f"Name a suit with the {played}: ♠ ♥ ♦ or ♣.")
        return OneCardState(played, declared_suit=normalise_suit(declare))
    if declare is not None:
        raise IllegalMove(f"Only a 7 names a suit, and {played} is no 7.")
    value = attack_value(played)
    if value:
        return OneCardState(played, state.attack_total + value, played)
    return OneCardState(played)


def take_attack(state: OneCardState) -> tuple[int, OneCardState]:
    """Take the pending attack instead of answering or shielding it.

    Args:
        state: a discard pile with an attack pending.

    Returns:
        (cards to draw, the pile afterwards): the running total, and the
        same top card with no attack pending. Taking the attack does not end
        the turn (rulings.md): the player then plays from the hand held
        before the draw, or draws one card.

    Raises:
        IllegalMove: when no attack is pending.
        OneCardError: for a ``state`` that is neither a ``OneCardState`` nor a card.

    Rule: seed, "The Attack Ladder"; rulings.md, One-card.
    """
    state = _as_state(state)
    if not state.attack_pending:
        raise IllegalMove("No attack is pending, so there is nothing to take: play a card or draw one.")
    return state.attack_total, replace(state, attack_total=0, last_attack=None)


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
    """
    parsed = read_card(card)
    _check_players(players)
    value = attack_value(parsed)
    if value:
        return f"Attack: the next player draws {value} cards unless they answer or shield."
    if parsed.rank == SHIELD_RANK:
        return "Shield: cancels a pending attack; with no attack pending it is an ordinary card."
    table = TWO_PLAYER_EFFECTS if players == 2 else {}
    effect = table.get(parsed.rank) or EFFECTS.get(parsed.rank)
    if effect is None:
        return ""
    name, words = effect
    return f"{name}: {words}"


def _check_players(players: int) -> int:
    """``players`` if it is a whole number from 2, else ``OneCardError``."""
    return whole_number(players, "One-card's players", least=2, error=OneCardError)


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
    """
    if not isinstance(wins, Mapping):
        raise OneCardError(f"Give the round wins as player name -> count, not {wins!r}")
    for name, count in wins.items():
        whole_number(count, f"{name}'s round wins", error=OneCardError)
    whole_number(target, "The round wins that take the match", least=1, error=OneCardError)
    most = max(wins.values(), default=0)
    if most < target:
        return []
    return [name for name, count in wins.items() if count == most]


def _attack_card_name(card: Card) -> str:
    """An ``ATTACK_VALUES`` key in words: ``"any 2"`` for a rank key, else the card."""
    return f"any {card.label}" if card.suit is None and not card.is_joker else str(card)


def rule_figures(options: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The figures One-card's rules text uses, by placeholder name.

    Args:
        options: the game's options (house rule ``target``: round wins that
            take the match); ``None`` for the preset.

    Returns:
        ``one_card_decks``, ``one_card_deal``, ``one_card_buried``,
        ``one_card_leading``, ``one_card_starter``, ``one_card_attacks`` (a
        Markdown table) and ``one_card_target``, as text.

    Raises:
        OneCardError: for a ``target`` that is not a whole number from 1.

    Rule: seed 002, "Setup" and "The Attack Ladder"; rulings.md, One-card.

    >>> figures = rule_figures()
    >>> figures["one_card_buried"], figures["one_card_leading"], figures["one_card_target"]
    ('2, 3, 7, A, J, Q, K', '4, 5, 6, 8, 9 or 10', '5')
    """
    # The setup table reads this module's constants when it loads, so it is
    # imported when the figures are asked for, not when this module loads.
    from companion import setup

    target = whole_number((options or {}).get("target", MATCH_WINS), "One-card's round wins for a match",
                          least=1, error=OneCardError)
    decks = [
        f"{player_counts_text(counts)}: {count_text(p.decks, 'deck')}, {p.deck_size} cards"
        for counts, p in setup.plans_by_deck("one_card")
    ]
    by_size: dict[int, list[int]] = {}
    for deal in setup.GAMES["one_card"].deals:
        by_size.setdefault(deal.hand_size, []).extend(deal.players)
    deals = []
    for size, counts in by_size.items():
        low, high = min(counts), max(counts)
        deals.append(f"{size} each with {low} players" if low == high else f"{size} each with {low} or more players")
    by_value: dict[int, list[str]] = {}
    for card, value in ATTACK_VALUES.items():
        by_value.setdefault(value, []).append(_attack_card_name(card))
    buried, leading = start_ranks()
    return {
        "one_card_decks": "Decks by table size: " + "; ".join(decks) + ".",
        "one_card_deal": f"Deal {', and '.join(deals)}.",
        "one_card_buried": ", ".join(buried),
        "one_card_leading": join_words(leading, "or"),
        "one_card_starter": f"First to play: {setup.GAMES['one_card'].first_player}.",
        "one_card_attacks": markdown_table(
            ["Attack card", "Next player draws"],
            [(" ".join(names), value) for value, names in sorted(by_value.items())],
        ),
        "one_card_target": str(target),
    }
