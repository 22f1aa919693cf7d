"""What accounts asks of the apps above it when a person leaves or asks for their data
(core/hooks.py: accounts sits below them all and never imports them).

- `account_leaving(user, now)`: the person's account is about to go. Event seats are dropped
  or withdrawn and kept results anonymised, so nothing above still points at their lists.
- `account_erasing(user, now)`: then their own things go (decklists, collection, ...).
  Two hooks, not one, so the order is the service's and not the order apps are loaded in.
- `account_data(user, data)`: each app adds its sections of the person's data to `data`
  (a dict of JSON values), only ever the person's own rows.
- `account_blocking(user, blockers, lock)`: may the account go now? Each app appends a
  `Blocker` (a whole sentence saying what to do first, and the things it names, with links)
  for what must not be left behind: an event that is not complete losing its only
  organizer. With `lock` (inside the deletion's transaction) the app locks the rows its
  answer rests on, so two deletions cannot each leave the other one's event alone.
- `display_name_changed(user)`: the name shown for the person changed; pages that keep
  names (the standings' cache) must not keep showing the old one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.hooks import Listeners


@dataclass(frozen=True)
class Blocker:
    """Why an account may not be deleted yet: `message`, a whole sentence saying what to do;
    `links`, the things it names as (label, address) pairs for the page to link."""

    code: str
    message: str
    links: list[tuple[str, str]] = field(default_factory=list)


account_leaving = Listeners("account_leaving")
account_erasing = Listeners("account_erasing")
account_data = Listeners("account_data")
account_blocking = Listeners("account_blocking")
display_name_changed = Listeners("display_name_changed")
