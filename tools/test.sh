#!/usr/bin/env bash
# Sets up everything the tests need (when missing), then runs lint and the whole suite:
# unit tests in CPython, the main-thread modules under MicroPython, end-to-end in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh test
echo "==> ruff"
.venv/bin/ruff check py tests tools
echo "==> pytest"
exec .venv/bin/python -m pytest "$@"
