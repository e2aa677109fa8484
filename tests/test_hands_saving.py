"""companion/table/hands.py with a real store: the hands entered on three
phones go into the game's draft, the round is saved from it once every hand
is in (scored by the pad: seed 000, each value once, K=10; Up to 9,
rulings.md: K=10, 4-9=5), and a draft whose round was saved another
way is told and not used. Also the One Up and Up or Down? sheets started
from hands already entered (``start``)."""

from __future__ import annotations

import pytest

from companion.i18n import language
from companion.registry import new_pad, pad_from_doc
from companion.pads.table import PadError
from companion.server.key import TableAccess
from companion.store import Store
from companion.table import hands, saving
from companion.ui.games.one_up import _draft as one_up_draft
from companion.ui.games.up_or_down import _draft as up_or_down_draft
from companion.table.live import GameCache
from companion.ui.app import session_main
from companion.table.phones import phone_player
from flet_session import click, find, open_session, run_alone, server_hub, shown_strings

PLAYERS = ["Ann", "Ben", "Cy"]


@pytest.fixture
def table(tmp_path):
    """A store and a new One Up game of Ann, Ben and Cy in it."""
    store = Store(tmp_path)
    pad = new_pad("one_up", PLAYERS)
    store.save_game(pad.to_doc())
    return store, pad.id


def pad_of(store, game_id):
    return pad_from_doc(store.get_game(game_id))


def shown_hands(store, game_id):
    """What a pad screen of game ``game_id`` shows of its draft: the game and
    its draft as the game cache reads them."""
    cache = GameCache(store)
    cache.watch(game_id)
    shown = cache.get(game_id)
    return hands.table_hands(shown.pad, shown.draft)


def one_up_entry(player: str, cards: list[str], went_out: bool = False) -> dict:
    """A one-player sheet's entry: ``player``'s cards, the others blank."""
    return {
        "hands": {p: (cards if p == player else []) for p in PLAYERS},
        "went_out": player if went_out else None,
        "ended_by": None,
    }


def test_three_hands_then_the_round_saved_with_its_scores_and_the_draft_cleared(table):
    store, game_id = table
    assert hands.enter_hand(store, game_id, "Ann", one_up_entry("Ann", ["K", "K", "3", "3", "5"]), "Ann's phone") is None
    assert hands.enter_hand(store, game_id, "Cy", one_up_entry("Cy", [], went_out=True), "Cy's phone") is None
    shown = shown_hands(store, game_id)
    assert shown.status.text == "Ann done, Cy done, waiting for Ben"
    assert hands.enter_hand(store, game_id, "Ben", one_up_entry("Ben", ["A", "A"]), "Ben's phone") is None
    assert shown_hands(store, game_id).status.complete
    outcome = hands.save_hands(store, game_id, "Ben's phone")
    assert (outcome.saved, outcome.message) == (True, "Round 1 saved")
    saved = pad_of(store, game_id)
    assert saved.rows[0].points == {"Ann": 18, "Ben": 1, "Cy": 0}
    assert (saved.changes[0].label, saved.changes[0].by) == ("round 1 added", "Ben's phone")
    assert store.get_draft(game_id) is None
    assert shown_hands(store, game_id) == hands.Hands(None, None)


def test_a_round_the_rules_refuse_is_not_saved_and_the_hands_stay(table):
    store, game_id = table
    for player in PLAYERS:
        hands.enter_hand(store, game_id, player, one_up_entry(player, ["K"]), None)
    outcome = hands.save_hands(store, game_id, "Ann's phone")
    assert (outcome.saved, outcome.message) == (
        False, "Nobody went out: choose who dropped out last (they start the next round)",
    )
    assert pad_of(store, game_id).rounds == []
    assert sorted(store.get_draft(game_id)["parts"]) == PLAYERS


def test_two_players_saying_they_went_out_are_told_before_the_rules(table):
    store, game_id = table
    hands.enter_hand(store, game_id, "Ann", one_up_entry("Ann", [], went_out=True), None)
    hands.enter_hand(store, game_id, "Ben", one_up_entry("Ben", [], went_out=True), None)
    hands.enter_hand(store, game_id, "Cy", one_up_entry("Cy", ["4"]), None)
    outcome = hands.save_hands(store, game_id, None)
    assert outcome.message == "Ann and Ben each say they went out: only one player can"


