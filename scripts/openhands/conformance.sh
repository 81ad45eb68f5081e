#!/usr/bin/env bash
# Runs the conformance suite (test/conformance) against real OpenHands servers and against the project's contract
# server (test/support/standin), as one node test run: the output ends with the test runner's summary (TAP), and
# the exit status is the run's. `npm run test:openhands` runs this.
#
#   scripts/openhands/conformance.sh                   provision (if needed), compile, every server below
#   scripts/openhands/conformance.sh --contract-only   only the contract servers: no Python, a few seconds
#   scripts/openhands/conformance.sh --real-only       only the real servers
#   --v0-only / --v1-only / --mixed-only               only the V0 (0.54.0), the V1 (1.11.0) or the mixed (1.6.0) servers
#   --agent-only                                       only the agent line (a real openhands-agent-server 1.58.2)
#   --agent-version=V                                  the agent line against release V instead (1.50.1 is provisioned
#                                                      with its own constraints file; not part of the default run)
#   --no-compile                                       out/ is already built (`npm run compile-tests`)
#
# The servers are fresh (empty store) and on 127.0.0.1; K is a random session key. V0 suites (0.54.0's API):
#   real 0.54.0                       scripts/openhands/start.sh --key K        (its rate limiter is always on)
#   real 0.54.0, no key, allow id     scripts/openhands/start.sh --no-auth --allow-set-conversation-id
#   contract server                   node out/test/support/standin/main.js --port 0 --api v0 --key K
#   contract server, no key, allow id node out/test/support/standin/main.js --port 0 --api v0 --allow-set-conversation-id
#   contract server, rate limit       node out/test/support/standin/main.js --port 0 --api v0 --key K --rate-limit:
#                                     only the rate-limit checks
# V1 suites (1.7+'s API, test/conformance/v1*.suite.ts):
#   real 1.11.0                       scripts/openhands/start-v1.sh --key K (RUNTIME=process: its starts spawn agent
#                                     servers, which stop.sh ends too)
#   contract server, V1               node out/test/support/standin/main.js --port 0 --api v1 --key K --control
#                                     (--control: the run to finished, which the real server makes with the suite's
#                                     scripted LLM, test/support/scriptedLlm, the stand-in makes when told, /_test/agent)
#   contract server, V1, Bearer       node out/test/support/standin/main.js --port 0 --api v1 --auth bearer --key K:
#                                     only the key checks (OpenHands Cloud's scheme; no real Cloud is reachable)
# The mixed line's suites (1.0-1.6: the V0 settings suites and the V1 conversation suite, test/conformance/mixed.suite.ts):
#   real 1.6.0                        scripts/openhands/start-v1.sh --version 1.6.0 --key K (agent servers too)
#   contract server, mixed            node out/test/support/standin/main.js --port 0 --api mixed --key K
# The agent line's suites (an agent server on its own, as Agent Canvas and the SDK run it, test/conformance/agent*.suite.ts):
#   real agent server 1.58.2          scripts/openhands/start-agent.sh --key K (no stand-in serves this line yet; its
#                                     runs are driven by the scripted LLM, given through agent_settings.llm.base_url)
# The contract servers run the other checks without their optional limiter, so nothing needs pacing there (the
# limiter allows 10 requests a second: paced for it, the suite takes ~25 s a server instead of ~3 s).
# The servers are checked side by side; each server's checks run in order. Every server started here is
# stopped on exit.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
cd "$REPO"
# The V0 suites are written against 0.54.0, the V1 suites against 1.11.0, the mixed line's against 1.6.0: each
# server gets its own version's venv, whatever the caller has set.
export OPENHANDS_VERSION=0.54.0
V1_VERSION=1.11.0
MIXED_VERSION=1.6.0
AGENT_VERSION=1.58.2

compile=1 real=1 contract=1 v0=1 v1=1 mixed=1 agent=1
for arg in "$@"; do
  case "$arg" in
    --no-compile) compile=0 ;;
    --contract-only) real=0 ;;
    --real-only) contract=0 ;;
    --v0-only) v1=0 mixed=0 agent=0 ;;
    --v1-only) v0=0 mixed=0 agent=0 ;;
    --mixed-only) v0=0 v1=0 agent=0 ;;
    --agent-only) v0=0 v1=0 mixed=0 ;;
    --agent-version=*) AGENT_VERSION=${arg#*=} ;;
    *) echo "conformance.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

