"""What the checker says: the rules core's verdicts turned into lines to show.

Plain Python (no Flet), so every answer the Check tab shows is tested
without a browser.  Nothing here decides a rule: each function reads the
player's input, asks the rules core (``companion.games.*``) and words its
verdict for the screen.  Bad input (an unreadable card, a card the game does
not use) becomes an ``Answer`` of kind ``"error"`` carrying the core's
message, never an exception.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.cards import SUIT_SYMBOLS, Card, CardError
from companion.games import one_card, one_up, up_or_down, up_to_nine

YES = "yes"
NO = "no"
WAIT = "wait"
ERROR = "error"


@dataclass(frozen=True)
class Answer:
    """One line of the checker.

    Attributes:
        kind: ``"yes"`` (legal, shown green), ``"no"`` (illegal, red),
            ``"wait"`` (more input needed, neutral) or ``"error"`` (the input
            can not be read; the text says what to fix).
        text: the line, in plain words.
    """

    kind: str
    text: str

    @property
    def legal(self) -> bool | None:
        """True for yes, False for no, None while waiting or on bad input."""
        return {YES: True, NO: False}.get(self.kind)


def card_text(card: Card) -> str:
    """A card as the checker writes it: ``"5♥"``, ``"K"`` (no suit), ``"black joker"``."""
    if card.is_joker:
        return card.name
    return f"{card.label}{SUIT_SYMBOLS.get(card.suit, '')}"


def _cards_text(cards: Sequence[Card]) -> str:
    return ", ".join(card_text(card) for card in cards)


# ---- One Up -----------------------------------------------------------------------

def one_up_answer(top: Card | None, card: Card | None, *, joker: bool = False) -> Answer:
    """May ``card`` go on ``top`` in One Up?

    Args:
        top: the top card of the discard pile, or None while not picked.
        card: the card the player wants to play, or None while not picked.
        joker: the wild joker variant is on.

    Returns:
        An ``Answer``: what fits on the top card while no card is picked,
        then ``one_up.check_play``'s verdict.
    """
    try:
        if top is None:
            return Answer(WAIT, "Pick the top card of the discard pile.")
        fits = one_up.playable_values(top, joker=joker)
        if card is None:
            names = [one_up.value_name(value) for value in fits]
            return Answer(WAIT, f"On {one_up.value_name(one_up.card_value(top, joker=joker))} "
                                f"you may play {', '.join(names[:-1])} or {names[-1]}. Pick your card.")
        verdict = one_up.check_play(top, card, joker=joker)
    except CardError as error:
        return Answer(ERROR, str(error))
    if verdict:
        played = one_up.value_name(one_up.card_value(card, joker=joker))
        on = one_up.value_name(one_up.card_value(top, joker=joker))
        return Answer(YES, f"Yes: {played} may go on {on}.")
    return Answer(NO, f"No. {verdict.reason}")


# ---- One-card ---------------------------------------------------------------------

@dataclass(frozen=True)
class CardAnswer:
    """The answer for one card of a One-card hand.

    Attributes:
        card: the card.
        legal: True when it may be played now.
        text: the core's reason when not, else what playing it does (the
            attack total after it, a cancelled attack, a suit to name ...).
    """

    card: Card
    legal: bool
    text: str


@dataclass(frozen=True)
class OneCardAnswer:
    """The checker's answer for a One-card hand.

    Attributes:
        summary: one line: how many cards may be played, and which.
        cards: one ``CardAnswer`` per card of the hand, in the hand's order.
        attack: the pending attack in words (empty with none).
        take: what taking the attack means (cards to draw, then what), or
            empty when no attack is pending.
    """

    summary: Answer
    cards: tuple[CardAnswer, ...] = ()
    attack: str = ""
    take: str = ""


def attack_value(card: Card) -> int:
    """Cards ``card`` makes the next player draw when it lies on top with an attack
    pending (``one_card.attack_value``); 0 for a plain card or a card One-card
    does not use (the answer then explains the card)."""
    try:
        return one_card.attack_value(card)
    except CardError:
        return 0


def one_card_state(top: Card | None, attack_total: int = 0,
                   declared_suit: str | None = None) -> one_card.OneCardState:
    """The discard pile as the core reads it.

    Args:
        top: the top card (with an attack pending it is the last attack card).
        attack_total: cards the pending attack makes the next player draw (0: none).
        declared_suit: the suit named with a 7 on top, or None.

    Raises:
        ValueError, CardError: from ``one_card.OneCardState`` for a pile the
            rules can not reach (the message says why).
    """
    return one_card.OneCardState(top, attack_total=attack_total, declared_suit=declared_suit)


def _after_play(state: one_card.OneCardState, card: Card, players: int) -> str:
    """What playing ``card`` (legal) does, from the core."""
    if card.rank == one_card.WILD_RANK:
        return "Plays; name a suit for the next player."
    after = one_card.play(state, card)
    if after.attack_pending:
        return f"Plays; the attack total becomes {after.attack_total}."
    if state.attack_pending:
        return f"Shields: the attack of {state.attack_total} is cancelled."
    effect = one_card.card_effect(card, players)
    return f"Plays. {effect}" if effect else "Plays."


def one_card_answer(top: Card | None, hand: Sequence[Card], *, attack_total: int = 0,
                    declared_suit: str | None = None, players: int = 3) -> OneCardAnswer:
    """Which cards of a One-card hand may be played, and why not the others.

    Args:
        top: the top card of the discard pile (None while not picked).
        hand: the cards held.
        attack_total: the running total of a pending attack (0: none); the
            top card is then the last attack card.
        declared_suit: the suit a 7 on top named (letter or symbol), or None.
        players: players at the table (J and Q differ with two).

    Returns:
        A ``OneCardAnswer`` built from ``one_card.check_play``, ``play`` and
        ``take_attack``.
    """
    try:
        if top is None:
            return OneCardAnswer(Answer(WAIT, "Pick the top card of the discard pile."))
        state = one_card_state(top, attack_total, declared_suit)
        attack = take = ""
        if state.attack_pending:
            attack = (f"Attack pending: {state.attack_total} cards, "
                      f"last attack card {card_text(state.last_attack)}.")
            draw, _ = one_card.take_attack(state)
            take = (f"Take the attack: draw {draw} cards. Then play a card from the hand you "
                    "held before drawing, or draw one more card.")
        if not hand:
            return OneCardAnswer(Answer(WAIT, "Add the cards in your hand."), (), attack, take)
        answers = []
        for card in hand:
            verdict = one_card.check_play(state, card, hand)
            text = _after_play(state, card, players) if verdict else verdict.reason
            answers.append(CardAnswer(card, verdict.legal, text))
    except (CardError, ValueError) as error:
        return OneCardAnswer(Answer(ERROR, str(error)))
    legal = [answer.card for answer in answers if answer.legal]
    if not legal:
        fallback = "take the attack" if state.attack_pending else "draw a card"
        summary = Answer(NO, f"None of your {len(hand)} cards may be played: {fallback}.")
    else:
        summary = Answer(YES, f"{len(legal)} of {len(hand)} may be played: {_cards_text(legal)}.")
    return OneCardAnswer(summary, tuple(answers), attack, take)


# ---- Up to 9 ------------------------------------------------------------------------

@dataclass(frozen=True)
class GroupLine:
    """One straight or set of a reading, ready to show.

    Attributes:
        title: ``"set of kings"``, ``"hearts straight 5 to J"``.
        slots: (physical card, what it stands for, or None when natural), in order.
    """

    title: str
    slots: tuple[tuple[Card, Card | None], ...]


@dataclass(frozen=True)
class MeldAnswer:
    """The checker's answer for an Up to 9 lay-down.

    Attributes:
        summary: legal or not, and why.
        wilds: wilds used against the level's budget, in words (empty when illegal).
        groups: the grouping, with what each 2 or 3 stands for.
        chosen: indices (into the cards given) of the cards to lay down;
            all of them for a check, the found ones for "find it in my hand".
    """

    summary: Answer
    wilds: str = ""
    groups: tuple[GroupLine, ...] = ()
    chosen: frozenset[int] = frozenset()


def level_line(level: int, levels: Sequence[up_to_nine.Level] = up_to_nine.LEVELS) -> str:
    """A level's contract and wild budget: ``"Level 4: 3 sets of 3 · max wild: 2 total, ..."``."""
    spec = up_to_nine.get_level(level, levels)
    return f"Level {spec.number}: {spec.contract} · max wild {spec.budget_text}"


