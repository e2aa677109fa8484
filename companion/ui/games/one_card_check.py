"""One-card's checker: which cards of a hand may be played on the discard
pile, what taking a pending attack means, and the Check panel that asks.

Rules: seed 002 (attacks, shields, the 7 names a suit, "Running Out of
Cards to Draw") and rulings.md (One-card) through ``companion.games.one_card``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import flet as ft

from companion.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, CardError
from companion.games import one_card
from companion.i18n import _, ngettext
from companion.table.ask_answers import (
    CHECK_PLAYERS,
    ERROR,
    NO,
    WAIT,
    YES,
    Answer,
    cards_text,
    deck_answer,
)
from companion.ui.ask_cards import answer_line, card_face, card_label, slot_button, slots_row, suit_text
from companion.ui.ask_pickers import CardPicker
from companion.ui.games.one_card_take import attack_texts
from companion.ui.widgets import TOUCH, labelled, stepper
from companion.wording import sentence

GAME = "one_card"
"""This game's registry id."""


@dataclass(frozen=True)
class CardAnswer:
    """The answer for one card of a One-card hand.

    Attributes:
        card: the card.
        legal: True when it may be played now.
        text: the core's reason when not (a sentence, see
            ``companion.wording.sentence``), else what playing it does (the
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
        after_take: with an attack pending and a hand given, which cards of
            that hand may be played once the attack is taken (see
            :func:`after_take_answer`); else None.
    """

    summary: Answer
    cards: tuple[CardAnswer, ...] = ()
    attack: str = ""
    take: str = ""
    after_take: Answer | None = None


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
        return _("Plays; name a suit for the next player.")
    after = one_card.play(state, card)
    if after.attack_pending:
        return _("Plays; the attack total becomes {total}.").format(total=after.attack_total)
    if state.attack_pending:
        return _("Shields: the attack of {total} is cancelled.").format(total=state.attack_total)
    effect = one_card.card_effect(card, players)
    return _("Plays. {effect}").format(effect=effect) if effect else _("Plays.")


def _summary(hand: Sequence[Card], answers: Sequence[CardAnswer], attack_pending: bool, suit_unknown: bool) -> Answer:
    """The checker's one line for a hand whose cards were answered (``answers``): the cards that may
    be played, or, when none may, whether to take the attack or draw a card; with ``suit_unknown``
    (``OneCardState.suit_unknown``), that none can be told before the 7's suit is given."""
    legal = [answer.card for answer in answers if answer.legal]
    if legal:
        return Answer(YES, ngettext(
            "{legal} of {held} may be played: {cards}.", "{legal} of {held} may be played: {cards}.", len(legal),
        ).format(legal=len(legal), held=len(hand), cards=cards_text(legal)))
    if suit_unknown:
        return Answer(WAIT, _("Choose the suit named with the 7 to check your cards."))
    if len(hand) == 1:
        text = (_("Your card may not be played: take the attack.") if attack_pending
                else _("Your card may not be played: draw a card."))
    elif attack_pending:
        text = ngettext(
            "None of your {count} card may be played: take the attack.",
            "None of your {count} cards may be played: take the attack.",
            len(hand),
        )
    else:
        text = ngettext(
            "None of your {count} card may be played: draw a card.",
            "None of your {count} cards may be played: draw a card.",
            len(hand),
        )
    return Answer(NO, text.format(count=len(hand)))


def after_take_answer(state: one_card.OneCardState, hand: Sequence[Card], cards_left: int | None) -> Answer:
    """Which cards of ``hand`` may be played once the pending attack of ``state`` is taken.

    Args:
        state: the discard pile, an attack pending.
        hand: the cards held before the attack is taken (at least one).
        cards_left: as :func:`one_card_answer` takes it (None: enough to draw).

    Returns:
        The checker's one line (:func:`_summary`) for the hand on the same top card, the attack
        reset, with the cards drawn counted as held but not played (``one_card.take_attack``,
        ``check_play``'s ``drawn``: a joker from before is then no last card); when none may be
        played and the draw took both piles' last cards, that there is no card to draw and the
        turn passes (seed 002 and rulings.md say nothing more: a player who can neither play
        nor draw passes).

    Raises:
        IllegalMove, OneCardError, CardError: from the core, for no attack pending, a bad
            ``cards_left`` or a card One-card does not use.

    Rule: rulings.md, One-card (taking the attack does not end the turn: play from the hand
    held before the draw, or draw one card); seed 002, "Special Cards" (no joker as the last
    card) and "Running Out of Cards to Draw".
    """
    drawn, after = one_card.take_attack(state, cards_left)
    answers = [CardAnswer(card, one_card.check_play(after, card, hand, drawn=drawn).legal, "") for card in hand]
    if any(answer.legal for answer in answers) or not one_card.piles_emptied(drawn, cards_left):
        return _summary(hand, answers, attack_pending=False, suit_unknown=False)
    return Answer(NO, ngettext(
        "Your card may not be played, and both piles are empty: "
        "there is no card to draw, so your turn passes.",
        "None of your {count} cards may be played, and both piles are empty: "
        "there is no card to draw, so your turn passes.",
        len(hand),
    ).format(count=len(hand)))


