"""What the pages and the API show of a walk-in's claim code: the claim page's address with
the code filled in, the link an organizer hands out."""

from __future__ import annotations

from urllib.parse import urlencode

from django.urls import reverse


def claim_path(code: str) -> str:
    return reverse("tournaments:claim") + "?" + urlencode({"code": code})
