# Tarokk Admin — the two commands a new user needs: `make run` and `make test`.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PIP := $(BIN)/python -m pip --disable-pip-version-check
MANAGE := $(BIN)/python manage.py
BIND ?= 127.0.0.1:8000
# The pure rule modules, checked with strict mypy (no Django inside).
TEST_WORKERS ?= 2
PURE := scoring/engine competitions/rules trophies/rules.py tarokk_admin/core/ranking.py

.PHONY: help run test serve lint format typecheck chromium pdflibs messages lock clean

help:
	@echo "make run    - set up .venv, migrate, load the demo data, serve http://127.0.0.1:8000"
	@echo "make test   - set up .venv, run ruff, mypy (the pure rule modules) and the whole pytest suite"
	@echo "make serve  - production-like: gunicorn + Celery worker + beat on DATABASE_URL/REDIS_URL"
	@echo "make lint | format | messages | lock | clean"

# The virtual environment, rebuilt only when the lock or pyproject.toml changes.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.lock pyproject.toml | $(BIN)/python
	@echo "Installing the locked dependencies into $(VENV)/ …"
	$(PIP) install --quiet -r requirements.lock
	@touch $@

run: $(STAMP) pdflibs
	$(MANAGE) migrate --noinput
	$(MANAGE) seed_demo
	$(MANAGE) statistics_rebuild --if-empty
	@if command -v msgfmt >/dev/null 2>&1; then $(MANAGE) compilemessages --ignore=$(VENV) --verbosity=0; fi
	@echo "Serving Tarokk Admin on http://127.0.0.1:8000 (Ctrl+C stops it)."
	$(MANAGE) runserver 127.0.0.1:8000

test: $(STAMP) chromium pdflibs
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy $(PURE)
	$(BIN)/pytest -n $(TEST_WORKERS)

# Debian's chromium for the browser tests; installed when we are root with apt-get,
# otherwise the browser tests skip and say why.
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "Installing Debian chromium for the browser tests …"; \
			{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
				--no-install-recommends chromium >/dev/null; } \
			|| echo "Could not install chromium: the browser tests will be skipped."; \
		else \
			echo "Debian chromium is missing (install it as root: apt-get install chromium): the browser tests will be skipped."; \
		fi; \
	fi

# Pango and fonts for WeasyPrint (the paper score sheet as a PDF), poppler-utils for
# the tests that read the PDF back; installed when we are root with apt-get.
PDF_DEBS := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core poppler-utils
pdflibs:
	@if ! ldconfig -p 2>/dev/null | grep -q 'libpangoft2-1.0.so.0' || ! command -v pdftotext >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "Installing Pango and poppler-utils for the PDF score sheet …"; \
			{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
				--no-install-recommends $(PDF_DEBS) >/dev/null; } \
			|| echo "Could not install $(PDF_DEBS): the PDF score sheet will not render."; \
		else \
			echo "Pango or poppler-utils is missing (as root: apt-get install $(PDF_DEBS))."; \
		fi; \
	fi

serve: $(STAMP)
	@[ -n "$${DATABASE_URL:-}" ] || { echo "make serve needs DATABASE_URL, a PostgreSQL URL such as postgres://user:password@127.0.0.1:5432/tarokk." >&2; exit 1; }
	@[ -n "$${REDIS_URL:-}" ] || { echo "make serve needs REDIS_URL, a Redis URL such as redis://127.0.0.1:6379/0." >&2; exit 1; }
	@[ -n "$${DJANGO_SECRET_KEY:-}" ] || { echo "make serve needs DJANGO_SECRET_KEY, a long random string." >&2; exit 1; }
	@export DJANGO_SETTINGS_MODULE=tarokk_admin.settings.production; \
	mkdir -p var; \
	$(MANAGE) migrate --noinput; \
	$(MANAGE) statistics_rebuild --if-empty; \
	$(MANAGE) collectstatic --noinput --verbosity=0; \
	$(BIN)/celery -A tarokk_admin worker --loglevel=INFO & worker=$$!; \
	$(BIN)/celery -A tarokk_admin beat --loglevel=INFO --schedule=var/celerybeat-schedule & beat=$$!; \
	trap 'kill $$worker $$beat 2>/dev/null || true; wait' EXIT INT TERM; \
	echo "Serving Tarokk Admin with gunicorn on http://$(BIND)"; \
	$(BIN)/gunicorn --config gunicorn.conf.py --bind $(BIND)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

messages: $(STAMP)
	$(MANAGE) makemessages --locale=hu --ignore=$(VENV) --ignore=staticfiles --ignore=static --ignore=tests --ignore=bench
	$(MANAGE) compilemessages --ignore=$(VENV)

# Regenerate requirements.lock from the ranges in pyproject.toml in a fresh venv.
lock:
	rm -rf .lock-venv
	$(PYTHON) -m venv .lock-venv
	.lock-venv/bin/python -c 'import tomllib; p = tomllib.load(open("pyproject.toml", "rb"))["project"]; print("\n".join(p["dependencies"] + p["optional-dependencies"]["dev"]))' > .lock-venv/requirements.in
	.lock-venv/bin/python -m pip install --quiet --disable-pip-version-check -r .lock-venv/requirements.in
	{ echo "# Exact versions installed by 'make' (pip install -r requirements.lock)."; \
	  echo "# Generated by 'make lock' from the ranges in pyproject.toml on Python 3.11; do not edit by hand."; \
	  .lock-venv/bin/python -m pip freeze --exclude-editable | grep -v -E '^(pip|setuptools|wheel)=='; } > requirements.lock
	rm -rf .lock-venv

clean:
	rm -rf $(VENV) staticfiles var test-results screenshots .pytest_cache .ruff_cache .mypy_cache
	find . -path ./.git -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
