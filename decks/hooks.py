"""How decks hears from the apps above it (core/hooks.py).

decks sits below tournaments and never imports it. What a decklist means to an event (a
registration follows its owner's edits, a ban session for an event takes the registered
lists) is tournaments' knowledge; tournaments registers it here in its AppConfig.ready:

- `decklist_saved`: listeners called with `decklist`, `version` and `now` inside the
  transaction that made a new version. A listener may refuse the change by raising a
  DomainError, which undoes the version with everything else the change wrote.
- `where_registered`: given `decklist` and `now`, where its owner registered its versions
  (for the deck page); nothing when no app provides it.
- `registered_in_event`: given `event` and `version`, whether `version` is the one its owner
  registered in `event` (ban sessions for an event, rule C-2.5); False when none provides it.
- `organizes`: given `event` and `user`, whether `user` organizes `event` (an organizer starts
  a ban session for two lists registered there); False when none provides it.
"""

from __future__ import annotations

from core.hooks import Listeners, Provider

decklist_saved = Listeners("decklist_saved")
where_registered = Provider("where_registered", default=lambda **_: [])
registered_in_event = Provider("registered_in_event", default=lambda **_: False)
organizes = Provider("organizes", default=lambda **_: False)
