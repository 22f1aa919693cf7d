"""URLs of the tournament pages, mounted under /events/."""

from django.urls import include, path

from tournaments.views import (
    claims,
    clock,
    event_file,
    events,
    manage,
    match_games,
    matches,
    players,
    pods,
    printouts,
    records,
    rounds,
)

app_name = "tournaments"
urlpatterns: list = [
    path("", events.event_list, name="events"),
    path("new/", events.event_new, name="event_new"),
    path("import/", event_file.event_import, name="event_import"),
    path("claim/", claims.claim, name="claim"),
    path("<int:pk>/", events.event_detail, name="event"),
    path("<int:pk>/register/", events.register, name="register"),
    path("<int:pk>/waitlist/", events.waitlist_join_view, name="waitlist_join"),
    path("<int:pk>/waitlist/leave/", events.waitlist_leave_view, name="waitlist_leave"),
    path("<int:pk>/decklist/", events.decklist_attach, name="decklist_attach"),
    path("<int:pk>/check-in/", events.check_in, name="check_in"),
    path("<int:pk>/drop/", events.drop, name="drop"),
    path("<int:pk>/pairings/", rounds.pairings, name="pairings"),
    path("<int:pk>/pairings.csv", rounds.pairings_csv, name="pairings_csv"),
    path("<int:pk>/standings/", rounds.standings, name="standings"),
    path("<int:pk>/standings.csv", rounds.standings_csv, name="standings_csv"),
    path("<int:pk>/bracket/", rounds.bracket, name="bracket"),
    path("<int:pk>/players/<int:registration>/", players.event_player, name="event_player"),
    path("<int:pk>/matches/<int:match>/", matches.match_page, name="match"),
    path("<int:pk>/matches/<int:match>/report/", matches.match_report, name="match_report"),
    path("<int:pk>/matches/<int:match>/set/", matches.match_set, name="match_set"),
    path("<int:pk>/matches/<int:match>/records/", records.match_records, name="match_records"),
    path("<int:pk>/manage/", manage.dashboard, name="dashboard"),
    path("<int:pk>/manage/event-file/", event_file.event_file_download, name="event_file"),
    path("<int:pk>/manage/start/", manage.start, name="event_start"),
    path("<int:pk>/manage/pair/", manage.pair, name="round_pair"),
    path("<int:pk>/manage/top-cut/start/", manage.top_cut_start, name="topcut_start"),
    path("<int:pk>/manage/top-cut/next/", manage.top_cut_advance, name="topcut_advance"),
    path("<int:pk>/manage/complete/", manage.complete, name="event_complete"),
    path("<int:pk>/manage/clock/start/", clock.clock_start, name="clock_start"),
    path("<int:pk>/manage/clock/pause/", clock.clock_pause, name="clock_pause"),
    path("<int:pk>/manage/clock/resume/", clock.clock_resume, name="clock_resume"),
    path("<int:pk>/manage/clock/add/", clock.clock_add, name="clock_add"),
    path("<int:pk>/matches/<int:match>/time/", clock.match_time, name="match_time"),
    path("<int:pk>/manage/players/add/", manage.player_add, name="player_add"),
    path("<int:pk>/manage/guests/add/", manage.guest_add, name="guest_add"),
    path("<int:pk>/manage/guests/<int:registration>/code/", manage.guest_code_renew,
         name="guest_code_renew"),
    path("<int:pk>/manage/players/<int:registration>/remove/", manage.player_remove,
         name="player_remove"),
    path("<int:pk>/manage/players/<int:registration>/drop/", manage.player_drop,
         name="player_drop"),
    path("<int:pk>/manage/players/<int:registration>/undrop/", manage.player_undrop,
         name="player_undrop"),
    path("<int:pk>/manage/unpair/", manage.unpair, name="round_unpair"),
    path("<int:pk>/manage/swap/", manage.swap, name="round_swap"),
    path("<int:pk>/manage/players/<int:registration>/check-in/", manage.player_check_in,
         name="player_check_in"),
    path("<int:pk>/manage/organizers/add/", manage.organizer_new, name="organizer_add"),
    path("<int:pk>/manage/lists/publish/", manage.lists_publish, name="lists_publish"),
    path("<int:pk>/manage/players/<int:registration>/list/", manage.seat_list,
         name="seat_list"),
    path("<int:pk>/manage/players/<int:registration>/deck-check/", manage.deck_check,
         name="deck_check"),
    path("<int:pk>/manage/announcements/", manage.announcement_new,
         name="announcement_post"),
    path("<int:pk>/manage/announcements/<int:announcement>/withdraw/",
         manage.announcement_remove, name="announcement_withdraw"),
    # Printouts (views/printouts.py): each reached by a Print link from its page.
    path("<int:pk>/print/pairings/by-name/", printouts.pairings_by_name_sheet,
         name="print_pairings_by_name"),
    path("<int:pk>/print/pairings/by-table/", printouts.pairings_by_table_sheet,
         name="print_pairings_by_table"),
    path("<int:pk>/print/slips/", printouts.result_slips, name="print_slips"),
    path("<int:pk>/print/standings/", printouts.standings_sheet, name="print_standings"),
    path("<int:pk>/print/players/<int:registration>/list/", printouts.decklist_sheet,
         name="print_decklist"),
    path("<int:pk>/print/pods/", printouts.pod_seating_sheet, name="print_pods"),
    # Draft pods and ratings
    path("<int:pk>/pods/", pods.pods, name="pods"),
    path("<int:pk>/draft/", pods.draft, name="draft"),
    path("ratings/", pods.ratings, name="ratings"),
    # The deck lab (its own app) keeps its /events/lab/ paths and tournaments: names.
    path("", include("lab.urls")),
]


# Online play's pages that belong to tournaments (views/match_games.py): mounted under /play/ in
# the `play` namespace beside play/urls.py (clash/urls.py joins the two), so their paths and
# names are the ones they always had.
play_urlpatterns = [
    path("match/<int:match_pk>/", match_games.match_game, name="match_game"),
    path("replay/engine/<int:pk>/", match_games.replay_engine, name="replay_engine"),
]
