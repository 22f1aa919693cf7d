"""What the browser journeys share: logging in through the login page, and screenshots.

Screenshots of the main pages go to docs/screenshots/ only when CLASH_SCREENSHOTS=1, so a
normal run leaves the tree as it was; docs/screenshots.md shows them.
"""

from __future__ import annotations

import os
from pathlib import Path

PHONE = {"width": 390, "height": 844}
PASSWORD = "pw-for-tests-1"  # UserFactory's
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
# Long enough for a slow CI machine, short enough that a broken page fails quickly.
TIMEOUT_MS = 15_000


def log_in(page, base_url: str, username: str, password: str = PASSWORD) -> None:  # noqa: ANN001
    """Through the login page, as a person would."""
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name=f"Me ({username})").wait_for()


def screenshot(page, name: str) -> None:  # noqa: ANN001
    """docs/screenshots/<name>.png of what the phone shows, when CLASH_SCREENSHOTS=1."""
    if os.environ.get("CLASH_SCREENSHOTS") != "1":
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
