"""The rules screen's content: each game's rules in our own words, by section.

The texts are data, one Markdown file per game in ``assets/rules/<game>.md``;
this module reads them, fills in the figures from the rules core and searches
across games.  It imports no UI.

Format of a rules file:

- ``# Name`` first, then a few intro paragraphs;
- one ``## Title`` heading per section, in the order of :data:`SECTIONS`;
- blocks (paragraphs, lists, tables) separated by blank lines.  A block that
  starts with ``[preset]`` states a value the app decided (rulings.md) where
  the seed is silent; ``[house rule]`` marks what a table may change when it
  starts a game; ``[preset, house rule]`` is both;
- ``{{name}}`` stands for a figure the rules core owns (penalty values,
  attack values, the level table, deck plans): :data:`FILLERS` renders it
  from the core's tables, so each figure is typed in one place only, and
  from the options a game was started with (its house rules).

Words: a *preset* is the app's value where the seed says nothing (shown with
a "preset" chip); a *house rule* is a value a table picks per game (One Up's
limit and wild joker, One-card's round wins for a match, Up to 9's level
table).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion import setup
from companion.cards import JOKER_NAMES, SUIT_SYMBOLS, Card
from companion.games import one_card, one_up, up_or_down, up_to_nine

RULES_DIR = Path(__file__).resolve().parent.parent / "assets" / "rules"
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
    ("variants", "Variants"),
)
"""(key, heading) of every section each game's text has, in reading order."""

PRESET = "preset"
"""The marker of a block that states an app preset: ``[preset]``."""

HOUSE_RULE = "house rule"
"""The marker of a block a table may change: ``[house rule]``."""

_MARKER_RE = re.compile(r"^\[(preset|house rule|preset, house rule)\]\s*")
_PLACEHOLDER_RE = re.compile(r"\{\{(\w+)\}\}")
_SNIPPET_BEFORE = 50
_SNIPPET_AFTER = 90


class RulebookError(ValueError):
    """An unknown game, or a rules file that does not follow the format."""


@dataclass(frozen=True)
class Block:
    """One paragraph, list or table of a section.

    Attributes:
        text: Markdown, with every figure filled in.
        preset: True when it states the app's preset (rulings.md), not the seed.
        house_rule: True when a table may change it when starting a game.
    """

    text: str
    preset: bool = False
    house_rule: bool = False


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
        sections: one per entry of :data:`SECTIONS`, in that order.
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
        raise RulebookError(f"no section {key!r}: use one of {', '.join(k for k, _ in SECTIONS)}")


@dataclass(frozen=True)
class Hit:
    """One section that matches a search.

    Attributes:
        game: the game id.
        name: the game's name.
        section: the section key.
        title: the section heading.
        snippet: plain text around the first match, with "…" where cut.
    """

    game: str
    name: str
    section: str
    title: str
    snippet: str


# ---- filling in the figures from the rules core -------------------------

