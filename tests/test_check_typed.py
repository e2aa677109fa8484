"""Cards typed into the move checker (in-process sessions): a slot that holds one card takes
one, a card the game does not use is refused (One Up, Up to 9), a full ring takes no more
(Up or Down?); more typed at once, or a card not the game's, are refused in words over the
field, which keeps the text, while the slot shows what it holds (nothing it was not given)."""

from __future__ import annotations

import flet as ft

from flet_session import click, controls, find, go_to, open_session, run_alone, server_hub, shown_strings
from test_typing import phone_on

from companion.ui.ask_pickers import REFUSAL_KEY


def field_of(phone) -> ft.TextField:
    """The checker picker's typing field."""
    return find(phone.session.page, lambda control: isinstance(control, ft.TextField))


def refusal_of(phone) -> str | None:
    """The line over the picker's field saying why what was typed was not taken (None: none shown)."""
    line = find(phone.session.page, lambda control: getattr(control, "key", None) == REFUSAL_KEY)
    return line.content.controls[1].value if line.visible else None


async def typed(phone, text: str) -> None:
    """Type ``text`` into the picker's field and press Enter, as a phone does."""
    field = field_of(phone)
    phone.session.apply_patch(field._i, {"value": text})
    await click(phone, field, "submit", text)


def after_typing(tmp_path, route: str, texts: list[str], starts: tuple[str, ...], taps: tuple[str, ...] = ()):
    """On ``route``, tap the buttons ``taps`` (their tooltips), type each of ``texts``; returns the
    shown lines that start with ``starts``, the field's error and the text the field keeps."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, route), server_hub())
        for tooltip in taps:
            await click(phone, find(phone.session.page, lambda control: getattr(control, "tooltip", None) == tooltip
                                    and getattr(control, "on_click", None) is not None))
        for text in texts:
            await typed(phone, text)
        field = field_of(phone)
        return ([line for line in shown_strings(phone.session.page) if line.startswith(starts)],
                refusal_of(phone), phone.session.index[field._i].value)

    return run_alone(run())


def test_two_cards_typed_for_one_up_s_top_card_are_refused_and_named(tmp_path):
    """One Up: "5 6" for the top card is not taken as the 6; the slot stays empty, the field keeps
    the text and says the slot takes one card and which were typed."""
    assert after_typing(tmp_path, "/check/one_up", ["5 6"], ("Top card:", "Your card:", "Pick the top")) == (
        ["Top card: empty", "Your card: empty", "Pick the top card of the discard pile."],
        "“Top card” holds one card, and 2 were typed: 5, 6. Type only the one you mean.",
        "5 6",
    )


def test_two_cards_typed_for_one_up_s_own_card_keep_the_top_and_the_slot_as_they_were(tmp_path):
    assert after_typing(tmp_path, "/check/one_up", ["5", "5 6 K"], ("Top card:", "Your card:", "On ")) == (
        ["Top card: 5", "Your card: empty", "On a 5 you may play a 5 or a 6. Pick your card."],
        "“Your card” holds one card, and 3 were typed: 5, 6, K. Type only the one you mean.",
        "5 6 K",
    )


def test_two_cards_typed_for_one_card_s_top_card_are_refused(tmp_path):
    assert after_typing(tmp_path, "/check/one_card", ["9s 9h"], ("Top card:", "Your hand:")) == (
        ["Top card: empty", "Your hand: empty"],
        "“Top card” holds one card, and 2 were typed: 9♠, 9♥. Type only the one you mean.",
        "9s 9h",
    )


def test_several_cards_go_into_one_card_s_hand(tmp_path):
    lines, error, kept = after_typing(tmp_path, "/check/one_card", ["9s", "9h 4c"], ("Top card:", "Your hand:"))
    assert (lines, error, kept) == (["Top card: 9 of spades", "Your hand: 2 cards"], None, "")


def test_two_cards_typed_for_the_card_to_lay_off_are_refused(tmp_path):
    """Up to 9's lay-off: the group takes several cards, the card to lay off one."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/check/up_to_nine"), server_hub())
        await click(phone, find(phone.session.page, lambda control: getattr(control, "content", None) == "Lay off"
                                and getattr(control, "on_click", None) is not None))
        await typed(phone, "4c 5c 6c 7c")
        card_slot = find(phone.session.page, lambda control: isinstance(control, ft.Semantics)
                         and (control.label or "").startswith("Card to lay off"))
        await click(phone, card_slot.parent)
        await typed(phone, "8c 3c")
        lines = [line for line in shown_strings(phone.session.page)
                 if line.startswith(("Group on the table:", "Card to lay off:", "Pick the card to"))]
        return lines, refusal_of(phone)

    assert run_alone(run()) == (
        ["Group on the table: 4 cards", "Card to lay off: empty", "Pick the card to lay off on the clubs straight 4 to 7."],
        "“Card to lay off” holds one card, and 2 were typed: 8♣, 3♣. Type only the one you mean.",
    )


def test_two_numbers_typed_for_your_card_are_refused(tmp_path):
    """Up or Down?: the ring takes six numbers typed at once, your card one."""
    assert after_typing(tmp_path, "/check/up_or_down", ["4 34 52 60 88 101", "37 40"],
                        ("The ring (6 numbers):", "Your card:")) == (
        ["The ring (6 numbers): 4 34 52 60 88 101", "Your card: empty"],
        "“Your card” holds one number, and 2 were typed: 37, 40. Type only the one you mean.",
        "37 40",
    )


