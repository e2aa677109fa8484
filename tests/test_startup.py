"""What the server imports before it listens and for its first frames
(companion/ui/startup.py), each checked in a fresh Python process: main.py
imports neither the app's screens nor a deferred library, and, up to the
point where the server listens, exactly the store, the server and the
start-up modules (the store reads the rules core through
companion.rules_core's functions, which import it at their first use), also with a game in progress
(whose file is checked once the server listens, before the first frame:
a damaged one is still reported, printed and on the first screen); the
first frames (Play, a pad, the key gate) import no deferred library and
no Flet module that the first step of the warming left out, and compile
only their own catalogs; the second step starts only once a session has
drawn (or no page or file was asked for for a while: a phone still
fetching the web client is waited for) and brings the rules core, every
catalog, every deferred library and the rules search's index of every
language; the work given last (main.py's check of every file) waits for
a session to have drawn; a session through the entry point draws the app;
the warming hands the interpreter's lock to the server's event loop
sooner; the first frame names the suit font on every route, and the page
is not changed after it."""

from __future__ import annotations

import asyncio
import gc
import json
import socket
import subprocess
import sys
import textwrap
import threading
import time
import weakref
from pathlib import Path

import pytest
from flet.messaging.protocol import MessageAction

from companion.server.key import TableAccess
from companion.store import Store
from companion.ui import startup
from companion.ui.startup import (
    CATALOG_DOMAINS,
    DEFERRED,
    FIRST_FRAME_MODULES,
    WARM_SWITCH_INTERVAL,
    OpenNow,
    Warming,
    session_entry,
    settle_heap,
    wait_until_listening,
    warm_in_background,
    yielding_often,
)
from flet_session import open_session, run_alone, server_hub, shows, until
from store_helpers import make_doc

ROOT = Path(__file__).resolve().parent.parent

PYTHON_SWITCH_INTERVAL = 0.005
"""Python's own switch interval, in seconds (``sys.getswitchinterval()`` in a fresh process)."""


@pytest.fixture(autouse=True)
def settlings(monkeypatch):
    """What the warming's last step settles, noted instead of done (a list that
    gets ``"settled"`` at each call of ``settle_heap``), so that no test freezes
    the heap of the process the other test files run in; after the test, any
    settling thread is waited for, every object is back within the garbage
    collector's reach and the collector is on as it was."""
    noted: list[str] = []
    monkeypatch.setattr(startup, "settle_heap", lambda: noted.append("settled"))
    was_enabled = gc.isenabled()
    yield noted
    for thread in threading.enumerate():
        if thread.name == "settle":
            thread.join(timeout=30)
    gc.unfreeze()
    if was_enabled:
        gc.enable()


def fresh_python(code: str) -> object:
    """Run ``code`` in a new Python process at the repository's root (with
    tests/ importable) and return what it printed last, read as JSON."""
    script = f"import sys\nsys.path[:0] = [{str(ROOT)!r}, {str(ROOT / 'tests')!r}]\n" + textwrap.dedent(code)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_main_imports_neither_the_screens_nor_a_deferred_library_before_it_listens():
    loaded = fresh_python(f"""
        import json
        import main
        print(json.dumps(sorted(set(sys.modules) & set({[*FIRST_FRAME_MODULES, "flet.controls.theme", "companion.rulebook", *DEFERRED]!r}))))
    """)
    assert loaded == []


BEFORE_LISTEN = [
    "companion", "companion.document", "companion.errors", "companion.i18n", "companion.rules_core",
    "companion.server", "companion.server.addresses", "companion.server.frames", "companion.server.guard",
    "companion.server.key", "companion.stats", "companion.store", "companion.store.archive", "companion.store.backup",
    "companion.store.damage", "companion.store.deleted", "companion.store.drafts", "companion.store.files",
    "companion.store.folder", "companion.store.guard", "companion.store.history", "companion.store.index",
    "companion.store.journal", "companion.store.moves", "companion.store.opening", "companion.store.prepared",
    "companion.store.shards", "companion.store.sheets", "companion.store.sidetable", "companion.store.tables",
    "companion.transfers", "companion.ui", "companion.ui.startup",
]
"""Every module of Companion that main.py imports up to the point where the
server listens: no game, pad, setup table, card or app screen."""


