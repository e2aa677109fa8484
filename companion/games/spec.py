"""What a game package gives the app: one :class:`GameSpec`, and its house rules as data.

Every game is a package ``companion/games/<id>/`` whose ``__init__`` builds
one ``SPEC``; ``companion.registry`` lists them.  The rest of the app reads
a game only through its spec: the pad class, the setup row (title, player
range, deals), the figures of the rules text, the house rules, the
statistics records and the document upgrades.  No UI and no storage here.

A house rule is a :class:`HouseOption`: its name as the pads keep it, its
label and value in words for the rules screen, its default and its one
check.  The pad, the rules screen and the setup guide all check a game's
options through :func:`check_options`, so they accept and refuse the same
values with the same words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.i18n import _, translator

if TYPE_CHECKING:
    from companion.games.lesson_steps import Lesson
    from companion.games.setup_rows import GameSetup
    from companion.pads.base import Pad

_RULES = translator("rules")


def rules_mark(message: str) -> str:
    """Mark ``message`` (English) for the "rules" catalog without translating it; return it unchanged.

    For a house rule's label kept in a game's options; the rules screen shows
    it through the "rules" domain's gettext.
    """
    return message


def rules_text(message: str) -> str:
    """``message`` (an English msgid of the "rules" catalog) in the current language."""
    return _RULES.gettext(message)


def rules_ntext(singular: str, plural: str, count: int) -> str:
    """The "rules" catalog's ngettext: the fitting form for ``count``, in the current language."""
    return _RULES.ngettext(singular, plural, count)


def switch_words(flag: bool) -> str:
    """A switch's state in words, in the current language ("on" / "off")."""
    return rules_text("on") if flag else rules_text("off")


def points_words(points: int) -> str:
    """``points`` as "40 points", in the current language."""
    return rules_ntext("{count} point", "{count} points", points).format(count=points)


class OptionError(ValueError):
    """A house-rule value a game refuses, or an option it does not have (the message says which)."""


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
class HouseOption:
    """One house rule of a game, as data (rulings.md: a house rule is an edit of data).

    Attributes:
        name: the option's key in a saved game's ``options`` (``"limit"``).
        label: what the rules screen calls it, an English msgid of the
            "rules" catalog (``"Game ends at"``).
        default: the value without a house rule, in its stored form.
        check: a value as given -> its stored form; raises
            :class:`OptionError` with a message in the current language
            naming the option, the allowed values and the value given.
        words: a stored value -> the rules screen's words for it, in the
            current language (``"40 points"``).
    """

    name: str
    label: str
    default: Any
    check: Callable[[Any], Any]
    words: Callable[[Any], str]


def check_options(house: tuple[HouseOption, ...], options: Mapping[str, Any] | None, title: str) -> dict[str, Any]:
    """A game's options checked: every house rule of ``house`` with its stored value.

    Args:
        house: the game's house rules (its spec's ``options``).
        options: the options given (a saved game's ``options``); a missing
            name takes its default; ``None`` is no options.
        title: the game's name, for the message about an unknown option.

    Returns:
        Option name -> stored value, in the order of ``house``.

    Raises:
        OptionError: for options that are not a mapping, a name the game has
            not, or a value its option's ``check`` refuses.
    """
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise OptionError(_("Options must be given as names and values"))
    by_name = {option.name: option for option in house}
    unknown = [name for name in options if name not in by_name]
    if unknown:
        known = ", ".join(sorted(by_name)) or _("none")
        raise OptionError(_("{game} has no option '{name}' (options: {known})").format(
            game=title, name=unknown[0], known=known))
    return {option.name: option.check(options[option.name]) if option.name in options else option.default
            for option in house}


def house_rules(house: tuple[HouseOption, ...], options: Mapping[str, Any] | None, title: str) -> tuple[HouseRule, ...]:
    """The house-rule values a game uses, in words (one :class:`HouseRule` per option).

    Takes the game's house rules, the options given (as :func:`check_options`)
    and its name; raises :class:`OptionError` as :func:`check_options`.
    """
    chosen = check_options(house, options, title)
    return tuple(
        HouseRule(rules_text(option.label), option.words(chosen[option.name]), option.words(option.default),
                  chosen[option.name] != option.default)
        for option in house
    )


RoundUpgrade = Callable[[dict[str, Any]], dict[str, Any]]
"""One saved round entry of an older schema -> the entry with the fields of the next schema."""


@dataclass(frozen=True)
class GameSpec:
    """Everything the app knows of one game, given by its package's ``__init__`` as ``SPEC``.

    Attributes:
        id: the game id saved in every game document (lower case and
            underscores, used in addresses such as ``/check/<id>``).
        icon: the name of the Material icon shown beside its title (an
            attribute of Flet's ``ft.Icons``, e.g. ``"FILTER_1"``).
        pad: the game's score pad class (a ``companion.pads.base.Pad``).
        setup: the game's setup row (deals, deck lines, steps; its title
            and player range live here).
        figures: ``rule_figures(options)``: the game's options (a mapping,
            or None for the standard game) -> placeholder name to text for
            its rules text; raises :class:`OptionError` for options it refuses.
        options: its house rules (none for a game without any).
        penalty_note: what its "penalty points a round" average leaves out,
            an English msgid, or "" when it leaves nothing out.
        record: the statistics' personal record of the game: (the
            ``PlayerStats`` field, how one replayed game's pad gives it for a
            player), or None for none.
        rules_file: its rules text (Markdown, see ``companion.rulebook``), kept
            in the game's package as ``rules.md``.
        lesson: its first lesson ("Learn to play", ``lesson.py`` in its
            package), or None for a game without one.
    """

    id: str
    icon: str
    pad: type[Pad]
    setup: GameSetup
    figures: Callable[[Mapping[str, Any] | None], dict[str, str]]
    rules_file: Path
    options: tuple[HouseOption, ...] = ()
    penalty_note: str = ""
    record: tuple[str, Callable[[Pad, str], int | None]] | None = None
    lesson: Lesson | None = None

    @property
    def title(self) -> str:
        """The game's name as shown (``"Up or Down?"``), read from its setup row."""
        return self.setup.title

    @property
    def round_upgrades(self) -> Mapping[int, RoundUpgrade]:
        """Schema version -> how one of its saved round entries gains the fields
        of the next schema (only where the game's entries change), from its
        pad's ``ROUND_UPGRADES``."""
        return self.pad.ROUND_UPGRADES

    @property
    def players(self) -> range:
        """The player counts the game is for (``range(2, 7)``: 2 to 6 players), from its setup row's deals."""
        return self.setup.players

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The game's options checked, every house rule with its value (:func:`check_options`)."""
        return check_options(self.options, options, self.title)

    def house_rules(self, options: Mapping[str, Any] | None) -> tuple[HouseRule, ...]:
        """The game's house rules in words for ``options`` (:func:`house_rules`)."""
        return house_rules(self.options, options, self.title)
