"""The dealer's setup guide: seeds' Setup sections and rulings.md presets."""

import dataclasses
import re

import pytest

from companion.games.up_or_down import cards_in_play
from companion.cards import Card
from companion.games.setup_rows import SHUFFLE, SHUFFLE_GROUPED
from companion.registry import GAME_IDS, GAMES as SPECS
from companion.setup import SetupError, SetupPlan, check_copies, copies_in_deck, plan

GAMES = {spec.id: spec.setup for spec in SPECS}

PLAN_FIELDS = {field.name for field in dataclasses.fields(SetupPlan)}


def test_game_ids():
    assert GAME_IDS == ("one_up", "one_card", "up_to_nine", "up_or_down")


# One Up (seed 000) -----------------------------------------------------------


def test_one_up_four_players():
    guide = plan("one_up", 4)
    assert guide.deck_size == 56
    assert guide.hand_size == 6
    assert guide.decks == 2
    assert guide.deck == ("A 2 3 4 5 6: 8 of each (48)", "K: 8")
    assert guide.numbers is None
    assert guide.presets == ()


@pytest.mark.parametrize("players", range(2, 7))
def test_one_up_same_deck_for_every_count(players):
    guide = plan("one_up", players)
    assert (guide.deck_size, guide.hand_size, guide.decks) == (56, 6, 2)


def test_one_up_start_and_first_player():
    guide = plan("one_up", 3)
    assert "top card of the draw pile" in guide.discard_start
    assert "youngest" in guide.first_player
    assert "ended the last round" in guide.first_player
    assert guide.steps[-1] == (
        "5. The youngest player starts the first round; play goes clockwise. "
        "Later rounds start with whoever ended the round before."
    )


def test_one_up_steps_count_the_cards():
    steps = plan("one_up", 4).steps
    assert steps[0] == (
        "1. From 2 standard decks take these 56 cards: A 2 3 4 5 6: 8 of each (48); "
        "K: 8. The 7s to Queens and the jokers stay out."
    )
    assert steps[1] == (
        "2. Shuffle the 56 cards and deal 6 cards face down to each of the 4 players, "
        "one at a time (24 cards dealt)."
    )
    assert steps[2] == "3. Put the other 32 cards face down in the middle: the draw pile."


# One-card (seed 002, rulings.md) ---------------------------------------------


def test_one_card_two_players_seven_each():
    guide = plan("one_card", 2)
    assert (guide.deck_size, guide.hand_size, guide.decks) == (54, 7, 1)
    assert guide.deck == (
        "A 2 3 4 5 6 7 8 9 10 J Q K of ♠ ♥ ♦ ♣: 1 of each (52)",
        "black joker: 1",
        "colour joker: 1",
    )


@pytest.mark.parametrize("players", [3, 4, 5])
def test_one_card_three_or_more_five_each(players):
    guide = plan("one_card", players)
    assert (guide.deck_size, guide.hand_size, guide.decks) == (54, 5, 1)


def test_one_card_six_players_two_decks_as_preset():
    guide = plan("one_card", 6)
    assert (guide.deck_size, guide.hand_size, guide.decks) == (108, 5, 2)
    assert guide.deck == (
        "A 2 3 4 5 6 7 8 9 10 J Q K of ♠ ♥ ♦ ♣: 2 of each (104)",
        "black joker: 2",
        "colour joker: 2",
    )
    assert {"decks", "deck_size"} <= set(guide.presets)
    assert "decks" not in plan("one_card", 5).presets


def test_one_card_buries_special_start_cards():
    guide = plan("one_card", 4)
    assert "2, 3, 7, A, J, Q, K or joker" in guide.discard_start
    assert "4, 5, 6, 8, 9 or 10" in guide.discard_start
    assert any("Stop at the first 4, 5, 6, 8, 9 or 10" in step for step in guide.steps)


def test_one_card_first_player_is_a_preset():
    guide = plan("one_card", 3)
    assert "dealer's left" in guide.first_player
    assert "first_player" in guide.presets


# Up to 9 (seed 003, rulings.md) ----------------------------------------------