def modules_before_listening(data: Path) -> list[str]:
    """Run main.py up to the point where its server would listen, on the data
    folder ``data``, in a fresh process; return the Companion modules it imported, sorted."""
    served, loaded = fresh_python(f"""
        import json, socket
        import main

        served = []
        main.serve = lambda app, host, port: served.append(port)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        main.main(["--no-browser", "--data-dir", {str(data)!r}, "--port", str(port)])
        print(json.dumps([served == [port], sorted(name for name in sys.modules if name.split(".")[0] == "companion")]))
    """)
    assert served is True
    return loaded


def test_main_imports_no_rules_module_before_it_listens(tmp_path):
    assert modules_before_listening(tmp_path) == BEFORE_LISTEN


def test_with_games_saved_main_imports_no_rules_module_before_it_listens(tmp_path):
    store = Store(tmp_path)
    store.save_game(make_doc(0))
    store.save_game(make_doc(1, finished=True))
    assert modules_before_listening(tmp_path) == BEFORE_LISTEN


def test_importing_the_store_imports_no_rules_module():
    loaded = fresh_python("""
        import json
        import companion.store
        print(json.dumps(sorted(name for name in sys.modules if name.split(".")[0] == "companion")))
    """)
    assert loaded == [name for name in BEFORE_LISTEN if not name.startswith("companion.server")
                      and name not in ("companion.transfers", "companion.ui", "companion.ui.startup")]


GAME_PACKAGES = ["companion.games.one_card", "companion.games.one_up", "companion.games.up_or_down",
                 "companion.games.up_to_nine"]
"""The game packages the registry lists (what :func:`companion.rules_core.load_all` brings in)."""


def test_the_rules_core_of_the_store_is_imported_at_its_first_use():
    found = fresh_python("""
        import json
        from companion import rules_core

        before = sorted(name for name in sys.modules if name.startswith(("companion.pads", "companion.games")))
        error = rules_core.PadError
        title = rules_core.game_title("up_or_down")
        after_use = "companion.registry" in sys.modules
        rules_core.load_all()
        games = sorted(name for name in sys.modules if name.count(".") == 2 and name.startswith("companion.games."))
        print(json.dumps([before, error.__module__, title, after_use, games]))
    """)
    assert found == [[], "companion.errors", "Up or Down?", True,
                     sorted(GAME_PACKAGES + ["companion.games.lesson_steps", "companion.games.setup_rows", "companion.games.spec"])]


def test_the_rules_core_names_a_game_it_does_not_know_by_its_id():
    from companion import rules_core

    assert rules_core.game_title("poker") == "poker"


def test_the_first_frames_import_no_deferred_library_and_nothing_the_warming_left_out(tmp_path):
    found = fresh_python(f"""
        import asyncio, json
        from companion.i18n import translations
        from companion.registry import new_pad
        from companion.server.key import TableAccess
        from companion.store import Store
        from companion.ui.startup import DEFERRED, session_entry, warm_first_frame
        from flet_session import open_session, server_hub

        warm_first_frame()
        warmed = set(sys.modules)
        compiled = translations.cache_info().currsize
        store = Store({str(tmp_path)!r})
        pad = new_pad("one_card", ["Ann", "Ben", "Cy"])
        store.save_game(pad.to_doc())
        open_access = TableAccess(store.data_dir, required=False, host="127.0.0.1", port=8550)
        key_access = TableAccess(store.data_dir, required=True, host="127.0.0.1", port=8550)

        async def first_frames():
            hub = server_hub()
            await open_session(session_entry(store, open_access), "/", hub)
            await open_session(session_entry(store, open_access), "/pad/" + pad.id, hub)
            await open_session(session_entry(store, key_access), "/", hub)

        asyncio.run(first_frames())
        new_flet = sorted(name for name in set(sys.modules) - warmed if name.split(".")[0] == "flet")
        print(json.dumps([new_flet, sorted(set(sys.modules) & set(DEFERRED)),
                          translations.cache_info().currsize - compiled, compiled]))
    """)
    # The first step compiles one catalog (English's, read as the app is imported); the first
    # frames add the two other languages' "companion" catalogs (a pad reads a phone's label in each).
    assert found == [[], [], 2, 1]


