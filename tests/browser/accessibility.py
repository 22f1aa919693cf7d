"""axe-core on every page the browser tests visit (issue 33): no serious or critical
violation of its rules (WCAG 2 A and AA, and its best practices) may be on any of them.

Every browser context a browser test opens is watched (tests/browser/conftest.py). A page is
checked as it was loaded, before the test's first action or assertion on it: a Playwright
locator handler, registered on each page, matches a document not yet checked, so Playwright
runs the check before it goes on, and nothing races the test's next step. The pages still
open are checked when the test body ends or their context is closed. A page is its path and
query, checked once per test; a page shown again by the answer to a form sent to its own
address (its errors) is a page of its own.

axe-core comes in the axe-playwright-python wheel (its axe.min.js), evaluated in the page by
Playwright: nothing is fetched from the network. A context opened with JavaScript turned off
cannot run it and is not checked (its pages are the same as in the other tests).
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from axe_playwright_python.sync_playwright import Axe

# What fails a test; axe's "moderate" and "minor" findings are not counted.
IMPACTS = ("critical", "serious")
AXE = Axe()
OPTIONS = {"resultTypes": ["violations"]}
# Set on a document's <html> once it is checked: the locator handler's locator stops matching.
CHECKED = "data-accessibility-checked"
UNCHECKED = f"html:not([{CHECKED}])"


@dataclass(frozen=True)
class Violation:
    rule: str
    impact: str
    target: str
    page: str
    help: str

    def line(self) -> str:
        return f"{self.rule} ({self.impact}) on {self.page} at {self.target}: {self.help}"


@dataclass
class Audit:
    """The serious and critical violations found on the pages of one test."""

    violations: list[Violation] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    # Gone (closed, or left by their own script) while they were being checked.
    missed: list[str] = field(default_factory=list)
    finished: bool = False
    _contexts: list = field(default_factory=list)
    _pages: list = field(default_factory=list)
    _seen: set[tuple[bool, str]] = field(default_factory=set)
    # Per page, the method and address of the request of its current document.
    _requests: dict = field(default_factory=dict)

    def watch(self, context) -> None:  # noqa: ANN001
        """Check each page of the context as it is loaded, and before the context closes."""
        self._contexts.append(context)
        new_page, close = context.new_page, context.close

        def watched_page(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            page = new_page(*args, **kwargs)
            self._watch_page(page)
            return page

        def checked_close(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            if not self.finished:
                self._check_open(context)
            return close(*args, **kwargs)

        context.new_page, context.close = watched_page, checked_close
        context.on("page", self._watch_page)  # a page the site opens (a popup)

    def finish(self) -> None:
        """At the end of the test body: the pages still open."""
        for context in self._contexts:
            self._check_open(context)
        self.finished = True

    def check_again(self, page) -> None:  # noqa: ANN001
        """Check the page as it is now: for a page its own script draws after it loads (the
        check made as it loaded saw it before its script had drawn anything)."""
        parts = urlsplit(page.url)
        address = parts.path + (f"?{parts.query}" if parts.query else "")
        self._seen.discard((False, address))
        self._check(page)

    def report(self) -> str:
        lines = [f"{len(self.violations)} serious or critical accessibility violations "
                 f"(axe-core, on {len(self.checked)} pages):"]
        lines += [f"  {violation.line()}" for violation in self.violations]
        return "\n".join(lines)

    def _watch_page(self, page) -> None:  # noqa: ANN001
        if any(page is seen for seen in self._pages):
            return
        self._pages.append(page)
        page.on("request", lambda request: self._on_request(page, request))
        page.add_locator_handler(page.locator(UNCHECKED), lambda: self._check_and_mark(page),
                                 no_wait_after=True)

    def _on_request(self, page, request) -> None:  # noqa: ANN001
        if request.is_navigation_request() and request.frame.parent_frame is None:
            self._requests[page] = (request.method, request.url)

    def _check_open(self, context) -> None:  # noqa: ANN001
        for page in context.pages:
            if not page.is_closed():
                self._check(page)

    def _check_and_mark(self, page) -> None:  # noqa: ANN001
        self._check(page)
        with suppress(Exception):  # gone already: its next document is checked in turn
            page.evaluate(f"document.documentElement.setAttribute('{CHECKED}', '')")

    def _check(self, page) -> None:  # noqa: ANN001
        url = page.url
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https"):
            return
        method, requested = self._requests.get(page, ("GET", url))
        answer = method == "POST" and requested == url
        address = parts.path + (f"?{parts.query}" if parts.query else "")
        if (answer, address) in self._seen:
            return
        self._seen.add((answer, address))
        shown = f"{address} (the answer to its form)" if answer else address
        try:
            results = AXE.run(page, options=OPTIONS).response
        except Exception:  # noqa: BLE001 - the page went away while it was checked
            self._seen.discard((answer, address))
            self.missed.append(shown)
            return
        self.checked.append(shown)
        for rule in results["violations"]:
            if rule["impact"] not in IMPACTS:
                continue
            for node in rule["nodes"]:
                target = " ".join(" >> ".join(part) if isinstance(part, list) else part
                                  for part in node["target"])
                self.violations.append(Violation(rule["id"], rule["impact"], target, shown,
                                                 rule["help"]))
