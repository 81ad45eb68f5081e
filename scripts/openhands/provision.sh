#!/usr/bin/env bash
# Provisions the real OpenHands server (PyPI `openhands-ai`) for the conformance suite.
#
#   scripts/openhands/provision.sh                             -> .cache/openhands/0.54.0/venv (openhands-ai==0.54.0)
#   OPENHANDS_VERSION=1.11.0 scripts/openhands/provision.sh    -> .cache/openhands/1.11.0/venv (any version: its own venv)
#   OPENHANDS_VERSION=agent-1.58.2 scripts/openhands/provision.sh
#                               -> .cache/openhands/agent-1.58.2/venv (openhands-agent-server==1.58.2: the agent server
#                                  alone, as Agent Canvas and the SDK run it; start-agent.sh starts it)
#   OPENHANDS_VERSION=canvas-1.20.0 scripts/openhands/provision.sh
#                               -> .cache/openhands/canvas-1.20.0 (npm @openhands/agent-canvas@1.20.0, its launcher,
#                                  installed under the UI harness's Node 24, and uv's cache warmed with the agent server
#                                  and automation backend it starts through uvx; start-canvas.sh starts it; canvas.sh)
#
# Steps, each skipped when its result is already there (a second run takes about a second):
#   1. a CPython >=3.12,<3.14: OPENHANDS_PYTHON if set, else one already on the machine (PATH, pyenv's
#      versions folder, an earlier build), else a build from source into /opt/openhands-cpython-3.13 (or
#      OPENHANDS_PYTHON_PREFIX; .cache/openhands/python when /opt is not writable): about 8-10 min on 2 cores,
#      with the usual build dependencies, which this image has;
#   2. a venv in .cache/openhands/<version>/venv (git-ignored) with openhands-ai (openhands-agent-server for an
#      agent-<version>) and, when there is one, the
#      pinned dependencies of constraints-<version>.txt beside this script, installed by uv (itself from PyPI,
#      into .cache/openhands/uv, shared by all versions). Versions live side by side; each has its own stamp.
#
# Environment:
#   OPENHANDS_VERSION      default 0.54.0; agent-<v> for openhands-agent-server <v>
#   OPENHANDS_PYTHON       interpreter to use (skips the search and the build)
#   OPENHANDS_CACHE        default <repo>/.cache/openhands
#   OPENHANDS_BUILD_PYTHON=1  build CPython from source even when one is on the machine (to test that route)
#   OPENHANDS_PYTHON_PREFIX   where to build it
#   OPENHANDS_INSTALLER=pip   install with pip instead of uv
#   OPENHANDS_VENV         where to put the venv (default $OPENHANDS_CACHE/<version>/venv)
# Prints the venv's python path as its last line. The installer's log is kept beside the venv (install.log).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
# shellcheck source=canvas.sh
. "$HERE/canvas.sh"
VERSION=${OPENHANDS_VERSION:-0.54.0}
# The package: the app server (openhands-ai), or the agent server alone for agent-<v>.
case "$VERSION" in
  agent-*) PACKAGE=openhands-agent-server==${VERSION#agent-} ;;
  *) PACKAGE=openhands-ai==$VERSION ;;
esac
CACHE=${OPENHANDS_CACHE:-$REPO/.cache/openhands}
VENV=${OPENHANDS_VENV:-$CACHE/$VERSION/venv}
LOG=$(dirname "$VENV")/install.log
# A built interpreter goes outside the work tree when possible: it takes minutes to rebuild, and a cleaned
# work tree (git clean -x) would take it with it.
if [ -n "${OPENHANDS_PYTHON_PREFIX:-}" ]; then BUILT=$OPENHANDS_PYTHON_PREFIX
elif [ -w /opt ]; then BUILT=/opt/openhands-cpython-3.13
else BUILT=$CACHE/python; fi
CONSTRAINTS=$HERE/constraints-$VERSION.txt
# Packages installed beside it, where its wheel imports more than it declares (agent-1.49.1: openhands-tools and
# openhands-workspace, which Agent Canvas's launcher adds with `uvx --with`).
WITH=$HERE/with-$VERSION.txt
STAMP=$VENV/.provisioned
UV_VERSION=0.13.9

log() { echo "[provision] $*" >&2; }

# A usable interpreter: the right version, and the stdlib parts pip and the server need.
usable_python() {
  "$1" - <<'PY' >/dev/null 2>&1
import sys
assert (3, 12) <= sys.version_info[:2] < (3, 14)
import ssl, sqlite3, ctypes, lzma, bz2, zlib, venv, ensurepip  # noqa: F401
PY
}

find_python() {
  local c
  if [ -n "${OPENHANDS_PYTHON:-}" ]; then
    usable_python "$OPENHANDS_PYTHON" || { log "OPENHANDS_PYTHON=$OPENHANDS_PYTHON is not a usable CPython 3.12/3.13"; return 1; }
    echo "$OPENHANDS_PYTHON"; return 0
  fi
  for c in "$BUILT"/bin/python3.1[23]; do
    [ -x "$c" ] && usable_python "$c" && { echo "$c"; return 0; }
  done
  [ "${OPENHANDS_BUILD_PYTHON:-0}" = 1 ] && return 1
  # Plain commands first (pyenv's shims fail when the version is not selected, which usable_python catches),
  # then pyenv's installed versions directly, newest 3.12 first: 0.54.0's Docker image runs 3.12.
  for c in python3.12 python3.13; do
    command -v "$c" >/dev/null && usable_python "$c" && { command -v "$c"; return 0; }
  done
  local root; root=$( (pyenv root 2>/dev/null) || echo "$HOME/.pyenv")
  for c in $(ls -d "$root"/versions/3.12.*/bin/python3.12 2>/dev/null | sort -rV) \
           $(ls -d "$root"/versions/3.13.*/bin/python3.13 2>/dev/null | sort -rV); do
    usable_python "$c" && { echo "$c"; return 0; }
  done
  return 1
}

