# Sourced by the start and probe scripts: what starting and probing a real OpenHands server have in common,
# whichever line it is. Expects `log` defined by the caller.

# Appends to the caller's `envs` the certificate settings the caller has (a server started with env -i would not
# trust a proxy's certificate otherwise).
add_certificate_env() {
  local v
  for v in SSL_CERT_FILE SSL_CERT_DIR REQUESTS_CA_BUNDLE; do
    if [ -n "${!v:-}" ]; then envs+=("$v=${!v}"); fi
  done
}

# Records the server's pid and URL in its folder and waits until /alive (or READY_PATH) answers 2xx; on an early
# exit or a timeout it prints the end of the server's log, stops it (stop.sh keeps the folder) and exits 1.
#   wait_until_alive PID DIR URL TIMEOUT_S STARTED_NS [READY_PATH]
wait_until_alive() {
  local pid=$1 dir=$2 url=$3 timeout=$4 started=$5 ready=${6:-/alive}
  echo "$pid" >"$dir/pid"
  echo "$url" >"$dir/url"
  while :; do
    if ! kill -0 "$pid" 2>/dev/null; then
      log "the server exited before answering; last lines of $dir/server.log (folder kept):"
      tail -n 30 "$dir/server.log" >&2
      exit 1
    fi
    if curl -fsS -o /dev/null --max-time 2 "$url$ready" 2>/dev/null; then break; fi
    if [ $(( ($(date +%s%N) - started) / 1000000000 )) -ge "$timeout" ]; then
      log "no answer from $url after $timeout s; stopping it"
      "$(dirname "${BASH_SOURCE[0]}")/stop.sh" --keep "$dir" >&2 || true
      exit 1
    fi
    sleep 0.2
  done
}

# The rate limit as the probe records it: a burst, a sequence, and one 429 in full from parallel GETs of
# SETTINGS_PATH with the key. Uses the probe's B (base URL) and K (key).
#   probe_rate_limit SETTINGS_PATH
probe_rate_limit() {
  local settings_path=$1 tmp f urls=() i
  sleep 1.2
  echo "25 GET /alive sent at once (curl --parallel), then each transfer's status and seconds:"
  echo; echo '```'
  for _ in $(seq 1 25); do urls+=(-o /dev/null "$B/alive"); done
  curl -s -Z --parallel-max 25 --parallel-immediate -w '%{http_code} %{time_total}\n' "${urls[@]}" | sort -k1,1 -k2,2n
  echo '```'; echo
  sleep 1.2
  echo "15 sequential GET /alive, no pause; seconds per request:"
  echo; echo '```'
  for i in $(seq 1 15); do curl -s -o /dev/null -w "$i %{http_code} %{time_total}\n" "$B/alive"; done
  echo '```'; echo
  sleep 1.2
  echo "A 429 in full (one of 24 parallel GET $settings_path):"
  echo; echo '```'
  tmp=$(mktemp -d)
  (cd "$tmp" && curl -s -Z --parallel-max 24 --parallel-immediate -H "X-Session-API-Key: $K" -i -o 'r#1.txt' "$B$settings_path?n=[1-24]" >/dev/null 2>&1 || true)
  f=$(grep -l '^HTTP/1.1 429' "$tmp"/* 2>/dev/null | head -n1)
  if [ -n "$f" ]; then tr -d '\r' <"$f" | grep -v -i '^date:'; else echo "(no 429 seen)"; fi
  rm -rf "$tmp"
  echo; echo '```'; echo
  sleep 1.2
}

# The key header of a probe request for KEYMODE (good | none | wrong | any other string, sent as the key): appends
# to the caller's `args` array and sets its `shown_key`, the header as the transcript shows it.
key_header() {
  case "$1" in
    good) args+=(-H "X-Session-API-Key: $K"); shown_key='X-Session-API-Key: <the key>' ;;
    none) shown_key='(no key header)' ;;
    wrong) args+=(-H 'X-Session-API-Key: wrong-key'); shown_key='X-Session-API-Key: wrong-key' ;;
    *) args+=(-H "X-Session-API-Key: $1"); shown_key="X-Session-API-Key: $1" ;;
  esac
}

# The request half of a transcript entry: its number and title, method and path, the key header as shown, the
# extra curl arguments (without their -H flags), the body.
#   echo_request N TITLE METHOD PATH SHOWN_KEY BODY|- [curl args...]
echo_request() {
  local n=$1 title=$2 m=$3 p=$4 shown=$5 body=$6 a; shift 6
  echo "#### $n. $title"
  echo
  echo '```'
  echo "$m $p"
  echo "$shown"
  for a in "$@"; do [[ "$a" == -H ]] && continue; echo "$a"; done
  if [ "$body" != - ]; then echo 'Content-Type: application/json'; echo; echo "$body"; fi
  echo '--->'
}
