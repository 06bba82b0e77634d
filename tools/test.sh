#!/usr/bin/env bash
# Sets up everything the tests need (when missing), then runs lint and the whole suite:
# unit tests in CPython, the main-thread modules under MicroPython, end-to-end in Chromium.
# The end-to-end tests run in three processes at once (pytest-xdist; each its own server and browser:
# most of their time is spent waiting on pages, not computing), and the unit tests (CPU only) in the
# background beside them, in two processes (in one, they ended minutes after the end-to-end ones, with a
# core left idle meanwhile). The tests that time the main thread's tasks (marked "longtask") run among the
# others: they count each task's CPU time from Chromium's trace, not its wall clock.
# With arguments, runs just `pytest ARGS` (e.g. tools/test.sh tests/e2e/test_map.py -k phone).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh test
# Compiled Python kept between the suite's processes (about 0.6 CPU s for each process that imports
# pytest, Playwright and hypothesis afresh), outside the tree, even where the environment asks for none.
export PYTHONPYCACHEPREFIX="$PWD/.venv/pycache"
unset PYTHONDONTWRITEBYTECODE
echo "==> ruff"
.venv/bin/ruff check py tests tools
if [ $# -gt 0 ]; then
    echo "==> pytest $*"
    exec .venv/bin/python -m pytest "$@"
fi
unit_log=$(mktemp)
trap 'rm -f "$unit_log"' EXIT
echo "==> pytest: unit tests (in the background) beside the end-to-end tests"
.venv/bin/python -m pytest tests --ignore=tests/e2e -p no:cacheprovider -n 2 >"$unit_log" 2>&1 &
unit_pid=$!
status=0
.venv/bin/python -m pytest tests/e2e -n "${E2E_PROCESSES:-3}" || status=$?
wait "$unit_pid" || status=$?
echo "==> unit tests"
cat "$unit_log"
exit "$status"