def _groups(verdict: up_to_nine.MeldVerdict) -> tuple[GroupLine, ...]:
    return tuple(
        GroupLine(group.name, tuple((slot.card, slot.stands_for if slot.wild else None)
                                    for slot in group.slots))
        for group in verdict.groups
    )


def _wilds_line(verdict: up_to_nine.MeldVerdict, spec: up_to_nine.Level) -> str:
    return f"Wilds used: {verdict.wilds_used} of {spec.max_wild} allowed ({spec.budget_text})."


def _indices(hand: Sequence[Card], chosen: Sequence[Card]) -> frozenset[int]:
    """Positions in ``hand`` of the cards in ``chosen`` (two equal cards: two positions)."""
    wanted = Counter(chosen)
    found = set()
    for index, card in enumerate(hand):
        if wanted[card]:
            wanted[card] -= 1
            found.add(index)
    return frozenset(found)


def meld_answer(level: int, cards: Sequence[Card],
                levels: Sequence[up_to_nine.Level] = up_to_nine.LEVELS) -> MeldAnswer:
    """Are ``cards`` exactly the level's contract?  (``up_to_nine.check_meld``)

    Returns:
        A ``MeldAnswer``: the verdict, wilds used against the budget and the
        grouping when legal.
    """
    if not cards:
        return MeldAnswer(Answer(WAIT, "Add the cards you want to lay down."))
    try:
        spec = up_to_nine.get_level(level, levels)
        verdict = up_to_nine.check_meld(level, cards, levels=levels)
    except (CardError, ValueError) as error:
        return MeldAnswer(Answer(ERROR, str(error)))
    if not verdict:
        return MeldAnswer(Answer(NO, f"No. {verdict.reason}"))
    return MeldAnswer(
        Answer(YES, f"Yes: level {spec.number}, {spec.contract}."),
        _wilds_line(verdict, spec), _groups(verdict), frozenset(range(len(cards))),
    )


