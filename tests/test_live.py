"""Live games without a browser: the topic routing of sessions (Flet's own
pubsub hub, one client per session) and the game cache that replays a
change once for every session (companion/table/live.py)."""

from __future__ import annotations

import asyncio
import contextvars
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from flet.pubsub.pubsub_client import PubSubClient
from flet.pubsub.pubsub_hub import PubSubHub

from companion.registry import new_pad, pad_from_doc
from companion.store import Store
from companion.table.live import GAMES_TOPIC, GameCache, Listening, game_cache, game_topic
from companion.ui.state import after_own_paint, in_turn

from flet_session import run_alone

PLAYERS = ["Ann", "Ben", "Cy"]
REPO = Path(__file__).resolve().parent.parent


class Table:
    """Sessions on one Flet pubsub hub; each has a Listening and a log of
    the listeners it ran (``heard[name]``)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.hub = PubSubHub(loop=self.loop)
        self.clients: dict[str, PubSubClient] = {}
        self.online: dict[str, bool] = {}
        self.heard: dict[str, list[str]] = {}

    def session(self, name: str) -> Listening:
        self.clients[name] = PubSubClient(self.hub, name)
        self.online[name] = True
        self.heard[name] = []
        return Listening(self.clients[name], lambda listener: listener(), lambda: self.online[name])

    def hears(self, name: str, what: str):
        return lambda: self.heard[name].append(what)

    def close(self) -> None:
        self.loop.close()


@pytest.fixture
def table():
    made = Table()
    yield made
    made.close()


def test_a_save_reaches_only_the_sessions_showing_that_game(table):
    ann, ben, cy = table.session("ann"), table.session("ben"), table.session("cy")
    ann.listen(game_topic("g1"), table.hears("ann", "g1"))
    ben.listen(game_topic("g2"), table.hears("ben", "g2"))
    cy.listen(game_topic("g1"), table.hears("cy", "g1"))
    table.clients["cy"].send_others_on_topic(game_topic("g1"), 1)
    assert table.heard == {"ann": ["g1"], "ben": [], "cy": []}


def test_the_games_topic_is_apart_from_game_topics(table):
    ann, ben = table.session("ann"), table.session("ben")
    ann.listen(GAMES_TOPIC, table.hears("ann", "list"))
    ben.listen(game_topic("g1"), table.hears("ben", "g1"))
    table.session("cy")
    table.clients["cy"].send_others_on_topic(GAMES_TOPIC, None)
    table.clients["cy"].send_others_on_topic(game_topic("g1"), 2)
    assert table.heard == {"ann": ["list"], "ben": ["g1"], "cy": []}


def test_leaving_the_screen_stops_the_notices_and_frees_the_topic(table):
    ann = table.session("ann")
    stop_pad = ann.listen(game_topic("g1"), table.hears("ann", "pad"))
    stop_board = ann.listen(game_topic("g1"), table.hears("ann", "board"))
    table.session("ben")
    table.clients["ben"].send_others_on_topic(game_topic("g1"), 1)
    stop_pad()
    table.clients["ben"].send_others_on_topic(game_topic("g1"), 2)
    assert ann.topics == ["game:g1"]
    stop_board()
    table.clients["ben"].send_others_on_topic(game_topic("g1"), 3)
    assert table.heard["ann"] == ["pad", "board", "board"]
    assert ann.topics == []


def test_a_disconnected_session_gets_nothing_and_catches_up_when_back(table):
    ann = table.session("ann")
    ann.listen(game_topic("g1"), table.hears("ann", "g1"))
    table.session("ben")
    table.online["ann"] = False
    table.clients["ben"].send_others_on_topic(game_topic("g1"), 1)
    assert table.heard["ann"] == []
    ann.disconnected()
    table.online["ann"] = True
    table.clients["ben"].send_others_on_topic(game_topic("g1"), 2)
    assert table.heard["ann"] == []
    ann.reconnected()
    assert table.heard["ann"] == ["g1"]
    table.clients["ben"].send_others_on_topic(game_topic("g1"), 3)
    assert table.heard["ann"] == ["g1", "g1"]


def saved_game(tmp_path, rounds: int = 2):
    """A store with a One-card game of Ann, Ben and Cy with ``rounds`` rounds won by Ann; (store, game id)."""
    store = Store(tmp_path / "data")
    pad = new_pad("one_card", PLAYERS)
    for _ in range(rounds):
        pad.add_round("Ann")
    store.save_game(pad.to_doc())
    return store, pad.id


def test_the_cache_replays_a_game_once_for_every_reader(tmp_path):
    store, game_id = saved_game(tmp_path)
    cache = GameCache(store)
    cache.watch(game_id)
    first = cache.get(game_id)
    assert [cache.get(game_id) is first for _ in range(5)] == [True] * 5
    assert cache.loads == 1
    assert first.pad.totals == {"Ann": 2, "Ben": 0, "Cy": 0}


def test_a_saved_pad_is_shared_without_reading_the_store_again(tmp_path):
    store, game_id = saved_game(tmp_path)
    cache = GameCache(store)
    cache.watch(game_id)
    before = cache.get(game_id)
    pad = store.update_game(game_id, lambda saved: saved.add_round("Ben"), by="Ben's phone")
    version, listed = cache.put(game_id, pad)
    shown = cache.get(game_id)
    assert (shown.pad is pad, shown.version, version > before.version, listed, cache.loads) == (
        True, version, True, False, 1
    )
    assert shown.pad.to_doc() == pad_from_doc(store.get_game(game_id)).to_doc()


ELSEWHERE = """
import sys
sys.path.insert(0, sys.argv[1])
from companion.store import Store
Store(sys.argv[2]).update_game(sys.argv[3], lambda pad: pad.add_round(sys.argv[4]), by="another process")
"""
"""Another process saving a round won by ``argv[4]`` in a game of the data folder ``argv[2]``."""


def save_elsewhere(store: Store, game_id: str, winner: str) -> None:
    """Add a round won by ``winner`` to game ``game_id`` from another process on ``store``'s folder."""
    done = subprocess.run([sys.executable, "-c", ELSEWHERE, str(REPO), str(store.data_dir), game_id, winner],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def watched_game(tmp_path):
    """A saved game (:func:`saved_game`) watched in a cache; (store, game id, cache)."""
    store, game_id = saved_game(tmp_path)
    cache = GameCache(store)
    cache.watch(game_id)
    return store, game_id, cache


def test_a_change_another_process_saved_is_read_again_at_the_next_drawing(tmp_path):
    store, game_id, cache = watched_game(tmp_path)
    before = cache.get(game_id)
    unchanged = cache.get(game_id)
    save_elsewhere(store, game_id, "Ben")
    first, second = cache.get(game_id), cache.get(game_id)
    assert (len(before.pad.rows), unchanged is before, len(first.pad.rows), second is first, cache.loads) == (
        2, True, 3, True, 2
    )
    assert first.pad.rows[-1].points["Ben"] == 1


def test_a_change_to_another_game_reads_this_one_once_and_replays_nothing(tmp_path):
    store, game_id, cache = watched_game(tmp_path)
    other = new_pad("one_card", PLAYERS)
    store.save_game(other.to_doc())
    before = cache.get(game_id)
    reads = cache.reads
    save_elsewhere(store, other.id, "Cy")
    shown = [cache.get(game_id) for _session in range(6)]
    assert ([one is before for one in shown], cache.reads - reads, cache.loads) == ([True] * 6, 1, 1)


def test_a_screen_drawing_a_game_afresh_sees_another_process_change_at_once(tmp_path):
    store, game_id, cache = watched_game(tmp_path)
    before = cache.get(game_id)
    save_elsewhere(store, game_id, "Cy")
    fresh = cache.get(game_id, fresh=True)
    assert (len(before.pad.rows), len(fresh.pad.rows), fresh.pad.rows[-1].points["Cy"], cache.loads) == (2, 3, 1, 2)


def test_every_session_drawing_a_save_reads_nothing_from_the_store(tmp_path):
    store, game_id, cache = watched_game(tmp_path)
    cache.get(game_id)
    reads = cache.reads
    cache.put(game_id, store.update_game(game_id, lambda saved: saved.add_round("Cy")))
    shown = [cache.get(game_id) for _session in range(60)]
    assert (cache.reads - reads, cache.loads, len({id(one) for one in shown})) == (0, 1, 1)


def test_the_draft_is_read_once_with_the_game_and_once_per_hand_entered(tmp_path):
    store = Store(tmp_path / "data")
    pad = new_pad("one_up", PLAYERS)
    store.save_game(pad.to_doc())
    cache = GameCache(store)
    cache.watch(pad.id)
    first = cache.get(pad.id)
    store.update_draft(pad.id, lambda draft: {"round": 1, "parts": {"Ann": {"hand": ["6"]}}, "by": {}})
    version = cache.hands_changed(pad.id)
    shown = [cache.get(pad.id) for _session in range(6)]
    assert (first.draft, shown[0].draft["parts"], shown[0].pad is first.pad, shown[0].version, cache.reads) == (
        None, {"Ann": {"hand": ["6"]}}, True, version, 3
    )


def test_a_game_finished_or_reopened_changes_the_list(tmp_path):
    store, game_id = saved_game(tmp_path)
    cache = GameCache(store)
    cache.watch(game_id)
    cache.get(game_id)
    finished = store.update_game(game_id, lambda saved: saved.end_early())
    reopened = store.update_game(game_id, lambda saved: saved.reopen())
    assert [cache.put(game_id, finished)[1], cache.put(game_id, reopened)[1]] == [True, True]


def test_a_dropped_game_is_read_again_and_a_deleted_one_is_missing(tmp_path):
    store, game_id = saved_game(tmp_path)
    cache = GameCache(store)
    cache.watch(game_id)
    cache.get(game_id)
    store.delete_game(game_id)
    cache.put(game_id, None)
    shown = cache.get(game_id)
    assert (shown.missing, shown.problem, cache.loads) == (True, "", 2)


def test_a_game_nobody_shows_is_not_kept(tmp_path):
    store, game_id = saved_game(tmp_path)
    cache = GameCache(store)
    cache.watch(game_id)
    cache.watch(game_id)
    cache.get(game_id)
    cache.unwatch(game_id)
    cache.get(game_id)
    cache.unwatch(game_id)
    store.update_game(game_id, lambda saved: saved.add_round("Cy"))
    assert cache.get(game_id).pad.totals == {"Ann": 2, "Ben": 0, "Cy": 1}
    assert cache.loads == 2


def test_a_bad_id_is_a_problem_not_an_exception(tmp_path):
    store, _ = saved_game(tmp_path)
    shown = GameCache(store).get(7)
    assert (shown.pad, shown.missing, shown.problem) == (None, False, "A game id is text; got 7.")


def test_one_cache_per_store(tmp_path):
    store, _ = saved_game(tmp_path)
    assert game_cache(store) is game_cache(store)
    assert game_cache(store) is not game_cache(Store(tmp_path / "other"))


def test_other_phones_are_told_after_the_saving_phone_is_sent_its_repaint():
    async def save():
        order: list[str] = []
        loop = asyncio.get_running_loop()

        def own_diff() -> None:  # the saving session's update scheduler, woken by the state set
            order.append("own patch made")
            loop.call_soon(order.append, "own patch written")  # the connection's sender

        loop.call_soon(own_diff)
        after_own_paint(lambda: order.append("others told"))
        for _turn in range(5):  # let the loop run what was queued (no time passes)
            await asyncio.sleep(0)
        return order

    assert run_alone(save()) == ["own patch made", "own patch written", "others told"]


SEEN_AS = contextvars.ContextVar("seen_as", default="nobody")


def test_the_other_phones_draw_one_at_a_time_each_sent_its_patch_before_the_next_draws():
    async def fan_out():
        order: list[str] = []
        loop = asyncio.get_running_loop()

        def draw() -> None:  # a watching session's listener: its update scheduler diffs on the next turn
            phone = SEEN_AS.get()
            order.append(f"{phone} drawn")

            def diff() -> None:
                order.append(f"{phone} patch made")
                loop.call_soon(order.append, f"{phone} patch written")  # the connection's sender

            loop.call_soon(diff)

        for phone in ("Ben", "Cy", "Dina"):
            SEEN_AS.set(phone)  # the session the notice reached (Flet's page is a context variable too)
            in_turn(draw)
        for _turn in range(12):  # let the loop run what was queued (no time passes)
            await asyncio.sleep(0)
        return order

    assert run_alone(fan_out()) == [
        "Ben drawn", "Ben patch made", "Ben patch written",
        "Cy drawn", "Cy patch made", "Cy patch written",
        "Dina drawn", "Dina patch made", "Dina patch written",
    ]


def test_a_redraw_handed_in_while_none_waits_runs_at_once_and_a_failing_one_does_not_stop_the_next():
    async def relay():
        order: list[str] = []

        def fail() -> None:
            order.append("Ben failed")
            raise RuntimeError("Ben's session is gone")

        with pytest.raises(RuntimeError):
            in_turn(fail)
        in_turn(lambda: order.append("Cy drawn"))
        first = list(order)
        for _turn in range(6):
            await asyncio.sleep(0)
        return first, order

    assert run_alone(relay()) == (["Ben failed"], ["Ben failed", "Cy drawn"])


def test_outside_an_event_loop_other_phones_are_told_at_once():
    told: list[str] = []

    def outside() -> list[str]:  # a thread with no event loop: the browser tests' Playwright keeps one in this one
        after_own_paint(lambda: told.append("others told"))
        return list(told)

    with ThreadPoolExecutor(1) as worker:
        assert worker.submit(outside).result() == ["others told"]
