#!/usr/bin/env bash
# Stops a server started by start.sh, start-v1.sh, start-agent.sh or start-canvas.sh and removes its state folder.
#   scripts/openhands/stop.sh [--keep] [DIR]     DIR defaults to $OPENHANDS_DIR; --keep leaves the folder
# SIGTERM to the server's process group (uvicorn shuts down in about a second), SIGKILL after 15 s.
# A 1.x server (start-v1.sh) spawns one agent server per sandbox; they are in its process group, but they do
# not exit with the app server, and what they spawn may leave the group (tmux daemonizes). So afterwards every
# process still marked as this server's is ended too: OPENHANDS_STATE_DIR=DIR in its environment (start-v1.sh
# sets it, and children inherit it), or a working folder under DIR/sandboxes.
# An agent server (start-agent.sh) ends its conversations' tmux servers itself on SIGTERM; they run outside its
# process group, so the same sweep (OPENHANDS_STATE_DIR=DIR) ends any it left, e.g. after a SIGKILL.
# Agent Canvas's launcher (start-canvas.sh) spawns its agent server, automation backend and ingress each in a process
# group of its own, and ends them on SIGTERM (SIGKILL 3 s later); the sweep ends whatever outlived it.
set -euo pipefail

keep=0
[ "${1:-}" = --keep ] && { keep=1; shift; }
dir=${1:-${OPENHANDS_DIR:-}}
[ -n "$dir" ] && [ -f "$dir/pid" ] || { echo "stop.sh: no $dir/pid (give the folder start.sh printed as OPENHANDS_DIR)" >&2; exit 2; }
dir=$(cd "$dir" && pwd)
pid=$(cat "$dir/pid")

# Only a process that is still this server: a pid can be reused after it exits.
is_ours() {
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null \
    | grep -Eq 'openhands\.server\.listen:app|openhands\.app_server\.app:app|launch_v1\.py|-m openhands\.agent_server |agent-canvas\.mjs '
}

members=''
if is_ours; then
  members=$(pgrep -g "$pid" || true)   # the server and its helpers (resource tracker, agent servers)
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 150); do is_ours || break; sleep 0.1; done
  if is_ours; then
    echo "stop.sh: $pid still running after 15 s, killing it" >&2
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
  fi
fi
# A helper that outlived the server: only those seen in its group before, and still in that group.
for m in $members; do
  [ "$(ps -o pgid= -p "$m" 2>/dev/null | tr -d ' ')" = "$pid" ] && kill -KILL "$m" 2>/dev/null || true
done

# Processes marked as this server's (1.x: agent servers and what they started; an agent server's tmux servers),
# wherever their group is. Only for a start-v1.sh folder (it has sandboxes/), a start-agent.sh one (worktrees/) or a
# start-canvas.sh one (state/); a start.sh server spawns nothing like that.
marked() {
  local f p c
  for f in $(grep -lzFx "OPENHANDS_STATE_DIR=$dir" /proc/[0-9]*/environ 2>/dev/null || true); do
    p=${f#/proc/}; echo "${p%/environ}"
  done
  for f in /proc/[0-9]*/cwd; do
    c=$(readlink "$f" 2>/dev/null || true)
    if [[ "$c" == "$dir/sandboxes/"* ]]; then p=${f#/proc/}; echo "${p%/cwd}"; fi
  done
}
if [ -d "$dir/sandboxes" ] || [ -d "$dir/worktrees" ] || [ -d "$dir/state" ]; then
  left=$(marked | sort -u | grep -vx "$$" || true)
  if [ -n "$left" ]; then
    kill -TERM $left 2>/dev/null || true
    for _ in $(seq 1 50); do left=$(marked | sort -u | grep -vx "$$" || true); [ -n "$left" ] || break; sleep 0.1; done
    [ -z "$left" ] || { echo "stop.sh: killing what is left: $left" >&2; kill -KILL $left 2>/dev/null || true; }
  fi
fi
[ "$keep" = 1 ] || rm -rf "$dir"
