"""Plural forms with 1, 2, 5 and 21 of something, in Russian, Czech and Serbian (issue 17).

The project's real catalogues, read through Django as a page reads them: template messages
rendered with {% blocktranslate count %} exactly as the templates write them, and a Python
message through ngettext. The expected words follow each language's grammar, not the
catalogue: Russian and Serbian take the singular again at 21 (21 игрок, 21 играч), Czech
does not (21 hráčů); Serbian 2-4 take the paucal (2 бода), 5 and up the genitive plural
(5 бодова).
"""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation
from django.utils.translation import ngettext

COUNTS = (1, 2, 5, 21)

# templates/tournaments/event_list.html, player.html, _clock.html
PLAYERS = "{{ n }} player{% plural %}{{ n }} players"
POINTS = "{{ n }} point{% plural %}{{ n }} points"
MINUTES = "{{ n }} minute left{% plural %}{{ n }} minutes left"

TEMPLATE_CASES = [
    ("ru", PLAYERS, ["1 игрок", "2 игрока", "5 игроков", "21 игрок"]),
    ("ru", POINTS, ["1 очко", "2 очка", "5 очков", "21 очко"]),
    ("ru", MINUTES, ["Осталась 1 минута", "Осталось 2 минуты", "Осталось 5 минут",
                     "Осталась 21 минута"]),
    ("cs", PLAYERS, ["1 hráč", "2 hráči", "5 hráčů", "21 hráčů"]),
    ("cs", POINTS, ["1 bod", "2 body", "5 bodů", "21 bodů"]),
    ("cs", MINUTES, ["Zbývá 1 minuta", "Zbývají 2 minuty", "Zbývá 5 minut", "Zbývá 21 minut"]),
    ("sr", PLAYERS, ["1 играч", "2 играча", "5 играча", "21 играч"]),
    ("sr", POINTS, ["1 бод", "2 бода", "5 бодова", "21 бод"]),
    ("sr", MINUTES, ["Преостао је 1 минут", "Преостала су 2 минута", "Преостало је 5 минута",
                     "Преостао је 21 минут"]),
    ("sr-latn", PLAYERS, ["1 igrač", "2 igrača", "5 igrača", "21 igrač"]),
    ("sr-latn", POINTS, ["1 bod", "2 boda", "5 bodova", "21 bod"]),
    ("sr-latn", MINUTES, ["Preostao je 1 minut", "Preostala su 2 minuta",
                          "Preostalo je 5 minuta", "Preostao je 21 minut"]),
]


@pytest.mark.parametrize(("language", "message", "expected"), TEMPLATE_CASES,
                         ids=[f"{case[0]}-{case[1].split()[2]}" for case in TEMPLATE_CASES])
def test_a_template_message_takes_the_form_of_its_count(language, message, expected) -> None:  # noqa: ANN001
    template = Template("{% load i18n %}{% blocktranslate count n=n %}" + message
                        + "{% endblocktranslate %}")
    with translation.override(language):
        rendered = [template.render(Context({"n": n})) for n in COUNTS]
    assert rendered == expected


# decks/services/card_import.py: a card file with bad rows.
BAD_ROWS = ("%(n)d bad row; nothing was imported", "%(n)d bad rows; nothing was imported")

PYTHON_CASES = [
    ("ru", ["1 неверная строка", "2 неверные строки", "5 неверных строк", "21 неверная строка"],
     "; ничего не импортировано"),
    ("cs", ["1 chybný řádek", "2 chybné řádky", "5 chybných řádků", "21 chybných řádků"],
     "; nic nebylo importováno"),
    ("sr", ["1 неисправан ред", "2 неисправна реда", "5 неисправних редова",
            "21 неисправан ред"], "; ништа није увезено"),
    ("sr-latn", ["1 neispravan red", "2 neispravna reda", "5 neispravnih redova",
                 "21 neispravan red"], "; ništa nije uvezeno"),
]


@pytest.mark.parametrize(("language", "expected", "rest"), PYTHON_CASES,
                         ids=[case[0] for case in PYTHON_CASES])
def test_a_python_message_takes_the_form_of_its_count(language, expected, rest) -> None:  # noqa: ANN001
    with translation.override(language):
        rendered = [ngettext(*BAD_ROWS, n) % {"n": n} for n in COUNTS]
    assert rendered == [words + rest for words in expected]


def test_english_keeps_its_two_forms() -> None:
    """The reference: English says 1 player, 21 players."""
    template = Template("{% load i18n %}{% blocktranslate count n=n %}" + PLAYERS
                        + "{% endblocktranslate %}")
    with translation.override("en"):
        assert [template.render(Context({"n": n})) for n in COUNTS] == [
            "1 player", "2 players", "5 players", "21 players"]
