"""The rules core as the store, the document checks and the statistics see it: imported when first read.

Those modules need the games, their setup table and their score pads only
where a saved game is checked, replayed, scored or named; opening the data
folder and starting the web server need none of it. Imported at their top,
the rules core was loaded before the server listened (0.14-0.25 s of CPU
after Flet and the web server, the biggest part of what Companion loads
before it listens beyond a hello-world Flet app). So they import this
module instead and read each name from it where they use it
(``rules_core.pad_from_doc(doc)``, ``except rules_core.PadError``; an
``except`` clause reads its class only when an exception reaches it).

One module rather than imports inside each function, so that what these
modules load late is listed in one place, :data:`LATE`, and the web
server's start-up can load it all at once as soon as it listens
(:func:`load_all`, called by ``companion.ui.startup``) so that no tap waits
for it. The first read of a name imports its module and keeps the value
here, so later reads are plain module attributes.
"""

from __future__ import annotations

import importlib
from typing import Any

LATE: dict[str, str] = {
    "setup": "companion.setup",
    "up_to_nine": "companion.games.up_to_nine",
    "GAME_TITLES": "companion.pads:GAME_TITLES",
    "Pad": "companion.pads:Pad",
    "PadError": "companion.pads:PadError",
    "pad_class": "companion.pads:pad_class",
    "pad_from_doc": "companion.pads:pad_from_doc",
    "copy_json": "companion.pads.table:copy_json",
    "name_problem": "companion.pads.table:name_problem",
    "join_names": "companion.pads.base:join_names",
    "now_iso": "companion.pads.base:now_iso",
    "FINISHED": "companion.pads.up_to_nine:FINISHED",
}
"""Each name this module gives -> where it comes from: a module
(``"companion.setup"``: the name is the module) or ``"module:attribute"``."""


def __getattr__(name: str) -> Any:
    """The value of ``name`` from :data:`LATE`, importing its module on the first read.

    Takes a name of :data:`LATE`; returns the module or the module's
    attribute, kept as this module's own attribute from then on.

    Raises:
        AttributeError: for a name that is not in :data:`LATE`.
        ImportError: when its module can not be imported.
    """
    if name not in LATE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module_name, _colon, attribute = LATE[name].partition(":")
    module = importlib.import_module(module_name)
    value = getattr(module, attribute) if attribute else module
    globals()[name] = value
    return value


def load_all() -> None:
    """Import every module of :data:`LATE` and keep every name; returns nothing.

    Raises:
        ImportError: when one of the modules can not be imported.
    """
    for name in LATE:
        __getattr__(name)
