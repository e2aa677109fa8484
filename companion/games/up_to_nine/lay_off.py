"""Up to 9: laying off (donating) a card on a group already on the table.

Source: seed ``003_5f63daae766756c0.txt``, "Donering" and "Merk" (what a
wild on the table stands for is fixed when it is laid); the project's
rulings, Up to 9 (a wild laid off is locked to the card it stands for;
nothing past an ace).

A group on the table can often be read more than one way (``5♥ 6♥ 7♥ 2♠``:
the 2♠ as 4♥ or as 8♥); the table knows which, the cards alone do not.
:func:`laid_readings` lists every reading, :func:`read_laid` takes the one
the players say, and :func:`lay_off_by_reading` tells whether a lay-off's
answer depends on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from companion.cards import SUITS, Card, CardLike, CardsLike, as_card
from companion.games.up_to_nine.levels import HIGH_ACE, KINDS, LOW_ACE, SET, LevelError, position_rank
from companion.games.up_to_nine.melds import check_group
from companion.games.up_to_nine.readings import (
    MeldCard,
    MeldGroup,
    is_wild,
    meld_card,
    meld_cards,
    rank_plural,
)
from companion.i18n import _, ngettext
from companion.verdict import IllegalMove, Verdict
from companion.wording import join_words


class LayOffError(ValueError):
    """A lay-off asked for in a shape the rules can not read (not a group on
    the table, or an end that is not "low" or "high"); the message says what to give."""


@dataclass(frozen=True)
class LayOffVerdict(Verdict):
    """The answer of :func:`check_lay_off`.

    Attributes:
        legal: True when the card may be laid off on the group.
        reason: why not, in plain English; empty when legal.
        slot: where the card goes and what it stands for (``None`` when illegal).
        at: ``"low"`` or ``"high"`` end of a straight; ``None`` for a set or when illegal.
        also: for a wild that fits both open ends of a straight (no end
            asked for), the slot at the other end; its end is the one
            ``at`` is not.  ``None`` otherwise.

    Rule: seed, "Donering"; the project's rulings, Up to 9.
    """

    slot: MeldCard | None = None
    at: str | None = None
    also: MeldCard | None = None

    @property
    def stands_for(self) -> Card | None:
        """The card the laid-off card counts as, or ``None`` when illegal."""
        return self.slot.stands_for if self.slot else None


_ENDS = ("high", "low")


def _lay_off_ends(group: MeldGroup, at: str | None) -> list[tuple[str, int]]:
    """The open ends of a straight as (end, position), high end first."""
    ends = []
    if group.high < HIGH_ACE:
        ends.append(("high", group.high + 1))
    if group.low > LOW_ACE:
        ends.append(("low", group.low - 1))
    return [end for end in ends if at in (None, end[0])]


def check_lay_off(group: MeldGroup, card: CardLike, *, at: str | None = None) -> LayOffVerdict:
    """May this card be laid off (donated) on a group on the table?  (seed,
    "Donering"; rulings.md, Up to 9)

    On a straight the card must continue one end in the straight's suit,
    never past an ace (positions 1 and 14 are the ends).  On a set it must
    have the set's rank, any suit.  A 2 or 3 that does not fit as itself is
    laid off as a wild standing for such a card (and is locked to it).

    Args:
        group: one item of ``MeldVerdict.groups`` (or a group returned by
            :func:`lay_off`).
        card: the card to lay off; it needs a suit.
        at: ``"low"`` or ``"high"`` to choose a straight's end; ``None``
            takes the card as itself where it fits, else a wild at the high
            end if open, else at the low end.

    Returns:
        A ``LayOffVerdict``; when legal, ``slot`` says what the card stands
        for and where it goes (``at``); a wild that could go at either end
        also names the other end's slot (``also``).

    Raises:
        LayOffError: if ``group`` is not a ``MeldGroup`` or ``at`` is not
            ``"low"``, ``"high"`` or ``None`` (``at`` is for straights only).
        CardError: for a card that can not be read, has no suit, or is a joker.

    >>> from companion.games.up_to_nine.melds import check_meld
    >>> straight = check_meld(1, "4♣ 5♣ 6♣ 7♣").groups[0]
    >>> check_lay_off(straight, "8♣").at, check_lay_off(straight, "K♣").reason
    ('high', 'K♣ does not continue the clubs straight 4 to 7: only 3♣ or 8♣ fit')
    """
    if not isinstance(group, MeldGroup):
        raise LayOffError(_("lay off onto a group from check_meld or find_meld (MeldVerdict.groups), not {value}").format(
            value=repr(group)))
    if at not in (None, *_ENDS):
        raise LayOffError(_("at is 'low' or 'high' (an end of a straight), not {value}").format(value=repr(at)))
    laid = meld_card(card)
    if group.kind == SET:
        if at is not None:
            raise LayOffError(_("a set has no ends: leave out at when laying off on a set"))
        return _lay_off_on_set(group, laid)
    return _lay_off_on_straight(group, laid, at)


def _lay_off_on_set(group: MeldGroup, laid: Card) -> LayOffVerdict:
    """Laying off on a set: the set's rank in any suit, or a 2 or 3 as a wild
    standing for that rank (seed, "Donering"; rulings.md, Up to 9)."""
    if laid.rank == group.rank:
        return LayOffVerdict(True, "", MeldCard(laid, laid.rank, laid.suit, None, False))
    if is_wild(laid):
        return LayOffVerdict(True, "", MeldCard(laid, group.rank, None, None, True))
    return LayOffVerdict.no(_("{card} does not fit the {group}: it takes only {ranks} (or a 2 or 3 as a wild)").format(
        card=laid, group=group.name, ranks=rank_plural(group.rank)))


def _lay_off_on_straight(group: MeldGroup, laid: Card, at: str | None) -> LayOffVerdict:
    """Laying off on a straight at an open end (``at``, or either): the card
    that continues it in its suit, else a 2 or 3 as a wild for it, the high
    end first; never past an ace (seed, "Donering"; rulings.md, Up to 9)."""
    ends = _lay_off_ends(group, at)
    if not ends:
        return LayOffVerdict.no(_no_open_end(group, at))
    for end, position in ends:
        if laid.suit == group.suit and laid.rank == position_rank(position):
            return LayOffVerdict(True, "", MeldCard(laid, laid.rank, laid.suit, position, False), end)
    if is_wild(laid):
        slots = [MeldCard(laid, position_rank(position), group.suit, position, True) for _end, position in ends]
        return LayOffVerdict(True, "", slots[0], ends[0][0], slots[1] if len(slots) > 1 else None)
    wanted = [str(Card(position_rank(position), group.suit)) for _end, position in reversed(ends)]
    reason = ngettext("{card} does not continue the {group}: only {cards} fits",
                      "{card} does not continue the {group}: only {cards} fit", len(wanted)).format(
        card=laid, group=group.name, cards=join_words(wanted, "or"))
    if at is None and len(ends) == 1:
        reason = _("{reason} (nothing goes past an ace)").format(reason=reason)
    return LayOffVerdict.no(reason)


def _no_open_end(group: MeldGroup, at: str | None) -> str:
    """Why a straight stopped by an ace at the end asked for (``at``, or both) takes no card."""
    if at == "low":
        reason = _("the {group} can not grow at its low end: it stops at the ace")
    elif at == "high":
        reason = _("the {group} can not grow at its high end: it stops at the ace")
    else:
        reason = _("the {group} can not grow at either end: it stops at the ace")
    return reason.format(group=group.name)


def lay_off(group: MeldGroup, card: CardLike, *, at: str | None = None) -> MeldGroup:
    """The group after laying off one card (see :func:`check_lay_off`).

    Args:
        group: one item of ``MeldVerdict.groups`` or an earlier ``lay_off`` result.
        card: the card to lay off; it needs a suit.
        at: ``"low"``, ``"high"`` or ``None``, as in :func:`check_lay_off`.

    Returns:
        A new ``MeldGroup``: a straight one position longer at that end, a
        set one card larger.

    Raises:
        IllegalMove: when the card may not be laid off there; the message says why.
        LayOffError, CardError: as :func:`check_lay_off`.

    Rule: seed, "Donering"; rulings.md, Up to 9 (a laid-off wild is locked).

    >>> from companion.games.up_to_nine.melds import check_meld
    >>> str(lay_off(check_meld(1, "4♣ 5♣ 6♣ 7♣").groups[0], "2♦", at="low"))
    '2♦=3♣ 4♣ 5♣ 6♣ 7♣'
    """
    verdict = check_lay_off(group, card, at=at)
    if not verdict.legal:
        raise IllegalMove(verdict.reason)
    if verdict.at == "low":
        return MeldGroup(group.kind, (verdict.slot, *group.slots))
    return MeldGroup(group.kind, (*group.slots, verdict.slot))


def _wild_as(card: Card, stands_for: Card) -> str:
    """A wild and what it stands for, in words: ``"2♠ as 4♥"``."""
    # TRANSLATORS: a wild card and the card it stands for ("2♠ as 4♥").
    return _("{card} as {stands_for}").format(card=card, stands_for=stands_for)


@dataclass(frozen=True)
class LaidReading:
    """One way to read a group on the table: what each of its cards stands for.

    Attributes:
        group: the group read this way (a ``MeldGroup``, ready for
            :func:`check_lay_off`).
        stands_for: what each card counts as, in the order the cards were
            given (a wild in a set: the rank with no suit, ``Card(8, None)``).
        wild: for each card in that order, True when it is a wild here.

    Rule: seed, "Merk" (a laid wild keeps the card it was laid as).
    """

    group: MeldGroup
    stands_for: tuple[Card, ...]
    wild: tuple[bool, ...]

    @property
    def wild_text(self) -> str:
        """The wilds of this reading in words, ``"2♠ as 4♥"`` (in a set, the
        rank alone: ``"2♠ as 8"``), joined with "and", in the current language; empty when it has none."""
        return join_words([_wild_as(slot.card, slot.stands_for) for slot in self.group.slots if slot.wild])


def _straight_readings(cards: list[Card]) -> list[LaidReading]:
    """Every reading of ``cards`` as one straight with at least one natural card."""
    order = sorted(range(len(cards)), key=lambda i: is_wild(cards[i]))
    found: list[LaidReading] = []
    for suit in SUITS:
        for low in range(LOW_ACE, HIGH_ACE - len(cards) + 2):
            _place(cards, order, suit, range(low, low + len(cards)), {}, found)
    return found


def _place(cards: list[Card], order: list[int], suit: str, positions: range, taken: dict[int, int],
           found: list[LaidReading]) -> None:
    """Add to ``found`` the readings of a ``suit`` straight over ``positions``
    that place the cards ``order`` names (naturals first) on free positions;
    ``taken`` maps the positions filled so far to card indices."""
    if len(taken) == len(cards):
        slots = []
        for position in sorted(taken):
            card = cards[taken[position]]
            natural = card.suit == suit and card.rank == position_rank(position)
            slots.append(MeldCard(card, position_rank(position), suit, position, not natural))
        if all(slot.wild for slot in slots):
            return
        by_card = {taken[slot.position]: slot for slot in slots}
        found.append(LaidReading(
            MeldGroup("straight", tuple(slots)),
            tuple(by_card[i].stands_for for i in range(len(cards))),
            tuple(by_card[i].wild for i in range(len(cards))),
        ))
        return
    index = order[len(taken)]
    card = cards[index]
    for position in positions:
        if position not in taken and (is_wild(card) or (card.suit == suit and card.rank == position_rank(position))):
            _place(cards, order, suit, positions, {**taken, position: index}, found)


def _set_readings(cards: list[Card]) -> list[LaidReading]:
    """Every reading of ``cards`` as one set (its rank is one of the cards' ranks)."""
    found = []
    for rank in dict.fromkeys(card.rank for card in cards):
        if not all(card.rank == rank or is_wild(card) for card in cards):
            continue
        wild = tuple(card.rank != rank for card in cards)
        slots = tuple(
            [MeldCard(card, rank, card.suit, None, False) for card, w in zip(cards, wild, strict=True) if not w]
            + [MeldCard(card, rank, None, None, True) for card, w in zip(cards, wild, strict=True) if w]
        )
        stands = tuple(Card(rank, None) if w else card for card, w in zip(cards, wild, strict=True))
        found.append(LaidReading(MeldGroup(SET, slots), stands, wild))
    return found


def _same_group(one: MeldGroup, other: MeldGroup) -> bool:
    """True when two groups hold the same cards standing for the same cards."""
    def key(group: MeldGroup) -> list[tuple[str, str, bool]]:
        return sorted((slot.card.code, slot.stands_for.code, slot.wild) for slot in group.slots)
    return key(one) == key(other)


def laid_readings(kind: str, cards: CardsLike) -> tuple[LaidReading, ...]:
    """Every way a group lying on the table can be read.

    Args:
        kind: ``"straight"`` or ``"set"``.
        cards: the group's cards as they lie (a list of cards or card
            strings, or one string such as ``"5♥ 6♥ 7♥ 2♠"``).

    Returns:
        The distinct readings (two equal wilds swapped count once), the
        checker's own reading first (``check_group``'s cheapest), then by
        fewest wilds; ``()`` when the cards make no such group.

    Raises:
        LevelError: for an unknown kind.
        CardError: for a card that can not be read, has no suit, or is a joker.

    Rule: seed, "Kombinasjonstypene", "Hjertet i spillet" and "Merk" (a
    laid wild keeps what it was laid as); the project's rulings, Up to 9.

    >>> [r.wild_text for r in laid_readings("straight", "5♥ 6♥ 7♥ 2♠")]
    ['2♠ as 8♥', '2♠ as 4♥']
    """
    if kind not in KINDS:
        raise LevelError(_("a group is a straight or a set, not {kind}").format(kind=repr(kind)))
    return _readings(kind, tuple(meld_cards(cards)))


@lru_cache(maxsize=64)
def _readings(kind: str, held: tuple[Card, ...]) -> tuple[LaidReading, ...]:
    """:func:`laid_readings` of cards already read (kept for the last few
    groups: the checker asks again on every tap)."""
    first = check_group(kind, held)
    if not first:
        return ()
    found = _set_readings(held) if kind == SET else _straight_readings(held)
    readings: list[LaidReading] = []
    for reading in sorted(found, key=lambda r: (not _same_group(r.group, first.groups[0]), r.group.wilds)):
        if not any(_same_group(reading.group, seen.group) for seen in readings):
            readings.append(reading)
    return tuple(readings)


def _agrees(reading: LaidReading, chosen: Mapping[int, Card]) -> bool:
    return all(reading.stands_for[index] == card for index, card in chosen.items())


def _chosen(held_count: int, stands_for: Mapping[int, CardLike] | None) -> dict[int, Card]:
    """``stands_for`` checked: card index (0 .. ``held_count`` - 1) -> the card it stands for."""
    chosen = {}
    for index, card in (stands_for or {}).items():
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < held_count:
            raise LayOffError(_("a wild is named by its place in the group, 0 to {last}, not {value}").format(
                last=held_count - 1, value=repr(index)))
        chosen[index] = as_card(card)
    return chosen


def read_laid(kind: str, cards: CardsLike, stands_for: Mapping[int, CardLike] | None = None) -> LaidReading:
    """The group on the table read the way its players laid it.

    Args:
        kind: ``"straight"`` or ``"set"``.
        cards: the group's cards as they lie.
        stands_for: card index (into ``cards``) -> the card that wild was
            laid as (``{3: "4♥"}``; in a set, a rank: ``{2: "8"}``); the
            wilds not named take the checker's reading.

    Returns:
        The first reading of :func:`laid_readings` that agrees with every
        named wild.

    Raises:
        LayOffError: when the cards make no such group (``check_group``'s
            reason), an index is not a place in the group, or the named
            readings do not fit together (the message names them).
        LevelError, CardError: as :func:`laid_readings`.

    Rule: seed, "Merk" (a laid wild keeps what it was laid as).

    >>> str(read_laid("straight", "5♥ 6♥ 7♥ 2♠", {3: "4♥"}).group)
    '2♠=4♥ 5♥ 6♥ 7♥'
    """
    readings = laid_readings(kind, cards)
    held = meld_cards(cards)
    if not readings:
        raise LayOffError(check_group(kind, held).reason)
    chosen = _chosen(len(held), stands_for)
    for reading in readings:
        if _agrees(reading, chosen):
            return reading
    named = join_words([_wild_as(held[index], card) for index, card in chosen.items()])
    if kind == SET:
        raise LayOffError(_("this set can not be read with {wilds}").format(wilds=named))
    raise LayOffError(_("this straight can not be read with {wilds}").format(wilds=named))


def wild_choices(kind: str, cards: CardsLike, index: int,
                 stands_for: Mapping[int, CardLike] | None = None) -> tuple[Card, ...]:
    """What card ``index`` of a group on the table may stand for, the other
    wilds read as ``stands_for`` says (its own entry there is ignored).

    Returns:
        The cards it stands for across the agreeing readings, the checker's
        reading first, each once; one card for a card that can only be itself.

    Raises:
        LayOffError, LevelError, CardError: as :func:`read_laid`.

    Rule: seed, "Merk"; the project's rulings, Up to 9.

    >>> [str(card) for card in wild_choices("straight", "5♥ 6♥ 7♥ 2♠", 3)]
    ['8♥', '4♥']
    """
    readings = laid_readings(kind, cards)
    held = meld_cards(cards)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(held):
        raise LayOffError(_("a wild is named by its place in the group, 0 to {last}, not {value}").format(
            last=len(held) - 1, value=repr(index)))
    chosen = {i: card for i, card in _chosen(len(held), stands_for).items() if i != index}
    return tuple(dict.fromkeys(r.stands_for[index] for r in readings if _agrees(r, chosen)))


def lay_off_by_reading(kind: str, cards: CardsLike, card: CardLike) -> tuple[tuple[LaidReading, LayOffVerdict], ...]:
    """A lay-off judged on every reading of the group on the table.

    Args:
        kind: ``"straight"`` or ``"set"``.
        cards: the group's cards as they lie.
        card: the card to lay off.

    Returns:
        (reading, :func:`check_lay_off`'s verdict on it) for every reading
        of :func:`laid_readings`, in that order: when the verdicts differ,
        the answer depends on what the table's wilds were laid as.

    Raises:
        LevelError, CardError: as :func:`laid_readings`.

    Rule: seed, "Donering" and "Merk"; the project's rulings, Up to 9.

    >>> [(r.wild_text, v.legal) for r, v in lay_off_by_reading("straight", "5♥ 6♥ 7♥ 2♠", "8♥")]
    [('2♠ as 8♥', False), ('2♠ as 4♥', True)]
    """
    return tuple((reading, check_lay_off(reading.group, card)) for reading in laid_readings(kind, cards))
