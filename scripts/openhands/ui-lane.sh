#!/usr/bin/env bash
# The real-server lane of the UI scenarios: the scenarios about a server line (test/e2e/ui, made with scenarioOn:
# a newcomer's first hour) in a real VS Code (code-server + Playwright + chromium, as `npm test`), each against the
# real OpenHands server of its line: 0.54.0 (start.sh), 1.11.0 (start-v1.sh, RUNTIME=process) and the agent server
# 1.58.2 (start-agent.sh; no stand-in speaks that line, so its scenarios run here only). Each real server the
# selected scenarios are about starts once, on 127.0.0.1 with a fresh state folder (file store, OH_PERSISTENCE_DIR)
# and a random key, beside code-server; a scenario that runs again gets it restarted fresh; stop.sh ends them on exit (also on Ctrl-C).
# Scenarios that start their own server run here too: the extension's local agent server, and Agent Canvas 1.20.0 as a
# person runs it (agentCanvas.scenario.ts: start-canvas.sh), which the harness provisions (provision.sh canvas-1.20.0,
# an npm install of ~600 packages the first time, under the Node 24 it provisions first) only when that scenario is
# selected: it knows which a --grep selects. `npm run test:openhands` runs it after the conformance suite. Screenshots:
# test-results/e2e-real/.
# The output ends with "e2e against real servers: N passed, N failed"; the exit status is the run's.
#
#   scripts/openhands/ui-lane.sh                 provision (if needed), build, compile, run
#   scripts/openhands/ui-lane.sh --no-compile    out/ is already built (`npm run compile-tests`)
#   scripts/openhands/ui-lane.sh --grep '1\.11'  only the runs whose name matches (their target is in the name)
#   scripts/openhands/ui-lane.sh --grep 'Agent Canvas 1\.20\.0 run'   Agent Canvas itself (no other server started)
#   scripts/openhands/ui-lane.sh --agent-version=1.49.1 --grep 'agent server'   the agent line on Canvas 1.20.0's pin
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
cd "$REPO"

compile=1 pass=()
while [ $# -gt 0 ]; do
  case "$1" in
    --no-compile) compile=0; shift ;;
    --grep) pass+=(--grep "$2"); shift 2 ;;
    --keep) pass+=(--keep); shift ;;
    # The agent line against another release, e.g. 1.49.1 (what Agent Canvas 1.20.0 pins and starts through uv).
    --agent-version=*) export OPENHANDS_AGENT_VERSION=${1#*=}; shift ;;
    *) echo "ui-lane.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

log() { echo "[ui-lane] $*" >&2; }
started=$(date +%s%N)
OPENHANDS_VERSION=0.54.0 "$HERE/provision.sh" >/dev/null
OPENHANDS_VERSION=1.11.0 "$HERE/provision.sh" >/dev/null
OPENHANDS_VERSION=agent-${OPENHANDS_AGENT_VERSION:-1.58.2} "$HERE/provision.sh" >/dev/null
npm run --silent build >/dev/null
[ "$compile" = 1 ] && npm run --silent compile-tests
log "provisioned and built in $(( ($(date +%s%N) - started) / 1000000 )) ms"
node out/test/e2e/harness/main.js --real ${pass[@]+"${pass[@]}"}
