# Shorthands for `python3 tasks.py …` (the README's two commands need only Python).
PY ?= python3

.PHONY: run test bench sim exe clean

run:
	$(PY) tasks.py run

test:
	$(PY) tasks.py test

bench:
	$(PY) tasks.py bench

sim:
	$(PY) tasks.py sim

exe:
	$(PY) tasks.py exe

clean:
	rm -rf .venv build/dist build/work build/lib build/bdist.* build/setuptools
