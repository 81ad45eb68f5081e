// Uploading a file to a V1 agent server as 1.11.0's file_router.py takes it: POST /api/file/upload?path=<absolute>,
// multipart field `file`, streamed from disk with its length declared, progress told as the bytes go out; its
// refusals (a relative path: 400, a wrong key: 401) are errors, never a silent success.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Transport } from '../../../src/api/http/transport';
import { sessionCredential } from '../../../src/api/http/credential';
import { ServerError, UnauthorizedError } from '../../../src/api/http/statusErrors';
import { uploadFile } from '../../../src/api/v1/agentUpload';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';

const servers: LoopbackServer[] = [];
const dir = mkdtempSync(join(tmpdir(), 'agent-upload-'));
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

interface Received { url: string; headers: Record<string, string | string[] | undefined>; body: Buffer }

async function agentServer(status = 200, answer: unknown = { success: true }): Promise<{ transport: Transport; received: Received[] }> {
  const received: Received[] = [];
  const server = await startLoopbackServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  servers.push(server);
  const transport = new Transport({ baseUrl: server.url, fetch: (url, init) => fetch(url, init), getCredential: async () => sessionCredential('own-key'), timeoutMs: 5000 });
  return { transport, received };
}

/** The one part's bytes and its headers, as a multipart parser would find them. */
function onlyPart(body: Buffer, contentType: string): { headers: string; bytes: Buffer } {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1] ?? '';
  const open = Buffer.from(`--${boundary}\r\n`);
  const close = Buffer.from(`\r\n--${boundary}--\r\n`);
  assert.ok(body.subarray(0, open.length).equals(open), 'starts with the boundary');
  assert.ok(body.subarray(body.length - close.length).equals(close), 'ends with the closing boundary');
  const headerEnd = body.indexOf('\r\n\r\n');
  return { headers: body.subarray(open.length, headerEnd).toString(), bytes: body.subarray(headerEnd + 4, body.length - close.length) };
}

describe('upload to a V1 agent server', () => {
  it('sends the file as the multipart field `file` to the absolute path, its length declared, progress to the last byte', async () => {
    const bytes = Buffer.alloc(1024 * 1024 + 17);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
    const local = join(dir, 'snap shot.bundle');
    writeFileSync(local, bytes);
    const { transport, received } = await agentServer();
    const sent: number[] = [];
    await uploadFile(transport, local, '/tmp/x/snap.bundle', (n) => sent.push(n));
    const [request] = received;
    assert.equal(request?.url, '/api/file/upload?path=%2Ftmp%2Fx%2Fsnap.bundle');
    assert.equal(request?.headers['x-session-api-key'], 'own-key');
    assert.equal(Number(request?.headers['content-length']), request?.body.length);
    const part = onlyPart(request!.body, String(request?.headers['content-type']));
    assert.match(part.headers, /^Content-Disposition: form-data; name="file"; filename="snap shot.bundle"\r\nContent-Type: application\/octet-stream$/);
    assert.ok(part.bytes.equals(bytes), 'the file\'s bytes, exactly');
    assert.ok(sent.length > 1, 'read and told in chunks, not at once');
    assert.equal(sent.at(-1), bytes.length);
  });

  it('a relative path (400) and a wrong key (401) are errors', async () => {
    const local = join(dir, 'small');
    writeFileSync(local, 'x');
    const refused = await agentServer(400, { detail: 'Path must be absolute' });
    await assert.rejects(uploadFile(refused.transport, local, 'relative/x'), (e: unknown) => e instanceof ServerError && /Path must be absolute/.test(e.message));
    const wrongKey = await agentServer(401, { detail: 'Unauthorized' });
    await assert.rejects(uploadFile(wrongKey.transport, local, '/tmp/x'), UnauthorizedError);
  });

  it('a missing local file fails before any request', async () => {
    const { transport, received } = await agentServer();
    await assert.rejects(uploadFile(transport, join(dir, 'absent'), '/tmp/x'), /ENOENT/);
    assert.equal(received.length, 0);
  });
});
