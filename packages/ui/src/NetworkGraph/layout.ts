/** What a node of the network graph is; decides its column and icon. */
export type NetworkNodeKind = 'internet' | 'router' | 'gateway' | 'network' | 'vm';

/** A node's state, always shown as text next to its colour. */
export interface NetworkNodeStatus {
  /** Colour of the status dot. */
  tone: 'success' | 'warning' | 'error' | 'neutral';
  /** What the state is, e.g. "Running", "Stopped", "Degraded". */
  label: string;
}

/** One resource in the topology. */
export interface NetworkNode {
  /** Unique id; edges refer to it. */
  id: string;
  kind: NetworkNodeKind;
  /** Name, e.g. "web-frontend-01". */
  label: string;
  /** A second line, e.g. an address or CIDR ("10.0.1.0/24"). */
  sublabel?: string;
  status?: NetworkNodeStatus;
}

/** A connection between two nodes; the graph draws it from the lower to the higher column. */
export interface NetworkEdge {
  id: string;
  source: string;
  target: string;
  /** Shown on the line and in the list view, e.g. "uplink" or an interface address. */
  label?: string;
}

/** Column of each kind: internet → routers and gateways → networks → VMs. */
export const KIND_LAYER: Record<NetworkNodeKind, number> = {
  internet: 0,
  router: 1,
  gateway: 1,
  network: 2,
  vm: 3,
};

/** Size of a node card in the graph, in flow units; the layout spaces nodes by it. */
export const NODE_WIDTH = 224;
export const NODE_HEIGHT = 64;
/** Gap between layers (and between wrapped sub-columns of one layer). */
export const LAYER_GAP = 120;
export const SUBCOLUMN_GAP = 24;
export const ROW_GAP = 20;

export interface LayoutOptions {
  /**
   * A layer with more nodes than this wraps into several sub-columns, each parent's children
   * starting on a new row. Defaults to 10.
   */
  maxRows?: number;
}

/** Where the layout put a node: top-left corner in flow units, its layer, sub-column and row. */
export interface NodePosition {
  x: number;
  y: number;
  layer: number;
  column: number;
  row: number;
}

/**
 * A simple layered layout: one column per layer (internet, routers and gateways, networks, VMs),
 * each layer ordered by the average row of the nodes it connects to in earlier layers (so a
 * network sits near its router and VMs near their network), layers centred vertically. Pure:
 * the same input gives the same positions.
 */
