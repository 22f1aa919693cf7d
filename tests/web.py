"""What page and API tests ask of a response, and the clients they ask with."""

from __future__ import annotations

from django.test import Client
from rest_framework.test import APIClient


def client_for(user=None) -> APIClient:  # noqa: ANN001
    """An API client, signed in as `user` (anonymous without one)."""
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def signed_in(user) -> Client:  # noqa: ANN001
    """A page client signed in as `user`."""
    client = Client()
    client.force_login(user)
    return client


def error_of(response) -> dict:  # noqa: ANN001
    """The API's error body (`{"error": {...}}`), checked to be nothing else."""
    body = response.json()
    assert set(body) == {"error"}, body
    return body["error"]


def html(response) -> str:  # noqa: ANN001
    return response.content.decode()
