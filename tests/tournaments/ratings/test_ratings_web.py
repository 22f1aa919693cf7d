"""The ratings leaderboard over the API and on its page (/events/ratings/)."""

import pytest

from tests.tournaments.ratings.test_ratings import STRENGTH, complete, play_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated():
    complete(play_out("alice bob carol dave", rounds=2))


def test_the_api_leaderboard_ranks_by_mu_minus_three_sigma(client, rated,
                                                           django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        response = client.get("/api/ratings/", {"event_format": "preconstructed"})
    assert response.status_code == 200, response.content
    rows = response.json()["results"]
    # Alice won both matches and Dave lost both; Bob and Carol each won one.
    names = [r["player"] for r in rows]
    assert names[0] == "alice" and names[-1] == "dave" and sorted(names) == STRENGTH
    assert [r["ordinal"] for r in rows] == sorted((r["ordinal"] for r in rows), reverse=True)
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    assert all(r["ordinal"] == pytest.approx(r["mu"] - 3 * r["sigma"]) for r in rows)
    assert rows[0]["game"] == "clash" and rows[0]["matches"] == 2 and rows[0]["events"] == 1


def test_the_api_leaderboard_is_per_format_and_needs_one(client, rated):
    assert client.get("/api/ratings/", {"event_format": "draft"}).json()["results"] == []
    response = client.get("/api/ratings/", {"event_format": "sealed"})
    assert response.status_code == 400 and response.json()["error"]["code"] == "invalid"
    assert client.get("/api/ratings/").status_code == 400


def test_the_ratings_page_lists_players_in_order(client, rated):
    response = client.get("/events/ratings/", {"format": "preconstructed"})
    assert response.status_code == 200
    names = [r.player.username for r in response.context["ratings"]]
    assert names[0] == "alice" and names[-1] == "dave"
    html = response.content.decode()
    assert html.index(f">{names[0]}<") < html.index(f">{names[1]}<") < html.index(
        f">{names[2]}<") < html.index(f">{names[3]}<")


def test_the_ratings_page_says_when_a_format_has_no_ratings_yet(client):
    html = client.get("/events/ratings/").content.decode()
    assert "No rated draft events yet." in html


def test_every_page_links_to_the_ratings_in_the_nav(client):
    html = client.get("/").content.decode()
    nav = html[html.index('<ul class="nav-links">'):html.index("</ul>")]
    assert '<li><a href="/events/ratings/">Ratings</a></li>' in nav


def test_the_player_page_shows_the_players_rating_once_an_event_completed(client):
    from django.urls import reverse

    event = play_out("alice bob carol dave", rounds=2)
    seat = event.registrations.get(player__username="alice")
    url = reverse("tournaments:event_player", args=[event.pk, seat.pk])
    assert "No rating yet" in client.get(url).content.decode()
    complete(event)
    page = client.get(url).content.decode()
    assert "No rating yet" not in page and "Leaderboard" in page
