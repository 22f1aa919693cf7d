"""How a person gets their language (docs/languages.md): the menu on every page offers a
language only once its catalogue is compiled, the first visit follows Accept-Language, the
choice is kept in a cookie and, for a signed-in person, on their account; the page's `lang`
is the language shown. And the project's own .mo compiler writes what GNU msgfmt writes."""

from __future__ import annotations

import gettext
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.test import Client

from accounts.models import Profile
from core.i18n import languages_offered
from core.i18n_mo import compile_po, parse_po
from tests.catalogues import RUSSIAN, write_catalogue
from tests.factories import UserFactory
from tests.web import html, signed_in

pytestmark = pytest.mark.django_db

COOKIE = django_settings.LANGUAGE_COOKIE_NAME


@pytest.fixture
def no_catalogue(settings, tmp_path):
    settings.LOCALE_PATHS = [tmp_path]
    return tmp_path


@pytest.fixture
def russian(settings, tmp_path):
    """A compiled Russian catalogue, the only one."""
    write_catalogue(tmp_path, "ru", RUSSIAN)
    write_catalogue(tmp_path, "ru", {"Updates every 20 seconds.":
                                     "Обновляется каждые 20 секунд."}, domain="djangojs")
    settings.LOCALE_PATHS = [tmp_path]
    return tmp_path


def test_the_settings_name_the_seven_languages_each_in_itself() -> None:
    assert dict(django_settings.LANGUAGES) == {
        "en": "English", "sr": "Српски", "sr-latn": "Srpski (latinica)", "eo": "Esperanto",
        "tr": "Türkçe", "cs": "Čeština", "ru": "Русский"}
    assert django_settings.LANGUAGE_CODE == "en"
    assert django_settings.LOCALE_PATHS == [django_settings.BASE_DIR / "locale"]
    middleware = django_settings.MIDDLEWARE
    assert (middleware.index("django.contrib.sessions.middleware.SessionMiddleware")
            < middleware.index("django.middleware.locale.LocaleMiddleware")
            < middleware.index("django.middleware.common.CommonMiddleware"))
    assert (middleware.index("django.contrib.auth.middleware.AuthenticationMiddleware")
            < middleware.index("core.i18n.PreferencesMiddleware"))


def test_without_a_catalogue_only_english_is_offered_and_no_menu_is_shown(
        client, no_catalogue) -> None:
    assert languages_offered() == [("en", "English")]

    page = html(client.get("/"))

    assert "language-menu" not in page
    assert '<html lang="en"' in page


def test_a_compiled_catalogue_puts_its_language_in_the_menu(client, russian) -> None:
    assert languages_offered() == [("en", "English"), ("ru", "Русский")]

    page = html(client.get("/events/"))

    assert 'class="language-menu"' in page
    assert 'action="/i18n/setlang/"' in page
    assert '<input type="hidden" name="next" value="/events/">' in page
    assert '<option value="ru" lang="ru">Русский</option>' in page
    assert "Türkçe" not in page and "Čeština" not in page  # no catalogue: not offered


def test_serbian_latin_is_found_in_its_sr_latn_folder(settings, tmp_path) -> None:
    write_catalogue(tmp_path, "sr-latn", {"Events": "Turniri"})
    assert (tmp_path / "sr_Latn" / "LC_MESSAGES" / "django.mo").is_file()
    settings.LOCALE_PATHS = [tmp_path]

    assert languages_offered() == [("en", "English"), ("sr-latn", "Srpski (latinica)")]
    page = html(Client(HTTP_ACCEPT_LANGUAGE="sr-Latn").get("/"))
    assert '<html lang="sr-latn"' in page and ">Turniri</a>" in page


def test_the_first_visit_follows_accept_language(russian) -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE="ru-RU,ru;q=0.9,en;q=0.5").get("/")

    page = html(response)
    assert '<html lang="ru"' in page
    assert ">Турниры</a>" in page and ">Войти</a>" in page
    assert response["Content-Language"] == "ru"


def test_a_language_without_its_catalogue_is_never_active(no_catalogue) -> None:
    """Django ships its own Russian for its forms; the site's pages would be half English,
    so the page stays English until the site's catalogue is compiled."""
    response = Client(HTTP_ACCEPT_LANGUAGE="ru").get("/")

    assert '<html lang="en"' in html(response)
    assert response["Content-Language"] == "en"


def test_a_visitor_s_choice_is_kept_in_the_language_cookie(russian) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")

    response = client.post("/i18n/setlang/", {"language": "ru", "next": "/events/"})

    assert response.status_code == 302 and response["Location"] == "/events/"
    assert response.cookies[COOKIE].value == "ru"
    page = html(client.get("/events/"))
    assert '<html lang="ru"' in page and '<option value="ru" lang="ru" selected>' in page


