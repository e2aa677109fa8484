"""The card type and the phone-typing parser (issue 2, "Cards")."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import (
    ACCEPTED_FORMS,
    JOKER_CODES,
    Card,
    CardError,
    as_card,
    as_cards,
    full_deck,
    parse_card,
    parse_cards,
    require_suit,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("♥3", Card(3, "H")),
        ("3♥", Card(3, "H")),
        ("3h", Card(3, "H")),
        ("H3", Card(3, "H")),
        ("10♠", Card(10, "S")),
        ("T♠", Card(10, "S")),
        ("a♠", Card(1, "S")),
        ("BJ", Card(None, None, "black")),
        ("CJ", Card(None, None, "colour")),
        ("JK", Card(None, None, "plain")),
        ("bj", Card(None, None, "black")),
        ("cj", Card(None, None, "colour")),
        ("jk", Card(None, None, "plain")),
        ("♦q", Card(12, "D")),
        ("qd", Card(12, "D")),
        ("♣J", Card(11, "C")),
        ("JC", Card(11, "C")),
        ("s10", Card(10, "S")),
        ("K", Card(13, None)),
        ("a", Card(1, None)),
        ("  7♣ ", Card(7, "C")),
        ("♡5", Card(5, "H")),
        ("♥\ufe0f9", Card(9, "H")),
    ],
)
def test_parse_card_forms(text, expected):
    assert parse_card(text) == expected


def test_parse_cards_reads_spaces_and_commas():
    assert parse_cards("♥2 ♥3, ♥4 ♥5") == [Card(2, "H"), Card(3, "H"), Card(4, "H"), Card(5, "H")]


def test_parse_cards_reads_semicolons_and_mixed_forms():
    assert parse_cards("10s;qd,  BJ  a") == [
        Card(10, "S"), Card(12, "D"), Card(None, None, "black"), Card(1, None),
    ]


@pytest.mark.parametrize("text", ["", "   ", " , ;"])
def test_parse_cards_blank_is_no_cards(text):
    assert parse_cards(text) == []


@pytest.mark.parametrize("token", ["1♠", "11h", "X", "♥", "3x", "10♠♠", "0h", "H", "JKR", "B J"])
def test_bad_token_raises_card_error_naming_it(token):
    with pytest.raises(CardError) as caught:
        parse_card(token)
    assert f"'{token}'" in str(caught.value)
    assert ACCEPTED_FORMS in str(caught.value)


def test_empty_token_is_named_as_empty():
    with pytest.raises(CardError, match=r"'\(empty\)' is not a card"):
        parse_card("  ")


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


def test_parse_cards_names_the_first_bad_token():
    with pytest.raises(CardError, match="'Z9' is not a card"):
        parse_cards("♥2 Z9 ♥4 Q")


@pytest.mark.parametrize("value", [None, 3, ["3h"]])
def test_parser_rejects_non_text(value):
    with pytest.raises(CardError, match="expected card text"):
        parse_card(value)
    with pytest.raises(CardError, match="expected card text"):
        parse_cards(value)


def test_str_of_every_card_parses_back():
    cards = full_deck(jokers=("black", "colour", "plain")) + [Card(13), Card(1)]
    assert [parse_card(str(card)) for card in cards] == cards


@pytest.mark.parametrize(
    ("card", "shown", "name"),
    [
        (Card(3, "H"), "3♥", "3 of hearts"),
        (Card(1, "S"), "A♠", "ace of spades"),
        (Card(10, "D"), "10♦", "10 of diamonds"),
        (Card(13), "K", "king"),
        (Card(None, None, "black"), "black joker", "black joker"),
        (Card(None, None, "colour"), "colour joker", "colour joker"),
        (Card(None, None, "plain"), "joker", "joker"),
    ],
)
def test_card_display_and_name(card, shown, name):
    assert str(card) == shown
    assert card.name == name


def test_is_joker_and_label():
    assert Card(None, None, "plain").is_joker
    assert not Card(12, "C").is_joker
    assert Card(12, "C").label == "Q"
    assert Card(None, None, "colour").label == "CJ"


@pytest.mark.parametrize(
    ("rank", "suit", "joker"),
    [(0, "H", None), (14, "H", None), (3, "X", None), (None, None, None),
     (3, None, "black"), (None, None, "red"), ("3", "H", None)],
)
def test_card_rejects_impossible_fields(rank, suit, joker):
    with pytest.raises(CardError):
        Card(rank, suit, joker)


@pytest.mark.parametrize("suit", ["♥", "h", "H", "♥\ufe0f", "♡"])
def test_card_reads_a_suit_symbol_or_letter(suit):
    card = Card(3, suit)
    assert card == Card(3, "H") == parse_card("3♥")
    assert card.suit == "H" and str(card) == "3♥"
    assert hash(card) == hash(Card(3, "H"))


def test_as_card_passes_cards_and_parses_text():
    card = Card(5, "C")
    assert as_card(card) is card
    assert as_card("5c") == card
    with pytest.raises(CardError, match="expected a card"):
        as_card(5)


def test_as_cards_takes_text_lists_and_one_card():
    assert as_cards("5c 6c") == [Card(5, "C"), Card(6, "C")]
    assert as_cards(["5c", Card(6, "C")]) == [Card(5, "C"), Card(6, "C")]
    assert as_cards(Card(7, "S")) == [Card(7, "S")]
    assert as_cards(()) == []
    with pytest.raises(CardError, match="expected cards"):
        as_cards(7)
    with pytest.raises(CardError, match="'zz' is not a card"):
        as_cards(["5c", "zz"])


def test_require_suit():
    assert require_suit(Card(7, "S")) == Card(7, "S")
    assert require_suit(Card(None, None, "black")).is_joker
    with pytest.raises(CardError, match="'7' needs a suit"):
        require_suit(Card(7))


def test_full_deck_is_52_distinct_cards_then_jokers():
    deck = full_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert {card.suit for card in deck} == {"S", "H", "D", "C"}
    assert {card.rank for card in deck} == set(range(1, 14))
    with_jokers = full_deck(jokers=("black", "colour"))
    assert len(with_jokers) == 54
    assert with_jokers[52:] == [Card(None, None, "black"), Card(None, None, "colour")]


_CARDISH = st.text(
    alphabet=st.sampled_from(list("AaTtJjQqKkBbCcSsHhDdXx0123456789 ,;\n\t♠♥♦♣♤♡♢♧\ufe0f\ufe0e")),
    max_size=12,
)
_ANY_TEXT = st.one_of(st.text(max_size=20), _CARDISH)


@settings(max_examples=300, deadline=None)
@given(_ANY_TEXT)
def test_parse_card_returns_a_card_or_raises_card_error(text):
    try:
        card = parse_card(text)
    except CardError as error:
        assert str(error)
    else:
        assert isinstance(card, Card)


@settings(max_examples=300, deadline=None)
@given(_ANY_TEXT)
def test_parse_cards_returns_cards_or_raises_card_error(text):
    try:
        cards = parse_cards(text)
    except CardError as error:
        assert str(error)
    else:
        assert isinstance(cards, list)
        assert all(isinstance(card, Card) for card in cards)


def test_joker_codes_map_each_kind_to_its_code():
    assert JOKER_CODES == {"black": "BJ", "colour": "CJ", "plain": "JK"}
    assert [Card(None, None, kind).label for kind in ("black", "colour", "plain")] == ["BJ", "CJ", "JK"]
    assert [parse_card(code).label for code in ("BJ", "CJ", "JK")] == ["BJ", "CJ", "JK"]


@pytest.mark.parametrize(("text", "expected"), [("♤5", Card(5, "S")), ("♡5", Card(5, "H")),
                                                ("5♢", Card(5, "D")), ("♧5", Card(5, "C")),
                                                ("♥\ufe0f5", Card(5, "H"))])
def test_outline_suits_and_variation_selectors(text, expected):
    assert parse_card(text) == expected


def test_joker_names_parse_inside_a_list_of_cards():
    assert parse_cards("8♥ black joker, colour  joker joker") == [
        Card(8, "H"), Card(None, None, "black"), Card(None, None, "colour"), Card(None, None, "plain"),
    ]
