#!/usr/bin/env bash
# Records how a real OpenHands 1.x app server answers: every request and the exact response (status, headers
# except date, body), as Markdown on stdout. test/support/fixtures/openhands/observed-1.11.0.transcript.md and OBSERVED-V1.md
# were written from its output.
#
#   scripts/openhands/probe-v1.sh [--version 1.11.0] [--recorded DIR] > transcript.md
#
# It starts its own fresh servers with start-v1.sh (and stops them, agent servers included, on exit):
#   1.7+ (1.11.0):  A with a session key (most sections), B without one (no-auth section)
#   1.6.0:          one server with a key; a shorter run for the mixed line (V0 settings, V1 conversations)
# --recorded DIR also writes there: openapi-<version>.json (the full /openapi.json) and, for 1.7+,
# agent-schema-<version>.json, conversation-schema-<version>.json and settings-<version>.json (GET
# /api/v1/settings after the first save).
#
# The LLM points at a closed port (http://127.0.0.1:9/v1) with a made-up key: nothing leaves the machine, and
# what a conversation reaches without a working LLM is part of the record. Every key in the output is a test
# value made up here. Absolute paths of this machine are replaced by <repo>, <state> and <home>, and the
# PostHog key that the wheel ships for its web UI (/api/v1/web-client/config) is left out.
# Requests are spaced 150 ms apart (the server delays the 11th request within a second by 1 s, and answers
# 429 past the 20th), except in the rate-limit section, which sends bursts on purpose.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
REPO=$(cd "$HERE/../.." && pwd)

version=1.11.0 recorded=''
while [ $# -gt 0 ]; do
  case "$1" in
    --version) version=$2; shift 2 ;;
    --recorded) recorded=$2; shift 2 ;;
    *) echo "probe-v1.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -z "$recorded" ] || { mkdir -p "$recorded" && recorded=$(cd "$recorded" && pwd); }
PY=${OPENHANDS_VENV:-${OPENHANDS_CACHE:-$REPO/.cache/openhands}/$version/venv}/bin/python
[ -x "$PY" ] || { echo "probe-v1.sh: no venv for $version: run OPENHANDS_VERSION=$version scripts/openhands/provision.sh" >&2; exit 1; }

