#!/usr/bin/env bash
# Starts a real OpenHands 1.x app server (installed by `OPENHANDS_VERSION=<v> provision.sh`) on 127.0.0.1, in the
# background, and waits until /alive answers. Prints the same shell assignments as start.sh, so that
#
#   eval "$(scripts/openhands/start-v1.sh)"      # 1.11.0 ... then later:
#   scripts/openhands/stop.sh "$OPENHANDS_DIR"   # stops the app server and every agent server it spawned
#
# sets OPENHANDS_URL, OPENHANDS_API_KEY, OPENHANDS_PID, OPENHANDS_DIR, CONFORMANCE_BASE_URL/_API_KEY, and
# OPENHANDS_SERVER_VERSION (not OPENHANDS_VERSION, which provision.sh reads). Options:
#   --version V          default 1.11.0 (venv: .cache/openhands/V/venv; OPENHANDS_VENV overrides)
#   --port N             default: a free port
#   --key K | --no-auth  default: a random SESSION_API_KEY; --no-auth starts it without one (no key check)
#   --dir D              state folder (default: a new temp folder); holds store/, home/, tmp/, sandboxes/,
#                        server.log, pid, url
#   --env NAME=VALUE     one more variable for the server (repeatable)
#   --app MODULE:ATTR    the ASGI app (default: openhands.app_server.app:app when the wheel has it, which is
#                        1.7+; else openhands.server.listen:app, the V0 server that also mounts the V1 routes)
#   --stock              run the app as shipped (python -m uvicorn), without launch_v1.py's overrides:
#                        on this machine conversation starts then end in ERROR (see launch_v1.py)
#   --no-chromium-stub   do not put the placeholder `chromium` on the agent servers' PATH (see below)
#   --timeout S          seconds to wait for /alive (default 180)
#
# What the server gets, and why:
#   - a clean environment (env -i): nothing from the caller's LLM_*, RUNTIME, SESSION_API_KEY... leaks in;
#   - OH_PERSISTENCE_DIR=<dir>/store: the SQLite database, settings.json, secrets and the JWT key; HOME and
#     TMPDIR inside the state folder too, so each start is a fresh server;
#   - SERVE_FRONTEND=false: the wheel ships no web UI;
#   - RUNTIME=process: a conversation's sandbox is an agent server child process (`python -m
#     openhands.agent_server --port P`), not a Docker container (there is no Docker engine here). The V0
#     server of 1.0-1.6 (openhands.server.listen:app) refuses to start with RUNTIME=process ("Runtime process
#     not supported"), so for that app RUNTIME is left unset (V0 conversations then use the Docker runtime and
#     fail in the background, as with start.sh) and the V1 part is pointed at the process sandbox by
#     OH_SANDBOX_KIND / OH_SANDBOX_SPEC_KIND, which are set in both cases. The
#     sandbox service is configured through the wheel's own OH_SANDBOX_* variables: its working folders go
#     under <dir>/sandboxes, its ports start at a free port picked here (instead of 8000, so that two servers
#     do not race for the same one), and its python is <dir>/agent-server-python, which adds
#     `--host 127.0.0.1` (the agent server binds 0.0.0.0 by default);
#   - OH_AGENT_SERVER_ENV (the wheel's way to add variables for its agent servers): TMUX_TMPDIR=<dir>/tmux
#     instead of the shared /tmp/openhands-tmux, so that servers started side by side do not share one tmux
#     server (stop.sh ends this one's); and PATH with <dir>/bin last, which holds a placeholder `chromium`
#     (a script that exits 1). The agent server's default tools include the browser, whose setup only checks
#     that a Chromium binary exists (standard paths, Playwright's cache, then PATH): with none on the machine,
#     creating the conversation fails (500, start task ERROR). A real Chromium, where there is one, is found
#     first; with the placeholder, browsing fails only when the agent tries to browse.
#     And OH_WEBHOOKS_0_BASE_URL=<url>/api/v1/webhooks: the Docker and remote sandboxes give their agent servers
#     this callback address, the process sandbox does not, and without it no event reaches the app server
#     (GET /api/v1/conversation/{id}/events/search stays empty; the agent server itself has them).
#   - 1.6.0 only (its process sandbox spec has working_dir '', which the agent server's terminal tool refuses:
#     "working_dir '' is not a directory", conversation start 500; 1.7+ ship '.'): the same spec given through
#     OH_SANDBOX_SPEC_SPECS_0_* with working_dir '.';
#   - OPENHANDS_STATE_DIR=<dir>: inherited by every process the server spawns; stop.sh finds stray ones by it;
#   - LITELLM_LOCAL_MODEL_COST_MAP=True: litellm would otherwise try to download its price list at import;
#     OPENHANDS_SUPPRESS_BANNER=1: the wheel prints a banner otherwise;
#   - setsid: the server leads its own process group, and its agent servers are in it too.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
REPO=$(cd "$HERE/../.." && pwd)

