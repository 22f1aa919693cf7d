"""Reads of the tournaments app, one module per noun (STYLE.md, habit 2): the pages, the API,
the exports and the services read through the same functions.

- `events`: the event list, who is asking (organizer, seat), the organizer's dashboard
- `registrations`: seats, their registered lists as the asking user may see them, deck
  checks, a player's seats and history, the cards a seat plays
- `rounds`: rounds with their labels and explanations, the champion
- `access`: who may see what of an event (an organizer, a match's players)
- `matches`: a round's tables, a match, its format and verified score, its audit trail,
  which side a user plays
- `online`: a match's games played online, `match_games`: its games' replays and uploads
- `standings`: standings per results version, their tiebreaker columns in the event's
  order, their heading and top-cut marks, a seat's standing round by round
- `pods`: draft pods, seats and what a seat sees of its draft
- `squads`: Berserk squad checks, `ratings`: the leaderboard
- `announcements`: an event's live announcements, a player's across their events
- `bridge`: the rows as the pure Swiss code sees them, `cache`: what is kept per results
  version, `exports`: the CSV downloads
"""