started_dirs=()
cleanup() { local d; for d in ${started_dirs[@]+"${started_dirs[@]}"}; do "$HERE/stop.sh" "$d" >&2 || true; done; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Machine paths out of everything recorded.
scrub() {
  sed -e "s#${REPO}#<repo>#g" -e "s#${TMPDIR:-/tmp}/openhands-v1\.[A-Za-z0-9]*#<state>#g" -e "s#${HOME}#<home>#g" \
      -e 's#"phc_[A-Za-z0-9]*"#"phc_<the PostHog project key shipped in the wheel>"#g'
}

start_server() { # start_server PREFIX start-v1.sh-options...: sets ${P}_URL ${P}_KEY ${P}_DIR
  local p=$1; shift; local out
  out=$("$HERE/start-v1.sh" --version "$version" "$@") || { echo "probe-v1: start-v1.sh $* failed" >&2; exit 1; }
  eval "$out"
  started_dirs+=("$OPENHANDS_DIR")
  printf -v "${p}_URL" %s "$OPENHANDS_URL"; printf -v "${p}_KEY" %s "$OPENHANDS_API_KEY"
  printf -v "${p}_DIR" %s "$OPENHANDS_DIR"
}

B='' K='' DIR='' n=0
F=''      # python code run on the JSON body `d` instead of printing the body (reset after each request)
SAVE=''   # a file to write the body to, pretty-printed (reset after each request)
LAST_BODY='' LAST_STATUS=''
pace() { sleep 0.15; }
py() { "$PY" -c "$@"; }
jget() { py 'import json, sys
d = json.loads(sys.stdin.read())
for k in sys.argv[1].split("."):
    d = d[int(k)] if isinstance(d, list) else (d or {}).get(k)
print("" if d is None else d)' "$1"; }

# req TITLE METHOD PATH [BODY|-] [KEYMODE] [extra curl args...]
#   BODY '-' = none; KEYMODE: good (default) | none | wrong | other string = sent as the key
req() {
  local title=$1 m=$2 p=$3 body=${4--} km=${5:-good}; shift $(( $# < 5 ? $# : 5 ))
  local args=(-s -i -X "$m" --max-time 60) shown_key
  key_header "$km"
  [ "$body" != - ] && args+=(-H 'Content-Type: application/json' --data-binary "$body")
  n=$((n + 1)); pace
  local resp; resp=$(curl "${args[@]}" "$@" "$B$p" | tr -d '\r')
  LAST_BODY=$(printf '%s\n' "$resp" | sed '1,/^$/d')
  LAST_STATUS=$(printf '%s\n' "$resp" | head -n1 | awk '{print $2}')
  {
    echo_request "$n" "$title" "$m" "$p" "$shown_key" "$body" "$@"
    printf '%s\n' "$resp" | sed -n '1,/^$/p' | grep -v -i '^date:' | sed '/^$/d'
    echo
    if [ "$F" = SKIP ]; then
      echo "(body left out)"
    elif [ -n "$F" ]; then
      # The filter works on the parsed body; a body that is not JSON is shown as it is.
      printf '%s' "$LAST_BODY" | py "import json, sys
raw = sys.stdin.read()
try:
    d = json.loads(raw)
except ValueError:
    print(raw)
    sys.exit(0)
$F" 2>&1
    else
      printf '%s\n' "$LAST_BODY"
    fi
    echo '```'
    echo
  } | scrub
  if [ -n "$SAVE" ]; then
    # openapi.json as the server sent it; the smaller bodies indented, for reading and diffs.
    case "$(basename "$SAVE")" in
      openapi-*) printf '%s\n' "$LAST_BODY" | scrub >"$SAVE" ;;
      *) printf '%s' "$LAST_BODY" | py 'import json, sys; print(json.dumps(json.loads(sys.stdin.read()), indent=2))' | scrub >"$SAVE" ;;
    esac
    echo "(body saved as \`$(basename "$SAVE")\`)"; echo
  fi
  F='' SAVE=''
}

show_store() { # show_store PYTHON: part of the server's own settings.json (what it stores), when there is one
  local f=$DIR/store/settings.json
  [ -f "$f" ] || { echo "(no settings.json in the store yet)"; echo; return 0; }
  echo "Stored \`settings.json\` (the server's file, for comparison):"; echo; echo '```json'
  py "import json; d = json.load(open('$f'))
${1:-print(json.dumps(d, indent=1))}" | scrub
  echo '```'; echo
}

# follow TASK_ID [MAX_S]: polls the start task every 0.5 s until READY/ERROR; prints each status change with the
# seconds since the POST (T0_NS); sets TASK_STATUS, CONV_ID, SANDBOX_ID.
T0_NS=0
follow() {
  local id=$1 max=${2:-240} body line last='' el
  echo "Start task \`$id\`, polled with GET /api/v1/app-conversations/start-tasks?ids=$id every 0.5 s;"
  echo "seconds since the POST, status, detail, app_conversation_id:"
  echo; echo '```'
  while :; do
    body=$(curl -s --max-time 10 -H "X-Session-API-Key: $K" "$B/api/v1/app-conversations/start-tasks?ids=$id")
    line=$(printf '%s' "$body" | py 'import json, sys
d = json.loads(sys.stdin.read())[0]
print("%s|%s|%s|%s" % (d["status"], json.dumps(d["detail"]), d["app_conversation_id"], d["sandbox_id"]))' 2>/dev/null || echo "?|$body||")
    el=$(( ($(date +%s%N) - T0_NS) / 1000000 ))
    if [ "${line%|*}" != "$last" ]; then
      printf '%7.1f s  %s\n' "$(echo "scale=1; $el / 1000" | bc)" "$(echo "${line%|*}" | tr '|' ' ')"
      last=${line%|*}
    fi
    TASK_STATUS=${line%%|*}
    case "$TASK_STATUS" in READY|ERROR) break ;; esac
    [ "$el" -lt $(( max * 1000 )) ] || { echo "(still ${TASK_STATUS} after ${max} s: stopped following)"; break; }
    sleep 0.5
  done
  echo '```'; echo
  CONV_ID=$(echo "$line" | cut -d'|' -f3); SANDBOX_ID=$(echo "$line" | cut -d'|' -f4)
  [ "$CONV_ID" = None ] && CONV_ID=''
  [ "$SANDBOX_ID" = None ] && SANDBOX_ID=''
}

# watch_conv CONV_ID MAX_S: polls GET /api/v1/app-conversations?ids= every second and prints each change of
# sandbox_status / execution_status with the seconds since T0_NS, for at most MAX_S seconds.
watch_conv() {
  local id=$1 max=$2 line last='' el
  echo "GET /api/v1/app-conversations?ids=$id every second; seconds, sandbox_status, execution_status:"
  echo; echo '```'
  while :; do
    line=$(curl -s --max-time 10 -H "X-Session-API-Key: $K" "$B/api/v1/app-conversations?ids=$id" | py 'import json, sys
c = json.loads(sys.stdin.read())[0]
print("%s %s" % (c["sandbox_status"], c["execution_status"]) if c else "null")' 2>/dev/null || echo '?')
    el=$(( ($(date +%s%N) - T0_NS) / 1000000 ))
    if [ "$line" != "$last" ]; then printf '%7.1f s  %s\n' "$(echo "scale=1; $el / 1000" | bc)" "$line"; last=$line; fi
    [ "$el" -lt $(( max * 1000 )) ] || break
    sleep 1
  done
  echo '```'; echo
}

# start_conv TITLE BODY [MAX_S]: POST /api/v1/app-conversations, then follow the task to its end and show it.
start_conv() {
  T0_NS=$(date +%s%N)
  F='print(json.dumps(d, indent=1))' req "$1" POST /api/v1/app-conversations "$2"
  local id; id=$(printf '%s' "$LAST_BODY" | jget id 2>/dev/null)
  [ -n "$id" ] || { CONV_ID='' SANDBOX_ID='' TASK_STATUS=''; return 0; }
  follow "$id" "${3:-240}"
  TASK_ID=$id
  F='print(json.dumps(d, indent=1))' req 'the start task at its end' GET "/api/v1/app-conversations/start-tasks?ids=$id"
}

section() { echo; echo "### $*"; echo; echo "section: $*" >&2; }

LLM='{"model":"openai/gpt-4o","api_key":"sk-test-1","base_url":"http://127.0.0.1:9/v1"}'
MSG='{"role":"user","content":[{"type":"text","text":"hello"}]}'
# A 1x1 PNG as a data URL.
PNG='data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
# Filters for the settings body.
F_LLM='l = d["agent_settings"]["llm"]; print(json.dumps({k: l[k] for k in ("model", "api_key", "base_url")}), "llm_api_key_set:", json.dumps(d["llm_api_key_set"]))'
F_TOP='print(json.dumps({k: d.get(k) for k in ("language", "git_user_name", "git_user_email", "search_api_key", "search_api_key_set", "llm_api_key_set", "max_budget_per_task", "enable_sound_notifications")}))'
F_CONV='print(json.dumps(d["conversation_settings"]))'
F_MCP='print(json.dumps(d["agent_settings"]["mcp_config"], indent=1))'
F_LIST='print(json.dumps(d, indent=1))'

versions=$("$PY" -c 'import importlib.metadata as m, sys; print(", ".join(f"{p} {m.version(p)}" for p in ("openhands-ai", "openhands-sdk", "openhands-agent-server", "fastapi", "starlette", "pydantic", "uvicorn")), "| Python", sys.version.split()[0])')

# ---------------------------------------------------------------------------------------------------
if [ "$version" = 1.6.0 ] || [ "${version%%.*}" = 0 ] || { [ "${version%%.*}" = 1 ] && [ "$(echo "$version" | cut -d. -f2)" -le 6 ]; }; then
  mixed=1
else
  mixed=0
fi

if [ "$mixed" = 1 ]; then
  start_server A
  B=$A_URL K=$A_KEY DIR=$A_DIR
  echo "## OpenHands $version (the mixed line): transcript"
  echo
  echo "One server, started with \`scripts/openhands/start-v1.sh --version $version\` (the V0 app"
  echo "\`openhands.server.listen:app\`, which also mounts the V1 routes; SESSION_API_KEY set). $versions."
  echo "Recorded $(date -u +%Y-%m-%dT%H:%MZ)."

  section "M1. Detection"
  req '/alive' GET /alive - none
  req '/health' GET /health - none
  req '/ready' GET /ready - none
  req '/server_info' GET /server_info - none
  [ -n "$recorded" ] && SAVE=$recorded/openapi-$version.json
  F='print("info:", json.dumps(d["info"])); print("paths:"); [print("  " + " ".join(sorted(m.upper() for m in v)), p) for p, v in d["paths"].items()]' \
    req '/openapi.json (info and the paths with their methods)' GET /openapi.json - none

  section "M2. Settings: V1 route absent, V0 route present"
  req 'GET /api/v1/settings' GET /api/v1/settings
  req 'POST /api/v1/settings' POST /api/v1/settings "{\"agent_settings_diff\":{\"llm\":$LLM}}"
  req 'GET /api/v1/settings without key' GET /api/v1/settings - none
  req 'GET /api/settings without key' GET /api/settings - none
  req 'GET /api/settings (fresh)' GET /api/settings
  req 'POST /api/settings (V0 body)' POST /api/settings '{"llm_model":"openai/gpt-4o","llm_api_key":"sk-test-1","llm_base_url":"http://127.0.0.1:9/v1","search_api_key":"tvly-1"}'
  req 'GET /api/settings' GET /api/settings
  req 'POST /api/settings with a V1 diff body' POST /api/settings "{\"agent_settings_diff\":{\"llm\":{\"model\":\"anthropic/x\"}}}"
  F='print(json.dumps({k: d.get(k) for k in ("llm_model", "llm_base_url", "llm_api_key_set", "v1_enabled")}))' req 'GET /api/settings after it' GET /api/settings

  section "M3. V1 conversation start (LLM at a closed port)"
  start_conv 'POST /api/v1/app-conversations' "{\"initial_message\":$MSG}"
  V1_CONV=$CONV_ID V1_TASK=$TASK_ID
  if [ -n "$V1_CONV" ]; then
    sleep 3
    F="$F_LIST" req 'GET /api/v1/app-conversations?ids=' GET "/api/v1/app-conversations?ids=$V1_CONV"
    req 'GET /api/v1/app-conversations/search' GET /api/v1/app-conversations/search
    req 'GET /api/v1/app-conversations/count' GET /api/v1/app-conversations/count
    req 'POST send-message (not served by 1.6.0)' POST "/api/v1/app-conversations/$V1_CONV/send-message" '{"content":[{"type":"text","text":"next"}]}'
    req 'DELETE /api/v1/app-conversations/{id} (not served by 1.6.0)' DELETE "/api/v1/app-conversations/$V1_CONV"
    req 'the V1 conversation through V0: GET /api/conversations' GET '/api/conversations?limit=5'
    req 'GET /api/conversations/{V1 id}' GET "/api/conversations/$V1_CONV"
  fi

  section "M4. V0 conversation routes"
  req 'POST /api/conversations (V0 body)' POST /api/conversations '{"initial_user_msg":"hello"}'
  V0_CONV=$(printf '%s' "$LAST_BODY" | jget conversation_id 2>/dev/null)
  sleep 2
  req 'GET /api/conversations' GET '/api/conversations?limit=5'
  [ -n "$V0_CONV" ] && req 'GET /api/conversations/{V0 id}' GET "/api/conversations/$V0_CONV"
  req 'the V0 conversation through V1: GET /api/v1/app-conversations/search' GET /api/v1/app-conversations/search
  [ -n "$V0_CONV" ] && req 'GET /api/v1/app-conversations?ids={V0 id}' GET "/api/v1/app-conversations?ids=$V0_CONV"
  [ -n "${V1_CONV:-}" ] && req 'DELETE /api/conversations/{V1 id}' DELETE "/api/conversations/$V1_CONV"
  [ -n "${V1_CONV:-}" ] && req 'GET /api/v1/app-conversations?ids={V1 id} after that' GET "/api/v1/app-conversations?ids=$V1_CONV"
  [ -n "$V0_CONV" ] && req 'DELETE /api/conversations/{V0 id}' DELETE "/api/conversations/$V0_CONV"
  exit 0
fi

start_server A
start_server B --no-auth
echo "servers: A=$A_URL B=$B_URL" >&2
B=$A_URL K=$A_KEY DIR=$A_DIR

echo "## OpenHands $version: transcript"
echo
echo "Server A: \`scripts/openhands/start-v1.sh\` (SESSION_API_KEY set); server B: the same with \`--no-auth\`."
echo "$versions. Recorded $(date -u +%Y-%m-%dT%H:%MZ)."

section "A1. Detection and health (no key)"
req '/alive' GET /alive - none
req '/health' GET /health - none
req '/ready' GET /ready - none
req '/server_info' GET /server_info - none
[ -n "$recorded" ] && SAVE=$recorded/openapi-$version.json
F='print("info:", json.dumps(d["info"])); print("paths:"); [print("  " + " ".join(sorted(m.upper() for m in v)), p) for p, v in d["paths"].items()]' \
  req '/openapi.json (info and the paths with their methods)' GET /openapi.json - none
F=SKIP req '/docs (the Swagger UI page)' GET /docs - none
req '/api/v1/web-client/config' GET /api/v1/web-client/config - none
req '/ (no web UI in the wheel)' GET / - none
req 'unknown /api/v1 path, no key' GET /api/v1/nope - none
req 'unknown /api/v1 path, with key' GET /api/v1/nope

section "A2. Authentication"
req 'no key header' GET /api/v1/settings - none
req 'wrong key' GET /api/v1/settings - wrong
req 'key in upper case' GET /api/v1/settings - "$(echo "$K" | tr a-z A-Z)"
req 'key with a trailing space' GET /api/v1/settings - "$K "
req 'right key, header name in lower case' GET /api/v1/settings - none -H "x-session-api-key: $K"
req 'key as Authorization: Bearer only' GET /api/v1/settings - none -H "Authorization: Bearer $K"
req 'Authorization: Bearer with the key, and a wrong X-Session-API-Key' GET /api/v1/settings - wrong -H "Authorization: Bearer $K"
req 'right X-Session-API-Key and a wrong Bearer' GET /api/v1/settings - good -H "Authorization: Bearer wrong"
req 'POST settings, no key' POST /api/v1/settings "{\"agent_settings_diff\":{\"llm\":$LLM}}" none
req 'POST settings, wrong key, malformed JSON' POST /api/v1/settings '{bad' wrong
req 'POST app-conversations, no key' POST /api/v1/app-conversations "{\"initial_message\":$MSG}" none
req 'agent-schema, no key' GET /api/v1/settings/agent-schema - none
req 'users/me, no key' GET /api/v1/users/me - none
req 'app-conversations/search, no key' GET /api/v1/app-conversations/search - none

section "A3. V0 paths on this server"
req 'GET /api/settings' GET /api/settings
req 'POST /api/settings' POST /api/settings '{"llm_model":"x"}'
req 'GET /api/conversations' GET /api/conversations
req 'POST /api/conversations' POST /api/conversations '{"initial_user_msg":"hi"}'
req 'GET /api/options/models' GET /api/options/models
req 'GET /api/options/config' GET /api/options/config

section "A4. Fresh server: nothing saved yet"
req 'GET settings before any save' GET /api/v1/settings
F='print(json.dumps({k: v for k, v in d.items() if k != "agent_settings"}, indent=1)); print("agent_settings keys:", sorted(d["agent_settings"]))' \
  req 'GET /api/v1/users/me before any save (agent_settings left out)' GET /api/v1/users/me
req 'GET /api/v1/settings/profiles' GET /api/v1/settings/profiles
[ -n "$recorded" ] && SAVE=$recorded/agent-schema-$version.json
F='print("model_name:", d["model_name"])
for s in d["sections"]:
    print("section", json.dumps({k: v for k, v in s.items() if k != "fields"}), "fields:", len(s["fields"]))
f = next(f for s in d["sections"] for f in s["fields"] if f["key"] == "llm.api_key")
print("field llm.api_key:", json.dumps(f))
f = next(f for s in d["sections"] for f in s["fields"] if f["key"] == "llm.reasoning_effort")
print("field llm.reasoning_effort:", json.dumps(f))
print("field keys:", sorted({k for s in d["sections"] for f in s["fields"] for k in f}))
print("secret fields:", [f["key"] for s in d["sections"] for f in s["fields"] if f.get("secret")])' \
  req 'GET /api/v1/settings/agent-schema (summary; the whole body is in the recorded file)' GET /api/v1/settings/agent-schema
[ -n "$recorded" ] && SAVE=$recorded/conversation-schema-$version.json
req 'GET /api/v1/settings/conversation-schema' GET /api/v1/settings/conversation-schema
start_conv 'POST app-conversations before any settings were saved' "{\"initial_message\":$MSG}" 120
NOSETTINGS_TASK=$TASK_ID

section "A5. Settings: first save and GET"
req 'first save: agent_settings_diff.llm (model, api_key, base_url)' POST /api/v1/settings "{\"agent_settings_diff\":{\"llm\":$LLM}}"
[ -n "$recorded" ] && SAVE=$recorded/settings-$version.json
req 'GET after the first save' GET /api/v1/settings
show_store
F='print(json.dumps({k: d[k] for k in ("search_api_key", "sandbox_api_key")})); print("llm:", json.dumps({k: d["agent_settings"]["llm"][k] for k in ("model", "api_key", "base_url")}))' \
  req 'GET /api/v1/users/me after the first save (the secrets only)' GET /api/v1/users/me

section "A6. Settings: partial diffs and merge rules"
req 'llm diff with the model only' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"model":"anthropic/claude-sonnet-4-5-20250929"}}}'
F="$F_LLM" req 'GET (llm part)' GET /api/v1/settings
req 'llm model back, base_url set to the provider default' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"model":"openai/gpt-4o","base_url":"https://api.openai.com/v1"}}}'
F="$F_LLM" req 'GET (llm part)' GET /api/v1/settings
show_store 'print(json.dumps({k: d["agent_settings"]["llm"].get(k) for k in ("model", "api_key", "base_url")}))'
req 'llm base_url ""' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"base_url":""}}}'
F="$F_LLM" req 'GET (llm part)' GET /api/v1/settings
req 'llm base_url null' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"base_url":null}}}'
F="$F_LLM" req 'GET (llm part)' GET /api/v1/settings
req 'llm base_url back to http://127.0.0.1:9/v1' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"base_url":"http://127.0.0.1:9/v1"}}}'
req 'llm api_key null' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"api_key":null}}}'
F="$F_LLM" req 'GET (llm part)' GET /api/v1/settings
show_store 'print(json.dumps({k: d["agent_settings"]["llm"].get(k) for k in ("model", "api_key", "base_url")}))'
req 'llm api_key "sk-test-2"' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"api_key":"sk-test-2"}}}'
req 'llm api_key "" (after setting sk-test-2)' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"api_key":""}}}'
F="$F_LLM" req 'GET (llm part)' GET /api/v1/settings
show_store 'print(json.dumps({k: d["agent_settings"]["llm"].get(k) for k in ("model", "api_key", "base_url")}))'
req 'llm api_key back to sk-test-1' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"api_key":"sk-test-1"}}}'
req 'llm temperature "0.5" (a string)' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"temperature":"0.5"}}}'
F='print(json.dumps({k: d["agent_settings"]["llm"][k] for k in ("temperature", "top_p", "max_output_tokens")}))' req 'GET (llm temperature)' GET /api/v1/settings
req 'conversation_settings_diff.max_iterations 50' POST /api/v1/settings '{"conversation_settings_diff":{"max_iterations":50}}'
F="$F_CONV" req 'GET (conversation_settings)' GET /api/v1/settings
req 'conversation_settings_diff confirmation_mode true, security_analyzer "none"' POST /api/v1/settings '{"conversation_settings_diff":{"confirmation_mode":true,"security_analyzer":"none"}}'
F="$F_CONV" req 'GET (conversation_settings)' GET /api/v1/settings
req 'conversation_settings_diff back' POST /api/v1/settings '{"conversation_settings_diff":{"confirmation_mode":false,"security_analyzer":"llm","max_iterations":500}}'
req 'condenser diff (agent_settings_diff.condenser.max_size 100)' POST /api/v1/settings '{"agent_settings_diff":{"condenser":{"max_size":100}}}'
F='print(json.dumps(d["agent_settings"]["condenser"]))' req 'GET (condenser)' GET /api/v1/settings
req 'agent_context.system_message_suffix in settings' POST /api/v1/settings '{"agent_settings_diff":{"agent_context":{"system_message_suffix":"Answer briefly."}}}'
F='print(json.dumps(d["agent_settings"]["agent_context"]))' req 'GET (agent_context)' GET /api/v1/settings
req 'top-level keys: git_user_name, git_user_email, language, enable_sound_notifications' POST /api/v1/settings '{"git_user_name":"Test User","git_user_email":"test@example.com","language":"de","enable_sound_notifications":true}'
F="$F_TOP" req 'GET (top-level part)' GET /api/v1/settings
req 'max_budget_per_task 2.5' POST /api/v1/settings '{"max_budget_per_task":2.5}'
F="$F_TOP" req 'GET (top-level part)' GET /api/v1/settings