def test_the_second_step_of_the_warming_imports_every_deferred_library_indexes_the_rules_and_compiles_every_catalog():
    """One fresh process warms up (each fresh process costs the suite seconds):
    every deferred library imported, the three languages' rules indexed, every
    catalog compiled and every game package loaded."""
    found = fresh_python(f"""
        import json
        from companion.i18n import translations
        from companion.rulebook import index
        from companion.ui.startup import DEFERRED, warm_later

        warm_later()
        print(json.dumps([[name for name in DEFERRED if name not in sys.modules], index._index.cache_info().currsize,
                          translations.cache_info().currsize, [name in sys.modules for name in {GAME_PACKAGES!r}]]))
    """)
    assert found == [[], 3, 3 * len(CATALOG_DOMAINS), [True] * len(GAME_PACKAGES)]


def test_a_session_through_the_entry_point_draws_the_play_screen_then_lets_the_second_step_start(tmp_path):
    store = Store(tmp_path)
    access = TableAccess(store.data_dir, required=False, host="127.0.0.1", port=8550)
    warming = Warming()
    warming.first_frame.set()

    async def first_frame():
        phone = await open_session(session_entry(store, access, warming), "/", server_hub())
        return shows(phone, "Companion"), shows(phone, "New game"), warming.served.is_set()

    assert run_alone(first_frame()) == (True, True, True)


def test_waiting_for_the_server_is_true_once_it_listens_and_false_when_nothing_does():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        assert wait_until_listening("0.0.0.0", port, timeout=5.0) is True
    assert wait_until_listening("127.0.0.1", port, timeout=0.1) is False


def test_the_warming_runs_its_first_work_before_a_session_draws_and_its_second_step_only_after():
    order: list[str] = []
    finished = threading.Event()

    def then() -> None:
        order.append("then")
        finished.set()

    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        warming = warm_in_background(
            "127.0.0.1", server.getsockname()[1], first=lambda: order.append("first"), then=then, wait=120, after=0,
        )
        assert warming.first_frame.wait(timeout=120) is True
        assert (order, warming.later.is_set()) == (["first"], False)
        warming.served.set()
        assert finished.wait(timeout=120) is True
    assert (order, warming.later.is_set()) == (["first", "then"], True)


def test_a_page_request_while_the_warming_waits_for_a_session_makes_it_wait_once_more_before_the_second_step():
    finished = threading.Event()
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        warming = warm_in_background("127.0.0.1", server.getsockname()[1], then=finished.set, wait=0.01, after=0)
        warming.requested.set()  # a phone fetched the web client before the server listened to the warming
        server.listen()
        assert finished.wait(timeout=120) is True
    assert (warming.requested.is_set(), warming.served.is_set(), warming.later.is_set()) == (False, False, True)


class _Loaded:
    """An object of start-up that may point at itself."""

    def __init__(self) -> None:
        self.itself: _Loaded | None = None


class _Phone:
    """Stands for a phone's Flet session: its screen points at itself, so it
    is garbage for the collector alone once the phone has gone."""

    def __init__(self) -> None:
        self.screen = _Loaded()
        self.screen.itself = self.screen


