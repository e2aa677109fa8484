"""A module that imports ``_`` from companion.i18n never binds another ``_``.

A local ``_`` (``session, _ = ft.use_state(..)``, ``for _ in ..``) hides
gettext in its function, and the first translated string there then fails or
shows a value instead of a text. The check reads each module's syntax tree
(``ast``): once ``_`` is imported from ``companion.i18n``, any other binding of
the name ``_`` is reported with its file and line.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted([*(ROOT / "companion").rglob("*.py"), ROOT / "main.py", *(ROOT / "tools").glob("*.py")])
GETTEXT_MODULE = "companion.i18n"


def imports_gettext(tree: ast.Module) -> bool:
    """Whether ``tree`` imports ``_`` from ``companion.i18n`` under its own name."""
    return any(
        isinstance(node, ast.ImportFrom) and node.module == GETTEXT_MODULE
        and any(alias.name == "_" and alias.asname in (None, "_") for alias in node.names)
        for node in ast.walk(tree)
    )


def _is_gettext_import(node: ast.AST) -> bool:
    return isinstance(node, ast.ImportFrom) and node.module == GETTEXT_MODULE


def bindings_of_underscore(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """Every place ``tree`` binds the name ``_`` other than the gettext import,
    as (line, what): an assignment or unpacking target, a ``for``, ``with``,
    comprehension or walrus target, a ``del``, a parameter, an ``except .. as``, an import
    as ``_``, a ``def``/``class`` named ``_``, ``global``/``nonlocal`` (a ``match``
    pattern can not bind ``_``: there it is the wildcard)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, (ast.Store, ast.Del)):
            yield node.lineno, "assigned" if isinstance(node.ctx, ast.Store) else "deleted"
        elif isinstance(node, ast.arg) and node.arg == "_":
            yield node.lineno, "a parameter"
        elif isinstance(node, ast.ExceptHandler) and node.name == "_":
            yield node.lineno, "an exception's name"
        elif isinstance(node, (ast.Import, ast.ImportFrom)) and not _is_gettext_import(node):
            if any((alias.asname or alias.name) == "_" for alias in node.names):
                yield node.lineno, "imported"
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == "_":
            yield node.lineno, "defined"
        elif isinstance(node, (ast.Global, ast.Nonlocal)) and "_" in node.names:
            yield node.lineno, "declared global"


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


GETTEXT_USERS = [path for path in SOURCES if imports_gettext(_tree(path))]
"""The modules checked: those that import ``_`` from companion.i18n."""


def test_the_ui_and_the_rules_use_gettext():
    users = {str(path.relative_to(ROOT)) for path in GETTEXT_USERS}
    assert {"companion/ui/pad.py", "companion/pads/base.py", "companion/games/one_up/rules.py"} <= users


@pytest.mark.parametrize("path", GETTEXT_USERS, ids=lambda path: str(path.relative_to(ROOT)))
def test_gettext_is_never_hidden(path):
    tree = _tree(path)
    assert [f"line {line}: _ {what}" for line, what in bindings_of_underscore(tree)] == []


HIDING = '''
from companion.i18n import _
import os.path as _
session, _ = use_state(0)
_ = 1
for _ in range(3):
    pass
squares = [0 for _ in range(3)]
with open("f") as _:
    pass
if (_ := 2):
    pass
def f(_, *, size=1):
    pass
g = lambda _: 0
try:
    pass
except ValueError as _:
    pass
def _():
    pass
class _:
    pass
def h():
    global _
del _
'''


def test_every_way_of_binding_underscore_is_found():
    tree = ast.parse(HIDING)
    assert imports_gettext(tree)
    assert sorted(bindings_of_underscore(tree)) == [
        (3, "imported"), (4, "assigned"), (5, "assigned"), (6, "assigned"), (8, "assigned"),
        (9, "assigned"), (11, "assigned"), (13, "a parameter"), (15, "a parameter"),
        (18, "an exception's name"), (20, "defined"), (22, "defined"), (25, "declared global"), (26, "deleted"),
    ]


def test_a_wildcard_pattern_and_a_gettext_call_bind_nothing():
    tree = ast.parse("from companion.i18n import _\nmatch x:\n    case _:\n        print(_('Hi'))\n")
    assert list(bindings_of_underscore(tree)) == []


def test_a_module_without_the_gettext_import_is_not_checked():
    assert not imports_gettext(ast.parse("from companion.i18n import N_\nfor _ in range(3):\n    pass\n"))
    assert not imports_gettext(ast.parse("from companion.i18n import _ as tr\n"))