section "A7. Secrets: search_api_key, llm api_key"
req 'search_api_key "tvly-1"' POST /api/v1/settings '{"search_api_key":"tvly-1"}'
F="$F_TOP" req 'GET (top-level part)' GET /api/v1/settings
F='print(json.dumps({k: d[k] for k in ("search_api_key",)}))' req 'users/me (search_api_key)' GET /api/v1/users/me
show_store 'print(json.dumps({k: d.get(k) for k in ("search_api_key",)}))'
req 'a save without search_api_key (git_user_name only)' POST /api/v1/settings '{"git_user_name":"Test User 2"}'
F="$F_TOP" req 'GET: search_api_key kept?' GET /api/v1/settings
req 'search_api_key null' POST /api/v1/settings '{"search_api_key":null}'
F="$F_TOP" req 'GET after null' GET /api/v1/settings
show_store 'print(json.dumps({k: d.get(k) for k in ("search_api_key",)}))'
req 'search_api_key "tvly-2"' POST /api/v1/settings '{"search_api_key":"tvly-2"}'
req 'search_api_key ""' POST /api/v1/settings '{"search_api_key":""}'
F="$F_TOP" req 'GET after ""' GET /api/v1/settings
show_store 'print(json.dumps({k: d.get(k) for k in ("search_api_key",)}))'
req 'search_api_key "**********" (the mask users/me shows, sent back)' POST /api/v1/settings '{"search_api_key":"**********"}'
show_store 'print(json.dumps({k: d.get(k) for k in ("search_api_key",)}))'
req 'search_api_key null again' POST /api/v1/settings '{"search_api_key":null}'
req 'llm api_key "**********" (the mask, sent back)' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"api_key":"**********"}}}'
show_store 'print(json.dumps({k: d["agent_settings"]["llm"].get(k) for k in ("api_key",)}))'
req 'llm api_key back to sk-test-1' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"api_key":"sk-test-1"}}}'

