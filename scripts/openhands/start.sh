#!/usr/bin/env bash
# Starts the real OpenHands server (installed by provision.sh) on 127.0.0.1, in the background, and waits
# until it answers. Prints shell assignments on stdout, so that
#
#   eval "$(scripts/openhands/start.sh)"         # ... then later:
#   scripts/openhands/stop.sh "$OPENHANDS_DIR"
#
# sets OPENHANDS_URL, OPENHANDS_API_KEY, OPENHANDS_PID, OPENHANDS_DIR and the conformance suite's
# CONFORMANCE_BASE_URL / CONFORMANCE_API_KEY. Options:
#   --port N                     default: a free port
#   --key K | --no-auth          default: a random SESSION_API_KEY; --no-auth starts it without one (no key check)
#   --allow-set-conversation-id  sets ALLOW_SET_CONVERSATION_ID=1 (POST /api/conversations accepts conversation_id)
#   --dir D                      state folder (default: a new temp folder); holds home/, store/, server.log
#   --env NAME=VALUE             one more variable for the server (repeatable), e.g. --env RUNTIME=local
#   --timeout S                  seconds to wait for the first answer (default 120)
#
# What the server gets, and why:
#   - a clean environment (env -i): nothing from the caller's LLM_*, RUNTIME, SESSION_API_KEY... leaks in;
#   - HOME, FILE_STORE=local and FILE_STORE_PATH inside the state folder: settings.json, secrets.json,
#     sessions/ and .jwt_secret go there, so each start is a fresh server;
#   - SERVE_FRONTEND=false: the wheel has no frontend build (the app refuses to start without one otherwise);
#   - the default runtime (docker), as in the released image: POST /api/conversations answers 200 STARTING, and
#     the runtime start then fails in the background ("Error while fetching server API version") because
#     there is no Docker engine here. That failure is only logged. (RUNTIME=local would instead check for
#     tmux, jupyter and a Playwright browser at startup and hang without the browser.)
#   - the working directory is the venv's site-packages, like the image's /app: the server reads
#     config.toml and some templates (suggested tasks) relative to the working directory;
#   - LITELLM_LOCAL_MODEL_COST_MAP=True: litellm would otherwise try to download its price list at import.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
REPO=$(cd "$HERE/../.." && pwd)
# The venv provision.sh made for OPENHANDS_VERSION (default 0.54.0; the 1.x servers have start-v1.sh).
VENV=${OPENHANDS_VENV:-${OPENHANDS_CACHE:-$REPO/.cache/openhands}/${OPENHANDS_VERSION:-0.54.0}/venv}
PY=$VENV/bin/python

port='' key='' auth=1 allow_id=0 dir='' timeout=120 extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port=$2; shift 2 ;;
    --key) key=$2; shift 2 ;;
    --no-auth) auth=0; shift ;;
    --allow-set-conversation-id) allow_id=1; shift ;;
    --dir) dir=$2; shift 2 ;;
    --env) extra+=("$2"); shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    *) echo "start.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

log() { echo "[openhands] $*" >&2; }

[ -x "$PY" ] || { log "no venv at $VENV: run OPENHANDS_VERSION=${OPENHANDS_VERSION:-0.54.0} scripts/openhands/provision.sh first"; exit 1; }
command -v curl >/dev/null || { log "curl is needed"; exit 1; }

SITE=$("$PY" -c 'import importlib.util as u; import os; print(os.path.dirname(list(u.find_spec("openhands").submodule_search_locations)[0]))')
# python-dotenv's load_dotenv() in openhands.server.shared looks for a .env in every folder above its own
# file, whatever the working directory: one there would change the server's configuration.
d=$SITE
while [ "$d" != / ]; do
  [ -f "$d/.env" ] && log "warning: $d/.env will be loaded by the server (python-dotenv)"
  d=$(dirname "$d")
done

[ -n "$port" ] || port=$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
if [ "$auth" = 1 ] && [ -z "$key" ]; then key=$("$PY" -c 'import secrets; print(secrets.token_hex(16))'); fi
[ "$auth" = 1 ] || key=''
[ -n "$dir" ] || dir=$(mktemp -d "${TMPDIR:-/tmp}/openhands-server.XXXXXX")
mkdir -p "$dir/home" "$dir/store"
dir=$(cd "$dir" && pwd)
url=http://127.0.0.1:$port

envs=(
  "PATH=$VENV/bin:/usr/local/bin:/usr/bin:/bin"
  "LANG=C.UTF-8"
  "HOME=$dir/home"
  "TMPDIR=$dir/home"
  "PYTHONUNBUFFERED=1"
  "FILE_STORE=local"
  "FILE_STORE_PATH=$dir/store"
  "SERVE_FRONTEND=false"
  "LITELLM_LOCAL_MODEL_COST_MAP=True"
)
add_certificate_env
[ "$auth" = 1 ] && envs+=("SESSION_API_KEY=$key")
[ "$allow_id" = 1 ] && envs+=("ALLOW_SET_CONVERSATION_ID=1")
envs+=(${extra[@]+"${extra[@]}"})

started=$(date +%s%N)
# setsid: the server leads its own process group, so stop.sh ends it together with its helpers.
(cd "$SITE" && exec setsid env -i "${envs[@]}" "$PY" -m uvicorn openhands.server.listen:app \
   --host 127.0.0.1 --port "$port" >"$dir/server.log" 2>&1 </dev/null) &
pid=$!
wait_until_alive "$pid" "$dir" "$url" "$timeout" "$started"
elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
log "OpenHands $("$PY" -c 'import importlib.metadata as m; print(m.version("openhands-ai"))') answers at $url after ${elapsed_ms} ms (pid $pid, state in $dir)"

q() { printf '%q' "$1"; }
echo "export OPENHANDS_URL=$(q "$url") OPENHANDS_API_KEY=$(q "$key") OPENHANDS_PID=$pid OPENHANDS_DIR=$(q "$dir")"
echo "export CONFORMANCE_BASE_URL=$(q "$url") CONFORMANCE_API_KEY=$(q "$key")"