log() { echo "[conformance] $*" >&2; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

work=$(mktemp -d "${TMPDIR:-/tmp}/conformance.XXXXXX")
real_dirs=() contract_pids=()
cleanup() {
  local d p
  for d in ${real_dirs[@]+"${real_dirs[@]}"}; do "$HERE/stop.sh" "$d" >&2 || true; done
  for p in ${contract_pids[@]+"${contract_pids[@]}"}; do
    kill -TERM "$p" 2>/dev/null || continue
    for _ in $(seq 1 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$p" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ "$real" = 1 ]; then
  t=$(now_ms)
  [ "$v0" = 1 ] && "$HERE/provision.sh" >/dev/null
  [ "$v1" = 1 ] && OPENHANDS_VERSION=$V1_VERSION "$HERE/provision.sh" >/dev/null
  [ "$mixed" = 1 ] && OPENHANDS_VERSION=$MIXED_VERSION "$HERE/provision.sh" >/dev/null
  [ "$agent" = 1 ] && OPENHANDS_VERSION=agent-$AGENT_VERSION "$HERE/provision.sh" >/dev/null
  log "provisioned in $(( $(now_ms) - t )) ms"
fi
if [ "$compile" = 1 ]; then
  t=$(now_ms)
  npm run --silent compile-tests
  log "compiled in $(( $(now_ms) - t )) ms"
fi
[ -f out/test/conformance/conformance.test.js ] && [ -f out/test/support/standin/main.js ] \
  || { log "out/ has no compiled suite or contract server: run npm run compile-tests"; exit 1; }

# target NAME URL KEY ALLOWS_ID RATE_LIMITED RATE_LIMIT_ONLY [API [BEARER]]: one CONFORMANCE_TARGETS entry (the
# values are URLs, hex keys, booleans and fixed names: nothing to escape).
target() {
  printf '{"name":"%s","baseUrl":"%s","apiKey":"%s","allowsConversationId":%s,"rateLimited":%s,"rateLimitOnly":%s,"api":"%s","bearer":%s,"control":%s}\n' \
    "$1" "$2" "$3" "$4" "$5" "$6" "${7:-v0}" "${8:-false}" "${9:-false}" >>"$work/targets"
}

if [ "$real" = 1 ]; then
  # The real servers start at once: each takes 6-18 s to import the app (up to ~35 s for 1.x under load).
  t=$(now_ms)
  configs=()
  [ "$v0" = 1 ] && configs+=(key allow-id)
  [ "$v1" = 1 ] && configs+=(v1)
  [ "$mixed" = 1 ] && configs+=(mixed)
  [ "$agent" = 1 ] && configs+=(agent)
  start_pids=()
  for config in "${configs[@]}"; do
    case "$config" in
      key) cmd=("$HERE/start.sh") ;;
      allow-id) cmd=("$HERE/start.sh" --no-auth --allow-set-conversation-id) ;;
      v1) cmd=("$HERE/start-v1.sh" --version "$V1_VERSION") ;;
      mixed) cmd=("$HERE/start-v1.sh" --version "$MIXED_VERSION") ;;
      agent) cmd=("$HERE/start-agent.sh" --version "$AGENT_VERSION") ;;
    esac
    "${cmd[@]}" >"$work/real-$config.env" 2>"$work/real-$config.log" &
    start_pids+=($!)
  done
  failed=0
  for p in "${start_pids[@]}"; do wait "$p" || failed=1; done
  for config in "${configs[@]}"; do
    # A server that did start is stopped on exit, even when another did not start.
    dir=$(eval "$(cat "$work/real-$config.env")"; echo "${OPENHANDS_DIR:-}")
    [ -n "$dir" ] && real_dirs+=("$dir")
  done
  if [ "$failed" = 1 ]; then
    log "a real server did not start:"; cat "$work"/real-*.log >&2; exit 1
  fi
  for config in "${configs[@]}"; do
    (
      eval "$(cat "$work/real-$config.env")"
      case "$config" in
        key) target "real 0.54.0" "$OPENHANDS_URL" "$OPENHANDS_API_KEY" false true false ;;
        allow-id) target "real 0.54.0, no key, ALLOW_SET_CONVERSATION_ID=1" "$OPENHANDS_URL" "" true true false ;;
        v1) target "real $V1_VERSION (V1)" "$OPENHANDS_URL" "$OPENHANDS_API_KEY" false true false v1 ;;
        mixed) target "real $MIXED_VERSION (mixed)" "$OPENHANDS_URL" "$OPENHANDS_API_KEY" false true false mixed ;;
        agent) target "real agent server $AGENT_VERSION" "$OPENHANDS_URL" "$OPENHANDS_API_KEY" false false false agent ;;
      esac
    )
  done
  log "real servers answering after $(( $(now_ms) - t )) ms"
