import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { mdiCameraOutline, mdiHarddisk } from '@mdi/js';
import { TreeView } from './TreeView.tsx';
import type { TreeNode } from './treeModel.ts';

const snapshot = (
  id: string,
  label: string,
  description: string,
  extra: Partial<TreeNode> = {},
): TreeNode => ({ id, label, description, icon: mdiCameraOutline, ...extra });

/** A VM's snapshot tree: the base image, and snapshots taken from one another. */
const SNAPSHOTS: TreeNode[] = [
  {
    id: 'base',
    label: 'VM base image',
    description: 'Ubuntu 24.04 LTS',
    icon: mdiHarddisk,
    children: [
      snapshot('s-0302', 'Before upgrade', '2 Mar 2025, 14:10', {
        children: [
          snapshot('s-0309', 'Kernel 6.8 patched', '9 Mar 2025, 09:32', {
            badge: 'current',
            children: [snapshot('s-0311', 'Nightly', '11 Mar 2025, 02:00')],
          }),
          snapshot('s-0305', 'Test branch', '5 Mar 2025, 17:45'),
        ],
      }),
      snapshot('s-0220', 'Clean install', '20 Feb 2025, 11:03'),
    ],
  },
];

const ALL_EXPANDED = ['base', 's-0302', 's-0309'];

const meta = {
  title: 'Components/TreeView',
  component: TreeView,
  args: {
    'aria-label': 'Snapshots of web-frontend-01',
    nodes: SNAPSHOTS,
    defaultExpanded: ALL_EXPANDED,
    onSelectedChange: fn(),
    onExpandedChange: fn(),
  },
  argTypes: { nodes: { control: false }, loadChildren: { control: false } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 520 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TreeView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const base = canvas.getByRole('treeitem', { name: /VM base image/ });
    base.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    const current = canvas.getByRole('treeitem', { name: /Kernel 6\.8 patched.*current/ });
    await expect(current).toHaveFocus();
    await expect(current).toHaveAttribute('aria-selected', 'true');
    await expect(args.onSelectedChange).toHaveBeenCalledWith('s-0309', expect.anything());
    await userEvent.keyboard('{ArrowLeft}');
    await expect(current).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowRight}');
    await expect(current).toHaveAttribute('aria-expanded', 'true');
  },
};

/** The snapshot the VM runs from is selected and marked "current". */
export const Selected: Story = { args: { defaultSelected: 's-0309' } };

/** Only the base image open: children of collapsed snapshots are not rendered. */
export const Collapsed: Story = { args: { defaultExpanded: ['base'] } };

const LAZY_ROOTS: TreeNode[] = [
  { id: 'web-01', label: 'web-frontend-01', icon: mdiHarddisk, hasChildren: true },
  { id: 'db-01', label: 'db-primary', icon: mdiHarddisk, hasChildren: true },
];

/** Children fetched on first expand: a loading row while the request runs. */
export const LazyLoading: Story = {
  args: {
    nodes: LAZY_ROOTS,
    defaultExpanded: [],
    loadChildren: (node: TreeNode) =>
      new Promise<TreeNode[]>((resolve) => {
        setTimeout(
          () =>
            resolve([
              snapshot(`${node.id}-a`, 'Before upgrade', '2 Mar 2025, 14:10', { badge: 'current' }),
              snapshot(`${node.id}-b`, 'Clean install', '20 Feb 2025, 11:03'),
            ]),
          300,
        );
      }),
  },
  play: async ({ canvas }) => {
    const web = canvas.getByRole('treeitem', { name: 'web-frontend-01' });
    web.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(web).toHaveAttribute('aria-busy', 'true');
    await waitFor(() =>
      expect(canvas.getAllByRole('treeitem', { name: /Before upgrade/ })).toHaveLength(1),
    );
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('treeitem', { name: /Before upgrade/ })).toHaveFocus();
  },
};

/** A request that has not answered yet. */
export const Loading: Story = {
  args: {
    nodes: LAZY_ROOTS,
    defaultExpanded: ['web-01'],
    loadChildren: () => new Promise<TreeNode[]>(() => {}),
  },
};

/** The request failed: an error row with a retry button. */
export const LoadError: Story = {
  args: {
    nodes: LAZY_ROOTS,
    defaultExpanded: ['web-01'],
    loadChildren: () => Promise.reject(new Error('The snapshot service did not answer.')),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The snapshot service did not answer.',
    );
    await expect(
      canvas.getByRole('button', { name: 'Retry loading web-frontend-01' }),
    ).toBeVisible();
  },
};

export const Empty: Story = {
  args: { nodes: [], emptyMessage: 'This virtual machine has no snapshots yet.' },
};

export const LongLabels: Story = {
  args: {
    defaultExpanded: ['base', 'long'],
    nodes: [
      {
        id: 'base',
        label:
          'VM base image for the accounting department’s reporting servers (Windows Server 2022)',
        icon: mdiHarddisk,
        children: [
          snapshot(
            'long',
            'Before installing the quarterly update bundle and the new antivirus signatures',
            '31 Dec 2024, 23:59',
            {
              badge: 'current',
              children: [
                snapshot(
                  'x',
                  'a-very-long-snapshot-identifier-without-spaces-0123456789abcdef',
                  '1 Jan 2025, 00:00',
                ),
              ],
            },
          ),
        ],
      },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
};

export const Dark: Story = { args: { defaultSelected: 's-0309' }, globals: { theme: 'dark' } };
