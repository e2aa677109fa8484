"""The hands entered for the deal being played, while the rounds change
around them (companion/pads/hands.py, companion/table/hands.py, the pad's
"My hand" and "Add round"): a delete or an undo leaves them for the round
now next, a round added another way makes them stale (never saved twice),
an open "My hand" sheet says so and starts again blank, a hand entered on
another phone is replaced only when asked again, and "Add round" starts from
hands that contradict each other with the pad's words. Scores: seed 000,
"Scoring", each value once, K=10."""

from __future__ import annotations

from companion.registry import new_pad, pad_from_doc
from companion.pads.hands import start_entry
from companion.server.key import TableAccess
from companion.store import Store
from companion.table import hands, saving
from companion.ui.app import session_main
from companion.table.live import game_cache, game_topic
from flet_session import open_session, run_alone, server_hub, settle, shows, tap, taps_together
from test_hands_saving import told_and_saved_once
from test_pad_renders import selected_tiles

PLAYERS = ["Ann", "Ben", "Cy"]
ROUND_ONE = {"hands": {"Ann": "K", "Ben": "", "Cy": "A"}, "went_out": "Ben"}
"""Round 1 entered whole: Ben went out, Ann holds a King (10), Cy an Ace (1)."""


def one_up(tmp_path, rounds: int = 0) -> tuple[Store, str]:
    """A store and a One Up game of Ann, Ben and Cy with ``rounds`` rounds like :data:`ROUND_ONE`."""
    store = Store(tmp_path)
    pad = new_pad("one_up", PLAYERS)
    for _number in range(rounds):
        pad.add_round(**ROUND_ONE)
    store.save_game(pad.to_doc())
    return store, pad.id


def pad_of(store, game_id):
    return pad_from_doc(store.get_game(game_id))


def shown_hands(store, game_id) -> hands.Hands:
    """What a pad screen shows of game ``game_id``'s draft, as saved now."""
    return hands.table_hands(pad_of(store, game_id), store.get_draft(game_id))


def part(cards: list[str], went_out: bool = False) -> dict:
    """One Up's part of one player's hand."""
    return {"hand": cards, "went_out": went_out, "ended_by": False}


def entry(player: str, cards: list[str], went_out: bool = False) -> dict:
    """A one-player sheet's entry: ``player``'s cards, the others blank."""
    return {"hands": {p: (cards if p == player else []) for p in PLAYERS},
            "went_out": player if went_out else None, "ended_by": None}


def two_hands_in(store, game_id) -> None:
    """Ann (K, 3) and Cy (went out) enter their hands for the deal being played."""
    assert hands.enter_hand(store, game_id, "Ann", entry("Ann", ["K", "3"]), "Ann's phone") is None
    assert hands.enter_hand(store, game_id, "Cy", entry("Cy", [], went_out=True), "Cy's phone") is None


def test_deleting_the_last_round_keeps_the_hands_for_the_round_now_next(tmp_path):
    store, game_id = one_up(tmp_path, rounds=2)
    two_hands_in(store, game_id)
    outcome = saving.delete_round(store, game_id, saving.mark_round(pad_of(store, game_id), 2), "Ben's phone")
    assert outcome.saved
    shown = shown_hands(store, game_id)
    assert (shown.stale, shown.status.number, shown.status.text) == ("", 2, "Ann done, Cy done, waiting for Ben")
    assert hands.enter_hand(store, game_id, "Ben", entry("Ben", ["5"]), "Ben's phone") is None
    saved = hands.save_hands(store, game_id, "Ben's phone")
    assert (saved.saved, saved.message) == (True, "Round 2 saved")
    # Ann K+3 = 13, Ben 5; Cy went out with the 1 point of round 1 and gives it back.
    assert pad_of(store, game_id).rows[1].points == {"Ann": 13, "Ben": 5, "Cy": -1}
    assert store.get_draft(game_id) is None


