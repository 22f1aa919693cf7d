"""The accessibility check every browser test runs (tests/browser/accessibility.py): a page
with a serious or a critical violation is reported with its rule, its element and its
address; axe-core runs from the wheel, without any other host."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BROKEN = """<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
<h1>Broken</h1><img src="/static/none.png"><label>Name</label><input type="text" name="name">
<p style="color: #ccc; background: #fff">Hard to read</p></main></body></html>"""


def test_a_page_with_violations_is_reported(browser, live_server,  # noqa: ANN001
                                            accessibility_audit) -> None:
    elsewhere: list[str] = []
    context = browser.new_context(base_url=live_server.url)  # watched, as every context is
    context.route("**/*", lambda route: (
        elsewhere.append(route.request.url)
        if urlsplit(route.request.url).netloc != urlsplit(live_server.url).netloc else None,
        route.fallback()))
    context.route("**/broken/", lambda route: route.fulfill(body=BROKEN,
                                                            content_type="text/html"))
    page = context.new_page()
    page.goto("/broken/")
    page.get_by_role("textbox").fill("Ada")  # the page is checked before this first action

    found = {(violation.rule, violation.impact, violation.page)
             for violation in accessibility_audit.violations}
    assert found == {("image-alt", "critical", "/broken/"), ("label", "critical", "/broken/"),
                     ("color-contrast", "serious", "/broken/")}
    report = accessibility_audit.report()
    assert "image-alt (critical) on /broken/ at img: Images must have alternative text" in report
    assert elsewhere == []
    # Checked once: an action on the same page does not run axe-core again.
    page.get_by_role("textbox").fill("Grace")
    assert accessibility_audit.checked == ["/broken/"]
    # This page is wrong on purpose: the test itself must not fail for it.
    accessibility_audit.violations.clear()
    context.close()