export function layoutNetwork(
  nodes: readonly NetworkNode[],
  edges: readonly NetworkEdge[],
  { maxRows = 10 }: LayoutOptions = {},
): Map<string, NodePosition> {
  const neighbours = new Map<string, string[]>();
  const link = (a: string, b: string) => {
    const list = neighbours.get(a);
    if (list) list.push(b);
    else neighbours.set(a, [b]);
  };
  for (const edge of edges) {
    link(edge.source, edge.target);
    link(edge.target, edge.source);
  }

  const layers = new Map<number, NetworkNode[]>();
  for (const node of nodes) {
    const layer = KIND_LAYER[node.kind];
    const list = layers.get(layer);
    if (list) list.push(node);
    else layers.set(layer, [node]);
  }

  const placed = new Map<string, NodePosition>();
  const centreY = new Map<string, number>();
  const layouts: { layer: number; ordered: NetworkNode[]; spots: NodePosition[] }[] = [];

  for (const layer of [...layers.keys()].sort((a, b) => a - b)) {
    const members = layers.get(layer) ?? [];
    // Sort by the mean centre of already placed neighbours; nodes without any keep their order
    // at the end (Array#sort is stable).
    const keyOf = (node: NetworkNode) => {
      const ys = (neighbours.get(node.id) ?? [])
        .map((id) => centreY.get(id))
        .filter((y): y is number => y !== undefined);
      return ys.length ? ys.reduce((sum, y) => sum + y, 0) / ys.length : Infinity;
    };
    const keys = new Map(members.map((node) => [node.id, keyOf(node)]));
    const ordered = [...members].sort(
      (a, b) => (keys.get(a.id) ?? Infinity) - (keys.get(b.id) ?? Infinity),
    );

    const columns = Math.max(1, Math.ceil(ordered.length / Math.max(1, maxRows)));
    const spots: NodePosition[] = [];
    let row = 0;
    let column = 0;
    let previousKey: number | undefined;
    for (const node of ordered) {
      const key = keys.get(node.id) ?? Infinity;
      // Wrapped layers: each parent's children start a new row.
      const newGroup = previousKey !== undefined && key !== previousKey && column !== 0;
      if (column >= columns || newGroup) {
        row += 1;
        column = 0;
      }
      spots.push({ x: column, y: row, layer, column, row });
      column += 1;
      previousKey = key;
    }
    layouts.push({ layer, ordered, spots });

    // Provisional centres (unshifted) so the next layer can order itself.
    const rows = row + 1;
    const height = rows * NODE_HEIGHT + (rows - 1) * ROW_GAP;
    ordered.forEach((node, index) => {
      const spot = spots[index];
      if (spot) centreY.set(node.id, spot.row * (NODE_HEIGHT + ROW_GAP) - height / 2);
    });
  }

  const heights = layouts.map(({ spots }) => {
    const rows = (spots.at(-1)?.row ?? 0) + 1;
    return rows * NODE_HEIGHT + (rows - 1) * ROW_GAP;
  });
  const tallest = Math.max(0, ...heights);

  let x = 0;
  layouts.forEach(({ ordered, spots }, index) => {
    const top = (tallest - (heights[index] ?? 0)) / 2;
    const columns = Math.max(1, ...spots.map((spot) => spot.column + 1));
    ordered.forEach((node, i) => {
      const spot = spots[i];
      if (!spot) return;
      placed.set(node.id, {
        ...spot,
        x: x + spot.column * (NODE_WIDTH + SUBCOLUMN_GAP),
        y: top + spot.row * (NODE_HEIGHT + ROW_GAP),
      });
    });
    x += columns * NODE_WIDTH + (columns - 1) * SUBCOLUMN_GAP + LAYER_GAP;
  });

  return placed;
}

/** The kinds in reading order, with their names as the list view and screen readers say them. */
export const KIND_LABEL: Record<NetworkNodeKind, string> = {
  internet: 'Internet',
  router: 'Router',
  gateway: 'Gateway',
  network: 'Network',
  vm: 'Virtual machine',
};

/** The size of a layout: its bounding box in flow units. */
export function layoutSize(positions: ReadonlyMap<string, NodePosition>): {
  width: number;
  height: number;
} {
  let width = 0;
  let height = 0;
  for (const { x, y } of positions.values()) {
    width = Math.max(width, x + NODE_WIDTH);
    height = Math.max(height, y + NODE_HEIGHT);
  }
  return { width, height };
}

/**
 * The `maxRows` whose layout fits a canvas of `width` × `height` pixels (less `padding` on each
 * axis) at the largest zoom: a tall canvas keeps long columns, a wide one wraps them into more
 * sub-columns. So the whole topology shows at the minimum zoom wherever that is possible.
 */
export function fittingMaxRows(
  nodes: readonly NetworkNode[],
  edges: readonly NetworkEdge[],
  canvas: { width: number; height: number; padding: { x: number; y: number } },
): number {
  const counts = new Map<number, number>();
  for (const node of nodes) {
    const layer = KIND_LAYER[node.kind];
    counts.set(layer, (counts.get(layer) ?? 0) + 1);
  }
  const largest = Math.max(1, ...counts.values());
  const candidates = new Set<number>();
  for (let columns = 1; columns <= largest; columns++) {
    candidates.add(Math.ceil(largest / columns));
  }
  const room = {
    width: Math.max(1, canvas.width - canvas.padding.x),
    height: Math.max(1, canvas.height - canvas.padding.y),
  };
  let best = { maxRows: largest, zoom: -1 };
  for (const maxRows of [...candidates].sort((a, b) => b - a)) {
    const size = layoutSize(layoutNetwork(nodes, edges, { maxRows }));
    const zoom = Math.min(room.width / size.width, room.height / size.height);
    if (zoom > best.zoom) best = { maxRows, zoom };
  }
  return best.maxRows;
}
