"""The rules screen's content: each game's rules in our own words, by section.

The texts are data, one Markdown file per game in ``assets/rules/<game>.md``;
this package reads them, fills in the figures from the rules core and searches
across games.  It imports no UI.  Here: the public API, the texts and their
sections; ``pieces``: Markdown split into text and tables; ``index``: the
search (word index, stems, glossary words, ranking, snippets and marks).

Format of a rules file:

- ``# Name`` first, then a few intro paragraphs;
- one ``## Title`` heading per section, in the order of :data:`SECTIONS`
  (those in :data:`OPTIONAL_SECTIONS` only where the game's seed has them);
- blocks (paragraphs, lists, tables) separated by blank lines.  A block that
  starts with ``[preset]`` states a value the app decided (the project's
  rulings) where the seed is silent; ``[preset: why]`` says what exactly the
  seed lacks; ``[house rule]`` marks what a table may change when it starts
  a game; ``[preset, house rule]`` is both;
- ``{{name}}`` stands for a figure the rules core owns (penalty values,
  attack values, the level table, deck plans): each game's rules module
  renders it (its ``rule_figures(options)``, reached through the registry's
  ``figures``) from the core's tables, so each figure is typed in one place
  only, and from the options a game was started with (its house rules).

Words: a *preset* is the app's value where the seed says nothing (shown with
a "preset" chip); a *house rule* is a value a table picks per game (One Up's
limit and wild joker, One-card's round wins for a match, Up to 9's level
table).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion import registry, setup
from companion.games import one_card, one_up, up_to_nine
from companion.rulebook.pieces import Table, _plain, pieces

__all__ = [
    "GAMES", "HOUSE_RULE", "OPTIONAL_SECTIONS", "PRESET", "PRESET_WHY", "RULES_DIR", "SECTIONS",
    "SNIPPET_LENGTH", "WORDS_FILE", "Block", "GameRules", "Hit", "HouseRule", "RulebookError",
    "Section", "Table", "house_rules", "pieces", "rules_for", "search",
]

RULES_DIR = Path(__file__).resolve().parent.parent.parent / "assets" / "rules"
"""Where the rules texts live: ``<game>.md`` per game id."""

GAMES: tuple[str, ...] = setup.GAME_IDS
"""The game ids, in menu order."""

SECTIONS: tuple[tuple[str, str], ...] = (
    ("cards", "Cards"),
    ("setup", "Setup"),
    ("turn", "A turn"),
    ("special", "Special cards"),
    ("end", "End of a round"),
    ("scoring", "Scoring"),
    ("winning", "Winning"),
    ("tips", "Tips for beginners"),
    ("variants", "Variants"),
)
"""(key, heading) of every section a game's text may have, in reading order."""

OPTIONAL_SECTIONS: frozenset[str] = frozenset({"tips"})
"""Section keys a game has only when its seed has them (One Up's tips, seed 000)."""

PRESET_WHY = "The original rules say nothing about this: the app decides."
"""Why a ``[preset]`` block without a reason of its own is the app's choice."""

PRESET = "preset"
"""The marker of a block that states an app preset: ``[preset]``."""

HOUSE_RULE = "house rule"
"""The marker of a block a table may change: ``[house rule]``."""

_MARKER_RE = re.compile(r"^\[(preset|house rule|preset, house rule)(?::\s*([^\]]+))?\]\s*")
_PLACEHOLDER_RE = re.compile(r"\{\{(\w+)\}\}")



class RulebookError(ValueError):
    """An unknown game, or a rules file that does not follow the format."""


@dataclass(frozen=True)
class Block:
    """One paragraph, list or table of a section.

    Attributes:
        text: Markdown, with every figure filled in.
        preset: True when it states the app's preset, not the seed.
        house_rule: True when a table may change it when starting a game.
        why: for a preset, what the seed lacks that makes it the app's
            choice (the screen reader reads it); empty otherwise.
    """

    text: str
    preset: bool = False
    house_rule: bool = False
    why: str = ""

    @property
    def pieces(self) -> tuple[str | Table, ...]:
        """The block as Markdown text and tables, in reading order (see :func:`pieces`)."""
        return pieces(self.text)


@dataclass(frozen=True)
class Section:
    """One section of a game's rules.

    Attributes:
        game: the game id.
        key: one of the keys of :data:`SECTIONS` (``"cards"``, ``"turn"`` ...).
        title: its heading (``"A turn"``).
        blocks: its paragraphs, lists and tables, in order.
    """

    game: str
    key: str
    title: str
    blocks: tuple[Block, ...]

    @property
    def markdown(self) -> str:
        """The section's blocks as one Markdown text (markers dropped)."""
        return "\n\n".join(block.text for block in self.blocks)

    @property
    def plain(self) -> str:
        """The section as plain text on one line: no Markdown signs, single spaces."""
        return _plain(self.markdown)

    @property
    def has_preset(self) -> bool:
        """True when any block states an app preset."""
        return any(block.preset for block in self.blocks)


