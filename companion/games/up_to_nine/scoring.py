"""Up to 9: penalty points, standings between rounds, and who has won.

Source: seed ``003_5f63daae766756c0.txt``, "Nivåprogresjon", "Slutt på runden
og straffepoeng" and "Målet og seier"; rulings.md, Up to 9.

The functions here take one shape per argument: a ``Standing`` per player,
a ``RoundResult`` per player.  Saved entries are turned into these by the pad.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from companion.cards import CardError, CardsLike, as_cards, rank_letter
from companion.games.up_to_nine.levels import FINISHED, LEVEL_COUNT, LEVELS, Level, check_levels
from companion.games.up_to_nine.readings import no_joker
from companion.i18n import _, ngettext
from companion.wording import join_words, whole_number

PENALTY_GROUPS: tuple[tuple[tuple[int, ...], int], ...] = (
    ((2, 3), 20),
    ((1,), 15),
    ((10, 11, 12, 13), 10),
    ((4, 5, 6, 7, 8, 9), 5),
)
"""(ranks, penalty points per card left in hand) rows: 2 and 3 = 20 (seed,
"Slutt på runden og straffepoeng"); A = 15, 10 J Q K = 10, 4-9 = 5
(rulings.md, Up to 9, preset)."""

PENALTY_POINTS: dict[int, int] = {
    rank: points for ranks, points in PENALTY_GROUPS for rank in ranks
}
"""Rank (1 = ace .. 13 = king) to penalty points, from ``PENALTY_GROUPS``."""

HAND_SIZE = 11
"""Cards dealt to each player (seed, "En runde, steg for steg": 11 kort).
A hand holds at most this many when a round ends: every turn draws one card
and discards one."""

MAX_HAND_PENALTY = HAND_SIZE * max(PENALTY_POINTS.values())
"""The most penalty points one hand can cost in a round (11 cards x 20)."""

PENALTY_STEP = math.gcd(*PENALTY_POINTS.values())
"""Every hand's penalty is a multiple of this (5 with the preset values)."""


class UpToNineScoreError(ValueError):
    """Standings or round results that can not be scored; the message says what to fix."""


def penalty_groups() -> list[tuple[list[str], int]]:
    """The penalty table for display, letters in the current language: ``[(["2", "3"], 20), (["A"], 15), ...]``.

    Rule: seed, "Slutt på runden og straffepoeng" (2 and 3); the rest is the
    preset in rulings.md, Up to 9.

    >>> penalty_groups()[0]
    (['2', '3'], 20)
    """
    return [([rank_letter(rank) for rank in ranks], points) for ranks, points in PENALTY_GROUPS]


def hand_penalty(cards: CardsLike) -> int:
    """Penalty points for the cards left in a hand when a round ends.

    2 and 3 = 20 each (seed, "Slutt på runden og straffepoeng"); A = 15,
    10 J Q K = 10, 4-9 = 5 (rulings.md, Up to 9).  Suits do not matter here,
    so a rank alone (``"K"``) is accepted.

    Args:
        cards: a list of cards or card strings, or one string (``"K 2♥ 5"``).

    Returns:
        The sum in penalty points (0 for no cards).

    Raises:
        CardError: for a card that can not be read, or a joker.

    >>> hand_penalty("K 2♥ 5"), hand_penalty([])
    (35, 0)
    """
    return sum(PENALTY_POINTS[no_joker(card).rank] for card in as_cards(cards))


class Standing(NamedTuple):
    """Where a player stands between rounds.

    Attributes:
        level: the contract the player is on now, 1..9; 10 once they have
            laid down level 9 (finished).
        penalty: accumulated penalty points.

    A standing is a ``(level, penalty)`` pair (it unpacks and compares as
    one); it does not equal a mapping.

    Rule: seed, "Nivåprogresjon".

    >>> Standing(2, 35).level, Standing(2, 35) == (2, 35)
    (2, True)
    """

    level: int
    penalty: int


@dataclass(frozen=True)
class RoundResult:
    """What one player did in a round.

    Attributes:
        laid_down: True when the player laid down their contract this round.
        hand: the cards left in hand (empty for the player who went out).
        points: a penalty figure entered instead of cards; used when not None.

    Rule: seed, "Nivåprogresjon" and "Slutt på runden og straffepoeng".
    """

    laid_down: bool
    hand: CardsLike = ()
    points: int | None = None


def _players(what: str, value: Any) -> Mapping[str, Any]:
    """``value`` if it maps player names to entries, else an error naming ``what`` (shown as written)."""
    if not isinstance(value, Mapping):
        raise UpToNineScoreError(_("{what} must map each player's name to an entry, not {value}").format(
            what=what, value=repr(value)))
    return value


