# Chain simulator: developer entry points. Every target that needs Python installs the
# virtualenv first, so a fresh clone only needs `make test` or `make run`.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
# Python writes its compiled modules (and pytest its rewritten test modules) to __pycache__
# even where the shell asks it not to: each test run, and each of its workers, then reads them
# instead of compiling every module again (half the tests' collection time).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: venv browser fonts gettext messages services run serve test test-fast lint bench loadtest check clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -e '.[dev,serve]'
	touch $(STAMP)

# DEBUG is off unless DJANGO_DEBUG=1; HOST=0.0.0.0 opens it to a classroom network (add the
# machine's address to DJANGO_ALLOWED_HOSTS, see docs/deployment.md).
run: venv fonts messages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver $(HOST):$(PORT)

# The end-to-end tests (tests/e2e) drive the system Chromium through Playwright, which never
# downloads a browser of its own; Debian's package is installed here when it is missing.
browser:
	@command -v chromium >/dev/null || { \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "Chromium is missing and installing it needs root: run 'sudo make browser'" \
	         "(or 'sudo apt-get install -y chromium'), then make test again." >&2; \
	    exit 1; \
	  fi; \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; }

# The chain pictures (PNG) draw Japanese card names with Noto Sans CJK, from Debian's
# fonts-noto-cjk, installed here when it is missing (the pictures fall back to a plain font).
fonts:
	@fc-list 2>/dev/null | grep -q 'Noto Sans CJK' || { \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "The CJK font is missing and installing it needs root: run 'sudo make fonts'" \
	         "(or 'sudo apt-get install -y fonts-noto-cjk'); pictures use a plain font" \
	         "until then." >&2; \
	  else \
	    apt-get -o DPkg::Lock::Timeout=600 update && DEBIAN_FRONTEND=noninteractive \
	      apt-get -o DPkg::Lock::Timeout=600 install -y fonts-noto-cjk; \
	  fi; }

# The catalogues (locale/ for the site, engine/locale/ for the engine's log) are compiled from
# their .po files, never committed; msgfmt comes from Debian's gettext, installed when missing.
gettext:
	@command -v msgfmt >/dev/null || { \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "GNU gettext (msgfmt) is missing and installing it needs root: run" \
	         "'sudo make gettext' (or 'sudo apt-get install -y gettext'), then make again." >&2; \
	    exit 1; \
	  fi; \
	  apt-get -o DPkg::Lock::Timeout=600 update && DEBIAN_FRONTEND=noninteractive \
	    apt-get -o DPkg::Lock::Timeout=600 install -y gettext; }

messages: venv gettext
	$(PY) manage.py compilemessages --ignore=.venv --ignore=node_modules


# The scale-out tests (tests/scaleout) start a real redis-server, PostgreSQL and nginx on
# 127.0.0.1; Debian's packages are installed here when one is missing (PostgreSQL's server
# programs live under `pg_config --bindir`, not on PATH).
services:
	@missing=""; \
	command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing="$$missing nginx"; \
	{ command -v pg_config >/dev/null && [ -x "$$(pg_config --bindir)/initdb" ]; } \
	  || missing="$$missing postgresql"; \
	[ -z "$$missing" ] || { \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "Missing:$$missing; installing needs root: run 'sudo make services'" \
	         "(or 'sudo apt-get install -y$$missing'), then make test again." >&2; \
	    exit 1; \
	  fi; \
	  apt-get -o DPkg::Lock::Timeout=600 update && DEBIAN_FRONTEND=noninteractive \
	    apt-get -o DPkg::Lock::Timeout=600 install -y $$missing; }

# The engine and web tests run over both cores (pytest-xdist); the scale-out tests then run one
# at a time (each starts its own servers), and the browser tests over two workers, each with
# its own server, database and Chromium (a browser test waits on its pages more than it
# computes).
test: venv browser fonts messages services
	$(PY) -m pytest -n 2 tests/engine tests/web
	$(PY) -m pytest tests/scaleout
	$(PY) -m pytest -n 2 tests/e2e

# The fast loop: the engine and web tests, without browsers and services, over both cores.
test-fast: venv messages
	$(PY) -m pytest -n 2 tests/engine tests/web

# Production: migrations, static files, then WORKERS uvicorn worker processes sharing one
# listening socket on HOST:PORT, behind a reverse proxy that ends TLS (deploy/nginx.conf).
# Set DATABASE_URL (PostgreSQL) and REDIS_URL (Redis) to run more than one worker; see
# docs/deployment.md for every variable. The workers speak HTTP with uvicorn's httptools
# protocol bounding a request's head (simulator/heads.py: 414 and 431).
WORKERS ?= 2
DJANGO_SECURE ?= true
serve: venv fonts messages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput -v 0
	DJANGO_SECURE=$(DJANGO_SECURE) $(VENV)/bin/uvicorn simulator.asgi:application \
	  --host $(HOST) --port $(PORT) --workers $(WORKERS) --proxy-headers \
	  --forwarded-allow-ips 127.0.0.1 --no-access-log --lifespan off \
	  --http simulator.uvicorn_http:HttpProtocol

lint: venv
	$(VENV)/bin/ruff check .

# The card-text reader's figures on real cards it was not tuned on (bench/reader_corpus.yaml,
# a few seconds) come first; `$(PY) -m bench.reader --effects` lists every miss, with why.
bench: venv
	@if [ -f bench/reader.py ]; then $(PY) -m bench.reader; fi
	@if [ -f bench/__init__.py ]; then $(PY) -m bench; else echo "no bench/ package"; fi

# 200 websocket viewers on 10 boards, 5 actions a second, and a presented board's followers,
# without and with 100 slow readers (websockets that never read), on 127.0.0.1 only: the
# worker's memory and the viewers' latency (LOADTEST_SECONDS, LOADTEST_RATE, LOADTEST_SLOW,
# LOADTEST_SERVER=daphne).
loadtest: venv
	$(PY) -m bench.loadtest
	$(PY) -m bench.uploads

check: venv
	$(PY) -m engine check

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis *.egg-info
