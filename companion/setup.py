"""The dealer's setup guide by game id: which cards, how many each, and what to say.

Each game's setup row lives in its package (``companion/games/<id>/``,
``SPEC.setup``); the plan worked out from a row is
:mod:`companion.games.setup_rows`.  This module finds a row by game id
through the registry, for the screens and the checker, which know a game
by its id.

Sources: the Setup sections of the games' seeds and rulings.md (see each
row's ``source``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion import registry
from companion.cards import Card, CardsLike
from companion.games import setup_rows
from companion.games.setup_rows import GameSetup, SetupError, SetupPlan
from companion.games.spec import OptionError
from companion.i18n import _
from companion.verdict import Verdict

__all__ = ["GameSetup", "SetupError", "SetupPlan", "check_copies", "copies_in_deck", "plan", "plans_by_deck", "row"]


def row(game: str) -> GameSetup:
    """The setup row of a game id (case and surrounding spaces do not matter).

    Raises:
        SetupError: for an unknown game (the message lists the ids).
    """
    key = game.strip().lower() if isinstance(game, str) else None
    if key not in registry.GAME_IDS:
        raise SetupError(_("unknown game {game}: choose one of {ids}").format(
            game=repr(game), ids=", ".join(registry.GAME_IDS)))
    return registry.game(key).setup


def _checked(game: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options of ``game`` (an id) checked by its house rules, as the pad and the rules screen
    check them (``GameSpec.check_options``); SetupError with the check's words if refused."""
    try:
        return registry.game(row(game).game).check_options(options)
    except OptionError as error:
        raise SetupError(str(error)) from None


def plan(game: str, players: int, options: Mapping[str, Any] | None = None) -> SetupPlan:
    """The setup guide for ``game`` (a game id) with ``players`` players: :func:`setup_rows.plan` of its row.

    Raises:
        SetupError: for an unknown game (the message lists the ids), a
            player count the game does not support (the message names the
            range), or options the game refuses (its house rules' words).
    """
    return setup_rows.plan(row(game), players, _checked(game, options))


def copies_in_deck(game: str, players: int, card: Card, options: Mapping[str, Any] | None = None) -> int:
    """How many copies of ``card`` the deck of ``game`` (an id) holds for a player count
    (:func:`setup_rows.copies_in_deck` of its row).

    Raises:
        SetupError: for an unknown game, a player count it does not
            support, or a game whose cards are numbers.
    """
    return setup_rows.copies_in_deck(row(game), players, card, options)


def check_copies(
    game: str, players: int, cards: CardsLike, options: Mapping[str, Any] | None = None,
) -> Verdict:
    """Could the deck of ``game`` (an id) hold these cards all at once (:func:`setup_rows.check_copies`)?

    Raises:
        CardError: for a card that can not be read.
        SetupError: as :func:`copies_in_deck`, or options the game refuses.
    """
    return setup_rows.check_copies(row(game), players, cards, _checked(game, options))


def plans_by_deck(game: str) -> list[tuple[list[int], SetupPlan]]:
    """The plans of ``game`` (an id) for every player count, grouped where the deck is the same
    (:func:`setup_rows.plans_by_deck`).

    Raises:
        SetupError: for an unknown game.
    """
    return setup_rows.plans_by_deck(row(game))