def _standing(name: str, standing: Any) -> Standing:
    """Check one player's ``Standing``: a level 1..10 and penalty points from 0."""
    if not isinstance(standing, Standing):
        raise UpToNineScoreError(_("{name}'s standing is a Standing(level, penalty), not {value}").format(
            name=name, value=repr(standing)))
    whole_number(standing.level, _("{name}'s level (1 to {last}, or {finished} when finished)").format(
        name=name, last=LEVEL_COUNT, finished=FINISHED), least=1, most=FINISHED, error=UpToNineScoreError)
    whole_number(standing.penalty, _("{name}'s penalty points").format(name=name), error=UpToNineScoreError)
    return standing


def _result(name: str, result: Any) -> RoundResult:
    """Check one player's ``RoundResult``: laid_down a bool, points a figure a hand can cost."""
    if not isinstance(result, RoundResult):
        raise UpToNineScoreError(_("{name}'s round result must be a RoundResult, not {value}").format(
            name=name, value=repr(result)))
    if not isinstance(result.laid_down, bool):
        raise UpToNineScoreError(_("{name}'s laid_down must be true or false, not {value}").format(
            name=name, value=repr(result.laid_down)))
    if result.points is not None:
        _check_points(name, result.points)
    return result


def _check_points(name: str, points: Any) -> None:
    """Refuse a penalty figure no hand can cost (rulings.md, Up to 9: penalties)."""
    whole_number(points, _("{name}'s penalty points").format(name=name), error=UpToNineScoreError)
    if points > MAX_HAND_PENALTY:
        raise UpToNineScoreError(_(
            "{name}'s {points} penalty points are more than a hand can cost: at most {cards} cards "
            "x {most} = {limit}. Check the figure, or enter the cards instead."
        ).format(name=name, points=points, cards=HAND_SIZE, most=max(PENALTY_POINTS.values()),
                 limit=MAX_HAND_PENALTY))
    if points % PENALTY_STEP:
        raise UpToNineScoreError(_(
            "{name}'s {points} penalty points can not come from a hand: every card costs a multiple of "
            "{step}. Check the figure, or enter the cards instead."
        ).format(name=name, points=points, step=PENALTY_STEP))


def check_hand_size(name: str, cards: CardsLike) -> None:
    """Refuse a hand of more cards than anyone holds when a round ends.

    Args:
        name: the player's name, for the message.
        cards: the cards left in their hand (a list of cards or texts, or one string).

    Raises:
        UpToNineScoreError: for more than ``HAND_SIZE`` (11) cards.
        CardError: for a card that can not be read.

    Rule: seed 003, "En runde, steg for steg": 11 cards are dealt, and each
    turn draws one and discards one, so a hand never ends a turn with more.

    >>> check_hand_size("Ann", "K " * 11)
    >>> check_hand_size("Ann", "5 " * 12)
    Traceback (most recent call last):
    ...
    companion.games.up_to_nine.scoring.UpToNineScoreError: Ann has 12 cards left, but a hand holds at most 11 when a round ends: check the cards entered.
    """
    count = len(as_cards(cards))
    if count > HAND_SIZE:
        raise UpToNineScoreError(_(
            "{name} has {count} cards left, but a hand holds at most {most} when a round ends: "
            "check the cards entered."
        ).format(name=name, count=count, most=HAND_SIZE))


def score_round(
    standings: Mapping[str, Standing],
    results: Mapping[str, RoundResult],
    *,
    levels: Sequence[Level] = LEVELS,
) -> dict[str, Standing]:
    """The standings after a round (seed, "Nivåprogresjon" and "Slutt på runden
    og straffepoeng"; rulings.md, Up to 9).

    Everyone who laid down moves up one level (from 9 to 10 = finished);
    everyone's penalty points grow by their cards left in hand (or the
    points entered), 0 for the player who went out.

    Args:
        standings: player name to ``Standing``.
        results: player name to ``RoundResult``; one per player in standings.
        levels: the level table (checked; a game has 9 levels).

    Returns:
        Player name to the new ``Standing``, in the order of ``standings``.

    Raises:
        UpToNineScoreError: (a ValueError) for standings or results that are not a
            mapping, a missing or unknown player, a level outside 1..10,
            a points figure no hand can cost (negative, over
            ``MAX_HAND_PENALTY`` = 220, or not a multiple of 5), a finished player laying down again, a hand
            that can not be read, two or more players who went out (only one
            can), or a player who went out without laying down.
        LevelError: for a bad level table.

    A player went out when their hand is given as no cards (see
    :func:`went_out`); a penalty figure of 0 is not going out.

    >>> score_round({"Ann": Standing(1, 0), "Ben": Standing(1, 0)},
    ...             {"Ann": RoundResult(True), "Ben": RoundResult(False, "K♠ 2♥")})
    {'Ann': Standing(level=2, penalty=0), 'Ben': Standing(level=1, penalty=30)}
    """
    check_levels(levels)
    standings = _players(_("the standings"), standings)
    results = _players(_("the round results"), results)
    _check_same_players(standings, results)
    read = {name: _read_player(name, raw, results[name]) for name, raw in standings.items()}
    _check_going_out(read)
    return {
        name: Standing(standing.level + result.laid_down, standing.penalty + points)
        for name, (standing, result, points) in read.items()
    }


