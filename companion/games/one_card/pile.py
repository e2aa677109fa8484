"""One-card: the discard pile, whether a card may go on it, and what a play does.

Source: seed ``002_7ca371b2d702903f.txt`` ("How to Play", "The Attack Ladder",
"3 — Shield", "Special Cards") and rulings.md, One-card.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.cards import SUIT_NAMES, SUITS, Card, CardLike, CardsLike, as_cards
from companion.games.one_card.deck import (
    ATTACK_VALUES,
    ONE_OF_A_KIND,
    SHIELD_RANK,
    WILD_RANK,
    OneCardError,
    attack_value,
    normalise_suit,
    read_card,
    value_of,
)
from companion.i18n import N_, _, ngettext
from companion.verdict import IllegalMove, Verdict
from companion.wording import join_words, whole_number, with_article

_A_SUIT = {"S": N_("a spade"), "H": N_("a heart"), "D": N_("a diamond"), "C": N_("a club")}


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
        whole_number(total, _("The attack total (cards)"), error=OneCardError)
        last = None if self.last_attack is None else read_card(self.last_attack)
        if last is None and total > 0:
            if attack_value(top) == 0:
                raise OneCardError(_(
                    "An attack of {total} is pending but {top} is no attack card: "
                    "say which attack card was played last"
                ).format(total=total, top=top))
            last = top
        if last is not None:
            value = attack_value(last)
            if value == 0:
                raise OneCardError(_("{card} is no attack card: only 2s, aces and jokers attack").format(card=last))
            if total == 0:
                total = value
            elif total < value:
                raise OneCardError(_(
                    "The attack total {total} is less than the {value} of the last attack {last}"
                ).format(total=total, value=value, last=last))
        object.__setattr__(self, "attack_total", total)
        object.__setattr__(self, "last_attack", last)
        if self.declared_suit is not None:
            suit = normalise_suit(self.declared_suit)
            if top.rank != WILD_RANK:
                raise OneCardError(_("A suit is declared only with a 7 on top, and the top card is {top}").format(top=top))
            if total:
                raise OneCardError(_("A 7 can not be played while an attack is pending, so no suit is declared"))
            object.__setattr__(self, "declared_suit", suit)

    @property
    def attack_pending(self) -> bool:
        """True while an attack waits to be answered, shielded or taken."""
        return self.attack_total > 0

    @property
    def suit_unknown(self) -> bool:
        """True when the 7 on top named a suit that was not given: only another
        7 or a joker can be told playable then (seed, "Special Cards")."""
        return self.top.rank == WILD_RANK and self.declared_suit is None and not self.attack_pending


def _as_state(state: OneCardState | CardLike) -> OneCardState:
    """``state`` as a ``OneCardState``: a state passes through; a top card
    alone (``Card`` or text) is a pile with no attack and no declared suit."""
    if isinstance(state, OneCardState):
        return state
    if isinstance(state, (Card, str)):
        return OneCardState(state)
    raise OneCardError(
        _("Expected the discard pile as a OneCardState (or its top card), not {value}").format(value=repr(state))
    )


def _describe_cards(cards: list[Card]) -> str:
    """Attack cards in words, grouped: 'any 2', 'any ace', 'the A♠', 'either joker'."""
    parts: list[str] = []
    for rank in sorted({card.rank for card in cards if card.rank is not None}, key=lambda r: (r != 2, r)):
        suits = {card.suit for card in cards if card.rank == rank}
        if None in suits or suits >= set(SUITS):
            parts.append(_("any ace") if rank == 1 else _("any {rank}").format(rank=rank))
        else:
            parts.append(join_words([str(Card(rank, suit)) for suit in SUITS if suit in suits], "or"))
    jokers = [card for card in cards if card.is_joker]
    if len(jokers) > 1:
        parts.append(_("either joker"))
    elif jokers:
        parts.append(_("the {card}").format(card=jokers[0].name))
    return join_words(parts, "or")


def _answers_attack(card: Card, last_attack: Card) -> bool:
    """True when ``card`` answers ``last_attack``: an attack value at least
    as high, and not the same card when that card is in ``ONE_OF_A_KIND``."""
    if card == last_attack and card in ONE_OF_A_KIND:
        return False
    value = value_of(card)
    return value > 0 and value >= value_of(last_attack)


def _answers(last_attack: Card) -> list[Card]:
    """The entries of ``ATTACK_VALUES`` that answer ``last_attack`` (see ``_answers_attack``)."""
    return [card for card in ATTACK_VALUES if _answers_attack(card, last_attack)]


def _attack_reason(state: OneCardState, card: Card) -> str:
    total, last = state.attack_total, state.last_attack
    answers = _describe_cards(_answers(last))
    if not answers:
        return ngettext(
            "An attack of {total} is pending (last attack {last}), which nothing can answer: {card} can't be "
            "played. Shield with a 3 or take {total} card.",
            "An attack of {total} is pending (last attack {last}), which nothing can answer: {card} can't be "
            "played. Shield with a 3 or take {total} cards.", total).format(total=total, last=last, card=card)
    value = attack_value(card)
    if card == last:
        why = _("one {card} never answers another").format(card=card)
    elif value:
        why = _("{card} ({value}) is too weak to answer it").format(card=card, value=value)
    else:
        why = _("{card} does not answer it").format(card=card)
    return ngettext(
        "An attack of {total} is pending (last attack {last}): {why}. Answer with {answers}, shield with a 3, "
        "or take {total} card.",
        "An attack of {total} is pending (last attack {last}): {why}. Answer with {answers}, shield with a 3, "
        "or take {total} cards.", total).format(total=total, last=last, why=why, answers=answers)


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
        return Verdict.no(_("The 7 asked for {suit}: play {a_suit}, another 7 or a joker, not {card}.").format(
            suit=_(SUIT_NAMES[state.declared_suit]), a_suit=_(_A_SUIT[state.declared_suit]), card=card))
    if state.suit_unknown:
        return Verdict.no(_(
            "The {top} on top named a suit, and which one was not given: only a card of that suit, "
            "another 7 or a joker may follow it. Say which suit was named to check {card}."
        ).format(top=top, card=card))
    if card.suit == top.suit or card.rank == top.rank:
        return Verdict.ok()
    reason = _("{card} does not match {top}: play {a_suit}, {a_rank}, a 7 or a joker.").format(
        card=card, top=top, a_suit=_(_A_SUIT[top.suit]), a_rank=with_article(top.label))
    if card.rank == SHIELD_RANK:
        reason = _("{reason} A 3 shields only while an attack is pending.").format(reason=reason)
    return Verdict.no(reason)


def check_play(state: OneCardState, card: CardLike, hand: CardsLike, *, drawn: int = 0) -> Verdict:
    """May ``card`` be played now?

    Args:
        state: the discard pile (``OneCardState``; a top card alone, as a
            ``Card`` or text, is a pile with no attack and no declared suit).
        card: the card to play (``Card`` or text).
        hand: every card the player may play from, ``card`` included (a list
            or one string); a hand given without ``card`` is read as holding
            it too.
        drawn: cards the player drew this turn and holds besides ``hand``,
            not playable now: after taking an attack (:func:`take_attack`'s
            count), the turn goes on with the hand held before the draw
            (rulings.md, One-card), and the cards drawn count in the hand's
            size, so a joker from before is not the last card.

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
        OneCardError: for a ``state`` that is neither a ``OneCardState`` nor a card,
            or a ``drawn`` that is not a whole number from 0.

    Rule: seed, "How to Play", "The Attack Ladder", "3 — Shield",
    "Special Cards"; rulings.md, One-card (taking an attack).

    >>> check_play("9♠", "9♦", "9♦ 5♣").legal
    True
    >>> check_play("9♠", "BJ", "BJ").legal, check_play("9♠", "BJ", "BJ", drawn=2).legal
    (False, True)
    >>> check_play(OneCardState("A♠", attack_total=5), "2♥", "2♥ 5♣").reason
    'An attack of 5 is pending (last attack A♠): 2♥ (2) is too weak to answer it. Answer with either joker, shield with a 3, or take 5 cards.'
    """
    state = _as_state(state)
    whole_number(drawn, _("The cards drawn this turn"), error=OneCardError)
    played = read_card(card)
    held = [read_card(item) for item in as_cards(hand)]
    if played not in held:
        held.append(played)
    if played.is_joker and len(held) + drawn == 1:
        if state.attack_pending:
            return Verdict.no(_(
                "The {joker} can't be your last card: a hand is never emptied with a joker, "
                "so take the attack instead."
            ).format(joker=played.name))
        return Verdict.no(_(
            "The {joker} can't be your last card: a hand is never emptied with a joker, so draw instead."
        ).format(joker=played.name))
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

    >>> after = play(OneCardState("2♥", attack_total=2), "A♣")
    >>> after.attack_total, str(after.last_attack)
    (5, 'A♣')
    """
    state = _as_state(state)
    played = read_card(card)
    verdict = _check_on_pile(state, played)
    if not verdict:
        raise IllegalMove(verdict.reason)
    if played.rank == WILD_RANK:
        if declare is None:
            raise IllegalMove(_("Name a suit with the {card}: ♠ ♥ ♦ or ♣.").format(card=played))
        return OneCardState(played, declared_suit=normalise_suit(declare))
    if declare is not None:
        raise IllegalMove(_("Only a 7 names a suit, and {card} is no 7.").format(card=played))
    value = attack_value(played)
    if value:
        return OneCardState(played, state.attack_total + value, played)
    return OneCardState(played)


