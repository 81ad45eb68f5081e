// What a tree view must be told when its content is built again, for the views whose nodes carry their children
// (Settings, Changes). VS Code's tree answers a request for an element's children with nothing when a refresh of
// the whole tree forgot that element while the request was on its way: an expanded group then shows no rows until
// the next refresh. So the whole tree is refreshed only when its top level changed, a group whose rows changed is
// refreshed alone (its element stays known), and nothing is refreshed when nothing changed. The rows are always
// read from the newest build by id, never from the element VS Code passes back, which may be an older build's.

/** A node of such a tree: an id stable across builds, and its children where it has any. */
export interface TreeNodeLike<T extends TreeNodeLike<T>> {
  readonly id: string;
  readonly children?: readonly T[];
}

/** What to tell the view: the whole tree, the top-level nodes (by id) whose content changed, or nothing. */
export type TreeChange = { readonly kind: 'all' } | { readonly kind: 'nodes'; readonly ids: readonly string[] };

export function treeChange<T extends TreeNodeLike<T>>(before: readonly T[], after: readonly T[]): TreeChange {
  const ids = (nodes: readonly T[]) => nodes.map((node) => node.id).join('\n');
  if (ids(before) !== ids(after)) return { kind: 'all' };
  const changed = after.filter((node, index) => JSON.stringify(node) !== JSON.stringify(before[index]));
  return { kind: 'nodes', ids: changed.map((node) => node.id) };
}

/** The node with `id` anywhere in `nodes` (depth first). */
export function findNode<T extends TreeNodeLike<T>>(nodes: readonly T[], id: string): T | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = node.children && findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}
