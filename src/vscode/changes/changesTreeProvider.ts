// The Changes view: the files the agent changed in the conversation chosen by Show Changes, grouped by folder as
// the SCM view groups them, each with its status letter and colour (ChangeDecorations), +/- counts and a click
// that opens its diff; the base they are measured against on top; what could not be read, with its action.
import * as vscode from 'vscode';
import type { ChangeBase, FileChange } from '../../api/model/changes';
import { buildChangeTree, type ChangeTreeNode } from '../../core/changes/changeTree';
import type { ChangesState } from '../../core/changes/changeLoader';
import { describePathRefusal } from '../../core/changes/pathSafety';
import { reviewUnavailable } from '../../core/review/reviewAvailability';
import type { ServerSession } from '../connection/serverSession';
import { Command, View } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import { changeUri, type ChangesOrigin, type ChangesStore, type ShownChanges } from './changesStore';

type ChangesNode =
  | { readonly kind: 'tree'; readonly node: ChangeTreeNode; readonly origin: ChangesOrigin }
  | { readonly kind: 'line'; readonly item: vscode.TreeItem };

export class ChangesTreeProvider extends Disposable implements vscode.TreeDataProvider<ChangesNode> {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<ChangesNode>;

  constructor(private readonly store: ChangesStore, private readonly session: ServerSession) {
    super();
    this.view = this.register(vscode.window.createTreeView(View.Changes, { treeDataProvider: this, showCollapseAll: true }));
    this.register(store.onDidChange(() => this.refresh()));
    this.register(session.onDidChangeServer(() => this.refresh()));
    // A change of server (a new key for the same URL too: a local server started again) leaves what the server takes
    // unknown until it is connected, which only the connection's state says.
    this.register(session.onDidChangeState(() => this.refresh()));
  }

  private refresh(): void {
    const shown = this.store.shown;
    this.view.description = shown ? shown.conversation.title || shown.conversation.id : undefined;
    // Where the changes cannot be reviewed (Send Review to Agent is not offered then), the view says why; of a server
    // not connected yet, nothing.
    const state = shown?.state;
    const server = this.session.server;
    this.view.message = server && state?.kind === 'loaded' && state.changes.files.length > 0
      ? reviewUnavailable(state.changes, Boolean(server.client.sendMessage))
      : undefined;
    this.changed.fire();
  }

  getChildren(node?: ChangesNode): ChangesNode[] {
    if (node) return node.kind === 'tree' && node.node.kind === 'folder' ? node.node.children.map((child) => ({ ...node, node: child })) : [];
    const shown = this.store.shown;
    if (!shown) return [];
    if (!shown.state) return [line(vscode.l10n.t('Reading the agent\'s changes…'), 'loading~spin')];
    return rootLines(shown, shown.state);
  }

  getTreeItem(node: ChangesNode): vscode.TreeItem {
    if (node.kind === 'line') return node.item;
    if (node.node.kind === 'folder') {
      const item = new vscode.TreeItem(node.node.label, vscode.TreeItemCollapsibleState.Expanded);
      item.resourceUri = changeUri(node.origin, 'tree', node.node.path);
      item.iconPath = vscode.ThemeIcon.Folder;
      return item;
    }
    return fileItem(node.origin, node.node.change);
  }
}

function rootLines(shown: ShownChanges, state: ChangesState): ChangesNode[] {
  const { conversation, serverUrl } = shown;
  switch (state.kind) {
    case 'unsupported': return [line(vscode.l10n.t('This server line does not expose the agent\'s changes.'), 'info')];
    case 'paused': return [line(vscode.l10n.t('The conversation\'s sandbox is paused: resume it to read its changes.'), 'debug-pause',
      // Resume Conversation takes a Conversations-view row; it reads only the id and title of it.
      { command: Command.ResumeConversation, title: vscode.l10n.t('Resume'), arguments: [{ kind: 'conversation', conversation }] })];
    case 'failed': {
      const failed = line(vscode.l10n.t('Could not read the agent\'s changes. Click to retry.'), 'error',
        { command: Command.RefreshChanges, title: vscode.l10n.t('Retry') });
      failed.item.tooltip = state.error instanceof Error ? state.error.message : String(state.error);
      return [failed];
    }
    case 'loaded': {
      const { changes } = state;
      const files = buildChangeTree(changes.files).map((node): ChangesNode => ({ kind: 'tree', node, origin: { serverUrl, conversationId: conversation.id } }));
      const notes = [
        ...(changes.agentUnreachable ? [line(unreachableLine(changes.agentUnreachable), 'info')] : []),
        ...(changes.files.length === 0 ? [line(vscode.l10n.t('The agent changed no files.'), 'check')] : []),
        ...changes.refused.map((refused) => warning(refused.path, describePathRefusal(refused.reason))),
        ...changes.malformed.map((path) => warning(path, vscode.l10n.t('Its part of the patch is cut short; it is left out.'))),
      ];
      return [baseLine(changes.base), ...notes, ...files];
    }
  }
}

