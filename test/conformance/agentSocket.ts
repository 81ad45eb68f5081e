// The agent server's session socket (`/sockets/session/{id}?after_seq=K`), read with the extension's own WebSocket
// client (src/api/http/webSocket.ts): the key goes in the first message, `{"type":"auth","session_api_key":K}`
// (never in the URL). The server answers a sync frame, the durable events after K, then a transient state
// snapshot, then live frames.
import { openWebSocket } from '../../src/api/http/webSocket';
import type { Target } from './target';

export interface Frame { readonly type: string; readonly [field: string]: unknown }

export interface SocketEnd { readonly frames: Frame[]; readonly code: number; readonly reason: string }

const QUIET_MS = 3000;
const LIMIT_MS = 20_000;

/**
 * Connects, authenticates with `key` (the target's own when undefined) and collects frames until `done` says so
 * (then it closes), the server closes, or nothing came for QUIET_MS.
 */
export function readSession(target: Target, id: string, afterSeq: number | null, done: (frames: Frame[]) => boolean, key = target.apiKey): Promise<SocketEnd> {
  const query = afterSeq === null ? '' : `?after_seq=${afterSeq}`;
  const url = `${target.baseUrl.replace(/^http/, 'ws')}/sockets/session/${id}${query}`;
  const frames: Frame[] = [];
  return new Promise((resolve) => {
    let quiet: NodeJS.Timeout | undefined;
    const limit = setTimeout(() => connection.close(), LIMIT_MS);
    const rearm = () => { clearTimeout(quiet); quiet = setTimeout(() => connection.close(), QUIET_MS); };
    const connection = openWebSocket(url, {
      onOpen: (send) => { send(JSON.stringify({ type: 'auth', session_api_key: key ?? '' })); rearm(); },
      onText: (text) => {
        frames.push(JSON.parse(text) as Frame);
        rearm();
        if (done(frames)) connection.close();
      },
      onClose: (code, reason) => { clearTimeout(quiet); clearTimeout(limit); resolve({ frames, code, reason }); },
    });
  });
}

/** The frames up to and including the first transient one (the state snapshot that ends the replay). */
export async function sessionFrames(target: Target, id: string, afterSeq: number): Promise<Frame[]> {
  return (await readSession(target, id, afterSeq, (frames) => frames.some((f) => f.type === 'transient'))).frames;
}
