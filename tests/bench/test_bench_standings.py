"""`manage.py bench_standings` (issue 13, section 7): its event is the one the figures promise
and its computation part runs anywhere; the load itself (gunicorn, PostgreSQL, 60 s a URL)
is run by hand, not here."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from bench import loadtest
from bench.management.commands.bench_standings import build_event, delete_event
from tournaments.models import Event, Match, MatchStatus, Registration, RoundStatus
from tournaments.selectors.standings import computed_standings, results_version, standings_for_event

pytestmark = pytest.mark.django_db


def test_the_bench_event_has_its_rounds_played_and_the_next_one_open():
    event = build_event(players=12, rounds=2, seed=3)
    rounds = list(event.round_set.order_by("number"))
    assert [r.status for r in rounds] == [RoundStatus.COMPLETE, RoundStatus.COMPLETE,
                                          RoundStatus.PLAYING]
    played = Match.objects.filter(round__in=rounds[:2])
    assert played.count() == 12 and not played.exclude(status=MatchStatus.CONFIRMED).exists()
    assert Match.objects.filter(round=rounds[2]).count() == 6
    # Its bulk results moved the results version: nothing kept before them is served.
    assert results_version(event) > 0
    assert standings_for_event(event) == computed_standings(event)
    assert sum(row.match_points for row in standings_for_event(event)) > 0
    delete_event(event.pk)
    assert not Event.objects.exists() and not Registration.objects.exists()


def test_the_command_times_the_cold_recompute_and_the_kept_pages():
    out = io.StringIO()
    call_command("bench_standings", "--players", "16", "--rounds", "2", "--repeat", "2",
                 "--no-load", stdout=out)
    text = out.getvalue()
    assert re.search(r"cold recompute of the standings .*: median [\d.]+ ms", text)
    for page in ("standings page", "standings API", "pairings page"):
        assert re.search(rf"{page}, first answer .*: median [\d.]+ ms", text)
        assert re.search(rf"{page}, kept: median [\d.]+ ms .*target under 10 ms", text)
        assert re.search(rf"{page}, kept, the version read on each request: median", text)
    for page in ("standings page", "standings API"):
        assert re.search(rf"{page}, kept, signed in: median [\d.]+ ms .*target under 10 ms",
                         text)
    assert not Event.objects.exists()  # the throwaway event is gone


def test_the_load_needs_postgresql_and_goes_to_this_machine_only():
    if connection.vendor != "postgresql":
        with pytest.raises(CommandError, match="the load needs PostgreSQL"):
            call_command("bench_standings", "--players", "8", stdout=io.StringIO())
    with pytest.raises(ValueError, match="this machine only"):
        loadtest.load("http://example.org/", connections=1, seconds=1, headers={})


@pytest.mark.parametrize(("status", "errors"), [(200, False), (404, True)])
def test_the_python_load_client_counts_answers_and_errors(status, errors):
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Answer(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the standard library's name
            assert self.headers["X-Forwarded-Proto"] == "https"
            self.send_response(status)
            self.send_header("Content-Length", "2")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args) -> None:  # noqa: ANN002
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        result = loadtest.load(f"http://127.0.0.1:{server.server_port}/x", connections=3,
                               seconds=0.5, headers={"X-Forwarded-Proto": "https"},
                               using="python")
    finally:
        server.shutdown()
    assert result.requests > 3 and result.per_second > 0
    assert (result.errors == result.requests) if errors else (result.errors == 0)
    assert 0 < result.p50 <= result.p95 <= result.p99


def test_the_python_load_client_signs_each_connection_in_with_its_own_cookie():
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    seen: set[str | None] = set()

    class Answer(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the standard library's name
            seen.add(self.headers["Cookie"])
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args) -> None:  # noqa: ANN002
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        result = loadtest.load(f"http://127.0.0.1:{server.server_port}/x", connections=3,
                               seconds=0.5, headers={}, using="python",
                               cookies=["sessionid=a", "sessionid=b", "sessionid=c"])
    finally:
        server.shutdown()
    assert result.requests > 3 and not result.errors
    assert seen == {"sessionid=a", "sessionid=b", "sessionid=c"}


def test_a_cookie_that_would_break_the_request_is_refused():
    with pytest.raises(ValueError, match="plain header value"):
        loadtest.load("http://127.0.0.1:1/", connections=1, seconds=1, headers={},
                      using="python", cookies=["sessionid=a\r\nX-Admin: 1"])


def test_the_signed_in_readers_are_players_of_the_event_in_sessions_the_server_reads(client):
    from django.test import override_settings
    from django.urls import reverse

    from bench.management.commands.bench_standings import player_sessions

    event = build_event(players=12, rounds=1, seed=3)
    keys = player_sessions(event, 4, "the server's own secret key, long enough to sign")
    assert len(set(keys)) == 4
    with override_settings(SECRET_KEY="the server's own secret key, long enough to sign"):
        names = set()
        for key in keys:
            client.cookies["sessionid"] = key
            response = client.get(reverse("tournaments:standings", args=[event.pk]))
            assert response.status_code == 200
            names.add(response.wsgi_request.user.username)
    players = set(Registration.objects.filter(event=event)
                  .values_list("player__username", flat=True))
    assert len(names) == 4 and names <= players
    delete_event(event.pk)


def test_the_workers_cpu_counts_the_servers_children():
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    from bench.management.commands.bench_standings import workers_cpu

    # A parent whose child burns about 0.3 s of CPU, then sleeps: as gunicorn's workers.
    burn = ("import time\nend = time.process_time() + 0.3\n"
            "while time.process_time() < end: pass\ntime.sleep(30)")
    parent = subprocess.Popen([sys.executable, "-c", "import subprocess, sys; "
                               f"subprocess.run([sys.executable, '-c', {burn!r}])"],
                              start_new_session=True)
    try:
        if not Path(f"/proc/{parent.pid}/task/{parent.pid}/children").exists():
            pytest.skip("no /proc children list here")
        deadline = time.monotonic() + 20
        while (workers_cpu(parent) or 0) < 0.25 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert 0.25 <= workers_cpu(parent) < 5
    finally:
        os.killpg(parent.pid, signal.SIGKILL)  # the child too
        parent.wait()