def test_a_signed_in_person_s_choice_is_kept_on_their_account(russian) -> None:
    user = UserFactory(username="ana")
    client = signed_in(user)

    response = client.post("/i18n/setlang/", {"language": "ru", "next": "/me/"})

    assert response.status_code == 302 and response["Location"] == "/me/"
    assert response.cookies[COOKIE].value == "ru"
    assert Profile.objects.get(user=user).language == "ru"
    # Another browser, which asks for English: the account's language wins once signed in.
    elsewhere = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert '<html lang="en"' in html(elsewhere.get("/"))
    elsewhere.force_login(user)
    assert '<html lang="ru"' in html(elsewhere.get("/"))


def test_a_language_not_offered_is_refused_and_nothing_is_kept(russian) -> None:
    user = UserFactory(username="ana")
    client = signed_in(user)

    response = client.post("/i18n/setlang/", {"language": "tr", "next": "/events/"},
                           follow=True)

    assert response.redirect_chain[0] == ("/events/", 302)
    assert COOKIE not in client.cookies
    assert "That language is not offered yet" in html(response)
    assert not Profile.objects.filter(user=user, language="tr").exists()


def test_the_menu_sends_nobody_to_another_site(russian) -> None:
    response = Client().post("/i18n/setlang/",
                             {"language": "ru", "next": "https://evil.example/"})

    assert response.status_code == 302 and response["Location"] == "/"


@pytest.mark.parametrize("target", ["1", "events", "javascript:alert(1)", "//evil.example/"])
def test_a_next_that_is_no_address_of_the_site_goes_home(russian, target) -> None:
    """A `next` that is a bare word would have been read as a view's name (a 500)."""
    response = Client().post("/i18n/setlang/", {"language": "xx", "next": target})

    assert response.status_code == 302 and response["Location"] == "/"


def test_set_language_takes_only_a_post(russian) -> None:
    assert Client().get("/i18n/setlang/?language=ru").status_code == 405


def test_the_scripts_translations_are_a_script_of_the_site_loaded_before_the_scripts(
        russian) -> None:
    page = html(Client().get("/"))
    catalog = page.index('<script src="/i18n/js/" defer></script>')
    assert catalog < page.index('<script src="/static/js/timezone.js" defer></script>')

    response = Client(HTTP_ACCEPT_LANGUAGE="ru").get("/i18n/js/")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert json.dumps("Обновляется каждые 20 секунд.") in response.content.decode()


def test_the_static_scripts_speak_through_gettext() -> None:
    scripts = django_settings.BASE_DIR / "static" / "js"
    for name, text in [("live-refresh.js", 'gettext("Updates every 20 seconds.")'),
                       ("lab.js", 'gettext("Lost touch with the server; retrying.")'),
                       ("play.js", 'gettext("Could not reach the server: retrying.")'),
                       ("deck-builder.js", 'ngettext("%(n)s problem", "%(n)s problems"')]:
        assert text in (scripts / name).read_text(encoding="utf-8"), name


# The .mo compiler ------------------------------------------------------------------------

PO = r'''# A catalogue with every kind of entry msgfmt treats differently.
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Language: ru\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && "
"n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

#: templates/base.html:20
msgid "Events"
msgstr "Турниры"

msgctxt "a card's place"
msgid "lane"
msgstr "линия"

#, python-format
msgid "%(n)d round"
msgid_plural "%(n)d rounds"
msgstr[0] "%(n)d раунд"
msgstr[1] "%(n)d раунда"
msgstr[2] "%(n)d раундов"

msgid ""
"A long text "
"in two \"parts\"\n"
msgstr ""
"Длинный текст "
"из двух «частей»\n"

#, fuzzy
msgid "Not sure yet"
msgstr "Ещё не уверен"

msgid "Not translated"
msgstr ""

#~ msgid "Gone"
#~ msgstr "Ушло"
'''


def _read(mo: Path) -> gettext.GNUTranslations:
    with mo.open("rb") as f:
        return gettext.GNUTranslations(f)


def test_the_compiler_reads_every_kind_of_entry(tmp_path) -> None:
    po = tmp_path / "django.po"
    po.write_text(PO, encoding="utf-8")

    assert compile_po(po, tmp_path / "django.mo") == 5  # the header and four translations
    translations = _read(tmp_path / "django.mo")

    assert translations.gettext("Events") == "Турниры"
    assert translations.pgettext("a card's place", "lane") == "линия"
    assert translations.gettext("lane") == "lane"
    # Russian's three forms, for 1, 2, 5 and 21 rounds.
    assert [translations.ngettext("%(n)d round", "%(n)d rounds", n) for n in (1, 2, 5, 21)] == [
        "%(n)d раунд", "%(n)d раунда", "%(n)d раундов", "%(n)d раунд"]
    assert translations.gettext('A long text in two "parts"\n') == (
        "Длинный текст из двух «частей»\n")
    assert translations.gettext("Not sure yet") == "Not sure yet"  # fuzzy: left out
    assert translations.gettext("Not translated") == "Not translated"
    assert translations.gettext("Gone") == "Gone"
    assert len(parse_po(PO)) == 7  # the obsolete entry is no entry


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext is not installed")
def test_the_compiler_agrees_with_gnu_msgfmt(tmp_path) -> None:
    po = tmp_path / "django.po"
    po.write_text(PO, encoding="utf-8")
    compile_po(po, tmp_path / "ours.mo")
    subprocess.run(["msgfmt", "-o", str(tmp_path / "gnu.mo"), str(po)], check=True)

    ours, gnu = _read(tmp_path / "ours.mo"), _read(tmp_path / "gnu.mo")

    assert ours._catalog == gnu._catalog  # noqa: SLF001
    assert ours.info() == gnu.info()
    assert ours.plural(21) == gnu.plural(21) == 0 and ours.plural(5) == gnu.plural(5) == 2


