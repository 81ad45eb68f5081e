"""Runs an OpenHands 1.x app server (PyPI `openhands-ai`) under uvicorn, for the test scripts only.

    python launch_v1.py --app openhands.app_server.app:app --host 127.0.0.1 --port 3000 [--stock]

start-v1.sh runs this with the venv's python. It imports the app and, unless --stock is given, overrides three
functions of the installed wheel that keep a conversation from reaching READY on machines like the CI and
development machines of this project (Linux containers without a Docker engine, RUNTIME=process, 2 cores):

1. `is_running_in_docker()` (openhands/app_server/utils/environment.py in 1.11.0, openhands/utils/environment.py
   in 1.6.0) is true as soon as /.dockerenv exists. The app server then rewrites every `localhost` URL of its
   agent servers to `host.docker.internal`, which does not resolve here: the start task ends in ERROR
   "Agent Server Failed to start properly" after 30 s. Here the agent servers are plain child processes on
   this machine, so the answer we want is False. The wheel has no switch for it: the environment variable it
   reads (DOCKER_CONTAINER) can only turn the detection on, never off.

2. `ProcessSandboxService._get_process_status()` maps psutil's process status to a sandbox status and counts
   only `running` as RUNNING. An idle agent server (an uvicorn waiting in epoll) is `sleeping`, which the
   wheel maps to STARTING, so the start task waits until "Sandbox failed to start within 120s". Here every
   live state except `stopped` (a paused sandbox: SIGSTOP) counts as RUNNING; zombie/dead count as MISSING.
   Whether the agent server really answers is still checked by the wheel's own health check on /alive,
   which runs right after this for a RUNNING sandbox.

3. `ProcessSandboxService._wait_for_server_ready()` gives a new agent server 30 s to answer /alive, then ends the
   start in ERROR "Agent Server Failed to start properly". An agent server imports the SDK for 6-10 s alone, but
   up to 28 s and more while the test lanes start other servers beside it on 2 cores (CI, a clean run: the
   1.11.0 conversation checks failed so). Here it gets 120 s; a server that never answers still fails.

Nothing else is changed. With --stock the app runs exactly as shipped (to show the failures).
"""

import argparse
import importlib
import logging
import sys

log = logging.getLogger("launch_v1")


def _not_in_docker() -> bool:
    return False


_originals: list = []  # the wheel's is_running_in_docker function(s), once seen


def patch_docker_detection() -> None:
    """Replaces is_running_in_docker in its own module and wherever it was imported by name."""
    for name in ("openhands.app_server.utils.environment", "openhands.utils.environment"):
        try:
            mod = importlib.import_module(name)
        except ImportError:
            continue
        fn = getattr(mod, "is_running_in_docker", None)
        if fn is not None and fn is not _not_in_docker:
            _originals.append(fn)
            mod.is_running_in_docker = _not_in_docker
    # Modules that did `from ... import is_running_in_docker` hold their own reference.
    for mod_name, mod in list(sys.modules.items()):
        if mod is not None and mod_name.startswith("openhands"):
            if any(getattr(mod, "is_running_in_docker", None) is fn for fn in _originals):
                mod.is_running_in_docker = _not_in_docker


def patch_process_status() -> bool:
    try:
        import psutil
        from openhands.app_server.sandbox import process_sandbox_service as pss
        from openhands.app_server.sandbox.sandbox_models import SandboxStatus
    except ImportError:
        return False

    def _get_process_status(self, process_info):
        try:
            process = psutil.Process(process_info.pid)
            if not process.is_running():
                return SandboxStatus.MISSING
            status = process.status()
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            return SandboxStatus.MISSING
        if status == psutil.STATUS_STOPPED:
            return SandboxStatus.PAUSED
        if status in (psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD):
            return SandboxStatus.MISSING
        return SandboxStatus.RUNNING  # running, sleeping, disk-sleep, idle...

    pss.ProcessSandboxService._get_process_status = _get_process_status
    return True


READY_WAIT_SECONDS = 120


def patch_ready_wait() -> bool:
    try:
        from openhands.app_server.sandbox import process_sandbox_service as pss
    except ImportError:
        return False
    original = pss.ProcessSandboxService._wait_for_server_ready

    async def _wait_for_server_ready(self, port, timeout=30):
        return await original(self, port, max(timeout, READY_WAIT_SECONDS))

    pss.ProcessSandboxService._wait_for_server_ready = _wait_for_server_ready
    return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--app", default="openhands.app_server.app:app", help="module:attribute of the ASGI app")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--stock", action="store_true", help="run the app as shipped, without the overrides")
    args = ap.parse_args()
    handler = logging.StreamHandler()  # our own lines only: the app's logging is left as the wheel sets it
    handler.setFormatter(logging.Formatter("%(levelname)s:     launch_v1: %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False

    if not args.stock:
        patch_docker_detection()  # before the app is imported, so that modules importing it get ours
    module_name, _, attr = args.app.partition(":")
    app = getattr(importlib.import_module(module_name), attr or "app")
    if not args.stock:
        patch_docker_detection()  # and modules the app import brought in that still hold the original
        holders = sorted(n for n, m in list(sys.modules.items())
                         if m is not None and getattr(m, "is_running_in_docker", None) is _not_in_docker)
        log.info("is_running_in_docker() -> False in: %s", ", ".join(holders) or "(no module: not found)")
        log.info("ProcessSandboxService._get_process_status overridden: %s", patch_process_status())
        log.info("ProcessSandboxService._wait_for_server_ready given %d s: %s", READY_WAIT_SECONDS, patch_ready_wait())
    else:
        log.info("--stock: no overrides")

    import uvicorn

    uvicorn.run(app, host=args.host, port=args.port)


if __name__ == "__main__":
    main()
