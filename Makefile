# Chain simulator: developer entry points. Every target that needs Python installs the
# virtualenv first, so a fresh clone only needs `make test` or `make run`.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: venv run test lint bench check clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -e '.[dev]'
	touch $(STAMP)

run: venv
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver $(HOST):$(PORT)

test: venv
	$(PY) -m pytest

lint: venv
	$(VENV)/bin/ruff check .

bench: venv
	@if [ -f bench/__init__.py ]; then $(PY) -m bench; else echo "no bench/ package"; fi

check: venv
	$(PY) -m engine check

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis *.egg-info
