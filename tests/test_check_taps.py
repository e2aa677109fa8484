"""Quick taps on the move checker (in-process sessions): taps that reach the
server before the phone has painted what the tap before them did each count,
in the slot the taps before them left active."""

from __future__ import annotations

import asyncio

import flet as ft

from flet_session import (click, find, open_session, run_alone, server_hub, settle, shown_strings, shows, tap,
                           taps_together)
from test_typing import phone_on


def number_key(phone, label: str) -> ft.Control:
    """The key ``label`` of the Up or Down? checker's number pad (its keys are 100 wide)."""
    return find(phone.session.page, lambda control: type(control) is ft.Button and control.content == label
                and control.width == 100)


def suit_tile(phone, suit: str) -> ft.Control:
    """The card picker's tile of ``suit`` ("hearts")."""
    return find(phone.session.page, lambda control: type(control) is ft.Button and control.tooltip == suit
                and control.on_click is not None)


def one_card_after(tmp_path, first: list[str], together: list[str]) -> list[str]:
    """On One-card's checker, hearts chosen: the ranks ``first`` tapped one by one,
    then ``together`` before the repaint; returns the slots' lines."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/check/one_card"), server_hub())
        await click(phone, suit_tile(phone, "hearts"))
        for rank in first:
            await tap(phone, rank)
        await taps_together(phone, *together)
        return [text for text in shown_strings(phone.session.page) if text.startswith(("Top card:", "Your hand:"))]

    return run_alone(run())


def test_a_top_card_and_a_hand_card_tapped_together_go_to_their_slots(tmp_path):
    assert one_card_after(tmp_path, [], ["7", "8"]) == ["Top card: 7 of hearts", "Your hand: 1 card"]


def test_two_hand_cards_tapped_together_are_both_in_the_hand(tmp_path):
    assert one_card_after(tmp_path, ["7"], ["8", "9"]) == ["Top card: 7 of hearts", "Your hand: 2 cards"]


def test_number_keys_tapped_together_each_count_and_add_hands_over_the_number_they_made(tmp_path):
    """Up or Down?'s number pad: 1 and 2 together make 12; Add and 4 together put 12 in the ring
    and start the next number with 4."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/check/up_or_down"), server_hub())
        await taps_together(phone, number_key(phone, "1"), number_key(phone, "2"))
        made = [text for text in shown_strings(phone.session.page) if text.startswith("Number")]
        await taps_together(phone, number_key(phone, "Add"), number_key(phone, "4"))
        shown = shown_strings(phone.session.page)
        return made, [text for text in shown if text.startswith(("Number", "The ring (6 numbers):"))]

    assert run_alone(run()) == (["Number: 12"], ["The ring (6 numbers): 12", "Number: 4"])


def test_the_attack_switched_off_and_its_total_lowered_together_stays_off(tmp_path):
    """One-card's checker, A of hearts on top (an attack of 3 pending) raised to 5: the switch
    turned off and the total's minus reach the server together; no attack is pending after."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/check/one_card"), server_hub())
        await click(phone, suit_tile(phone, "hearts"))
        await tap(phone, "A")
        plus = find(phone.session.page, lambda control: getattr(control, "tooltip", None) == "Running total plus")
        await taps_together(phone, plus, plus)
        raised = find(phone.session.page, lambda control: isinstance(control, ft.Text) and control.width == 40).value
        switch = find(phone.session.page, lambda control: isinstance(control, ft.Switch))
        minus = find(phone.session.page, lambda control: getattr(control, "tooltip", None) == "Running total minus")
        phone.session.apply_patch(switch._i, {"value": False})
        await asyncio.gather(phone.session.dispatch_event(switch._i, "change", False),
                             phone.session.dispatch_event(minus._i, "click", None))
        await settle([phone])
        return raised, switch.value, shows(phone, "Running total")

    assert run_alone(run()) == ("5", False, False)


def test_taking_the_attack_with_a_lone_joker_says_the_joker_may_be_played_after(tmp_path):
    """One-card's checker, A of hearts on top (an attack of 3 pending), the black joker alone in
    hand: it may not answer, as it would be the last card (seed 002, Special Cards). "Take the
    attack" says what may be played once it is taken (rulings.md, One-card): the joker, as the
    3 cards drawn are held too."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/check/one_card"), server_hub())
        await click(phone, suit_tile(phone, "hearts"))
        await tap(phone, "A")
        await tap(phone, "BJ")
        before = [text for text in shown_strings(phone.session.page) if "played" in text]
        await tap(phone, "Take the attack")
        return before, [text for text in shown_strings(phone.session.page) if "played" in text or "taking" in text]

    assert run_alone(run()) == (
        ["Your card may not be played: take the attack."],
        ["Your card may not be played: take the attack.", "After taking it, from the hand you held before drawing:",
         "1 of 1 may be played: black joker."],
    )