@dataclass(frozen=True)
class HouseRule:
    """A value a table chooses per game, as the rules screen shows it.

    Attributes:
        label: what it is, e.g. ``"Game ends at"``.
        value: the value this game uses, in words (``"30 points"``).
        standard: the value without a house rule, in words.
        changed: True when ``value`` differs from ``standard``.
    """

    label: str
    value: str
    standard: str
    changed: bool


@dataclass(frozen=True)
class GameRules:
    """A game's rules, ready to show.

    Attributes:
        game: the game id.
        name: the game's name (``"One Up"``).
        intro: a short Markdown paragraph on what the game is.
        sections: one per entry of :data:`SECTIONS` the game has (all but
            the optional ones it lacks), in that order.
        house_rules: the values this game was started with (or the
            standard values when no options were given).
    """

    game: str
    name: str
    intro: str
    sections: tuple[Section, ...]
    house_rules: tuple[HouseRule, ...]

    def section(self, key: str) -> Section:
        """The section with ``key`` (see :data:`SECTIONS`).

        Raises:
            RulebookError: for a key that is not a section.
        """
        for section in self.sections:
            if section.key == key:
                return section
        raise RulebookError(f"no section {key!r}: use one of {', '.join(s.key for s in self.sections)}")


@dataclass(frozen=True)
class Hit:
    """One section that matches a search.

    Attributes:
        game: the game id.
        name: the game's name.
        section: the section key.
        title: the section heading.
        snippet: the section's sentence that holds the most query words, as
            plain text (a table row reads as a sentence), with "…" where a
            long sentence was cut.
        marks: (start, end) character offsets of the matched words in
            ``snippet``, in order, for highlighting.
        score: how well the section matches (higher is better; only the
            order of the scores means something).
    """

    game: str
    name: str
    section: str
    title: str
    snippet: str
    marks: tuple[tuple[int, int], ...] = ()
    score: float = 0.0


# ---- filling in the figures from the rules core -------------------------

