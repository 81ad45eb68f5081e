#!/usr/bin/env bash
# Records how a server answers the checks of the contract doc (section 10): every request and the exact
# response (status, headers, body), as Markdown on stdout. test/support/fixtures/openhands/OBSERVED.md was written from
# its output against the real OpenHands 0.54.0.
#
#   scripts/openhands/probe.sh > transcript.md        starts three servers itself with start.sh:
#       A: with a session key (most cases), B: without one, C: with ALLOW_SET_CONVERSATION_ID=1
#   PROBE_TARGET=BASE_URL PROBE_KEY=K PROBE_NO_AUTH_URL=... PROBE_ALLOW_ID_URL=... scripts/openhands/probe.sh
#       probes servers that are already running (e.g. our own contract server); each must be fresh
#       (no settings saved), and PROBE_STORE, if given, is the folder whose settings.json/secrets.json
#       are shown after some cases. A phase whose URL is not given is skipped.
#
# Requests are spaced 120 ms apart (the server delays the 11th request within a second by 1 s), except in
# the rate-limit section, which sends bursts on purpose and waits 1.2 s before and after.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
started_dirs=()
cleanup() { local d; for d in ${started_dirs[@]+"${started_dirs[@]}"}; do "$HERE/stop.sh" "$d" >&2 || true; done; }
trap cleanup EXIT

start_server() { # start_server VAR_PREFIX start.sh-options...: sets ${P}_URL ${P}_KEY ${P}_STORE
  local p=$1; shift; local out
  out=$("$HERE/start.sh" "$@") || { echo "probe: start.sh $* failed" >&2; exit 1; }
  eval "$out"
  started_dirs+=("$OPENHANDS_DIR")
  printf -v "${p}_URL" %s "$OPENHANDS_URL"; printf -v "${p}_KEY" %s "$OPENHANDS_API_KEY"
  printf -v "${p}_STORE" %s "$OPENHANDS_DIR/store"
}

B='' K='' STORE='' n=0
pace() { sleep 0.12; }

