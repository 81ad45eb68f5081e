#!/usr/bin/env bash
# Starts a real OpenHands Agent Server (PyPI openhands-agent-server, installed by
# `OPENHANDS_VERSION=agent-<v> provision.sh`) on 127.0.0.1, in the background, and waits until /ready answers.
# Prints the same shell assignments as start.sh, so that
#
#   eval "$(scripts/openhands/start-agent.sh)"   # 1.58.2 ... then later:
#   scripts/openhands/stop.sh "$OPENHANDS_DIR"   # the server, and every tmux server its conversations started
#
# sets OPENHANDS_URL, OPENHANDS_API_KEY, OPENHANDS_PID, OPENHANDS_DIR, CONFORMANCE_BASE_URL/_API_KEY, and
# OPENHANDS_SERVER_VERSION (not OPENHANDS_VERSION, which provision.sh reads). Options:
#   --version V          default 1.58.2 (venv: .cache/openhands/agent-V/venv; OPENHANDS_VENV overrides)
#   --port N             default: a free port
#   --key K | --no-auth  default: a random session key; --no-auth starts it without one (no key check, and no
#                        secret key: settings secrets cannot be read encrypted then)
#   --dir D              state folder (default: a new temp folder); holds workspace/, store/, home/, tmp/, tmux/,
#                        worktrees/, work/ (a place for the conversations' folders), server.log, pid, url
#   --env NAME=VALUE     one more variable for the server (repeatable)
#   --timeout S          seconds to wait for /ready (default 180)
#
# What the server gets, and why (each variable read in the wheel's agent_server/config.py, persistence/store.py,
# sdk/utils/path.py, api.py):
#   - python -m openhands.agent_server --host 127.0.0.1 --port P: without --host it binds 0.0.0.0 whenever a
#     session key is set (__main__.py);
#   - a clean environment (env -i): nothing from the caller's LLM_*, OH_*, SESSION_API_KEY... leaks in (the
#     server reads every OH_<FIELD> variable as configuration);
#   - OH_SESSION_API_KEYS_0=K (SESSION_API_KEY is the legacy name); OH_SECRET_KEY, which encrypts stored secrets
#     and the `X-Expose-Secrets: encrypted` tokens, falls back to it;
#   - the working directory is <dir>: the server keeps workspace/{conversations,project,bash_events} (and would
#     read workspace/openhands_agent_server_config.json) relative to it;
#   - OH_PERSISTENCE_DIR=<dir>/store: settings, secrets and LLM profiles (profiles otherwise go to ~/.openhands);
#     HOME=<dir>/home, TMPDIR=<dir>/tmp and TMUX_TMPDIR=<dir>/tmux as well, so each start is a fresh server that
#     writes nothing outside <dir> (without TMUX_TMPDIR the server makes <TMPDIR>/openhands-agent-server-<pid>,
#     or /tmp/openhands-agent-server-<pid> when a socket path there would be too long for tmux: api.py);
#   - OH_CONVERSATION_WORKTREE_ROOT=<dir>/worktrees (default /tmp/conversation-worktrees, shared by every server);
#   - OH_ENABLE_VSCODE=0, OH_PRELOAD_TOOLS=0, OH_ENABLE_BROWSER=0: no VS Code server, no tool preloading at start,
#     no browser tool (there is no Chromium here; a conversation's agent then has terminal, file_editor, task
#     tracker and finish);
#   - OPENHANDS_STATE_DIR=<dir>: inherited by everything the server spawns; stop.sh finds the conversations'
#     tmux servers by it (tmux daemonizes: it leaves the server's process group);
#   - LITELLM_LOCAL_MODEL_COST_MAP=True: litellm would otherwise try to download its price list at import;
#     OPENHANDS_SUPPRESS_BANNER=1: the SDK prints a banner otherwise;
#   - setsid: the server leads its own process group.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
REPO=$(cd "$HERE/../.." && pwd)

version=1.58.2 port='' key='' auth=1 dir='' timeout=180 extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --version) version=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --key) key=$2; shift 2 ;;
    --no-auth) auth=0; shift ;;
    --dir) dir=$2; shift 2 ;;
    --env) extra+=("$2"); shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    *) echo "start-agent.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

log() { echo "[openhands-agent] $*" >&2; }

VENV=${OPENHANDS_VENV:-${OPENHANDS_CACHE:-$REPO/.cache/openhands}/agent-$version/venv}
PY=$VENV/bin/python
[ -x "$PY" ] || { log "no venv at $VENV: run OPENHANDS_VERSION=agent-$version scripts/openhands/provision.sh first"; exit 1; }
command -v curl >/dev/null || { log "curl is needed"; exit 1; }
command -v tmux >/dev/null || { log "tmux is needed (the agent's terminal tool runs in it)"; exit 1; }

[ -n "$port" ] || port=$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
if [ "$auth" = 1 ] && [ -z "$key" ]; then key=$("$PY" -c 'import secrets; print(secrets.token_hex(16))'); fi
[ "$auth" = 1 ] || key=''
[ -n "$dir" ] || dir=$(mktemp -d "${TMPDIR:-/tmp}/openhands-agent.XXXXXX")
mkdir -p "$dir/home" "$dir/tmp" "$dir/tmux" "$dir/store" "$dir/worktrees" "$dir/work"
dir=$(cd "$dir" && pwd)
url=http://127.0.0.1:$port

envs=(
  "PATH=$VENV/bin:/usr/local/bin:/usr/bin:/bin"
  "LANG=C.UTF-8"
  "HOME=$dir/home"
  "TMPDIR=$dir/tmp"
  "TMUX_TMPDIR=$dir/tmux"
  "PYTHONUNBUFFERED=1"
  "OH_PERSISTENCE_DIR=$dir/store"
  "OH_CONVERSATION_WORKTREE_ROOT=$dir/worktrees"
  "OH_ENABLE_VSCODE=0"
  "OH_PRELOAD_TOOLS=0"
  "OH_ENABLE_BROWSER=0"
  "OPENHANDS_STATE_DIR=$dir"
  "LITELLM_LOCAL_MODEL_COST_MAP=True"
  "OPENHANDS_SUPPRESS_BANNER=1"
)
add_certificate_env
[ "$auth" = 1 ] && envs+=("OH_SESSION_API_KEYS_0=$key")
envs+=(${extra[@]+"${extra[@]}"})

started=$(date +%s%N)
(cd "$dir" && exec setsid env -i "${envs[@]}" "$PY" -m openhands.agent_server --host 127.0.0.1 --port "$port" \
  >"$dir/server.log" 2>&1 </dev/null) &
pid=$!
wait_until_alive "$pid" "$dir" "$url" "$timeout" "$started" /ready
elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
ver=$("$PY" -c 'import importlib.metadata as m; print(m.version("openhands-agent-server"))')
log "OpenHands Agent Server $ver is ready at $url after ${elapsed_ms} ms (pid $pid, state in $dir)"

q() { printf '%q' "$1"; }
echo "export OPENHANDS_URL=$(q "$url") OPENHANDS_API_KEY=$(q "$key") OPENHANDS_PID=$pid OPENHANDS_DIR=$(q "$dir") OPENHANDS_SERVER_VERSION=$(q "$ver")"
echo "export CONFORMANCE_BASE_URL=$(q "$url") CONFORMANCE_API_KEY=$(q "$key")"