@pytest.mark.parametrize(("players", "size", "decks"), [(2, 104, 2), (3, 104, 2), (4, 104, 2), (5, 156, 3), (6, 156, 3)])
def test_up_to_nine_decks(players, size, decks):
    guide = plan("up_to_nine", players)
    assert (guide.deck_size, guide.hand_size, guide.decks) == (size, 11, decks)
    assert guide.deck == (f"A 2 3 4 5 6 7 8 9 10 J Q K of ♠ ♥ ♦ ♣: {decks} of each ({size})",)
    assert "decks" in guide.presets


def test_up_to_nine_start_and_first_player_from_the_seed():
    guide = plan("up_to_nine", 4)
    assert "top card" in guide.discard_start
    assert "dealer's left" in guide.first_player
    assert "first_player" not in guide.presets
    assert guide.steps[0] == "1. Take 2 standard decks without jokers: 104 cards."
    assert guide.steps[2] == "3. Put the other 60 cards face down in the middle: the draw pile."


# Up or Down? (seed 004, rulings.md) ------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 54), (3, 78), (4, 102), (5, 126), (6, 126)])
def test_up_or_down_cards_in_play(players, size):
    guide = plan("up_or_down", players)
    assert (guide.deck_size, guide.hand_size, guide.decks) == (size, 3, 1)
    assert guide.numbers == range(1, size + 1)
    assert guide.numbers == cards_in_play(players)
    assert guide.deck == (f"numbers 1 to {size}: 1 of each ({size})",)


def test_up_or_down_ring_and_two_piles():
    guide = plan("up_or_down", 3)
    assert "ring" in guide.discard_start
    assert "face-up pile" in guide.discard_start
    assert guide.steps == [
        "1. Take the cards numbered 1 to 78 (78 cards); 79 to 126 stay in the box.",
        "2. Shuffle the 78 cards and deal 3 cards face down to each of the 3 players, "
        "one at a time (9 cards dealt).",
        "3. Turn up 6 cards and lay them in a ring, from the lowest to the highest.",
        "4. Split the other 63 cards into two piles of 32 and 31. "
        "Put both inside the ring: one face up, the other face down.",
        "5. The player on the dealer's left starts; play goes clockwise.",
    ]


def test_up_or_down_all_cards_for_six():
    guide = plan("up_or_down", 6)
    assert guide.steps[0] == "1. Use all 126 numbered cards."
    assert "two piles of 51 and 51" in guide.steps[3]


def test_up_or_down_presets():
    guide = plan("up_or_down", 2)
    assert {"first_player", "deck_size"} <= set(guide.presets)


# Every plan ------------------------------------------------------------------

ALL = [(game, players) for game in GAME_IDS for players in range(2, 7)]


@pytest.mark.parametrize(("game", "players"), ALL)
def test_steps_are_numbered_in_order(game, players):
    steps = plan(game, players).steps
    assert isinstance(steps, list)
    assert len(steps) >= 4
    assert [int(re.match(r"(\d+)\. \S", step).group(1)) for step in steps] == list(range(1, len(steps) + 1))
    assert not any("{" in step or "}" in step for step in steps)


@pytest.mark.parametrize(("game", "players"), ALL)
def test_deck_lines_add_up_to_the_deck_size(game, players):
    guide = plan(game, players)
    counts = [int(re.search(r"\((\d+)\)$", line).group(1)) if line.endswith(")") else int(line.rsplit(": ", 1)[1])
              for line in guide.deck]
    assert sum(counts) == guide.deck_size


@pytest.mark.parametrize(("game", "players"), ALL)
def test_enough_cards_to_deal(game, players):
    guide = plan(game, players)
    assert guide.hand_size * players < guide.deck_size
    assert f"deal {guide.hand_size} cards" in guide.steps[1]


@pytest.mark.parametrize(("game", "players"), ALL)
def test_presets_name_plan_fields_and_are_explained(game, players):
    guide = plan(game, players)
    assert set(guide.presets) <= PLAN_FIELDS
    assert bool(guide.notes) == bool(guide.presets)
    assert all("app's preset" in note for note in guide.notes)


