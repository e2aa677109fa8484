"""The pieces of a game's setup row and the dealer's plan worked out from one row.

A game package describes how its cards are taken out and dealt as one
:class:`GameSetup` (its deals, deck lines, steps, who starts); a house rule
that changes the deck is a :class:`Variant` of that row.  This module turns
a row into a :class:`SetupPlan` for a player count (:func:`plan`) and
counts the copies of a card its deck holds (:func:`copies_in_deck`,
:func:`check_copies`).  It names no game: ``companion.setup`` finds a row by
game id through the registry.  Values the seeds do not give are the app's
presets from rulings.md; each plan names them in ``SetupPlan.presets`` and
explains them in ``SetupPlan.notes``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.cards import RANK_LABELS, SUITS, Card, CardsLike, as_cards
from companion.i18n import N_, _, ngettext
from companion.verdict import Verdict

STANDARD_DECK = N_("A 2 3 4 5 6 7 8 9 10 J Q K of ♠ ♥ ♦ ♣")
"""The 52 cards of one standard deck, as a deck line names them (an English msgid)."""


SHUFFLE = N_("Shuffle well before every deal: riffle about seven times, or spread the cards face down and mix them.")
"""The shuffle tip of a game whose cards come back from a round in no order of their own (an English msgid)."""

SHUFFLE_GROUPED = N_(
    "Shuffle well before every deal: cards come back from the last round in "
    "runs and sets, and a few quick overhand shuffles leave them that way. "
    "Riffle about seven times, or spread the cards face down and mix them."
)
"""The shuffle tip of a game whose players lay runs and sets (Up to 9; an English msgid)."""


class SetupError(ValueError):
    """An unknown game or a player count the game does not support."""


@dataclass(frozen=True)
class CardLine:
    """One line of a deck list: which cards and how many of each.

    Attributes:
        cards: the cards named, e.g. ``"A 2 3 4 5 6"`` or ``"K"``; an English
            msgid where it has words, which may hold ``{kinds}``.
        kinds: how many different cards ``cards`` names (6 for A-6).
        copies: how many of each to take (8 for One Up's A-6).
    """

    cards: str
    kinds: int
    copies: int

    @property
    def count(self) -> int:
        """Cards this line adds to the deck: ``kinds * copies``."""
        return self.kinds * self.copies

    def __str__(self) -> str:
        """The line as the guide shows it, in the current language: ``"A 2 3 4 5 6: 8 of each (48)"``, ``"K: 8"``."""
        cards = _(self.cards).format(kinds=self.kinds)
        if self.kinds == 1:
            return f"{cards}: {self.copies}"
        return _("{cards}: {copies} of each ({count})").format(cards=cards, copies=self.copies, count=self.count)


@dataclass(frozen=True)
class Deal:
    """The deck and deal for a range of player counts.

    Attributes:
        players: the player counts this deal is for.
        decks: how many physical decks the cards come from (standard 52-card
            decks, or for Up or Down? the game's own 126-card deck).
        lines: the deck, line by line.
        hand_size: cards dealt to each player.
        take: the step that tells the dealer which cards to take out (an
            English msgid, shown through ``_()``); may use the placeholders
            of ``GameSetup.steps``.
        numbers: Up or Down?'s numbered card range, else ``None``.
        presets: which plan values this deal takes from rulings.md rather
            than a seed (``SetupPlan`` field names).
        notes: plain sentences saying where the presets come from.
    """

    players: range
    decks: int
    lines: tuple[CardLine, ...]
    hand_size: int
    take: str
    numbers: range | None = None
    presets: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Variant:
    """A game option that changes the deck, as data.

    Attributes:
        option: the option's name as the pads keep it (One Up's ``"joker"``).
        lines: deck lines the option adds.
        take: the take-out step used instead of ``Deal.take`` when the
            option is on (same placeholders).
        jokers: joker kinds the option puts in, one card each.
    """

    option: str
    lines: tuple[CardLine, ...]
    take: str
    jokers: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameSetup:
    """One game's setup row, given by its package (``SPEC.setup``).

    Attributes:
        game: the game id.
        title: the game's name.
        source: the seed file the guide follows.
        deals: the deals, together covering every supported player count.
        discard_start: what starts the discard pile (or the middle of the table).
        start_label: what ``discard_start`` is called on the guide
            (``"Discard pile"``; Up or Down?'s ring is ``"In the middle"``).
        shuffle: the shuffle tip shown above the steps; the one about runs
            and sets (:data:`SHUFFLE_GROUPED`) only for games that lay them.
        first_player: who starts.
        (``discard_start``, ``start_label``, ``shuffle``, ``first_player``
        and ``notes`` are English msgids too, translated by :func:`plan`;
        ``discard_start`` and ``notes`` may use the steps' placeholders.)
        steps: the dealer's steps after ``Deal.take``, in order, as English
            msgids that :func:`plan` translates; they may use
            ``{players}``, ``{decks}``, ``{deck_size}``, ``{deck_lines}``,
            ``{hand_size}``, ``{dealt}``, ``{laid_out}``, ``{rest}``,
            ``{pile_a}`` and ``{pile_b}`` (the rest split in two),
            ``{next_number}`` (the first card left in the box), and the
            names ``extra`` gives.
        laid_out: cards turned face up in the middle before the rest is
            stacked (Up or Down?'s ring of 6), else 0.
        presets: plan values of every deal taken from rulings.md.
        notes: plain sentences saying where the presets come from.
        ranks: the ranks each standard deck gives (One Up: A-6 and K); empty
            for Up or Down?, whose cards are numbers.
        jokers: joker kinds each standard deck gives (One-card: black and colour).
        variants: options that change the deck (One Up's wild joker).
        extra: () -> more placeholder values of the row's texts, in the
            current language (One-card's start ranks ``{buried}`` and
            ``{leading}``); None for none.
    """

    game: str
    title: str
    source: str
    deals: tuple[Deal, ...]
    discard_start: str
    first_player: str
    steps: tuple[str, ...]
    start_label: str = N_("Discard pile")
    shuffle: str = SHUFFLE
    laid_out: int = 0
    presets: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    ranks: frozenset[int] = frozenset(RANK_LABELS)
    jokers: tuple[str, ...] = ()
    variants: tuple[Variant, ...] = ()
    extra: Callable[[], Mapping[str, Any]] | None = None

    @property
    def players(self) -> range:
        """The supported player counts, from the lowest to the highest deal."""
        return range(
            min(deal.players.start for deal in self.deals),
            max(deal.players.stop for deal in self.deals),
        )



SHUFFLE_AND_DEAL = N_(
    "Shuffle the {deck_size} cards and deal {hand_size} cards face down to "
    "each of the {players} players, one at a time ({dealt} cards dealt)."
)
"""The first step after the take-out of most games (an English msgid)."""

LEFT_OF_DEALER = N_("The player on the dealer's left starts; play goes clockwise.")
"""The step saying who starts, for games where the dealer's left neighbour starts (an English msgid)."""

DEALERS_LEFT = N_("the player on the dealer's left; play goes clockwise")
"""The ``first_player`` of those games (an English msgid)."""


def rank_runs(labels: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Card labels split where the standard ranks stop running on:
    ``("A", "2", "3", "4", "5", "6", "K")`` -> ``[("A", .., "6"), ("K",)]``."""
    rank_of = {label: rank for rank, label in RANK_LABELS.items()}
    runs: list[list[str]] = []
    for label in labels:
        if runs and rank_of[label] == rank_of[runs[-1][-1]] + 1:
            runs[-1].append(label)
        else:
            runs.append([label])
    return [tuple(run) for run in runs]


@dataclass(frozen=True)
class SetupPlan:
    """The dealer's guide for one game and player count.

    Attributes:
        game: the game id.
        title: the game's name.
        players: the player count planned for.
        deck_size: cards in play (One Up 56; One-card 54, or 108 for 6 players;
            Up to 9 104 or 156; Up or Down? 54, 78, 102 or 126).
        hand_size: cards dealt to each player.
        decks: how many physical decks the cards come from (standard decks,
            or 1 for Up or Down?'s own deck).
        numbers: Up or Down?'s numbered card range (``range(1, 55)`` for 2
            players), ``None`` for the other games.
        deck: the deck as counted lines, e.g. ``("A 2 3 4 5 6: 8 of each (48)", "K: 8")``.
        discard_start: what starts the discard pile (for Up or Down?, the ring
            and the two piles).
        start_label: what the guide calls ``discard_start`` (``"Discard
            pile"``, Up or Down?'s ``"In the middle"``).
        shuffle: the shuffle tip for this game.
        first_player: who starts.
        steps: what the dealer reads aloud, numbered in order ("1. ...").
        presets: the names of the fields above whose values are the app's
            presets (rulings.md) rather than the seed's.
        notes: plain sentences saying where the presets come from.
        source: the seed and section the plan follows.
    """

    game: str
    title: str
    players: int
    deck_size: int
    hand_size: int
    decks: int
    numbers: range | None
    deck: tuple[str, ...]
    discard_start: str
    start_label: str
    shuffle: str
    first_player: str
    steps: list[str]
    presets: tuple[str, ...]
    notes: tuple[str, ...]
    source: str



def _variants_on(setup: GameSetup, options: Mapping[str, Any] | None) -> list[Variant]:
    """The game's deck variants whose option is on in ``options`` (``None``: none)."""
    if options is None:
        return []
    if not isinstance(options, Mapping):
        raise SetupError(_("Options must be given as names and values"))
    return [variant for variant in setup.variants if options.get(variant.option)]


def deal_for(setup: GameSetup, players: int) -> Deal:
    """The deal of the row ``setup`` for ``players``.

    Raises:
        SetupError: naming the game's range, for a count it has no deal for.
    """
    deal = next(
        (d for d in setup.deals if not isinstance(players, bool) and players in d.players), None
    )
    if deal is None or not isinstance(players, int):
        supported = setup.players
        raise SetupError(_("{game} is for {least}-{most} players, not {value}").format(
            game=setup.title, least=supported.start, most=supported.stop - 1, value=repr(players)))
    return deal


def _values(setup: GameSetup, deal: Deal, lines: tuple[CardLine, ...], players: int) -> dict[str, Any]:
    """The placeholder values of the row's texts for ``players`` and the deck ``lines``."""
    deck_size = sum(line.count for line in lines)
    dealt = deal.hand_size * players
    rest = deck_size - dealt - setup.laid_out
    return {
        "players": players,
        "decks": deal.decks,
        "deck_size": deck_size,
        "deck_lines": "; ".join(str(line) for line in lines),
        "laid_out": setup.laid_out,
        "hand_size": deal.hand_size,
        "dealt": dealt,
        "rest": rest,
        "pile_a": rest - rest // 2,
        "pile_b": rest // 2,
        "next_number": deck_size + 1,
        **(setup.extra() if setup.extra else {}),
    }


def plan(setup: GameSetup, players: int, options: Mapping[str, Any] | None = None) -> SetupPlan:
    """The setup guide of the row ``setup`` with ``players`` players.

    Args:
        setup: a game's setup row.
        players: the number of players.
        options: the game's options by the pads' names; an option that
            changes the deck (One Up's ``"joker"``) adds its cards when true,
            every other name is left to the pads.  ``None`` is no options.

    Returns:
        A ``SetupPlan`` built from the row.

    Raises:
        SetupError: for a player count the game does not support (the
            message names the range), or options that are not a mapping.

    Rule: the row's seed section (``setup.source``), and its variants; rulings.md
    for the presets listed in the plan.
    """
    deal = deal_for(setup, players)
    variants = _variants_on(setup, options)
    lines = deal.lines + tuple(line for variant in variants for line in variant.lines)
    take = variants[-1].take if variants else deal.take
    values = _values(setup, deal, lines, players)
    texts = (take, *setup.steps)
    steps = [f"{n}. {_(text).format(**values)}" for n, text in enumerate(texts, start=1)]
    return SetupPlan(
        game=setup.game,
        title=setup.title,
        players=players,
        deck_size=values["deck_size"],
        hand_size=deal.hand_size,
        decks=deal.decks,
        numbers=deal.numbers,
        deck=tuple(str(line) for line in lines),
        discard_start=_(setup.discard_start).format(**values),
        start_label=_(setup.start_label),
        shuffle=_(setup.shuffle),
        first_player=_(setup.first_player),
        steps=steps,
        presets=setup.presets + deal.presets,
        notes=tuple(_(note).format(**values) for note in setup.notes + deal.notes),
        source=setup.source,
    )


def copies_in_deck(setup: GameSetup, players: int, card: Card, options: Mapping[str, Any] | None = None) -> int:
    """How many copies of a card the deck of the row ``setup`` holds for a player count.

    Args:
        setup: a standard-deck game's setup row.
        players: the number of players (it fixes how many decks are used).
        card: a ``Card``; with no suit it stands for its rank in any suit.
        options: the game's options, as in :func:`plan` (One Up's joker).

    Returns:
        The copies: one per deck for a suited card, four per deck for a rank
        alone, the jokers each deck or option puts in, 0 for a card the game
        leaves out.

    Raises:
        SetupError: for a player count the game does not support, or a game
            whose cards are numbers (no ``ranks``: each card once).

    Rule: the row's seed section; rulings.md (decks by player count).
    """
    deal = deal_for(setup, players)
    if not setup.ranks:
        raise SetupError(_("{game}'s cards are numbers, each in the deck once: there are no copies to count").format(
            game=setup.title))
    if card.is_joker:
        kind = "plain" if _plain_jokers_only(setup) else card.joker
        added = sum(variant.jokers.count(kind) for variant in _variants_on(setup, options))
        return deal.decks * setup.jokers.count(kind) + added
    if card.rank not in setup.ranks:
        return 0
    return deal.decks * (1 if card.suit else len(SUITS))


def check_copies(
    setup: GameSetup, players: int, cards: CardsLike, options: Mapping[str, Any] | None = None,
) -> Verdict:
    """Could the deck of the row ``setup`` hold these cards all at once (a hand, or a table)?

    Args:
        setup: a standard-deck game's setup row (see :func:`copies_in_deck`).
        players: the number of players (it fixes how many decks are used).
        cards: the cards, as a list or one string; a rank alone counts
            against all four suits of that rank.
        options: the game's options, as in :func:`plan`.

    Returns:
        A legal ``Verdict``, or one whose reason names the first card held
        more often than the deck has it, the count held and the count the
        deck holds; the player count and the decks only when the deck
        changes with the player count (:func:`one_deck`). In a deck whose
        jokers have no colour (One Up's wild joker), a joker of any colour
        counts as one of them: the table takes whichever joker its deck has.

    Raises:
        CardError: for a card that can not be read.
        SetupError: as :func:`copies_in_deck`.

    Rule: the row's seed section; rulings.md (decks by player count).
    """
    held = as_cards(cards)
    if _plain_jokers_only(setup):
        held = [Card(None, joker="plain") if card.is_joker else card for card in held]
    exact = Counter(held)
    by_rank = Counter(card.rank for card in held if not card.is_joker)
    counted = [(card, count) for card, count in exact.items() if card.suit or card.is_joker]
    counted += [(Card(rank), count) for rank, count in by_rank.items()]
    decks = deal_for(setup, players).decks
    for card, count in counted:
        allowed = copies_in_deck(setup, players, card, options)
        if count > allowed:
            return Verdict.no(_copies_reason(setup, players, card, count, allowed, decks))
    return Verdict.ok()


def _plain_jokers_only(setup: GameSetup) -> bool:
    """Whether the row ``setup`` or its variants put jokers in, all without a colour (``"plain"``):
    then a joker of any colour is one of them, whichever joker the table's deck has.

    Rule: seed 000, "Variants" (one joker shuffled in, whatever it looks like)."""
    kinds = {*setup.jokers, *(kind for variant in setup.variants for kind in variant.jokers)}
    return bool(kinds) and kinds <= {"plain"}


def one_deck(setup: GameSetup) -> bool:
    """Whether the row ``setup`` uses the same deck for every player count it is for (one decks
    count and one list of cards in all its deals: One Up's 56 cards from two decks, seed 000
    "The cards"). Takes the row; returns a bool; raises nothing."""
    return len({(deal.decks, deal.lines) for deal in setup.deals}) == 1


def _copies_reason(setup: GameSetup, players: int, card: Card, count: int, allowed: int, decks: int) -> str:
    """Why ``count`` of ``card`` are too many for the deck of the row ``setup`` with ``players``,
    which holds ``allowed`` of it from ``decks`` decks; the player count and the decks are named
    only when the deck changes with the player count (:func:`one_deck`)."""
    fixed = one_deck(setup)
    if allowed == 0:
        if fixed:
            return _("There is no {card} in {game}'s deck.").format(card=card, game=setup.title)
        return _("There is no {card} in {game}'s deck for {players} players.").format(
            card=card, game=setup.title, players=players)
    what = str(card) if card.suit or card.is_joker else _("{card} in all suits").format(card=card)
    if fixed:
        return _("{what}: {count} held, but {game}'s deck has only {allowed}.").format(
            what=what, count=count, game=setup.title, allowed=allowed)
    return ngettext(
        "{what}: {count} held, but the {decks} deck for {players} players has only {allowed}.",
        "{what}: {count} held, but the {decks} decks for {players} players have only {allowed}.",
        decks,
    ).format(what=what, count=count, decks=decks, players=players, allowed=allowed)


def plans_by_deck(setup: GameSetup) -> list[tuple[list[int], SetupPlan]]:
    """The plans of the row ``setup`` for every player count, grouped where the deck is the same.

    Returns:
        ``(player counts, the plan of the first of them)`` pairs, in player
        order; counts share a group when the number of decks and the cards
        in play are equal.

    Rule: as :func:`plan`.
    """
    groups: list[tuple[list[int], SetupPlan]] = []
    for players in setup.players:
        current = plan(setup, players)
        if groups and (groups[-1][1].decks, groups[-1][1].deck_size) == (current.decks, current.deck_size):
            groups[-1][0].append(players)
        else:
            groups.append(([players], current))
    return groups
