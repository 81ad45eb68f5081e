import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { canvasKeyFile, canvasKeyOffer, keyChoices, nodeKeyFiles, readCanvasKey, type KeyFiles } from '../../../src/core/connection/agentCanvasKey';

const KEY = 'a'.repeat(64);
const homes: string[] = [];

/** A temp HOME, with Agent Canvas's key file holding `text` when given. */
function home(text?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canvas-home-'));
  homes.push(dir);
  if (text !== undefined) {
    fs.mkdirSync(path.join(dir, '.openhands', 'agent-canvas'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.openhands', 'agent-canvas', 'api-key.txt'), text);
  }
  return dir;
}

/** The node port, counting the reads: the file is read only when the person picks Canvas's key. */
function counting(): KeyFiles & { reads: number } {
  const port = { reads: 0, exists: nodeKeyFiles.exists, read: (file: string) => { port.reads++; return nodeKeyFiles.read(file); } };
  return port;
}

after(() => { for (const dir of homes) fs.rmSync(dir, { recursive: true, force: true }); });

describe('Agent Canvas key', () => {
  it('lives in ~/.openhands/agent-canvas/api-key.txt', () => {
    assert.equal(canvasKeyFile('/home/ada'), path.join('/home/ada', '.openhands', 'agent-canvas', 'api-key.txt'));
  });

  it('is offered for a loopback URL when the file exists, without reading it', async () => {
    const files = counting();
    const withKey = home(`${KEY}\n`);
    for (const url of ['http://127.0.0.1:8000', 'http://localhost:8000', 'http://[::1]:8000', 'https://canvas.localhost']) {
      assert.equal(await canvasKeyOffer(url, withKey, files), canvasKeyFile(withKey), url);
    }
    assert.equal(files.reads, 0);
  });

  it('is not offered for another machine, nor without the file', async () => {
    const files = counting();
    assert.equal(await canvasKeyOffer('http://192.168.1.5:8000', home(KEY), files), undefined);
    assert.equal(await canvasKeyOffer('https://app.all-hands.dev', home(KEY), files), undefined);
    assert.equal(await canvasKeyOffer('http://127.0.0.1:8000', home(), files), undefined);
    assert.equal(files.reads, 0);
  });

  it('reads the key without its line end', async () => {
    assert.deepEqual(await readCanvasKey(canvasKeyFile(home(`${KEY}\r\n`))), { ok: true, key: KEY });
    assert.deepEqual(await readCanvasKey(canvasKeyFile(home(`  ${KEY}  `))), { ok: true, key: KEY });
  });

  it('says why a file gives no usable key, without its content', async () => {
    const empty = await readCanvasKey(canvasKeyFile(home('\n')));
    assert.equal(empty.ok, false);
    assert.match(!empty.ok ? empty.problem : '', /is empty/);
    const twoLines = await readCanvasKey(canvasKeyFile(home('secret-one\nsecret-two\n')));
    assert.equal(twoLines.ok, false);
    assert.doesNotMatch(!twoLines.ok ? twoLines.problem : '', /secret/);
    const gone = await readCanvasKey(canvasKeyFile(home()));
    assert.equal(gone.ok, false);
    assert.match(!gone.ok ? gone.problem : '', /could not be read/);
  });

  it('comes first among the choices when offered, and is absent otherwise', () => {
    const offered = keyChoices(true);
    assert.equal(offered[0]?.choice, 'canvas');
    assert.deepEqual(offered.slice(1).map((c) => c.choice), ['session', 'cloud']);
    assert.match(offered[0]?.label ?? '', /Agent Canvas/);
    assert.deepEqual(keyChoices(false).map((c) => c.choice), ['session', 'cloud']);
  });
});
