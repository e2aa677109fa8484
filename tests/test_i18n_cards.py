"""Cards in each language: letters, joker codes and names in reasons, tables, the
keypad and the parser (companion/cards.py); German and Norwegian wording of the
One-card checker and the whose-phone buttons."""

import pytest

from companion import registry
from companion.cards import Card, card_texts, joker_code, parse_card, parse_cards, rank_letter, show_cards
from companion.games.one_card.pile import OneCardState, check_play
from companion.games.up_to_nine.scoring import penalty_groups
from companion.i18n import LANGUAGES, language
from companion.registry import new_pad
from companion.ui.games.one_card_check import one_card_answer
from companion.ui.games.up_to_nine import entry_lines
from companion.ui.pad_parts import phone_view

BLACK, COLOUR, PLAIN = (Card(None, None, kind) for kind in ("black", "colour", "plain"))


@pytest.mark.parametrize(("code", "letters", "codes", "shown"), [
    ("en", ["A", "J", "Q", "K"], ["BJ", "CJ", "JK"], "A♠ J♥ Q♦ K♣ black joker colour joker joker"),
    ("nb", ["A", "J", "Q", "K"], ["SJ", "FJ", "JK"], "A♠ J♥ Q♦ K♣ svart joker farget joker joker"),
    ("de", ["A", "B", "D", "K"], ["SJ", "FJ", "JK"], "A♠ B♥ D♦ K♣ schwarzer Joker farbiger Joker Joker"),
])
def test_letters_codes_and_names_per_language(code, letters, codes, shown):
    with language(code):
        assert [rank_letter(rank) for rank in (1, 11, 12, 13)] == letters
        assert [joker_code(kind) for kind in ("black", "colour", "plain")] == codes
        assert show_cards([Card(1, "S"), Card(11, "H"), Card(12, "D"), Card(13, "C"), BLACK, COLOUR, PLAIN]) == shown


@pytest.mark.parametrize(("code", "typed", "expected"), [
    ("de", "B♥ D♠ K♦ A♣ BP DD", [Card(11, "H"), Card(12, "S"), Card(13, "D"), Card(1, "C"), Card(11, "S"),
                                 Card(12, "D")]),
    ("de", "SJ FJ JK", [BLACK, COLOUR, PLAIN]),
    ("de", "schwarzer Joker, farbiger Joker", [BLACK, COLOUR]),
    ("nb", "SJ FJ svart joker, farget joker", [BLACK, COLOUR, BLACK, COLOUR]),
    ("nb", "Kn♥ E♠ D♦", [Card(11, "H"), Card(1, "S"), Card(12, "D")]),
    ("en", "BJ CJ JK black joker", [BLACK, COLOUR, PLAIN, BLACK]),
    ("en", "JS J♠ JC", [Card(11, "S"), Card(11, "S"), Card(11, "C")]),
])
def test_exact_parses_per_language(code, typed, expected):
    with language(code):
        assert parse_cards(typed) == expected


@pytest.mark.parametrize("code", LANGUAGES)
def test_english_codes_read_in_every_language_and_no_code_means_another_joker(code):
    with language(code):
        assert [parse_card(text) for text in ("BJ", "CJ", "JK")] == [BLACK, COLOUR, PLAIN]
        for kind in ("black", "colour", "plain"):
            for other in LANGUAGES:
                with language(other):
                    shown_code, shown_name = joker_code(kind), str(Card(None, None, kind))
                assert parse_card(shown_code).joker == kind
                assert parse_card(shown_name).joker == kind


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_card_shown_reads_back_in_every_language(code):
    cards = [Card(rank, suit) for suit in "SHDC" for rank in range(1, 14)] + [BLACK, COLOUR, PLAIN]
    with language(code):
        shown = show_cards(cards)
    for reader in LANGUAGES:
        with language(reader):
            assert parse_cards(shown) == cards


def test_saved_notation_is_the_same_in_every_language():
    for code in LANGUAGES:
        with language(code):
            assert card_texts("B♥ SJ FJ") == ["J♥", "black joker", "colour joker"]
            assert Card(12, "D").code == "Q♦"


