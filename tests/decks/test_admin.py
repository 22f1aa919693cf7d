"""Staff find players' cards, lists and ban sessions in the admin; lists stay read-only there."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from decks.models import Decklist, DecklistKind
from decks.services.bans import ban_session_start
from decks.services.decklists import decklist_create
from tests.factories import UserFactory, give_starter_kit

pytestmark = pytest.mark.django_db

LIST_A = ["ANNIHILATION", "BARON", "BOOM!", "BRUTE", "CARAPACE", "PARTISAN", "REVENANT",
          "TROLL", "OGRE", "ALPHA"]
LIST_B = ["BRIGAND", "DISCIPLE", "GNOME", "GRRR", "MARTYR", "METEORITE", "PARASITE", "VORTEX",
          "ZOMBIE", "MUTANT"]
CHANGELISTS = ["cardgame", "cardset", "card", "collectionentry", "decklist", "decklistversion",
               "bansession"]


@pytest.fixture
def staff(client):
    admin = UserFactory(username="staff", is_staff=True, is_superuser=True)
    client.force_login(admin)
    ann = UserFactory(username="ann")
    give_starter_kit(ann)
    now = timezone.now()
    lists = [decklist_create(user=ann, name=f"Ann {n}", kind=DecklistKind.CONSTRUCTED,
                             cards=cards, now=now) for n, cards in ((1, LIST_A), (2, LIST_B))]
    ban_session_start(version_a=lists[0].current, version_b=lists[1].current, player_a=ann,
                      player_b=None, now=now)
    return client


@pytest.mark.parametrize("model", CHANGELISTS)
def test_every_decks_model_is_listed_and_searchable_by_the_owners_name(staff, model):
    url = reverse(f"admin:decks_{model}_changelist")
    assert staff.get(url).status_code == 200
    assert staff.get(url, {"q": "ann"}).status_code == 200


def test_a_decklist_is_shown_but_not_changed_in_the_admin(staff):
    decklist = Decklist.objects.first()
    page = staff.get(reverse("admin:decks_decklist_change", args=[decklist.pk]))
    assert page.status_code == 200
    staff.post(reverse("admin:decks_decklist_change", args=[decklist.pk]), {"name": "Renamed"})
    decklist.refresh_from_db()
    assert decklist.name != "Renamed"
