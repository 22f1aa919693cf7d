"""`make test`'s six runs (tests/passes.py) between them run every test file: each once on
SQLite, and each that may touch the database once more on PostgreSQL, except the browser
and integration runs' own folders, the pure rules and the fuzzer kept to the other database;
the tournaments' database tests run on SQLite only for the files listed to."""

from __future__ import annotations

from pathlib import Path

from tests import passes

ROOT = Path(__file__).resolve().parent.parent


def collects(args: list[str], path: str) -> bool:
    """Whether pytest given `args` (paths and --ignore=) collects the file `path`."""
    named = [arg for arg in args if not arg.startswith("-")]
    ignored = [arg.split("=", 1)[1] for arg in args if arg.startswith("--ignore=")]

    def under(folder: str) -> bool:
        return path == folder or path.startswith(folder.rstrip("/") + "/")

    return any(under(folder) for folder in named) and not any(under(i) for i in ignored)


def test_every_test_file_runs_once_on_sqlite_and_once_on_postgresql_where_it_should(
        monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.chdir(ROOT)
    files = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tests").rglob("test_*.py"))
    assert len(files) > 200
    runs = {run.name: run.args for run in passes.runs("postgres://h/db", "postgres://h/i")}
    sqlite = ("sqlite", "sqlite-others", "browser", "integration")
    postgres = ("postgres", "postgres-others", "integration")
    only_sqlite = ("tests/engine/", "tests/browser/", "tests/tournaments/swiss/",
                   *passes.SQLITE_ONLY)
    for path in files:
        on_sqlite = [name for name in sqlite if collects(runs[name], path)]
        on_postgres = [name for name in postgres if collects(runs[name], path)]
        if path in passes.POSTGRES_ONLY:
            assert (on_sqlite, on_postgres) == ([], ["postgres-others"]), path
        elif path.startswith("tests/integration/"):
            assert (on_sqlite, on_postgres) == (["integration"], ["integration"]), path
        elif path.startswith(only_sqlite):
            assert len(on_sqlite) == 1 and on_postgres == [], (path, on_sqlite, on_postgres)
        else:
            assert len(on_sqlite) == 1 and len(on_postgres) == 1, (path, on_sqlite, on_postgres)
    # The engine's tests of Clash of Decks run once more, under its compiled build.
    assert [path for path in files if collects(runs["compiled"], path)] == [
        path for path in files if path.startswith("tests/engine/")
        and not path.startswith(("tests/engine/spoils/", "tests/engine/berserk/",
                                 "tests/engine/test_bench_compare.py"))]
    # The split itself: the tournaments' API tests moved to the "others" runs.
    for path in ("tests/tournaments/api/test_events.py",
                 "tests/tournaments/api/test_api_permissions.py"):
        assert [name for name in runs if collects(runs[name], path)] == [
            "sqlite-others", "postgres-others"]
    assert [name for name in runs if collects(runs[name], "tests/tournaments/pods/test_pods.py")] \
        == ["sqlite", "postgres"]


def test_the_sqlite_runs_leave_tournaments_database_tests_to_postgresql_but_the_listed_files(
        monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.chdir(ROOT)
    runs = {run.name: run for run in passes.runs("postgres://h/db", "postgres://h/i")}
    folder, *kept = runs["sqlite"].env["CLASH_DATABASE_TESTS_ELSEWHERE"].split(",")
    assert folder == "tests/tournaments" and kept == list(passes.TOURNAMENTS_ON_SQLITE_TOO)
    assert runs["sqlite-others"].env == runs["sqlite"].env
    assert all((ROOT / path).is_file() for path in kept)
    for name in ("browser", "postgres", "postgres-others", "integration"):
        assert "CLASH_DATABASE_TESTS_ELSEWHERE" not in runs[name].env
