"""Services of the tournaments app: one module per use case (see STYLE.md, habit 2).

- `events`: create an event, add organizers, start it and complete it
- `registrations`: register (with the decklist the format needs), late entry, check-in,
  drops, and the organizer adding or removing players
- `rounds`: pair the next Swiss round, locked and idempotent
- `topcut`: seed the single-elimination bracket and pair its next rounds
- `results`: player reports, the organizer's results and corrections, engine results
- `standings`: the results version every change to the standings or pairings bumps, and the
  final standings frozen when an event completes
- `announcements`: the organizers post a short message to the event's players, and withdraw it

Every write is `@transaction.atomic`, locks the rows it changes (`select_for_update`) and
checks the state machine before it acts. `access` and `states` hold what they share.
"""
