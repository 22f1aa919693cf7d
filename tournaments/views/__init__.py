"""The tournament pages: one module per page family. Views parse input, call one service (or
selector) and render; see STYLE.md, habit 3.

Events, pairings, standings, the bracket and player pages are public. A match page is for
its two players and the event's organizers; the dashboard and every organizer action are
for the event's organizers only (403 for anyone else, and nothing changes).
"""