def _check_same_players(standings: Mapping[str, Any], results: Mapping[str, Any]) -> None:
    """Refuse results that leave out a player in the standings or name one who is not in them."""
    missing = [name for name in standings if name not in results]
    if missing:
        raise UpToNineScoreError(_("no round result for {names}: say whether they laid down and what they hold").format(
            names=join_words(missing)))
    unknown = [name for name in results if name not in standings]
    if unknown:
        raise UpToNineScoreError(ngettext("{names} is not in this game's standings",
                                          "{names} are not in this game's standings", len(unknown)).format(
            names=join_words(unknown)))


def _read_player(name: str, raw_standing: Any, raw_result: Any) -> tuple[Standing, RoundResult, int]:
    """One player's standing and result, checked, with the penalty points of the round: the
    figure entered, else the cards left in hand (seed, "Slutt på runden og straffepoeng");
    a finished player can not lay down again (seed, "Nivåprogresjon")."""
    standing = _standing(name, raw_standing)
    result = _result(name, raw_result)
    if result.laid_down and standing.level == FINISHED:
        raise UpToNineScoreError(_("{name} has already laid down level {level}: there is no level after it").format(
            name=name, level=LEVEL_COUNT))
    if result.points is not None:
        return standing, result, result.points
    try:
        return standing, result, hand_penalty(result.hand)
    except CardError as error:
        raise UpToNineScoreError(_("{name}'s hand: {error}").format(name=name, error=error)) from error


def _check_going_out(read: Mapping[str, tuple[Standing, RoundResult, int]]) -> None:
    """Refuse a round where more than one player went out, or the one who went out did not lay
    down (seed, "Slutt på runden og straffepoeng": the round ends when one player has no cards)."""
    out = [name for name, (_standing, result, _points) in read.items() if went_out(result, name)]
    if len(out) > 1:
        raise UpToNineScoreError(_(
            "{names} have nothing left, but only one player can go out in a round: "
            "enter the cards or penalty points of the others"
        ).format(names=join_words(out)))
    if out and not read[out[0]][1].laid_down:
        name = out[0]
        raise UpToNineScoreError(_(
            "{name} has nothing left, so {name} went out and must have laid down: "
            "mark {name} as laid down, or enter {name}'s cards"
        ).format(name=name))


def went_out(result: RoundResult, player: str | None = None) -> bool:
    """True when a round result says the player went out: an empty hand given
    as cards (not a penalty figure of 0).

    Args:
        result: a ``RoundResult``.
        player: whose result it is, named in a refusal (None: "the player").

    Returns:
        True when ``points`` is None and the hand holds no cards.

    Raises:
        UpToNineScoreError: for a result that can not be read (see :func:`score_round`),
            or a hand that can not be read.

    Rule: seed, "Slutt på runden og straffepoeng" (the round ends when one
    player has no cards left).

    >>> went_out(RoundResult(True)), went_out(RoundResult(False, points=0))
    (True, False)
    """
    read = _result(player or _("the player"), result)
    if read.points is not None:
        return False
    try:
        return not as_cards(read.hand)
    except CardError as error:
        raise UpToNineScoreError(_("the hand: {error}").format(error=error)) from error


def winners(standings: Mapping[str, Standing]) -> list[str]:
    """Who has won (seed, "Målet og seier"; rulings.md, Up to 9).

    Args:
        standings: player name to ``Standing``.

    Returns:
        The players at level 10 (laid down level 9); if several, those with
        the fewest accumulated penalty points (equal ones share the win), in
        the order of ``standings``.  ``[]`` while nobody has finished.

    Raises:
        UpToNineScoreError: for standings that are not a mapping, or a standing
            that can not be read.

    >>> winners({"Ann": Standing(10, 40), "Ben": Standing(10, 25), "Cy": Standing(9, 0)})
    ['Ben']
    """
    read = {name: _standing(name, raw) for name, raw in _players(_("the standings"), standings).items()}
    finished = {name: s.penalty for name, s in read.items() if s.level == FINISHED}
    if not finished:
        return []
    fewest = min(finished.values())
    return [name for name, penalty in finished.items() if penalty == fewest]

