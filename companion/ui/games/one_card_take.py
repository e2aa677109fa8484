"""One-card's checker in words about a pending attack: the attack itself and what taking it
means (the cards drawn, the part forgiven when the piles run short, what the turn holds after).

Rules: seed 002 ("The Attack Ladder", "Running Out of Cards to Draw") and rulings.md
(One-card: taking the attack does not end the turn) through ``companion.games.one_card``.
"""

from __future__ import annotations

from companion.games import one_card
from companion.i18n import _, ngettext
from companion.table.ask_answers import card_text


def take_text(total: int, drawn: int, cards_left: int | None) -> str:
    """What taking an attack means, in words.

    Args:
        total: the attack's running total (cards).
        drawn: the cards ``one_card.take_attack`` says are drawn.
        cards_left: the cards left in the draw and discard piles together
            (the top card not counted), None when there are enough.

    Returns:
        "You draw 7 cards. Then ..." or, when the piles run short, "You draw
        4 cards; the other 3 of the 7 are forgiven. Then ...": the cards
        drawn, the part of the total forgiven, and what the turn holds after
        (rulings.md, One-card: the turn goes on with the hand held before
        the draw).
    """
    if not one_card.piles_emptied(drawn, cards_left):
        return ngettext(
            "You draw {count} card. Then play a card from the hand you held before drawing, "
            "or draw one more card.",
            "You draw {count} cards. Then play a card from the hand you held before drawing, "
            "or draw one more card.",
            drawn,
        ).format(count=drawn)
    forgiven = total - drawn
    if not drawn:
        head = _("You draw no cards; all {total} are forgiven.").format(total=total)
    elif forgiven:
        drawn_text = ngettext("You draw {count} card", "You draw {count} cards", drawn).format(count=drawn)
        head = ngettext(
            "{drawn}; the other {forgiven} of the {total} is forgiven.",
            "{drawn}; the other {forgiven} of the {total} are forgiven.",
            forgiven,
        ).format(drawn=drawn_text, forgiven=forgiven, total=total)
    else:
        head = ngettext(
            "You draw {count} card, the last in both piles.", "You draw {count} cards, the last in both piles.", drawn
        ).format(count=drawn)
    return _(
        "{head} Then play a card from the hand you held before drawing; both piles are empty, "
        "so if none fits, there is no card to draw and your turn passes."
    ).format(head=head)


def attack_texts(state: one_card.OneCardState, cards_left: int | None) -> tuple[str, str]:
    """The pending attack of the pile ``state`` in words and what taking it means (:func:`take_text`),
    both empty with no attack pending; ``cards_left``: the cards left in the draw and discard piles
    together, the top card not counted (None: enough). Raises OneCardError for a ``cards_left``
    that is no count (``one_card.take_attack``).

    Rule: seed 002, "The Attack Ladder" and "Running Out of Cards to Draw"; rulings.md, One-card."""
    if not state.attack_pending:
        return "", ""
    attack = ngettext(
        "Attack pending: {count} card, last attack card {card}.",
        "Attack pending: {count} cards, last attack card {card}.",
        state.attack_total,
    ).format(count=state.attack_total, card=card_text(state.last_attack))
    drawn, _forgiven = one_card.take_attack(state, cards_left)
    return attack, take_text(state.attack_total, drawn, cards_left)
