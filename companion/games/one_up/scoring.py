"""One Up: the score of a round and the end of the game.

Penalties come from the cards left (:func:`companion.games.one_up.rules.hand_penalty`);
here the give-back, the running totals, the end of the game, its winners,
the chips view and who starts the next round.  Source: seed
``000_02c14a96903c59d4.txt``, "End of a round", "Scoring", "Winning the
game"; rulings.md, "One Up".
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.cards import CardsLike, as_cards
from companion.games.one_up.rules import (
    CHIP_VALUES,
    GAME_LIMIT,
    GIVE_BACK,
    OneUpScoreError,
    _BITS_BY_TEXT,
    _penalty_by_bits,
    stored_bits,
)
from companion.i18n import N_, _
from companion.wording import join_words, whole_number

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


def _round_inputs(
    totals: Mapping[str, int], hands: Mapping[str, CardsLike], went_out: str | None,
) -> tuple[Mapping[str, int], Mapping[str, CardsLike]]:
    """:func:`score_round`'s totals and hands checked, the hand of the player who went out
    added as empty when left out; ``OneUpScoreError`` as :func:`score_round` says."""
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
    return totals, hands


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
    totals, hands = _round_inputs(totals, hands, went_out)
    cards = {name: as_cards(held) for name, held in hands.items()}
    return _score_hands({name: totals.get(name, 0) for name in cards}, cards, went_out, _BITS_BY_TEXT[bool(joker)],
                        _penalty_by_bits())


def score_stored_round(
    totals: dict[str, int], hands: dict[str, list[str]], went_out: str | None, *, joker: bool = False,
) -> dict[str, int]:
    """:func:`score_round` of a round as a saved game holds it, read without checking its form again.

    Args:
        totals: player name -> running total before this round (whole
            points, 0 or more).
        hands: player name -> the cards left as a list of card texts in the
            stored form (``companion.cards.card_texts``), exactly the
            players of ``totals``.
        went_out: the player who went out, or ``None``.
        joker: True when the wild joker variant is played.

    Returns:
        The new running totals in the order of ``hands``, as
        :func:`score_round` gives them. Each card text's value is read from
        a table kept per text (:func:`companion.games.one_up.rules.stored_bits`),
        so a text is worked out once however many rounds hold it.

    Raises:
        OneUpScoreError: the player who went out holding cards, or another
            player with none (the words of :func:`score_round`).
        CardError: a card that is not a One Up card.
        KeyError: a card text not in the stored form, or a player of
            ``hands`` without a total.
        TypeError: a hand that is not a list.

    Rule: seed, "End of a round" and "Scoring"; rulings.md, One Up.
    """
    return stored_round_scorer(joker)(totals, hands, went_out)


def stored_round_scorer(
    joker: bool = False,
) -> Callable[[dict[str, int], dict[str, list[str]], str | None], dict[str, int]]:
    """:func:`score_stored_round` for many rounds in a row: a function of (totals, hands,
    went_out) that scores a round as it does, ``joker`` (the wild joker variant on or off) and
    the penalty points as they are now read once for all the rounds it scores (a game replayed
    from its saved rounds). Raises as :func:`score_stored_round`.

    Rule: seed, "End of a round" and "Scoring"; rulings.md, One Up.
    """
    return functools.partial(_score_hands, bit_of=stored_bits(joker), penalty_of=_penalty_by_bits())


def _score_hands(
    totals: Mapping[str, int], hands: dict[str, list[Any]], went_out: str | None, bit_of: Mapping[Any, int],
    penalty_of: Sequence[int],
) -> dict[str, int]:
    """The new totals of :func:`score_round` from hands each given as a list, a card's value bit
    read from ``bit_of`` (card -> bit, ``rules._VALUE_BITS``) and the penalty points of a set of
    values from ``penalty_of`` (``rules._penalty_by_bits``), ``totals`` holding every player of
    ``hands``: each player adds the penalty points of
    the values held, each once; the player who went out holds nothing and takes off the give-back
    (seed, "End of a round" and "Scoring"). Raises as :func:`score_stored_round`.
    """
    new_totals: dict[str, int] = {}
    for name, cards in hands.items():
        before = totals[name]
        if type(before) is not int or before < 0:
            before = _check_total(N_("{name}'s total"), before, name)
        if type(cards) is not list:
            raise TypeError(f"a hand to score is a list of cards, not {type(cards).__name__}")
        if name == went_out:
            if cards:
                raise OneUpScoreError(
                    _("{name} went out, so {name} has no cards left: clear {name}'s hand").format(name=name))
            new_totals[name] = before - _give_back(before)
            continue
        bits = 0
        for card in cards:
            bits |= bit_of[card]
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
