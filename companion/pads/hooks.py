"""The hooks each game's pad fills in, what they do by default, and the machinery they use.

:class:`GameHooks` is the part of :class:`companion.pads.base.Pad` that a
game's own pad class (``companion/games/<id>/pad.py``) overrides: how a
round is checked (``_entry``), replayed (``_start``, ``_play``, ``_step``),
totalled, ended, won and ranked, how a house rule is checked (through the
game's ``OPTIONS``), and, for a game whose rounds are entered hand by hand,
what one player's part of a round is; and the helpers a game's pad calls
(``_player``, ``_per_player``, ``_preview``) and the replay they feed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.cards import as_cards
from companion.games.setup_rows import check_copies, copies_in_deck
from companion.games.spec import OptionError, check_options
from companion.i18n import N_, _
from companion.pads.table import PadError, Row, copy_json, join_names

_PLAIN_VALUES = frozenset({str, int, float, bool, type(None)})
"""The option value types :meth:`GameHooks._check_options` answers from :data:`_CHECKED_OPTIONS`
(a value of these types can not be changed in place)."""

_CHECKED_OPTIONS: dict[tuple[Any, ...], tuple[tuple[Any, ...], dict[str, Any]]] = {}
"""(a game's pad class, *the (name, value) pairs given) -> (the ``OPTIONS`` that checked them,
the options its checks returned); an entry counts only while the class has those ``OPTIONS``."""

_OPTIONS_KEPT = 256
"""How many accepted sets of options :data:`_CHECKED_OPTIONS` keeps before it starts again."""

_WHOLE_ROUNDS = N_("In {game} a round is entered whole, not hand by hand")
_ROUND_REFUSED = N_("Round {number}: {reason}")


class GameHooks:
    """The hooks of a game's pad; the ones without a default raise NotImplementedError.

    Read by :class:`companion.pads.base.Pad`, which gives ``OPTIONS``,
    ``SETUP``, ``players``, ``_options`` and ``_title()``.
    """

    def _check_option(self, name: str, value: Any) -> Any:
        """One option value checked by its house rule (``OPTIONS``); returned as stored (JSON).

        Raises:
            PadError: an option the game has not, or a value its check refuses
                (the check's own words).
        """
        try:
            return check_options(self.OPTIONS, {name: value}, self._title())[name]
        except OptionError as exc:
            raise PadError(str(exc)) from None

    def _start(self, options: Mapping[str, Any]) -> Any:
        """The state before round 1 (the game's own named type)."""
        raise NotImplementedError

    def _entry(self, **fields: Any) -> dict[str, Any]:
        """Check one round's entry (the keyword arguments of ``add_round``) and
        return it as stored (JSON). Raise PadError."""
        raise NotImplementedError

    def _play(self, state: Any, entry: Mapping[str, Any], number: int, options: Mapping[str, Any]) -> tuple[Any, Row]:
        """Replay one checked entry: (state after it, its row). May raise ValueError."""
        raise NotImplementedError

    def _step(self, state: Any, entry: Mapping[str, Any], number: int, options: Mapping[str, Any]) -> Any:
        """The state after one checked entry, as :meth:`_play` gives it, without building its row.

        A game whose row costs much beside its scoring overrides this with
        the scoring alone (and builds its ``_play`` on it). May raise ValueError.
        """
        return self._play(state, entry, number, options)[0]

    def _row_of(self, before: Any, after: Any, entry: Mapping[str, Any], number: int,
             options: Mapping[str, Any]) -> Row:
        """The row of one checked entry, whose states ``before`` and ``after`` it the replay has
        already scored: :meth:`_play`'s row. A game whose :meth:`_step` is its scoring alone
        overrides this to build the row from the two states, without scoring the round again.
        May raise ValueError."""
        return self._play(before, entry, number, options)[1]

    def _stored_states(self, rounds: list[dict[str, Any]], options: Mapping[str, Any]) -> list[Any] | None:
        """The states of :meth:`_replay` of a document's saved rounds (each with its ``id`` and
        ``rev``) when every round is already exactly what :meth:`_entry` stores and scores under
        ``options``: read and scored in the form it is stored in, without building the entry anew.

        Returns None as soon as a round is not (another form of a card or a
        name, a field too many, a round the rules refuse): the caller then
        checks the rounds as new entries (:meth:`_checked_entries`), which
        words the refusal. A game without such a reading returns None.
        """
        return None

    def _totals(self, state: Any) -> dict[str, int]:
        """Player -> running total in ``state``."""
        raise NotImplementedError

    def _over(self, state: Any, options: Mapping[str, Any]) -> bool:
        """True when the rules end the game in ``state``."""
        raise NotImplementedError

    def _rule_winners(self, state: Any) -> list[str]:
        """The winners by the rules once the game is over."""
        raise NotImplementedError

    def _rank_key(self, state: Any, player: str) -> tuple:
        """Sort key for the standings, smaller is better; equal keys tie."""
        raise NotImplementedError

    def _standing_text(self, state: Any, player: str) -> str:
        """A player's standing in words ("12 points")."""
        raise NotImplementedError

    # ----- rounds entered hand by hand -------------------------------------

    def hand_part(self, entry: Mapping[str, Any], player: str) -> dict[str, Any]:
        """``player``'s own part of a round entry (the keyword arguments of
        ``add_round`` as a sheet builds them): plain JSON, what that player
        alone enters. Games whose rounds are entered hand by hand
        (``HAND_BY_HAND``) override it.

        Raises:
            PadError: the game's rounds are entered whole, or ``player`` is
                not playing.
        """
        raise PadError(_(_WHOLE_ROUNDS).format(game=self._title()))

    def join_hands(self, parts: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
        """The keyword arguments of ``add_round`` made of the players' parts
        (:meth:`hand_part`); a player without a part gets a blank one, so the
        result also starts a sheet. Nothing is checked against the rules
        here: ``add_round`` does that.

        Raises:
            PadError: the game's rounds are entered whole, or the parts
                contradict each other (two players each say they went out).
        """
        raise PadError(_(_WHOLE_ROUNDS).format(game=self._title()))

    def _marked(self, parts: Mapping[str, Mapping[str, Any]], flag: str, refusal: str) -> str | None:
        """The one player whose part sets ``flag`` (None when nobody's does).

        Raises:
            PadError: several parts set it; ``refusal`` (an English msgid with a ``{names}``
                placeholder, "{names} each say they went out: only one player can") words it.
        """
        marked = [player for player in self.players if parts.get(player, {}).get(flag)]
        if len(marked) > 1:
            raise PadError(_(refusal).format(names=join_names(marked)))
        return marked[0] if marked else None

    # ----- machinery for subclasses ---------------------------------------

    def _preview(self, entry: dict[str, Any], number: int | None = None) -> Row:
        """The row ``entry`` would make as the next round, or as round ``number`` edited (on the
        game as it stood before that round), without saving it; PadError for no such round."""
        self._check_dealt(entry)
        at = self.next_round if number is None else self._index(number) + 1
        try:
            _state, row = self._play(self._states[at - 1], entry, at, self._options)
        except ValueError as exc:
            raise PadError(str(exc)) from exc
        return row

    def _player(self, name: object, what: str | None = None) -> str:
        """A name of this game's players (trimmed), or PadError; ``what`` (an English msgid) says who is chosen."""
        if name in self.players:
            return name
        if isinstance(name, str) and name.strip() in self.players:
            return name.strip()
        if what is None:
            raise PadError(_("{name} is not playing in this game: choose the player from {names}").format(
                name=repr(name), names=join_names(self.players)))
        raise PadError(_("{name} is not playing in this game: choose the {what} from {names}").format(
            name=repr(name), what=_(what), names=join_names(self.players)))

    def _per_player(self, values: object, what: str) -> dict[str, Any]:
        """A mapping player -> value, with every player and no strangers, in seating order.

        ``what`` (an English msgid) names what is entered ("the cards left").
        The result is ``values`` itself when it is such a dict already (as
        a saved round holds it): read it, do not change it.
        """
        if type(values) is dict and tuple(values) == self.players:
            return values
        if not isinstance(values, Mapping):
            raise PadError(_("Enter {what} for each player").format(what=_(what)))
        named = {self._player(name): value for name, value in values.items()}
        missing = [player for player in self.players if player not in named]
        if missing:
            raise PadError(_("Enter {what} for {names}").format(what=_(what), names=join_names(missing)))
        return {player: named[player] for player in self.players}

    def _check_dealt(self, entry: dict[str, Any]) -> None:
        """Refuse a new round's entry (added, edited or previewed; never a round as stored, which
        was taken when it was entered) whose cards no deal of the game leaves in the hands. By
        default nothing is refused; One Up and Up to 9 check their hands (:meth:`_check_deck`).

        Raises:
            PadError: the game's words for the cards that can not have been dealt.
        """

    def _check_deck(self, hands: Mapping[str, Sequence[str]]) -> None:
        """Refuse a round whose hands together hold more of a card than the game's deck has.

        Args:
            hands: player -> the cards left in their hand (card texts as a
                round stores them; a rank alone counts against every suit).

        Raises:
            PadError: naming the card, how many the hands hold and how many
                the deck for this many players has. A card the game does not
                use is left to the rules' own refusal when the round is
                scored, as an entry takes it.

        Rule: ``companion.games.setup_rows.check_copies`` on the game's
        setup row (``SETUP``): the decks by player count (rulings.md), and
        the cards a house rule adds (One Up's wild joker, seed 000,
        "Variants": one joker).
        """
        players = len(self.players)
        held = [card for cards in hands.values() for card in as_cards(cards)
                if copies_in_deck(self.SETUP, players, card, self._options)]
        verdict = check_copies(self.SETUP, players, held, self._options)
        if not verdict:
            raise PadError(_("Together the hands hold more than the deck has: {reason} "
                             "Check the cards entered.").format(reason=verdict.reason))

    def _check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every option with its default, each value checked by its house rule (``OPTIONS``).

        A dict of text, number, true/false and null values accepted before
        by this game is answered from :data:`_CHECKED_OPTIONS` (a new dict)
        without checking each value again (the key holds each value's type:
        ``True == 1`` in Python, and a rule may take 1 but refuse true): a backup's thousands of games
        share a few sets of house rules. A refusal is worked out each time.

        Raises:
            PadError: the words of :func:`companion.games.spec.check_options`.
        """
        key: tuple[Any, ...] | None = None
        if type(options) is dict and _PLAIN_VALUES.issuperset(map(type, options.values())):
            key = (type(self), *((name, type(value), value) for name, value in options.items()))
            known = _CHECKED_OPTIONS.get(key)
            if known is not None and known[0] is self.OPTIONS:
                return dict(known[1])
        try:
            checked = copy_json(check_options(self.OPTIONS, options, self._title()))
        except OptionError as exc:
            raise PadError(str(exc)) from None
        if key is not None and _PLAIN_VALUES.issuperset(map(type, checked.values())):
            if len(_CHECKED_OPTIONS) >= _OPTIONS_KEPT:
                _CHECKED_OPTIONS.clear()
            _CHECKED_OPTIONS[key] = (self.OPTIONS, dict(checked))
        return checked

    def _checked_entries(self, entries: list[dict[str, Any]], what: str, first: int = 1) -> list[dict[str, Any]]:
        """Saved entries passed through the checks of a new one (``_entry``).

        For data read from a saved document only: an entry that can not even
        be read (a missing or stray field) is "damaged"; ``what`` names it,
        with ``{number}`` for its round number, as an English msgid ("Round
        {number}: the saved entry"); the entries are rounds ``first``, ``first + 1``, ...

        Returns the entries in their stored form, built anew by ``_entry``:
        they share no list or dict with ``entries``, so a document's rounds
        need no copy before they are checked.

        Raises:
            PadError: "<what> is damaged (...)", or the refusal a new entry
                would get, prefixed with "Round n: ".
        """
        checked = []
        for number, entry in enumerate(entries, first):
            try:
                checked.append(self._entry(**entry))
            except PadError as exc:
                raise PadError(_(_ROUND_REFUSED).format(number=number, reason=exc)) from exc
            except (TypeError, KeyError, AttributeError) as exc:
                raise PadError(_("{what} is damaged ({error})").format(
                    what=_(what).format(number=number), error=repr(exc))) from exc
        return checked

    def _replay(self, entries: list[dict[str, Any]], options: Mapping[str, Any]) -> list[Any]:
        """Score checked entries from the start (:meth:`_step`): the state before
        round 1, then the state after each round; PadError names the first round that fails."""
        states = [self._start(options)]
        step = self._step
        for number, entry in enumerate(entries, 1):
            try:
                states.append(step(states[-1], entry, number, options))
            except ValueError as exc:
                raise PadError(_(_ROUND_REFUSED).format(number=number, reason=exc)) from exc
        return states

    def _set_replay(self, states: list[Any]) -> None:
        """Take the states of a :meth:`_replay` of this pad's rounds; the rows are built again when asked for."""
        self._states = states
        self._state = states[-1]
        self._shown_rows: list[Row] | None = None
