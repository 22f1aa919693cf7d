"""What accounts asks of the apps above it when a person leaves or asks for their data
(core/hooks.py: accounts sits below them all and never imports them).

- `account_leaving(user, now)`: the person's account is about to go. Event seats are dropped
  or withdrawn and kept results anonymised, so nothing above still points at their lists.
- `account_erasing(user, now)`: then their own things go (decklists, collection, ...).
  Two hooks, not one, so the order is the service's and not the order apps are loaded in.
- `account_data(user, data)`: each app adds its sections of the person's data to `data`
  (a dict of JSON values), only ever the person's own rows.
- `display_name_changed(user)`: the name shown for the person changed; pages that keep
  names (the standings' cache) must not keep showing the old one.
"""

from __future__ import annotations

from core.hooks import Listeners

account_leaving = Listeners("account_leaving")
account_erasing = Listeners("account_erasing")
account_data = Listeners("account_data")
display_name_changed = Listeners("display_name_changed")
