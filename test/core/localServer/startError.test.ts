import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { logSince, uvError } from '../../../src/core/localServer/startError';

// What uvx 0.x printed here (uv's own words, seen): its index cut the wheel's download off after 20 kB of 500 kB, and
// its index refusing the file.
const CUT_OFF = `error: No solution found when resolving tool dependencies
  cause: Because openhands-agent-server==1.58.2 has an invalid package format and you require openhands-agent-server==1.58.2, we can conclude that your requirements are unsatisfiable.

hint: The structure of \`openhands-agent-server\` (v1.58.2) was invalid:
  Failed to read from zip file
`;
const REFUSED = `error: Failed to fetch: http://127.0.0.1:47811/files/openhands_agent_server-1.58.2-py3-none-any.whl
  cause: HTTP status server error (501 Unsupported method ('HEAD')) for url (http://127.0.0.1:47811/files/openhands_agent_server-1.58.2-py3-none-any.whl)
`;

describe('why the local agent server ended before it was ready', () => {
  it('is uv\'s error and its causes, on one line', () => {
    assert.equal(uvError(`Starting OpenHands Agent Server on 127.0.0.1:4000\n${REFUSED}`),
      'Failed to fetch: http://127.0.0.1:47811/files/openhands_agent_server-1.58.2-py3-none-any.whl cause: HTTP status server error (501 Unsupported method (\'HEAD\')) for url (http://127.0.0.1:47811/files/openhands_agent_server-1.58.2-py3-none-any.whl)');
    assert.match(uvError(CUT_OFF)!, /^No solution found when resolving tool dependencies cause: Because openhands-agent-server==1\.58\.2 has an invalid package format/);
  });

  it('is nothing when uv said no error (the server itself ended: its log says why)', () => {
    assert.equal(uvError('Starting OpenHands Agent Server on 127.0.0.1:4000\nTraceback (most recent call last):\nOSError: [Errno 98] Address already in use\n'), undefined);
  });

  it('reads only what the log gained since the start: an earlier start\'s error is not this one\'s', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'start-error-')), 'server.log');
    fs.writeFileSync(file, REFUSED);
    const offset = fs.statSync(file).size;
    fs.appendFileSync(file, 'Starting OpenHands Agent Server on 127.0.0.1:4000\n');
    assert.equal(uvError(await logSince(file, offset)), undefined);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
