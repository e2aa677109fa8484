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

from collections.abc import Mapping, Sequence
from typing import Any

from companion.i18n import N_, _, ngettext
from companion.cards import RANK_LABELS, Card, CardError, CardLike, CardsLike, as_card, as_cards
from companion.verdict import Verdict
from companion.wording import join_words, markdown_table, whole_number

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
                "The joker is only used in the wild joker variant: "
                "turn the variant on for this game, or take the joker out"
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


def _check_total(name: str, total: object, player: str | None = None) -> int:
    """A running total in penalty points, 0 or more; ``OneUpScoreError`` naming it if not.

    ``name`` is an English msgid ("The running total", or "{name}'s total"
    with ``player`` for ``{name}``), translated only when the total is refused.
    """
    if type(total) is int and total >= 0:
        return total
    what = _(name).format(name=player) if player is not None else _(name)
    return whole_number(total, _("{name} (penalty points)").format(name=what), error=OneUpScoreError)


def _check_mapping(name: str, value: object) -> Mapping:
    """``value`` if it is a mapping of player names, else ``OneUpScoreError`` naming it
    (``name``: an English msgid, translated only then)."""
    if type(value) is not dict and not isinstance(value, Mapping):
        raise OneUpScoreError(_("{what} must map each player's name to a value, not {value}").format(
            what=_(name), value=repr(value)))
    return value


def give_back(total: int) -> int:
    """Points the player who goes out takes off their running total.

    Args:
        total: that player's running total before this round (points, >= 0).

    Returns:
        10 if the total is 10 or more, else 1 if it is 1 or more, else 0
        (from ``GIVE_BACK``).

    Raises:
        OneUpScoreError: for a negative or non-integer total.

    Rule: seed, "Scoring" ("Going out pays"); rulings.md, One Up.

    >>> give_back(23), give_back(4), give_back(0)
    (10, 1, 0)
    """
    return _give_back(_check_total(N_("The running total"), total))


def _give_back(total: int) -> int:
    """:func:`give_back` of a total already checked: points (seed, "Scoring")."""
    for threshold, points in GIVE_BACK:
        if total >= threshold:
            return points
    return 0


def score_round(
    totals: Mapping[str, int],
    hands: Mapping[str, CardsLike],
    went_out: str | None,
    *,
    joker: bool = False,
) -> dict[str, int]:
    """Score one round and return the new running totals.

    Args:
        totals: player name -> running total before this round (points,
            >= 0). A player in ``hands`` but not here starts from 0, so the
            first round may pass ``{}``.
        hands: player name -> the cards each player has left, in hand or
            dropped face down (a list or one string); the player who went
            out has an empty hand (and may be left out). Every other player
            in ``totals`` must be here.
        went_out: the player who played their last card, or ``None`` when
            everybody dropped out.
        joker: True when the wild joker variant is played.

    Returns:
        Player name -> new running total, in the order of ``hands``: each
        player adds ``hand_penalty`` of their cards; the player who went out
        adds nothing and takes off ``give_back`` of their total before this
        round. Totals never go below 0.

    Raises:
        OneUpScoreError: ``totals`` or ``hands`` not a mapping, a player in
            ``totals`` missing from ``hands``, a negative total, ``went_out``
            not a player, the player who went out still holding cards, or an
            empty hand for someone who did not go out.
        CardError: a card that is not a One Up card.

    Rule: seed, "End of a round" and "Scoring"; rulings.md, One Up.

    >>> score_round({"Ann": 12, "Ben": 3}, {"Ann": [], "Ben": "K 4 4"}, "Ann")
    {'Ann': 2, 'Ben': 17}
    """
    if type(totals) is not dict:
        totals = _check_mapping(N_("The running totals"), totals)
    if type(hands) is not dict:
        hands = _check_mapping(N_("The hands"), hands)
    if went_out is not None and went_out not in hands and went_out in totals:
        hands = {**hands, went_out: []}
    if not hands.keys() >= totals.keys():
        missing = [name for name in totals if name not in hands]
        raise OneUpScoreError(_(
            "No cards entered for {names}: enter the cards they have left "
            "(an empty hand only for the player who went out)"
        ).format(names=join_words(missing)))
    if went_out is not None and went_out not in hands:
        raise OneUpScoreError(_("{name} went out but is not a player in this round").format(name=went_out))
    penalty_of = _penalty_by_bits()
    new_totals: dict[str, int] = {}
    for name, cards in hands.items():
        before = totals.get(name, 0)
        if type(before) is not int or before < 0:
            before = _check_total(N_("{name}'s total"), before, name)
        if name == went_out:
            if (cards or type(cards) is not list) and as_cards(cards):
                raise OneUpScoreError(
                    _("{name} went out, so {name} has no cards left: clear {name}'s hand").format(name=name)
                )
            new_totals[name] = before - _give_back(before)
            continue
        bits = _held_bits(cards, joker)
        if not bits:
            raise OneUpScoreError(_(
                "{name} has no cards left, so {name} went out: mark {name} as the player who went out"
            ).format(name=name))
        new_totals[name] = before + penalty_of[bits]
    return new_totals


