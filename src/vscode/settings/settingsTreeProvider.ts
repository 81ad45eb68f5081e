// The Settings tree view over the controller's state. Empty unless connected, so that the welcome view for
// the current state shows; the view's message line carries the note after a save or a refused one.
// VS Code is told only what changed (core/platform/treeChanges.ts): a whole-tree refresh while it resolves the
// expanded groups' rows makes it forget the groups it is asking about, and they stay open with no rows. A whole
// refresh cannot always be avoided (the top level appears once connected), so the groups VS Code opens by itself
// are refreshed alone once it has the top level again, and again until it asks for their rows, the whole tree
// once more as the last resort (core/platform/unaskedRows.ts); a whole refresh VS Code does not answer in time is
// sent once more (core/platform/pendingWhole.ts).
import * as vscode from 'vscode';
import { advancedGroup } from '../../core/settings/advancedTree';
import { buildSettingsTree, type SettingsNode } from '../../core/settings/settingsTree';
import { findNode, treeChange } from '../../core/platform/treeChanges';
import { PendingWhole } from '../../core/platform/pendingWhole';
import { UnaskedRows } from '../../core/platform/unaskedRows';
import { systemClock } from '../../core/conversations/refreshSchedule';
import { View } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { ServerSession } from '../connection/serverSession';
import type { SettingsController } from './settingsController';

const EXPANDED_GROUPS = new Set(['group:llm', 'group:agent']);

export class SettingsTreeProvider extends Disposable implements vscode.TreeDataProvider<SettingsNode> {
  private readonly changed = this.register(new vscode.EventEmitter<SettingsNode[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<SettingsNode>;
  /** The newest build: every answer reads from it, whichever build the element VS Code passes came from. */
  private tree: readonly SettingsNode[] = [];
  /** The top-level elements VS Code was last given, by id: the ones a refresh of a group must name. */
  private readonly given = new Map<string, SettingsNode>();
  private readonly whole = this.register(new PendingWhole(systemClock, () => this.changed.fire(undefined), () => this.view.visible));
  private readonly unasked = this.register(new UnaskedRows(systemClock, (ids) => this.refreshGroups(ids), () => this.whole.refresh()));
  /** The groups that open by themselves and the person closed: VS Code asks for no rows of those. */
  private readonly closed = new Set<string>();

  constructor(private readonly controller: SettingsController, private readonly session: ServerSession) {
    super();
    this.view = this.register(vscode.window.createTreeView(View.Settings, { treeDataProvider: this, showCollapseAll: true }));
    this.register(this.view.onDidCollapseElement(({ element }) => {
      this.closed.add(element.id);
      this.unasked.rowsAsked(element.id);
    }));
    this.register(this.view.onDidExpandElement(({ element }) => this.closed.delete(element.id)));
    const changed = () => {
      // VS Code shows a welcome view only while the tree is empty and has no message: outside the connected
      // state the welcome view for the state speaks (offline over settings shown: that they may be stale), and
      // the description names the server it is about.
      this.view.message = controller.messageIn(session.state);
      const api = session.apiDescription;
      this.view.description = session.serverUrl && api ? `${session.serverUrl} · ${api}` : session.serverUrl;
      this.rebuild();
    };
    this.register(controller.onDidChange(changed));
    // Another request (a poll of the conversations) may find the server gone, or back: not a change of the panel's.
    this.register(session.onDidChangeState(changed));
  }

  getChildren(node?: SettingsNode): SettingsNode[] {
    if (node) {
      this.unasked.rowsAsked(node.id);
      return [...(findNode(this.tree, node.id)?.children ?? [])];
    }
    // VS Code asks for the top level anew: answered from a fresh build, which later changes are measured against.
    this.tree = this.build();
    this.whole.topLevelAsked();
    this.given.clear();
    for (const group of this.tree) this.given.set(group.id, group);
    this.unasked.topLevelGiven(this.tree.filter((group) => EXPANDED_GROUPS.has(group.id) && !this.closed.has(group.id)).map((group) => group.id));
    return [...this.tree];
  }

  /** Every row of the newest build, groups and their rows, depth first. */
  rows(): readonly SettingsNode[] {
    const all = (nodes: readonly SettingsNode[]): SettingsNode[] => nodes.flatMap((node) => [node, ...all(node.children ?? [])]);
    return all(this.tree);
  }

  /** Refreshes the groups alone, as the elements VS Code was given; false when it was not given one of them. */
  private refreshGroups(ids: readonly string[]): boolean {
    const groups = ids.map((id) => this.given.get(id));
    if (groups.includes(undefined)) return false;
    this.changed.fire(groups as SettingsNode[]);
    return true;
  }

  getTreeItem(element: SettingsNode): vscode.TreeItem {
    const node = findNode(this.tree, element.id) ?? element;
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

  /** Builds the tree again and tells VS Code what changed: the whole tree, the groups whose rows changed, or nothing. */
  private rebuild(): void {
    const next = this.build();
    const change = treeChange(this.tree, next);
    this.tree = next;
    // Another whole refresh before VS Code asked for the top level would only make it forget the groups once more
    // while it may be asking for their rows (the pending one reads the newest build anyway).
    if (this.whole.pending) return;
    const groups = change.kind === 'nodes' ? change.ids.map((id) => this.given.get(id)) : [];
    if (change.kind === 'all' || groups.includes(undefined)) this.whole.refresh();
    else if (groups.length) this.changed.fire(groups as SettingsNode[]);
  }

  private build(): readonly SettingsNode[] {
    const settings = this.controller.shownIn(this.session.state);
    if (!settings) return [];
    const { pending, advanced } = this.controller;
    const client = this.session.server?.client;
    const tree = buildSettingsTree(settings, pending, client?.unsupportedFields, { webUi: this.session.webUi, storesTokens: Boolean(client?.storeProviderToken) });
    return [...tree, ...this.controller.lists, ...(advanced ? [advancedGroup(advanced, pending)] : [])];
  }
}
