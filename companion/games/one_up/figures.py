"""One Up: the figures its rules text uses, taken from the rules core."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games import setup_rows
from companion.games.one_up.rules import (
    CHIP_VALUES,
    GAME_LIMIT,
    GIVE_BACK,
    JOKER,
    PENALTY_POINTS,
    SHORT_GAME_LIMIT,
    VALUE_CIRCLE,
    hand_penalty,
)
from companion.games.one_up.scoring import chips
from companion.games.one_up.options import OPTIONS
from companion.games.one_up.setup_row import SETUP
from companion.games.spec import check_options
from companion.i18n import _, ngettext
from companion.wording import join_words, markdown_table


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
        OptionError: for options the game refuses (:data:`OPTIONS`).

    Rule: seed 000, "Setup", "Scoring", "Winning the game" and "Variants";
    rulings.md, One Up.

    >>> figures = rule_figures({"limit": 30})
    >>> figures["one_up_limit"], figures["one_up_example"]
    ('30', '4, 4, 6 and K left in a hand cost 4 + 6 + 10 = 20 points; two 2s cost only 2.')
    """
    limit = check_options(OPTIONS, options, SETUP.title)["limit"]
    first = setup_rows.plan(SETUP, SETUP.players.start)
    deck = "\n".join(f"- {line}" for line in first.deck)
    left = ["4", "4", "6", "K"]
    sums = " + ".join(str(PENALTY_POINTS[value]) for value in dict.fromkeys(left))
    chip_total = 23
    black, white = chips(chip_total)
    give_back_parts = [_("{back} if it was {least} or more").format(back=back, least=least) for least, back in GIVE_BACK]
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
        "one_up_players": _("{least} to {most}").format(least=SETUP.players.start, most=SETUP.players.stop - 1),
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