def take_attack(state: OneCardState, cards_left: int | None = None) -> tuple[int, OneCardState]:
    """Take the pending attack instead of answering or shielding it.

    Args:
        state: a discard pile with an attack pending.
        cards_left: the cards left to draw from, the draw pile and the
            discard pile together with the top card left out; ``None`` when
            there are enough.

    Returns:
        (cards drawn, the pile afterwards): the running total, or every card
        left when the piles hold fewer (the rest of the attack is forgiven),
        and the same top card with no attack pending. Taking the attack does
        not end the turn (rulings.md): the player then plays from the hand
        held before the draw, or draws one card.

    Raises:
        IllegalMove: when no attack is pending.
        OneCardError: for a ``state`` that is neither a ``OneCardState`` nor
            a card, or a ``cards_left`` that is not a whole number from 0.

    Rule: seed, "The Attack Ladder" (the total is drawn and the attack
    resets), "Running Out of Cards to Draw" (what is left is taken, the
    rest forgiven); rulings.md, One-card.

    >>> drawn, after = take_attack(OneCardState("A♠", attack_total=7))
    >>> drawn, after.attack_pending
    (7, False)
    >>> take_attack(OneCardState("A♠", attack_total=7), cards_left=4)[0]
    4
    """
    state = _as_state(state)
    if cards_left is not None:
        whole_number(cards_left, _("The cards left in the draw and discard piles"), error=OneCardError)
    if not state.attack_pending:
        raise IllegalMove(_("No attack is pending, so there is nothing to take: play a card or draw one."))
    drawn = state.attack_total if cards_left is None else min(state.attack_total, cards_left)
    return drawn, replace(state, attack_total=0, last_attack=None)


def piles_emptied(drawn: int, cards_left: int | None) -> bool:
    """Whether drawing ``drawn`` cards (an attack taken, :func:`take_attack`'s count) leaves
    both piles empty, ``cards_left`` being the cards there were to draw from (the draw pile
    and the discard pile under its top card; ``None``: enough). Then a player with nothing
    to play has no card left to draw either. Takes two counts; returns a bool; raises nothing.

    Rule: seed, "Running Out of Cards to Draw".

    >>> piles_emptied(4, 4), piles_emptied(3, 4), piles_emptied(7, None)
    (True, False, False)
    """
    return cards_left is not None and cards_left <= drawn