@pytest.mark.parametrize(("game", "players"), ALL)
def test_no_internal_file_name_in_what_the_guide_shows(game, players):
    guide = plan(game, players, {"joker": True} if game == "one_up" else None)
    shown = [guide.discard_start, guide.start_label, guide.first_player, guide.shuffle,
             *guide.deck, *guide.steps, *guide.notes]
    assert not [text for text in shown if ".md" in text or "rulings" in text]


def test_the_ring_of_up_or_down_is_not_called_a_discard_pile():
    assert plan("up_or_down", 3).start_label == "In the middle"
    assert {plan(game, 4).start_label for game in ("one_up", "one_card", "up_to_nine")} == {"Discard pile"}


def test_the_shuffle_tip_on_runs_and_sets_only_where_they_are_laid():
    assert plan("up_to_nine", 4).shuffle == SHUFFLE_GROUPED
    assert "runs and sets" in SHUFFLE_GROUPED
    for game in ("one_up", "one_card", "up_or_down"):
        assert plan(game, 4).shuffle == SHUFFLE
    assert "runs" not in SHUFFLE and "sets" not in SHUFFLE


@pytest.mark.parametrize(("game", "players"), ALL)
def test_plan_records_what_was_asked(game, players):
    guide = plan(game, players)
    assert (guide.game, guide.players) == (game, players)
    assert guide.title == GAMES[game].title


def test_every_game_covers_two_to_six_players_once():
    for game, setup in GAMES.items():
        covered = [n for deal in setup.deals for n in deal.players]
        assert sorted(covered) == [2, 3, 4, 5, 6], game


def test_game_id_ignores_case_and_spaces():
    assert plan(" One_Up ", 4).deck_size == 56


