"""The modules of companion/ form no import circle, counting imports inside functions.

Each module's imports are read with ``ast``, at module level and inside
functions; an import under ``if TYPE_CHECKING:`` is left out (it is never
run: it names a type for the annotations, which ``from __future__ import
annotations`` leaves unevaluated).  ``from companion.x import y`` names
``companion.x.y`` when that is a module, and importing a module also
imports every package above it (its ``__init__``).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"


def module_names() -> dict[str, Path]:
    """Every module of companion/: dotted name -> file."""
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def with_packages(name: str, modules: dict[str, Path], importer: str) -> set[str]:
    """``name`` and every package above it that is a module of companion/ and
    not already a package above ``importer`` (which is loaded before it).
    ``from companion.x import y`` inside ``companion.x`` counts ``companion.x``
    only when a ``y`` is not a submodule (it is then read from the package)."""
    parts = name.split(".")
    above = {".".join(parts[:i]) for i in range(1, len(parts))}
    return ({name} | {p for p in above if not importer.startswith(p + ".")}) & modules.keys()


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The companion modules that module ``name`` (at ``path``) imports anywhere in its body."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    type_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
        for statement in node.body
        for inner in ast.walk(statement)
    }
    for node in ast.walk(tree):
        if id(node) in type_only:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                found |= with_packages(alias.name, modules, name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")
                anchor = anchor if is_package else anchor[:-1]
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            submodules = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in modules]
            if len(submodules) < len(node.names) or not name.startswith(base + "."):
                found |= with_packages(base, modules, name)
            for submodule in submodules:
                found |= with_packages(submodule, modules, name)
    found.discard(name)
    return found


def import_graph() -> dict[str, set[str]]:
    """Module (dotted name) -> the companion modules it imports."""
    modules = module_names()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as its modules in order (first repeated at the end), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return stack[stack.index(target):] + [target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def test_the_finder_sees_a_circle_through_a_function_level_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_imports_are_read_inside_functions_and_resolved_to_submodules():
    graph = import_graph()
    assert "companion.registry" in graph["companion.rules_core"]
    assert "companion.pads.table" in graph["companion.rules_core"]
    assert "companion.pads" in graph["companion.rules_core"]


def test_no_import_circle():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])
