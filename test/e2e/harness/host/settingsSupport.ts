// Shared by the Settings panel suites: connecting to a seeded contract server, reading the panel as VS Code
// renders it (the tree provider's nodes and tree items), and checking that an edit changed only what it should.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ConnectionState } from '../../../../src/core/connection/connectionState';
import type { SettingsNode } from '../../../../src/core/settings/settingsTree';
import { Command } from '../../../../src/vscode/platform/ids';
import { settledCount } from '../requests';
import { SEEDED_SETTINGS, seedSettings } from '../../../support/fixtures/settingsFixture';
import { withChange } from '../../../support/storedSettings';
import { contract, e2eContext, testingApi, type StandIn } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitForState(state: ConnectionState, timeoutMs = 15_000): Promise<void> {
  const { settings, session } = await testingApi();
  const deadline = Date.now() + timeoutMs;
  while (session.state !== state) {
    if (Date.now() > deadline) assert.fail(`the panel stayed ${session.state}, expected ${state} (note: ${settings.message})`);
    await sleep(50);
  }
}

/**
 * A reset contract server (`server`, the extension pointed at it; default the run's V0 one) holding `settings`
 * (none: a fresh server), the session key set, the panel loaded again and every request of the extension
 * answered: the starting point of an edit.
 */
export async function connectTo(settings: object | null, expected: ConnectionState, server: StandIn = contract): Promise<void> {
  const { sessionApiKey } = e2eContext();
  await server.setFault(null);
  await server.reset();
  if (settings) await seedSettings(server.url, sessionApiKey, settings, server.line);
  await (await testingApi()).setApiKey(sessionApiKey);
  // Setting the key reloads the panel by itself; let that finish before the explicit load.
  await settledCount(server.requests);
  await vscode.commands.executeCommand(Command.RefreshSettings);
  await waitForState(expected);
}

export const connectToSeededServer = (server: StandIn = contract) => connectTo(SEEDED_SETTINGS, 'connected', server);

export interface Rendered {
  readonly node: SettingsNode;
  readonly item: vscode.TreeItem;
}

/** Every node of the panel, groups expanded, with the tree item VS Code shows for it. */
export async function renderedTree(): Promise<Rendered[]> {
  const { settingsTree } = await testingApi();
  const out: Rendered[] = [];
  const walk = (nodes: readonly SettingsNode[]) => {
    for (const node of nodes) {
      out.push({ node, item: settingsTree.getTreeItem(node) });
      walk(settingsTree.getChildren(node));
    }
  };
  walk(settingsTree.getChildren());
  return out;
}

export async function rendered(id: string): Promise<Rendered> {
  const all = await renderedTree();
  const found = all.find((r) => r.node.id === id);
  assert.ok(found, `no node ${id} in the panel (it has ${all.length} nodes)`);
  return found;
}

/** The node a command gets when the person uses an action on that row. */
export async function treeNode(id: string): Promise<SettingsNode> {
  return (await rendered(id)).node;
}

/** The text shown next to a row's label. */
export async function shown(id: string): Promise<string | undefined> {
  const { description } = (await rendered(id)).item;
  return typeof description === 'string' ? description : undefined;
}

/** The label, description and tooltip of a tree item as text. */
export function itemTexts(item: vscode.TreeItem): string[] {
  const label = typeof item.label === 'string' ? item.label : item.label?.label;
  const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : item.tooltip;
  return [label, typeof item.description === 'string' ? item.description : undefined, tooltip].filter(
    (text): text is string => typeof text === 'string',
  );
}

/** Asserts that no label, description or tooltip of the panel holds any of `secrets`. */
export async function assertNoSecretShown(secrets: readonly string[]): Promise<void> {
  const all = await renderedTree();
  assert.ok(all.length > 0, 'the panel is empty');
  for (const { node, item } of all) {
    for (const text of itemTexts(item)) {
      for (const secret of secrets) assert.ok(!text.includes(secret), `${node.id} shows a secret: ${JSON.stringify(text)}`);
    }
  }
}

async function postCount(server: StandIn): Promise<number> {
  return (await server.requests()).filter((r) => r.method === 'POST' && r.path === server.settingsPath).length;
}

/**
 * Runs an edit and asserts that it was saved with one POST and that the stored settings are the earlier ones
 * with exactly `change` (fields of the model) applied where `server`'s line keeps them: every other field, the
 * stored LLM key and search key included, is unchanged.
 */
export async function expectOnlyChange(edit: () => Thenable<unknown>, change: Record<string, unknown>, server: StandIn = contract): Promise<void> {
  const before = await server.storedSettings();
  assert.ok(before, 'the server has no settings before the edit');
  const posts = await postCount(server);
  assert.equal(await edit(), true, 'the edit was not saved');
  assert.equal(await postCount(server), posts + 1, `the edit did not make exactly one POST ${server.settingsPath}`);
  assert.deepEqual(await server.storedSettings(), withChange(server.line, before, change));
}
