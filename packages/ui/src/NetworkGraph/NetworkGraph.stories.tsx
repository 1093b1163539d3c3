import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { NetworkGraph } from './NetworkGraph.tsx';
import { largeTopology, SMALL_TOPOLOGY } from './fixtures.ts';

const LARGE = largeTopology(30);

const meta = {
  title: 'Components/NetworkGraph',
  component: NetworkGraph,
  args: {
    'aria-label': 'Network topology of Acme Manufacturing',
    nodes: SMALL_TOPOLOGY.nodes,
    edges: SMALL_TOPOLOGY.edges,
    onNodeClick: fn(),
    onViewChange: fn(),
    height: 460,
  },
  argTypes: { nodes: { control: false }, edges: { control: false } },
} satisfies Meta<typeof NetworkGraph>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Internet, a router and a VPN gateway, two networks, three VMs. */
export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const node = await canvas.findByRole('button', { name: /^db-primary, .*virtual machine$/ });
    await userEvent.click(node);
    await expect(args.onNodeClick).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'db-01', kind: 'vm' }),
    );
    await expect(canvas.getByRole('button', { name: 'Zoom In' })).toBeVisible();
  },
};

/**
 * 2 routers, 4 networks and 30 VMs: wide layers wrap into sub-columns per network, as many as
 * make the whole graph fit the canvas (the internet node included) at the minimum zoom.
 */
export const Large: Story = {
  args: { nodes: LARGE.nodes, edges: LARGE.edges, height: 640 },
  play: async ({ canvas, canvasElement }) => {
    const frame = canvasElement.querySelector('.react-flow');
    await waitFor(async () => {
      const internet = canvas.getByRole('button', { name: /^Internet/ }).getBoundingClientRect();
      const bounds = frame?.getBoundingClientRect();
      await expect(bounds).toBeDefined();
      await expect(internet.left).toBeGreaterThanOrEqual(bounds?.left ?? Infinity);
      await expect(internet.top).toBeGreaterThanOrEqual(bounds?.top ?? Infinity);
    });
  },
};

/** The same nodes and connections as a table, for keyboard and screen-reader users. */
export const ListView: Story = {
  args: { defaultView: 'list' },
  play: async ({ canvas, args }) => {
    const table = canvas.getByRole('table', { name: 'Network topology of Acme Manufacturing' });
    const row = within(table).getByRole('row', { name: /^db-primary/ });
    await expect(row).toHaveTextContent('Virtual machine');
    await expect(row).toHaveTextContent('database');
    await userEvent.click(within(row).getByRole('button', { name: 'db-primary' }));
    await expect(args.onNodeClick).toHaveBeenCalledWith(expect.objectContaining({ id: 'db-01' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Graph' }));
    await expect(args.onViewChange).toHaveBeenCalledWith('graph');
    await expect(canvas.getByRole('button', { name: 'Graph' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

export const LargeListView: Story = { args: { ...Large.args, defaultView: 'list' } };

export const Empty: Story = { args: { nodes: [], edges: [] } };

/** Read-only: without `onNodeClick` nodes are not buttons. */
export const ReadOnly: Story = { args: { onNodeClick: undefined } };

export const Dark: Story = { globals: { theme: 'dark' } };

export const DarkLarge: Story = { ...Large, globals: { theme: 'dark' } };

export const DarkList: Story = { args: { defaultView: 'list' }, globals: { theme: 'dark' } };
