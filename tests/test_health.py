import pytest
from django.contrib import messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.db import OperationalError, connection
from django.test import Client

from clash import views
from engine.clash.cards import load_catalogue


@pytest.mark.django_db
def test_health_reports_database_and_catalogue_version(client: Client) -> None:
    response = client.get("/health/")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "status": "ok",
        "database": "ok",
        "engine_catalogue": load_catalogue().version,
    }
    assert isinstance(response.json()["engine_catalogue"], str)


@pytest.mark.django_db
def test_health_answers_503_when_the_database_query_fails(client: Client) -> None:
    def database_down(execute, sql, params, many, context):
        raise OperationalError("connection refused")

    with connection.execute_wrapper(database_down):
        response = client.get("/health/")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error"
    assert body["database"] == "error: connection refused"
    assert body["engine_catalogue"] == load_catalogue().version


@pytest.mark.django_db
def test_health_is_never_cached(client: Client) -> None:
    response = client.get("/health/")

    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_home_page_renders_inside_the_base_layout(client: Client) -> None:
    response = client.get("/")

    assert response.status_code == 200
    assert [t.name for t in response.templates][:2] == ["home.html", "base.html"]
    html = response.content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert 'href="/static/css/clash.css"' in html
    assert '<nav class="nav"' in html


@pytest.mark.django_db
def test_pages_load_nothing_from_other_hosts(client: Client) -> None:
    html = client.get("/").content.decode()

    for attribute in ('src="http', "src='http", 'href="http', "href='http", 'src="//', 'href="//'):
        assert attribute not in html


def test_home_page_shows_flash_messages(rf) -> None:
    request = rf.get("/")
    request.session = {}
    request._messages = FallbackStorage(request)
    messages.success(request, "Deck registered.")

    html = views.home(request).content.decode()

    assert "Deck registered." in html
    assert "message-success" in html


def test_stylesheet_is_served_by_the_project(client: Client) -> None:
    response = client.get("/static/css/clash.css")

    assert response.status_code == 200
    assert "text/css" in response["Content-Type"]
    body = b"".join(response.streaming_content).decode()
    assert "@media" in body