section "A8. MCP servers (agent_settings.mcp_config)"
MCP='{"fs":{"command":"npx","args":["-y","@modelcontextprotocol/server-filesystem","/tmp"],"env":{"FS_TOKEN":"env-secret-1","PLAIN":"x"}},"remote":{"url":"https://mcp.example.com/mcp","transport":"http","auth":{"strategy":"api_key","value":"mcp-key-1","header_name":"X-API-Key"}},"sse":{"url":"https://mcp.example.com/sse","transport":"sse","headers":{"Authorization":"Bearer mcp-bearer-1","X-Other":"h-1"}},"bearer":{"url":"https://mcp2.example.com/mcp","auth":{"strategy":"bearer","value":"mcp-bearer-2"}}}'
req 'mcp_config with a stdio, an api_key, a headers and a bearer server' POST /api/v1/settings "{\"agent_settings_diff\":{\"mcp_config\":$MCP}}"
F="$F_MCP" req 'GET (mcp_config)' GET /api/v1/settings
F='print(json.dumps(d["agent_settings"]["mcp_config"], indent=1))' req 'users/me (mcp_config)' GET /api/v1/users/me
show_store 'print(json.dumps(d["agent_settings"]["mcp_config"], indent=1))'
req 'an llm-only save afterwards' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"model":"openai/gpt-4o"}}}'
show_store 'print(json.dumps(d["agent_settings"]["mcp_config"], indent=1))'
GET_MCP=$(curl -s -H "X-Session-API-Key: $K" "$B/api/v1/settings" | py 'import json, sys; print(json.dumps(json.load(sys.stdin)["agent_settings"]["mcp_config"]))')
req 'the mcp_config of the GET sent back as it is (one server added)' POST /api/v1/settings "{\"agent_settings_diff\":{\"mcp_config\":$(echo "$GET_MCP" | py 'import json, sys; d = json.load(sys.stdin); d["new"] = {"url": "https://mcp3.example.com/mcp"}; print(json.dumps(d))')}}"
show_store 'print(json.dumps(d["agent_settings"]["mcp_config"], indent=1))'
req 'mcp_config: a diff with one server only (replace or merge?)' POST /api/v1/settings '{"agent_settings_diff":{"mcp_config":{"only":{"url":"https://only.example.com/mcp"}}}}'
F="$F_MCP" req 'GET (mcp_config)' GET /api/v1/settings
req 'mcp_config in the V0 shape (sse_servers, stdio_servers)' POST /api/v1/settings '{"agent_settings_diff":{"mcp_config":{"sse_servers":["https://a.example.com/sse"],"stdio_servers":[{"name":"fs","command":"npx"}]}}}'
F="$F_MCP" req 'GET (mcp_config)' GET /api/v1/settings
req 'mcp server with neither url nor command' POST /api/v1/settings '{"agent_settings_diff":{"mcp_config":{"bad":{"args":["x"]}}}}'
req 'mcp server url "a.b/sse" (no scheme)' POST /api/v1/settings '{"agent_settings_diff":{"mcp_config":{"bad":{"url":"a.b/sse"}}}}'
req 'mcp server transport "ws"' POST /api/v1/settings '{"agent_settings_diff":{"mcp_config":{"bad":{"url":"https://a.b","transport":"ws"}}}}'
req 'mcp_config null' POST /api/v1/settings '{"agent_settings_diff":{"mcp_config":null}}'
F="$F_MCP" req 'GET (mcp_config)' GET /api/v1/settings
req 'mcp_config {} (clears all: conversations below start without MCP servers)' POST /api/v1/settings '{"agent_settings_diff":{"mcp_config":{}}}'
F="$F_MCP" req 'GET (mcp_config)' GET /api/v1/settings