@pytest.mark.parametrize(("code", "reasons"), [
    ("en", ("An attack of 10 is pending (last attack colour joker), which nothing can answer: J♥ can't be played. "
            "Shield with a 3 or take 10 cards.",
            "J♥ does not match Q♠: play a spade, a Q, a 7 or a joker.")),
    ("nb", ("Et angrep på 10 venter (siste angrep farget joker), og ingenting kan svare på det: J♥ kan ikke legges. "
            "Skjerm med en 3 eller ta 10 kort.",
            "J♥ passer ikke på Q♠: legg en spar, en Q, en 7 eller en joker.")),
    ("de", ("Ein Angriff über 10 ist offen (zuletzt farbiger Joker), und nichts kann ihn kontern: B♥ geht nicht. "
            "Schütze dich mit einer 3 oder nimm 10 Karten.",
            "B♥ passt nicht auf D♠: spiel Pik, D, eine 7 oder einen Joker.")),
])
def test_one_card_reasons_name_cards_in_the_language(code, reasons):
    with language(code):
        attacked = OneCardState(top=COLOUR, attack_total=10, last_attack=COLOUR)
        assert check_play(attacked, Card(11, "H"), [Card(11, "H")]).reason == reasons[0]
        assert check_play(OneCardState(top=Card(12, "S")), Card(11, "H"), [Card(11, "H")]).reason == reasons[1]


@pytest.mark.parametrize(("code", "tens"), [("en", ["10", "J", "Q", "K"]), ("de", ["10", "B", "D", "K"])])
def test_up_to_nine_penalty_table_letters(code, tens):
    with language(code):
        assert penalty_groups()[2] == (tens, 10)


@pytest.mark.parametrize(("code", "one", "two"), [
    ("en", "1 of 3 may be played: 9♥.", "2 of 3 may be played: 9♥, 5♣."),
    ("nb", "1 av 3 kan legges: 9♥.", "2 av 3 kan legges: 9♥, 5♣."),
    ("de", "1 von 3 darf gelegt werden: 9♥.", "2 von 3 dürfen gelegt werden: 9♥, 5♣."),
])
def test_how_many_may_be_played_is_a_plural_message(code, one, two):
    with language(code):
        assert one_card_answer(Card(5, "H"), parse_cards("9h 9c 9d")).summary.text == one
        assert one_card_answer(Card(5, "H"), parse_cards("9h 5c 9d")).summary.text == two


@pytest.mark.parametrize(("code", "buttons"), [
    ("en", ["Ann's phone", "Ben's phone"]),
    ("nb", ["Telefonen til Ann", "Telefonen til Ben"]),
    ("de", ["Handy von Ann", "Handy von Ben"]),
])
def test_whose_phone_buttons_open_with_a_capital(code, buttons):
    with language(code):
        view = phone_view(new_pad("one_card", ["Ann", "Ben"]), "", lambda label: None, lambda: None)
        assert [button.content for button in view.controls[2:4]] == buttons


@pytest.mark.parametrize(("code", "black", "colour"), [
    ("en", "| black joker | 7 | colour joker |", "| colour joker | 10 | nothing: block it or take it |"),
    ("nb", "| svart joker | 7 | farget joker |", "| farget joker | 10 | ingenting: stopp det eller ta det |"),
    ("de", "| schwarzer Joker | 7 | farbiger Joker |", "| farbiger Joker | 10 | nichts: abwehren oder annehmen |"),
])
def test_the_rules_attack_table_names_jokers_in_the_language(code, black, colour):
    with language(code):
        table = registry.game("one_card").figures({})["one_card_attacks"].splitlines()
    assert table[-2:] == [black, colour]


@pytest.mark.parametrize(("code", "line"), [
    ("en", "cards left: K Q J♥ A"),
    ("nb", "kort igjen: K Q J♥ A"),
    ("de", "übrige Karten: K D B♥ A"),
])
def test_an_up_to_nine_hand_is_shown_in_the_languages_letters(code, line):
    pad = new_pad("up_to_nine", ["Ann", "Ben"])
    pad.add_round({"Ann": {"laid_down": True, "hand": []}, "Ben": {"laid_down": False, "hand": "K Q J♥ A"}})
    with language(code):
        assert entry_lines(pad, 1, "Ben")[-1] == line
