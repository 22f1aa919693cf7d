"""A rule the site cites is cited in the reader's language (issue 33): "(rule C-8)" reads
"(правило C-8)" in Russian and "(regulo C-8)" in Esperanto, inside the translated sentence;
only the rule's number stays as the rulebook prints it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from core.i18n_mo import parse_po
from tests.factories import UserFactory

LOCALE = Path(settings.LOCALE_PATHS[0])
FOLDERS = sorted(p.name for p in LOCALE.glob("*") if (p / "LC_MESSAGES").is_dir())
ENGLISH_CITATION = re.compile(r"\b(rules?|rulings?)\s+[A-Z]-\d", re.IGNORECASE)


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    translation.deactivate()


@pytest.mark.parametrize("folder", FOLDERS)
def test_no_translation_cites_a_rule_in_english(folder):
    left = []
    for po in sorted((LOCALE / folder / "LC_MESSAGES").glob("*.po")):
        for entry in parse_po(po.read_text(encoding="utf-8"), name=str(po)):
            if entry.msgid and any(ENGLISH_CITATION.search(form)
                                   for form in entry.forms.values()):
                left.append(entry.msgid)
    assert left == []


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "citation"), [
    ("en", "(rule C-8)"), ("ru", "(правило C-8)"), ("eo", "(regulo C-8)"),
    ("cs", "(pravidlo C-8)"), ("sr", "(правило C-8)"), ("sr-latn", "(pravilo C-8)"),
    ("tr", "(kural C-8)"),
])
def test_the_play_page_cites_the_solo_rule_in_the_readers_language(language, citation):
    client = Client()
    client.force_login(UserFactory())
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    lead = re.search(r'<p class="lead">(.*?)</p>',
                     client.get(reverse("play:index")).content.decode(), re.S)[1]
    assert citation in lead