def _options(options: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """``options`` as a mapping; ``None`` is no options."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise RulebookError(f"game options must be a mapping, not {type(options).__name__}")
    return options


def _count_range(counts: Sequence[int]) -> str:
    """Player counts in words: ``[2, 3, 4]`` -> ``"2-4 players"``, ``[6]`` -> ``"6 players"``."""
    if len(counts) == 1:
        return f"{counts[0]} players"
    return f"{counts[0]}-{counts[-1]} players"


def _plans_by_deck(game: str) -> list[tuple[list[int], setup.SetupPlan]]:
    """The game's setup plans, grouped by player counts that share a deck (decks, size)."""
    groups: list[tuple[list[int], setup.SetupPlan]] = []
    for players in setup.GAMES[game].players:
        current = setup.plan(game, players)
        if groups and (groups[-1][1].decks, groups[-1][1].deck_size) == (current.decks, current.deck_size):
            groups[-1][0].append(players)
        else:
            groups.append(([players], current))
    return groups


def _table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def _one_up_limit(options: Mapping[str, Any]) -> int:
    """The penalty total that ends this One Up game (house rule ``limit``)."""
    limit = options.get("limit", one_up.GAME_LIMIT)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise RulebookError(f"One Up's limit must be a whole number of points, not {limit!r}")
    return limit


def _one_up_deck(options: Mapping[str, Any]) -> str:
    first = setup.plan("one_up", setup.GAMES["one_up"].players.start)
    lines = "\n".join(f"- {line}" for line in first.deck)
    return (
        f"From {first.decks} standard 52-card decks, pick out these "
        f"{first.deck_size} cards:\n\n{lines}\n\nThe rest stays in the box (the wild "
        "joker variant puts one joker back in)."
    )


def _one_up_values(options: Mapping[str, Any]) -> str:
    values = [*one_up.VALUE_CIRCLE, one_up.JOKER]
    return _table(["Card", *values], [["Points", *(one_up.PENALTY_POINTS[v] for v in values)]])


def _one_up_example(options: Mapping[str, Any]) -> str:
    """The seed's scoring example, priced by the core: K K 3 3 5 -> 18 (shown as 3, 3, 5 and K), A A -> 1."""
    left = ["3", "3", "5", "K"]
    distinct = list(dict.fromkeys(left))
    sums = " + ".join(str(one_up.PENALTY_POINTS[value]) for value in distinct)
    return (
        f"{', '.join(left[:-1])} and {left[-1]} left over cost {sums} = {one_up.hand_penalty(left)} "
        f"points, and a pair of aces costs {one_up.hand_penalty(['A', 'A'])}."
    )


def _player_range(game: str) -> str:
    """The game's player counts from the setup table: ``"2 to 6"``."""
    counts = setup.GAMES[game].players
    return f"{counts.start} to {counts.stop - 1}"


def _one_up_chips(options: Mapping[str, Any]) -> str:
    black, white = one_up.chips(23)
    return f"a total of 23 is {black} black chips and {white} white ones"


def _one_up_give_back(options: Mapping[str, Any]) -> str:
    parts = [f"{back} if it was {least} or more" for least, back in one_up.GIVE_BACK]
    return "You take back " + ", else ".join(parts) + ", else nothing."


def _one_card_decks(options: Mapping[str, Any]) -> str:
    parts = [
        f"{_count_range(counts)}: {p.decks} deck{'s' if p.decks > 1 else ''}, {p.deck_size} cards"
        for counts, p in _plans_by_deck("one_card")
    ]
    return "Decks by table size: " + "; ".join(parts) + "."


def _one_card_deal(options: Mapping[str, Any]) -> str:
    by_size: dict[int, list[int]] = {}
    for deal in setup.GAMES["one_card"].deals:
        by_size.setdefault(deal.hand_size, []).extend(deal.players)
    parts = []
    for size, counts in by_size.items():
        low, high = min(counts), max(counts)
        who = f"{low} players" if low == high else f"{low} or more players"
        parts.append(f"{size} each with {who}")
    return f"Deal {', and '.join(parts)}."


def _one_card_leading(options: Mapping[str, Any]) -> str:
    leading = one_card.start_ranks()[1]
    return f"{', '.join(leading[:-1])} or {leading[-1]}"


def _first_player(game: str) -> str:
    text = setup.GAMES[game].first_player
    return f"First to play: {text}."


def _attack_name(card: Card) -> str:
    if card.is_joker:
        return JOKER_NAMES[card.joker]
    if card.suit is None:
        return f"any {card.label}"
    return f"{card.label}{SUIT_SYMBOLS[card.suit]}"


def _one_card_attacks(options: Mapping[str, Any]) -> str:
    by_value: dict[int, list[str]] = {}
    for card, value in one_card.ATTACK_VALUES.items():
        by_value.setdefault(value, []).append(_attack_name(card))
    rows = [(" ".join(names), value) for value, names in sorted(by_value.items())]
    return _table(["Attack card", "Next player draws"], rows)


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


def _up_to_nine_levels(options: Mapping[str, Any]) -> str:
    levels = _levels(options)
    rows = [(level.number, level.contract, level.budget_text) for level in levels]
    table = _table(["Level", "Contract", "Max wild"], rows)
    if levels is up_to_nine.LEVELS:
        return table
    return "This game plays with its own level table:\n\n" + table


def _up_to_nine_min_natural(options: Mapping[str, Any]) -> str:
    last = _levels(options)[-1]
    cards = last.card_count
    return (
        f"level {last.number} ({last.contract}, max {last.max_wild} wild) needs at least "
        f"{cards - last.max_wild} natural cards."
    )


def _up_to_nine_decks(options: Mapping[str, Any]) -> str:
    parts = [
        f"{_count_range(counts)}: {p.decks} standard decks without jokers ({p.deck_size} cards)"
        for counts, p in _plans_by_deck("up_to_nine")
    ]
    return "; ".join(parts) + "."


def _up_to_nine_penalties(options: Mapping[str, Any]) -> str:
    rows = [(" ".join(labels), points) for labels, points in up_to_nine.penalty_groups()]
    return _table(["Card left in hand", "Penalty points"], rows)


def _up_or_down_cards(options: Mapping[str, Any]) -> str:
    rows = [(n, f"1 to {highest}") for n, highest in up_or_down.CARDS_IN_PLAY.items()]
    return _table(["Players", "Cards in play"], rows)


_EXAMPLE_ROWS: tuple[tuple[int, int, str], ...] = (
    (8, 3, "yellow"), (2, 1, "two colours"), (8, 5, "blue"),
)


def _up_or_down_example(options: Mapping[str, Any]) -> str:
    rows = [(cards, most, up_or_down.row_summary_score(cards, most), what) for cards, most, what in _EXAMPLE_ROWS]
    described = [
        f"{cards} cards ({what})" if most == 1 else f"{cards} cards ({most} {what} the most)"
        for cards, most, _, what in rows
    ]
    total = up_or_down.player_score([up_or_down.RowSummary(cards, most) for cards, most, _, _ in rows], 0)
    sums = " + ".join(str(points) for _, _, points, _ in rows)
    return (
        f"rows of {', '.join(described[:-1])} and {described[-1]}, with nothing "
        f"discarded, score {sums} = {total}."
    )


FILLERS: dict[str, Callable[[Mapping[str, Any]], object]] = {
    "one_up_deck": _one_up_deck,
    "one_up_cards": lambda o: setup.plan("one_up", 2).deck_size,
    "one_up_hand": lambda o: setup.plan("one_up", 2).hand_size,
    "one_up_joker_points": lambda o: one_up.PENALTY_POINTS[one_up.JOKER],
    "one_up_values": _one_up_values,
    "one_up_example": _one_up_example,
    "one_up_players": lambda o: _player_range("one_up"),
    "one_up_chips": _one_up_chips,
    "one_up_give_back": _one_up_give_back,
    "one_up_limit": _one_up_limit,
    "one_up_standard_limit": lambda o: one_up.GAME_LIMIT,
    "one_up_short_limit": lambda o: one_up.SHORT_GAME_LIMIT,
    "one_up_black_chip": lambda o: one_up.CHIP_VALUES[0],
    "one_up_white_chip": lambda o: one_up.CHIP_VALUES[1],
    "one_card_decks": _one_card_decks,
    "one_card_deal": _one_card_deal,
    "one_card_buried": lambda o: ", ".join(one_card.start_ranks()[0]),
    "one_card_leading": _one_card_leading,
    "one_card_starter": lambda o: _first_player("one_card"),
    "one_card_attacks": _one_card_attacks,
    "one_card_target": _one_card_target,
    "up_to_nine_decks": _up_to_nine_decks,
    "up_to_nine_hand": lambda o: setup.plan("up_to_nine", 2).hand_size,
    "up_to_nine_levels": _up_to_nine_levels,
    "up_to_nine_min_natural": _up_to_nine_min_natural,
    "up_to_nine_last_contract": lambda o: _levels(o)[-1].contract,
    "up_to_nine_penalties": _up_to_nine_penalties,
    "up_or_down_highest": lambda o: up_or_down.HIGHEST_CARD,
    "up_or_down_colour_count": lambda o: len(up_or_down.COLOURS),
    "up_or_down_cards": _up_or_down_cards,
    "up_or_down_hand": lambda o: up_or_down.HAND_SIZE,
    "up_or_down_ring": lambda o: up_or_down.RING_SIZE,
    "up_or_down_rows": lambda o: up_or_down.MAX_ROWS,
    "up_or_down_discard_points": lambda o: up_or_down.DISCARD_POINTS,
    "up_or_down_starter": lambda o: _first_player("up_or_down"),
    "up_or_down_example": _up_or_down_example,
}
"""Placeholder name -> function of the game's options returning the figure or
text to put in its place (rules core tables and house-rule values)."""


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
        blocks.append(Block(body, PRESET in kinds, HOUSE_RULE in kinds))
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
    expected = [title for _, title in SECTIONS]
    if titles != expected:
        raise RulebookError(f"{path} has sections {titles}; expected {expected} in that order")
    sections = tuple(
        (key, title, _blocks(part.split("\n", 1)[1] if "\n" in part else ""))
        for (key, title), part in zip(SECTIONS, parts, strict=True)
    )
    unknown = sorted(set(_PLACEHOLDER_RE.findall(text)) - set(FILLERS))
    if unknown:
        raise RulebookError(f"{path} uses unknown placeholders: {', '.join(unknown)}")
    return _Template(title_match.group(1).strip(), _plain_paragraphs(head[title_match.end():]), sections)


def _plain_paragraphs(text: str) -> str:
    """Paragraphs with their inner line breaks joined."""
    return "\n\n".join(" ".join(p.split()) for p in re.split(r"\n\s*\n", text.strip()) if p.strip())


def _fill(text: str, options: Mapping[str, Any]) -> str:
    """Replace every ``{{name}}`` with its figure."""
    return _PLACEHOLDER_RE.sub(lambda m: str(FILLERS[m.group(1)](options)), text)


def rules_for(game: str, options: Mapping[str, Any] | None = None) -> GameRules:
    """A game's rules with every figure filled in.

    Args:
        game: ``one_up``, ``one_card``, ``up_to_nine`` or ``up_or_down``.
        options: the options the game was started with (see
            :func:`house_rules`); ``None`` shows the standard values.

    Returns:
        ``GameRules``: the sections of :data:`SECTIONS` in order, blocks
        marked preset or house rule, and the game's house-rule values.
        Figures come from the rules core (penalty values, attack values,
        level table, deck plans) and from ``options``.

    Raises:
        RulebookError: for an unknown game, a rules file that breaks the
            format, or an option of the wrong type.
    """
    key = _game_key(game)
    opts = _options(options)
    template = _template(key)
    sections = tuple(
        Section(key, skey, title, tuple(
            Block(_fill(block.text, opts), block.preset, block.house_rule) for block in blocks
        ))
        for skey, title, blocks in template.sections
    )
    return GameRules(key, template.name, _fill(template.intro, opts), sections, house_rules(key, opts))


@lru_cache(maxsize=None)
def _standard_rules(game: str) -> GameRules:
    return rules_for(game)


# ---- search -------------------------------------------------------------------

def _plain(markdown: str) -> str:
    """Markdown as plain text on one line: no emphasis, table bars or list signs."""
    text = re.sub(r"^\|?[-| ]+\|$", " ", markdown, flags=re.MULTILINE)
    text = re.sub(r"^\s*(?:[-*]|\d+\.)\s+", "", text, flags=re.MULTILINE)
    text = text.replace("**", "").replace("|", " ")
    return " ".join(text.split())


def _snippet(text: str, start: int, length: int) -> str:
    """The text around ``text[start:start + length]``, cut at word ends, with "…"."""
    left = max(0, start - _SNIPPET_BEFORE)
    right = min(len(text), start + length + _SNIPPET_AFTER)
    if left > 0:
        space = text.find(" ", left, start)
        left = space + 1 if space != -1 else left
    if right < len(text):
        space = text.rfind(" ", start + length, right)
        right = space if space != -1 else right
    return ("…" if left > 0 else "") + text[left:right] + ("…" if right < len(text) else "")


def search(query: str, games: Sequence[str] | None = None) -> list[Hit]:
    """Find the sections whose text holds every word of ``query``.

    Args:
        query: words to look for, case-insensitive (``"joker"``,
            ``"wild budget"``); blank finds nothing.
        games: the game ids to search (default: all four).

    Returns:
        One ``Hit`` per matching section, in game order (see :data:`GAMES`)
        then section order; the section heading counts as text.  The figures
        searched are the standard ones (no house rules).

    Raises:
        RulebookError: for an unknown game id in ``games``.
    """
    words = query.lower().split() if isinstance(query, str) else []
    if not words:
        return []
    hits = []
    for game in (GAMES if games is None else [_game_key(g) for g in games]):
        rules = _standard_rules(game)
        for section in rules.sections:
            text = section.plain
            haystack = f"{section.title} {text}".lower()
            if all(word in haystack for word in words):
                found = text.lower().find(words[0])
                snippet = _snippet(text, found, len(words[0])) if found >= 0 else _snippet(text, 0, 0)
                hits.append(Hit(game, rules.name, section.key, section.title, snippet))
    return hits
