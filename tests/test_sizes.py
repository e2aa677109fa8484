"""The sizes the layout keeps (README, "Layout"): no module of companion/ over
500 lines and no function over 60, except those listed below with the reason
they may be, read from the source with ``ast`` (no tool to install)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"

MODULE_LINES = 500
"""The most lines a module may have."""

FUNCTION_LINES = 60
"""The most lines a function or method may have, from its ``def`` to its last line (docstring included)."""

ALLOWED_FUNCTIONS: dict[tuple[str, str], str] = {}
"""(module, function's qualified name) -> why it may be longer than :data:`FUNCTION_LINES` for now."""


def _functions(tree: ast.AST, prefix: str = ""):
    """Every function and method in ``tree`` as (qualified name, lines), nested ones too."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = f"{prefix}{node.name}"
            if not isinstance(node, ast.ClassDef):
                yield name, node.end_lineno - node.lineno + 1
            yield from _functions(node, f"{name}.")
        else:
            yield from _functions(node, prefix)


def oversized(package: Path, root: Path) -> list[tuple[str, str, int]]:
    """Each module of ``package`` over :data:`MODULE_LINES` lines as (path, "", lines) and each
    function over :data:`FUNCTION_LINES` as (path, qualified name, lines), paths relative to
    ``root`` with "/", in path order."""
    found = []
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(root).as_posix()
        lines = len(text.splitlines())
        if lines > MODULE_LINES:
            found.append((where, "", lines))
        found += [(where, name, length) for name, length in _functions(ast.parse(text))
                  if length > FUNCTION_LINES]
    return found


def _said(where: str, name: str, lines: int) -> str:
    return f"{where} ({lines} lines)" if not name else f"{where}: {name} ({lines} lines)"


def test_no_module_or_function_is_over_its_size_unless_it_says_why():
    over = [_said(*entry) for entry in oversized(PACKAGE, ROOT)
            if entry[:2] not in ALLOWED_FUNCTIONS]
    assert over == [], "over the limits (split along what each part is for, or say why here):\n" + "\n".join(over)


def test_what_is_let_through_is_still_over_a_limit():
    found = oversized(PACKAGE, ROOT)
    stale = [f"{where}: {name}" for where, name in ALLOWED_FUNCTIONS
              if not any(entry[:2] == (where, name) for entry in found)]
    assert stale == [], "within the limits now, so no longer let through:\n" + "\n".join(stale)


def test_the_check_names_each_long_module_and_function(tmp_path):
    package = tmp_path / "pkg"
    (package / "inner").mkdir(parents=True)
    body = "\n".join(f"    x = {n}" for n in range(60))
    (package / "inner" / "long.py").write_text(
        f"class Pad:\n    def save(self):\n{body.replace('    x', '        x')}\n\n\ndef short():\n    return 1\n"
        + "\n" * 440,
        encoding="utf-8",
    )
    (package / "fits.py").write_text(f"def exactly_sixty():\n{body[:body.rindex(chr(10))]}\n", encoding="utf-8")
    (package / "nested.py").write_text(f"def outer():\n    def inner():\n{body.replace('    x', '        x')}\n",
                                       encoding="utf-8")
    assert oversized(package, tmp_path) == [
        ("pkg/inner/long.py", "", 506),
        ("pkg/inner/long.py", "Pad.save", 61),
        ("pkg/nested.py", "outer", 62),
        ("pkg/nested.py", "outer.inner", 61),
    ]
