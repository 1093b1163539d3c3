import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GRAPH_MIN_ZOOM, NetworkGraph } from './NetworkGraph.tsx';
import { largeTopology, SMALL_TOPOLOGY } from './fixtures.ts';
import {
  fittingMaxRows,
  LAYER_GAP,
  layoutNetwork,
  layoutSize,
  NODE_HEIGHT,
  NODE_WIDTH,
  ROW_GAP,
  SUBCOLUMN_GAP,
  type NetworkNode,
} from './layout.ts';

const { nodes, edges } = SMALL_TOPOLOGY;

describe('fittingMaxRows', () => {
  // The Large story's canvas in the visual tests: a 1024 px wide page, 640 px high.
  const canvas = { width: 990, height: 640, padding: { x: 32, y: 32 } };
  const zoomToFit = (
    maxRows: number,
    topology: ReturnType<typeof largeTopology>,
    padding = canvas.padding,
  ) => {
    const size = layoutSize(layoutNetwork(topology.nodes, topology.edges, { maxRows }));
    return Math.min(
      (canvas.width - padding.x) / size.width,
      (canvas.height - padding.y) / size.height,
    );
  };

  it('wraps the largest story so all of it fits its canvas at the minimum zoom', () => {
    const large = largeTopology(30);
    const maxRows = fittingMaxRows(large.nodes, large.edges, canvas);
    expect(zoomToFit(maxRows, large)).toBeGreaterThanOrEqual(GRAPH_MIN_ZOOM);
    // Ten rows with room kept for the controls and minimap (72 + 200 px) did not: the internet
    // node fell off the left edge.
    expect(zoomToFit(10, large, { x: 272, y: 64 })).toBeLessThan(GRAPH_MIN_ZOOM);
  });

  it('keeps one column of VMs on a tall canvas', () => {
    const small = largeTopology(6);
    expect(fittingMaxRows(small.nodes, small.edges, { ...canvas, height: 2000, width: 1400 })).toBe(
      6,
    );
  });
});

describe('layoutNetwork', () => {
  it('puts each kind in its column: internet, routers and gateways, networks, VMs', () => {
    const positions = layoutNetwork(nodes, edges);
    const x = (id: string) => positions.get(id)?.x;
    const step = NODE_WIDTH + LAYER_GAP;
    expect(x('internet')).toBe(0);
    expect(x('edge')).toBe(step);
    expect(x('vpn')).toBe(step);
    expect(x('net-web')).toBe(2 * step);
    expect(x('db-01')).toBe(3 * step);
    expect(positions.get('web-01')?.layer).toBe(3);
  });

  it('orders a column by the rows of what it connects to, and centres columns', () => {
    const positions = layoutNetwork(nodes, edges);
    const row = (id: string) => positions.get(id)?.row;
    // web hangs off the router only, database off the router and the (lower) gateway.
    expect(row('edge')).toBe(0);
    expect(row('vpn')).toBe(1);
    expect(row('net-web')).toBe(0);
    expect(row('net-db')).toBe(1);
    expect([row('web-01'), row('web-02'), row('db-01')]).toEqual([0, 1, 2]);
    // Three VMs are the tallest column; one internet node sits in its middle.
    const pitch = NODE_HEIGHT + ROW_GAP;
    expect(positions.get('web-01')?.y).toBe(0);
    expect(positions.get('internet')?.y).toBe(pitch);
    expect(positions.get('edge')?.y).toBe(pitch / 2);
  });

  it('keeps input order for nodes without earlier neighbours, after connected ones', () => {
    const lonely: NetworkNode = { id: 'lonely', kind: 'vm', label: 'lonely' };
    const positions = layoutNetwork([lonely, ...nodes], edges);
    expect(positions.get('lonely')?.row).toBe(3);
  });

  it('is pure: the same input gives the same positions', () => {
    expect([...layoutNetwork(nodes, edges)]).toEqual([...layoutNetwork(nodes, edges)]);
  });

  it('wraps a long column into sub-columns, each network’s VMs on their own rows', () => {
    const large = largeTopology(30);
    const positions = layoutNetwork(large.nodes, large.edges, { maxRows: 10 });
    const vms = large.nodes.filter((n) => n.kind === 'vm').map((n) => positions.get(n.id));
    expect(new Set(vms.map((p) => p?.column))).toEqual(new Set([0, 1, 2]));
    // 8 + 8 + 7 + 7 VMs in rows of three: 3 rows per network.
    expect(Math.max(...vms.map((p) => p?.row ?? 0))).toBe(11);
    const firstOfBackend = positions.get('vm-09');
    expect(firstOfBackend).toMatchObject({ row: 3, column: 0 });
    // Sub-columns are a node width plus a small gap apart.
    expect(positions.get('vm-02')?.x).toBe(
      (positions.get('vm-01')?.x ?? 0) + NODE_WIDTH + SUBCOLUMN_GAP,
    );
  });

  it('handles an empty graph', () => {
    expect(layoutNetwork([], []).size).toBe(0);
  });
});

