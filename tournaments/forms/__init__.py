"""Forms of the tournament pages. They parse and check input; the services decide and write.

A domain error from a service goes back on the form next to the field it is about (see
`decks.forms.AccessibleForm`), so the page shows each problem where it can be fixed.

One module per page or noun: `events` (creating and editing an event), `registrations` (a
seat's list, deck checks), `people` (players, guests, claims, organizers), `matches` (results,
squads), `rounds` (pairing, swaps, late players, no-shows), `clock`, `announcements` and
`penalties` (with the judges).
"""