# req TITLE METHOD PATH [BODY|-] [KEYMODE] [extra curl args...]
#   BODY '-' = none; KEYMODE: good (default) | none | wrong | other string = sent as the key
req() {
  local title=$1 m=$2 p=$3 body=${4--} km=${5:-good}; shift $(( $# < 5 ? $# : 5 ))
  local args=(-s -i -X "$m" --max-time 30) shown_key
  key_header "$km"
  [ "$body" != - ] && args+=(-H 'Content-Type: application/json' --data-binary "$body")
  n=$((n + 1)); pace
  local resp; resp=$(curl "${args[@]}" "$@" "$B$p" | tr -d '\r')
  echo_request "$n" "$title" "$m" "$p" "$shown_key" "$body" "$@"
  # the status line, the headers except date, then the body
  echo "$resp" | sed -n '1,/^$/p' | grep -v -i '^date:' | sed '/^$/d'
  echo
  echo "$resp" | sed '1,/^$/d'
  echo '```'
  echo
}

show_file() { # show_file NAME: the stored file, when the store folder is known
  [ -n "$STORE" ] && [ -f "$STORE/$1" ] || return 0
  echo "Stored \`$1\` now:"; echo; echo '```json'; cat "$STORE/$1"; echo; echo '```'; echo
}

section() { echo; echo "### $*"; echo; echo "section: $*" >&2; }

# ---------------------------------------------------------------------------------------------------
if [ -n "${PROBE_TARGET:-}" ]; then
  A_URL=$PROBE_TARGET A_KEY=${PROBE_KEY:-} A_STORE=${PROBE_STORE:-}
  B_URL=${PROBE_NO_AUTH_URL:-} B_STORE='' C_URL=${PROBE_ALLOW_ID_URL:-} C_KEY=${PROBE_KEY:-} C_STORE=''
else
  start_server A
  start_server B --no-auth
  start_server C --allow-set-conversation-id
  echo "servers: A=$A_URL B=$B_URL C=$C_URL" >&2
fi

echo "## Transcript"
echo
echo "Server A: key set; server B: no SESSION_API_KEY; server C: key set and ALLOW_SET_CONVERSATION_ID=1."
echo "Recorded $(date -u +%Y-%m-%dT%H:%MZ)."

B=$A_URL K=$A_KEY STORE=$A_STORE

section "A1. Authentication (server A)"
req 'no key header' GET /api/settings - none
req 'wrong key' GET /api/settings - wrong
req 'key with different letter case' GET /api/settings - "$(echo "$K" | tr a-z A-Z)"
req 'key with a trailing space' GET /api/settings - "$K "
req 'right key, header name in lower case (curl sends it as given)' GET /api/settings - none -H "x-session-api-key: $K"
req 'key sent as Authorization: Bearer only' GET /api/settings - none -H "Authorization: Bearer $K"
req 'POST settings, no key, valid body' POST /api/settings '{"llm_model":"x"}' none
req 'POST settings, wrong key, malformed JSON' POST /api/settings '{bad' wrong
req 'POST settings, wrong key, schema error' POST /api/settings '{"language":5}' wrong
req 'POST conversations, no key' POST /api/conversations '{}' none
req 'POST conversations, wrong key, unknown field' POST /api/conversations '{"foo":1}' wrong
req '/alive without key' GET /alive - none
req '/health without key' GET /health - none
req 'unknown /api path without key' GET /api/nope - none
req 'unknown /api path with key' GET /api/nope

section "A2. Fresh server: nothing saved yet"
req 'GET settings before any save' GET /api/settings
req 'POST conversations before any save' POST /api/conversations '{"initial_user_msg":"hi"}'
req 'the conversation list after that (not one of our operations: shows whether an entry was left)' GET '/api/conversations?limit=5'
req 'GET settings again (still nothing)' GET /api/settings

section "A3. POST/GET settings: what is stored and returned"
req 'first save: model and the two keys' POST /api/settings '{"llm_model":"anthropic/claude-sonnet-4-20250514","llm_api_key":"sk-test-1","search_api_key":"tvly-1"}'
req 'GET after first save' GET /api/settings
show_file settings.json
req 'save every field (values to be coerced, MCP string forms, extra keys, secrets_store, provider_tokens_set)' POST /api/settings '{"language":"de","agent":"CodeActAgent","max_iterations":"5","security_analyzer":"llm","confirmation_mode":"yes","llm_model":"openai/gpt-4o","llm_api_key":"sk-test-2","llm_base_url":"http://llm.local:4000","remote_runtime_resource_factor":2.0,"secrets_store":{"provider_tokens":{"github":"ghp_plain","gitlab":{"token":"glpat","host":null}}},"enable_default_condenser":false,"enable_sound_notifications":true,"enable_proactive_conversation_starters":false,"enable_solvability_analysis":false,"user_consents_to_analytics":true,"sandbox_base_container_image":"img:1","sandbox_runtime_container_image":"rt:1","mcp_config":{"sse_servers":["http://a.b/sse",{"url":" https://c.d/sse ","api_key":"mcp-k","extra":1}],"stdio_servers":[{"name":"fs","command":"npx","args":"-y \"x y\" z","env":"A=1, B=x=y"}],"shttp_servers":[{"url":" ws://h:1/x ","api_key":"mcp-k2"}]},"search_api_key":"tvly-2","sandbox_api_key":"sbx-1","max_budget_per_task":"1.5","email":"a@b.c","email_verified":"true","git_user_name":"u","git_user_email":"u@e.x","provider_tokens_set":{"github":null},"unknown_top_level":{"x":1}}'
req 'GET after the full save' GET /api/settings
show_file settings.json
req 'save {} (replace rules)' POST /api/settings '{}'
req 'GET after {}' GET /api/settings
show_file settings.json
req 'save with the kept fields sent as null' POST /api/settings '{"llm_model":null,"llm_api_key":null,"llm_base_url":null,"search_api_key":null,"user_consents_to_analytics":null,"language":"fr"}'
req 'GET after the nulls' GET /api/settings
req 'user_consents_to_analytics false replaces true' POST /api/settings '{"user_consents_to_analytics":false}'
req 'GET' GET /api/settings
req 'empty llm_api_key and search_api_key' POST /api/settings '{"llm_api_key":"","search_api_key":""}'
req 'GET after empty keys' GET /api/settings
show_file settings.json
req 'POST conversations with the empty LLM key' POST /api/conversations '{}'
req 'whitespace llm_api_key' POST /api/settings '{"llm_api_key":"   "}'
req 'GET after whitespace key' GET /api/settings
req 'POST conversations with the whitespace LLM key' POST /api/conversations '{}'
req 'llm_base_url "" is stored as ""' POST /api/settings '{"llm_api_key":"sk-test-3","llm_base_url":""}'
req 'GET' GET /api/settings
req 'sandbox_api_key once more' POST /api/settings '{"sandbox_api_key":"sbx-2"}'
show_file settings.json

section "A4. POST settings: validation (422) and errors"
req 'max_iterations "abc"' POST /api/settings '{"max_iterations":"abc"}'
req 'max_iterations 5.5' POST /api/settings '{"max_iterations":5.5}'
req 'max_iterations 5.0' POST /api/settings '{"max_iterations":5.0}'
req 'remote_runtime_resource_factor 2.5' POST /api/settings '{"remote_runtime_resource_factor":2.5}'
req 'language 5' POST /api/settings '{"language":5}'
req 'llm_api_key 123' POST /api/settings '{"llm_api_key":123}'
req 'confirmation_mode "maybe"' POST /api/settings '{"confirmation_mode":"maybe"}'
req 'enable_default_condenser null' POST /api/settings '{"enable_default_condenser":null}'
req 'all four booleans null (error order)' POST /api/settings '{"enable_default_condenser":null,"enable_sound_notifications":null,"enable_proactive_conversation_starters":null,"enable_solvability_analysis":null}'
req 'several errors at once' POST /api/settings '{"max_iterations":"x","language":1,"email_verified":"nope"}'
req 'max_budget_per_task "abc"' POST /api/settings '{"max_budget_per_task":"abc"}'
req 'secrets_store null' POST /api/settings '{"secrets_store":null}'
req 'secrets_store "x"' POST /api/settings '{"secrets_store":"x"}'
req 'secrets_store {} is accepted' POST /api/settings '{"secrets_store":{},"llm_api_key":"sk-test-3"}'
req 'body is an array' POST /api/settings '[]'
req 'body is a string' POST /api/settings '"x"'
req 'body is null' POST /api/settings 'null'
req 'empty body with Content-Type: application/json' POST /api/settings ''
req 'no body, no Content-Type' POST /api/settings -
req 'JSON body sent as text/plain' POST /api/settings - good -H 'Content-Type: text/plain' --data-binary '{"language":"en"}'
req 'JSON body without any Content-Type' POST /api/settings - good -H 'Content-Type:' --data-binary '{"llm_api_key":"sk-test-3","language":"nl"}'
req 'GET (was the body without Content-Type stored?)' GET /api/settings
req 'malformed JSON' POST /api/settings '{"language": }'
req 'trailing comma' POST /api/settings '{"language":"en",}'

section "A5. POST settings: mcp_config rules"
req 'url without scheme' POST /api/settings '{"mcp_config":{"sse_servers":[{"url":"a.b/sse"}]}}'
req 'url ftp://' POST /api/settings '{"mcp_config":{"sse_servers":["ftp://a.b"]}}'
req 'url blank' POST /api/settings '{"mcp_config":{"shttp_servers":[{"url":"  "}]}}'
req 'url http:// (no host)' POST /api/settings '{"mcp_config":{"sse_servers":[{"url":"http://"}]}}'
req 'unknown key in mcp_config' POST /api/settings '{"mcp_config":{"foo":1}}'
req 'stdio name with a space' POST /api/settings '{"mcp_config":{"stdio_servers":[{"name":"my server","command":"npx"}]}}'
req 'stdio name blank' POST /api/settings '{"mcp_config":{"stdio_servers":[{"name":" ","command":"npx"}]}}'
req 'stdio command with a space' POST /api/settings '{"mcp_config":{"stdio_servers":[{"name":"a","command":"npx -y"}]}}'
req 'stdio args with an unbalanced quote' POST /api/settings '{"mcp_config":{"stdio_servers":[{"name":"a","command":"npx","args":"-y \"x"}]}}'
req 'stdio env key 1A' POST /api/settings '{"mcp_config":{"stdio_servers":[{"name":"a","command":"npx","env":"1A=1"}]}}'
req 'stdio env without =' POST /api/settings '{"mcp_config":{"stdio_servers":[{"name":"a","command":"npx","env":"X"}]}}'
req 'stdio env value not a string' POST /api/settings '{"mcp_config":{"stdio_servers":[{"name":"a","command":"npx","env":{"A":1}}]}}'
req 'stdio without command' POST /api/settings '{"mcp_config":{"stdio_servers":[{"name":"a"}]}}'
req 'stdio name 5' POST /api/settings '{"mcp_config":{"stdio_servers":[{"name":5,"command":"npx"}]}}'
req 'shttp url 5' POST /api/settings '{"mcp_config":{"shttp_servers":[{"url":5}]}}'
req 'sse url 5' POST /api/settings '{"mcp_config":{"sse_servers":[{"url":5}]}}'
req 'sse_servers null' POST /api/settings '{"mcp_config":{"sse_servers":null}}'
req 'duplicates, args/env null: accepted' POST /api/settings '{"llm_api_key":"sk-test-3","mcp_config":{"sse_servers":["http://a.b","http://a.b"],"stdio_servers":[{"name":"a","command":"x","args":null,"env":null},{"name":"a","command":"y"}]}}'
req 'GET' GET /api/settings
req 'mcp_config null' POST /api/settings '{"mcp_config":null,"llm_model":"openai/gpt-4o"}'

section "A6. POST conversations"
req 'empty body {}' POST /api/conversations '{}'
req 'initial_user_msg, image_urls [], replay_json null' POST /api/conversations '{"initial_user_msg":"hello","image_urls":[],"replay_json":null}'
req 'every optional field null' POST /api/conversations '{"repository":null,"git_provider":null,"selected_branch":null,"initial_user_msg":null,"image_urls":null,"replay_json":null,"suggested_task":null,"create_microagent":null,"conversation_instructions":null,"mcp_config":null}'
req 'conversation_instructions and mcp_config' POST /api/conversations '{"initial_user_msg":"x","conversation_instructions":"be brief","mcp_config":{"sse_servers":["http://a.b/sse"]}}'
req 'conversation_id (not allowed on this server)' POST /api/conversations '{"conversation_id":"abc"}'
req 'unknown field' POST /api/conversations '{"foo":1}'
req 'git_provider GitHub' POST /api/conversations '{"git_provider":"GitHub"}'
req 'git_provider azure_devops' POST /api/conversations '{"git_provider":"azure_devops"}'
req 'repository ""' POST /api/conversations '{"repository":"","initial_user_msg":"x"}'
req 'git_provider github without repository' POST /api/conversations '{"git_provider":"github","selected_branch":"main"}'
req 'image_urls as a string' POST /api/conversations '{"image_urls":"http://x"}'
req 'initial_user_msg 5' POST /api/conversations '{"initial_user_msg":5}'
req 'mcp_config with a bad url' POST /api/conversations '{"mcp_config":{"sse_servers":["a.b"]}}'
req 'mcp_config unknown key' POST /api/conversations '{"mcp_config":{"x":1}}'
req 'suggested_task missing fields' POST /api/conversations '{"suggested_task":{"task_type":"OPEN_ISSUE"}}'
req 'suggested_task task_type lower case' POST /api/conversations '{"suggested_task":{"git_provider":"github","task_type":"open_issue","repo":"o/r","issue_number":1,"title":"t"}}'
req 'suggested_task OPEN_ISSUE (issue_number "3")' POST /api/conversations '{"suggested_task":{"git_provider":"github","task_type":"OPEN_ISSUE","repo":"o/r","issue_number":"3","title":"t"}}'
req 'suggested_task MERGE_CONFLICTS' POST /api/conversations '{"suggested_task":{"git_provider":"gitlab","task_type":"MERGE_CONFLICTS","repo":"o/r","issue_number":1,"title":"t"}}'
req 'suggested_task OPEN_PR' POST /api/conversations '{"suggested_task":{"git_provider":"github","task_type":"OPEN_PR","repo":"o/r","issue_number":1,"title":"t"}}'
req 'suggested_task CREATE_MICROAGENT' POST /api/conversations '{"suggested_task":{"git_provider":"github","task_type":"CREATE_MICROAGENT","repo":"o/r","issue_number":1,"title":"t"}}'
req 'suggested_task with enterprise_sso' POST /api/conversations '{"suggested_task":{"git_provider":"enterprise_sso","task_type":"OPEN_ISSUE","repo":"o/r","issue_number":1,"title":"t"}}'
req 'create_microagent without repo' POST /api/conversations '{"create_microagent":{}}'
req 'create_microagent with repo (no secrets.json yet)' POST /api/conversations '{"create_microagent":{"repo":"o/r"}}'
req 'repository, no secrets.json' POST /api/conversations '{"repository":"octocat/Hello-World"}'
req 'repository + git_provider + branch, no secrets.json' POST /api/conversations '{"repository":"octocat/Hello-World","git_provider":"github","selected_branch":"master"}'
req 'body is an array' POST /api/conversations '[]'
req 'malformed JSON' POST /api/conversations '{'
req 'no body at all' POST /api/conversations -
req 'conversation list now' GET '/api/conversations?limit=3'
show_file secrets.json
req 'create secrets.json through POST /api/secrets (not one of our operations)' POST /api/secrets '{"name":"FOO","value":"bar","description":""}'
show_file secrets.json
req 'repository, secrets.json without provider tokens' POST /api/conversations '{"repository":"octocat/Hello-World"}'
req 'repository + git_provider gitlab' POST /api/conversations '{"repository":"group/project","git_provider":"gitlab"}'
req 'create_microagent with repo, secrets.json present' POST /api/conversations '{"create_microagent":{"repo":"o/r","git_provider":"github"}}'
req 'GET settings: provider_tokens_set still {}' GET /api/settings

section "A7. Other HTTP behaviour"
req 'PUT /api/settings' PUT /api/settings '{}'
req 'POST /api/conversations/ (trailing slash)' POST /api/conversations/ '{}'
req 'GET /api/settings/ (trailing slash)' GET /api/settings/
req 'CORS preflight from http://localhost:5173' OPTIONS /api/settings - none -H 'Origin: http://localhost:5173' -H 'Access-Control-Request-Method: POST' -H 'Access-Control-Request-Headers: content-type,x-session-api-key'
req 'CORS preflight from vscode-webview://abc' OPTIONS /api/settings - none -H 'Origin: vscode-webview://abc' -H 'Access-Control-Request-Method: POST'
req 'GET with Origin http://127.0.0.1:9' GET /api/settings - good -H 'Origin: http://127.0.0.1:9'
req 'GET with Origin https://example.com' GET /api/settings - good -H 'Origin: https://example.com'

section "A8. Rate limit (per client address, 1 s window)"
probe_rate_limit /api/settings

if [ -n "${B_URL:-}" ]; then
  B=$B_URL K=none STORE=$B_STORE
  section "B. Server without SESSION_API_KEY"
  req 'GET settings, no key' GET /api/settings - none
  req 'GET settings, any key' GET /api/settings - wrong
  req 'POST settings, any key' POST /api/settings '{"llm_api_key":"sk-b"}' wrong
  req 'POST conversations, no key' POST /api/conversations '{}' none
fi

if [ -n "${C_URL:-}" ]; then
  B=$C_URL K=$C_KEY STORE=$C_STORE
  section "C. Server with ALLOW_SET_CONVERSATION_ID=1"
  req 'POST conversations with conversation_id, no settings yet' POST /api/conversations '{"conversation_id":"c0ffee"}'
  req 'save settings' POST /api/settings '{"llm_api_key":"sk-c","llm_model":"openai/gpt-4o"}'
  req 'conversation_id "abc"' POST /api/conversations '{"conversation_id":"abc","initial_user_msg":"one"}'
  req 'the same conversation_id again' POST /api/conversations '{"conversation_id":"abc","initial_user_msg":"two"}'
  req 'the id of the conversation left by the 400 above' POST /api/conversations '{"conversation_id":"c0ffee"}'
  req 'conversation_id ""' POST /api/conversations '{"conversation_id":""}'
  req 'conversation_id 5' POST /api/conversations '{"conversation_id":5}'
  req 'conversation_id null' POST /api/conversations '{"conversation_id":null}'
  req 'conversation_id with ../ and spaces' POST /api/conversations '{"conversation_id":"../x y"}'
  req 'conversation_id of 150 characters' POST /api/conversations "{\"conversation_id\":\"$(printf 'a%.0s' $(seq 1 150))\"}"
  req 'conversation list' GET '/api/conversations?limit=10'
fi
