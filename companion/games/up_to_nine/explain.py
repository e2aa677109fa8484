"""Up to 9: why cards are not a contract, in words the table understands.

Used by :func:`companion.games.up_to_nine.melds.check_meld` and
:func:`~companion.games.up_to_nine.melds.check_group` once the search has
found no reading within the budget.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from companion.cards import SUIT_NAMES, SUITS, Card, show_cards
from companion.games.up_to_nine.levels import (
    HIGH_ACE,
    LOW_ACE,
    SET,
    STRAIGHT,
    WILD_RANKS,
    Level,
    clean_groups_text,
    position_rank,
)
from companion.games.up_to_nine.readings import MeldVerdict, is_wild, rank_plural
from companion.games.up_to_nine.search import cheapest_reading
from companion.i18n import N_, _, ngettext
from companion.wording import join_words

_SCOPES = {
    (STRAIGHT, True): N_("per straight"), (STRAIGHT, False): N_("in the straight"),
    (SET, True): N_("per set"), (SET, False): N_("in the set"),
}


def wilds_text(count: int) -> str:
    """A number of wilds in words, in the current language: ``"no wilds"``, ``"1 wild"``, ``"3 wilds"``.

    >>> wilds_text(0), wilds_text(1), wilds_text(3)
    ('no wilds', '1 wild', '3 wilds')
    """
    if count == 0:
        return _("no wilds")
    return ngettext("{count} wild", "{count} wilds", count).format(count=count)


def contract_phrase(level: Level) -> str:
    """A level's contract as a sentence names it, in the current language: ``"a straight of 4"``, ``"2 sets of 3"``.

    >>> from companion.games.up_to_nine.levels import LEVELS
    >>> contract_phrase(LEVELS[0]), contract_phrase(LEVELS[1])
    ('a straight of 4', '2 sets of 3')
    """
    contract = level.contract
    first, *rest = level.groups
    if rest and (rest[0].kind, rest[0].size) == (first.kind, first.size):
        return contract
    # TRANSLATORS: a contract starting with one group ("a straight of 4", "a straight of 4 + set of 3").
    return _("a {contract}").format(contract=contract)


def _wrap_hint(level: Level, cards: Sequence[Card]) -> str:
    """A note, on a level with a straight, when one suit has an ace, a Q or K
    and a 2 or 3: straights do not wrap."""
    if all(spec.kind != STRAIGHT for spec in level.groups):
        return ""
    for suit in SUITS:
        ranks = {card.rank for card in cards if card.suit == suit}
        if 1 in ranks and ranks & {12, 13} and ranks & WILD_RANKS:
            return " " + _("(a straight stops at the ace: Q K A 2 does not wrap around)")
    return ""


def straight_problem(cards: Sequence[Card], size: int) -> str:
    """Why cards are no straight of ``size``, however many wilds it may hold.

    Args:
        cards: suited cards (no jokers) that the search found no straight in.
        size: the straight's length in cards.

    Returns:
        The end of a sentence about the cards: "mixes hearts and spades",
        "has 5♥ 2 times; ...", or "runs from 4♥ to Q♥: 9 positions, ...".

    Rule: seed, "Kombinasjonstypene"; rulings.md, Up to 9 (one suit, each
    position once, no wrap).

    >>> from companion.cards import parse_cards
    >>> straight_problem(parse_cards("4♥ 5♥ 6♠ 7♥"), 4)
    'mixes hearts and spades'
    """
    fixed = [card for card in cards if not is_wild(card)]
    suits = list(dict.fromkeys(card.suit for card in fixed))
    if len(suits) > 1:
        return _("mixes {suits}").format(suits=join_words([_(SUIT_NAMES[s]) for s in suits]))
    repeats = Counter(fixed)
    for card, count in repeats.items():
        if count > (2 if card.rank == 1 else 1):
            return _("has {card} {count} times; a straight holds each position once").format(card=card, count=count)
    positions = sorted(card.rank for card in fixed if card.rank != 1)
    aces = repeats[Card(1, suits[0])]
    spans = []
    if aces == 2:
        spans.append((LOW_ACE, HIGH_ACE))
    elif aces == 1:
        spans += [(LOW_ACE, max(positions, default=LOW_ACE)), (min(positions, default=HIGH_ACE), HIGH_ACE)]
    else:
        spans.append((positions[0], positions[-1]))
    low, high = min(spans, key=lambda span: span[1] - span[0])
    first, last = (Card(position_rank(position), suits[0]) for position in (low, high))
    return _("runs from {first} to {last}: {positions} positions, more than a straight of {size} holds").format(
        first=first, last=last, positions=high - low + 1, size=size)


def set_problem(cards: Sequence[Card]) -> str:
    """Why cards are no set, however many wilds it may hold: the ranks it mixes.

    Args:
        cards: suited cards (no jokers) holding natural cards of two or more ranks.

    Returns:
        The end of a sentence about the cards, e.g. "mixes kings and aces".

    Rule: seed, "Kombinasjonstypene" (a set is one rank).

    >>> from companion.cards import parse_cards
    >>> set_problem(parse_cards("K♣ K♦ A♦"))
    'mixes kings and aces'
    """
    ranks = list(dict.fromkeys(card.rank for card in cards if not is_wild(card)))
    return _("mixes {ranks}").format(ranks=join_words([rank_plural(rank) for rank in ranks]))


def _budget_problem(level: Level, reading: MeldVerdict) -> str:
    """Which part of the budget the cheapest reading with any wilds breaks."""
    if reading.wilds_used > level.max_wild:
        if not level.max_wild:
            return _("needs {wilds} but level {number} allows none").format(
                wilds=wilds_text(reading.wilds_used), number=level.number)
        return _("needs {wilds} but level {number} allows {allowed}").format(
            wilds=wilds_text(reading.wilds_used), number=level.number, allowed=level.max_wild)
    for spec, group in zip(level.groups, reading.groups, strict=True):
        if group.wilds > spec.max_wild:
            same = sum(1 for other in level.groups if other.kind == spec.kind)
            scope = _SCOPES[spec.kind, same > 1]
            return _("the {group} needs {wilds} but level {number} allows {allowed} {scope}").format(
                group=group.name, wilds=wilds_text(group.wilds), number=level.number, allowed=spec.max_wild,
                scope=_(scope))
    return _("level {number} needs {clean} (and at most {wilds} in all); these cards can not do that").format(
        number=level.number, clean=clean_groups_text(level), wilds=wilds_text(level.max_wild))


def explain(level: Level, cards: list[Card]) -> str:
    """Why cards of the right count are not a level's contract, in plain words.

    Args:
        level: the level asked for.
        cards: the cards laid down (as many as the contract holds).

    Returns:
        One sentence for the table: the budget the cheapest reading breaks,
        or why no reading exists (mixed suits or ranks, too long a span,
        a straight that would wrap past the ace).

    Rule: seed, "Nivåtabellen" and "Kombinasjonstypene"; rulings.md, Up to 9.
    """
    shown = show_cards(cards)
    reading = cheapest_reading(cards, level.relaxed())
    if reading is not None:
        return f"{shown}: {_budget_problem(level, reading)}{_wrap_hint(level, cards)}"
    number, contract = level.number, contract_phrase(level)
    if len(level.groups) == 1:
        spec = level.groups[0]
        if spec.kind == STRAIGHT:
            return _("Level {number} needs {contract} in one suit: {cards} {problem}").format(
                number=number, contract=contract, cards=shown,
                problem=straight_problem(cards, spec.size)) + _wrap_hint(level, cards)
        return _("Level {number} needs {contract} of one rank: {cards} {problem}").format(
            number=number, contract=contract, cards=shown, problem=set_problem(cards))
    ranks = list(dict.fromkeys(card.rank for card in cards if not is_wild(card)))
    if all(spec.kind == SET for spec in level.groups) and len(ranks) > len(level.groups):
        names = join_words([rank_plural(rank) for rank in ranks])
        return _("Level {number} needs {contract}: {cards} has {count} ranks ({ranks}) for only {sets} sets").format(
            number=number, contract=contract, cards=shown, count=len(ranks), ranks=names, sets=len(level.groups))
    return _("Level {number} needs {contract}: {cards} can not be split that way").format(
        number=number, contract=contract, cards=shown) + _wrap_hint(level, cards)


def wilds_used_text(level: Level, wilds_used: int) -> str:
    """How many wilds a lay-down uses against the level's budget, in one sentence.

    Args:
        level: the level laid down.
        wilds_used: wilds in the reading (``MeldVerdict.wilds_used``).

    Returns:
        ``"Wilds used: 1 of 2 allowed."``; the budget's rules in brackets
        only where the budget is more than a number (split or with a group
        that must hold no wild), without the total said just before.

    Rule: seed, "Nivåtabellen"; rulings.md, Up to 9 (the "max wild" column).

    >>> from companion.games.up_to_nine.levels import LEVELS
    >>> wilds_used_text(LEVELS[2], 1)
    'Wilds used: 1 of 1 allowed.'
    >>> wilds_used_text(LEVELS[3], 2)
    'Wilds used: 2 of 2 allowed (max 1 per set, at least one set with no wild).'
    """
    rules = level.budget_rules
    if not rules:
        return _("Wilds used: {used} of {allowed} allowed.").format(used=wilds_used, allowed=level.max_wild)
    return _("Wilds used: {used} of {allowed} allowed ({rules}).").format(
        used=wilds_used, allowed=level.max_wild, rules=rules)
