# Two entry points for a fresh machine with Python >= 3.11 and make:
#   make play  - set up and run the main job
#   make test  - set up and run every check (lint, types, tests, doctests)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	PYBABEL=$(BIN)/pybabel scripts/catalogues compile
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/pokerroom play

test: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" scripts/check

bench: $(STAMP)
	for script in benchmarks/bench_*.py; do $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
