#!/usr/bin/env bash
# The Cloud-like topology check (test/topology): a conversation's agent server on a host name of its own, over https
# with a certificate made here, beside a host that serves the agent's apps and a look-alike, each a listener that
# counts what reaches it. Runs the compiled tests inside a network namespace made for the run, whose own hosts
# file (/etc/netns/<name>/hosts, which `ip netns exec` puts in place of /etc/hosts) names addresses on the
# namespace's own loopback: nothing leaves it. Needs root (ip netns), as CI has; elsewhere it says so and stops,
# and under CI=true that is a failure. `npm test` runs it after the unit tests (`npx tsc -p .` first).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" != 0 ] || ! command -v ip >/dev/null || ! command -v openssl >/dev/null; then
  echo "topology: needs root, ip and openssl (a network namespace of its own); not run here" >&2
  [ "${CI:-}" = true ] && exit 1
  exit 0
fi

name="oh-topology-$$"
work=$(mktemp -d "${TMPDIR:-/tmp}/topology.XXXXXX")
cleanup() {
  ip netns del "$name" 2>/dev/null || true
  rm -rf "/etc/netns/$name" "$work"
}
trap cleanup EXIT

# One certificate for every name, signed by a CA made for this run only.
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=topology test CA" \
  -keyout "$work/ca.key" -out "$work/ca.pem" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=r1.runtime.openhands.test" -keyout "$work/host.key" -out "$work/host.csr" 2>/dev/null
printf 'subjectAltName=DNS:r1.runtime.openhands.test,DNS:work-1-r1.runtime.openhands.test,DNS:r1.runtime.openhands.test.evil.test\n' > "$work/san.ext"
openssl x509 -req -in "$work/host.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" -CAcreateserial -days 1 \
  -extfile "$work/san.ext" -out "$work/host.pem" 2>/dev/null

ip netns add "$name"
ip netns exec "$name" ip link set lo up
mkdir -p "/etc/netns/$name"
cat > "/etc/netns/$name/hosts" <<HOSTS
127.0.0.1 localhost
127.0.0.11 openhands.test
127.0.0.12 r1.runtime.openhands.test
127.0.0.13 work-1-r1.runtime.openhands.test
127.0.0.14 r1.runtime.openhands.test.evil.test
HOSTS

ip netns exec "$name" env NODE_EXTRA_CA_CERTS="$work/ca.pem" TOPOLOGY_KEY="$work/host.key" TOPOLOGY_CERT="$work/host.pem" \
  node --test --test-reporter=spec out/test/topology/
