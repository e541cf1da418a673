# Two commands for a newcomer (see README.md):
#   make serve   set everything up, build the site and serve it on http://127.0.0.1:8000/
#   make test    set everything up and run the whole test suite
# Every other target is a step of those two.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve test build lint setup bench

serve: setup
	$(BIN)/mkdocs serve --strict --dev-addr 127.0.0.1:8000

test: setup lint
	$(BIN)/pytest

build: setup
	$(BIN)/mkdocs build --strict

lint: setup
	$(BIN)/ruff check rules_core site_plugins tests benchmarks
	$(BIN)/mypy

bench: setup
	$(BIN)/python benchmarks/build_time.py

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@
