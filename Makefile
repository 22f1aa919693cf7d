# Two commands: `make demo` (set up, run a demo event, serve the site) and `make test`.
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

.PHONY: demo test

demo: $(INSTALL_STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_catalogue
	$(PY) manage.py simulate_event --players 12 --ai 4 --format constructed --seed 1
	@echo
	@echo "Clash is running at http://127.0.0.1:$(PORT)/  (Ctrl-C stops it)"
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# A single pass (no PostgreSQL) spreads its files over two pytest-xdist processes, one per core
# (a file stays in one process, so its module fixtures are built once). The two passes side by
# side already keep both cores busy: there xdist measured slower (tournaments 181 s against 158 s
# on PostgreSQL) and made timing-bound tests flaky, so each pass stays one process.
XDIST ?= -n 2 --dist loadfile

test: $(INSTALL_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	@if $(PY) -c "import socket; socket.create_connection(('$(POSTGRES_HOST)', $(POSTGRES_PORT)), 2)" \
			2>/dev/null; then \
		echo "Three runs side by side: the SQLite pass (the embedded default), the PostgreSQL" \
			"pass (DATABASE_URL=$(POSTGRES_TEST_URL)) and tests/integration (real workers and" \
			"Redis, on its own database $(POSTGRES_INTEGRATION_URL))."; \
		echo "The two passes use an in-memory broker, so the Redis restart test of" \
			"tests/integration disturbs neither; tests/engine and tests/tournaments/swiss need" \
			"no database and tests/browser drives the same pages: SQLite pass only. The" \
			"SQLite and integration logs are printed when they end."; \
		log=$$(mktemp); ilog=$$(mktemp); \
		CELERY_BROKER_URL=memory:// $(PY) -m pytest -q --ignore=tests/integration >$$log 2>&1 & \
		sqlite=$$!; \
		DATABASE_URL=$(POSTGRES_INTEGRATION_URL) $(PY) -m pytest -q tests/integration \
			>$$ilog 2>&1 & \
		integration=$$!; \
		CELERY_BROKER_URL=memory:// DATABASE_URL=$(POSTGRES_TEST_URL) $(PY) -m pytest -q tests \
			--ignore=tests/engine --ignore=tests/browser --ignore=tests/integration \
			--ignore=tests/tournaments/swiss; pg=$$?; \
		wait $$integration; int=$$?; \
		wait $$sqlite; lite=$$?; \
		echo; echo "Integration run:"; cat $$ilog; rm -f $$ilog; \
		echo; echo "SQLite pass:"; cat $$log; rm -f $$log; \
		echo "PostgreSQL pass exit $$pg, integration exit $$int, SQLite pass exit $$lite"; \
		[ $$pg -eq 0 ] && [ $$int -eq 0 ] && [ $$lite -eq 0 ]; \
	else \
		$(PY) -m pytest -q $(XDIST) || exit 1; \
		echo "PostgreSQL not reachable: PostgreSQL run skipped"; \
		if [ "$${CLASH_REQUIRE_SERVICES:-}" = "1" ]; then \
			echo "CLASH_REQUIRE_SERVICES=1: PostgreSQL is required"; exit 1; \
		fi; \
	fi

$(PY):
	$(PYTHON) -m venv $(VENV)

# Reinstall only when pyproject.toml changes.
$(INSTALL_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@
