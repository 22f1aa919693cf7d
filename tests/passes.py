"""The suite's runs side by side, for `make test` where PostgreSQL answers.

`python -m tests.passes POSTGRES_URL INTEGRATION_URL` starts seven pytest processes at once and
waits for them all:

- sqlite and sqlite-others: the suite on SQLite (the embedded default) except tests/browser
  and tests/integration, split in two (tests/engine and tests/tournaments but
  TOURNAMENTS_IN_OTHERS, the rest); of tests/tournaments' tests that use the database, only those of
  TOURNAMENTS_ON_SQLITE_TOO (below: why);
- browser: tests/browser on SQLite (a real Chromium; mostly waiting on pages, so it costs the
  others little), on tables made from the models (FROM_MODELS: the other runs migrate);
- postgres and postgres-others: the suite on PostgreSQL, only the tests that use the database
  (CLASH_DATABASE_TESTS_ONLY=1; the others run the same in the SQLite run), except
  tests/browser (the same pages as the SQLite run) and tests/integration, split in two
  (tests/tournaments but TOURNAMENTS_IN_OTHERS, the rest) on two databases (POSTGRES_URL's
  and its name + "_others");
  each of the two fuzzers runs in one of the two databases' runs (SQLITE_ONLY, POSTGRES_ONLY);
- integration: tests/integration (real workers, the real Redis broker) on a database of its own,
  so that its Redis restart test disturbs neither of the others, made from the models;
- compiled: tests/engine under the compiled build of the engine, which it builds first (skipped
  where there is no C compiler, unless CLASH_REQUIRE_COMPILED=1).

Each run writes its own log (and, with CLASH_TEST_TIMINGS=DIR, DIR/<run>.xml: JUnit XML with
every test's time, to find where a run's time goes); a run's log is printed once it ends,
with its time and the processor time it used (with its children: Chromium, the workers), and
the command fails if any run failed. Two cores carry seven runs well: the browser,
integration and PostgreSQL runs spend much of their time waiting.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit


@dataclass
class Run:
    name: str
    args: list[str]
    env: dict[str, str] = field(default_factory=dict)
    module: str = "pytest"  # what `python -m` runs with the arguments


# The two fuzzers send every page and endpoint hundreds of requests (a third of each database
# run's time if both ran both). What they test lives above the database: the input guard, the
# parsers, the views' validation. Each runs on one database: the malformed input
# (test_input_fuzz: NUL bytes, deep JSON, oversized fields) where PostgreSQL would refuse a NUL
# that slipped through with a server error, and the schema's own input (test_schema_fuzz) on
# SQLite, the embedded default. Without PostgreSQL the single SQLite run keeps both.
# Each run's slowest tests are listed at its end, to find what to make faster.
DURATIONS = ("--durations=8", "--durations-min=2")
FROM_MODELS = ("--no-migrations",)
SQLITE_ONLY = ("tests/api/test_schema_fuzz.py",)
# The engine's tests of what its compiled build leaves Python (The Spoils, Berserk) or runs in
# processes of their own (the side-by-side bench).
NOT_COMPILED = ("tests/engine/spoils", "tests/engine/berserk",
                "tests/engine/test_bench_compare.py")
POSTGRES_ONLY = ("tests/api/test_input_fuzz.py",)


# The tournaments' API tests and its admin run in the "others" runs of each database: without
# them the tournaments' runs were the last to end, alone on the machine for their last minute.
TOURNAMENTS_IN_OTHERS = ("tests/tournaments/api", "tests/tournaments/admin")


# The tournaments' tests that use the database run on PostgreSQL, production's database; on
# SQLite, the embedded default, only the files that test what the two databases do
# differently: concurrent writers and their locks (the races), the queries a page makes, the
# kept standings and the results version (transactions, timestamps), the seeds derived from
# rows, the engine jobs and their recovery, the online games' transactions. The rest of
# tournaments' tests are the rules of the event above the ORM, the same on both (the permission
# matrices, the admin, the pages' contents: a third of the suite's processor time run twice).
# SQLite keeps its whole event from end to end in tests/browser, which plays every journey on
# it, and every other app's tests (the event file's among them: ids and JSON carried from one
# database to another). Without PostgreSQL, the one SQLite run runs them all.
TOURNAMENTS_ON_SQLITE_TOO = tuple(f"tests/tournaments/{name}.py" for name in (
    "results/test_races", "corrections/test_corrections_late_noshow_races",
    "event_edit/test_event_edit_races", "penalties/test_penalties_races",
    "pods/test_pods_races", "ratings/test_ratings_races", "results/test_results_version_races",
    "pages/test_pages_queries", "standings/test_standings_kept", "results/test_results_version",
    "rounds/test_seeds_derived", "engine_matches/test_job_recovery",
    "engine_matches/test_engine_jobs", "match_games/test_online_matches",
    "match_games/test_online_time", "announcements/test_announcements"))


def runs(postgres_url: str, integration_url: str) -> list[Run]:
    memory = {"CELERY_BROKER_URL": "memory://"}
    on_sqlite = {"CLASH_DATABASE_TESTS_ELSEWHERE": ",".join(["tests/tournaments",
                                                             *TOURNAMENTS_ON_SQLITE_TOO]),
                 **memory}
    on_postgres = {"CLASH_DATABASE_TESTS_ONLY": "1", **memory}
    not_on_postgres = ["--ignore=tests/engine", "--ignore=tests/browser",
                       "--ignore=tests/integration", "--ignore=tests/tournaments/swiss",
                       *(f"--ignore={path}" for path in SQLITE_ONLY)]
    others = ["tests", *(f"--ignore={path}" for path in tournaments_but_api())]
    tournaments = ["tests/tournaments", *(f"--ignore={path}" for path in TOURNAMENTS_IN_OTHERS)]
    return [
        # Two SQLite runs: the rules and the tournaments, and the rest.
        Run("sqlite", ["tests/engine", *tournaments], on_sqlite),
        Run("sqlite-others", [*others, "--ignore=tests/engine", "--ignore=tests/browser",
                              "--ignore=tests/integration",
                              *(f"--ignore={path}" for path in POSTGRES_ONLY)], on_sqlite),
        # The browser and integration runs build their databases from the models, not by
        # migrating: the other runs migrate theirs, and tests/test_migrations.py checks that
        # the migrations build what the models say.
        Run("browser", [*FROM_MODELS, "tests/browser"], memory),
        # Two PostgreSQL runs, each on a database of its own: a run waits on the server for
        # every query, so one alone leaves a core idle while the other runs end.
        Run("postgres", [*tournaments, *not_on_postgres],
            {**on_postgres, "DATABASE_URL": postgres_url}),
        Run("postgres-others", [*others, *not_on_postgres],
            {**on_postgres, "DATABASE_URL": named(postgres_url, "_others")}),
        Run("integration", [*FROM_MODELS, "tests/integration"],
            {"DATABASE_URL": integration_url}),
        # The engine's tests again under its compiled build, built first (tests/compiled_run.py):
        # those of Clash of Decks, whose modules it compiles.
        Run("compiled", ["tests/engine", *(f"--ignore={path}" for path in NOT_COMPILED)], memory,
            module="tests.compiled_run"),
    ]


def tournaments_but_api() -> list[str]:
    """What tests/tournaments holds besides TOURNAMENTS_IN_OTHERS and its package files
    (pytest's --ignore applies to the paths it is given too, so the folder cannot be ignored
    whole)."""
    keep = {*TOURNAMENTS_IN_OTHERS, "tests/tournaments/__init__.py",
            "tests/tournaments/conftest.py"}
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tournaments")
    return sorted(path for path in (f"tests/tournaments/{name}" for name in os.listdir(folder))
                  if path not in keep and not path.endswith("__pycache__"))


def shown(args: list[str]) -> str:
    """A run's arguments as printed: the ignores of tests/tournaments' files but
    TOURNAMENTS_IN_OTHERS as one word."""
    ignored = {f"--ignore={path}" for path in tournaments_but_api()}
    if not ignored <= set(args):
        return " ".join(args)
    kept = list(dict.fromkeys(arg for arg in args if arg not in ignored))
    return " ".join([*kept, "--ignore=<tests/tournaments but TOURNAMENTS_IN_OTHERS>"])


def named(url: str, suffix: str) -> str:
    """The database URL with `suffix` added to the database's name."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=parts.path.rstrip("/") + suffix))


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m tests.passes POSTGRES_URL INTEGRATION_URL", file=sys.stderr)
        return 2
    started = time.monotonic()
    live = []
    timings = os.environ.get("CLASH_TEST_TIMINGS")
    for run in runs(*argv):
        log = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 (closed once its run has ended)
        junit = [f"--junitxml={os.path.join(timings, run.name + '.xml')}"] if timings else []
        process = subprocess.Popen([sys.executable, "-m", run.module, "-q", *DURATIONS, *junit,
                                    *run.args],
                                   env={**os.environ, **run.env}, stdout=log,
                                   stderr=subprocess.STDOUT)
        live.append((run, process, log, time.monotonic()))
    print(f"{len(live)} runs side by side: " + "; ".join(
        f"{run.name} (pytest {shown(run.args)})" for run, *_ in live), flush=True)
    failed = []
    try:
        failed = _wait(live)
    finally:
        for _, process, _, _ in live:
            if process.returncode is None:
                process.kill()
    total = time.monotonic() - started
    print(f"\nAll runs ended in {total:.0f} s" + (f"; failed: {', '.join(failed)}" if failed
                                                  else "; all passed"))
    return 1 if failed else 0


def _wait(live: list) -> list[str]:
    """Print each run's log as it ends, with its time and the processor time it and its
    children used; the names of the runs that failed."""
    failed = []
    while live:
        for entry in list(live):
            run, process, log, since = entry
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid == 0:
                continue
            process.returncode = code = os.waitstatus_to_exitcode(status)
            live.remove(entry)
            log.seek(0)
            print(f"\n===== {run.name} run: exit {code}, {time.monotonic() - since:.0f} s, "
                  f"processor {usage.ru_utime + usage.ru_stime:.0f} s =====", flush=True)
            sys.stdout.write(log.read())
            sys.stdout.flush()
            log.close()
            if code != 0:
                failed.append(run.name)
        time.sleep(0.5)
    return failed


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