def _options(options: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """``options`` as a mapping; ``None`` is no options."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise RulebookError(f"game options must be a mapping, not {type(options).__name__}")
    return options


def _figures(game: str, options: Mapping[str, Any]) -> dict[str, str]:
    """The figures of ``game``'s rules text, from its rules module through the
    registry (``registry.game(game).figures``), for ``options``.

    Raises:
        RulebookError: when the rules module refuses the options (its
            ``ValueError``, message kept).
    """
    try:
        return registry.game(game).figures(options)
    except ValueError as error:
        raise RulebookError(str(error)) from error


def _one_up_limit(options: Mapping[str, Any]) -> int:
    """The penalty total that ends this One Up game (house rule ``limit``)."""
    limit = options.get("limit", one_up.GAME_LIMIT)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise RulebookError(f"One Up's limit must be a whole number of points, not {limit!r}")
    return limit


def _one_card_target(options: Mapping[str, Any]) -> int:
    """Round wins that take this One-card match (house rule ``target``)."""
    target = options.get("target", one_card.MATCH_WINS)
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise RulebookError(f"One-card's round wins for a match must be a whole number, not {target!r}")
    return target


def _levels(options: Mapping[str, Any]) -> Sequence[Any]:
    """This Up to 9 game's level table (house rule ``levels``), else the preset."""
    raw = options.get("levels")
    if raw is None:
        return up_to_nine.LEVELS
    try:
        table = up_to_nine.levels_from_json(raw)
    except ValueError as error:
        raise RulebookError(f"this game's level table can not be read: {error}") from error
    return up_to_nine.LEVELS if table == up_to_nine.LEVELS else table


# ---- house rules ----------------------------------------------------------

def _yes_no(flag: bool) -> str:
    return "on" if flag else "off"


def house_rules(game: str, options: Mapping[str, Any] | None = None) -> tuple[HouseRule, ...]:
    """The house-rule values a game uses, in words.

    Args:
        game: a game id.
        options: the game's saved options (the ``"options"`` of a saved game
            document): One Up ``joker`` (bool) and ``limit`` (points),
            One-card ``target`` (round wins), Up to 9 ``levels`` (a level
            table); ``None`` or a missing key means the standard value.

    Returns:
        One ``HouseRule`` per value the table may choose; Up or Down? has none.

    Raises:
        RulebookError: for an unknown game or an option of the wrong type.
    """
    key = _game_key(game)
    opts = _options(options)
    if key == "one_up":
        joker = opts.get("joker", False)
        if not isinstance(joker, bool):
            raise RulebookError(f"One Up's joker option must be true or false, not {joker!r}")
        limit = _one_up_limit(opts)
        return (
            HouseRule("Wild joker", _yes_no(joker), _yes_no(False), joker),
            HouseRule("Game ends at", f"{limit} points", f"{one_up.GAME_LIMIT} points",
                      limit != one_up.GAME_LIMIT),
        )
    if key == "one_card":
        target = _one_card_target(opts)
        return (HouseRule("Round wins to take the match", str(target), str(one_card.MATCH_WINS),
                          target != one_card.MATCH_WINS),)
    if key == "up_to_nine":
        edited = _levels(opts) is not up_to_nine.LEVELS
        return (HouseRule("Level table", "edited for this game" if edited else "the app's preset",
                          "the app's preset", edited),)
    return ()


# ---- reading and rendering --------------------------------------------------

def _game_key(game: str) -> str:
    key = game.strip().lower() if isinstance(game, str) else None
    if key not in GAMES:
        raise RulebookError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    return key


@dataclass(frozen=True)
class _Template:
    name: str
    intro: str
    sections: tuple[tuple[str, str, tuple[Block, ...]], ...]


def _blocks(text: str) -> tuple[Block, ...]:
    """Split a section's text into blocks and read their markers."""
    blocks = []
    for chunk in re.split(r"\n\s*\n", text.strip()):
        chunk = chunk.strip()
        if not chunk:
            continue
        marker = _MARKER_RE.match(chunk)
        kinds = marker.group(1).split(", ") if marker else []
        body = chunk[marker.end():] if marker else chunk
        preset = PRESET in kinds
        why = " ".join((marker.group(2) or PRESET_WHY).split()) if preset else ""
        blocks.append(Block(body, preset, HOUSE_RULE in kinds, why))
    return tuple(blocks)


@lru_cache(maxsize=None)
def _template(game: str) -> _Template:
    """Read and check ``assets/rules/<game>.md`` (cached)."""
    path = RULES_DIR / f"{game}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RulebookError(f"the rules of {game} can not be read from {path}: {error}") from error
    head, *parts = re.split(r"^## +", text, flags=re.MULTILINE)
    title_match = re.match(r"\s*# +(.+)\n", head)
    if title_match is None:
        raise RulebookError(f"{path} must start with '# <game name>'")
    titles = [part.split("\n", 1)[0].strip() for part in parts]
    known = [(key, title) for key, title in SECTIONS if key not in OPTIONAL_SECTIONS or title in titles]
    expected = [title for _, title in known]
    if titles != expected:
        raise RulebookError(f"{path} has sections {titles}; expected {expected} in that order")
    sections = tuple(
        (key, title, _blocks(part.split("\n", 1)[1] if "\n" in part else ""))
        for (key, title), part in zip(known, parts, strict=True)
    )
    unknown = sorted(set(_PLACEHOLDER_RE.findall(text)) - set(_figures(game, {})))
    if unknown:
        raise RulebookError(f"{path} uses unknown placeholders: {', '.join(unknown)}")
    return _Template(title_match.group(1).strip(), _plain_paragraphs(head[title_match.end():]), sections)


def _plain_paragraphs(text: str) -> str:
    """Paragraphs with their inner line breaks joined."""
    return "\n\n".join(" ".join(p.split()) for p in re.split(r"\n\s*\n", text.strip()) if p.strip())


def _fill(text: str, figures: Mapping[str, str]) -> str:
    """Replace every ``{{name}}`` with its figure (``figures``: name -> text)."""
    return _PLACEHOLDER_RE.sub(lambda m: figures[m.group(1)], text)


def rules_for(game: str, options: Mapping[str, Any] | None = None) -> GameRules:
    """A game's rules with every figure filled in.

    Args:
        game: ``one_up``, ``one_card``, ``up_to_nine`` or ``up_or_down``.
        options: the options the game was started with (see
            :func:`house_rules`); ``None`` shows the standard values.

    Returns:
        ``GameRules``: the game's sections of :data:`SECTIONS` in order,
        blocks marked preset (with why) or house rule, and the game's house-rule values.
        Figures come from the rules core (penalty values, attack values,
        level table, deck plans) and from ``options``.

    Raises:
        RulebookError: for an unknown game, a rules file that breaks the
            format, or an option of the wrong type.
    """
    key = _game_key(game)
    opts = _options(options)
    template = _template(key)
    chosen = house_rules(key, opts)
    figures = _figures(key, opts)
    sections = tuple(
        Section(key, skey, title, tuple(
            Block(_fill(block.text, figures), block.preset, block.house_rule, block.why) for block in blocks
        ))
        for skey, title, blocks in template.sections
    )
    return GameRules(key, template.name, _fill(template.intro, figures), sections, chosen)


@lru_cache(maxsize=None)
def _standard_rules(game: str) -> GameRules:
    return rules_for(game)


# Last, because the search's index reads the rules through the names above.
from companion.rulebook.index import SNIPPET_LENGTH, WORDS_FILE, search  # noqa: E402