def find_answer(level: int, hand: Sequence[Card],
                levels: Sequence[up_to_nine.Level] = up_to_nine.LEVELS) -> MeldAnswer:
    """Find the level's contract in a hand (``up_to_nine.find_meld``).

    Returns:
        A ``MeldAnswer`` whose ``chosen`` marks the cards to lay down, or a
        "no" answer when the hand holds no contract.
    """
    if not hand:
        return MeldAnswer(Answer(WAIT, "Add the cards in your hand first."))
    try:
        spec = up_to_nine.get_level(level, levels)
        found = up_to_nine.find_meld(level, hand, levels=levels)
    except (CardError, ValueError) as error:
        return MeldAnswer(Answer(ERROR, str(error)))
    if found is None:
        return MeldAnswer(Answer(NO, f"No {spec.contract} within the budget in these {len(hand)} cards."))
    return MeldAnswer(
        Answer(YES, f"Found it: lay down these {len(found.cards)} cards."),
        _wilds_line(found, spec), _groups(found), _indices(hand, found.cards),
    )


def lay_off_answer(kind: str, group: Sequence[Card], card: Card | None) -> tuple[Answer, GroupLine | None]:
    """May ``card`` be laid off on a group on the table?

    Args:
        kind: ``"straight"`` or ``"set"``: what the laid group is.
        group: the group's cards as they lie.
        card: the card to lay off, or None while not picked.

    Returns:
        (the answer, the group as the core reads it or None): the group is
        read by ``up_to_nine.check_group``, the card judged by
        ``up_to_nine.check_lay_off``; a wild laid off says what it stands for.
    """
    if not group:
        return Answer(WAIT, "Add the cards of the group on the table."), None
    try:
        reading = up_to_nine.check_group(kind, group)
        if not reading:
            return Answer(ERROR, f"That group is not on the table as a {kind}: {reading.reason}."), None
        laid = reading.groups[0]
        line = _groups(reading)[0]
        if card is None:
            return Answer(WAIT, f"Pick the card to lay off on the {laid.name}."), line
        verdict = up_to_nine.check_lay_off(laid, card)
    except (CardError, ValueError) as error:
        return Answer(ERROR, str(error)), None
    if not verdict:
        return Answer(NO, f"No: {verdict.reason}."), line
    where = f" at the {verdict.at} end" if verdict.at else ""
    if verdict.slot.wild:
        stands = verdict.stands_for
        shown = card_text(stands) if stands.suit else f"a {stands.label}"
        return Answer(YES, f"Yes: {card_text(card)} goes on the {laid.name}{where} as a wild for {shown}, "
                           "and stays that card."), line
    return Answer(YES, f"Yes: {card_text(card)} goes on the {laid.name}{where}."), line


