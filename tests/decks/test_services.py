"""The decks services: catalogue, collections, decklists and their versions, ban sessions."""

from datetime import timedelta

import pytest
from django.utils import timezone

from core.errors import Conflict, DomainError, Forbidden
from decks.models import BanStatus, Card, CollectionEntry, DecklistVersion
from decks.rules import decklist_problems
from decks.selectors.collections import collection_export_csv
from decks.selectors.visibility import visible_versions
from decks.services.bans import ban_session_ban, ban_session_start
from decks.services.catalogue import catalogue_load
from decks.services.collections import collection_add_set, collection_import_csv
from decks.services.decklists import decklist_create, decklist_update
from tests.factories import (
    EventFactory,
    RegistrationFactory,
    UserFactory,
    give_starter_kit,
    starter_kit,
)
from tests.factories.decklists import LIST_A, LIST_B

pytestmark = pytest.mark.django_db


def test_loading_the_catalogue_is_idempotent_and_records_its_version():
    now = timezone.now()
    card_set, changed = catalogue_load(now=now)
    assert changed == 32 and card_set.cards.count() == 32
    assert card_set.catalogue_version.startswith("starter-kit@")
    again, changed = catalogue_load(now=now)
    assert again.pk == card_set.pk and changed == 0 and Card.objects.count() == 32
    ogre = Card.objects.get(name="OGRE")
    assert ogre.kind == "creature" and ogre.cost == 4
    assert ogre.data["attack"] == 4 and ogre.data["abilities"] == ["frenzy"]


def test_a_whole_set_is_added_in_one_step():
    user = UserFactory()
    collection_add_set(user=user, card_set=starter_kit())
    collection_add_set(user=user, card_set=starter_kit())
    assert CollectionEntry.objects.filter(owner=user).count() == 32
    assert set(CollectionEntry.objects.filter(owner=user).values_list("count", flat=True)) == {2}


def test_csv_round_trip_and_bad_rows_are_each_reported_with_nothing_imported():
    user = UserFactory()
    starter_kit()
    collection_import_csv(user=user, text="set,card,count\nstarter-kit,OGRE,2\n"
                                          "starter-kit,ZOMBIE,1\n")
    assert collection_export_csv(user=user) == (
        "set,card,count\nstarter-kit,OGRE,2\nstarter-kit,ZOMBIE,1\n")
    bad = ("set,card,count\nstarter-kit,BRUTE,1\nstarter-kit,DRAGON,1\nnope,OGRE,1\n"
           "starter-kit,BARON,two\nstarter-kit,BRUTE,3\n")
    with pytest.raises(DomainError) as err:
        collection_import_csv(user=user, text=bad)
    assert err.value.problems == [
        "line 3: 'DRAGON' is not a card of starter-kit",
        "line 4: unknown set 'nope'",
        "line 5: count 'two' is not a whole number",
        "line 6: BRUTE is already listed on line 2",
    ]
    assert not CollectionEntry.objects.filter(owner=user, card__name="BRUTE").exists()


def test_constructed_validation_names_every_problem_at_once():
    user = UserFactory()
    starter_kit()
    collection_import_csv(user=user, text="set,card,count\n" + "".join(
        f"starter-kit,{n},1\n" for n in LIST_A[:8]))
    problems = decklist_problems(user=user, kind="constructed",
                                 cards=LIST_A[:8] + ["CYCLONE", "OGRE", "OGRE", "DRAGON"])
    assert "DRAGON is not a card of Clash of Decks" in problems
    assert "OGRE appears 2 times: every card must be different" in problems
    assert "CYCLONE is not in your collection" in problems
    assert "OGRE is not in your collection" in problems
    assert "12 cards, 10 needed" in problems