def test_plan_is_frozen():
    guide = plan("one_up", 4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        guide.hand_size = 7


@pytest.mark.parametrize("game", ["poker", "", "one up", None, ["one_up"]])
def test_unknown_game_lists_the_ids(game):
    with pytest.raises(ValueError) as caught:
        plan(game, 4)
    assert "one_up, one_card, up_to_nine, up_or_down" in str(caught.value)
    assert isinstance(caught.value, SetupError)


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("players", [0, 1, 7, 12, -1, True, 4.0, "4", None])
def test_unsupported_player_count_names_the_range(game, players):
    with pytest.raises(ValueError, match="is for 2-6 players"):
        plan(game, players)


def test_one_card_buried_ranks_come_from_the_core_table():
    from companion.games import one_card

    assert one_card.start_ranks() == (("2", "3", "7", "A", "J", "Q", "K"), ("4", "5", "6", "8", "9", "10"))
    assert plan("one_card", 3).steps[3] == (
        "4. Turn the top card face up. If it is a 2, 3, 7, A, J, Q, K or a joker, push it into the "
        "middle of the draw pile and turn the next one. Stop at the first 4, 5, 6, 8, 9 or 10: "
        "it starts the discard pile."
    )


def test_one_up_deck_lines_follow_the_value_circle():
    from companion.games import one_up

    lines = GAMES["one_up"].deals[0].lines
    assert " ".join(line.cards for line in lines) == " ".join(one_up.VALUE_CIRCLE)
    assert [(line.cards, line.kinds, line.copies) for line in lines] == [("A 2 3 4 5 6", 6, 8), ("K", 1, 8)]


# Options that change the deck: seed 000, "Variants" (wild joker)

def test_one_up_wild_joker_puts_one_joker_in():
    guide = plan("one_up", 4, {"joker": True, "limit": 30})
    assert guide.deck_size == 57
    assert guide.deck == ("A 2 3 4 5 6: 8 of each (48)", "K: 8", "joker: 1")
    assert guide.steps[0] == (
        "1. From 2 standard decks take these 57 cards: A 2 3 4 5 6: 8 of each (48); K: 8; joker: 1. "
        "The 7s to Queens stay out; one joker goes in for the wild joker variant."
    )
    assert guide.steps[1].startswith("2. Shuffle the 57 cards and deal 6 cards")
    assert plan("one_up", 4, {"joker": False}).deck_size == 56
    assert plan("one_up", 4, {}).deck_size == 56


def test_options_that_change_no_deck_leave_the_plan_as_it_is():
    assert plan("one_card", 3, {"target": 3}) == plan("one_card", 3)


def test_options_must_be_a_mapping():
    with pytest.raises(SetupError, match="^Options must be given as names and values$"):
        plan("one_up", 3, ["joker"])


# The deck holds each card a fixed number of times (rulings.md: decks by player count); One Up's
# deck is the same for 2 to 6 players (seed 000, "The cards"), so its refusals name no count

@pytest.mark.parametrize(("game", "players", "cards", "options", "reason"), [
    ("one_card", 3, "5♥ 5♥ 5♥", None, "5♥: 3 held, but the 1 deck for 3 players has only 1."),
    ("one_card", 3, "BJ BJ BJ", None, "black joker: 3 held, but the 1 deck for 3 players has only 1."),
    ("one_card", 6, "BJ BJ BJ", None, "black joker: 3 held, but the 2 decks for 6 players have only 2."),
    ("up_to_nine", 2, "5♥ 5♥ 5♥", None, "5♥: 3 held, but the 2 decks for 2 players have only 2."),
    ("one_up", 3, "K K K K K K K K K", None, "K in all suits: 9 held, but One Up's deck has only 8."),
    ("one_up", 3, "K♠ K♠ K♠", None, "K♠: 3 held, but One Up's deck has only 2."),
    ("one_up", 3, "JK", None, "There is no joker in One Up's deck."),
    ("one_up", 6, "JK", None, "There is no joker in One Up's deck."),
    ("one_up", 3, "JK JK", {"joker": True}, "joker: 2 held, but One Up's deck has only 1."),
    ("one_up", 2, "JK JK", {"joker": True}, "joker: 2 held, but One Up's deck has only 1."),
    ("one_up", 4, "BJ CJ", {"joker": True}, "joker: 2 held, but One Up's deck has only 1."),
    ("one_up", 4, "BJ", None, "There is no joker in One Up's deck."),
    ("up_to_nine", 3, "2 2 2 2 2 2 2 2 2♥", None, "2 in all suits: 9 held, but the 2 decks for 3 players have only 8."),
    ("up_to_nine", 3, "2♥ 2 2 2 2 2 2 2 2", None, "2 in all suits: 9 held, but the 2 decks for 3 players have only 8."),
])
def test_check_copies_refuses_more_copies_than_the_deck_has(game, players, cards, options, reason):
    verdict = check_copies(game, players, cards, options)
    assert not verdict.legal
    assert verdict.reason == reason


@pytest.mark.parametrize(("game", "players", "cards", "options"), [
    ("one_card", 6, "BJ BJ 5♥ 5♥", None),
    ("up_to_nine", 5, "5♥ 5♥ 5♥ 5♠", None),
    ("one_up", 3, "K K K K K K K K JK", {"joker": True}),
    ("one_up", 3, "BJ 5 6", {"joker": True}),
    ("one_up", 3, "CJ", {"joker": True}),
    ("one_card", 3, "", None),
])
def test_check_copies_accepts_what_the_deck_holds(game, players, cards, options):
    assert check_copies(game, players, cards, options).legal


def test_copies_in_deck():
    assert copies_in_deck("up_to_nine", 5, Card(5, "H")) == 3
    assert copies_in_deck("up_to_nine", 5, Card(5)) == 12
    assert copies_in_deck("one_card", 2, Card(None, None, "colour")) == 1
    assert copies_in_deck("one_up", 2, Card(7, "H")) == 0
    assert copies_in_deck("one_up", 2, Card(None, None, "black"), {"joker": True}) == 1
    assert copies_in_deck("one_up", 2, Card(None, None, "colour")) == 0
    assert copies_in_deck("one_card", 2, Card(None, None, "black")) == 1
    with pytest.raises(SetupError, match="numbers"):
        copies_in_deck("up_or_down", 2, Card(5, "H"))
    with pytest.raises(SetupError, match="2-6 players"):
        check_copies("one_card", 9, "5♥")