def one_card_answer(top: Card | None, hand: Sequence[Card], *, attack_total: int = 0,
                    declared_suit: str | None = None, players: int = CHECK_PLAYERS,
                    cards_left: int | None = None) -> OneCardAnswer:
    """Which cards of a One-card hand may be played, and why not the others.

    Args:
        top: the top card of the discard pile (None while not picked).
        hand: the cards held.
        attack_total: the running total of a pending attack (0: none); the
            top card is then the last attack card.
        declared_suit: the suit a 7 on top named (letter or symbol), or None.
        players: players at the table (J and Q differ with two; the decks in
            play, so the copies of each card, follow it too).
        cards_left: the cards left in the draw and discard piles together,
            the top card not counted (None: enough to take the attack); with
            fewer than the total the rest is forgiven (seed 002, "Running
            Out of Cards to Draw").

    Returns:
        A ``OneCardAnswer`` built from ``one_card.check_play``, ``play`` and
        ``take_attack`` (with an attack pending, what may be played after
        taking it: :func:`after_take_answer`); an error when the deck can not
        hold the top card and the hand together (``setup.check_copies``).
    """
    try:
        if top is None:
            return OneCardAnswer(Answer(WAIT, _("Pick the top card of the discard pile.")))
        state = one_card_state(top, attack_total, declared_suit)
        attack, take = attack_texts(state, cards_left)
        if not hand:
            return OneCardAnswer(Answer(WAIT, _("Add the cards in your hand.")), (), attack, take)
        answers = []
        for card in hand:
            verdict = one_card.check_play(state, card, hand)
            text = _after_play(state, card, players) if verdict else sentence(verdict.reason)
            answers.append(CardAnswer(card, verdict.legal, text))
        after = after_take_answer(state, hand, cards_left) if state.attack_pending else None
    except (CardError, ValueError) as error:
        return OneCardAnswer(Answer(ERROR, str(error)))
    problem = deck_answer(GAME, players, [top, *hand])
    if problem:
        return OneCardAnswer(problem, (), attack, take)
    return OneCardAnswer(_summary(hand, answers, state.attack_pending, state.suit_unknown), tuple(answers), attack,
                         take, after)


