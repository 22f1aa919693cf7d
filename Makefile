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

.PHONY: demo test

demo: $(INSTALL_STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_catalogue
	$(PY) manage.py simulate_event --players 12 --ai 4 --format constructed --seed 1
	@echo
	@echo "Clash is running at http://127.0.0.1:8000/  (Ctrl-C stops it)"
	$(PY) manage.py runserver 127.0.0.1:8000

test: $(INSTALL_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -q
	@if $(PY) -c "import socket; socket.create_connection(('$(POSTGRES_HOST)', $(POSTGRES_PORT)), 2)" \
			2>/dev/null; then \
		echo "PostgreSQL run: DATABASE_URL=$(POSTGRES_TEST_URL) (tests/engine needs no database;" \
			"tests/browser drives the same pages as in the first run)"; \
		DATABASE_URL=$(POSTGRES_TEST_URL) $(PY) -m pytest -q tests --ignore=tests/engine \
			--ignore=tests/browser; \
	else \
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
