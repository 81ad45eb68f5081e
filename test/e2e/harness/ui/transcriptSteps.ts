// Steps of the transcript tab's scenarios: a V1 stand-in run driven by a scripted LLM (its settings set and a
// conversation started through the server's own routes, as another client would), and the tab's page: the
// webview's inner frame, where the scenario reads the DOM the page built.
import type { Frame, Locator, Page } from 'playwright-core';
import { startScriptedLlm, type ScriptedLlm } from '../../../support/scriptedLlm/scriptedLlm';
import type { ScriptStep } from '../../../support/scriptedLlm/script';
import { until } from '../../../support/until';
import type { ContractServer } from '../contract';
import type { Workbench } from '../workbench';

/** Starts a scripted LLM, gives it to the stand-in as its LLM, and starts a conversation with `task`; its id. */
export async function startScriptedRun(server: ContractServer, key: string, task: string, script: readonly ScriptStep[], delayMs: number): Promise<{ id: string; llm: ScriptedLlm }> {
  const llm = await startScriptedLlm({ script, delayMs });
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${server.url}${path}`, {
      method, headers: { 'X-Session-API-Key': key, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return answer.json() as Promise<unknown>;
  };
  await call('POST', '/api/v1/settings', { agent_settings_diff: { llm: { model: 'openai/gpt-4o', api_key: 'sk-scripted', base_url: llm.baseUrl, num_retries: 0 } } });
  const task0 = await call('POST', '/api/v1/app-conversations', { initial_message: { content: [{ type: 'text', text: task }] } }) as { id: string };
  for (const started = Date.now(); Date.now() - started < 30_000;) {
    const [t] = await call('GET', `/api/v1/app-conversations/start-tasks?ids=${task0.id}`) as { status: string; app_conversation_id: string | null }[];
    if (t?.status === 'READY' && t.app_conversation_id) return { id: t.app_conversation_id, llm };
    if (t?.status === 'ERROR') throw new Error('the start task failed');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the start task did not become READY in 30 s');
}

/** The transcript tab's page (the webview's inner frame), once its log is built. */
export async function transcriptPage(page: Page, timeoutMs = 30_000): Promise<Frame> {
  const outer = page.locator('iframe.webview.ready').last();
  await outer.waitFor({ state: 'attached', timeout: timeoutMs });
  const inner = page.frameLocator('iframe.webview.ready').last().locator('#active-frame');
  await inner.waitFor({ state: 'attached', timeout: timeoutMs });
  const frame = await (await inner.elementHandle())!.contentFrame();
  if (!frame) throw new Error('the transcript page has no frame');
  await frame.locator('main.log').waitFor({ state: 'attached', timeout: timeoutMs });
  return frame;
}

/** The titles of the items the page shows, in order. */
export async function itemTitles(frame: Frame): Promise<string[]> {
  return frame.locator('article .title').allInnerTexts();
}

/** The first row of the Conversations view (the newest conversation), once the view shows one. */
export async function firstConversationRow(workbench: Workbench): Promise<Locator> {
  const sideBar = await workbench.openActivityBarItem();
  const pane = sideBar.locator('.pane', { has: workbench.page.locator('.pane-header h3.title', { hasText: /^Conversations$/ }) });
  const row = pane.locator('.monaco-list-row').first();
  await row.waitFor({ timeout: 30_000 });
  return row;
}

/**
 * The view's first reads done (no request for a second): a click then lands on a row that no answer re-renders
 * under the mouse (a row drawn again between mouse down and up loses the click).
 */
export async function viewSettled(server: ContractServer, page: Page): Promise<void> {
  await until('the Conversations view to settle', async () => {
    const before = server.requests.length;
    await page.waitForTimeout(1000);
    return server.requests.length === before ? true : undefined;
  });
}

/** Opens the newest conversation from its row in the Conversations view: its transcript page. */
export async function openNewestFromRow(workbench: Workbench, server: ContractServer): Promise<Frame> {
  const row = await firstConversationRow(workbench);
  await viewSettled(server, workbench.page);
  await row.click();
  return transcriptPage(workbench.page);
}
