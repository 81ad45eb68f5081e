// The Settings panel as a person uses it, against a seeded contract server: reading the values, editing with
// the rows' inline and context-menu actions (answering their quick picks, input boxes and modal dialogs), each
// edit stored with every other field unchanged, and a save the server refuses rolled back with the reason shown.
// Against both API lines' stand-ins (V0's flat stored object, V1's nested one); MCP servers on V0 only.
import * as assert from 'node:assert/strict';
import { nextRequest } from '../harness/requests';
import { LINE_PATHS } from '../harness/contract';
import { onEachLine, scenario } from '../harness/scenario';
import { SECRETS, SEEDED_SETTINGS, fastApi422 } from '../../support/fixtures/settingsFixture';
import { assertNoSecretInPage, expectOnlyChange, openSeededPanel, STAND_IN_API } from '../harness/ui/settingsPanelUi';

const SEEDED_MCP = SEEDED_SETTINGS.mcp_config;

export default [
  ...onEachLine("the Settings panel shows a seeded server's values and no secret", async ({ workbench, page, server, line, context }) => {
    const panel = await openSeededPanel(workbench, page, server, context, line);
    // The server, and once its openapi.json was read, its version and API.
    assert.equal(await panel.headerDescription(), `${server.url} · ${STAND_IN_API[line]}`);
    assert.equal(await panel.statusBarItem(), 'OpenHands');
    const expectRows = async (rows: Record<string, string>, level = 2) => {
      const shown: Record<string, string> = {};
      for (const label of Object.keys(rows)) shown[label] = await panel.description(label, level);
      assert.deepEqual(shown, rows);
    };
    await expectRows({ Model: SEEDED_SETTINGS.llm_model, 'Base URL': SEEDED_SETTINGS.llm_base_url, 'API key': 'set', 'Max budget per task': '12.5' });
    await expectRows({ 'Max iterations': '60', 'Confirmation mode': 'off', 'Security analyzer': 'llm', Language: 'de', 'Default condenser': 'off' });
    assert.deepEqual(await panel.inlineActions('API key', 2), ['Set Secret']);
    assert.deepEqual(await panel.inlineActions('Confirmation mode', 2), ['Edit Setting']);
    // The tooltip of a secret says only whether it is set.
    await panel.row('API key', 2).hover();
    // Another hover (the mouse crossed other rows on the way) may linger for a moment: wait for this row's.
    const hover = page.locator('.workbench-hover .hover-contents', { hasText: /API key:/ }).first();
    await hover.waitFor({ timeout: 10_000 });
    assert.equal((await hover.innerText()).trim(), 'API key: set\nThe key for the LLM provider.');
    await workbench.screenshot('values');

    await panel.setExpanded('LLM', 1, false);
    await panel.setExpanded('Agent', 1, false);
    for (const group of ['Sandbox', 'Search', 'Git identity']) await panel.setExpanded(group, 1, true);
    await expectRows({
      'Base container image': 'python:3.12-bookworm',
      'Runtime container image': 'not set',
      'Remote runtime resource factor': '2',
      'Sandbox API key': 'not reported',
      'Search API key': 'set',
      'User name': 'E2E Agent',
      'User email': 'agent@example.test',
    });
    for (const group of ['Sandbox', 'Search', 'Git identity']) await panel.setExpanded(group, 1, false);
    if (line === 'v1') {
      // V1 keeps neither MCP servers (in this shape) nor solvability analysis: no rows for them.
      await panel.setExpanded('Features', 1, true);
      await expectRows({ 'Sound notifications': 'on', 'Proactive conversation starters': 'off', 'Analytics consent': 'on' });
      assert.equal(await panel.row('Solvability analysis', 2).count(), 0);
      assert.equal(await panel.row('MCP servers', 1).count(), 0);
      await workbench.screenshot('features');
      await assertNoSecretInPage(page, [...Object.values(SECRETS), context.sessionApiKey]);
      return;
    }
    await panel.setExpanded('MCP servers', 1, true);
    for (const list of ['SSE', 'Streamable HTTP', 'stdio']) await panel.setExpanded(list, 2, true);
    await expectRows({ SSE: '1', 'Streamable HTTP': '1', stdio: '1' });
    await expectRows({
      'https://mcp.example.test/sse': 'API key set',
      'https://mcp.example.test/mcp': 'API key set',
      fetch: 'uvx mcp-server-fetch --timeout 30 · env: FETCH_TOKEN',
    }, 3);
    await panel.setExpanded('Features', 1, true);
    await expectRows({ 'Sound notifications': 'on', 'Proactive conversation starters': 'off', 'Solvability analysis': 'on (default)', 'Analytics consent': 'on' });
    await workbench.screenshot('mcp-and-features');
    await assertNoSecretInPage(page, [...Object.values(SECRETS), context.sessionApiKey]);
  }),

  ...onEachLine('editing in the Settings panel: confirmation mode, model, LLM key set and cleared', async ({ workbench, page, server, line, context }) => {
    const panel = await openSeededPanel(workbench, page, server, context, line);
    const expectOnly = (action: () => Promise<void>, change: Record<string, unknown>) => expectOnlyChange(server, action, change, line);

    await expectOnly(() => panel.inlineAction('Confirmation mode', 2, 'Edit Setting'), { confirmation_mode: true });
    await panel.waitForDescription('Confirmation mode', 2, 'on');
    assert.match(await panel.message(), /^Saved Confirmation mode\./);

    await expectOnly(async () => {
      await panel.inlineAction('Model', 2, 'Edit Setting');
      await panel.answer('Set Model', 'openai/gpt-4o');
    }, { llm_model: 'openai/gpt-4o' });
    await panel.waitForDescription('Model', 2, 'openai/gpt-4o');

    const newKey = 'sk-e2e-typed-key-72c0';
    await expectOnly(async () => {
      await panel.inlineAction('API key', 2, 'Set Secret');
      await panel.answer('Set API key', newKey, { password: true });
    }, { llm_api_key: newKey });
    await panel.waitForDescription('API key', 2, 'set');
    await workbench.screenshot('edited');

    let menu: string[] = [];
    let question = '';
    await expectOnly(async () => {
      menu = await panel.contextAction('API key', 2, 'Clear Secret');
      question = await panel.answerModal('Clear');
    }, { llm_api_key: '' });
    assert.deepEqual(menu, ['Set Secret', 'Clear Secret']);
    assert.match(question, /Clear the API key stored on the server\?/);
    await panel.waitForDescription('API key', 2, 'not set');
    await workbench.screenshot('key-cleared');
    await assertNoSecretInPage(page, [newKey, ...Object.values(SECRETS)]);
  }),

  scenario('adding and removing one MCP server of each kind in the Settings panel (v0 only: V1 keeps no MCP servers in this shape)', async ({ workbench, page, server, context }) => {
    const panel = await openSeededPanel(workbench, page, server, context);
    await panel.setExpanded('LLM', 1, false);
    await panel.setExpanded('Agent', 1, false);
    await panel.setExpanded('MCP servers', 1, true);
    for (const list of ['SSE', 'Streamable HTTP', 'stdio']) await panel.setExpanded(list, 2, true);
    const sseKey = 'mcp-e2e-typed-sse-key-3f11';
    const envToken = 'ghp-e2e-typed-env-8a2b';

    const sse = { url: 'https://tools.example.test/sse', api_key: sseKey };
    await expectOnlyChange(server, async () => {
      await panel.inlineAction('SSE', 2, 'Add MCP Server');
      // What the server would refuse is refused in the input box already.
      assert.equal(await panel.validationMessage('MCP server URL', 'http:tools.example.test/sse'), 'URL must include a valid domain/host');
      await panel.answer('MCP server URL', sse.url);
      await panel.answer('MCP server API key', sseKey, { password: true });
    }, { mcp_config: { ...SEEDED_MCP, sse_servers: [...SEEDED_MCP.sse_servers, sse] } });
    await panel.waitForDescription(sse.url, 3, 'API key set');
    const afterSse = server.storedSettings()?.mcp_config as typeof SEEDED_MCP;

    const shttp = { url: 'https://tools.example.test/mcp', api_key: null };
    await expectOnlyChange(server, async () => {
      await panel.inlineAction('Streamable HTTP', 2, 'Add MCP Server');
      await panel.answer('MCP server URL', shttp.url);
      await panel.answer('MCP server API key', '', { password: true });
    }, { mcp_config: { ...afterSse, shttp_servers: [...afterSse.shttp_servers, shttp] } });
    await panel.waitForDescription(shttp.url, 3, 'no API key');
    const afterShttp = server.storedSettings()?.mcp_config as typeof SEEDED_MCP;

    const stdio = { name: 'github', command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_TOKEN: envToken } };
    await expectOnlyChange(server, async () => {
      await panel.inlineAction('stdio', 2, 'Add MCP Server');
      await panel.answer('MCP stdio server name', stdio.name);
      await panel.answer('MCP stdio server command', stdio.command);
      await panel.answer('MCP stdio server arguments', stdio.args.join(' '));
      await panel.answer('MCP stdio server environment', `GITHUB_TOKEN=${envToken}`);
    }, { mcp_config: { ...afterShttp, stdio_servers: [...afterShttp.stdio_servers, stdio] } });
    await panel.waitForDescription('github', 3, 'npx -y @modelcontextprotocol/server-github · env: GITHUB_TOKEN');
    for (const list of ['SSE', 'Streamable HTTP', 'stdio']) await panel.waitForDescription(list, 2, '2');
    await workbench.screenshot('added');
    await assertNoSecretInPage(page, [sseKey, envToken, ...Object.values(SECRETS)]);

    for (const [label, list] of [[sse.url, 'sse_servers'], [shttp.url, 'shttp_servers'], ['github', 'stdio_servers']] as const) {
      const current = server.storedSettings()?.mcp_config as typeof SEEDED_MCP;
      let question = '';
      await expectOnlyChange(server, async () => {
        await panel.inlineAction(label, 3, 'Remove MCP Server');
        question = await panel.answerModal('Remove');
      }, { mcp_config: { ...current, [list]: SEEDED_MCP[list] } });
      assert.equal(question, `Remove the MCP server ${label}?`);
      await panel.row(label, 3).waitFor({ state: 'detached', timeout: 30_000 });
    }
    for (const list of ['SSE', 'Streamable HTTP', 'stdio']) await panel.waitForDescription(list, 2, '1');
    assert.deepEqual(server.storedSettings()?.mcp_config, SEEDED_MCP);
    await workbench.screenshot('removed');
  }),

  ...onEachLine('a save the server refuses (422) is rolled back and the panel says which field and why', async ({ workbench, page, server, line, context }) => {
    const panel = await openSeededPanel(workbench, page, server, context, line);
    const before = server.storedSettings();
    // Hold the edit's fresh load for a moment, and have the POST that follows it refused.
    const { settingsPath } = LINE_PATHS[line];
    server.setFault({ delayMs: 4000, times: 1, pathPrefix: settingsPath });
    const from = server.requests.length;
    await panel.inlineAction('Confirmation mode', 2, 'Edit Setting');
    await nextRequest(() => server.requests, from, (r) => r.method === 'GET' && r.status === 0);
    server.setFault({ status: 422, body: fastApi422(['confirmation_mode'], 'Input should be a valid boolean', 'maybe', 'bool_parsing'), times: 1, pathPrefix: settingsPath });
    await panel.waitForDescription('Confirmation mode', 2, 'on (saving…)');
    assert.deepEqual(await panel.inlineActions('Confirmation mode', 2), [], 'a field being saved offers an action');
    await workbench.screenshot('saving');

    await panel.waitForDescription('Confirmation mode', 2, 'off');
    const post = server.requests.slice(from).find((r) => r.method === 'POST');
    assert.equal(post?.status, 422);
    assert.deepEqual(server.storedSettings(), before);
    assert.equal(
      await panel.message(),
      'Confirmation mode not saved. The server rejected the request (HTTP 422): confirmation_mode: Input should be a valid boolean',
    );
    const notification = await workbench.readNotification(/HTTP 422/);
    assert.match(notification, /confirmation_mode: Input should be a valid boolean/);
    await workbench.screenshot('refused');
    await page.keyboard.press('Escape');
    assert.deepEqual(await panel.inlineActions('Confirmation mode', 2), ['Edit Setting']);
  }),
];
