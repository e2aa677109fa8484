"""Several phones on one game, in the browser: every save is made on the game
as saved now, a change another phone made meanwhile is put to the user as a
question, nothing is lost or silently doubled, and every phone repaints.

The tests share one server and data folder (conftest.py), each on a game
of its own; the second (and third) phone is another browser context, that
is another session with its own phone storage (the ``phones`` fixture,
conftest.py). Games are set up through a ``Store`` on the server's folder (the store is shared safely between processes) and read back from it
to check what was saved. One-card scores one round win per round (seed 002,
"Winning"); One Up counts each value once, K=10 (seed 000, "Scoring").
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from companion.registry import new_pad
from companion.store import Store
from harness import ONE_THREAD, AppPage, Server, start_app
from steps import PLAYERS, latest, pad_on, saved_game, tap_values

SHARED_SERVER = True
"""One server for this module's tests (conftest.py): each plays a game it saved itself,
opened by its address (the read-only folder's test starts its own)."""


def test_two_phones_add_at_once_in_one_up_and_the_second_is_asked(server, phones):
    game_id = saved_game(server, "one_up")
    ann, ben = pad_on(phones, game_id, "Ann"), pad_on(phones, game_id, "Ben")
    ann.tap("Add round")
    ben.tap("Add round")
    tap_values(ann, "Ann", ["K"])
    tap_values(ann, "Ben", ["5"])
    ann.tap("Cy went out")
    tap_values(ben, "Ann", ["A"])
    tap_values(ben, "Ben", ["2"])
    ben.tap("Cy went out")
    ann.tap("Save round")
    ann.see("Round 1 saved")
    ben.wait_text(
        "sheet-notice",
        "Round 1 was just saved on Ann's phone. Saving yours will ask whether it is another round.",
    )
    ben.tap("Save round")
    ben.see("Round 1 was just saved on Ann's phone: save yours as round 2, or drop it?")
    ben.tap("Save as round 2")
    ben.see("Round 2 saved")
    # Round 1: Ann K = 10, Ben 5; round 2: Ann A = 1, Ben 2; Cy went out twice.
    assert [ann.wait_text(f"total-{p}", want) for p, want in zip(PLAYERS, ["11", "7", "0"])] == ["11", "7", "0"]
    assert ben.wait_text("total-Ben", "7") == "7"
    saved = latest(server, game_id)
    assert [change.by for change in saved.changes[:2]] == ["Ben's phone", "Ann's phone"]
    assert len(saved.rounds) == 2


def test_one_card_winners_tapped_on_two_phones_are_both_kept_or_asked(server, phones):
    game_id = saved_game(server)
    ann, ben = pad_on(phones, game_id, "Ann"), pad_on(phones, game_id, "Ben")
    for first, second, first_name, number in ((ann, ben, "Ann", 1), (ben, ann, "Ben", 3), (ann, ben, "Ann", 5)):
        first.tap("Add round")
        second.tap("Add round")
        first.tap("Cy won")
        second.tap("Ben won")
        second.see(f"Round {number} was just saved on {first_name}'s phone: "
                   f"save yours as round {number + 1}, or drop it?")
        second.tap(f"Save as round {number + 1}")
        second.see(f"Round {number + 1} saved")
        first.page.get_by_test_id(f"round-{number + 1}").wait_for()
    assert [round_["winner"] for round_ in latest(server, game_id).rounds] == ["Cy", "Ben"] * 3
    assert ann.wait_text("total-Ben", "3") == "3"
    assert ben.wait_text("total-Cy", "3") == "3"


TOGETHER_MS = 500
"""How far ahead :func:`tap_together` sets the moment both taps fire (milliseconds):
long enough for the browser to be told on every page before it comes."""

TAP_AT = "([button, at]) => setTimeout(() => button.click(), at - Date.now())"
"""Page script: tap ``button`` (a Flutter semantics node) at the clock time ``at`` (ms)."""


def tap_together(*taps: tuple[AppPage, str]) -> None:
    """Tap each (phone, button name) at one and the same moment.

    Every phone's page is told, without waiting for any tap, to tap its
    button at a common time :data:`TOGETHER_MS` ahead on the browser's clock
    (the phones are contexts of one browser, so one clock): the taps are
    dispatched within the same millisecond and reach the server together.
    """
    buttons = [(phone, phone.button(name).element_handle()) for phone, name in taps]
    at = buttons[0][0].page.evaluate("() => Date.now()") + TOGETHER_MS
    for phone, button in buttons:
        phone.page.evaluate(TAP_AT, [button, at])


def outcome(phone: AppPage, number: int) -> str:
    """What a phone showed after a save of round ``number`` raced another phone's:
    "saved" or "asked" (the question whether it is the next round)."""
    question = re.compile(
        rf"Round {number} was just saved on \w+'s phone: save yours as round {number + 1}, or drop it\?")
    saved = phone.page.get_by_text(f"Round {number} saved").or_(phone.page.get_by_label(f"Round {number} saved"))
    asked = phone.page.get_by_text(question).or_(phone.page.get_by_label(question))
    saved.or_(asked).first.wait_for(state="visible")
    return "asked" if asked.count() else "saved"


def test_one_card_winners_tapped_at_the_same_moment_are_saved_once_each(server, phones):
    game_id = saved_game(server)
    ann, ben = pad_on(phones, game_id, "Ann"), pad_on(phones, game_id, "Ben")
    ann.tap("Add round")
    ben.tap("Add round")
    ann.button("Cy won").wait_for()
    ben.button("Ben won").wait_for()
    tap_together((ann, "Cy won"), (ben, "Ben won"))
    outcomes = {"Ann": outcome(ann, 1), "Ben": outcome(ben, 1)}
    assert sorted(outcomes.values()) == ["asked", "saved"], outcomes
    first = next(name for name, seen in outcomes.items() if seen == "saved")
    second, asked = ("Ben", ben) if first == "Ann" else ("Ann", ann)
    asked.see(f"Round 1 was just saved on {first}'s phone: save yours as round 2, or drop it?")
    asked.tap("Save as round 2")
    asked.see("Round 2 saved")
    winner_of = {"Ann": "Cy", "Ben": "Ben"}
    saved = latest(server, game_id)
    assert [round_["winner"] for round_ in saved.rounds] == [winner_of[first], winner_of[second]]
    assert [(change.label, change.by) for change in saved.changes[:2]] == [
        ("round 2 added", f"{second}'s phone"),
        ("round 1 added", f"{first}'s phone"),
    ]
    for phone in (ann, ben):
        phone.page.get_by_test_id("round-2").wait_for()
        assert phone.wait_text("total-Ben", "1") == "1"
        assert phone.wait_text("total-Cy", "1") == "1"
        assert phone.wait_text("total-Ann", "0") == "0"


def test_edit_against_delete(server, phones):
    game_id = saved_game(server, winners=("Ann", "Ben"))
    ann, ben = pad_on(phones, game_id, "Ann"), pad_on(phones, game_id, "Ben")
    ann.page.get_by_test_id("round-1").click()
    ann.see("Round 1 (edit)")
    ben.page.get_by_test_id("round-1").click()
    ben.tap("Delete this round")
    ben.see("Round 1 deleted")
    ann.wait_text(
        "sheet-notice",
        "Ben's phone deleted round 1 while you were looking at it. Saving yours will ask what to do.",
    )
    ann.tap("Cy won")
    ann.see("Ben's phone deleted round 1 while you were editing it")
    ann.tap("Drop mine")
    ann.see("Nothing changed: the game stays as saved on the other phone")
    assert [round_["winner"] for round_ in latest(server, game_id).rounds] == ["Ben"]
    assert ann.wait_text("total-Ben", "1") == "1"


def test_edit_against_edit_shows_the_round_now_and_saves_mine_over_it(server, phones):
    game_id = saved_game(server, winners=("Ann",))
    ann, ben = pad_on(phones, game_id, "Ann"), pad_on(phones, game_id, "Ben")
    ann.page.get_by_test_id("round-1").click()
    ben.page.get_by_test_id("round-1").click()
    ann.tap("Cy won")
    ann.see("Round 1 saved")
    ben.wait_text(
        "sheet-notice",
        "Round 1 was changed on Ann's phone while this sheet was open. "
        "Round 1 now: Ann 0, Ben 0, Cy +1. Saving will ask which to keep.",
    )
    ben.tap("Ben won")
    ben.see("Ann's phone changed round 1 while you were editing it")
    ben.see("Round 1 now: Ann 0, Ben 0, Cy +1")
    ben.tap("Save mine over it")
    ben.see("Round 1 saved")
    assert ann.wait_text("total-Ben", "1") == "1"
    assert ann.wait_text("total-Cy", "0") == "0"
    saved = latest(server, game_id)
    assert [round_["winner"] for round_ in saved.rounds] == ["Ben"]
    assert [(change.label, change.by) for change in saved.changes[:2]] == [
        ("round 1 changed", "Ben's phone"),
        ("round 1 changed", "Ann's phone"),
    ]


def test_undo_from_the_other_phone_after_a_reload_and_a_refused_undo(server, phones):
    game_id = saved_game(server)
    ann = pad_on(phones, game_id, "Ann")
    ann.tap("Add round")
    ann.tap("Ann won")
    ann.see("Round 1 saved")
    ann.tap("Add round")
    ann.tap("Cy won")
    ann.see("Round 2 saved")
    ben = pad_on(phones, game_id, "Ben")
    ben.reload()
    ben.see("Add round")
    ben.tap("More")
    ben.tap("Changes")
    ben.see("Round 2 added")
    undo_label = latest(server, game_id).undo_label
    assert undo_label.startswith("Undo: round 2, added ")
    ben.tap(undo_label)
    ben.see("Undone: round 2 added")
    ben.see("Undo: round 2 added")
    assert [round_["winner"] for round_ in latest(server, game_id).rounds] == ["Ann"]
    assert ann.wait_text("total-Cy", "0") == "0"

    ann.tap("More")
    ann.tap("Changes")
    shown = latest(server, game_id).undo_label
    ann.see(shown)
    # A phone on another server process using the same folder undoes it first:
    # this screen was not told, and its undo is refused with the reason.
    elsewhere = Store(server.data_dir)
    elsewhere.update_game(game_id, lambda pad: pad.undo(), by="Cy's phone")
    ann.tap(shown)
    ann.see("Cy's phone already undid round 1 added: nothing was undone")
    assert latest(server, game_id).rounds == []


def test_reopen_from_history(server, phones):
    game_id = saved_game(server, winners=("Ann",))
    Store(server.data_dir).update_game(game_id, lambda pad: pad.end_early(), by="Ann's phone")
    ben = pad_on(phones, game_id, "Ben")
    ben.open(f"/history/{game_id}")
    ben.tap("Reopen")
    ben.see("One-card game reopened")
    ben.see("Round 2: Ben deals, Cy starts")
    ben.button("Add round").wait_for()
    saved = latest(server, game_id)
    assert not saved.finished
    assert (saved.changes[0].label, saved.changes[0].by) == ("game reopened", "Ben's phone")


def test_a_save_repaints_the_other_phone_live(server, phones):
    game_id = saved_game(server)
    ann, ben = pad_on(phones, game_id, "Ann"), pad_on(phones, game_id, "Ben")
    ann.tap("Add round")
    ann.tap("Ben won")
    ben.page.get_by_test_id("round-1").wait_for()
    assert ben.wait_text("total-Ben", "1") == "1"
    ben.see("Round 2: Ben deals")
    ann.tap("Undo: round 1, added " + latest(server, game_id).undo_label.rsplit(" ", 1)[1])
    assert ben.wait_text("total-Ben", "0") == "0"


def start_read_only(data_dir: Path, log_path: Path) -> Server:
    """main.py on ``data_dir``, made read-only first (folders 555, files 444).

    Root may write anywhere, so as root the server runs as the user
    "nobody" (util-linux ``setpriv``; the folders above ``data_dir`` and
    ``log_path`` must be open to it).
    """
    for path in [data_dir, *data_dir.rglob("*")]:
        os.chmod(path, 0o555 if path.is_dir() else 0o444)
    as_nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if os.geteuid() == 0 else []
    return start_app(data_dir, log_path, single_thread=ONE_THREAD, prefix=as_nobody,
                     env={"PYTHONDONTWRITEBYTECODE": "1", "HOME": str(log_path.parent)})


def test_a_read_only_folder_shows_games_and_refuses_a_save_with_the_reason(phone_pool, tmp_path):
    root = Path(tempfile.mkdtemp(prefix="companion-ro-"))
    os.chmod(root, 0o755)
    data_dir = root / "data"
    store = Store(data_dir)
    pad = new_pad("one_card", PLAYERS)
    store.save_game(pad.to_doc())
    store.update_game(pad.id, lambda saved: saved.add_round("Ann"), by="Ann's phone")
    server = start_read_only(data_dir, root / "server.log")
    phone = AppPage(phone_pool.take(), server.url, shots_dir=tmp_path)
    try:
        phone.open("/")
        phone.see(f"Companion can not write to its data folder {data_dir} (the folder is read-only).")
        phone.page.get_by_text("One-card · Ann, Ben and Cy").first.click()
        assert phone.wait_text("total-Ann", "1") == "1"
        phone.tap("Add round")
        phone.tap("Ben won")
        phone.see(
            f"Companion can not write to its data folder {data_dir}, so nothing was saved. "
            "Make the folder writable, or start Companion with another folder (--data-dir)."
        )
        assert [round_["winner"] for round_ in latest(server, pad.id).rounds] == ["Ann"]
    finally:
        phone_pool.give_back(phone)
        server.stop()
        problem = server.tracebacks()
        for path in [data_dir, *data_dir.rglob("*")]:
            os.chmod(path, 0o755 if path.is_dir() else 0o644)
        shutil.rmtree(root, ignore_errors=True)
    assert not problem, f"the server printed a traceback during the test:\n{problem}"


def test_saves_after_a_phone_closed_send_it_nothing(server, phones):
    game_id = saved_game(server)
    ann = pad_on(phones, game_id, "Ann")
    for _ in range(2):
        gone = phones(f"/pad/{game_id}")
        gone.button("More").wait_for()
        gone.page.context.close()
    for number, winner in enumerate(("Ann", "Ben", "Cy"), start=1):
        ann.tap("Add round")
        ann.tap(f"{winner} won")
        ann.see(f"Round {number} saved")
    assert [round_["winner"] for round_ in latest(server, game_id).rounds] == ["Ann", "Ben", "Cy"]


SHORT_PHONE = {"width": 390, "height": 664}
"""A short phone's screen (an iPhone 13's viewport with the browser's bars)."""


def wholly_in_view(box: dict | None, height: int) -> bool:
    """Whether a node's ``box`` is wholly on a screen ``height`` px high, at
    least a button's height of it (Flutter clips a node scrolled out of the
    screen to what still shows of it, 2 px say)."""
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height and box["height"] >= 40


def scroll_to_the_foot(phone: AppPage, button: str, turns: int = 10) -> None:
    """Scroll ``phone``'s screen down with the mouse wheel until ``button`` is in view (at most ``turns`` turns)."""
    height = phone.page.viewport_size["height"]
    phone.page.mouse.move(phone.page.viewport_size["width"] / 2, height / 2)
    for _turn in range(turns):
        phone.page.mouse.wheel(0, 600)
        phone.settle()
        if wholly_in_view(phone.button(button).bounding_box(), height):
            return
    raise AssertionError(f"{button!r} did not come into view after {turns} turns of the wheel")


def test_the_question_after_two_phones_save_round_three_is_in_view_on_a_short_phone(server, phones):
    pad = new_pad("one_up", PLAYERS)
    for hands in ({"Ann": "K", "Ben": "5", "Cy": ""}, {"Ann": "2", "Ben": "", "Cy": "3"}):
        pad.add_round(hands=hands, went_out=next(player for player, cards in hands.items() if not cards))
    Store(server.data_dir).save_game(pad.to_doc())
    ann, ben = pad_on(phones, pad.id, "Ann"), pad_on(phones, pad.id, "Ben")
    ben.page.set_viewport_size(SHORT_PHONE)
    ann.tap("Add round")
    ben.tap("Add round")
    tap_values(ann, "Ann", ["A"])
    tap_values(ann, "Ben", ["6"])
    ann.tap("Cy went out")
    tap_values(ben, "Ann", ["4"])
    tap_values(ben, "Cy", ["2"])
    ben.tap("Ben went out")
    ann.tap("Save round")
    ann.see("Round 3 saved")
    # Ben scrolls down to the "Save round" at the foot of his sheet and taps it.
    scroll_to_the_foot(ben, "Cancel")
    ben.tap("Save round")
    ben.see("Round 3 was just saved on Ann's phone: save yours as round 4, or drop it?")
    ben.settle()
    for box in (ben.page.get_by_test_id("conflict").bounding_box(), ben.button("Save as round 4").bounding_box()):
        assert wholly_in_view(box, SHORT_PHONE["height"]), box
    ben.tap("Save as round 4")
    ben.see("Round 4 saved")
    assert len(latest(server, pad.id).rounds) == 4
