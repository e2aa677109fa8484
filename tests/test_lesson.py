"""Learn to play without a browser: the lesson's steps with the table's
names (companion/table/lesson.py over each game's lesson.py), the step kept
with the game in a real store (moved by any phone, read back after a
reload, left with the game kept), and each player's score explained with
the pad's own numbers for hands dealt from the game's real deck.

One Up: seed 000, "Setup" (2 decks, A-6 and K, 56 cards, 6 each; the top
of the draw pile starts the discard pile; the youngest starts round 1) and
"Scoring" (each value held counts once, A-6 their number, K 10).
"""

from __future__ import annotations

import random
import re

import pytest

from companion.cards import Card
from companion.errors import StoreError
from companion.registry import new_pad, pad_from_doc
from companion.store import Store
from companion.table import lesson

PLAYERS = ["Ann", "Ben", "Cy"]


def lesson_game(store: Store, game: str = "one_up") -> str:
    """A new ``game`` of Ann, Ben and Cy saved on its lesson's first step; its id."""
    pad = new_pad(game, PLAYERS)
    lesson.begin(pad)
    store.save_game(pad.to_doc())
    return pad.id


def step(store: Store, game_id: str) -> int | None:
    """The step the saved game is on (None: no lesson)."""
    saved = pad_from_doc(store.get_game(game_id)).lesson
    return None if saved is None else saved["step"]


def card_on(game: str, step_index: int, rounds: tuple[dict, ...] = ()) -> lesson.StepCard:
    """The step card of a new ``game`` of Ann, Ben and Cy on ``step_index``, after ``rounds``."""
    pad = new_pad(game, PLAYERS)
    for entry in rounds:
        pad.add_round(**entry)
    pad.lesson = {"step": step_index}
    return lesson.step_card(pad)


class TestEngine:
    def test_next_and_back_move_the_saved_step(self, tmp_path):
        store = Store(tmp_path)
        game_id = lesson_game(store)
        assert lesson.move(store, game_id, 0, 1, "Ben's phone").saved
        assert lesson.move(store, game_id, 1, 2, "Ann's phone").saved
        assert lesson.move(store, game_id, 2, 1, "Ann's phone").saved
        assert step(store, game_id) == 1

    def test_two_phones_tapping_next_on_one_step_move_it_once(self, tmp_path):
        store = Store(tmp_path)
        game_id = lesson_game(store)
        lesson.move(store, game_id, 0, 1, "Ann's phone")
        lesson.move(store, game_id, 0, 1, "Ben's phone")
        assert step(store, game_id) == 1

    def test_a_reloaded_store_resumes_the_step(self, tmp_path):
        game_id = lesson_game(Store(tmp_path))
        lesson.move(Store(tmp_path), game_id, 0, 1, None)
        lesson.move(Store(tmp_path), game_id, 1, 2, None)
        assert lesson.step_card(pad_from_doc(Store(tmp_path).get_game(game_id))).title == "Play the round"

    def test_leaving_keeps_the_game_and_its_rounds(self, tmp_path):
        store = Store(tmp_path)
        game_id = lesson_game(store)
        store.update_game(game_id, lambda pad: pad.add_round({"Ann": [], "Ben": "K", "Cy": "3 3"}, went_out="Ann"))
        assert lesson.leave(store, game_id, 0, "Cy's phone").saved
        pad = pad_from_doc(store.get_game(game_id))
        assert (pad.lesson, pad.totals, lesson.step_card(pad)) == (None, {"Ann": 0, "Ben": 10, "Cy": 3}, None)
        assert "lesson" not in store.get_game(game_id)

    def test_next_on_the_last_step_ends_the_lesson(self, tmp_path):
        store = Store(tmp_path)
        game_id = lesson_game(store)
        for at in range(4):
            lesson.move(store, game_id, at, at + 1, None)
        assert step(store, game_id) == 4
        assert lesson.move(store, game_id, 4, 5, None).saved
        assert step(store, game_id) is None

    def test_a_step_after_the_lesson_was_left_elsewhere_is_refused_in_words(self, tmp_path):
        store = Store(tmp_path)
        game_id = lesson_game(store)
        lesson.leave(store, game_id, 0, "Ann's phone")
        outcome = lesson.move(store, game_id, 0, 1, "Ben's phone")
        assert (outcome.saved, outcome.message) == (
            False, "The lesson was left on another phone; the game goes on as usual.")

    def test_leaving_or_finishing_again_or_from_a_step_moved_on_leaves_it_without_a_refusal(self, tmp_path):
        store = Store(tmp_path)
        game_id = lesson_game(store)
        lesson.move(store, game_id, 0, 1, "Ann's phone")
        left = lesson.leave(store, game_id, 0, "Ann's phone")
        again = [lesson.leave(store, game_id, 0, "Ann's phone"), lesson.move(store, game_id, 4, 5, "Ann's phone")]
        assert (left.saved, [(outcome.saved, outcome.message) for outcome in again], step(store, game_id)) == (
            True, [(True, ""), (True, "")], None)

    def test_a_step_is_no_change_of_the_scores_so_undo_leaves_it(self, tmp_path):
        store = Store(tmp_path)
        game_id = lesson_game(store)
        store.update_game(game_id, lambda pad: pad.add_round({"Ann": [], "Ben": "K", "Cy": "3"}, went_out="Ann"))
        lesson.move(store, game_id, 0, 1, None)
        store.update_game(game_id, lambda pad: pad.undo())
        pad = pad_from_doc(store.get_game(game_id))
        assert (pad.rows, pad.lesson) == ([], {"step": 1})

    def test_a_step_changes_the_saved_version_so_every_phone_repaints(self, tmp_path):
        store = Store(tmp_path)
        game_id = lesson_game(store)
        before = store.saved_stamp(game_id)
        lesson.move(store, game_id, 0, 1, None)
        assert store.saved_stamp(game_id) != before

    @pytest.mark.parametrize("bad", [[1], {"step": -1}, {"step": "2"}, {"step": 1, "more": 1}])
    def test_a_damaged_lesson_field_is_refused_by_name(self, tmp_path, bad):
        doc = new_pad("one_up", PLAYERS).to_doc()
        doc["lesson"] = bad
        with pytest.raises(StoreError, match="'lesson' must be a JSON object with a 'step' of 0 or more"):
            Store(tmp_path).save_game(doc)

    def test_a_game_without_a_lesson_is_not_begun(self):
        pad = new_pad("one_up", PLAYERS)
        assert pad.to_doc().get("lesson") is None and lesson.step_card(pad) is None


