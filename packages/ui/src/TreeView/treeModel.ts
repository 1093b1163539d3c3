/** One node of a `TreeView`. */
export interface TreeNode {
  /** Unique across the whole tree (lazily loaded nodes included). */
  id: string;
  /** Visible label; also what type-ahead matches. */
  label: string;
  /** An `@mdi/js` path or a custom icon, shown before the label. */
  icon?: string;
  /** Secondary text after the label, e.g. a snapshot's date. */
  description?: string;
  /** A short pill after the label, e.g. "current" for the snapshot a VM runs from. */
  badge?: string;
  /** Children known up front. */
  children?: TreeNode[];
  /**
   * The node has children that `loadChildren` fetches on first expand. Ignored when `children` is
   * given; without `loadChildren` the node is a leaf.
   */
  hasChildren?: boolean;
}

/** Where a lazily loaded node stands: children fetched, or the error's message. */
export interface LazyState {
  loaded: Readonly<Record<string, TreeNode[]>>;
  errors: Readonly<Record<string, string>>;
}

/** One visible row, in document order. */
export interface VisibleItem {
  node: TreeNode;
  level: number;
  posinset: number;
  setsize: number;
  parentId: string | null;
  /** Has (or may lazily have) children. */
  expandable: boolean;
  expanded: boolean;
  /** Known children; `undefined` while a lazy node is not loaded yet. */
  children: TreeNode[] | undefined;
  /** For an expanded lazy node without children yet. */
  load: 'loading' | 'error' | undefined;
}

export interface TreeModel {
  /** Visible rows in document order: the keyboard moves along this list. */
  visible: VisibleItem[];
  byId: Map<string, VisibleItem>;
  /** Parent of every known node (expanded or not). */
  parentOf: Map<string, string | null>;
  /** Expanded lazy nodes still waiting for `loadChildren`. */
  pending: TreeNode[];
}

export const childrenOf = (node: TreeNode, lazy: LazyState): TreeNode[] | undefined =>
  node.children ?? lazy.loaded[node.id];

/** Flattens the visible part of the tree and records what still has to load. */
export function buildTreeModel(
  nodes: readonly TreeNode[],
  expanded: ReadonlySet<string>,
  lazy: LazyState,
  canLoad: boolean,
): TreeModel {
  const visible: VisibleItem[] = [];
  const byId = new Map<string, VisibleItem>();
  const parentOf = new Map<string, string | null>();
  const pending: TreeNode[] = [];

  const recordParents = (list: readonly TreeNode[], parentId: string | null) => {
    for (const node of list) {
      parentOf.set(node.id, parentId);
      const children = childrenOf(node, lazy);
      if (children) recordParents(children, node.id);
    }
  };
  recordParents(nodes, null);

  const walk = (list: readonly TreeNode[], level: number, parentId: string | null) => {
    list.forEach((node, index) => {
      const children = childrenOf(node, lazy);
      const expandable = children ? children.length > 0 : Boolean(node.hasChildren && canLoad);
      const isExpanded = expandable && expanded.has(node.id);
      const waiting = isExpanded && !children;
      const item: VisibleItem = {
        node,
        level,
        posinset: index + 1,
        setsize: list.length,
        parentId,
        expandable,
        expanded: isExpanded,
        children,
        load: waiting ? (lazy.errors[node.id] !== undefined ? 'error' : 'loading') : undefined,
      };
      visible.push(item);
      byId.set(node.id, item);
      if (item.load === 'loading') pending.push(node);
      if (isExpanded && children) walk(children, level + 1, node.id);
    });
  };
  walk(nodes, 1, null);

  return { visible, byId, parentOf, pending };
}

/**
 * Type-ahead: the next visible item after `fromIndex` whose label starts with `query`, wrapping.
 * A query of one repeated letter ("ss") cycles through items starting with that letter.
 */
export function findByTypeahead(
  visible: readonly VisibleItem[],
  fromIndex: number,
  query: string,
): VisibleItem | undefined {
  const q = query.toLocaleLowerCase();
  const search = (text: string, offset: number) => {
    for (let step = 0; step < visible.length; step++) {
      const item = visible[(fromIndex + offset + step) % visible.length];
      if (item && item.node.label.toLocaleLowerCase().startsWith(text)) return item;
    }
    return undefined;
  };
  // A fresh single letter moves on from the current item; a longer query may match it in place.
  const found = search(q, q.length === 1 ? 1 : 0);
  if (found) return found;
  const first = q[0];
  if (first && [...q].every((c) => c === first)) return search(first, 1);
  return undefined;
}