def is_game_over(totals: Mapping[str, int], *, limit: int = GAME_LIMIT) -> bool:
    """True when some player's running total has reached the limit.

    Args:
        totals: player name -> running total (points).
        limit: the game's limit in points (40; 30 for the short game).

    Raises:
        OneUpScoreError: for ``totals`` not a mapping, a limit below 1 or a
            negative total.

    Rule: seed, "Winning the game" and "Variants" (short game).

    >>> is_game_over({"Ann": 39, "Ben": 12}), is_game_over({"Ann": 30}, limit=30)
    (False, True)
    """
    if type(limit) is not int or limit < 1:
        whole_number(limit, _("The game limit (points)"), least=1, error=OneUpScoreError)
    totals = _check_mapping(N_("The running totals"), totals)
    for name, total in totals.items():
        if type(total) is not int or total < 0:
            total = _check_total(N_("{name}'s total"), total, name)
        if total >= limit:
            return True
    return False


def winners(totals: Mapping[str, int]) -> list[str]:
    """The players with the fewest points; players who tie share the win.

    Args:
        totals: player name -> running total (points).

    Returns:
        The winning names in the order of ``totals``; ``[]`` for no players.

    Raises:
        OneUpScoreError: for ``totals`` not a mapping or a negative total.

    Rule: seed, "Winning the game".

    >>> winners({"Ann": 12, "Ben": 9, "Cy": 9})
    ['Ben', 'Cy']
    """
    totals = _check_mapping(N_("The running totals"), totals)
    checked = {name: _check_total(N_("{name}'s total"), total, name) for name, total in totals.items()}
    if not checked:
        return []
    fewest = min(checked.values())
    return [name for name, total in checked.items() if total == fewest]


def chips(total: int) -> tuple[int, int]:
    """A running total as chips: (black chips worth 10, white chips worth 1).

    Args:
        total: points, >= 0; e.g. 23 -> (2, 3).

    Raises:
        OneUpScoreError: for a negative or non-integer total.

    Rule: seed, "Variants" (chips); rulings.md, One Up.

    >>> chips(23)
    (2, 3)
    """
    total = _check_total(N_("The running total"), total)
    black, white = CHIP_VALUES
    return total // black, (total % black) // white


def next_starter(went_out: str | None, dropped_out: Sequence[str]) -> str:
    """Who starts the next round: the player who ended this one.

    Args:
        went_out: the player who went out, or ``None``.
        dropped_out: the players who dropped out, in the order they did.

    Returns:
        ``went_out`` if someone went out, else the last player to drop out.

    Raises:
        OneUpScoreError: if nobody went out and nobody dropped out.

    Rule: seed, "Scoring" (last paragraph); rulings.md, One Up.

    >>> next_starter(None, ["Ben", "Cy"])
    'Cy'
    """
    if went_out is not None:
        return went_out
    if not dropped_out:
        raise OneUpScoreError(_("The round has not ended: nobody went out and nobody dropped out"))
    return dropped_out[-1]