def _tracked(thing: object) -> bool:
    """True when the garbage collector's generations hold ``thing`` (a frozen object is in none)."""
    return any(held is thing for held in gc.get_objects())


def test_settling_the_heap_collects_the_garbage_and_puts_what_lives_out_of_the_collectors_reach(monkeypatch):
    monkeypatch.undo()
    gc.disable()
    kept, dropped = _Loaded(), _Loaded()
    dropped.itself = dropped
    gone = weakref.ref(dropped)
    del dropped
    assert (_tracked(kept), gone() is not None) == (True, True)
    settle_heap(watched=OpenNow())
    assert (_tracked(kept), gone(), gc.get_freeze_count() > 0) == (False, None, True)


def test_the_screens_of_the_phones_open_at_the_settling_are_collected_once_the_last_has_gone(monkeypatch):
    monkeypatch.undo()
    gc.disable()
    phones = [_Phone(), _Phone()]
    screens = [weakref.ref(phone.screen) for phone in phones]
    open_now = OpenNow()
    list(map(open_now.add, phones))
    settle_heap(watched=open_now)
    phones.pop()
    gc.collect()
    assert [screen() is not None for screen in screens] == [True, True]
    phones.clear()
    deadline = time.monotonic() + 30
    while any(screen() is not None for screen in screens) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert [screen() for screen in screens] == [None, None]


def test_the_warming_settles_the_heap_last(settlings):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        warm_in_background("127.0.0.1", server.getsockname()[1], then=lambda: settlings.append("then"), wait=0.01,
                           after=0)
        deadline = time.monotonic() + 120
        while len(settlings) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
    assert settlings == ["then", "settled"]


def test_with_no_session_the_second_step_of_the_warming_starts_after_the_wait():
    finished = threading.Event()
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        warming = warm_in_background("127.0.0.1", server.getsockname()[1], then=finished.set, wait=0.01, after=0)
        assert finished.wait(timeout=120) is True
    assert (warming.first_frame.is_set(), warming.served.is_set(), warming.later.is_set()) == (True, False, True)


def test_a_damaged_game_in_progress_is_reported_once_the_server_listens_and_on_the_first_frame(tmp_path):
    Store(tmp_path).save_game(make_doc(0))
    games = tmp_path / "games.json"
    games.write_text(games.read_text(encoding="utf-8").replace('"one_up"', '"poker"'), encoding="utf-8")
    found = fresh_python(f"""
        import asyncio, contextlib, io, json, socket
        import main
        from flet_session import open_session, server_hub, shown_strings

        given = []
        entry = main.session_entry
        main.session_entry = lambda store, access, warming: given.append((store, access, warming)) or entry(
            store, access, warming)
        seen = {{}}

        def serve(app, host, port):
            store, access, warming = given[0]
            seen["before listening"] = [len(store.notices), "companion.setup" in sys.modules]
            with socket.socket() as server:
                server.bind((host, port))
                server.listen()
                warming.first_frame.wait(120)

                async def first_frame():
                    return await open_session(entry(store, access, warming), "/", server_hub())

                phone = asyncio.run(first_frame())
            seen["on the first frame"] = [text for text in shown_strings(phone.session.page) if "games.json" in text]
            seen["notices"] = [str(notice) for notice in store.notices]

        main.serve = serve
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            main.main(["--no-browser", "--data-dir", {str(tmp_path)!r}, "--port", str(port)])
        seen["printed"] = [line for line in printed.getvalue().splitlines() if line.startswith(("Note:", "Companion is"))]
        print(json.dumps(seen))
    """)
    notice = found["notices"]
    assert found["before listening"] == [0, False]
    assert len(notice) == 1 and "games.json" in notice[0]
    assert found["on the first frame"] == notice
    assert found["printed"][0].startswith("Companion is running at http://127.0.0.1:")
    assert found["printed"][1:] == ["Note: " + notice[0]]
    assert len(list(tmp_path.glob("games.json.corrupt-*"))) == 1


