#!/usr/bin/env bash
# Starts Agent Canvas as a person runs it, `npx @openhands/agent-canvas --backend-only` (installed by
# `OPENHANDS_VERSION=canvas-<v> provision.sh`), in the background, and waits until its ingress answers /ready and its
# key file is there. Prints start-agent.sh's assignments, so that
#
#   eval "$(scripts/openhands/start-canvas.sh --home "$HOME")"   # 1.20.0 ... then later:
#   scripts/openhands/stop.sh "$OPENHANDS_DIR"                  # the launcher, and everything it started
#
# sets OPENHANDS_URL (the ingress), OPENHANDS_API_KEY (from Canvas's key file), OPENHANDS_PID (the launcher's),
# OPENHANDS_DIR, OPENHANDS_SERVER_VERSION (the agent server's, from /server_info). Options:
#   --home H      the HOME the launcher gets (required): it writes its key file, H/.openhands/agent-canvas/api-key.txt,
#                 and the secret key beside it there, as on a person's machine (both stay after a stop)
#   --version V   default 1.20.0 (.cache/openhands/canvas-V)
#   --port N      the ingress's port (default: a free port)
#   --dir D       state folder (default: a new temp folder): state/ (Canvas's, below), xdg/, tmp/, launcher.log, pid, url
#   --timeout S   seconds to wait for /ready (default 300: a first start after the install compiles bytecode)
#
# What differs from a person's run, and why:
#   - the internal ports: free ones, not Canvas's fixed defaults (agent server 18000, automation backend 18001, its
#     VS Code port the agent server's + 1000), so that two starts, or anything else on those ports, do not collide
#     (OH_CANVAS_SAFE_BACKEND_PORT, OH_CANVAS_SAFE_AUTOMATION_PORT: scripts/dev-with-automation.mjs);
#   - the state: OH_CANVAS_SAFE_STATE_DIR=<dir>/state/agent-canvas instead of ~/.openhands/agent-canvas, so that
#     conversations, settings (OH_PERSISTENCE_DIR is its parent), tmux sockets, the automation database and the
#     logs go with the folder; XDG_CONFIG_HOME/DATA/CACHE/STATE and TMPDIR under <dir> too (browser-use writes its
#     config there): in H only the key files are written;
#   - the environment: canvas.sh's canvas_env (a clean one: uv, Node 24, the Python for uvx, no analytics), plus
#     OPENHANDS_STATE_DIR=<dir>, which everything the launcher starts inherits: its services leave its process group
#     (it spawns each detached), and stop.sh ends them by it;
#   - setsid: the launcher leads its own process group.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
CACHE=${OPENHANDS_CACHE:-$REPO/.cache/openhands}
# shellcheck source=common.sh
. "$HERE/common.sh"
# shellcheck source=canvas.sh
. "$HERE/canvas.sh"

version=1.20.0 home='' port='' dir='' timeout=300
while [ $# -gt 0 ]; do
  case "$1" in
    --home) home=$2; shift 2 ;;
    --version) version=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    *) echo "start-canvas.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

log() { echo "[agent-canvas] $*" >&2; }

install=$(canvas_dir "$version")
[ -f "$install/.provisioned" ] || { log "Agent Canvas $version is not installed: run OPENHANDS_VERSION=canvas-$version scripts/openhands/provision.sh first"; exit 1; }
[ -n "$home" ] || { log "--home is required (Canvas writes its key file under it)"; exit 2; }
command -v curl >/dev/null || { log "curl is needed"; exit 1; }
command -v tmux >/dev/null || { log "tmux is needed (the agent's terminal tool runs in it)"; exit 1; }
mkdir -p "$home"
home=$(cd "$home" && pwd)

# Free loopback ports, distinct, the agent server's + 1000 (its VS Code port) free too.
read -r port backend automation < <("$install/bin/node" -e '
  const net = require("node:net");
  const take = (port) => new Promise((ok) => { const s = net.createServer().once("error", () => ok(0)).listen(port, "127.0.0.1", () => { const p = s.address().port; s.close(() => ok(p)); }); });
  (async () => {
    const got = [Number(process.argv[1]) || await take(0)];
    while (got.length < 3) {
      const p = await take(0);
      if (p && p < 64536 && !got.includes(p) && (got.length !== 1 || await take(p + 1000))) got.push(p);
    }
    console.log(got.join(" "));
  })();' "$port")

[ -n "$dir" ] || dir=$(mktemp -d "${TMPDIR:-/tmp}/openhands-canvas.XXXXXX")
mkdir -p "$dir/state/agent-canvas" "$dir/xdg" "$dir/tmp"
dir=$(cd "$dir" && pwd)
url=http://127.0.0.1:$port

envs=()
canvas_env "$install" "$home" \
  "TMPDIR=$dir/tmp" \
  "XDG_CONFIG_HOME=$dir/xdg/config" "XDG_DATA_HOME=$dir/xdg/data" "XDG_CACHE_HOME=$dir/xdg/cache" "XDG_STATE_HOME=$dir/xdg/state" \
  "OH_CANVAS_SAFE_STATE_DIR=$dir/state/agent-canvas" \
  "OH_CANVAS_SAFE_BACKEND_PORT=$backend" "OH_CANVAS_SAFE_AUTOMATION_PORT=$automation" \
  "OPENHANDS_STATE_DIR=$dir"

started=$(date +%s%N)
(cd "$dir" && exec setsid env -i "${envs[@]}" node "$(canvas_package "$install")/bin/agent-canvas.mjs" --backend-only --port "$port" \
  >"$dir/launcher.log" 2>&1 </dev/null) &
pid=$!
wait_until_alive "$pid" "$dir" "$url" "$timeout" "$started" /ready
key_file=$home/.openhands/agent-canvas/api-key.txt
[ -s "$key_file" ] || { log "ready, but no key file at $key_file; stopping it"; "$HERE/stop.sh" --keep "$dir" >&2 || true; exit 1; }
elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
ver=$(curl -fsS --max-time 10 "$url/server_info" | "$install/bin/node" -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).version))')
log "Agent Canvas $version (agent server $ver) is ready at $url after ${elapsed_ms} ms (launcher pid $pid, agent server on $backend, automation on $automation, state in $dir)"

q() { printf '%q' "$1"; }
echo "export OPENHANDS_URL=$(q "$url") OPENHANDS_API_KEY=$(q "$(tr -d '\n' <"$key_file")") OPENHANDS_PID=$pid OPENHANDS_DIR=$(q "$dir") OPENHANDS_SERVER_VERSION=$(q "$ver")"