def rule_figures(options: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The figures One Up's rules text uses, by placeholder name.

    Args:
        options: the game's options (house rule ``limit``, points); ``None``
            for the standard game.

    Returns:
        Placeholder name (``one_up_deck``, ``one_up_limit``, ...) to the
        text that takes its place: deck lines, the penalty table, the
        scoring example priced by :func:`hand_penalty`, chips and
        give-back wording, the limits.

    Raises:
        OneUpScoreError: for a ``limit`` that is not a whole number from 1.

    Rule: seed 000, "Setup", "Scoring", "Winning the game" and "Variants";
    rulings.md, One Up.

    >>> figures = rule_figures({"limit": 30})
    >>> figures["one_up_limit"], figures["one_up_example"]
    ('30', '4, 4, 6 and K left in a hand cost 4 + 6 + 10 = 20 points; two 2s cost only 2.')
    """
    # The setup table reads this module's constants when it loads, so it is
    # imported when the figures are asked for, not when this module loads.
    from companion import setup

    limit = whole_number((options or {}).get("limit", GAME_LIMIT), _("One Up's limit (points)"),
                         least=1, error=OneUpScoreError)
    first = setup.plan("one_up", setup.GAMES["one_up"].players.start)
    deck = "\n".join(f"- {line}" for line in first.deck)
    left = ["4", "4", "6", "K"]
    sums = " + ".join(str(PENALTY_POINTS[value]) for value in dict.fromkeys(left))
    chip_total = 23
    black, white = chips(chip_total)
    give_back_parts = [_("{back} if it was {least} or more").format(back=back, least=least) for least, back in GIVE_BACK]
    players = setup.GAMES["one_up"].players
    return {
        "one_up_deck": ngettext(
            "From {decks} standard 52-card deck, pick out these {cards} cards:\n\n{deck}\n\n"
            "The rest stays in the box (the wild joker variant puts one joker back in).",
            "From {decks} standard 52-card decks, pick out these {cards} cards:\n\n{deck}\n\n"
            "The rest stays in the box (the wild joker variant puts one joker back in).",
            first.decks,
        ).format(decks=first.decks, cards=first.deck_size, deck=deck),
        "one_up_cards": str(first.deck_size),
        "one_up_hand": str(first.hand_size),
        "one_up_joker_points": str(PENALTY_POINTS[JOKER]),
        "one_up_values": markdown_table([_("Card"), _("Penalty points")], [
            *((value, PENALTY_POINTS[value]) for value in VALUE_CIRCLE),
            (_("Joker (wild joker variant)"), PENALTY_POINTS[JOKER]),
        ]),
        "one_up_example": _(
            "{cards} left in a hand cost {sums} = {points} points; two 2s cost only {twos}."
        ).format(cards=join_words(left), sums=sums, points=hand_penalty(left), twos=hand_penalty(["2", "2"])),
        "one_up_players": _("{least} to {most}").format(least=players.start, most=players.stop - 1),
        "one_up_chips": _("a total of {total} is {black} black chips and {white} white ones").format(
            total=chip_total, black=black, white=white),
        # TRANSLATORS: what goes between two give-backs ("10 if it was 10 or more, else 1 if it was 1 or more").
        "one_up_give_back": _("You take back {amounts}, else nothing.").format(amounts=_(", else ").join(give_back_parts)),
        "one_up_limit": str(limit),
        "one_up_standard_limit": str(GAME_LIMIT),
        "one_up_short_limit": str(SHORT_GAME_LIMIT),
        "one_up_black_chip": str(CHIP_VALUES[0]),
        "one_up_white_chip": str(CHIP_VALUES[1]),
    }
