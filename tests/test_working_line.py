"""History's progress line (``companion.ui.history.Working``) on an in-process phone: the seconds
it shows are counted from when it appeared, however late the event loop lets its next tick come,
and it stops ticking when it goes."""

from __future__ import annotations

import asyncio
import re
import time

import flet as ft

from companion.ui.history import Working
from flet_session import controls, open_session, run_alone, server_hub, tap


@ft.component
def Shown() -> ft.Control:
    """A progress line, until "Stop" is tapped."""
    working, set_working = ft.use_state(True)
    if not working:
        return ft.Text("Done")
    return ft.Column([Working("Importing table.json..."), ft.TextButton("Stop", on_click=lambda: set_working(False))])


def line_of(phone) -> list[str]:
    """The texts on ``phone`` that say how the import goes."""
    return [control.value for control in controls(phone.session.page)
            if isinstance(getattr(control, "value", None), str) and "table.json" in control.value]


def test_the_seconds_are_those_since_the_line_appeared_even_after_the_loop_was_held():
    async def held():
        began = time.monotonic()
        phone = await open_session(lambda page: page.render(Shown), "/", server_hub())
        await asyncio.sleep(0.5)
        time.sleep(2.0)  # the loop held by other work, as a long render would
        await asyncio.sleep(1.2)
        shown = line_of(phone)
        phone.session.close()
        return shown, time.monotonic() - began

    # 3.7 s after it appeared (a little more on a busy machine): ticks alone would have counted 2.
    (shown,), took = run_alone(held())
    seconds = int(re.fullmatch(r"Importing table\.json\.\.\. \((\d+) sec\)", shown).group(1))
    assert 3 <= seconds <= took


def test_no_tick_is_left_waiting_once_the_line_is_gone():
    async def gone():
        phone = await open_session(lambda page: page.render(Shown), "/", server_hub())
        await asyncio.sleep(1.2)
        ticking = line_of(phone)
        await tap(phone, "Stop")
        left = [task for task in asyncio.all_tasks() if task.get_coro().__qualname__ == "Working.<locals>.tick"
                and not task.done()]
        phone.session.close()
        return ticking, left

    ticking, left = run_alone(gone())
    assert len(ticking) == 1 and left == []
