"""factory-boy factories for the deck lab: runs as the lab page writes them before their
chord is sent (running, no result).

They write rows directly; the chord's callbacks are tested through the tasks.
"""

from __future__ import annotations

import factory
from django.utils import timezone

from lab.models import LabRun
from tests.factories.users import UserFactory


class LabRunFactory(factory.django.DjangoModelFactory):
    """A running lab run of preconstructed deck 1 (no cards listed) against deck 2."""

    class Meta:
        model = LabRun

    owner = factory.SubFactory(UserFactory)
    deck_label = "Deck 1"
    deck = factory.LazyFunction(list)
    field = factory.LazyFunction(lambda: [2])
    games = 10
    ai = "random"
    seed = factory.Sequence(lambda n: 3000 + n)
    created_at = factory.LazyFunction(timezone.now)
