// The Settings tree view over the controller's state. Empty unless connected, so that the welcome view for
// the current state shows; the view's message line carries the note after a save or a refused one.
import * as vscode from 'vscode';
import { advancedGroup } from '../../core/settings/advancedTree';
import { buildSettingsTree, type SettingsNode } from '../../core/settings/settingsTree';
import { View } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { ServerSession } from '../connection/serverSession';
import type { SettingsController } from './settingsController';

const EXPANDED_GROUPS = new Set(['group:llm', 'group:agent']);

export class SettingsTreeProvider extends Disposable implements vscode.TreeDataProvider<SettingsNode> {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<SettingsNode>;

  constructor(private readonly controller: SettingsController, private readonly session: ServerSession) {
    super();
    this.view = this.register(vscode.window.createTreeView(View.Settings, { treeDataProvider: this, showCollapseAll: true }));
    this.register(controller.onDidChange(() => {
      // VS Code shows a welcome view only while the tree is empty and has no message: outside the connected
      // state the welcome view for the state speaks, and the description names the server it is about.
      this.view.message = session.state === 'connected' ? controller.message : undefined;
      const api = session.apiDescription;
      this.view.description = session.serverUrl && api ? `${session.serverUrl} · ${api}` : session.serverUrl;
      this.changed.fire();
    }));
  }

  getChildren(node?: SettingsNode): SettingsNode[] {
    if (node) return [...(node.children ?? [])];
    const settings = this.controller.settings;
    if (this.session.state !== 'connected' || !settings) return [];
    const { pending, advanced } = this.controller;
    const client = this.session.server?.client;
    const tree = buildSettingsTree(settings, pending, client?.unsupportedFields, { webUi: this.session.webUi, storesTokens: Boolean(client?.storeProviderToken) });
    return advanced ? [...tree, advancedGroup(advanced, pending)] : tree;
  }

  getTreeItem(node: SettingsNode): vscode.TreeItem {
    const collapsible = node.children === undefined ? vscode.TreeItemCollapsibleState.None
      : EXPANDED_GROUPS.has(node.id) ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
    const item = new vscode.TreeItem(node.label, collapsible);
    item.id = node.id;
    item.description = node.description;
    item.tooltip = node.tooltip;
    item.contextValue = node.contextValue;
    if (node.icon) item.iconPath = new vscode.ThemeIcon(node.icon);
    return item;
  }
}
