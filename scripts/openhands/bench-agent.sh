#!/usr/bin/env bash
# The bench's agent-server part (bench/agentLinePolling.ts): starts a real OpenHands Agent Server 1.58.2 with
# start-agent.sh, runs `node out/bench/main.js --only agent-polling` against it, and stops it. Needs a compiled
# bench (npm run compile-tests) and the server provisioned (OPENHANDS_VERSION=agent-1.58.2 provision.sh), as CI's
# test:openhands leaves it; where it is not, says so and fails: the line's figures are part of the bench.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
cd "$REPO"

eval "$("$HERE/start-agent.sh")"
trap '"$HERE/stop.sh" "$OPENHANDS_DIR" >/dev/null 2>&1 || true' EXIT
node out/bench/main.js --only agent-polling
