// The stand-in's release lines (--api v0|mixed|v1), its Bearer mode, and the start-task control route.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, get, post, serve } from '../support/standin/testClient';

const MESSAGE = '{"initial_message":{"role":"user","content":[{"type":"text","text":"hi"}]}}';
const version = async (url: string): Promise<string> => (JSON.parse((await get(url, '/openapi.json')).text) as { info: { version: string } }).info.version;

/** The task's status and detail once it has ended. */
async function followed(url: string, id: string): Promise<{ status: string; detail: string | null }> {
  for (;;) {
    const [task] = JSON.parse((await get(url, `/api/v1/app-conversations/start-tasks?ids=${id}`)).text) as { status: string; detail: string | null }[];
    if (task.status === 'READY' || task.status === 'ERROR') return { status: task.status, detail: task.detail };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('--api: the routes of each release line', () => {
  const v0 = serve({ api: 'v0' });
  const mixed = serve({ api: 'mixed' });
  const v1 = serve({ api: 'v1' });

  it('v0 (0.54.0): V0 routes only', async () => {
    assert.equal((await get(v0.url, '/api/settings')).status, 404);
    assert.equal((await get(v0.url, '/api/settings')).text, '{"error":"Settings not found"}');
    assert.equal((await get(v0.url, '/api/v1/settings')).text, '{"detail":"Not Found"}');
    assert.equal((await post(v0.url, '/api/v1/app-conversations', MESSAGE)).status, 404);
    assert.equal(await version(v0.url), '0.54.0');
  });

  it('mixed (1.6.0): V0 settings and both conversation APIs; a V1 start without V0 settings ends in ERROR ""', async () => {
    assert.equal((await get(mixed.url, '/api/settings')).text, '{"error":"Settings not found"}');
    assert.equal((await get(mixed.url, '/api/v1/settings')).text, '{"detail":"Not Found"}');
    const task = JSON.parse((await post(mixed.url, '/api/v1/app-conversations', MESSAGE)).text) as { id: string; request: object };
    assert.ok(!('secrets' in task.request) && !('agent_profile_id' in task.request));
    assert.deepEqual(await followed(mixed.url, task.id), { status: 'ERROR', detail: '' });
    assert.equal(await version(mixed.url), '1.6.0');
  });

  it('v1 (1.7+): V1 routes only', async () => {
    assert.equal((await get(v1.url, '/api/settings')).text, '{"detail":"Not Found"}');
    assert.equal((await get(v1.url, '/api/v1/settings')).text, '{"error":"Settings not found"}');
    assert.equal(await version(v1.url), '1.11.0');
  });
});

describe('POST /_test/start-tasks: timing and failure of the following starts', () => {
  const ctx = serve({ api: 'v1', controlApi: true });

  it('readyAfterMs delays READY; fail ends in ERROR with its detail; {} restores the default', async () => {
    await post(ctx.url, '/_test/start-tasks', '{"readyAfterMs":400}');
    const slow = JSON.parse((await post(ctx.url, '/api/v1/app-conversations', MESSAGE)).text) as { id: string };
    const started = Date.now();
    assert.equal((await followed(ctx.url, slow.id)).status, 'READY');
    assert.ok(Date.now() - started >= 300);
    await post(ctx.url, '/_test/start-tasks', '{"fail":"500: Sandbox failed to start"}');
    const failing = JSON.parse((await post(ctx.url, '/api/v1/app-conversations', MESSAGE)).text) as { id: string };
    assert.deepEqual(await followed(ctx.url, failing.id), { status: 'ERROR', detail: '500: Sandbox failed to start' });
    await call(ctx.url, 'POST', '/_test/reset');
    const fine = JSON.parse((await post(ctx.url, '/api/v1/app-conversations', MESSAGE)).text) as { id: string };
    assert.equal((await followed(ctx.url, fine.id)).status, 'READY');
  });
});
