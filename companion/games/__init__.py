"""The games' rules, with no UI or storage imports: one package per game.

Each game is a package ``companion/games/<id>/`` (its rules, score pad,
setup row, house rules, rules figures, statistics records and document
upgrades) whose ``__init__`` gives one ``SPEC``
(:class:`companion.games.spec.GameSpec`); ``companion.registry`` lists them.
Shared here: :mod:`companion.games.spec` (the spec and house rules as data)
and :mod:`companion.games.setup_rows` (a setup row and the plan worked out
from it).  See docs/adding-a-game.md.
"""