def real_deal(game: str, seed: int) -> tuple[list[Card], int]:
    """The deck of ``game`` for three players, as the setup guide counts it, shuffled
    with ``seed``; and the cards dealt to each."""
    from companion import setup

    plan = setup.plan(game, len(PLAYERS))
    deck = [card for card in _deck(game) for _ in range(plan.decks)]
    random.Random(seed).shuffle(deck)
    assert len(deck) == plan.deck_size
    return deck, plan.hand_size


def _deck(game: str) -> list[Card]:
    """One standard deck's cards of ``game`` (its setup row's ranks and jokers)."""
    from companion import registry
    from companion.cards import full_deck

    row = registry.game(game).setup
    return [card for card in full_deck(jokers=row.jokers) if card.is_joker or card.rank in row.ranks]


def explained_points(line: str) -> int:
    """The points an explanation line ends on ("... = 16 penalty points", ": 3 penalty points")."""
    return int(re.findall(r"(\d+) penalty points?", line)[-1])


class TestOneUp:
    def test_the_deal_step_names_the_dealer_the_deck_and_the_discard_pile(self):
        card = card_on("one_up", 0)
        assert (card.number, card.count, card.title, card.section) == (1, 5, "Take out the cards and deal", "setup")
        assert card.lines == (
            "From 2 standard decks take these 56 cards: A 2 3 4 5 6: 8 of each (48); K: 8. "
            "The 7s to Queens and the jokers stay out.",
            "Ann deals 6 cards to each player.",
            "Discard pile: the top card of the draw pile, turned face up beside it",
        )

    def test_the_turn_step_says_who_starts_and_what_a_turn_is(self):
        card = card_on("one_up", 1)
        assert (card.section, card.checks) == ("turn", False)
        assert card.lines == (
            "The youngest player starts. On your turn: play one card onto the discard pile (the value on top, "
            "or the next one along A 2 3 4 5 6 K, then A again), or draw one card, or drop out for the rest "
            "of the round.",
        )

    def test_the_play_step_offers_the_checker(self):
        card = card_on("one_up", 2)
        assert (card.checks, card.section) == (True, "special")
        assert card.lines[1] == "Pick the top card of the discard pile, then a card from your hand."

    def test_the_score_step_asks_for_the_round_then_explains_it(self):
        assert card_on("one_up", 3).lines == (
            "When someone goes out or the last player drops out, tap Add round and enter the cards each "
            "player still holds.",)
        card = card_on("one_up", 3, ({"hands": {"Ann": [], "Ben": "6 K 6", "Cy": "A"}, "went_out": "Ann"},))
        assert card.lines == (
            "Ann went out: no penalty points, 0 given back",
            "Ben keeps 6 and K: 6 + 10 = 16 penalty points",
            "Cy keeps A: 1 penalty point",
        )

    def test_the_last_step_gives_a_tip_and_finishes(self):
        card = card_on("one_up", 4)
        assert (card.last, card.section, card.lines[0]) == (
            True, "tips", "Two cards of one value cost no more than one; a K costs 10, so play it when a 6 or "
            "a K is on top.")

    @pytest.mark.parametrize("seed", range(8))
    def test_explanations_equal_the_pads_round_scores_for_a_real_deal(self, seed):
        deck, size = real_deal("one_up", seed)
        kept = random.Random(seed).randint(1, size)
        hands = {player: [str(card) for card in deck[n * size:(n + 1) * size][:kept]] for n, player in
                 enumerate(PLAYERS)}
        hands["Ann"] = []
        pad = new_pad("one_up", PLAYERS)
        pad.add_round(hands, went_out="Ann")
        pad.lesson = {"step": 3}
        lines = lesson.step_card(pad).lines
        assert [explained_points(line) for line in lines[1:]] == [pad.rows[0].penalty[p] for p in PLAYERS[1:]]
        assert lines[0] == "Ann went out: no penalty points, 0 given back"
        for line in lines[1:]:
            worked = re.search(r": ([\d + ]+) = (\d+) penalty", line)
            if worked:
                assert sum(map(int, worked.group(1).split(" + "))) == int(worked.group(2))