def test_a_registered_list_follows_edits_until_the_deadline_then_stays():
    user = UserFactory()
    give_starter_kit(user)
    now = timezone.now()
    decklist = decklist_create(user=user, name="Mine", kind="constructed", cards=LIST_A, now=now)
    v1 = decklist.versions.get()
    open_event = EventFactory(decklist_deadline=now + timedelta(days=1))
    closed_event = EventFactory(decklist_deadline=now - timedelta(minutes=1))
    r_open = RegistrationFactory(event=open_event, player=user, decklist_version=v1)
    r_closed = RegistrationFactory(event=closed_event, player=user, decklist_version=v1)
    v2 = decklist_update(decklist=decklist, user=user, now=now,
                         cards=LIST_A[:9] + ["ZOMBIE"])
    r_open.refresh_from_db()
    r_closed.refresh_from_db()
    assert r_open.decklist_version == v2
    assert r_closed.decklist_version == v1
    assert DecklistVersion.objects.get(pk=v1.pk).cards == LIST_A  # never touched
    assert list(decklist.versions.values_list("number", flat=True)) == [1, 2]


@pytest.mark.parametrize("status", ["running", "top_cut", "complete"])
def test_a_registered_list_is_fixed_once_its_event_starts_even_without_a_deadline(status):
    """The start fixes the lists when it comes before the deadline (or there is none): a
    finished event keeps the version its players, the champion too, played."""
    user = UserFactory()
    give_starter_kit(user)
    now = timezone.now()
    decklist = decklist_create(user=user, name="Mine", kind="constructed", cards=LIST_A, now=now)
    v1 = decklist.versions.get()
    started = RegistrationFactory(event=EventFactory(status=status), player=user,
                                  decklist_version=v1)
    waiting = RegistrationFactory(event=EventFactory(), player=user, decklist_version=v1)
    v2 = decklist_update(decklist=decklist, user=user, now=now, cards=LIST_A[:9] + ["ZOMBIE"])
    started.refresh_from_db()
    waiting.refresh_from_db()
    assert started.decklist_version == v1
    assert waiting.decklist_version == v2


def test_hidden_lists_are_seen_by_owner_and_organizers_until_published():
    owner, organizer, other_organizer, stranger = UserFactory.create_batch(4)
    give_starter_kit(owner)
    decklist = decklist_create(user=owner, name="Secret", kind="constructed", cards=LIST_A,
                               now=timezone.now())
    version = decklist.versions.get()
    event = EventFactory(organizers=[organizer])
    EventFactory(organizers=[other_organizer])
    RegistrationFactory(event=event, player=owner, decklist_version=version)
    assert version in visible_versions(owner)
    assert version in visible_versions(organizer)
    assert version not in visible_versions(other_organizer)
    assert version not in visible_versions(stranger)
    event.lists_published = True
    event.save()
    assert version in visible_versions(stranger)


def test_a_ban_session_against_an_ai_seat_runs_in_the_order_b_a_a_b():
    a, b = UserFactory.create_batch(2)
    give_starter_kit(a)
    give_starter_kit(b)
    now = timezone.now()
    va = decklist_create(user=a, name="A", kind="constructed", cards=LIST_A, now=now)
    vb = decklist_create(user=b, name="B", kind="constructed", cards=LIST_B, now=now)
    # Seat B is an AI seat: it bans first (step 1) as soon as the session starts.
    session = ban_session_start(version_a=va.versions.get(), version_b=vb.versions.get(),
                                player_a=a, player_b=None, now=now, seed=4)
    assert len(session.record["bans"]) == 1
    with pytest.raises(Conflict) as err:
        ban_session_ban(session_id=session.pk, user=a, card="BARON", now=now)
    assert isinstance(err.value, Conflict)  # BARON is A's own card
    session = ban_session_ban(session_id=session.pk, user=a, card="ZOMBIE", now=now)
    again = ban_session_ban(session_id=session.pk, user=a, card="ZOMBIE", now=now)
    assert again.record == session.record  # the same ban twice is a no-op
    session = ban_session_ban(session_id=session.pk, user=a, card="MUTANT", now=now)
    assert session.status == BanStatus.DONE  # the AI's second ban followed at once
    assert len(session.result_a) == 8 and len(session.result_b) == 8
    assert "ZOMBIE" not in session.result_b and "MUTANT" not in session.result_b
    with pytest.raises(DomainError) as err:
        ban_session_ban(session_id=session.pk, user=b, card="BARON", now=now)
    assert isinstance(err.value, Forbidden)
