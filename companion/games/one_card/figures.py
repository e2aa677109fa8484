"""One-card: the figures its rules text uses, taken from the rules core."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.cards import Card
from companion.games import setup_rows
from companion.games.one_card.deck import ATTACK_VALUES, start_ranks
from companion.games.one_card.options import OPTIONS
from companion.games.one_card.pile import _answers
from companion.games.one_card.setup_row import SETUP
from companion.games.spec import check_options
from companion.i18n import _, ngettext
from companion.wording import join_words, markdown_table, player_counts_text


def _attack_card_name(card: Card) -> str:
    """An ``ATTACK_VALUES`` key in words, in the current language: ``"any 2"`` for a rank key, else the card."""
    return _("any {rank}").format(rank=card.label) if card.suit is None and not card.is_joker else str(card)


def _answer_words(last_attack: Card) -> str:
    """The attack cards that pass ``last_attack`` on, in words in the current language
    ("any 2, any A or either joker"; "nothing: block it or take it" when none does).

    Rule: seed 002, "The Attack Ladder"; rulings.md, One-card (an answer is worth at
    least the last attack card, and a one-of-a-kind card never answers itself).
    """
    answers = _answers(last_attack)
    aces = [card for card in ATTACK_VALUES if card.rank == 1]
    jokers = [card for card in ATTACK_VALUES if card.is_joker]
    words = [_attack_card_name(card) for card in answers if card.rank not in (None, 1)]
    if aces and all(card in answers for card in aces):
        words.append(_("any {rank}").format(rank=aces[0].label))
    else:
        words += [str(card) for card in answers if card.rank == 1]
    if jokers and all(card in answers for card in jokers):
        words.append(_("either joker"))
    else:
        words += [str(card) for card in answers if card.is_joker]
    return join_words(words, "or") if words else _("nothing: block it or take it")


def rule_figures(options: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The figures One-card's rules text uses, by placeholder name.

    Args:
        options: the game's options (house rule ``target``: round wins that
            take the match); ``None`` for the preset.

    Returns:
        ``one_card_decks``, ``one_card_deal``, ``one_card_buried``,
        ``one_card_leading``, ``one_card_starter``, ``one_card_attacks`` (a
        Markdown table: each attack card, what it makes the next player
        draw and what passes it on) and ``one_card_target``, as text.

    Raises:
        OptionError: for options the game refuses (:data:`OPTIONS`).

    Rule: seed 002, "Setup" and "The Attack Ladder"; rulings.md, One-card.

    >>> figures = rule_figures()
    >>> figures["one_card_buried"], figures["one_card_leading"], figures["one_card_target"]
    ('2, 3, 7, A, J, Q, K', '4, 5, 6, 8, 9 or 10', '5')
    """
    target = check_options(OPTIONS, options, SETUP.title)["target"]
    decks = [
        ngettext("{players}: {decks} deck, {cards} cards", "{players}: {decks} decks, {cards} cards", p.decks).format(
            players=player_counts_text(counts), decks=p.decks, cards=p.deck_size)
        for counts, p in setup_rows.plans_by_deck(SETUP)
    ]
    by_size: dict[int, list[int]] = {}
    for deal in SETUP.deals:
        by_size.setdefault(deal.hand_size, []).extend(deal.players)
    deals = []
    for size, counts in by_size.items():
        low, high = min(counts), max(counts)
        if low == high:
            deals.append(_("{size} each with {players} players").format(size=size, players=low))
        else:
            deals.append(_("{size} each with {players} or more players").format(size=size, players=low))
    by_value: dict[tuple[int, str], list[str]] = {}
    for card, value in ATTACK_VALUES.items():
        by_value.setdefault((value, _answer_words(card)), []).append(_attack_card_name(card))
    buried, leading = start_ranks()
    return {
        "one_card_decks": _("Decks by table size: {decks}.").format(decks="; ".join(decks)),
        # TRANSLATORS: what goes between two deals ("7 each with 2 players, and 5 each with 3 or more players").
        "one_card_deal": _("Deal {deals}.").format(deals=_(", and ").join(deals)),
        "one_card_buried": ", ".join(buried),
        "one_card_leading": join_words(leading, "or"),
        "one_card_starter": _("First to play: {player}.").format(player=_(SETUP.first_player)),
        "one_card_attacks": markdown_table(
            [_("Attack card"), _("Next player draws"), _("Passed on by")],
            [(" ".join(names), value, answers) for (value, answers), names in
             sorted(by_value.items(), key=lambda item: item[0][0])],
        ),
        "one_card_target": str(target),
    }