section "A9. Settings: what is dropped, what is refused"
req 'unknown top-level key' POST /api/v1/settings '{"foo":1}'
F='print("foo" in d, json.dumps(d.get("foo")))' req 'GET: is foo there?' GET /api/v1/settings
req 'unknown key in agent_settings_diff' POST /api/v1/settings '{"agent_settings_diff":{"nope":1}}'
req 'unknown key in agent_settings_diff.llm' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"nope":1}}}'
req 'unknown key in conversation_settings_diff' POST /api/v1/settings '{"conversation_settings_diff":{"nope":1}}'
req 'a V0-shaped body' POST /api/v1/settings '{"llm_model":"v0/model","llm_api_key":"sk-v0","llm_base_url":"http://v0","max_iterations":3,"confirmation_mode":true}'
F="$F_LLM"'; print(json.dumps(d["conversation_settings"]))' req 'GET after the V0 body' GET /api/v1/settings
req 'legacy agent_settings key' POST /api/v1/settings "{\"agent_settings\":{\"llm\":$LLM}}"
req 'legacy conversation_settings key' POST /api/v1/settings '{"conversation_settings":{"max_iterations":5}}'
req 'both legacy keys, with a diff key too' POST /api/v1/settings '{"agent_settings":{},"conversation_settings":{},"agent_settings_diff":{}}'
req 'llm.temperature "hot"' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"temperature":"hot"}}}'
req 'conversation_settings_diff.max_iterations "abc"' POST /api/v1/settings '{"conversation_settings_diff":{"max_iterations":"abc"}}'
req 'conversation_settings_diff.max_iterations -1' POST /api/v1/settings '{"conversation_settings_diff":{"max_iterations":-1}}'
req 'conversation_settings_diff.security_analyzer "bogus"' POST /api/v1/settings '{"conversation_settings_diff":{"security_analyzer":"bogus"}}'
req 'llm.model 5' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"model":5}}}'
req 'llm "x" (not an object)' POST /api/v1/settings '{"agent_settings_diff":{"llm":"x"}}'
req 'agent_settings_diff "x" (not an object)' POST /api/v1/settings '{"agent_settings_diff":"x"}'
req 'conversation_settings_diff [] (not an object)' POST /api/v1/settings '{"conversation_settings_diff":[]}'
# Top-level keys are set without validation (language 5, git_user_name 5, max_budget_per_task "abc" are stored
# as they are, and then every later load of the settings fails): those are in section B, at the very end.
req 'enable_sound_notifications "yes"' POST /api/v1/settings '{"enable_sound_notifications":"yes"}'
req 'max_budget_per_task "2.5" (a string)' POST /api/v1/settings '{"max_budget_per_task":"2.5"}'
req 'git_user_email "not-an-email"' POST /api/v1/settings '{"git_user_email":"not-an-email"}'
show_store 'print(json.dumps({k: d.get(k) for k in ("enable_sound_notifications", "max_budget_per_task", "git_user_email")}))'
F="$F_LLM"'; print(json.dumps(d["conversation_settings"])); print(json.dumps({k: d[k] for k in ("language", "git_user_name", "git_user_email", "enable_sound_notifications", "max_budget_per_task")}))' \
  req 'GET after the refusals (did any of them store something?)' GET /api/v1/settings
