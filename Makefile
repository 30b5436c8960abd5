# The two commands: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint bench install stop-db clean-data

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	# Pin torch first: an unpinned torch pulls a multi-gigabyte CUDA build.
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The demo: development mode (DEBUG, keys from a per-installation secret in
# data/), demo tenants and logins. Production runs the same servers without
# either (docs/deploy.md).
run: $(STAMP)
	DJANGO_DEBUG=1 $(PY) manage.py run_console --demo

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m pytest $(PYTEST_ARGS)

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

bench: $(STAMP)
	$(PY) -m bench.writes
	$(PY) -m bench.console_queue
	$(PY) -m bench.console_browser

stop-db:
	$(PY) -m memory_core.embedded_db stop

clean-data:
	$(PY) -m memory_core.embedded_db stop || true
	rm -rf data