class TestOneCard:
    """Seed 002: the round's winner is whoever plays their last card first; rulings.md: round wins are tallied."""

    def test_the_deal_and_the_turn_with_the_tables_names(self):
        assert card_on("one_card", 0).lines[:2] == (
            "Take one standard deck with both jokers: 54 cards.", "Ann deals 5 cards to each player.")
        assert card_on("one_card", 1).lines[0].startswith(
            "Ben starts. On your turn: put one card on the discard pile that matches the top card's suit or rank")

    def test_the_score_step_explains_the_round_wins(self):
        card = card_on("one_card", 3, ({"winner": "Cy"},))
        assert (card.section, card.lines) == ("scoring", (
            "Ann: +0, 0 round wins in all",
            "Ben: +0, 0 round wins in all",
            "Cy played the last card first: +1, 1 round win in all",
        ))

    def test_the_last_step_teaches_winning(self):
        card = card_on("one_card", 4)
        assert (card.section, card.lines[0]) == (
            "winning", "Hold on to a 3 while you can: it is the only card that stops an attack aimed at you.")


class TestUpToNine:
    """Seed 003, "Scoring": 2 and 3 cost 20; rulings.md's preset: A 15, 10-K 10, 4-9 5; a lay-down climbs a level."""

    def test_the_deal_and_the_turn_with_the_tables_names(self):
        assert card_on("up_to_nine", 0).lines == (
            "Take 2 standard decks without jokers: 104 cards.", "Ann deals 11 cards to each player.",
            "Discard pile: the top card of the draw pile, turned face up")
        assert card_on("up_to_nine", 1).lines[0].startswith("Ben starts. On your turn: take the top card")

    def test_the_score_step_explains_each_hand_and_the_next_level(self):
        first = {"results": {"Ann": {"laid_down": True}, "Ben": {"laid_down": False, "hand": "K 5 3"},
                             "Cy": {"laid_down": True, "points": 15}}}
        assert card_on("up_to_nine", 3, (first,)).lines == (
            "Ann has no cards left: no penalty points; next round: level 2",
            "Ben keeps K, 5 and 3: 10 + 5 + 20 = 35 penalty points; next round: level 1",
            "Cy: 15 penalty points, as typed; next round: level 2",
        )

    @pytest.mark.parametrize("seed", range(8))
    def test_explanations_equal_the_pads_round_scores_for_a_real_deal(self, seed):
        deck, size = real_deal("up_to_nine", seed)
        kept = random.Random(seed).randint(1, size)
        results = {player: {"laid_down": n == 2, "hand": " ".join(map(str, deck[n * size:n * size + kept]))}
                   for n, player in enumerate(PLAYERS)}
        results["Ann"] = {"laid_down": True}
        pad = new_pad("up_to_nine", PLAYERS)
        pad.add_round(results)
        pad.lesson = {"step": 3}
        lines = lesson.step_card(pad).lines
        assert [explained_points(line) for line in lines[1:]] == [pad.rows[0].penalty[p] for p in PLAYERS[1:]]
        assert [line.rsplit("level ", 1)[1] for line in lines] == [str(pad.level(p)) for p in PLAYERS]