def _card_answer_row(item: CardAnswer, on_remove: Callable[[], None]) -> ft.Control:
    colour = ft.Colors.PRIMARY if item.legal else ft.Colors.ERROR
    return ft.Row(
        [
            card_face(item.card, chosen=item.legal, on_click=on_remove,
                      tooltip=_("Take out the {card}").format(card=item.card.name)),
            ft.Icon(ft.Icons.CHECK_CIRCLE if item.legal else ft.Icons.CANCEL, color=colour),
            suit_text(item.text, expand=True, color=colour if item.legal else None,
                      weight=ft.FontWeight.W_600 if item.legal else None),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _named_suit(declared: str | None, choose: Callable[[str | None], None]) -> ft.Control:
    """The suit named with a 7 on top, as a button opening a menu (no suit
    named, or one of the four), so the picker below keeps the screen's one
    row of suit tiles."""
    shown = f"{SUIT_SYMBOLS[declared]} {_(SUIT_NAMES[declared])}" if declared else _("none")
    return ft.PopupMenuButton(
        content=ft.Container(
            padding=ft.Padding.symmetric(horizontal=12, vertical=12),
            border_radius=10,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            content=ft.Row(
                [suit_text(_("Suit named with the 7: {suit}").format(suit=shown), size=16, expand=True),
                 ft.Icon(ft.Icons.ARROW_DROP_DOWN)],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ),
        tooltip=_("Suit named with the 7"),
        menu_position=ft.PopupMenuPosition.UNDER,
        expand=True,
        items=[
            ft.PopupMenuItem(content=_("No suit named"), on_click=lambda: choose(None)),
            *(ft.PopupMenuItem(content=suit_text(f"{SUIT_SYMBOLS[letter]} {_(SUIT_NAMES[letter])}"),
                               on_click=partial(choose, letter))
              for letter in SUITS),
        ],
    )


def _take_box(take: str, total: int, cards_left: int | None,
              set_cards_left: Callable[[Any], None], after: Answer | None) -> ft.Control:
    """What taking the attack means (``take``), first so a tap leaves it on
    screen, with ``after`` (None: no hand given): which cards of the hand
    may be played once it is taken (:func:`after_take_answer`); then the
    question whether fewer than ``total`` cards are left to draw
    (``cards_left``: None for enough) and, when so, a count of them from 0
    to ``total`` - 1. ``set_cards_left`` is the state setter (it takes a
    value or an update)."""
    ink = ft.Colors.ON_SECONDARY_CONTAINER

    def step(delta: int):
        set_cards_left(lambda left: None if left is None else min(max(left + delta, 0), total - 1))

    rows: list[ft.Control] = [labelled("take", suit_text(take, color=ink, size=16))]
    if after is not None:
        rows += [ft.Text(_("After taking it, from the hand you held before drawing:"), color=ink),
                 answer_line(after, test_id="after-take")]
    rows += [ft.Row(
        [
            ft.Switch(value=cards_left is not None, height=TOUCH, tooltip=_("Fewer cards left to draw"),
                      on_change=lambda e: set_cards_left(0 if e.control.value else None)),
            ft.Text(ngettext(
                "Fewer than {count} card left in the draw and discard piles (the top card not counted)",
                "Fewer than {count} cards left in the draw and discard piles (the top card not counted)",
                total,
            ).format(count=total), color=ink, expand=True),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )]
    if cards_left is not None:
        rows.append(stepper(_("Cards left"), cards_left, maximum=total - 1,
                            on_minus=partial(step, -1), on_plus=partial(step, 1)))
    return ft.Container(padding=12, border_radius=12, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                        content=ft.Column(rows, spacing=8))


def _slots(top: Card | None, hand: Sequence[Card], active: str, set_active: Callable[[str], None]) -> ft.Control:
    """The checker's two slots: the top card and the hand (its card count), the ``active`` one
    ("top" or "hand") framed; a tap makes one active (``set_active``)."""
    return slots_row(
        slot_button(_("Top card"), [top] if top else [], active=active == "top",
                    on_click=lambda: set_active("top")),
        slot_button(_("Your hand"), [], active=active == "hand", on_click=lambda: set_active("hand"),
                    summary=ngettext("{count} card", "{count} cards", len(hand)).format(count=len(hand)) if hand else None),
    )


def _hand_rows(answers: Sequence[CardAnswer], remove: Callable[[int], None],
               clear: Callable[[], None]) -> list[ft.Control]:
    """Under the picker, for a hand that holds cards: each card's answer (a tap on the card takes it
    out, ``remove(index)``) when the cards were answered, and "Clear the hand" (``clear``)."""
    rows: list[ft.Control] = []
    if answers:
        rows.append(labelled("hand", ft.Column(
            [_card_answer_row(item, partial(remove, index)) for index, item in enumerate(answers)],
            spacing=6,
        )))
    rows.append(ft.TextButton(_("Clear the hand"), icon=ft.Icons.CLEAR_ALL, on_click=clear, height=TOUCH))
    return rows


def _attack_rows(top: Card | None, attack: int,
                 change_attack: Callable[[Callable[[int], int]], None]) -> list[ft.Control]:
    """The attack controls under the slots when ``top`` is an attack card: whether an attack is
    pending (a switch) and, while one is, its running total ``attack`` (- and +, never below the top
    card's own value); ``change_attack(update)`` takes a tap's change of the total as a function of
    the total then (0: none), so quick taps each count. Empty for any other top."""
    value = attack_value(top) if top is not None else 0
    if not value:
        return []
    rows: list[ft.Control] = [ft.Row(
        [
            ft.Switch(value=attack > 0, height=TOUCH, tooltip=_("An attack is pending"),
                      on_change=lambda e: change_attack(lambda _total: value if e.control.value else 0)),
            suit_text(_("An attack is pending ({card} was the last attack card)").format(card=card_label(top)),
                      expand=True),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )]
    if attack > 0:
        rows.append(ft.Row(
            [
                ft.Text(_("Running total"), expand=True),
                ft.IconButton(ft.Icons.REMOVE, tooltip=_("Running total minus"), width=TOUCH, height=TOUCH,
                              disabled=attack <= value,
                              on_click=lambda: change_attack(
                                  lambda total: max(value, total - 1) if total else 0)),
                ft.Text(str(attack), size=22, width=40, text_align=ft.TextAlign.CENTER),
                ft.IconButton(ft.Icons.ADD, tooltip=_("Running total plus"), width=TOUCH, height=TOUCH,
                              on_click=lambda: change_attack(lambda total: total + 1 if total else 0)),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ))
    return rows


@dataclass(frozen=True)
class Asked:
    """What the checker was told: the ``top`` card (None: none yet), the ``hand`` (cards), the
    running ``attack`` total (0: none pending), the suit ``declared`` with a 7 (a suit letter or
    None), the ``active`` slot a picked card goes to ("top" or "hand") and the ``cards_left`` to
    draw when fewer than the attack's total (None: enough). A tap changes it as a function of it
    as the taps before it left it, so taps that reach the server before the repaint each count."""

    top: Card | None = None
    hand: tuple[Card, ...] = ()
    attack: int = 0
    declared: str | None = None
    active: str = "top"
    cards_left: int | None = None

    def picked(self, cards: Sequence[Card]) -> Asked:
        """After ``cards`` were picked: on the top slot, the last is the top card (its attack
        pending, no suit named yet) and the hand's slot is next; on the hand's, they join it."""
        if self.active == "top":
            top = cards[-1]
            return replace(self, top=top, attack=attack_value(top), declared=None, active="hand", cards_left=None)
        return replace(self, hand=self.hand + tuple(cards))


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` with its first ``card`` taken out (as it was when ``card`` is not in it)."""
    if card not in hand:
        return hand
    index = hand.index(card)
    return hand[:index] + hand[index + 1:]


@ft.component
def Check(options: Mapping[str, Any], players: int) -> ft.Control:
    """Top card, pending attack, declared suit and your hand -> which cards are
    legal, for ``players`` at the table. One-card's checker has no house
    rules (``options``). The one-line answer sits right under the top card,
    the hand and the attack and suit controls, above the picker, so it shows
    without scrolling after each tap; each card's answer follows the picker.
    "Take the attack" opens what taking it means, with the question that
    matters only near the end of the piles: are fewer cards left to draw
    than the total, and how many (seed 002, "Running Out of Cards to Draw")."""
    asked, set_asked = ft.use_state(Asked)
    show_take, set_show_take = ft.use_state(False)
    top, hand, attack, declared, active, cards_left = (asked.top, asked.hand, asked.attack, asked.declared,
                                                       asked.active, asked.cards_left)

    def tell(**changes: Callable[[Any], Any]):
        """Change what was asked, each field by a function of its value then (see :class:`Asked`)."""
        set_asked(lambda now: replace(now, **{name: change(getattr(now, name)) for name, change in changes.items()}))

    def change_attack(update: Callable[[int], int]):
        """A new running total (0: no attack): a count of cards left asked for the old one goes."""
        tell(attack=update, cards_left=lambda _left: None)

    def pick(cards: list[Card]):
        set_show_take(False)
        set_asked(lambda now: now.picked(cards))

    def remove(index: int):
        card = hand[index]
        tell(hand=lambda now: _without(now, card))

    def set_cards_left(value: Any):
        tell(cards_left=value if callable(value) else lambda _left: value)

    answer = one_card_answer(top, hand, attack_total=attack, declared_suit=declared, players=players,
                             cards_left=cards_left)
    controls: list[ft.Control] = [_slots(top, hand, active, lambda slot: tell(active=lambda _slot: slot))]
    controls += _attack_rows(top, attack, change_attack)
    if top is not None and top.rank == one_card.WILD_RANK:
        controls.append(ft.Row([_named_suit(declared, lambda suit: tell(declared=lambda _suit: suit))]))
    controls.append(answer_line(answer.summary))
    if answer.attack:
        controls.append(ft.Row(
            [suit_text(answer.attack, expand=True),
             ft.OutlinedButton(_("Take the attack"), icon=ft.Icons.DOWNLOAD,
                               on_click=lambda: set_show_take(lambda shown: not shown), height=TOUCH)],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ))
        if show_take:
            controls.append(_take_box(answer.take, attack, cards_left, set_cards_left, answer.after_take))
    controls.append(CardPicker(pick, hint=_("e.g. 3h AS BJ 7c"), check=one_card.read_card, key="picker",
                               slot=_("Top card") if active == "top" else "", most=1 if active == "top" else 0))
    controls += _hand_rows(answer.cards, remove, lambda: tell(hand=lambda _hand: ())) if hand else []
    return ft.Column(controls, spacing=12)
