"""A game's id is named only by its own files and the registry (docs/adding-a-game.md).

Outside ``companion/games/<id>/``, ``companion/ui/games/<id>*.py`` and
``companion/registry.py``, no module of the app names a game's id: the
store, the statistics, the setup guide, the rules and every screen reach a
game through its ``GameSpec``.  And no module of the app loads the rules
core by a module name written in a string.
"""

from __future__ import annotations

import re
from pathlib import Path

from companion import registry

APP = Path(__file__).resolve().parent.parent / "companion"


def _own(path: Path, game: str) -> bool:
    """Whether ``path`` is one of ``game``'s own files or the registry."""
    relative = path.relative_to(APP).as_posix()
    return (relative == "registry.py" or relative.startswith(f"games/{game}/")
            or re.fullmatch(rf"ui/games/{game}(_\w+)?\.py", relative) is not None)


def test_no_module_outside_a_game_and_the_registry_names_its_id():
    named = [
        f"{path.relative_to(APP)}: {game}"
        for game in registry.GAME_IDS
        for path in sorted(APP.rglob("*.py"))
        if not _own(path, game) and re.search(rf"\b{game}\b", path.read_text(encoding="utf-8"))
    ]
    assert named == []


def test_the_rules_core_is_imported_by_real_imports():
    source = (APP / "rules_core.py").read_text(encoding="utf-8")
    assert "importlib" not in source and "__getattr__" not in source
