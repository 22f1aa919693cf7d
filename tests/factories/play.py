"""factory-boy factories for the play app: online games (duels and solo games) and solo
results, as the services leave them.

They write rows directly, for setting the scene; games are played through the services.
"""

from __future__ import annotations

import factory
from django.utils import timezone

from play.models import GameKind, GameStatus, OnlineGame, SoloResult
from tests.factories.users import UserFactory


class OnlineGameFactory(factory.django.DjangoModelFactory):
    """A duel being played (the model's first status), with no deck and no move yet."""

    class Meta:
        model = OnlineGame

    kind = GameKind.DUEL
    seed = factory.Sequence(lambda n: 5000 + n)
    created_at = factory.LazyFunction(timezone.now)
    last_activity_at = factory.LazyFunction(timezone.now)


class SoloResultFactory(factory.django.DjangoModelFactory):
    """A finished solo game's result; `game=` defaults to a finished solo game of the same
    player and level."""

    class Meta:
        model = SoloResult

    player = factory.SubFactory(UserFactory)
    level = 0
    won = True
    result = factory.LazyAttribute(lambda o: "A" if o.won else "B")
    turns = 9
    finished_at = factory.LazyFunction(timezone.now)
    game = factory.SubFactory(
        OnlineGameFactory, kind=GameKind.SOLO, status=GameStatus.FINISHED,
        player_a=factory.SelfAttribute("..player"), level=factory.SelfAttribute("..level"),
        finished_at=factory.SelfAttribute("..finished_at"))