def test_undoing_the_last_round_keeps_the_hands_for_the_round_now_next(tmp_path):
    store, game_id = one_up(tmp_path, rounds=2)
    two_hands_in(store, game_id)
    assert saving.undo(store, game_id, pad_of(store, game_id).undo_id, "Ben's phone").saved
    shown = shown_hands(store, game_id)
    assert (shown.stale, shown.status.number, shown.status.done) == ("", 2, ("Ann", "Cy"))


def test_a_round_added_after_a_delete_makes_the_hands_stale_and_nothing_is_saved_twice(tmp_path):
    store, game_id = one_up(tmp_path, rounds=1)
    two_hands_in(store, game_id)
    hands.enter_hand(store, game_id, "Ben", entry("Ben", ["5"]), "Ben's phone")
    saving.delete_round(store, game_id, saving.mark_round(pad_of(store, game_id), 1), "Ben's phone")
    saving.save_round(store, game_id, saving.mark_new(pad_of(store, game_id)), ROUND_ONE, "Ben's phone")
    told_and_saved_once(store, game_id, "Round 1 was saved on Ben's phone, so the hands entered for it were not used.")


def test_a_draft_written_without_its_rounds_keeps_the_rule_of_its_round_number(tmp_path):
    store, game_id = one_up(tmp_path, rounds=1)
    store.update_draft(game_id, lambda draft: {"round": 2, "parts": {"Ann": part(["6"])}, "by": {"Ann": None}})
    assert shown_hands(store, game_id).status.text == "Ann done, waiting for Ben and Cy"
    saving.delete_round(store, game_id, saving.mark_round(pad_of(store, game_id), 1), "Ben's phone")
    assert shown_hands(store, game_id) == hands.Hands(
        None, None, "Round 2 was saved on Ben's phone, so the hands entered for it were not used.")


def test_add_round_starts_from_hands_that_contradict_each_other_with_the_pads_words():
    pad = new_pad("one_up", PLAYERS)
    parts = {"Ann": part(["K"], went_out=True), "Ben": part([], went_out=True), "Cy": part(["4"])}
    assert start_entry(pad, parts) == (
        {"hands": {"Ann": ["K"], "Ben": [], "Cy": ["4"]}, "went_out": None, "ended_by": None},
        "Ann and Ben each say they went out: only one player can",
    )


def pad_session(tmp_path, rounds: int, play, phones: int = 1):
    """Run ``play(store, game_id, phones, publish)`` with ``phones`` in-process
    phones on a One Up game of ``rounds`` rounds; ``publish(pad)`` shares a pad
    saved outside the screens with them as a save does (None: the hands entered
    outside them). Returns what it returns."""

    async def run():
        store, game_id = one_up(tmp_path, rounds)
        main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
        hub = server_hub()
        opened = [await open_session(main, f"/pad/{game_id}", hub) for _phone in range(phones)]

        async def publish(saved):
            cache = game_cache(store)
            version = cache.hands_changed(game_id) if saved is None else cache.put(game_id, saved)[0]
            hub.send_all_on_topic(game_topic(game_id), version)
            await settle(opened)

        return await play(store, game_id, opened, publish)

    return run_alone(run())


async def open_my_hand(phone, player: str) -> None:
    """"My hand", then "<player>'s phone" (asked once): the hand sheet opens."""
    await tap(phone, "My hand")
    await tap(phone, f"{player}'s phone")


def test_an_open_hand_sheet_whose_round_is_saved_says_so_and_starts_blank(tmp_path):
    async def play(store, game_id, phones, publish):
        cy = phones[0]
        await open_my_hand(cy, "Cy")
        opened = shows(cy, "Round 2: Cy's hand")
        await tap(cy, "K")
        await publish(store.update_game(game_id, lambda pad: pad.add_round(**ROUND_ONE), by="Ann's phone"))
        told = shows(cy, "Round 2 was just saved on Ann's phone, so the hand typed here was not used: "
                         "enter your hand for round 3.")
        retitled = shows(cy, "Round 3: Cy's hand")
        await tap(cy, "My hand is in")
        return opened, told, retitled, store.get_draft(game_id)

    opened, told, retitled, draft = pad_session(tmp_path, 1, play)
    assert (opened, told, retitled) == (True, True, True)
    assert (draft["round"], draft["parts"]) == (3, {"Cy": part([])})


