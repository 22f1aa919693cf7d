"""The attacker's path through the tournaments API: a brand-new account creates its own event
and enters the player by username with every version id there is (and some that are not),
and an added player who tries someone else's version id reads the answer a missing one gets.
The worlds and the player's hidden list are the permission matrix's (test_api_permissions.py).
"""

from __future__ import annotations

import pytest

from decks.models import DecklistVersion
from tests.factories import UserFactory
from tests.tournaments.api.test_api_permissions import SECRET, own_version, registration_open
from tests.web import client_for
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def test_a_new_account_cannot_enter_or_read_someone_elses_list_through_its_own_event():
    world = registration_open()  # the player's SECRET list is registered in a real event
    attacker = client_for(UserFactory(username="attacker"))
    created = attacker.post("/api/events/", {"name": "Mine", "format": "constructed"},
                            format="json")
    assert created.status_code == 201
    url = f"/api/events/{created.json()['id']}/registrations/"
    top = DecklistVersion.objects.order_by("-pk").first().pk
    bodies = set()
    # The latest ids and some not yet used: the victim's among them, under the write limit of
    # 120 a minute (on PostgreSQL ids keep counting across tests).
    for guess in range(max(1, top - 80), top + 20):
        response = attacker.post(url, {"player": "player", "decklist_version": guess},
                                 format="json")
        assert response.status_code == 400, (guess, response.content)
        bodies.add(response.content)
        assert not any(card in response.content.decode() for card in SECRET)
    assert len(bodies) == 1, "the answers tell a real version id from a guessed one"
    assert bodies.pop().decode().count("list_by_player") == 1

    seat = attacker.post(url, {"player": "player"}, format="json")
    assert seat.status_code == 201 and seat.json()["decklist"] is None
    refused = attacker.post(f"{url}{seat.json()['id']}/decklist/",
                            {"decklist_version": own_version("player")}, format="json")
    assert refused.status_code == 403
    secret = world.seat.decklist_version
    for path in (url, f"/api/decklists/{secret.decklist_id}/",
                 f"/api/decklists/{secret.decklist_id}/versions/"):
        body = attacker.get(path).content.decode()
        assert not any(card in body for card in SECRET), path
    assert attacker.get(f"/api/decklists/{secret.decklist_id}/").status_code == 404


def test_the_added_player_attaches_their_list_and_a_stolen_id_reads_like_a_missing_one():
    world = registration_open()
    organizer = client_for(world.users["organizer"])
    seat = organizer.post(f"/api/events/{world.event.pk}/registrations/",
                          {"player": "newcomer"}, format="json").json()
    newcomer = client_for(Registration.objects.get(pk=seat["id"]).player)
    url = f"/api/events/{world.event.pk}/registrations/{seat['id']}/decklist/"
    stolen = world.seat.decklist_version_id
    answers = []
    for guess in (stolen, DecklistVersion.objects.order_by("-pk").first().pk + 100):
        response = newcomer.post(url, {"decklist_version": guess}, format="json")
        assert response.status_code == 400
        answers.append(response.content.decode().replace(str(guess), "N"))
    assert answers[0] == answers[1] and "unknown_decklist" in answers[0]
    attached = newcomer.post(url, {"decklist_version": own_version("newcomer")},
                             format="json")
    assert attached.status_code == 200, attached.content
    assert attached.json()["decklist"]["version"] == own_version("newcomer")