req 'body {}' POST /api/v1/settings '{}'
req 'malformed JSON' POST /api/v1/settings '{"language": }'
req 'body is an array' POST /api/v1/settings '[]'
req 'body is null' POST /api/v1/settings 'null'
req 'body is a string' POST /api/v1/settings '"x"'
req 'empty body with Content-Type: application/json' POST /api/v1/settings ''
req 'no body, no Content-Type' POST /api/v1/settings -
req 'JSON body sent as text/plain' POST /api/v1/settings - good -H 'Content-Type: text/plain' --data-binary '{"language":"fr"}'
F="$F_TOP" req 'GET (was the text/plain body stored?)' GET /api/v1/settings
req 'PUT /api/v1/settings' PUT /api/v1/settings '{}'
req 'PATCH /api/v1/settings' PATCH /api/v1/settings '{}'
req 'DELETE /api/v1/settings' DELETE /api/v1/settings
req 'GET /api/v1/settings/ (trailing slash)' GET /api/v1/settings/
req 'llm back to the test values, language null' POST /api/v1/settings "{\"agent_settings_diff\":{\"llm\":$LLM},\"language\":null,\"max_budget_per_task\":null}"
F="$F_LLM" req 'GET (llm part)' GET /api/v1/settings

section "A10. Conversations: start, follow, read"
req 'llm num_retries 0 (a run against the closed port then fails at once instead of retrying for minutes)' POST /api/v1/settings '{"agent_settings_diff":{"llm":{"num_retries":0}}}'
start_conv 'POST with initial_message' "{\"initial_message\":$MSG}"
C1=$CONV_ID S1=$SANDBOX_ID T1=$TASK_ID
start_conv 'POST with system_message_suffix and title' "{\"initial_message\":$MSG,\"system_message_suffix\":\"Always answer in French.\",\"title\":\"My title\"}"
C2=$CONV_ID S2=$SANDBOX_ID
start_conv 'POST with an image in the initial message (data URL)' "{\"initial_message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"what is this?\"},{\"type\":\"image\",\"image_urls\":[\"$PNG\"]}]}}"
C3=$CONV_ID
start_conv 'POST with selected_repository, git_provider, selected_branch (no provider token saved)' "{\"initial_message\":$MSG,\"selected_repository\":\"octocat/Hello-World\",\"git_provider\":\"github\",\"selected_branch\":\"master\"}"
start_conv 'POST with selected_repository only' "{\"initial_message\":$MSG,\"selected_repository\":\"octocat/Hello-World\"}"
start_conv 'POST without initial_message ({})' '{}'
C6=$CONV_ID
start_conv 'POST with initial_message.run true' '{"initial_message":{"role":"user","content":[{"type":"text","text":"hello"}],"run":true}}'
C7=$CONV_ID
req 'POST with llm_model' POST /api/v1/app-conversations "{\"initial_message\":$MSG,\"llm_model\":\"anthropic/claude-sonnet-4-5-20250929\"}"
LLM_MODEL_TASK=$(printf '%s' "$LAST_BODY" | jget id 2>/dev/null)

section "A11. Conversations: refused start bodies"
req 'content item type "video"' POST /api/v1/app-conversations '{"initial_message":{"role":"user","content":[{"type":"video","text":"x"}]}}'
req 'text item with an extra field' POST /api/v1/app-conversations '{"initial_message":{"role":"user","content":[{"type":"text","text":"x","extra":1}]}}'
req 'role "robot"' POST /api/v1/app-conversations '{"initial_message":{"role":"robot","content":[{"type":"text","text":"x"}]}}'
req 'initial_message as a string' POST /api/v1/app-conversations '{"initial_message":"hello"}'
req 'git_provider "nope"' POST /api/v1/app-conversations "{\"initial_message\":$MSG,\"git_provider\":\"nope\"}"
req 'conversation_id "abc" (not a UUID)' POST /api/v1/app-conversations "{\"initial_message\":$MSG,\"conversation_id\":\"abc\"}"
req 'malformed JSON' POST /api/v1/app-conversations '{'
req 'body is an array' POST /api/v1/app-conversations '[]'
req 'no body' POST /api/v1/app-conversations -

