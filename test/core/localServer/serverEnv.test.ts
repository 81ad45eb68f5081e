import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { serverEnvironment, serverLayout } from '../../../src/core/localServer/serverEnv';

const layout = serverLayout('/storage');
const keys = { sessionKey: 'session-key-123', secretKey: 'secret-key-456' };

describe('the local agent server environment', () => {
  it('keeps its state in one folder of the storage', () => {
    assert.equal(layout.root, path.join('/storage', 'agent-server'));
    assert.equal(layout.store, path.join(layout.root, 'store'));
    assert.equal(layout.worktrees, path.join(layout.root, 'worktrees'));
    assert.equal(layout.stateFile, path.join(layout.root, 'server.json'));
    assert.equal(layout.readyMarker('1.58.2'), path.join(layout.root, 'ready-1.58.2'));
  });

  it('gives the server its keys, its folders and no browser, VS Code server or preloading', () => {
    const env = serverEnvironment({ PATH: '/usr/bin', HOME: '/home/p' }, layout, keys);
    assert.equal(env.OH_SESSION_API_KEYS_0, 'session-key-123');
    assert.equal(env.OH_SECRET_KEY, 'secret-key-456');
    assert.equal(env.OH_PERSISTENCE_DIR, layout.store);
    assert.equal(env.OH_CONVERSATION_WORKTREE_ROOT, layout.worktrees);
    assert.equal(env.TMPDIR, layout.tmp);
    assert.deepEqual([env.OH_ENABLE_VSCODE, env.OH_ENABLE_BROWSER, env.OH_PRELOAD_TOOLS], ['0', '0', '0']);
    assert.equal(env.LANG, 'C.UTF-8');
    assert.equal(env.PATH, '/usr/bin');
    assert.equal(env.HOME, '/home/p');
  });

  it('lets nothing of the person\'s OpenHands, LLM or VS Code variables in, but keeps uv\'s, proxies and certificates', () => {
    const env = serverEnvironment({
      PATH: '/usr/bin', OH_SESSION_API_KEYS_0: 'theirs', OH_ENABLE_BROWSER: '1', SESSION_API_KEY: 'legacy', LLM_API_KEY: 'sk-x',
      LLM_MODEL: 'm', VSCODE_PID: '1', ELECTRON_RUN_AS_NODE: '1', OPENAI_API_KEY: 'sk-y',
      UV_CACHE_DIR: '/c', UV_CONSTRAINT: '/k.txt', HTTPS_PROXY: 'http://proxy:3128', SSL_CERT_FILE: '/ca.pem', LANG: 'de_DE.UTF-8',
    }, layout, keys);
    assert.equal(env.OH_SESSION_API_KEYS_0, 'session-key-123');
    assert.equal(env.OH_ENABLE_BROWSER, '0');
    for (const name of ['SESSION_API_KEY', 'LLM_API_KEY', 'LLM_MODEL', 'VSCODE_PID', 'ELECTRON_RUN_AS_NODE', 'OPENAI_API_KEY']) assert.equal(env[name], undefined, name);
    assert.deepEqual([env.UV_CACHE_DIR, env.UV_CONSTRAINT, env.HTTPS_PROXY, env.SSL_CERT_FILE, env.LANG], ['/c', '/k.txt', 'http://proxy:3128', '/ca.pem', 'de_DE.UTF-8']);
  });
});