def told_and_saved_once(store, game_id, told: str) -> None:
    """Game ``game_id``'s hands are stale: the pad says ``told``, saving them
    is refused with the same words, the game keeps its one round and the draft is gone."""
    assert shown_hands(store, game_id) == hands.Hands(None, None, told)
    outcome = hands.save_hands(store, game_id, "Ann's phone")
    assert (outcome.saved, outcome.message) == (False, told)
    assert len(pad_of(store, game_id).rounds) == 1
    assert store.get_draft(game_id) is None


def test_a_round_saved_another_way_meanwhile_is_not_saved_twice_and_is_told(table):
    store, game_id = table
    for player in PLAYERS:
        hands.enter_hand(store, game_id, player, one_up_entry(player, [] if player == "Cy" else ["6"], player == "Cy"),
                         None)
    mark = saving.mark_new(pad_of(store, game_id))
    saving.save_round(store, game_id, mark, {"hands": {"Ann": "K", "Ben": "", "Cy": "A"}, "went_out": "Ben"},
                      "Ben's phone")
    told_and_saved_once(store, game_id, "Round 1 was saved on Ben's phone, so the hands entered for it were not used.")


def test_a_stale_draft_is_replaced_by_the_next_rounds_first_hand(table):
    store, game_id = table
    hands.enter_hand(store, game_id, "Ann", one_up_entry("Ann", ["6"]), None)
    store.update_game(game_id, lambda pad: pad.add_round({"Ann": "K", "Ben": "", "Cy": "A"}, "Ben"))
    hands.enter_hand(store, game_id, "Cy", one_up_entry("Cy", ["2"]), "Cy's phone")
    assert store.get_draft(game_id) == {
        "round": 2,
        "rounds": [pad_of(store, game_id).round_id(1)],
        "parts": {"Cy": {"hand": ["2"], "went_out": False, "ended_by": False}},
        "by": {"Cy": "Cy's phone"},
    }


def test_clear_hands_drops_only_a_stale_draft(table):
    store, game_id = table
    hands.enter_hand(store, game_id, "Ann", one_up_entry("Ann", ["6"]), None)
    hands.clear_hands(store, game_id)
    assert sorted(store.get_draft(game_id)["parts"]) == ["Ann"]
    store.update_game(game_id, lambda pad: pad.add_round({"Ann": "K", "Ben": "", "Cy": "A"}, "Ben"))
    hands.clear_hands(store, game_id)
    assert store.get_draft(game_id) is None


def test_a_hand_for_a_deleted_game_is_refused_in_words(table):
    store, game_id = table
    store.delete_game(game_id)
    assert hands.enter_hand(store, game_id, "Ann", one_up_entry("Ann", ["6"]), None) == (
        "This game is not saved any more; it may have been deleted"
    )
    assert hands.save_hands(store, game_id, None).message == (
        "The hands were cleared on another phone: nothing to save"
    )


def test_one_card_shows_no_hands(tmp_path):
    store = Store(tmp_path)
    pad = new_pad("one_card", PLAYERS)
    store.save_game(pad.to_doc())
    assert shown_hands(store, pad.id) == hands.Hands(None, None)


def test_up_to_nine_hands_are_scored_as_one_round(tmp_path):
    store = Store(tmp_path)
    pad = new_pad("up_to_nine", PLAYERS)
    store.save_game(pad.to_doc())
    results = {
        "Ann": {"laid_down": True, "hand": [], "points": None},
        "Ben": {"laid_down": False, "hand": ["K", "5"], "points": None},
        "Cy": {"laid_down": True, "hand": ["4"], "points": None},
    }
    for player, result in results.items():
        entry = {"results": {player: result}, "went_out": "Ann" if player == "Ann" else None}
        assert hands.enter_hand(store, pad.id, player, entry, None) is None
    assert hands.save_hands(store, pad.id, "Cy's phone").saved
    assert pad_of(store, pad.id).rows[0].penalty == {"Ann": 0, "Ben": 15, "Cy": 5}


