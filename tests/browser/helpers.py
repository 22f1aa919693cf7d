"""What the browser journeys share: logging in through the login page, screenshots, and tasks
run in the live server's process.

Screenshots of the main pages go to docs/screenshots/ only when CLASH_SCREENSHOTS=1, so a
normal run leaves the tree as it was; docs/screenshots.md shows them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.utils.text import capfirst

PHONE = {"width": 390, "height": 844}
PASSWORD = "pw-for-tests-1"  # UserFactory's
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
# Long enough for a slow CI machine, short enough that a broken page fails quickly.
TIMEOUT_MS = 15_000


class Words:
    """The words a page shows in one language, read from the project's real catalogues:
    words("Log in") is the msgstr of "Log in" in that language (the msgid itself in
    English), words("Round %(round)d", round=1) fills it in, words.n(singular, plural, n)
    picks the plural form. A journey written with it runs in any language."""

    def __init__(self, language: str = "en") -> None:
        self.language = language

    def __call__(self, msgid: str, context: str | None = None, **params: object) -> str:
        from django.utils import translation

        with translation.override(self.language):
            text = (translation.pgettext(context, msgid) if context
                    else translation.gettext(msgid))
        return text % params if params else text

    def n(self, singular: str, plural: str, count: int, **params: object) -> str:
        from django.utils import translation

        with translation.override(self.language):
            text = translation.ngettext(singular, plural, count)
        return text % params if params else text

    def untranslated(self, texts: list[str]) -> list[str]:
        """Those of the texts (headings, buttons) that are an English message the
        catalogue translates: left in English on a page in another language."""
        if self.language == "en":
            return []
        return [text for text in texts if text.strip() and self(text.strip()) != text.strip()]


ENGLISH = Words("en")


def log_in(page, base_url: str, username: str, password: str = PASSWORD,  # noqa: ANN001
           words: Words = ENGLISH) -> None:
    """Through the login page, as a person would."""
    page.goto(f"{base_url}/accounts/login/")
    # The form's labels are Django's own: the User model's verbose name, capitalised.
    page.get_by_label(capfirst(words("username"))).fill(username)
    page.get_by_label(words("Password")).fill(password)
    page.get_by_role("button", name=words("Log in")).click()
    page.get_by_role("link", name=f"{words('Me')} ({username})").wait_for()


def headings(page) -> list[str]:  # noqa: ANN001
    """The text of every heading on the page."""
    return page.locator("h1, h2, h3, h4").all_inner_texts()


def screenshot(page, name: str) -> None:  # noqa: ANN001
    """docs/screenshots/<name>.png of what the phone shows, when CLASH_SCREENSHOTS=1."""
    if os.environ.get("CLASH_SCREENSHOTS") != "1":
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


@contextmanager
def tasks_in_process() -> Iterator[None]:
    """The sign-up's mail is sent by a task once the sign-up commits: here it runs in the live
    server's process, as under the local settings, instead of going to a broker."""
    from clash.celery import app

    keys = ("task_always_eager", "CELERY_TASK_ALWAYS_EAGER")
    before = {key: app.conf.get(key) for key in keys}
    app.conf.update(dict.fromkeys(keys, True))
    try:
        yield
    finally:
        app.conf.update(before)


def choose_shape(page, key: str) -> None:  # noqa: ANN001
    """Choose the event's shape on the new-event or edit page (tournaments/forms/shapes.py)
    by its card, in any language: the page's script then shows that shape's settings."""
    page.locator(f"input[name='shape'][value='{key}']").check()
