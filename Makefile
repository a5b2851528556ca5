# The two commands of the README:
#   make run   install, migrate, compile translations, import the seeds, collect
#              static files and serve on http://127.0.0.1:8000 with gunicorn
#   make test  every test: on SQLite, then on PostgreSQL when one answers (there
#              as the site's least-privilege role: tests/site_role.py)
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 3
POSTGRES_URL ?= postgres://postgres@127.0.0.1:5432/test
# -rs: say why tests were skipped (e.g. browser journeys without Chromium).
# -n: one worker per core (pytest-xdist; each has its own test database and
# Redis database, tests/workers.py); JOBS=0 runs in one process.
JOBS ?= auto
PYTEST_FLAGS ?= -rs -n $(JOBS)

.PHONY: run test install messages setup serve test-layout test-sqlite test-postgres clean bench-search bench

run: setup serve

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e ".[test]"
	touch $@

install: $(VENV)/.installed

# Compile the gettext catalogs in locale/ (Babel: no system gettext needed).
messages: install
	$(VENV)/bin/pybabel compile -d locale -D django --statistics

setup: install messages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py import_rules
	$(PY) manage.py collectstatic --noinput -v0

serve:
	$(VENV)/bin/gunicorn rulesite.wsgi --config python:rulesite.gunicorn \
		--bind $(HOST):$(PORT) --workers $(WORKERS) \
		--access-logfile - --forwarded-allow-ips 127.0.0.1

# make test: the PostgreSQL run leaves out what the SQLite run just ran and cannot differ
# there: the tests that do not use the run's database (the engine's; tests/conftest.py).
# make test-postgres on its own runs every test.
SECOND_DATABASE ?= 0

test: test-layout test-sqlite
	@$(MAKE) --no-print-directory test-postgres SECOND_DATABASE=1

# Import directions between the rooms (pyproject.toml [tool.importlinter]).
test-layout: install
	@echo "== import directions (import-linter)"
	$(VENV)/bin/lint-imports

test-sqlite: install messages
	@echo "== test suite on SQLite"
	env -u DATABASE_URL $(PY) -m pytest $(PYTEST_FLAGS)

test-postgres: install messages
	@if $(PY) -c "import psycopg; psycopg.connect('$(POSTGRES_URL)', connect_timeout=3).close()" 2>/dev/null; then \
		echo "== test suite on PostgreSQL ($(POSTGRES_URL)), as a role with only SELECT/INSERT/UPDATE/DELETE"; \
		DATABASE_URL='$(POSTGRES_URL)' RULEBOOK_TEST_SITE_ROLE=1 \
			RULEBOOK_TEST_SECOND_DATABASE=$(SECOND_DATABASE) $(PY) -m pytest $(PYTEST_FLAGS); \
	elif [ -n "$$REQUIRE_POSTGRES" ]; then \
		echo "PostgreSQL is required (REQUIRE_POSTGRES) but does not answer at $(POSTGRES_URL)"; exit 1; \
	else \
		echo "== PostgreSQL does not answer at $(POSTGRES_URL): PostgreSQL run skipped (set POSTGRES_URL)"; \
	fi

# Every benchmark, one run each, and one table of ratios (bench/all.py; needs wrk).
bench: install messages
	$(PY) -m bench.all

# Search latency on a synthetic 50,000-clause rulebook (not part of the tests).
bench-search: install
	$(PY) bench/search_bench.py

clean:
	rm -rf var/static .pytest_cache test-output