# Builds CPython 3.13 into $BUILT from Debian trixie's python3.13 source package, whose orig tarball is
# upstream's Python-3.13.x.tar.xz (python.org itself is not reachable from these machines). apt runs with a
# private state folder, so the system's apt configuration is left as it is.
build_python() {
  local w=$CACHE/python-build mirror tarball
  rm -rf "$w"; mkdir -p "$w"
  mirror=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  mirror=${mirror:-http://deb.debian.org/debian}
  log "building CPython 3.13 into $BUILT from Debian trixie's source package ($mirror), about 8-10 min"
  mkdir -p "$w"/apt/{lists/partial,cache/archives/partial,etc/sources.list.d,etc/preferences.d} "$w/src"
  touch "$w/apt/status"
  echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main" > "$w/apt/etc/sources.list"
  local apt=(apt-get -o Dir::Etc="$w/apt/etc" -o Dir::State::Lists="$w/apt/lists" -o Dir::State::status="$w/apt/status"
             -o Dir::Cache="$w/apt/cache" -o Acquire::Languages=none -o APT::Sandbox::User=root)
  "${apt[@]}" update -qq
  (cd "$w/src" && "${apt[@]}" source --download-only -qq python3.13)
  tarball=$(ls "$w"/src/python3.13_*.orig.tar.xz | head -n1)
  [ -f "$tarball" ] || { log "no python3.13 orig tarball in trixie's sources"; return 1; }
  log "source: $(basename "$tarball") sha256 $(sha256sum "$tarball" | cut -c1-16)..."
  tar -xJf "$tarball" -C "$w/src"
  (cd "$w"/src/Python-3.13.*/ \
    && ./configure --prefix="$BUILT" --with-ensurepip=install >"$w/configure.log" 2>&1 \
    && make -j"$(nproc)" >"$w/make.log" 2>&1 \
    && make install >"$w/install.log" 2>&1) \
    || { log "build failed; last lines:"; tail -n 30 "$w"/*.log >&2; return 1; }
  "$BUILT/bin/python3.13" --version >&2
  rm -rf "$w"   # kept on failure, for its logs
}

mkdir -p "$CACHE" "$(dirname "$VENV")"
PY=$(find_python) || { build_python; PY=$(find_python); }
UV=$CACHE/uv/bin/uv
# uv from PyPI (pinned), in a venv of its own shared by every version.
ensure_uv() {
  [ -x "$UV" ] || { "$PY" -m venv "$CACHE/uv" && "$CACHE/uv/bin/python" -m pip install -q --disable-pip-version-check "uv==$UV_VERSION"; }
}
case "$VERSION" in canvas-*) provision_canvas "${VERSION#canvas-}" "$PY"; exit ;; esac
PYVER=$("$PY" -c 'import sys; print(".".join(map(str, sys.version_info[:3])))')

# The stamp names everything the venv depends on; when it matches, there is nothing to do.
want="$PACKAGE python=$PY ($PYVER) constraints=$( [ -f "$CONSTRAINTS" ] && sha256sum "$CONSTRAINTS" | cut -c1-16 || echo none)"
[ -f "$WITH" ] && want="$want with=$(sha256sum "$WITH" | cut -c1-16)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ] && [ -x "$VENV/bin/python" ]; then
  log "reusing $VENV ($want)"
  echo "$VENV/bin/python"; exit 0
fi

log "python: $PY ($PYVER)"
rm -rf "$VENV"
req=("$PACKAGE")
[ -f "$WITH" ] && req+=(-r "$WITH")
if [ -f "$CONSTRAINTS" ]; then req+=(-c "$CONSTRAINTS"); else log "no $CONSTRAINTS: dependencies resolve to their newest versions"; fi
started=$(date +%s)
# uv (from PyPI, pinned) installs the ~290 packages in about 15-25 s where pip takes 2-4 min, mostly because it
# downloads in parallel. pip is the fallback when uv cannot be had or fails; OPENHANDS_INSTALLER=pip forces it.
with_uv() {
  ensure_uv || return 1
  "$UV" venv -q --python "$PY" "$VENV" && VIRTUAL_ENV=$VENV "$UV" pip install --system-certs "${req[@]}"
}
with_pip() {
  rm -rf "$VENV"
  "$PY" -m venv "$VENV" && "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input "${req[@]}"
}
log "installing ${req[*]} (log: $LOG)"
if [ "${OPENHANDS_INSTALLER:-uv}" = uv ] && with_uv >"$LOG" 2>&1; then log "installed with uv $UV_VERSION"
else
  [ "${OPENHANDS_INSTALLER:-uv}" = uv ] && { log "uv failed, trying pip; last lines:"; tail -n 15 "$LOG" >&2; }
  with_pip >"$LOG" 2>&1 \
    || { log "pip failed; last lines of $LOG:"; tail -n 40 "$LOG" >&2; exit 1; }
fi
log "installed in $(( $(date +%s) - started )) s"
"$VENV/bin/python" -c 'import importlib.metadata as m, sys; p = sys.argv[1].split("==")[0]; print(p, m.version(p), "fastapi", m.version("fastapi"), "pydantic", m.version("pydantic"))' "$PACKAGE" >&2
echo "$want" > "$STAMP"
echo "$VENV/bin/python"