version=1.11.0 port='' key='' auth=1 dir='' timeout=180 app='' stock=0 chromium_stub=1 extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --version) version=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --key) key=$2; shift 2 ;;
    --no-auth) auth=0; shift ;;
    --dir) dir=$2; shift 2 ;;
    --env) extra+=("$2"); shift 2 ;;
    --app) app=$2; shift 2 ;;
    --stock) stock=1; shift ;;
    --no-chromium-stub) chromium_stub=0; shift ;;
    --timeout) timeout=$2; shift 2 ;;
    *) echo "start-v1.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

log() { echo "[openhands-v1] $*" >&2; }

VENV=${OPENHANDS_VENV:-${OPENHANDS_CACHE:-$REPO/.cache/openhands}/$version/venv}
PY=$VENV/bin/python
[ -x "$PY" ] || { log "no venv at $VENV: run OPENHANDS_VERSION=$version scripts/openhands/provision.sh first"; exit 1; }
command -v curl >/dev/null || { log "curl is needed"; exit 1; }

if [ -z "$app" ]; then
  if "$PY" -c 'import importlib.util as u, sys; sys.exit(0 if u.find_spec("openhands.app_server.app") else 1)' 2>/dev/null
  then app=openhands.app_server.app:app
  else app=openhands.server.listen:app; fi
fi

