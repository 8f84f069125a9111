# Two commands do all the set-up from a fresh clone: `make run` and `make test`.
VENV := .venv
PY := $(VENV)/bin/python
UV := $(VENV)/bin/uv
STAMP := $(VENV)/.synced

.PHONY: run test lint typecheck unit bench chromium services printing clean docs docs-pictures

$(UV):
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check "uv>=0.4"

# --inexact keeps uv itself inside the environment it manages. Bytecode compiled at install (the
# dependencies by uv, ecran's own sources here): a worker restarts without compiling anything,
# even where PYTHONDONTWRITEBYTECODE keeps Python from writing it at run time (#28). The rules
# data's TOML parsed once too, beside it (`ecran.toml_cache`, #32).
$(STAMP): $(UV) pyproject.toml uv.lock
	UV_PROJECT_ENVIRONMENT=$(VENV) $(UV) sync --locked --inexact --quiet --compile-bytecode
	$(PY) -m compileall -q src
	$(PY) -m ecran.toml_cache
	touch $(STAMP)

run: $(STAMP) printing build/guide/index.html
	$(VENV)/bin/ecran serve

# The French guide (docs/guide, mkdocs.yml) as a static site in build/guide, served by
# `ecran serve` under /aide. Built from the installed mkdocs-material alone: no network.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --quiet

build/guide/index.html: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --quiet

# The guide's screenshots (docs/guide/images), played by headless Chromium on a scripted scene.
docs-pictures: $(STAMP) chromium
	$(PY) docs/guide_pictures.py docs/guide/images
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --quiet

test: $(STAMP) chromium services printing lint typecheck unit

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests $(wildcard bench)
	$(VENV)/bin/ruff format --check src tests $(wildcard bench)

typecheck: $(STAMP)
	$(VENV)/bin/mypy

unit: $(STAMP)
	$(PY) -m pytest -n 2

# Browser tests use Debian's Chromium, driven by Playwright's Python package.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# The store and live tests start a throwaway PostgreSQL and redis-server of their own
# (tests/servers.py); only the programs are installed here, from Debian, when missing.
services:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  echo "installing Debian's postgresql for the store tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }
	@command -v redis-server >/dev/null 2>&1 || test -x /usr/bin/redis-server || { \
	  echo "installing Debian's redis-server for the live tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; }

# Printing (WeasyPrint) needs Pango, HarfBuzz and fontconfig; the sheets are set in DejaVu with
# Linux Libertine/Biolinum for their small-caps headings (real `smcp` glyphs, so copied text
# reads "Espace Artémis", not the letters of faked small caps). The print tests read the PDFs
# back with poppler's pdftotext and pdftoppm. Installed from Debian when missing.
PRINTING_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fontconfig \
  fonts-dejavu-core fonts-linuxlibertine poppler-utils
printing:
	@{ ldconfig -p | grep -q libpangoft2-1.0 && ldconfig -p | grep -q libharfbuzz-subset \
	  && fc-list | grep -q "DejaVu Sans" && fc-list | grep -q "Linux Libertine O" \
	  && fc-list | grep -q "Linux Biolinum O" && command -v pdftotext >/dev/null 2>&1 \
	  && command -v pdftoppm >/dev/null 2>&1; } || { \
	  echo "installing Debian's Pango, fonts and poppler-utils for printing sheets"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    $(PRINTING_PACKAGES) >/dev/null; }

bench: $(STAMP)
	$(PY) bench/bench_dice.py
	$(PY) bench/bench_checks.py
	$(PY) bench/bench_cli.py
	$(PY) bench/bench_simulate.py --fights

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
