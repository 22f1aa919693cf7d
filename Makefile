# Two commands: `make demo` (set up, run a demo event, serve the site) and `make test`.
# `make test-fast TESTS=tests/<area>` checks the part one is working on.
# Everything runs through .venv/bin so nothing needs activating.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Touched after a successful install; kept inside .venv so deleting .venv forces a reinstall.
INSTALL_STAMP := $(VENV)/.install.stamp
POSTGRES_HOST ?= 127.0.0.1
POSTGRES_PORT ?= 5432
POSTGRES_TEST_URL := postgres://postgres@$(POSTGRES_HOST):$(POSTGRES_PORT)/clash
# tests/integration runs beside the PostgreSQL pass, so on a database of its own.
POSTGRES_INTEGRATION_URL := postgres://postgres@$(POSTGRES_HOST):$(POSTGRES_PORT)/clash_integration
# The demo's port: `make demo PORT=8010` where 8000 is taken.
PORT ?= 8000

# The engine compiled by mypyc (engine/tools/build_compiled.py): `make compiled` builds it where a
# C compiler exists; `make test` builds it and runs tests/engine under it too.
COMPILED := build/compiled
# The tests choose their engine build themselves (the compiled run, the compiled workers of
# tests/integration); a CLASH_COMPILED_ENGINE of the shell would run every test compiled.
unexport CLASH_COMPILED_ENGINE

.PHONY: demo test test-fast compiled

demo: $(INSTALL_STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_catalogue
	$(PY) manage.py simulate_event --players 12 --ai 4 --format constructed --seed 1 --open-event
	@echo
	@echo "Clash is running at http://127.0.0.1:$(PORT)/  (Ctrl-C stops it)"
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# With PostgreSQL, tests/passes.py runs seven pytest processes side by side (two on SQLite, the
# browser journeys, two on PostgreSQL, tests/integration, tests/engine under the compiled
# engine), split by folder: they keep both cores busy, so none uses xdist (which measured
# slower there and made timing-bound tests flaky). Without PostgreSQL, the single pass spreads
# its files over two pytest-xdist processes, one per core (a file stays in one process, so its
# module fixtures are built once), then tests/engine runs under the compiled engine.
XDIST ?= -n 2 --dist loadfile

test: $(INSTALL_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	@if $(PY) -c "import socket; socket.create_connection(('$(POSTGRES_HOST)', $(POSTGRES_PORT)), 2)" \
			2>/dev/null; then \
		$(PY) -m tests.passes $(POSTGRES_TEST_URL) $(POSTGRES_INTEGRATION_URL); \
	else \
		$(PY) -m pytest -q $(XDIST) || exit 1; \
		$(PY) -m tests.compiled_run -q $(XDIST) tests/engine --ignore=tests/engine/spoils \
			--ignore=tests/engine/berserk --ignore=tests/engine/test_bench_compare.py || exit 1; \
		echo "PostgreSQL not reachable: PostgreSQL run skipped"; \
		if [ "$${CLASH_REQUIRE_SERVICES:-}" = "1" ]; then \
			echo "CLASH_REQUIRE_SERVICES=1: PostgreSQL is required"; exit 1; \
		fi; \
	fi

# While working on one part: the linters, then the tests under TESTS (a folder, a file or a test
# id; the whole suite by default) on SQLite, without the browser journeys, tests/integration and
# the compiled run. `make test` before a commit runs everything.
TESTS ?= tests

test-fast: $(INSTALL_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -q $(XDIST) --ignore=tests/browser --ignore=tests/integration $(TESTS)

compiled: $(INSTALL_STAMP)
	$(PY) -m engine.tools.build_compiled $(COMPILED)

$(PY):
	$(PYTHON) -m venv $(VENV)

# Reinstall only when pyproject.toml changes.
$(INSTALL_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@