def test_seven_numbers_typed_for_the_ring_are_refused(tmp_path):
    assert after_typing(tmp_path, "/check/up_or_down", ["4 34 52 60 88 101 120"], ("The ring (6 numbers):",)) == (
        ["The ring (6 numbers): empty"],
        "“The ring (6 numbers)” holds 6 numbers, and 7 were typed: 4, 34, 52, 60, 88, 101, 120. "
        "Type at most 6.",
        "4 34 52 60 88 101 120",
    )


def test_a_card_one_up_does_not_use_is_refused_and_the_slot_keeps_what_it_holds(tmp_path):
    """One Up: an 8 typed for your card is refused in words over the field; the slot stays
    empty and the answer still says what may go on the 5."""
    assert after_typing(tmp_path, "/check/one_up", ["5", "8"], ("Top card:", "Your card:", "On ")) == (
        ["Top card: 5", "Your card: empty", "On a 5 you may play a 5 or a 6. Pick your card."],
        "'8' is not a One Up card: One Up uses only A 2 3 4 5 6 K (the 7s to Queens stay in the box).",
        "8",
    )


def test_a_joker_typed_with_the_variant_off_is_refused_for_one_up(tmp_path):
    assert after_typing(tmp_path, "/check/one_up", ["JK"], ("Top card:",)) == (
        ["Top card: empty"],
        "The joker is only used in the wild joker variant, which is off here: take the joker out.",
        "JK",
    )


def test_one_up_s_deck_refusal_names_no_player_count_of_the_game_followed(tmp_path):
    """The Check tab follows the game whose pad was shown last (Ann and Ben's One Up) and hands its
    player count to One Up's panel, which shows none; One Up's deck is the same for every count,
    so two jokers are refused without one."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/pad/{id}", "one_up"), server_hub())
        await go_to(phone, "/check")
        switch = find(phone.session.page, lambda control: isinstance(control, ft.Switch))
        phone.session.apply_patch(switch._i, {"value": True})
        await click(phone, switch, "change", True)
        await typed(phone, "JK")
        await typed(phone, "JK")
        return [line for line in shown_strings(phone.session.page) if "deck" in line or line == "Players"]

    assert run_alone(run()) == ["No deck holds these cards. Joker: 2 held, but One Up's deck has only 1."]


def ring_after(tmp_path, first: str, then: str):
    """Up or Down?: type ``first`` for the ring, tap the ring's slot (a full ring moves the
    picker on to your card), type ``then``; returns the ring's line, the field's error and
    the text the field keeps."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/check/up_or_down"), server_hub())
        await typed(phone, first)
        ring = find(phone.session.page, lambda control: isinstance(control, ft.Container) and control.on_click
                    and any(str(getattr(inner, "label", "")).startswith("The ring") for inner in controls(control)))
        await click(phone, ring)
        await typed(phone, then)
        field = field_of(phone)
        return ([line for line in shown_strings(phone.session.page) if line.startswith("The ring (6 numbers):")],
                refusal_of(phone), phone.session.index[field._i].value)

    return run_alone(run())


def test_a_number_added_to_a_full_ring_is_refused_and_no_ring_card_is_dropped(tmp_path):
    """A seventh number for the ring does not push out the first one typed (which is not the
    card taken from the ring, seed 004: the card taken is a neighbour of the one laid)."""
    assert ring_after(tmp_path, "4 34 52 60 88 101", "37") == (
        ["The ring (6 numbers): 4 34 52 60 88 101"],
        "“The ring (6 numbers)” is full: it holds 6 numbers. Tap the one to take out, then add 37.",
        "37",
    )


def test_more_numbers_than_the_ring_has_room_for_are_refused(tmp_path):
    assert ring_after(tmp_path, "4 34 52 60", "37 40 70") == (
        ["The ring (6 numbers): 4 34 52 60"],
        "“The ring (6 numbers)” has room for 2 more numbers, and 3 were typed: 37, 40, 70. Type at most 2.",
        "37 40 70",
    )


def test_a_joker_typed_for_up_to_9_is_refused_as_typed_and_the_cards_stay_as_they_were(tmp_path):
    """Up to 9 is played without jokers (seed 003): a joker typed is refused over the field,
    where it went in among the cards and the answer then spoke of the deck."""
    assert after_typing(tmp_path, "/check/up_to_nine", ["7s 7h", "BJ"], ("Your cards", "No deck")) == (
        ["Your cards (2 of at most 12): the ones to lay down, or your whole hand and tap Find."],
        "Up to 9 is played without jokers: take the black joker out of the deck.",
        "BJ",
    )


def test_a_card_without_a_suit_typed_for_up_to_9_is_refused_as_typed(tmp_path):
    """A meld's cards need suits (a straight runs in one suit, seed 003): "7" alone is refused
    as typed, with the cards given before kept."""
    assert after_typing(tmp_path, "/check/up_to_nine", ["7s", "7"], ("Your cards",)) == (
        ["Your cards (1 of at most 12): the ones to lay down, or your whole hand and tap Find."],
        "'7' needs a suit in this game: write it like 7♠, 7h or H7.",
        "7",
    )