section "A12. Start tasks and conversations: lookups, lists, paging"
req 'start-tasks?ids= a known and an unknown id' GET "/api/v1/app-conversations/start-tasks?ids=$T1&ids=00000000000000000000000000000000"
req 'start-tasks?ids=not-a-uuid' GET '/api/v1/app-conversations/start-tasks?ids=not-a-uuid'
req 'start-tasks without ids' GET /api/v1/app-conversations/start-tasks
F='print(json.dumps({"next_page_id": d["next_page_id"], "items": [{k: i[k] for k in ("id", "status", "app_conversation_id", "created_at")} for i in d["items"]]}, indent=1))' \
  req 'start-tasks/search (items cut to id, status, app_conversation_id, created_at)' GET /api/v1/app-conversations/start-tasks/search
req 'start-tasks/count' GET /api/v1/app-conversations/start-tasks/count
if [ -n "$C1" ]; then
  sleep 2
  F="$F_LIST" req 'GET app-conversations?ids= the first READY conversation' GET "/api/v1/app-conversations?ids=$C1"
  req 'GET app-conversations?ids= it and an unknown id' GET "/api/v1/app-conversations?ids=$C1&ids=00000000000000000000000000000000"
fi
req 'GET app-conversations without ids' GET /api/v1/app-conversations
req 'GET app-conversations?ids=not-hex' GET '/api/v1/app-conversations?ids=not-hex'
F_PAGE='print(json.dumps({"next_page_id": d["next_page_id"], "items": [{k: i[k] for k in ("id", "title", "sandbox_status", "execution_status", "created_at")} for i in d["items"]]}, indent=1))'
F="$F_PAGE" req 'app-conversations/search (items cut to id, title, statuses, created_at)' GET /api/v1/app-conversations/search
F="$F_PAGE" req 'search?limit=2' GET '/api/v1/app-conversations/search?limit=2'
NEXT=$(printf '%s' "$LAST_BODY" | jget next_page_id 2>/dev/null)
[ -n "$NEXT" ] && F="$F_PAGE" req 'search?limit=2&page_id=<next_page_id>' GET "/api/v1/app-conversations/search?limit=2&page_id=$NEXT"
req 'search?limit=0' GET '/api/v1/app-conversations/search?limit=0'
req 'search?limit=101' GET '/api/v1/app-conversations/search?limit=101'
req 'search?page_id=garbage' GET '/api/v1/app-conversations/search?page_id=garbage'
F="$F_PAGE" req 'search?title__contains=My' GET '/api/v1/app-conversations/search?title__contains=My'
req 'app-conversations/count' GET /api/v1/app-conversations/count
F='print(json.dumps({"next_page_id": d["next_page_id"], "items": [{k: i[k] for k in ("id", "status", "sandbox_spec_id", "exposed_urls")} for i in d["items"]]}, indent=1))' \
  req 'sandboxes/search (items cut)' GET /api/v1/sandboxes/search

section "A13. Send a message, events"
if [ -n "$C1" ]; then
  T0_NS=$(date +%s%N)
  req 'send-message {content}' POST "/api/v1/app-conversations/$C1/send-message" '{"content":[{"type":"text","text":"and now?"}]}'
  watch_conv "$C1" 20
  req 'send-message with run false' POST "/api/v1/app-conversations/$C1/send-message" '{"content":[{"type":"text","text":"no run"}],"run":false}'
  req 'send-message {} (no content)' POST "/api/v1/app-conversations/$C1/send-message" '{}'
  req 'send-message content []' POST "/api/v1/app-conversations/$C1/send-message" '{"content":[]}'
  req 'send-message role "assistant"' POST "/api/v1/app-conversations/$C1/send-message" '{"role":"assistant","content":[{"type":"text","text":"x"}]}'
  req 'send-message to an unknown conversation' POST /api/v1/app-conversations/00000000000000000000000000000000/send-message '{"content":[{"type":"text","text":"x"}]}'
  req 'send-message to a conversation id that is not a UUID' POST /api/v1/app-conversations/abc/send-message '{"content":[{"type":"text","text":"x"}]}'
  sleep 5
  F='print(json.dumps([{k: c[k] for k in ("id", "sandbox_status", "execution_status", "title")} if c else None for c in d]))' \
    req 'GET the conversation again (statuses)' GET "/api/v1/app-conversations?ids=$C1"
  F='print("next_page_id:", d.get("next_page_id")); [print(json.dumps({k: e.get(k) for k in ("kind", "source", "timestamp")} | {k: (str(e[k])[:200] if not isinstance(e[k], (str, int, float, bool, type(None))) else e[k]) for k in ("key", "value", "code", "detail", "error") if k in e})) for e in d["items"]]' \
    req 'events/search (kind, source, timestamp of each)' GET "/api/v1/conversation/$C1/events/search?limit=50"
  req 'events/count' GET "/api/v1/conversation/$C1/events/count"
fi
if [ -n "${C7:-}" ]; then
  F='print(json.dumps([{k: c[k] for k in ("id", "sandbox_status", "execution_status")} if c else None for c in d]))' \
    req 'the conversation started with run true' GET "/api/v1/app-conversations?ids=$C7"
  F='print("next_page_id:", d.get("next_page_id")); [print(json.dumps({k: e.get(k) for k in ("kind", "source", "timestamp")} | {k: (str(e[k])[:300] if not isinstance(e[k], (str, int, float, bool, type(None))) else e[k]) for k in ("key", "value", "code", "detail", "error") if k in e})) for e in d["items"]]' \
    req 'its events' GET "/api/v1/conversation/$C7/events/search?limit=50"
fi

