"""The game registry and what every pad shares: new games, saved documents, replays."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import registry
from companion.cards import parse_card
from companion.games.setup_rows import copies_in_deck
from companion.games import one_card, one_up, up_or_down, up_to_nine
from companion.pads import PadError
from companion.registry import new_pad, pad_class, pad_from_doc
from companion.games.one_card import OneCardPad
from companion.games.one_up import OneUpPad
from companion.games.up_or_down import UpOrDownPad
from companion.games.up_to_nine import UpToNinePad
from companion.store import Store

ENTRIES = {
    "one_up": {"hands": {"Ann": "K 3", "Ben": ""}, "went_out": "Ben"},
    "one_card": {"winner": "Ben"},
    "up_to_nine": {"results": {"Ann": {"laid_down": True}, "Ben": {"laid_down": False, "hand": "♥2"}}},
    "up_or_down": {"scores": {"Ann": {"rows": [[8, 3]]}, "Ben": {"rows": [], "discarded": 4}}},
}

FIRST_ROUND_TOTALS = {
    "one_up": {"Ann": 13, "Ben": 0},
    "one_card": {"Ann": 0, "Ben": 1},
    "up_to_nine": {"Ann": 0, "Ben": 20},
    "up_or_down": {"Ann": 24, "Ben": 4},
}


PADS = {entry.id: entry.pad for entry in registry.GAMES}


def test_registry_names_the_four_games():
    assert sorted(PADS) == ["one_card", "one_up", "up_or_down", "up_to_nine"]
    assert {entry.id: entry.title for entry in registry.GAMES} == {
        "one_up": "One Up", "one_card": "One-card", "up_to_nine": "Up to 9", "up_or_down": "Up or Down?",
    }


def test_registry_ties_each_game_to_its_rules_pad_and_setup_in_menu_order():
    assert [(game.id, game.title, game.icon, game.pad, game.setup) for game in registry.GAMES] == [
        ("one_up", "One Up", "FILTER_1", OneUpPad, one_up.SETUP),
        ("one_card", "One-card", "STYLE", OneCardPad, one_card.SETUP),
        ("up_to_nine", "Up to 9", "STAIRS", UpToNinePad, up_to_nine.SETUP),
        ("up_or_down", "Up or Down?", "SWAP_VERT", UpOrDownPad, up_or_down.SETUP),
    ]
    assert [game.SPEC for game in (one_up, one_card, up_to_nine, up_or_down)] == list(registry.GAMES)
    assert registry.GAME_IDS == ("one_up", "one_card", "up_to_nine", "up_or_down")
    assert registry.game("up_or_down").setup.laid_out == up_or_down.RING_SIZE == 6
    assert all(game.players == range(2, 7) for game in registry.GAMES)
    assert list(PADS) == list(registry.GAME_IDS)
    assert pad_class("one_card") is OneCardPad


@pytest.mark.parametrize("bad", ["poker", "One Up", None, 3])
def test_registry_refuses_an_unknown_game_naming_the_known_ones(bad):
    known = "choose one of one_up, one_card, up_to_nine, up_or_down"
    with pytest.raises(registry.UnknownGameError, match=f"^There is no game {bad!r}: {known}$"):
        registry.game(bad)
    with pytest.raises(PadError, match=f"^There is no game {bad!r}: {known}$"):
        pad_class(bad)


@pytest.mark.parametrize("game", sorted(PADS))
def test_every_pad_round_trips_through_its_document(game):
    pad = new_pad(game, ["Ann", "Ben"], first_dealer=1)
    pad.add_round(**ENTRIES[game])
    pad.add_round(**pad.rounds[0])
    assert pad.rows[0].totals == FIRST_ROUND_TOTALS[game]
    doc = json.loads(json.dumps(pad.to_doc()))
    again = pad_from_doc(doc)
    assert type(again) is PADS[game]
    assert again.to_doc() == pad.to_doc()
    assert again.rows == pad.rows
    assert (again.id, again.created, again.updated) == (pad.id, pad.created, pad.updated)
    assert [row.dealer for row in again.rows] == ["Ben", "Ann"]


@pytest.mark.parametrize("game", sorted(PADS))
def test_every_game_takes_two_to_six_players(game):
    assert len(new_pad(game, list("ABCDEF")).players) == 6
    with pytest.raises(PadError, match="2 to 6 players, not 7"):
        new_pad(game, list("ABCDEFG"))


def test_unknown_game_and_bad_documents():
    with pytest.raises(PadError, match="no game 'poker'"):
        new_pad("poker", ["Ann", "Ben"])
    with pytest.raises(PadError, match="no game None"):
        pad_from_doc({"schema": 1})
    with pytest.raises(PadError, match="JSON object"):
        pad_from_doc(["one_up"])
    doc = new_pad("one_card", ["Ann", "Ben"]).to_doc()
    with pytest.raises(PadError, match="finished must be true or false"):
        pad_from_doc({**doc, "finished": "yes"})
    with pytest.raises(PadError, match="rounds must be a list"):
        pad_from_doc({**doc, "rounds": {"1": "Ann"}})


@pytest.mark.parametrize("game", sorted(PADS))
def test_seat_lookups_name_the_players(game):
    pad = new_pad(game, ["Ann", "Ben", "Cy"])
    assert [pad.left_of(name) for name in ("Ann", "Ben", "Cy")] == ["Ben", "Cy", "Ann"]
    with pytest.raises(PadError, match="^'Zed' is not playing in this game: choose the player from Ann, Ben and Cy"):
        pad.left_of("Zed")


CARDS = st.lists(st.sampled_from(one_up.VALUE_CIRCLE), min_size=1, max_size=6)
DEALT = copies_in_deck(one_up.SETUP, 3, parse_card("A"))
"""The most cards of one value the deck of One Up's three players holds (its setup row); hands
holding more are refused as a deal no deck gives."""
ROUND = st.tuples(
    st.lists(CARDS, min_size=3, max_size=3).filter(
        lambda hands: max(Counter(card for hand in hands for card in hand).values()) <= DEALT),
    st.sampled_from([None, 0, 1, 2]),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(ROUND, min_size=1, max_size=8), st.data())
def test_one_up_totals_always_equal_a_fresh_replay(rounds, data):
    """Whatever is edited or deleted, the pad shows what the rules give for the rounds left; a
    round's row, built from the replay's states, is the row its preview scored."""
    players = ["Ann", "Ben", "Cy"]
    pad = OneUpPad(players)
    for hands, out in rounds:
        entry = {p: ([] if i == out else cards) for i, (p, cards) in enumerate(zip(players, hands, strict=True))}
        went_out, ended_by = (None, "Cy") if out is None else (players[out], None)
        previewed = pad.preview_round(entry, went_out, ended_by)
        pad.add_round(entry, went_out, ended_by)
        assert pad.rows[-1] == previewed
    victim = data.draw(st.integers(1, len(rounds)))
    pad.delete_round(victim)
    totals = {p: 0 for p in players}
    for entry in pad.rounds:
        totals = one_up.score_round(totals, entry["hands"], entry["went_out"])
    assert pad.totals == totals
    assert all(total >= 0 for total in pad.totals.values())
    assert pad.undo() == f"round {victim} deleted"
    assert len(pad.rows) == len(rounds)
    assert OneUpPad.from_doc(pad.to_doc()).rows == pad.rows


@pytest.mark.parametrize("game", sorted(PADS))
def test_every_pad_round_trips_through_the_store(game, tmp_path):
    pad = new_pad(game, ["Ann", "Ben"])
    pad.add_round(**ENTRIES[game])
    store = Store(tmp_path)
    store.save_game(pad.to_doc())
    again = pad_from_doc(Store(tmp_path).get_game(pad.id))
    assert again.to_doc() == pad.to_doc()
    assert again.totals == FIRST_ROUND_TOTALS[game]


@pytest.mark.parametrize("game", sorted(PADS))
def test_pad_player_range_comes_from_the_setup_table(game):
    counts = registry.game(game).setup.players
    assert (PADS[game].MIN_PLAYERS, PADS[game].MAX_PLAYERS) == (counts.start, counts.stop - 1) == (2, 6)
