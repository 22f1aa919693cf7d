"""A person with a past, for the deletion and data-download tests: ada and ben played
Harbour Open (complete, standings frozen) and are both in Night Clash (running, round 1
paired) and in Next Week (still taking registrations). Each has a collection, a constructed
list of their own and a solo result."""

from __future__ import annotations

from django.utils import timezone

from decks.models import Decklist
from tests.factories import UserFactory, give_starter_kit
from tests.factories.accounts import ProfileFactory
from tests.factories.decks import DecklistFactory, DecklistVersionFactory
from tests.factories.play import OnlineGameFactory, SoloResultFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, pair, settle, start
from tournaments.models import Registration
from tournaments.services.events import event_complete
from tournaments.services.registrations import registration_create


def solo(user, won: bool) -> None:  # noqa: ANN001
    at = timezone.now()
    game = OnlineGameFactory(kind="solo", status="finished", player_a=user, seed=1, level=2,
                             created_at=at, last_activity_at=at, finished_at=at)
    SoloResultFactory(player=user, game=game, level=2, won=won, result="A" if won else "B",
                      turns=9, finished_at=at)


def person(username: str, email: str, display_name: str, deck_name: str):  # noqa: ANN201
    user = UserFactory(username=username, email=email)
    ProfileFactory(user=user, display_name=display_name)
    give_starter_kit(user)
    decklist = DecklistFactory(owner=user, name=deck_name)
    DecklistVersionFactory(decklist=decklist, number=1, cards=["BARON"])
    return user


def world() -> dict:
    olga = UserFactory(username="olga")
    ada = person("ada", "ada@example.com", "Ada L.", "Ada's Own Brew")
    ben = person("ben", "ben@example.com", "", "Ben's Secret Tech")
    solo(ada, won=True)
    solo(ben, won=False)
    events = {}
    for name in ("Harbour Open", "Night Clash", "Next Week"):
        event = OrganizedEventFactory(name=name, organizers=[olga], rounds=1)
        for player, deck in ((ada, 2), (ben, 4)):
            registration_create(event_id=event.pk, by=player, now=now(),
                                preconstructed_deck=deck)
        events[name] = event
    harbour = events["Harbour Open"]
    start(harbour)
    settle(pair(harbour), **{"Ada L.": (2, 0, 0)})
    event_complete(event_id=harbour.pk, by=organizer_of(harbour), now=now())
    start(events["Night Clash"])
    pair(events["Night Clash"])
    return {"olga": olga, "ada": ada, "ben": ben, **events,
            "seat": Registration.objects.get(event=harbour, player=ada),
            "night_seat": Registration.objects.get(event=events["Night Clash"], player=ada),
            "ada_lists": list(Decklist.objects.filter(owner=ada).values_list("pk", flat=True))}