def test_while_warming_the_interpreter_hands_its_lock_over_sooner_and_sets_the_interval_back_after():
    before = sys.getswitchinterval()
    with yielding_often():
        during = sys.getswitchinterval()
        with yielding_often():  # a second warming at the same time
            inner = sys.getswitchinterval()
        still = sys.getswitchinterval()
    assert (during, inner, still, sys.getswitchinterval()) == (
        WARM_SWITCH_INTERVAL, WARM_SWITCH_INTERVAL, WARM_SWITCH_INTERVAL, before,
    )
    assert WARM_SWITCH_INTERVAL < PYTHON_SWITCH_INTERVAL


def test_the_warming_runs_its_work_with_the_short_interval():
    seen: list[float] = []
    done = threading.Event()

    def then() -> None:
        seen.append(sys.getswitchinterval())
        done.set()

    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        warming_started = warm_in_background("127.0.0.1", server.getsockname()[1], then=then)
        warming_started.served.set()
        assert done.wait(timeout=120) is True
    assert seen == [WARM_SWITCH_INTERVAL]


SUIT_FONTS = {"Companion Suits": "/rules/companion-suits.ttf"}
"""The fonts a page names: the suit font."""


@pytest.mark.parametrize("route", ["/", "/?key=abc", "/check"])
def test_the_first_frame_names_the_suit_font_and_the_page_is_not_changed_after_it(tmp_path, route):
    """A change of the page after the first frame makes the phone's client build
    the app again, and a field being typed into loses the focus (its Enter lost)."""
    from companion.ui import app

    store = Store(tmp_path)
    access = TableAccess(store.data_dir, required=False, host="127.0.0.1", port=8550)

    async def first_frame():
        phone = await open_session(app.session_main(store, access), route, server_hub())
        later = []
        send = phone.send_message

        def noting(message) -> None:
            if message.action == MessageAction.PATCH_CONTROL and message.body.id == phone.session.page._i:
                later.append(message.body.patch)
            send(message)

        phone.send_message = noting
        await asyncio.sleep(1.5)
        return shows(phone, "Check a move" if route == "/check" else "Companion"), phone.session.page.fonts, later

    assert run_alone(first_frame()) == (True, SUIT_FONTS, [])


def test_requests_that_never_open_a_session_keep_the_second_step_waiting_no_longer_than_the_longest_wait():
    finished = threading.Event()
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        warming = warm_in_background("127.0.0.1", server.getsockname()[1], then=finished.set,
                                     wait=0.01, after=0, longest=0.2)
        keep_requesting = threading.Event()

        def crawl() -> None:
            while not keep_requesting.is_set():
                warming.requested.set()
                time.sleep(0.002)

        crawler = threading.Thread(target=crawl, daemon=True)
        crawler.start()
        try:
            assert finished.wait(timeout=120) is True
        finally:
            keep_requesting.set()
            crawler.join()
    assert (warming.served.is_set(), warming.later.is_set()) == (False, True)


def test_a_session_opened_is_noted_as_open_and_the_settling_walks_no_other_object(tmp_path, monkeypatch):
    """The settling finds the sessions open from the note each took as it opened, never from
    every object the collector tracks: that list would hold a tuple another thread is still
    building (the phone's first screen then failed with a SystemError)."""
    store = Store(tmp_path)
    access = TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550)

    async def opened():
        phone = await open_session(session_entry(store, access), "/", server_hub())
        return any(noted is phone.session for noted in startup.OPEN_SESSIONS.now())

    assert run_alone(opened()) is True
    monkeypatch.undo()
    monkeypatch.setattr(gc, "get_objects", lambda *args: pytest.fail("the settling walked every object"))
    gc.disable()
    settle_heap(watched=startup.OPEN_SESSIONS)
    assert gc.get_freeze_count() > 0
