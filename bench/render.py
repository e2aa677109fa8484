"""Benchmark: the server's CPU to paint a save on the phones showing the game,
without a browser (Flet sessions in this process, on tests/flet_session.py's
connection that encodes every message as the web server does and answers
the phones' service calls; always this checkout's, whichever version is
measured).

    python bench/render.py [--phones 6] [--boards 1] [--rounds 12 22] [--saves 20] [--others 60] [--against DIR]
                           [--profile] [--controls] [--memory]

A One Up game of three players with ``--rounds`` rounds (each size in
turn) is shown on ``--phones`` pad sessions and ``--boards`` board sessions
(/board/<game>); each save (a round added through ``Store.update_game``,
put in the shared game cache and announced on the game's topic, as a phone's
save does) is painted again on every session. Before the sessions open,
the process is warmed as the server's start warms it (everything loaded,
then the heap settled: companion/ui/startup.py; the server settles it once
its first phone has drawn, and again once that phone has gone), so that
the saves are those of a server past its start. Printed: the server's CPU
milliseconds (``time.process_time``) per save for all the sessions, and the
same for a Flet counter app (bench/counter_flet.py's component, one tap per
session) in the same run, as the baseline ratio. With ``--against DIR`` (a
checkout of another version, e.g. ``git worktree add /tmp/old main``), that
version is measured too, in turns with this one (versions and sizes
interleaved within each run), and the ratio old/new is printed. With
``--others N``, each version is also measured with N more sessions open on
other games (One Up games like the first, ``--phones`` sessions on each, as
at a club night of several tables), and the ratio of the server's CPU per
save with them to without them is printed: sessions that do not show the
saved game should cost nothing. ``--profile`` prints the 25 costliest
functions of this version's saves (cProfile, cumulative).

Each version is also measured with one phone alone on the game (no board),
in turns with the other runs: printed is the server's CPU per save for each
session watching besides the saver's, a board counting as one ((all - one
phone alone) / (phones + boards - 1)), the figure that grows with the table
(target: at most 4 ms at 12 rounds). Beside it, Flet's own floor in the
same process: a counter app's tap and a tap on a plain Flet page of as many
controls as the pad (bench/plain_flet.py's page, built again whole at each
tap), per session, on as many sessions as watch the game; Flet's floor
for a save: the same number of sessions of a plain page without components
of the pad's size, where each save sets the texts a save changes on the
pad (three totals and a round's line) and sends only them, or updates
the whole page (which walks every control); and the same figures as Python calls (``cProfile``'s count), which the machine's load
does not sway: a figure to compare versions by on a busy machine.

With ``--controls``, the controls each screen holds (every control of the
page a fresh session is sent, as Flet indexes them) are counted for games
of 1, 12 and 22 rounds, for the pad, the board and History's game (its
chart of the totals, whose points are the rounds, folded as it opens), and
the ratio of round 22 to round 1 printed (target: at most 1.3).

With ``--memory``, the server's memory per open session of the pad, the
board and History's game (a game of the first ``--rounds`` size, see
:func:`_memory`) is printed
against a counter app's session, as a ratio (target: at most 2x).

Then one phone saves ``--saves`` rounds from its own entry sheet ("Add
round", two values, who went out, "Save round"): printed is the server's CPU
from the "Save round" tap until that phone is painted (the store's
transaction, the sheet closed, the new total and line), against a counter
app's tap on one phone.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Ben", "Cy"]
PROFILE_ORDER = "cumulative"
"""How ``--profile`` sorts the functions (a ``pstats`` key)."""


def _count_controls(root: Path) -> None:
    """Print one line per screen of the version of Companion at ``root``:
    its name and the controls a fresh session of it holds for a game of 1,
    12 and 22 rounds (``pad``, ``board``, ``history``: History's game, its
    chart folded as it opens)."""
    sys.path.insert(0, str(root))
    sys.path.insert(0, str(ROOT / "tests"))
    from flet_session import controls, open_session, run_alone, server_hub

    from companion.registry import new_pad
    from companion.server.key import TableAccess
    from companion.store import Store
    from companion.ui.app import session_main

    async def count() -> dict[str, list[int]]:
        counted: dict[str, list[int]] = {"pad": [], "board": [], "history": []}
        with tempfile.TemporaryDirectory() as scratch:
            data = Path(scratch)
            store = Store(data)
            main = session_main(store, TableAccess(data, required=False, host="127.0.0.1", port=8550))
            hub = server_hub()
            for rounds in COUNTED_ROUNDS:
                made = new_pad("one_up", PLAYERS, options={"limit": 100_000})
                for number in range(rounds):
                    made.add_round(
                        {player: "" if index == number % 3 else "K 5" for index, player in enumerate(PLAYERS)},
                        PLAYERS[number % 3])
                store.save_game(made.to_doc())
                for screen in ("pad", "board", "history"):
                    phone = await open_session(main, f"/{screen}/{made.id}", hub)
                    counted[screen].append(len(list(controls(phone.session.page))))
        return counted

    for screen, counts in run_alone(count()).items():
        print(screen, *counts)


MEMORY_SESSIONS = 20
"""Sessions ``--memory`` opens of each kind (each screen, counter app)."""

MEMORY_SCREENS = ("pad", "board", "history")
"""The screens of a game whose memory per session ``--memory`` measures."""


def _memory(root: Path, rounds: int) -> None:
    """Print the Python memory (``tracemalloc``, bytes still held) that each
    further session holds on the server of the version at ``root``: first
    per session of each of :data:`MEMORY_SCREENS` on a game of ``rounds``
    rounds, then per session of the app at an address it has no screen for
    (what every screen costs before its own controls), then per counter app
    session (bench/counter_flet.py's component), then per session of a
    plain Flet page of as many controls as the pad (bench/plain_flet.py's,
    Flet's floor for a screen of that size), then per session of the pad's
    screen drawn in few controls (bench/lean_flet.py's, the floor of a
    screen showing what the pad shows); :data:`MEMORY_SESSIONS` of each
    after one of each was opened (so what every session shares, such as
    imports and caches, is not counted); last the pad's controls and the
    lean page's."""
    import gc
    import tracemalloc

    sys.path.insert(0, str(root))
    sys.path.insert(0, str(ROOT / "tests"))
    sys.path.insert(0, str(ROOT / "bench"))
    import flet as ft
    from flet_session import controls, open_session, run_alone, server_hub
    from lean_flet import LeanPad
    from plain_flet import Plain

    from companion.registry import new_pad
    from companion.server.key import TableAccess
    from companion.store import Store
    from companion.ui.app import session_main

    @ft.component
    def Counter() -> ft.Control:
        """bench/counter_flet.py's counter."""
        count, set_count = ft.use_state(0)
        return ft.Column([ft.FilledButton("Count", on_click=lambda: set_count(count + 1)),
                          ft.Semantics(identifier="count", content=ft.Text(str(count)))])

    async def held(main, route: str, hub, kept: list) -> float:
        """Bytes held per session of ``main`` at ``route`` (kept open in ``kept``)."""
        kept.append(await open_session(main, route, hub))
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(MEMORY_SESSIONS):
            kept.append(await open_session(main, route, hub))
        gc.collect()
        return (tracemalloc.get_traced_memory()[0] - before) / MEMORY_SESSIONS

    async def measure() -> tuple[float, ...]:
        with tempfile.TemporaryDirectory() as scratch:
            data = Path(scratch)
            store = Store(data)
            made = new_pad("one_up", PLAYERS, options={"limit": 100_000})
            for number in range(rounds):
                made.add_round({player: "" if index == number % 3 else "K 5" for index, player in enumerate(PLAYERS)},
                               PLAYERS[number % 3])
            store.save_game(made.to_doc())
            main = session_main(store, TableAccess(data, required=False, host="127.0.0.1", port=8550))
            hub, kept = server_hub(), []
            tracemalloc.start()
            screens = [await held(main, f"/{screen}/{made.id}", hub, kept) for screen in MEMORY_SCREENS]
            pad_controls = len(list(controls(kept[0].session.page)))
            empty = await held(main, "/nothing/here", hub, kept)
            counter = await held(lambda page: page.render(Counter), "/", hub, kept)
            plain = await held(lambda page: page.render(Plain, pad_controls), "/", hub, kept)
            lean = await held(lambda page: page.render_views(LeanPad, data), "/", hub, kept)
            return *screens, empty, counter, plain, lean, pad_controls, len(list(controls(kept[-1].session.page)))

    print(*(f"{value:.0f}" for value in run_alone(measure())))


def print_memory(versions: list[Path], rounds: int) -> None:
    """Measure :func:`_memory` for each of ``versions`` (a fresh process each) and print it."""
    print(f"server memory per open session (Python heap held, tracemalloc; {MEMORY_SESSIONS} sessions of each "
          f"after one; a {rounds}-round game; target at most {MEMORY_TARGET}x a counter app's):")
    for root in versions:
        done = subprocess.run([sys.executable, __file__, "--memory-of", str(root), "--rounds", str(rounds)],
                              check=True, capture_output=True, text=True)
        *screens, empty, counter, plain, lean, pad_controls, lean_controls = (
            float(value) for value in done.stdout.split())
        for screen, value in zip(MEMORY_SCREENS, screens, strict=True):
            print(f"  {root.name:<12} {screen:<8} {value / 1e6:5.2f} MB   counter app {counter / 1e6:5.2f} MB   "
                  f"ratio {value / counter:4.2f}x")
        print(f"  {root.name:<12} Flet's floor: a plain page of the pad's {pad_controls:.0f} controls "
              f"{plain / 1e6:5.2f} MB, {plain / counter:4.2f}x the counter app; the pad {screens[0] / plain:4.2f}x it")
        print(f"  {root.name:<12} the app showing no screen of its own (an unknown address) {empty / 1e6:5.2f} MB, "
              f"{empty / counter:4.2f}x the counter app")
        print(f"  {root.name:<12} the floor of the pad's screen: the lean pad page of {lean_controls:.0f} controls "
              f"{lean / 1e6:5.2f} MB, {lean / counter:4.2f}x the counter app")


MEMORY_TARGET = 2.0
"""Most memory per open pad session per counter app session."""


COUNTED_ROUNDS = (1, 12, 22)
"""The games' lengths ``--controls`` counts the screens of."""


def _worker(root: Path, phones: int, boards: int, rounds: int, saves: int, others: int, profile: bool) -> None:
    """Measure the version of Companion at ``root`` (``phones`` pad sessions
    and ``boards`` board sessions on the game, ``others`` sessions on other
    games) and print one line of :data:`Figures`."""
    sys.path.insert(0, str(root))
    sys.path.insert(0, str(ROOT / "bench"))
    sys.path.insert(0, str(ROOT / "tests"))
    import flet as ft
    from flet.pubsub.pubsub_hub import PubSubHub
    from flet_session import Phone, click, controls, open_session, server_hub, settle, shows, tap, until
    from plain_flet import PAGE_CONTROLS, ROW_CONTROLS, plain_row

    from companion.registry import new_pad
    from companion.server.key import TableAccess
    from companion.store import Store
    from companion.ui.app import session_main
    try:
        from companion.table.live import game_cache, game_topic
    except ImportError:  # a version from before the table's modules left companion/ui/
        from companion.ui.live import game_cache, game_topic

    def warm_as_the_server() -> None:
        """What the server's warming has done before the phones come: everything
        loaded (``warm_later``), then the heap settled (``settle_heap``), for
        the versions that have these steps."""
        try:
            from companion.ui import startup
        except ImportError:  # a version from before the warming
            return
        for step in ("warm_later", "settle_heap"):
            if hasattr(startup, step):
                getattr(startup, step)()

    async def open_sessions(main, route: str, hub: PubSubHub, count: int = phones) -> list[Phone]:
        """``count`` sessions of ``main`` at ``route``, settled."""
        return [await open_session(main, route, hub) for _ in range(count)]

    async def measure() -> tuple[float, ...]:
        hub = server_hub()
        with tempfile.TemporaryDirectory() as scratch:
            data = Path(scratch)
            store = Store(data)

            def game() -> str:
                """A One Up game of ``rounds`` rounds saved in the store; its id."""
                made = new_pad("one_up", PLAYERS, options={"limit": 100_000})
                for number in range(rounds):
                    made.add_round(
                        {player: "" if index == number % 3 else "K 5" for index, player in enumerate(PLAYERS)},
                        PLAYERS[number % 3])
                store.save_game(made.to_doc())
                return made.id

            warm_as_the_server()
            game_id = game()
            access = TableAccess(data, required=False, host="127.0.0.1", port=8550)
            main = session_main(store, access)
            connections = await open_sessions(main, f"/pad/{game_id}", hub)
            connections += await open_sessions(main, f"/board/{game_id}", hub, boards)
            for table in range(0, others, phones):
                await open_sessions(main, f"/pad/{game()}", hub, min(phones, others - table))
            shown = len(list(controls(connections[0].session.page)))
            cache = game_cache(store)

            async def save_once(number: int = 0) -> None:
                """Save a round (the ``number``-th player of :data:`PLAYERS` went out) as
                a phone's save does, and wait until every session has painted it."""
                out = PLAYERS[number % 3]
                saved = store.update_game(
                    game_id,
                    lambda pad: pad.add_round({player: "" if player == out else "6" for player in PLAYERS}, out))
                version, _ = cache.put(game_id, saved)
                hub.send_all_on_topic(game_topic(game_id), version)
                await settle(connections)

            save_calls = await counted(save_once)
            profiler = cProfile.Profile() if profile else None
            spent = 0.0
            for number in range(saves):
                start = time.process_time()
                if profiler:
                    profiler.enable()
                await save_once(number)
                if profiler:
                    profiler.disable()
                spent += time.process_time() - start
            if profiler:
                report = io.StringIO()
                pstats.Stats(profiler, stream=report).sort_stats(PROFILE_ORDER).print_stats(25)
                print(report.getvalue(), file=sys.stderr)

            saver_id = game()
            (saver,) = await open_sessions(main, f"/pad/{saver_id}", hub, 1)
            own = 0.0
            for _ in range(saves):
                await tap(saver, "Add round")
                values = [control for control in list(saver.session.index.values())
                          if getattr(control, "content", None) == "6" and getattr(control, "on_click", None)]
                for control in values[:2]:
                    await click(saver, control)
                await tap(saver, "Cy went out")
                start = time.process_time()
                await tap(saver, "Save round")
                await until(saver, lambda _page: not shows(saver, "Cy went out"))
                own += time.process_time() - start

            counter, counter_calls = await tapped(hub, 0)
            plain, plain_calls = await tapped(hub, max(0, (shown - PAGE_CONTROLS - 2) // ROW_CONTROLS))
            floor_rows = max(0, (shown - FLOOR_CONTROLS) // ROW_CONTROLS)
            floor, floor_calls = await floor_saves(hub, floor_rows, whole=False)
            whole, whole_calls = await floor_saves(hub, floor_rows, whole=True)
            return (spent * 1000 / saves, counter * 1000 / saves, own * 1000 / saves, plain * 1000 / saves,
                    save_calls, counter_calls, plain_calls, floor * 1000 / saves, floor_calls,
                    whole * 1000 / saves, whole_calls)

    async def floor_saves(hub: PubSubHub, rows: int, whole: bool) -> tuple[float, float]:
        """Flet's floor for a save: as many sessions as the game had (on
        ``hub``) of a plain page without components (:func:`plain_page`,
        ``rows`` rows of three texts besides the totals and a round's line),
        and for each save the texts a save changes on the pad (three totals
        and a round's line) set anew on every session and sent: only those
        texts (``page.update(*texts)``), or with ``whole`` the page
        (``page.update()``, which walks every control). Returns the CPU
        seconds of ``saves`` such saves, and the Python calls of one
        (:func:`counted`)."""
        shown: list = []
        pages = await open_sessions(lambda page: shown.append(plain_page(page, rows)), "/", hub, phones + boards)
        number = [0]

        async def change(page: ft.Page, texts: list[ft.Text]) -> None:
            for text in texts:
                text.value = str(number[0])
            page.update(*([] if whole else texts))

        async def once() -> None:
            number[0] += 1
            for page, texts in shown:
                page.run_task(change, page, texts)
            await settle(pages)

        start = time.process_time()
        for _ in range(saves):
            await once()
        return time.process_time() - start, await counted(once)

    def plain_page(page: ft.Page, rows: int) -> tuple[ft.Page, list[ft.Text]]:
        """A page of plain controls (no component): a row of three big
        totals, a round's line (its number and three cells) and ``rows``
        rows of three texts; returns the page and the texts a save changes
        (the totals and the line's)."""
        totals = [ft.Text("0", size=40) for _ in PLAYERS]
        line = [ft.Text("R0"), *(ft.Text("0") for _ in PLAYERS)]
        page.add(ft.Column([
            ft.Row(totals), ft.Row(line),
            *(plain_row(row) for row in range(rows)),
        ]))
        return page, [*totals, *line]

    async def tapped(hub: PubSubHub, rows: int) -> tuple[float, float]:
        """Open as many sessions of a :func:`Tally` of ``rows`` rows as the
        game had (on ``hub``); returns the CPU seconds of ``saves`` taps on each of them
        (a tap on every session per save), and the Python calls of one such
        round of taps (:func:`counted`)."""
        taps: list = []
        tallies = await open_sessions(lambda page: page.render(Tally, page, taps, rows), "/", hub,
                                      phones + boards)

        async def once() -> None:
            for page, count_tap in taps:
                page.run_task(count_tap)
            await settle(tallies)

        start = time.process_time()
        for _ in range(saves):
            await once()
        return time.process_time() - start, await counted(once)

    async def counted(work) -> float:
        """The Python calls (``cProfile``'s count, whatever the machine's load)
        of one run of the coroutine function ``work``."""
        profiler = cProfile.Profile()
        profiler.enable()
        await work()
        profiler.disable()
        return pstats.Stats(profiler).total_calls

    @ft.component
    def Tally(page: ft.Page, taps: list, rows: int) -> ft.Control:
        """bench/counter_flet.py's counter over ``rows`` rows of three texts
        (bench/plain_flet.py's page when ``rows`` is not 0), its tap reachable
        from here: the whole page is built again at each tap."""
        count, set_count = ft.use_state(0)

        async def tap() -> None:
            set_count(lambda now: now + 1)

        ft.use_effect(lambda: taps.append((page, tap)), [])
        return ft.Column(
            [
                ft.FilledButton("Count", on_click=tap),
                ft.Semantics(identifier="count", content=ft.Text(str(count))),
                *(plain_row(row) for row in range(rows)),
            ]
        )

    print(*(f"{value:.2f}" for value in asyncio.run(measure())))


FLOOR_CONTROLS = 13
"""Controls of :func:`_worker`'s plain page besides its rows: the page, its
view, the column, the totals' row and three totals, the line's row, its
number and three cells."""

Figures = tuple[float, ...]
"""What one measuring process prints: ms per save on every session, a
counter app's ms per tap on as many sessions, one phone's own save from its
sheet, a plain Flet page's ms per tap on as many sessions (as many controls
as the game's pad, built again whole at each tap: bench/plain_flet.py's);
then the Python calls of one save on every session, of one tap on every
counter app, of one tap on every plain page (counted, so not swayed by the
machine's load); last Flet's floor for a save, ms per save on as many
plain pages without components (the pad's size; three totals and a
round's line changed and sent) and its Python calls, first with only the
changed texts sent, then with the whole page updated."""


def _run(root: Path, args: argparse.Namespace, rounds: int, others: int = 0, alone: bool = False) -> Figures:
    """Run :func:`_worker` for the version at ``root`` on a game of
    ``rounds`` rounds (with ``others`` sessions on other games; ``alone``:
    the saving phone alone on the game, no board) in a fresh process."""
    phones, boards = (1, 0) if alone else (args.phones, args.boards)
    command = [sys.executable, __file__, "--worker", str(root), "--phones", str(phones), "--boards", str(boards),
               "--rounds", str(rounds), "--saves", str(args.saves), "--others", str(others)]
    if args.profile and root == ROOT and not alone:
        command.append("--profile")
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    if done.stderr.strip():
        print(done.stderr, file=sys.stderr)
    return tuple(float(value) for value in done.stdout.split())


WATCHER_TARGET_MS = 4.0
"""Most server CPU per save for each phone watching the game besides the saver's (ms)."""

CONTROLS_TARGET = 1.3
"""Most controls of a screen at round 22 per control at round 1."""


def print_controls(versions: list[Path]) -> None:
    """Count the controls of the screens of each of ``versions`` (a fresh
    process each) and print them, with the ratio of round 22 to round 1."""
    print(f"controls on the screen (One Up, {len(PLAYERS)} players) at rounds "
          f"{', '.join(map(str, COUNTED_ROUNDS))}; ratio of round {COUNTED_ROUNDS[-1]} to round {COUNTED_ROUNDS[0]} "
          f"(target at most {CONTROLS_TARGET}x):")
    for root in versions:
        done = subprocess.run([sys.executable, __file__, "--count", str(root)], check=True, capture_output=True,
                              text=True)
        for line in done.stdout.splitlines():
            screen, *counts = line.split()
            first, last = int(counts[0]), int(counts[-1])
            print(f"  {root.name:<12} {screen:<14} {' '.join(f'{count:>4}' for count in counts)}   "
                  f"ratio {last / first:5.3f}x")


def measure_saves(versions: list[Path], args: argparse.Namespace) -> dict[tuple, list[Figures]]:
    """:func:`_run` ``args.runs`` times for each version, size of game
    (``args.rounds``) and kind of run ("all": every phone and board;
    "alone": the saver alone; "crowded": with ``args.others`` sessions on
    other games), in turns: versions and sizes interleaved within each run,
    so the machine's load falls alike on all. Keyed (kind, version, rounds)."""
    figures: dict[tuple, list[Figures]] = {}
    for _ in range(args.runs):
        for rounds in args.rounds:
            for root in versions:
                figures.setdefault(("all", root, rounds), []).append(_run(root, args, rounds))
                figures.setdefault(("alone", root, rounds), []).append(_run(root, args, rounds, alone=True))
                if args.others:
                    figures.setdefault(("crowded", root, rounds), []).append(_run(root, args, rounds, args.others))
    return figures


def print_saves(versions: list[Path], args: argparse.Namespace, figures: dict[tuple, list[Figures]]) -> None:
    """Print the medians of :func:`measure_saves`' ``figures`` for each size
    of game and version: the CPU per save on every session against the
    counter app's, per watcher besides the saver (the target), the saver's
    own save, and with sessions on other games."""
    watchers = args.phones + args.boards - 1
    for rounds in args.rounds:
        print(f"server CPU per save painted on {args.phones} phones and {args.boards} board(s) (One Up, "
              f"{len(PLAYERS)} players, {rounds} rounds before, {args.saves} saves, median of {args.runs} runs):")
        medians = {}
        for root in versions:
            runs = figures[("all", root, rounds)]
            pad, counter, own, plain, calls, counter_calls, plain_calls = (
                statistics.median(run[index] for run in runs) for index in range(7))
            medians[root] = pad
            print(f"  {root.name:<12} all {pad:7.1f} ms   counter app {counter:5.1f} ms   ratio {pad / counter:5.1f}x")
            alone = figures[("alone", root, rounds)]
            one, one_calls = (statistics.median(run[index] for run in alone) for index in (0, 4))
            extra = (pad - one) / max(1, watchers)
            sessions = args.phones + args.boards
            print(f"  {root.name:<12} one phone alone {one:6.1f} ms; each of the {watchers} watching besides it "
                  f"{extra:5.1f} ms (target {WATCHER_TARGET_MS:.0f} ms: {extra / WATCHER_TARGET_MS:4.2f}x the target)")
            print(f"  {root.name:<12} Flet's floor, per session and tap: counter app {counter / sessions:5.2f} ms, "
                  f"plain page of the pad's size {plain / sessions:5.2f} ms; the watcher's save "
                  f"{extra / (plain / sessions):4.1f}x the plain page's tap")
            extra_calls = (calls - one_calls) / max(1, watchers)
            print(f"  {root.name:<12} Python calls (whatever the load): each watcher per save {extra_calls:8.0f}; "
                  f"per session and tap: counter app {counter_calls / sessions:6.0f}, plain page "
                  f"{plain_calls / sessions:6.0f}")
            floor, floor_calls, whole, whole_calls = (statistics.median(run[index] for run in runs)
                                                      for index in (7, 8, 9, 10))
            print(f"  {root.name:<12} Flet's floor for a save (a plain page of the pad's size, no components, "
                  f"three totals and a round's line changed), per session: the changed texts sent "
                  f"{floor / sessions:5.2f} ms ({floor_calls / sessions:5.0f} Python calls), the whole page "
                  f"updated {whole / sessions:5.2f} ms ({whole_calls / sessions:5.0f} calls); the watcher's save "
                  f"{extra / (floor / sessions):4.1f}x / {extra / (whole / sessions):4.1f}x them")
            print(f"  {root.name:<12} one phone's own save from its sheet {own:6.1f} ms   "
                  f"ratio {own / (counter / (args.phones + args.boards)):5.1f}x a counter app's tap on one phone")
            if args.others:
                busy = statistics.median(run[0] for run in figures[("crowded", root, rounds)])
                print(f"  {root.name:<12} all {busy:7.1f} ms   with {args.others} sessions on other games: "
                      f"{busy / pad:4.2f}x the CPU without them")
        if args.against:
            old = medians[args.against.resolve()]
            print(f"  this version against {args.against.name}: {medians[ROOT] / old:.2f}x the CPU "
                  f"({old / medians[ROOT]:.1f}x less)")


def main(argv: list[str] | None = None) -> None:
    """Measure this version (and ``--against``'s) and print the figures."""
    parser = argparse.ArgumentParser(description="Server CPU to paint a save on every phone showing the game")
    parser.add_argument("--phones", type=int, default=6, help="pad sessions showing the game (default 6)")
    parser.add_argument("--boards", type=int, default=1, help="board sessions showing the game (default 1)")
    parser.add_argument("--rounds", type=int, nargs="+", default=[12, 22],
                        help="rounds of the game before the saves, each size measured in turns (default 12 22)")
    parser.add_argument("--saves", type=int, default=20, help="saves measured (default 20)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each version, in turns (default 3)")
    parser.add_argument("--others", type=int, default=0,
                        help="also measure with this many sessions on other games (default 0: not measured)")
    parser.add_argument("--against", type=Path, default=None, help="a checkout of another version to compare")
    parser.add_argument("--profile", action="store_true", help="print this version's costliest functions")
    parser.add_argument("--controls", action="store_true", help="also count the controls of the screens")
    parser.add_argument("--memory", action="store_true", help="also measure the memory per open pad session")
    parser.add_argument("--memory-of", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--worker", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--count", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.memory_of is not None:
        _memory(args.memory_of, args.rounds[0])
        return
    if args.count is not None:
        _count_controls(args.count)
        return
    if args.worker is not None:
        _worker(args.worker, args.phones, args.boards, args.rounds[0], args.saves, args.others, args.profile)
        return
    versions = [ROOT] + ([args.against.resolve()] if args.against else [])
    if args.controls:
        print_controls(versions)
    if args.memory:
        print_memory(versions, args.rounds[0])
    if args.runs:
        print_saves(versions, args, measure_saves(versions, args))


if __name__ == "__main__":
    main()