section "A14. Rename, pause, resume, delete"
if [ -n "$C2" ]; then
  req 'PATCH title' PATCH "/api/v1/app-conversations/$C2" '{"title":"Renamed"}'
  req 'PATCH unknown field' PATCH "/api/v1/app-conversations/$C2" '{"nope":1}'
  req 'PATCH unknown conversation' PATCH /api/v1/app-conversations/00000000000000000000000000000000 '{"title":"x"}'
  req 'POST sandboxes/{sandbox_id}/pause' POST "/api/v1/sandboxes/$S2/pause"
  sleep 1
  F='print(json.dumps([{k: c[k] for k in ("id", "title", "sandbox_status", "execution_status", "conversation_url")} if c else None for c in d]))' \
    req 'the conversation after pause' GET "/api/v1/app-conversations?ids=$C2"
  req 'send-message to the paused conversation' POST "/api/v1/app-conversations/$C2/send-message" '{"content":[{"type":"text","text":"x"}],"run":false}' good --max-time 20
  req 'POST sandboxes/{sandbox_id}/resume' POST "/api/v1/sandboxes/$S2/resume"
  sleep 1
  F='print(json.dumps([{k: c[k] for k in ("id", "sandbox_status", "execution_status")} if c else None for c in d]))' \
    req 'the conversation after resume' GET "/api/v1/app-conversations?ids=$C2"
  req 'pause an unknown sandbox' POST /api/v1/sandboxes/nope/pause
fi
if [ -n "$C1" ]; then
  req 'DELETE app-conversations/{id}' DELETE "/api/v1/app-conversations/$C1"
  req 'GET it after DELETE' GET "/api/v1/app-conversations?ids=$C1"
  req 'DELETE it again' DELETE "/api/v1/app-conversations/$C1"
  F='print(json.dumps({"next_page_id": d["next_page_id"], "items": [{k: i[k] for k in ("id", "status")} for i in d["items"]]}))' \
    req 'its sandbox after the DELETE (sandboxes/search, cut)' GET /api/v1/sandboxes/search
fi
req 'DELETE an unknown conversation' DELETE /api/v1/app-conversations/00000000000000000000000000000000
req 'DELETE a conversation id that is not hex' DELETE /api/v1/app-conversations/abc
if [ -n "${C6:-}" ]; then
  SB6=$(curl -s -H "X-Session-API-Key: $K" "$B/api/v1/app-conversations?ids=$C6" | jget 0.sandbox_id 2>/dev/null)
  [ -n "$SB6" ] && req 'DELETE sandboxes/{id} (the sandbox of the conversation started with {})' DELETE "/api/v1/sandboxes/$SB6"
  [ -n "$SB6" ] && req 'DELETE sandboxes/{id}?sandbox_id={id} (what the route wants)' DELETE "/api/v1/sandboxes/$SB6?sandbox_id=$SB6"
  sleep 1
  F='print(json.dumps([{k: c[k] for k in ("id", "sandbox_status", "execution_status", "conversation_url")} if c else None for c in d]))' \
    req 'that conversation after its sandbox was deleted' GET "/api/v1/app-conversations?ids=$C6"
  req 'send-message to it' POST "/api/v1/app-conversations/$C6/send-message" '{"content":[{"type":"text","text":"x"}]}'
fi
if [ -n "${LLM_MODEL_TASK:-}" ]; then
  F='print(json.dumps([{k: t[k] for k in ("status", "detail", "app_conversation_id")} for t in d]))' \
    req 'the start task with llm_model, by now' GET "/api/v1/app-conversations/start-tasks?ids=$LLM_MODEL_TASK"
fi
F='print(json.dumps([{k: t[k] for k in ("status", "detail", "app_conversation_id")} for t in d]))' \
  req 'the start task from before any settings were saved, by now' GET "/api/v1/app-conversations/start-tasks?ids=$NOSETTINGS_TASK"

section "A15. stream-start"
echo "POST /api/v1/app-conversations/stream-start with {\"initial_message\": ...}: the body as it arrives, each line with"
echo "the seconds since the request (a line longer than 200 characters: its first 120 and last 60):"
echo; echo '```'
T0_NS=$(date +%s%N)
curl -s -N -i --max-time 90 -H "X-Session-API-Key: $K" -H 'Content-Type: application/json' -X POST \
  --data-binary "{\"initial_message\":$MSG}" "$B/api/v1/app-conversations/stream-start" | tr -d '\r' \
  | while IFS= read -r line || [ -n "$line" ]; do
      [ "${#line}" -le 200 ] || line="${line:0:120} ... ${line: -60}"
      printf '%6.1f s  %s\n' "$(echo "scale=1; ($(date +%s%N) - $T0_NS) / 1000000000" | bc)" "$line"
    done | grep -v -i '^ *[0-9.]* s  date:' | scrub
echo '```'; echo

section "A16. CORS"
req 'preflight from http://localhost:5173' OPTIONS /api/v1/settings - none -H 'Origin: http://localhost:5173' -H 'Access-Control-Request-Method: POST' -H 'Access-Control-Request-Headers: content-type,x-session-api-key'
req 'preflight from vscode-webview://abc' OPTIONS /api/v1/settings - none -H 'Origin: vscode-webview://abc' -H 'Access-Control-Request-Method: POST'
F=SKIP req 'GET with Origin https://example.com' GET /api/v1/settings - good -H 'Origin: https://example.com'

section "A17. Rate limit (per client address, 1 s window)"
probe_rate_limit /api/v1/settings

B=$B_URL K=none DIR=$B_DIR
section "B. Server without SESSION_API_KEY"
req 'GET settings, no key (fresh)' GET /api/v1/settings - none
req 'GET settings, any key' GET /api/v1/settings - wrong
req 'GET settings, Authorization: Bearer anything' GET /api/v1/settings - none -H 'Authorization: Bearer anything'
req 'POST settings, any key' POST /api/v1/settings "{\"agent_settings_diff\":{\"llm\":$LLM}}" wrong
F="$F_LLM" req 'GET settings, no key' GET /api/v1/settings - none
req 'app-conversations/search, no key' GET /api/v1/app-conversations/search - none

section "B2. A top-level value of the wrong type poisons the store (server B)"
req 'language 5' POST /api/v1/settings '{"language":5}' none
show_store 'print(json.dumps({k: d.get(k) for k in ("language",)}))'
req 'GET settings' GET /api/v1/settings - none
req 'POST settings with a valid body' POST /api/v1/settings '{"language":"en"}' none
req 'POST settings {}' POST /api/v1/settings '{}' none
req 'users/me' GET /api/v1/users/me - none
req 'app-conversations/search' GET /api/v1/app-conversations/search - none
req 'app-conversations/count' GET /api/v1/app-conversations/count - none
req 'POST app-conversations' POST /api/v1/app-conversations "{\"initial_message\":$MSG}" none
F=SKIP req 'agent-schema (does not read the settings)' GET /api/v1/settings/agent-schema - none