class TestUpOrDown:
    """Seed 004, "Scoring": a row scores its cards times its commonest colour's cards; 1 point per discarded card."""

    def test_the_deal_says_what_lies_in_the_middle(self):
        assert card_on("up_or_down", 0).lines == (
            "Take the cards numbered 1 to 78 (78 cards); 79 to 126 stay in the box.",
            "Ann deals 3 cards to each player.",
            "In the middle: 6 face-up cards in a ring, from low to high; the rest split into a face-up pile "
            "and a face-down pile inside the ring",
        )

    def test_the_single_round_ends_the_game_and_the_last_step_says_so(self):
        first = {"scores": {"Ann": {"rows": [[5, 4], ["red", "blue"]], "discarded": 3}, "Ben": {"rows": [[8, 2]]},
                            "Cy": {"rows": [], "discarded": 4}}}
        assert card_on("up_or_down", 3, (first,)).lines == (
            "Ann: rows of 5 × 4 and 2 × 1, 3 on the discard pile: 20 + 2 + 3 = 25 points",
            "Ben: rows of 8 × 2, 0 on the discard pile: 16 points",
            "Cy: no rows, 4 on the discard pile: 4 points",
        )
        assert card_on("up_or_down", 4, (first,)).lines[1] == "The game is over: the pad shows who won."

    @pytest.mark.parametrize("seed", range(8))
    def test_explanations_equal_the_pads_scores_for_a_real_deal(self, seed):
        from companion.games.up_or_down.rules import COLOURS

        chance = random.Random(seed)
        scores = {player: {"rows": [[chance.choice(COLOURS) for _ in range(chance.randint(1, 6))]
                                    for _ in range(chance.randint(0, 3))], "discarded": chance.randint(0, 5)}
                  for player in PLAYERS}
        pad = new_pad("up_or_down", PLAYERS)
        pad.add_round(scores)
        pad.lesson = {"step": 3}
        lines = lesson.step_card(pad).lines
        assert [int(re.findall(r"(\d+) points?$", line)[0]) for line in lines] == [
            pad.rows[0].points[p] for p in PLAYERS]


@pytest.mark.parametrize("code", ["nb", "de"])
def test_every_lessons_words_are_translated(code):
    from companion import registry
    from companion.games.lesson_steps import TITLES
    from companion.i18n import _, language

    words = [*TITLES.values(), *(text for spec in registry.GAMES for text in (
        spec.lesson.turn, spec.lesson.check, spec.lesson.enter, spec.lesson.tip, spec.lesson.starts) if text)]
    with language(code):
        assert [text for text in words if _(text) == text] == []


class TestNewGameAsked:
    """``/new?game=<id>&lesson=1``: New game set up for a lesson (companion/ui/new_game.py)."""

    def test_the_address_picks_the_game_and_the_lesson(self):
        from companion.ui.new_game import asked_draft

        draft = asked_draft("/new?game=up_or_down&lesson=1")
        assert (draft.game, draft.lesson) == ("up_or_down", True)

    def test_an_unknown_game_or_no_flag_is_a_plain_new_game(self):
        from companion.ui.new_game import asked_draft

        assert [(d.game, d.lesson) for d in (asked_draft("/new?game=poker&lesson=1"), asked_draft("/new"))] == [
            ("one_up", True), ("one_up", False)]

    def test_a_lesson_asked_for_starts_afresh_over_a_set_up_left_half_done(self):
        from companion.ui.new_game import NewGameDraft, draft_to_show

        kept = NewGameDraft(game="one_card", players=("Ann",))
        assert draft_to_show(kept, "/new") is kept
        shown = draft_to_show(kept, "/new?game=up_to_nine&lesson=1")
        assert (shown.game, shown.players, shown.lesson) == ("up_to_nine", (), True)