def test_sheets_start_from_the_hands_entered():
    one_up = new_pad("one_up", PLAYERS)
    draft = one_up_draft(one_up, None, one_up.join_hands({"Ben": {"hand": ["K", "3"], "went_out": False,
                                                                  "ended_by": True}}))
    assert (draft.hands, draft.went_out, draft.ended_by) == ({"Ann": (), "Ben": ("3", "K"), "Cy": ()}, None, "Ben")
    up_or_down = new_pad("up_or_down", PLAYERS)
    counted = up_or_down_draft(up_or_down, None, up_or_down.join_hands({"Cy": {"rows": [[8, 3]], "discarded": 2}}),
                               "Cy")
    assert counted.shown == "Cy"
    assert counted.entry()["scores"]["Cy"] == {"rows": [[8, 3]], "discarded": 2}
    assert counted.sheets["Ann"] == {"rows": [{c: 0 for c in counted.sheets["Ann"]["rows"][0]}], "discarded": 0}


def test_phone_player_reads_the_player_from_the_phones_label():
    assert phone_player(PLAYERS, "Ben's phone") == "Ben"
    assert phone_player(PLAYERS, "Phone 3FA2") is None
    assert phone_player(PLAYERS, "Dan's phone") is None


def _entered_on_two_phones(store, game_id) -> None:
    """Ann's and Ben's hands entered on Ann's phone, Cy's on Cy's; the round saved on Ben's phone."""
    hands.enter_hand(store, game_id, "Cy", one_up_entry("Cy", [], went_out=True), "Cy's phone")
    hands.enter_hand(store, game_id, "Ben", one_up_entry("Ben", ["A", "A"]), "Ann's phone")
    hands.enter_hand(store, game_id, "Ann", one_up_entry("Ann", ["K", "3"]), "Ann's phone")
    assert hands.save_hands(store, game_id, "Ben's phone").saved


@pytest.mark.parametrize(("code", "words"), [
    ("en", "Hands: Ann and Ben (Ann's phone); Cy (Cy's phone)"),
    ("nb", "Hender: Ann og Ben (telefonen til Ann); Cy (telefonen til Cy)"),
    ("de", "Hände: Ann und Ben (Handy von Ann); Cy (Handy von Cy)"),
])
def test_the_change_log_says_which_phone_entered_each_hand(table, code, words):
    """The phones' labels are kept as written (here in English) and worded in the reader's language;
    the players in seating order."""
    store, game_id = table
    _entered_on_two_phones(store, game_id)
    saved = pad_of(store, game_id)
    assert saved.to_doc()["log"][0]["hands"] == {"Ann": "Ann's phone", "Ben": "Ann's phone", "Cy": "Cy's phone"}
    with language(code):
        change = saved.changes[0]
    assert (change.by, change.hands) == ("Ben's phone", words)


def test_a_round_entered_whole_and_an_older_log_say_nothing_of_hands(table):
    store, game_id = table
    saving.save_round(store, game_id, saving.mark_new(pad_of(store, game_id)),
                      {"hands": {"Ann": "K", "Ben": "", "Cy": "A"}, "went_out": "Ben"}, "Ben's phone")
    doc = pad_of(store, game_id).to_doc()
    assert "hands" not in doc["log"][0] and pad_from_doc(doc).changes[0].hands is None


@pytest.mark.parametrize("damage", [["Ann's phone"], {"Ann": 7}])
def test_a_damaged_record_of_who_entered_each_hand_is_refused_in_words(table, damage):
    store, game_id = table
    _entered_on_two_phones(store, game_id)
    doc = pad_of(store, game_id).to_doc()
    doc["log"][0]["hands"] = damage
    with pytest.raises(PadError, match="change 1 has a damaged list of who entered each hand"):
        pad_from_doc(doc)


def test_changes_shows_who_entered_each_hand_under_the_round(table, tmp_path):
    store, game_id = table
    _entered_on_two_phones(store, game_id)
    main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))

    async def look() -> list[str]:
        phone = await open_session(main, f"/pad/{game_id}", server_hub())
        menu = find(phone.session.page, lambda control: getattr(control, "content", None) == "Changes"
                    and getattr(control, "on_click", None) is not None)
        await click(phone, menu)
        return shown_strings(phone.session.page)

    shown = run_alone(look())
    line = next(text for text in shown if "Ben's phone" in text)
    assert line.split("\n") == [line.split(" · ")[0] + " · Ben's phone", "Hands: Ann and Ben (Ann's phone); Cy (Cy's phone)"]
