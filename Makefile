# Two commands for a newcomer (see README.md):
#   make serve   set everything up, build the site and serve it on http://127.0.0.1:8000/
#   make test    set everything up and run the whole test suite
# Every other target is a step of those two.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# MkDocs 1.6.1 builds in $(VENV); ProperDocs and Zensical each build in their own environment,
# pinned in requirements/<generator>.txt (tests/site_plugins/test_generators.py).
PROPERDOCS_VENV := .venv-properdocs
ZENSICAL_VENV   := .venv-zensical
PIP_QUIET       := --quiet --disable-pip-version-check
export NO_MKDOCS_2_WARNING := 1

# Pyodide wheels of pytest and Hypothesis for the parity tests (tests/pyodide).
include tests/pyodide/wheels.mk

.PHONY: serve test build dist lint setup generators bench chromium nginx examples-update examples-unbound

serve: setup
	$(BIN)/mkdocs serve --strict --dev-addr 127.0.0.1:8000

# Two workers (pytest-xdist), a test file's tests (a docs page's examples) on one: its module
# fixtures (a built site, a Pyodide run) are made once. Not --dist loadgroup: with pytest 9.2
# its groups are silently ignored (pytest-dev/pytest-xdist#1386).
TEST_WORKERS ?= 2

test: setup generators chromium nginx lint
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadfile

build: setup
	$(BIN)/mkdocs build --strict

# The distribution a rules author installs (README, "Add it to your own site"): dist/*.whl.
dist: setup
	$(BIN)/python -m pip wheel $(PIP_QUIET) --no-deps -w dist .

# Rewrite the claims of docs examples whose output no longer matches, and print the diff to
# review (site_plugins/examples/checking/update.py); examples that error are left alone.
examples-update: setup
	$(BIN)/python -m site_plugins.examples.checking.update docs

# List the numbers in the prose next to an example that equal a value the example computes
# but are not bound (site_plugins/examples/checking/unbound.py), with expressions to bind them.
examples-unbound: setup
	$(BIN)/python -m site_plugins.examples.checking.unbound docs

lint: setup
	$(BIN)/ruff check rules_core site_plugins tests benchmarks
	$(BIN)/mypy

bench: setup chromium nginx
	$(BIN)/python benchmarks/build_time.py
	$(BIN)/python benchmarks/reroll.py
	$(BIN)/python benchmarks/odds.py
	$(BIN)/python benchmarks/deploy.py
	$(BIN)/python benchmarks/author_site.py

setup: $(VENV)/.installed node_modules/.installed $(PYODIDE_WHEELS)/.done

# The pinned npm package pyodide (package-lock.json), which the site self-hosts.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Debian's Chromium for the browser tests (never `playwright install`).
chromium:
	@command -v chromium >/dev/null 2>&1 || command -v /usr/bin/chromium >/dev/null 2>&1 || \
	  { apt-get update -qq && apt-get install -y -qq chromium; }

# Debian's nginx, with its stock types, for the browser test of a stock static host (and its
# brotli_static module, for the recommended one). Where nginx cannot be installed that test is
# skipped and says why.
nginx:
	@command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || \
	  { apt-get update -qq && apt-get install -y -qq nginx-light; } || \
	  echo "nginx could not be installed: the stock-host browser test will be skipped"
	@test -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so || \
	  apt-get install -y -qq libnginx-mod-http-brotli-static || \
	  { apt-get update -qq && apt-get install -y -qq libnginx-mod-http-brotli-static; } || \
	  echo "nginx's brotli_static module could not be installed: the recommended host sends .gz"

# The project with the exact versions it is tested with (pyproject.toml gives ranges, for
# authors' sites; requirements/constraints.txt pins them here).
$(VENV)/.installed: pyproject.toml requirements/constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install $(PIP_QUIET) -c requirements/constraints.txt -e '.[test,reference]'
	touch $@

# The other generators the tests build with, each with the project installed (editable).
# The two environments side by side (two pip runs at once: about half the time).
generators:
	$(MAKE) --no-print-directory -j2 $(PROPERDOCS_VENV)/.installed $(ZENSICAL_VENV)/.installed

# ProperDocs loads the MkDocs plugin, which imports MkDocs: the project comes with MkDocs and
# Material, at the versions requirements/properdocs.txt pins.
$(PROPERDOCS_VENV)/.installed: requirements/properdocs.txt requirements/constraints.txt pyproject.toml
	$(PYTHON) -m venv $(PROPERDOCS_VENV)
	$(PROPERDOCS_VENV)/bin/python -m pip install $(PIP_QUIET) -c requirements/constraints.txt \
	  -r requirements/properdocs.txt -e .
	touch $@

# Zensical loads the Markdown extension, which needs no MkDocs: the project without its pins.
$(ZENSICAL_VENV)/.installed: requirements/zensical.txt pyproject.toml
	$(PYTHON) -m venv $(ZENSICAL_VENV)
	$(ZENSICAL_VENV)/bin/python -m pip install $(PIP_QUIET) -r requirements/zensical.txt
	$(ZENSICAL_VENV)/bin/python -m pip install $(PIP_QUIET) --no-deps -e .
	touch $@
