# Wheels of pytest, Hypothesis, icepool and their dependencies for Pyodide, which the parity test
# (tests/pyodide/test_parity.py) unpacks into Pyodide's site-packages. Included by the
# Makefile after its variables; `make setup` depends on the target.
#
# Versions: exactly those of the venv (`pip list` as constraints), which `make setup` installs
# from pyproject's test extra, so both interpreters run the same pytest and Hypothesis.
# Platform: pure-Python wheels, or wheels built for this Pyodide's ABI (Hypothesis >= 6.156
# has a compiled core; PyPI has a cp314 pyemscripten_2026_0_wasm32 wheel of it), read from
# the pinned npm package's lock file.

VENV ?= .venv
BIN  ?= $(VENV)/bin
PYODIDE_WHEELS := .cache/pyodide-wheels
PYODIDE_LOCK   := node_modules/pyodide/pyodide-lock.json
# "2026_0 3.14": the ABI and Python version of the installed Pyodide (expanded when used).
PYODIDE_TARGET = $(shell $(BIN)/python -c 'import json; i = json.load(open("$(PYODIDE_LOCK)"))["info"]; print(i["abi_version"], ".".join(i["python"].split(".")[:2]))')

$(PYODIDE_WHEELS)/.done: $(VENV)/.installed node_modules/.installed pyproject.toml tests/pyodide/wheels.mk
	rm -rf $(PYODIDE_WHEELS)
	mkdir -p $(PYODIDE_WHEELS)
	$(BIN)/pip list --format=freeze --exclude-editable > $(PYODIDE_WHEELS)/constraints.txt
	$(BIN)/pip download --quiet --disable-pip-version-check --only-binary=:all: \
	  --implementation cp --python-version $(word 2,$(PYODIDE_TARGET)) \
	  --abi cp$(subst .,,$(word 2,$(PYODIDE_TARGET))) --abi abi3 --abi none \
	  --platform pyemscripten_$(word 1,$(PYODIDE_TARGET))_wasm32 \
	  --platform pyodide_$(word 1,$(PYODIDE_TARGET))_wasm32 --platform any \
	  -c $(PYODIDE_WHEELS)/constraints.txt -d $(PYODIDE_WHEELS) pytest hypothesis icepool
	touch $@