# ---- Up or Down? -----------------------------------------------------------------------

_NUMBER_SPLIT = re.compile(r"[\s,;]+")


def read_numbers(text: str) -> list[int]:
    """Card numbers typed with spaces or commas: ``"4 34, 52"`` -> ``[4, 34, 52]``.

    Raises:
        up_or_down.UpOrDownError: naming the first token that is not a card number.
    """
    return [up_or_down.card_number(token) for token in _NUMBER_SPLIT.split(text.strip()) if token]


def ring_answer(ring: Sequence[int], card: int | None) -> Answer:
    """Between which ring cards a hand card goes, and which two may be taken.

    Args:
        ring: the ring's numbers (six in play), any order.
        card: the number of the card placed, or None while not given.

    Returns:
        An ``Answer`` from ``up_or_down.ring_neighbours``.
    """
    if len(ring) < 2 or card is None:
        return Answer(WAIT, f"Enter the ring's {up_or_down.RING_SIZE} numbers and your card.")
    try:
        lower, higher = up_or_down.ring_neighbours(ring, card)
    except ValueError as error:
        return Answer(ERROR, str(error))
    if lower < card < higher:
        where = f"{card} goes between {lower} and {higher}"
    else:
        where = (f"{card} is outside the ring, so it goes between the lowest ({lower}) "
                 f"and the highest ({higher})")
    return Answer(YES, f"{where}: take {lower} or {higher} into your display.")


def row_answer(row: Sequence[int], card: int | None) -> Answer:
    """May a card go at the end of one of your rows, and which way the row runs.

    Args:
        row: the row's numbers in the order they were laid (may be empty).
        card: the number of the card to add, or None while not given.

    Returns:
        An ``Answer`` from ``up_or_down.check_row`` and ``row_direction``.
    """
    if card is None:
        return Answer(WAIT, "Enter your row, then the card to add.")
    try:
        direction = up_or_down.row_direction(row)
        verdict = up_or_down.check_row(row, card)
    except ValueError as error:
        return Answer(ERROR, str(error))
    if not verdict:
        return Answer(NO, f"No: {verdict.reason}")
    after = up_or_down.row_direction([*row, card])
    if not row:
        return Answer(YES, f"Yes: {card} starts the row.")
    if direction is None:
        return Answer(YES, f"Yes: {card} is the row's second card and makes it run {after}.")
    runs = "upward" if direction == "up" else "downward"
    return Answer(YES, f"Yes: the row runs {runs} and {card} continues it.")
