"""The One Up score pad.

Each round the table enters, for every player, the cards left (in hand or
dropped face down), who went out (or nobody, when everybody dropped out) and
who ended the round (the one who went out, or the one who dropped out last).
Penalties, the give-back, running totals, the chips view, who starts the
next round and the end of the game all come from
:mod:`companion.games.one_up` (its ``rules`` and ``scoring``).

Options: ``joker`` (bool, the wild joker variant; default off) and
``limit`` (penalty points that end the game; 40, or 30 for the short game).
Rule source: seed 000 (One Up), "End of a round", "Scoring", "Winning the
game", "Variants"; rulings.md, One Up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from babel.support import LazyProxy

from companion.cards import CardError, CardsLike
from companion.games.one_up import rules, scoring
from companion.games.one_up.options import OPTIONS
from companion.games.one_up.setup_row import SETUP
from companion.i18n import N_, _, lazy
from companion.pads.base import Pad, PadError, Row, points_text
from companion.pads.table import stored_card_texts


_CARDS_LEFT = N_("the cards left")
_WENT_OUT = N_("player who went out")
_DROPPED_OUT_LAST = N_("player who dropped out last")


class OneUpState(NamedTuple):
    """The game between rounds.

    Attributes:
        totals: player -> running total (penalty points), in seating order.
        starter: who starts the next round (whoever ended the last one), or
            None before round 1 (the youngest starts).
    """

    totals: dict[str, int]
    starter: str | None


class OneUpPad(Pad):
    """Score pad for One Up (2-6 players, fewest penalty points wins).

    Raw round entry (JSON)::

        {"hands": {"Ann": ["K", "K", "3"], "Ben": []},   # cards as text
         "went_out": "Ben",        # or None: everybody dropped out
         "ended_by": "Ben"}        # who starts the next round

    Row: ``points`` is the change of each total (the hand penalty, or minus
    the give-back for the player who went out), ``penalty`` the hand penalty
    (0 for the player who went out).
    """

    GAME = "one_up"
    SETUP = SETUP
    OPTIONS = OPTIONS
    HAND_BY_HAND = True

    def hand_part(self, entry: Mapping[str, Any], player: str) -> dict[str, Any]:
        """``player``'s part of a round entry: ``{"hand": cards as text,
        "went_out": bool, "ended_by": bool}`` (whether they went out, whether
        they dropped out last).

        Raises:
            PadError: ``player`` is not playing.
        """
        player = self._player(player)
        return {
            "hand": list(entry.get("hands", {}).get(player, [])),
            "went_out": entry.get("went_out") == player,
            "ended_by": entry.get("ended_by") == player,
        }

    def join_hands(self, parts: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
        """``{"hands", "went_out", "ended_by"}`` from the players' parts
        (:meth:`hand_part`); a player without a part has no cards yet.

        Raises:
            PadError: two players each say they went out, or each say they
                dropped out last.
        """
        return {
            "hands": {player: list(parts.get(player, {}).get("hand", [])) for player in self.players},
            "went_out": self._marked(parts, "went_out", N_("{names} each say they went out: only one player can")),
            "ended_by": self._marked(
                parts, "ended_by", N_("{names} each say they dropped out last: only one player can")),
        }

    def add_round(
        self,
        hands: Mapping[str, CardsLike],
        went_out: str | None = None,
        ended_by: str | None = None,
        *,
        expected_round: int | None = None,
    ) -> Row:
        """Enter the next round and return its row.

        Args:
            hands: player -> the cards they have left, in hand or dropped
                (a list of cards/text or one string like ``"K K 3"``); every
                player, and an empty hand only for the player who went out.
            went_out: the player who played their last card; ``None`` when
                everybody dropped out.
            ended_by: who dropped out last, when nobody went out (they start
                the next round); may be left out when someone went out.
            expected_round: see ``companion.pads.versions.VersionedPad``.

        Raises:
            PadError: an unknown player or card, a card One Up does not use
                (or a joker with the variant off), hands that together hold
                more of a card than the deck has (8 of each value, 2 of a
                value in one suit, one joker),
                cards for the player who went out, an empty hand for anyone
                else, two players marked as gone out, or no one who ended
                the round.
            ConflictError: the next round is no longer ``expected_round``.
        """
        return self._add(self._entry(hands, went_out, ended_by), expected_round)

    def edit_round(
        self,
        round: str | int,
        hands: Mapping[str, CardsLike],
        went_out: str | None = None,
        ended_by: str | None = None,
        *,
        expected_rev: int | None = None,
    ) -> Row:
        """Replace a round (by id, or number from 1) and recompute every later round.

        Takes the same entry as :meth:`add_round`; returns the new row.

        Raises:
            PadError: as :meth:`add_round`, or no such round.
            ConflictError: the round is gone, or changed since ``expected_rev``.
        """
        return self._edit(round, self._entry(hands, went_out, ended_by), expected_rev)

    def preview_round(
        self,
        hands: Mapping[str, CardsLike],
        went_out: str | None = None,
        ended_by: str | None = None,
        *,
        number: int | None = None,
    ) -> Row:
        """The row :meth:`add_round` would add, without adding it; with ``number``, the row
        :meth:`edit_round` would make of round ``number`` (from 1), scored on the totals
        before it: the chips a player going out gives back depend on them (seed 000,
        "Scoring").

        Raises:
            PadError: as :meth:`add_round`, or no round ``number``.
        """
        return self._preview(self._entry(hands, went_out, ended_by), number)

    def penalty_preview(self, cards: CardsLike) -> int:
        """Penalty points for a set of cards being entered (value-once).

        Args:
            cards: a list of cards/text or one string (``"K K 3 3 5"`` -> 18).

        Raises:
            PadError: a card that can not be read or that One Up does not use.
        """
        try:
            return rules.hand_penalty(cards, joker=self._options["joker"])
        except CardError as exc:
            raise PadError(str(exc)) from exc

    def chips(self, player: str) -> tuple[int, int]:
        """A player's running total as chips: (black chips of 10, white chips of 1)."""
        return scoring.chips(self.totals[self._player(player)])

    @property
    def limit(self) -> int:
        """Penalty points that end the game (40, or 30 in the short game)."""
        return self._options["limit"]

    @property
    def joker(self) -> bool:
        """True when the wild joker variant is played."""
        return self._options["joker"]

    @property
    def next_starter(self) -> str | None:
        """Who starts the next round: whoever ended the last one (the one who
        went out, or who dropped out last); ``None`` before round 1 (the
        youngest starts)."""
        return self._state.starter

    def _entry(self, hands: object, went_out: object, ended_by: object) -> dict[str, Any]:
        """Check one round's entry and return it as stored (cards as text)."""
        named = self._per_player(hands, _CARDS_LEFT)
        cards: dict[str, list[str]] = {}
        for player, held in named.items():
            try:
                cards[player] = stored_card_texts(held)
            except CardError as exc:
                raise PadError(_("{name}'s cards: {error}").format(name=player, error=exc)) from exc
        if type(went_out) is not str and isinstance(went_out, (list, tuple, set, frozenset)):
            if len(went_out) > 1:
                raise PadError(_(
                    "Only one player can go out in a round: the round ends when the "
                    "first player plays their last card"
                ))
            went_out = next(iter(went_out), None)
        out, ender = self._enders(went_out, ended_by)
        return {"hands": cards, "went_out": out, "ended_by": ender}

    def _check_dealt(self, entry: dict[str, Any]) -> None:
        """Refuse hands that together hold more of a card than the 56 cards have, or more than
        the one joker (seed 000, "The cards" and "Variants"; a joker of any colour is that joker,
        as it scores, ``rules.hand_penalty``, and as the deck counts it,
        ``setup_rows.check_copies``).

        Raises:
            PadError: naming the card, how many the hands hold and how many the deck has.
        """
        self._check_deck(entry["hands"])

    def _enders(self, went_out: object, ended_by: object) -> tuple[str | None, str]:
        """Who went out (a player or None) and who ended the round (the one who went out, or who
        dropped out last), as a round stores them, from what was entered (seed 000, "End of a round").

        Raises:
            PadError: a name not playing, someone other than the one who
                went out said to have ended the round, or nobody at all.
        """
        out = None if went_out is None else self._player(went_out, _WENT_OUT)
        last = None if ended_by is None else self._player(ended_by, _DROPPED_OUT_LAST)
        if out is not None and last is not None and last != out:
            raise PadError(_("{name} went out, so {name} ended the round, not {other}").format(name=out, other=last))
        if out is None and last is None:
            raise PadError(_("Nobody went out: choose who dropped out last (they start the next round)"))
        return out, out or last

    def _stored_states(self, rounds: list[dict[str, Any]], options: Mapping[str, Any]) -> list[OneUpState] | None:
        """The replay of a document's rounds read as they are stored (see
        ``companion.pads.hooks.GameHooks._stored_states``): each round's
        hands, who went out and who ended it are those :meth:`_entry` would
        store (a hand per player in seating order, each a list of card
        texts in the stored form; :meth:`_enders` of the two names gives
        them back, asked once per pair of names), and it is scored as
        ``scoring.score_stored_round`` scores it (``scoring.stored_round_scorer``).
        None at the first round that is not so, or that the rules refuse.
        """
        players, joker = self.players, options["joker"]
        state = self._start(options)
        states = [state]
        totals = state.totals
        score, starter = scoring.stored_round_scorer(joker), scoring.next_starter
        enders: set[tuple[Any, Any]] = set()
        try:
            for saved in rounds:
                hands, out, ender = saved["hands"], saved["went_out"], saved["ended_by"]
                if len(saved) != 5 or type(hands) is not dict or tuple(hands) != players:
                    return None
                if (out, ender) not in enders:
                    if self._enders(out, ender) != (out, ender):
                        return None
                    enders.add((out, ender))
                totals = score(totals, hands, out)
                states.append(OneUpState(totals, starter(out, (ender,))))
        except (KeyError, TypeError, ValueError, PadError):
            return None
        return states

    def _start(self, options: Mapping[str, Any]) -> OneUpState:
        return OneUpState({player: 0 for player in self.players}, None)

    def _step(
        self, state: OneUpState, entry: Mapping[str, Any], number: int, options: Mapping[str, Any]
    ) -> OneUpState:
        went_out, ended_by = entry["went_out"], entry["ended_by"]
        scored = scoring.score_stored_round(state.totals, entry["hands"], went_out, joker=options["joker"])
        return OneUpState(scored, scoring.next_starter(went_out, [ended_by] if ended_by else []))

    def _play(
        self, state: OneUpState, entry: Mapping[str, Any], number: int, options: Mapping[str, Any]
    ) -> tuple[OneUpState, Row]:
        after = self._step(state, entry, number, options)
        return after, self._row_of(state, after, entry, number, options)

    def _row_of(
        self, state: OneUpState, after: OneUpState, entry: Mapping[str, Any], number: int, options: Mapping[str, Any]
    ) -> Row:
        totals, new_totals = state.totals, after.totals
        went_out, ended_by = entry["went_out"], entry["ended_by"]
        notes: dict[str, LazyProxy] = {}
        if went_out is not None:
            given = totals[went_out] - new_totals[went_out]
            notes[went_out] = lazy("went out, gave back {points}", points=given) if given else lazy("went out")
        elif ended_by is not None:
            notes[ended_by] = lazy("dropped out last")
        return Row(
            number=number,
            dealer=self._dealer_of(number),
            starter=state.starter,
            points={player: new_totals[player] - totals[player] for player in self.players},
            totals=dict(new_totals),
            penalty=self._hand_penalties(state, after, went_out),
            notes=notes,
        )

    def _hand_penalties(self, before: OneUpState, after: OneUpState, went_out: str | None) -> dict[str, int]:
        """Each player's hand penalty in a round: what their total rose by, 0 for the player who went out."""
        totals, new_totals = before.totals, after.totals
        return {player: 0 if player == went_out else new_totals[player] - totals[player] for player in self.players}

    def penalty_totals(self) -> tuple[dict[str, int], int]:
        """Each player's hand penalties summed over the rounds (what the rows' ``penalty`` add up to),
        and the number of rounds, worked out from the states alone: every round counts.

        A total rises by the hand penalty, or falls by the give-back for
        the player who went out, who gets no penalty (seed 000, "Scoring"):
        so a player's penalties are their total now, less their total at the
        start, plus every give-back they took.
        """
        start = self._states[0].totals
        sums = {player: total - start[player] for player, total in self._state.totals.items()}
        for before, after, saved in zip(self._states, self._states[1:], self._rounds):
            out = saved["went_out"]
            if out is not None:
                sums[out] += before.totals[out] - after.totals[out]
        return sums, len(self._rounds)

    def _totals(self, state: OneUpState) -> dict[str, int]:
        return dict(state.totals)

    def _over(self, state: OneUpState, options: Mapping[str, Any]) -> bool:
        return scoring.is_game_over(state.totals, limit=options["limit"])

    def _rule_winners(self, state: OneUpState) -> list[str]:
        return scoring.winners(state.totals)

    def _rank_key(self, state: OneUpState, player: str) -> tuple:
        return (state.totals[player],)

    def _standing_text(self, state: OneUpState, player: str) -> str:
        return points_text(state.totals[player])