fi

if [ "$contract" = 1 ]; then
  t=$(now_ms)
  configs=()
  [ "$v0" = 1 ] && configs+=(key allow-id rate-limit)
  [ "$v1" = 1 ] && configs+=(v1 v1-bearer)
  [ "$mixed" = 1 ] && configs+=(mixed)
  for config in "${configs[@]}"; do
    key=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
    [ "$config" = allow-id ] && key=''
    case "$config" in v1*) opts=(--port 0 --api v1) ;; mixed) opts=(--port 0 --api mixed) ;; *) opts=(--port 0 --api v0) ;; esac
    [ -n "$key" ] && opts+=(--key "$key")
    [ "$config" = allow-id ] && opts+=(--allow-set-conversation-id)
    [ "$config" = rate-limit ] && opts+=(--rate-limit)
    [ "$config" = v1-bearer ] && opts+=(--auth bearer)
    # The stand-in's agent runs end when told (/_test/agent): the suite tells it what the scripted LLM does.
    [ "$config" = v1 ] && opts+=(--control)
    : >"$work/contract-$config.log"   # there before the first look at it
    # main.js would take a key from OPENHANDS_DEV_KEY when given none.
    env -u OPENHANDS_DEV_KEY -u OPENHANDS_DEV_PORT node out/test/support/standin/main.js "${opts[@]}" >"$work/contract-$config.log" 2>&1 </dev/null &
    contract_pids+=($!)
    url=''
    for _ in $(seq 1 100); do
      url=$(sed -n 's/^OpenHands contract server listening on \(http:\/\/127\.0\.0\.1:[0-9]*\)$/\1/p' "$work/contract-$config.log")
      [ -n "$url" ] && break
      kill -0 "${contract_pids[-1]}" 2>/dev/null || break
      sleep 0.1
    done
    [ -n "$url" ] || { log "the contract server did not start:"; cat "$work/contract-$config.log" >&2; exit 1; }
    case "$config" in
      key) target "contract server" "$url" "$key" false false false ;;
      allow-id) target "contract server, no key, --allow-set-conversation-id" "$url" "" true false false ;;
      rate-limit) target "contract server, --rate-limit" "$url" "$key" false true true ;;
      v1) target "contract server, --api v1 --control" "$url" "$key" false false false v1 false true ;;
      v1-bearer) target "contract server, --api v1 --auth bearer" "$url" "$key" false false false v1 true ;;
      mixed) target "contract server, --api mixed" "$url" "$key" false false false mixed ;;
    esac
  done
  log "contract servers answering after $(( $(now_ms) - t )) ms"
fi

CONFORMANCE_TARGETS="[$(paste -sd, "$work/targets")]"
export CONFORMANCE_TARGETS
# TAP: its summary is the last thing printed, failures included (spec lists failures after it).
status=0
node --test --test-reporter=tap out/test/conformance/conformance.test.js || status=$?
if [ "$status" != 0 ]; then
  # A real server's 500 is "Internal Server Error" and nothing else: what raised is only in its log, which stop.sh
  # takes away with its folder. The unhandled exceptions (uvicorn's "Exception in ASGI application") go with the failure.
  for d in ${real_dirs[@]+"${real_dirs[@]}"}; do
    [ -f "$d/server.log" ] || continue
    log "unhandled exceptions in $d/server.log (the last 200 lines of them):"
    sed 's/\x1b\[[0-9;]*m//g' "$d/server.log" | grep -A 80 'Exception in ASGI application' | tail -n 200 >&2 || true
  done
fi
exit "$status"