free_port() { "$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
[ -n "$port" ] || port=$(free_port)
agent_base_port=$(free_port)
# _find_unused_port tries base..base+9999; keep that below 65536.
[ "$agent_base_port" -lt 55000 ] || agent_base_port=$(( 20000 + agent_base_port % 20000 ))
if [ "$auth" = 1 ] && [ -z "$key" ]; then key=$("$PY" -c 'import secrets; print(secrets.token_hex(16))'); fi
[ "$auth" = 1 ] || key=''
[ -n "$dir" ] || dir=$(mktemp -d "${TMPDIR:-/tmp}/openhands-v1.XXXXXX")
mkdir -p "$dir/home" "$dir/tmp" "$dir/store" "$dir/sandboxes" "$dir/tmux" "$dir/bin"
dir=$(cd "$dir" && pwd)
url=http://127.0.0.1:$port

cat >"$dir/agent-server-python" <<EOF
#!/bin/sh
# Written by start-v1.sh: the app server runs "\$0 -m openhands.agent_server --port P" in the sandbox's
# folder for each sandbox. The agent server then binds 127.0.0.1 instead of 0.0.0.0 (argparse keeps the last
# --host), and its output goes to .openhands-agent-server.log there (1.11.0 does that itself; 1.6.0 gives it
# pipes that nobody reads, which lose the log and can block the agent server once they are full).
exec $(printf '%q' "$PY") "\$@" --host 127.0.0.1 >>.openhands-agent-server.log 2>&1
EOF
chmod +x "$dir/agent-server-python"
if [ "$chromium_stub" = 1 ]; then
  cat >"$dir/bin/chromium" <<'EOF'
#!/bin/sh
# Written by start-v1.sh: a placeholder, so that the agent server's browser tool can be set up on a machine
# without Chromium (it only checks that a binary exists). Browsing itself fails.
echo "chromium: placeholder written by scripts/openhands/start-v1.sh; there is no Chromium on this machine" >&2
exit 1
EOF
  chmod +x "$dir/bin/chromium"
fi
path="$VENV/bin:/usr/local/bin:/usr/bin:/bin"
agent_env=$("$PY" -c 'import json, sys; print(json.dumps({"TMUX_TMPDIR": sys.argv[1], "PATH": sys.argv[2], "OH_WEBHOOKS_0_BASE_URL": sys.argv[3]}))' \
  "$dir/tmux" "$path:$dir/bin" "$url/api/v1/webhooks")

envs=(
  "PATH=$path"
  "LANG=C.UTF-8"
  "HOME=$dir/home"
  "TMPDIR=$dir/tmp"
  "PYTHONUNBUFFERED=1"
  "OH_PERSISTENCE_DIR=$dir/store"
  "SERVE_FRONTEND=false"
  "OH_SANDBOX_KIND=ProcessSandboxServiceInjector"
  "OH_SANDBOX_SPEC_KIND=ProcessSandboxSpecServiceInjector"
  "OH_SANDBOX_BASE_WORKING_DIR=$dir/sandboxes"
  "OH_SANDBOX_BASE_PORT=$agent_base_port"
  "OH_SANDBOX_PYTHON_EXECUTABLE=$dir/agent-server-python"
  "OH_AGENT_SERVER_ENV=$agent_env"
  "OPENHANDS_STATE_DIR=$dir"
  "LITELLM_LOCAL_MODEL_COST_MAP=True"
  "OPENHANDS_SUPPRESS_BANNER=1"
)
add_certificate_env
[ "$app" = openhands.server.listen:app ] || envs+=("RUNTIME=process")
spec_src=$(ls "$VENV"/lib/python3.*/site-packages/openhands/app_server/sandbox/process_sandbox_spec_service.py 2>/dev/null | head -n1)
if [ -n "$spec_src" ] && grep -q "working_dir=''" "$spec_src"; then
  # The wheel's own default spec (id, command, initial_env) with working_dir '.' instead of ''.
  envs+=("OH_SANDBOX_SPEC_SPECS_0_ID=ghcr.io/openhands/agent-server:$("$PY" -c 'import importlib.metadata as m; print(m.version("openhands-agent-server"))')-python"
         "OH_SANDBOX_SPEC_SPECS_0_COMMAND_0=python" "OH_SANDBOX_SPEC_SPECS_0_COMMAND_1=-m"
         "OH_SANDBOX_SPEC_SPECS_0_COMMAND_2=openhands.agent_server" "OH_SANDBOX_SPEC_SPECS_0_WORKING_DIR=."
         "OH_SANDBOX_SPEC_SPECS_0_INITIAL_ENV=$("$PY" -c 'import json, sys; print(json.dumps({"OH_ENABLE_VS_CODE": "0", **json.loads(sys.argv[1])}))' "$agent_env")")
fi
[ "$auth" = 1 ] && envs+=("SESSION_API_KEY=$key")
envs+=(${extra[@]+"${extra[@]}"})

if [ "$stock" = 1 ]; then cmd=("$PY" -m uvicorn "$app" --host 127.0.0.1 --port "$port")
else cmd=("$PY" "$HERE/launch_v1.py" --app "$app" --host 127.0.0.1 --port "$port"); fi

started=$(date +%s%N)
(cd "$dir" && exec setsid env -i "${envs[@]}" "${cmd[@]}" >"$dir/server.log" 2>&1 </dev/null) &
pid=$!
wait_until_alive "$pid" "$dir" "$url" "$timeout" "$started"
elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
ver=$("$PY" -c 'import importlib.metadata as m; print(m.version("openhands-ai"))')
log "OpenHands $ver ($app$([ "$stock" = 1 ] && echo ', stock')) answers at $url after ${elapsed_ms} ms (pid $pid, state in $dir)"

q() { printf '%q' "$1"; }
echo "export OPENHANDS_URL=$(q "$url") OPENHANDS_API_KEY=$(q "$key") OPENHANDS_PID=$pid OPENHANDS_DIR=$(q "$dir") OPENHANDS_SERVER_VERSION=$(q "$ver")"
echo "export CONFORMANCE_BASE_URL=$(q "$url") CONFORMANCE_API_KEY=$(q "$key")"
