#!/usr/bin/env bash
# Stops a server started by start.sh and removes its state folder.
#   scripts/openhands/stop.sh [--keep] [DIR]     DIR defaults to $OPENHANDS_DIR; --keep leaves the folder
# SIGTERM to the server's process group (uvicorn shuts down in about a second), SIGKILL after 15 s.
set -euo pipefail

keep=0
[ "${1:-}" = --keep ] && { keep=1; shift; }
dir=${1:-${OPENHANDS_DIR:-}}
[ -n "$dir" ] && [ -f "$dir/pid" ] || { echo "stop.sh: no $dir/pid (give the folder start.sh printed as OPENHANDS_DIR)" >&2; exit 2; }
pid=$(cat "$dir/pid")

# Only a process that is still this server: a pid can be reused after it exits.
is_ours() { tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'openhands.server.listen:app'; }

members=''
if is_ours; then
  members=$(pgrep -g "$pid" || true)   # the server and its helpers (multiprocessing's resource tracker)
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
[ "$keep" = 1 ] || rm -rf "$dir"