function fileItem(origin: ChangesOrigin, change: FileChange): vscode.TreeItem {
  const item = new vscode.TreeItem(changeUri(origin, 'tree', change.path));
  item.label = change.path.slice(change.path.lastIndexOf('/') + 1);
  item.description = describeFile(change);
  // The decoration adds the status word to the tooltip.
  item.tooltip = change.oldPath ? vscode.l10n.t('{0} (from {1})', change.path, change.oldPath) : change.path;
  item.command = { command: Command.OpenChange, title: vscode.l10n.t('Open Changes'), arguments: [origin.conversationId, change.path] };
  return item;
}

function describeFile(change: FileChange): string {
  if (change.binary) return vscode.l10n.t('binary');
  const counts = change.added === undefined || change.removed === undefined ? '' : `+${change.added} -${change.removed}`;
  return change.oldPath ? vscode.l10n.t('from {0} {1}', change.oldPath, counts).trim() : counts;
}

function baseLine(base: ChangeBase): ChangesNode {
  const commit = base.commit?.slice(0, 7);
  const text = (() => {
    switch (base.reason) {
      case 'sent-folder': return vscode.l10n.t('Against your folder as you sent it, {0}', commit ?? base.ref ?? '');
      case 'origin-branch': return vscode.l10n.t('Against {0}: the branch the server cloned', base.ref ?? '');
      case 'archive-base': return vscode.l10n.t('Against {0}: the base commit the agent server named', commit ?? base.ref ?? '');
      case 'head': return commit
        ? vscode.l10n.t('Against HEAD ({0}): the last commit in the agent\'s workspace', commit)
        : vscode.l10n.t('Against HEAD: the last commit in the agent\'s workspace');
      case 'server-default': return vscode.l10n.t('Against the server\'s default base (its origin branch or merge base)');
      case 'empty-tree': return vscode.l10n.t('Against the empty tree: every file the workspace holds counts as added');
    }
  })();
  const node = line(text, 'git-commit');
  // A branch the remote never had: say which base stands in for its origin branch, and why.
  let said = text;
  if (base.unresolved) {
    node.item.description = vscode.l10n.t('{0} not found', base.unresolved);
    said = vscode.l10n.t('{0}\nThe agent\'s workspace has no {1} (the branch is not on the remote), so this base stands in for it.', text, base.unresolved);
  }
  node.item.tooltip = base.commit ? vscode.l10n.t('{0}\nBase commit {1}', said, base.commit) : said;
  return node;
}

function warning(path: string, reason: string): { kind: 'line'; item: vscode.TreeItem } {
  const node = line(path, 'warning');
  node.item.description = reason;
  node.item.tooltip = vscode.l10n.t('{0}\n{1}', path, reason);
  return node;
}

function line(label: string, icon: string, command?: vscode.Command): { kind: 'line'; item: vscode.TreeItem } {
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.iconPath = new vscode.ThemeIcon(icon);
  if (command) item.command = command;
  return { kind: 'line', item };
}

/** Why counts and diffs are missing: the key rule names its setting, anything else says the agent cannot be reached. */
function unreachableLine(reason: string): string {
  return reason === 'other-host'
    ? vscode.l10n.t('Counts and diffs need the agent server, whose host its key is not sent to: the setting openhands.runtimeHosts lists your server\'s runtime hosts.')
    : vscode.l10n.t('Counts and diffs need the agent server, which cannot be reached from here.');
}
