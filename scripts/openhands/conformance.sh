#!/usr/bin/env bash
# Runs the conformance suite (test/conformance) against the real OpenHands 0.54.0: provisions it if needed,
# then for each server configuration starts a fresh server, runs the suite, and stops the server.
#   scripts/openhands/conformance.sh            both configurations: with a session key, and with a key plus
#                                               ALLOW_SET_CONVERSATION_ID=1
#   scripts/openhands/conformance.sh --no-compile   skip `npm run compile-tests` (out/ is already built)
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
cd "$REPO"

compile=1
[ "${1:-}" = --no-compile ] && compile=0

"$HERE/provision.sh" >/dev/null
[ "$compile" = 1 ] && npm run --silent compile-tests

dir=''
cleanup() { [ -n "$dir" ] && "$HERE/stop.sh" "$dir" || true; }
trap cleanup EXIT

status=0
for config in key allow-id; do
  opts=()
  [ "$config" = allow-id ] && opts=(--allow-set-conversation-id)
  out=$("$HERE/start.sh" ${opts[@]+"${opts[@]}"})
  eval "$out"
  dir=$OPENHANDS_DIR
  echo "== conformance: real OpenHands, $config ($OPENHANDS_URL)"
  CONFORMANCE_ALLOWS_CONVERSATION_ID=$([ "$config" = allow-id ] && echo 1 || echo 0) \
    node scripts/run-node-tests.mjs conformance || status=1
  "$HERE/stop.sh" "$dir"
  dir=''
done
exit "$status"
