# Two commands for a fresh machine with Python 3.11+:  `make run`  and  `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench sim screenshots exe clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/noirburg

lint: $(STAMP)
	$(BIN)/ruff check engine noirburg_desktop noirburg_sim tests build assets
	$(BIN)/ruff format --check engine noirburg_desktop noirburg_sim tests build assets

typecheck: $(STAMP)
	$(BIN)/mypy engine

pytest: $(STAMP)
	$(BIN)/python -m pytest

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/python -m noirburg_sim.bench

sim: $(STAMP)
	$(BIN)/noirburg-sim --players 4 --games 1000 --seed 1

exe: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[build]'
	$(BIN)/python build/build_exe.py

clean:
	rm -rf $(VENV) build/dist build/work
