// URLs of this machine that the extension's own servers use: the default server URL (http://localhost:3000), Agent
// Canvas's launcher (port 8000), and the local agent server's (http://127.0.0.1:<its port>). Where such a URL does
// not answer, the extension offers to start a local agent server; where the server URL has the local server's shape,
// a window looks at its state file at start.

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** The default server URL's port and Agent Canvas's. */
const DEFAULT_PORTS = new Set(['3000', '8000']);
const LOCAL_SERVER_SHAPE = /^http:\/\/127\.0\.0\.1:\d+\/?$/;

/** Whether `url` may be the local agent server's (localServer/serverEntry.ts makes it). */
export function mayBeLocalServer(url: string | undefined): boolean {
  return url !== undefined && LOCAL_SERVER_SHAPE.test(url);
}

/**
 * Whether `url` is one of this machine's default server URLs: a loopback host on a default port, or the local agent
 * server's own URL (`localServerUrl`, where known: its port is one the system gave).
 */
export function isThisMachinesDefault(url: string, localServerUrl?: string): boolean {
  if (localServerUrl !== undefined && url.replace(/\/$/, '') === localServerUrl) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname) && DEFAULT_PORTS.has(parsed.port) && parsed.pathname === '/';
  } catch {
    return false;
  }
}