def test_the_compiled_catalogue_is_what_django_reads(russian) -> None:
    page = html(Client(HTTP_ACCEPT_LANGUAGE="ru").get("/"))
    assert ">Турниры</a>" in page


def test_compile_catalogues_compiles_every_po_of_the_locale_folders(settings, tmp_path,
                                                                      capsys) -> None:
    for folder, text in [("cs", "Turnaje"), ("tr", "Turnuvalar")]:
        messages = tmp_path / folder / "LC_MESSAGES"
        messages.mkdir(parents=True)
        (messages / "django.po").write_text(
            'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
            f'msgid "Events"\nmsgstr "{text}"\n', encoding="utf-8")
    settings.LOCALE_PATHS = [tmp_path]

    call_command("compile_catalogues")

    assert _read(tmp_path / "cs" / "LC_MESSAGES" / "django.mo").gettext("Events") == "Turnaje"
    assert _read(tmp_path / "tr" / "LC_MESSAGES" / "django.mo").gettext("Events") == "Turnuvalar"
    assert "2 entries" in capsys.readouterr().out


def test_compile_catalogues_names_the_line_it_cannot_read(settings, tmp_path) -> None:
    messages = tmp_path / "eo" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    (messages / "django.po").write_text('msgid "Events"\nmsgstr Eventoj\n', encoding="utf-8")
    settings.LOCALE_PATHS = [tmp_path]

    from django.core.management.base import CommandError
    with pytest.raises(CommandError, match="line 2"):
        call_command("compile_catalogues")


# The menu on the pages kept for every visitor ---------------------------------------------


def test_the_menu_works_with_csrf_checks_on_and_carries_no_token(russian) -> None:
    client = Client(enforce_csrf_checks=True)
    page = html(client.get("/events/"))
    assert "csrfmiddlewaretoken" not in page.split('class="language-menu"')[1].split("</form>")[0]

    response = client.post("/i18n/setlang/", {"language": "ru", "next": "/events/"},
                           HTTP_ORIGIN="http://testserver", HTTP_SEC_FETCH_SITE="same-origin")

    assert response.status_code == 302 and response.cookies[COOKIE].value == "ru"


@pytest.mark.parametrize("headers", [{"HTTP_ORIGIN": "https://evil.example"},
                                     {"HTTP_SEC_FETCH_SITE": "cross-site"},
                                     {"HTTP_SEC_FETCH_SITE": "same-site",
                                      "HTTP_ORIGIN": "http://testserver"}])
def test_another_site_cannot_change_a_person_s_language(russian, headers: dict) -> None:
    user = UserFactory(username="ana")
    client = signed_in(user)

    response = client.post("/i18n/setlang/", {"language": "ru", "next": "/"}, **headers)

    assert response.status_code == 403
    assert COOKIE not in response.cookies
    assert not Profile.objects.filter(user=user, language="ru").exists()


def test_a_kept_event_page_is_kept_once_per_language(russian) -> None:
    from tests.factories.tournaments import OrganizedEventFactory
    from tests.tournaments.event_steps import pair, seats, start

    event = OrganizedEventFactory(organizers=[UserFactory()], rounds=2, top_cut=0)
    seats(event, "alice bob carol dave")
    start(event)
    pair(event)

    for url in (f"/events/{event.pk}/pairings/", f"/events/{event.pk}/standings/"):
        russian_page = html(Client(HTTP_ACCEPT_LANGUAGE="ru").get(url))
        english_page = html(Client(HTTP_ACCEPT_LANGUAGE="en").get(url))
        again = html(Client(HTTP_ACCEPT_LANGUAGE="ru").get(url))

        assert '<html lang="ru"' in russian_page and ">Турниры</a>" in russian_page
        assert '<html lang="en"' in english_page and ">Events</a>" in english_page
        assert again == russian_page


def test_a_printout_s_lang_is_the_reader_s_language(russian) -> None:
    from tests.factories.tournaments import OrganizedEventFactory
    from tests.tournaments.event_steps import pair, seats, start

    event = OrganizedEventFactory(organizers=[UserFactory()], rounds=2, top_cut=0)
    seats(event, "alice bob carol dave")
    start(event)
    pair(event)
    url = f"/events/{event.pk}/print/pairings/by-name/"

    assert '<html lang="ru">' in html(Client(HTTP_ACCEPT_LANGUAGE="ru").get(url))
    assert '<html lang="en">' in html(Client().get(url))