def test_a_hand_entered_on_another_phone_meanwhile_is_replaced_only_on_the_second_send(tmp_path):
    async def play(store, game_id, phones, publish):
        first, second = phones
        await open_my_hand(first, "Ann")
        await open_my_hand(second, "Ann")
        await tap(first, "K")
        await tap(first, "My hand is in")
        await settle(phones)
        await tap(second, "3")
        await tap(second, "My hand is in")
        asked = shows(second, "Ann's hand was entered on Ann's phone while this was open: send again to replace it")
        kept = store.get_draft(game_id)["parts"]["Ann"]
        await tap(second, "My hand is in")
        return asked, kept, store.get_draft(game_id)["parts"]["Ann"]

    assert pad_session(tmp_path, 0, play, phones=2) == (True, part(["K"]), part(["3"]))


def test_add_round_on_contradicting_hands_shows_them_and_the_pads_words(tmp_path):
    async def play(store, game_id, phones, publish):
        phone = phones[0]
        for player, cards, went_out in (("Ann", ["K"], True), ("Ben", [], True), ("Cy", ["4"], False)):
            assert hands.enter_hand(store, game_id, player, entry(player, cards, went_out), None) is None
        await publish(None)
        await tap(phone, "Add round")
        told = shows(phone, "Ann and Ben each say they went out: only one player can")
        await tap(phone, "Ben went out")
        await tap(phone, "Save round")
        return told, pad_of(store, game_id).rows[0].points, store.get_draft(game_id)

    assert pad_session(tmp_path, 0, play) == (True, {"Ann": 10, "Ben": 0, "Cy": 4}, None)


def test_hands_saved_after_the_game_was_ended_are_kept_and_the_end_is_told(tmp_path):
    store, game_id = one_up(tmp_path, rounds=1)
    two_hands_in(store, game_id)
    assert hands.enter_hand(store, game_id, "Ben", entry("Ben", ["5"]), "Ben's phone") is None
    store.update_game(game_id, lambda pad: pad.end_early(), by="Ann's phone")
    refused = hands.save_hands(store, game_id, "Ben's phone")
    assert (refused.saved, refused.message) == (
        False, "The game was ended on Ann's phone, so the hands entered for round 2 were not saved as a round.")
    assert shown_hands(store, game_id).stale == refused.message
    store.update_game(game_id, lambda pad: pad.undo(), by="Ann's phone")
    assert hands.save_hands(store, game_id, "Ben's phone").message == "Round 2 saved"


def test_add_round_tapped_with_save_round_from_the_hands_waits_and_opens_round_two_blank(tmp_path):
    """Every hand is in; "Save round 1" and "Add round" reach the server
    together: the round is saved once, the hands are used up, and "Add round"
    waits for that save: the sheet it opens is round 2's, blank (one filled
    with the hands used would have entered them twice)."""

    async def play(store, game_id, phones, publish):
        phone = phones[0]
        for player, cards, went_out in (("Ann", ["K"], False), ("Ben", [], True), ("Cy", ["4"], False)):
            assert hands.enter_hand(store, game_id, player, entry(player, cards, went_out), None) is None
        await publish(None)
        await taps_together(phone, "Save round 1", "Add round")
        return (shows(phone, "Round 2"), selected_tiles(phone), [row.points for row in pad_of(store, game_id).rows],
                store.get_draft(game_id))

    assert pad_session(tmp_path, 0, play) == (True, [], [{"Ann": 10, "Ben": 0, "Cy": 4}], None)