describe('NetworkGraph list view', () => {
  const renderList = (props: Partial<Parameters<typeof NetworkGraph>[0]> = {}) =>
    render(
      <NetworkGraph
        aria-label="Topology"
        nodes={nodes}
        edges={edges}
        defaultView="list"
        {...props}
      />,
    );

  it('lists every node with its kind, status and connections, column by column', () => {
    renderList();
    const table = screen.getByRole('table', { name: 'Topology' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Internet203.0.113.10',
      'edge-router10.0.0.1',
      'vpn-gatewayIPsec',
      'web10.0.1.0/24',
      'database10.0.2.0/24',
      'web-frontend-0110.0.1.4',
      'web-frontend-0210.0.1.5',
      'db-primary10.0.2.10',
    ]);
    const db = within(table).getByRole('row', { name: /^database/ });
    const cells = within(db).getAllByRole('cell');
    expect(cells[0]?.textContent).toBe('Network');
    expect(cells[1]?.textContent).toBe('Up');
    expect(
      within(cells[2] as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['edge-router', 'vpn-gateway (site-to-site)', 'db-primary']);
    const internet = within(table).getByRole('row', { name: /^Internet/ });
    expect(within(internet).getAllByRole('cell')[1]?.textContent).toBe('Unknown');
  });

  it('says when a node connects to nothing', () => {
    renderList({ nodes: [{ id: 'a', kind: 'vm', label: 'alone' }], edges: [] });
    const row = screen.getByRole('row', { name: /^alone/ });
    expect(within(row).getAllByRole('cell')[2]?.textContent).toContain('Nothing');
  });

  it('makes names buttons that call onNodeClick', async () => {
    const onNodeClick = vi.fn();
    renderList({ onNodeClick });
    await userEvent.click(screen.getByRole('button', { name: 'db-primary' }));
    expect(onNodeClick).toHaveBeenCalledWith(expect.objectContaining({ id: 'db-01' }));
  });

  it('has no buttons in the table without onNodeClick', () => {
    renderList();
    expect(within(screen.getByRole('table')).queryAllByRole('button')).toHaveLength(0);
  });

  it('toggles between graph and list, controlled or not', async () => {
    const onViewChange = vi.fn();
    renderList({ onViewChange });
    const group = screen.getByRole('group', { name: 'View' });
    expect(within(group).getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await userEvent.click(within(group).getByRole('button', { name: 'Graph' }));
    expect(onViewChange).toHaveBeenCalledWith('graph');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('application', { name: 'Topology: graph' })).toBeTruthy();
  });

  it('stays on the controlled view', async () => {
    const onViewChange = vi.fn();
    render(
      <NetworkGraph
        aria-label="Topology"
        nodes={nodes}
        edges={edges}
        view="list"
        onViewChange={onViewChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Graph' }));
    expect(onViewChange).toHaveBeenCalledWith('graph');
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('shows an empty state without a toggle when there are no nodes', () => {
    render(<NetworkGraph aria-label="Topology" nodes={[]} edges={[]} emptyMessage="No networks" />);
    expect(screen.getByRole('heading', { name: 'No networks' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'View' })).toBeNull();
  });

  it('is a named region', () => {
    renderList();
    expect(screen.getByRole('region', { name: 'Topology' })).toBeTruthy();
  });
});
