"""Each rules module's TITLE and the figures its rules text uses (rule_figures)."""

from __future__ import annotations

import pytest

from companion import setup
from companion.games import one_card, one_up, up_or_down, up_to_nine
from companion.games.spec import OptionError
from companion.games.up_to_nine import levels_to_json

RULES = {"one_up": one_up, "one_card": one_card, "up_to_nine": up_to_nine, "up_or_down": up_or_down}


@pytest.mark.parametrize(("game", "title"), [
    ("one_up", "One Up"), ("one_card", "One-card"), ("up_to_nine", "Up to 9"), ("up_or_down", "Up or Down?"),
])
def test_title_lives_in_the_rules_module_and_the_setup_table_reads_it(game, title):
    assert RULES[game].TITLE == title
    assert setup.row(game).title == title
    assert setup.plan(game, 4).title == title


def test_every_figure_is_text_and_named_after_its_game():
    for game, module in RULES.items():
        figures = module.rule_figures()
        assert figures and all(name.startswith(game + "_") for name in figures)
        assert all(isinstance(text, str) and text for text in figures.values())


def test_one_up_figures():
    figures = one_up.rule_figures()
    assert figures["one_up_cards"] == "56"
    assert figures["one_up_limit"] == "40"
    assert figures["one_up_values"].splitlines()[:3] == ["| Card | Penalty points |", "|---|---|", "| A | 1 |"]
    assert figures["one_up_values"].splitlines()[-2:] == ["| K | 10 |", "| Joker (wild joker variant) | 20 |"]
    assert figures["one_up_give_back"] == (
        "You take back 10 if it was 10 or more, else 1 if it was 1 or more, else nothing."
    )
    assert one_up.rule_figures({"limit": 30})["one_up_limit"] == "30"
    with pytest.raises(OptionError, match="^The game limit must be a whole number, 1 or more, not 0$"):
        one_up.rule_figures({"limit": 0})


def test_one_card_figures():
    figures = one_card.rule_figures({"target": 3})
    assert figures["one_card_decks"] == (
        "Decks by table size: 2-5 players: 1 deck, 54 cards; 6 players: 2 decks, 108 cards."
    )
    assert figures["one_card_deal"] == "Deal 7 each with 2 players, and 5 each with 3 or more players."
    assert "| A♥ A♦ A♣ | 3 |" in figures["one_card_attacks"]
    assert figures["one_card_attacks"].splitlines() == [
        "| Attack card | Next player draws | Passed on by |",
        "|---|---|---|",
        "| any 2 | 2 | any 2, any A or either joker |",
        "| A♥ A♦ A♣ | 3 | any A or either joker |",
        "| A♠ | 5 | either joker |",
        "| black joker | 7 | colour joker |",
        "| colour joker | 10 | nothing: block it or take it |",
    ]
    assert figures["one_card_target"] == "3"
    with pytest.raises(OptionError, match="^The round wins that take the match must be a whole number, 1 or more, not True$"):
        one_card.rule_figures({"target": True})


def test_one_card_answers_follow_the_attack_values(monkeypatch):
    """What passes an attack on is computed from the attack values: with the black joker worth
    the A♠'s 5, each of the two passes the other on, but neither passes itself on."""
    monkeypatch.setitem(one_card.ATTACK_VALUES, one_card.BLACK_JOKER, 5)
    rows = one_card.rule_figures()["one_card_attacks"].splitlines()
    assert rows[-3:] == [
        "| A♠ | 5 | either joker |",
        "| black joker | 5 | A♠ or colour joker |",
        "| colour joker | 10 | nothing: block it or take it |",
    ]


def test_up_to_nine_figures_follow_the_level_table():
    figures = up_to_nine.rule_figures()
    assert figures["up_to_nine_decks"] == (
        "2-4 players: 2 standard decks without jokers (104 cards); "
        "5-6 players: 3 standard decks without jokers (156 cards)."
    )
    assert figures["up_to_nine_min_natural"] == (
        "level 9 (straight of 9, max 4 wild) needs at least 5 natural cards."
    )
    assert figures["up_to_nine_levels"].startswith("| Level | Contract | Max wild |")
    own = levels_to_json()
    own[8] = {"groups": [{"kind": "straight", "size": 10, "max_wild": 4}], "max_wild": 4, "min_clean": 0}
    changed = up_to_nine.rule_figures({"levels": own})
    assert changed["up_to_nine_last_contract"] == "straight of 10"
    assert changed["up_to_nine_levels"].startswith("This game plays with its own level table:")
    with pytest.raises(OptionError, match="^The level table can not be used: "):
        up_to_nine.rule_figures({"levels": own[:8]})


def test_up_or_down_figures():
    figures = up_or_down.rule_figures()
    assert figures["up_or_down_example"].endswith("score 24 + 2 + 40 = 66.")
    assert "| 4 | 1 to 102 |" in figures["up_or_down_cards"]
    assert figures["up_or_down_rows"] == "3"


REFUSED_OPTIONS = [
    ("one_up", {"limit": 0}, "The game limit must be a whole number, 1 or more, not 0"),
    ("one_up", {"limit": "40"}, "The game limit must be a whole number, 1 or more, not '40'"),
    ("one_up", {"joker": "yes"}, "The joker option is on (true) or off (false)"),
    ("one_card", {"target": True}, "The round wins that take the match must be a whole number, 1 or more, not True"),
    ("up_to_nine", {"levels": [1, 2]}, "The level table can not be used: "),
    ("one_up", {"speed": 3}, "One Up has no option 'speed' (options: joker, limit)"),
    ("up_or_down", {"limit": 3}, "Up or Down? has no option 'limit' (options: none)"),
]


@pytest.mark.parametrize(("game", "options", "words"), REFUSED_OPTIONS)
def test_a_house_rule_is_refused_in_the_same_words_by_the_pad_the_rules_screen_and_the_setup_guide(
    game, options, words
):
    from companion import rulebook, setup
    from companion.pads import PadError
    from companion.registry import new_pad

    said = []
    for refuse, error in (
        (lambda: new_pad(game, ["Ann", "Ben"], options=options), PadError),
        (lambda: rulebook.rules_for(game, options), rulebook.RulebookError),
        (lambda: rulebook.house_rules(game, options), rulebook.RulebookError),
        (lambda: setup.plan(game, 2, options), setup.SetupError),
    ):
        with pytest.raises(error) as refused:
            refuse()
        said.append(str(refused.value))
    assert said[0].startswith(words)
    assert said == [said[0]] * 4
