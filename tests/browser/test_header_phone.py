"""The site's header on a phone (390x844), in every language the site speaks (issue 33): a
reader sees the page under it, not a quarter of the screen of header; the navigation is one
line, never two or three, however long a language's words; the language control's label is
readable (WCAG AA, 4.5:1); and a person with a keyboard reaches every link and the language
menu."""

from __future__ import annotations

import pytest
from django.conf import settings

from tests.browser.helpers import PHONE, Words
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = [code for code, _name in settings.LANGUAGES]
# About 13% of the phone's 844px: the brand and the language control, then the navigation.
HEADER_MAX_PX = 110
AA_TEXT = 4.5

# The colours of an element's text and of what is behind it, from the computed styles: the
# first ancestor (or itself) with a background colour that is not transparent, each layer's
# alpha laid on the one below, down to the page's white.
COLOURS = """element => {
  const rgba = text => {
    const [r, g, b, a = 1] = text.match(/[\\d.]+/g).map(Number);
    return [r, g, b, a];
  };
  const layers = [];
  for (let node = element; node; node = node.parentElement) {
    const background = rgba(getComputedStyle(node).backgroundColor);
    if (background[3] > 0) layers.push(background);
    if (background[3] >= 1) break;
  }
  return {text: rgba(getComputedStyle(element).color), behind: layers.reverse()};
}"""


def _over(top: list[float], bottom: list[float]) -> list[float]:
    alpha = top[3]
    return [top[i] * alpha + bottom[i] * (1 - alpha) for i in range(3)] + [1.0]


def _luminance(colour: list[float]) -> float:
    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(value) for value in colour[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(locator) -> float:  # noqa: ANN001
    """The WCAG contrast ratio of an element's text against its background."""
    colours = locator.evaluate(COLOURS)
    behind = [255.0, 255.0, 255.0, 1.0]
    for layer in colours["behind"]:
        behind = _over(layer, behind)
    text = _over(colours["text"], behind)
    lighter, darker = sorted((_luminance(text), _luminance(behind)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def nav_lines(page) -> int:  # noqa: ANN001
    tops = page.locator(".nav-links > li").evaluate_all(
        "items => items.map(li => Math.round(li.getBoundingClientRect().top))")
    return len(set(tops))


def select_labels(page):  # noqa: ANN001, ANN201
    """What labels the language select: the elements its aria-labelledby names, else its
    <label>s."""
    select = page.locator("#language-menu-choice")
    ids = (select.get_attribute("aria-labelledby") or "").split()
    if ids:
        return [page.locator(f"#{name}") for name in ids]
    return [page.locator("label[for='language-menu-choice']")]


def header_figures(page) -> dict:  # noqa: ANN001
    return {"height": page.locator(".site-header").bounding_box()["height"],
            "nav lines": nav_lines(page),
            "label contrast": min(round(contrast(label), 2) for label in select_labels(page))}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_header_is_short_one_line_and_readable_on_a_phone(open_as, language) -> None:  # noqa: ANN001
    w = Words(language)
    visitor = open_as(None, w)
    visitor.goto("/events/")
    assert visitor.locator("html").get_attribute("lang") == language
    member = open_as(UserFactory(username="a-rather-long-player-name"), w)
    member.goto("/events/")
    figures = {"visitor": header_figures(visitor), "signed in": header_figures(member)}
    for who, seen in figures.items():
        assert seen["height"] <= HEADER_MAX_PX, (language, who, figures)
        assert seen["nav lines"] == 1, (language, who, figures)
        assert seen["label contrast"] >= AA_TEXT, (language, who, figures)
        # The label is on screen, not only for screen readers.
        page = visitor if who == "visitor" else member
        assert all(label.is_visible() for label in select_labels(page)), (language, who)


@pytest.mark.parametrize("language", ["ru", "tr"])
def test_every_link_of_the_line_is_reached_by_the_keyboard(open_as, language) -> None:  # noqa: ANN001
    """In Russian the links are longer than the phone is wide: the line scrolls, and the last
    one, out of sight at first, comes into view when Tab reaches it."""
    w = Words(language)
    page = open_as(None, w)
    page.goto("/events/")
    items = page.locator(".nav-links > li")
    last = items.last.locator("a, button")
    box = last.bounding_box()
    assert box["x"] + box["width"] > PHONE["width"]  # out of sight, past the right edge
    reached = []
    for _ in range(20):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("document.activeElement.textContent.trim()"))
        if last.evaluate("el => el === document.activeElement"):
            break
    assert reached[-1] == last.inner_text().strip(), reached
    box = last.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert nav_lines(page) == 1


def test_the_language_menu_opens_and_changes_the_language_by_keyboard(open_as) -> None:  # noqa: ANN001
    page = open_as(None)
    page.goto("/events/")
    menu = page.get_by_label("Language")
    assert not menu.is_visible()  # folded: one small control in the header
    page.locator(".language-choice summary").focus()
    page.keyboard.press("Enter")
    assert menu.is_visible()
    assert page.get_by_role("combobox", name="Language").is_visible()
    page.keyboard.press("Tab")
    assert menu.evaluate("el => el === document.activeElement")
    menu.select_option("ru")
    page.keyboard.press("Tab")
    with page.expect_navigation():
        page.keyboard.press("Enter")  # on Change
    assert page.url.endswith("/events/")
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.get_by_label(Words("ru")("Language")).input_value() == "ru"
