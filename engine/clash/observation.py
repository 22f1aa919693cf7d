"""What one player may know of a game (hidden information).

An `Observation` is a read-only view for one seat: its own hand in order, and of the opponent
only the hand size and the Bastion/Fort position and face, never the cards. Lanes, mana and
the turn are public. AI players receive observations, never the game itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engine.seats import LETTERS, SEAT_A, result_name

from .actions import Action
from .cards import BASTION, Catalogue
from .rng import Rng
from .rules import Game
from .state import LANES, PHASES, Player

_NONE: Final[tuple[Action, ...]] = ()


class PublicSide:
    """The opponent as a seat sees them, as the game goes on: lanes, Bastion/Fort position and
    face, hand size. It has no `cards`: the hidden hand is not reachable through it."""

    __slots__ = ("lanes", "__player")

    def __init__(self, player: Player) -> None:
        self.lanes = player.lanes
        self.__player = player

    @property
    def bpos(self) -> int:
        return self.__player.bpos

    @property
    def fort(self) -> bool:
        return self.__player.fort

    @property
    def hand_size(self) -> int:
        return len(self.__player.cards)

    @property
    def health(self) -> int:
        return self.hand_size - self.bpos


class SeatView:
    """A cheap look at the game for rule-of-thumb players (`ai.scripted.choose`): the
    catalogue, this seat's own player and the opponent's `PublicSide`, indexed by seat like
    `Game.players`. Nothing is copied (it follows the game as it goes on), so it is read-only
    by contract: the tests check that agents reading it leave the game unchanged."""

    __slots__ = ("catalogue", "players")

    def __init__(self, catalogue: Catalogue, players: tuple) -> None:
        self.catalogue = catalogue
        self.players = players


class Observation:
    __slots__ = ("__game", "seat", "__view")

    def __init__(self, game: Game, seat: int) -> None:
        self.__game = game
        self.seat = seat
        self.__view: SeatView | None = None

    @property
    def catalogue(self) -> Catalogue:
        return self.__game.catalogue

    @property
    def turn(self) -> int:
        return self.__game.turn

    @property
    def active(self) -> int:
        return self.__game.active

    @property
    def to_move(self) -> int:
        return self.__game.to_move

    @property
    def phase(self) -> int:
        return self.__game.phase

    @property
    def mana(self) -> int:
        return self.__game.mana

    @property
    def winner(self) -> int | None:
        return self.__game.winner

    @property
    def turn_cap(self) -> int:
        return self.__game.turn_cap

    @property
    def hand(self) -> list[int]:
        """This seat's own cards, left to right, without the Bastion/Fort."""
        return self.__game.players[self.seat].cards[:]

    @property
    def bastion_position(self) -> int:
        return self.__game.players[self.seat].bpos

    @property
    def fort(self) -> bool:
        return self.__game.players[self.seat].fort

    @property
    def opponent_hand_size(self) -> int:
        return len(self.__game.players[self.seat ^ 1].cards)

    @property
    def opponent_bastion_position(self) -> int:
        return self.__game.players[self.seat ^ 1].bpos

    @property
    def opponent_fort(self) -> bool:
        return self.__game.players[self.seat ^ 1].fort

    def lanes(self, seat: int) -> list[list[tuple[int, int, bool, bool, bool, int]]]:
        """A seat's lanes (public): (card, damage, new, attacked, protection_used, sprint)."""
        return [[(c.card, c.damage, c.new, c.attacked, c.protection_used, c.sprint_bonus)
                 for c in lane] for lane in self.__game.players[seat].lanes]

    def opponent_cards(self) -> list[int]:
        """The cards in the opponent's hand as a sorted multiset (public: decks are known in
        every format and lanes are visible); their order stays hidden."""
        return sorted(self.__game.players[self.seat ^ 1].cards)

    def determinize(self, rng: Rng | None = None) -> Game:
        """A copy of the game in which everything this seat cannot see is guessed: the
        opponent's hand order is shuffled by `rng` (id order without one). Search players
        simulate on such copies, so they never depend on hidden information."""
        game = self.__game.copy()
        game.hide(self.seat, rng)
        return game

    def seat_view(self) -> SeatView:
        """What `determinize` gives a player that never simulates, without copying the game:
        this seat's own hand and lanes as they are, the opponent's public side only."""
        view = self.__view
        if view is None:  # made once: it follows the game
            game = self.__game
            me = game.players[self.seat]
            public = PublicSide(game.players[self.seat ^ 1])
            players = (me, public) if self.seat == SEAT_A else (public, me)
            view = self.__view = SeatView(game.catalogue, players)
        return view

    @property
    def return_pending(self) -> bool:
        """Whether the game waits for a return order (rule C-4.6), of either seat."""
        return self.__game.pending is not None

    def legal_actions(self) -> list[Action]:
        """The legal actions, when this seat is to move (otherwise none)."""
        game = self.__game
        pending = game.pending
        if (game.active if pending is None else pending[0]) != self.seat:
            return []
        return game.legal_actions()

    def pick_legal(self, below: Callable[[int], int]) -> Action:
        """`legal_actions()[below(len(legal_actions()))]`, building only the action picked."""
        game = self.__game
        pending = game.pending
        if (game.active if pending is None else pending[0]) != self.seat:
            return _NONE[below(0)]  # as from the empty list: below(0) refuses
        return game.pick_legal(below)

    def to_json(self) -> dict[str, Any]:
        game = self.__game
        me = game.players[self.seat]
        foe = game.players[self.seat ^ 1]
        name = game.catalogue.name
        hand = [name(c) for c in me.cards]
        hand.insert(me.bpos, BASTION)

        def lanes(p: Any) -> dict[str, list[dict[str, Any]]]:
            return {LANES[i]: [{"card": name(c.card), "damage": c.damage, "new": c.new,
                                "attacked": c.attacked, "protection_used": c.protection_used,
                                "sprint_bonus": c.sprint_bonus} for c in lane]
                    for i, lane in enumerate(p.lanes)}

        return {
            "seat": LETTERS[self.seat],
            "turn": game.turn,
            "active": LETTERS[game.active],
            "phase": PHASES[game.phase],
            "mana": game.mana,
            "winner": result_name(game.winner),
            "you": {"hand": hand, "fort": me.fort, "health": me.health, "lanes": lanes(me)},
            "opponent": {"hand_size": len(foe.cards) + 1, "bastion_position": foe.bpos,
                         "fort": foe.fort, "health": foe.health, "lanes": lanes(foe)},
        }
