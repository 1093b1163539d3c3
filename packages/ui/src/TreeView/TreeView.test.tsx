import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TreeView } from './TreeView.tsx';
import type { TreeNode } from './treeModel.ts';

const NODES: TreeNode[] = [
  {
    id: 'base',
    label: 'VM base image',
    children: [
      {
        id: 'before-upgrade',
        label: 'Before upgrade',
        description: '2 Mar 2025',
        children: [
          { id: 'patched', label: 'Kernel patched', description: '9 Mar 2025', badge: 'current' },
          { id: 'nightly', label: 'Nightly', description: '10 Mar 2025' },
        ],
      },
      { id: 'clean', label: 'Clean install', description: '20 Feb 2025' },
      { id: 'canary', label: 'Canary', children: [{ id: 'canary-1', label: 'Canary one' }] },
    ],
  },
  { id: 'other', label: 'Other image' },
];

const item = (name: string | RegExp) => screen.getByRole('treeitem', { name });
const focused = () => document.activeElement;

function setup(props: Partial<Parameters<typeof TreeView>[0]> = {}) {
  const user = userEvent.setup();
  const onSelectedChange = vi.fn();
  const onExpandedChange = vi.fn();
  render(
    <TreeView
      aria-label="Snapshots"
      nodes={NODES}
      onSelectedChange={onSelectedChange}
      onExpandedChange={onExpandedChange}
      {...props}
    />,
  );
  return { user, onSelectedChange, onExpandedChange };
}

describe('TreeView', () => {
  it('exposes the tree structure with levels, sizes and positions', () => {
    setup({ defaultExpanded: ['base'] });
    expect(screen.getByRole('tree', { name: 'Snapshots' })).toBeTruthy();
    const base = item('VM base image');
    expect(base.getAttribute('aria-expanded')).toBe('true');
    expect(base.getAttribute('aria-level')).toBe('1');
    expect(base.getAttribute('aria-setsize')).toBe('2');
    expect(base.getAttribute('aria-posinset')).toBe('1');
    // The children's group follows the item (not inside it, so its name stays its own row's).
    const group = base.nextElementSibling as HTMLElement;
    expect(group.getAttribute('role')).toBe('group');
    expect(within(group).getAllByRole('treeitem')).toHaveLength(3);
    const clean = item('Clean install 20 Feb 2025');
    expect(clean.getAttribute('aria-level')).toBe('2');
    expect(clean.getAttribute('aria-setsize')).toBe('3');
    expect(clean.getAttribute('aria-posinset')).toBe('2');
    expect(clean.getAttribute('aria-expanded')).toBeNull();
    expect(item('Before upgrade 2 Mar 2025').getAttribute('aria-expanded')).toBe('false');
    expect(clean.getAttribute('aria-selected')).toBe('false');
    // Collapsed children are not rendered.
    expect(screen.queryByRole('treeitem', { name: /Kernel patched/ })).toBeNull();
  });

  it('has exactly one tabbable item (roving tabindex), the first by default', async () => {
    const { user } = setup({ defaultExpanded: ['base'] });
    const tabbable = screen.getAllByRole('treeitem').filter((el) => el.tabIndex === 0);
    expect(tabbable).toHaveLength(1);
    await user.tab();
    expect(focused()).toBe(item('VM base image'));
  });

  it('starts the tab stop at the selected item', async () => {
    const { user } = setup({ defaultExpanded: ['base'], defaultSelected: 'clean' });
    await user.tab();
    expect(focused()).toBe(item(/Clean install/));
    expect(item(/Clean install/).getAttribute('aria-selected')).toBe('true');
  });

  it('moves with Up, Down, Home and End over visible items only', async () => {
    const { user } = setup({ defaultExpanded: ['base'] });
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe(item(/Before upgrade/));
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe(item(/Clean install/));
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe(item(/Before upgrade/));
    await user.keyboard('{End}');
    expect(focused()).toBe(item('Other image'));
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe(item('Other image'));
    await user.keyboard('{Home}');
    expect(focused()).toBe(item('VM base image'));
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe(item('VM base image'));
    // The tab stop follows focus.
    expect(item('VM base image').tabIndex).toBe(0);
    expect(item('Other image').tabIndex).toBe(-1);
  });

  it('Right expands, then moves to the first child; Left collapses, then moves to the parent', async () => {
    const { user, onExpandedChange } = setup();
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(item('VM base image').getAttribute('aria-expanded')).toBe('true');
    expect(onExpandedChange).toHaveBeenLastCalledWith(['base']);
    expect(focused()).toBe(item('VM base image'));
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe(item(/Before upgrade/));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(focused()).toBe(item(/Kernel patched/));
    // A leaf: Right does nothing.
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe(item(/Kernel patched/));
    await user.keyboard('{ArrowLeft}');
    expect(focused()).toBe(item(/Before upgrade/));
    await user.keyboard('{ArrowLeft}');
    expect(item(/Before upgrade/).getAttribute('aria-expanded')).toBe('false');
    expect(focused()).toBe(item(/Before upgrade/));
    await user.keyboard('{ArrowLeft}');
    expect(focused()).toBe(item('VM base image'));
    await user.keyboard('{ArrowLeft}');
    expect(item('VM base image').getAttribute('aria-expanded')).toBe('false');
    // A root that is collapsed: Left does nothing.
    await user.keyboard('{ArrowLeft}');
    expect(focused()).toBe(item('VM base image'));
    expect(onExpandedChange).toHaveBeenLastCalledWith([]);
  });

  it('selects with Enter and Space, not by moving focus', async () => {
    const { user, onSelectedChange } = setup({ defaultExpanded: ['base'] });
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(item(/Before upgrade/).getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{Enter}');
    expect(item(/Before upgrade/).getAttribute('aria-selected')).toBe('true');
    expect(onSelectedChange).toHaveBeenLastCalledWith(
      'before-upgrade',
      expect.objectContaining({ label: 'Before upgrade' }),
    );
    await user.keyboard('{ArrowDown} ');
    expect(item(/Clean install/).getAttribute('aria-selected')).toBe('true');
    expect(item(/Before upgrade/).getAttribute('aria-selected')).toBe('false');
    expect(onSelectedChange).toHaveBeenCalledTimes(2);
  });

  it('selects and focuses on click', async () => {
    const { user, onSelectedChange } = setup({ defaultExpanded: ['base'] });
    await user.click(screen.getByText('Clean install'));
    expect(item(/Clean install/).getAttribute('aria-selected')).toBe('true');
    expect(focused()).toBe(item(/Clean install/));
    expect(onSelectedChange).toHaveBeenCalledWith('clean', expect.anything());
  });

  it('finds items by typing the first letters of their label', async () => {
    const { user } = setup({ defaultExpanded: ['base'] });
    await user.tab();
    await user.keyboard('c');
    expect(focused()).toBe(item(/Clean install/));
    // The same letter again: the next item starting with it.
    await user.keyboard('c');
    expect(focused()).toBe(item('Canary'));
    // Letters typed quickly form one query.
    await user.keyboard('{Home}');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await user.keyboard('ot');
    expect(focused()).toBe(item('Other image'));
    // No match: focus stays.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await user.keyboard('z');
    expect(focused()).toBe(item('Other image'));
  });

  it('wraps type-ahead to the top', async () => {
    const { user } = setup({ defaultExpanded: ['base'] });
    await user.tab();
    await user.keyboard('{End}v');
    expect(focused()).toBe(item('VM base image'));
  });

  it('* expands all siblings of the focused item', async () => {
    const { user, onExpandedChange } = setup({ defaultExpanded: ['base'] });
    await user.tab();
    await user.keyboard('{ArrowDown}*');
    expect(item(/Before upgrade/).getAttribute('aria-expanded')).toBe('true');
    expect(item('Canary').getAttribute('aria-expanded')).toBe('true');
    expect(onExpandedChange).toHaveBeenLastCalledWith(['base', 'before-upgrade', 'canary']);
  });

  it('is controlled by `expanded` and `selected`', async () => {
    const onExpandedChange = vi.fn();
    const onSelectedChange = vi.fn();
    const user = userEvent.setup();
    render(
      <TreeView
        aria-label="Snapshots"
        nodes={NODES}
        expanded={['base']}
        onExpandedChange={onExpandedChange}
        selected="clean"
        onSelectedChange={onSelectedChange}
      />,
    );
    await user.tab();
    expect(focused()).toBe(item(/Clean install/));
    await user.keyboard('{ArrowUp}{ArrowRight}');
    expect(onExpandedChange).toHaveBeenCalledWith(['base', 'before-upgrade']);
    // The owner did not apply it.
    expect(item(/Before upgrade/).getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Enter}');
    expect(onSelectedChange).toHaveBeenCalledWith('before-upgrade', expect.anything());
    expect(item(/Clean install/).getAttribute('aria-selected')).toBe('true');
  });

  it('works with a controlling owner that applies changes', async () => {
    function Owner() {
      const [expanded, setExpanded] = useState<string[]>([]);
      return (
        <TreeView
          aria-label="Snapshots"
          nodes={NODES}
          expanded={expanded}
          onExpandedChange={setExpanded}
        />
      );
    }
    const user = userEvent.setup();
    render(<Owner />);
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(focused()).toBe(item(/Before upgrade/));
  });

  it('collapses with the chevron without selecting, keeping a tab stop on the parent', async () => {
    const { user } = setup({ defaultExpanded: ['base'] });
    await user.click(screen.getByText('Clean install'));
    // Collapse the parent with its chevron.
    const chevron = item('VM base image').querySelector('[aria-hidden="true"]');
    if (!chevron) throw new Error('no chevron');
    await user.click(chevron);
    expect(item('VM base image').getAttribute('aria-expanded')).toBe('false');
    expect(item('VM base image').tabIndex).toBe(0);
    expect(item('VM base image').getAttribute('aria-selected')).toBe('false');
  });

  it('loads lazy children on expand, with a loading row', async () => {
    let resolve: (nodes: TreeNode[]) => void = () => {};
    const loadChildren = vi.fn(
      () =>
        new Promise<TreeNode[]>((r) => {
          resolve = r;
        }),
    );
    const { user } = setup({
      nodes: [{ id: 'vm', label: 'web-01', hasChildren: true }],
      loadChildren,
    });
    const vm = item('web-01');
    expect(vm.getAttribute('aria-expanded')).toBe('false');
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(loadChildren).toHaveBeenCalledWith(expect.objectContaining({ id: 'vm' }));
    expect(vm.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('Loading');
    resolve([{ id: 's1', label: 'Snapshot one' }]);
    await screen.findByRole('treeitem', { name: 'Snapshot one' });
    expect(screen.queryByRole('status')).toBeNull();
    expect(vm.getAttribute('aria-busy')).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe(item('Snapshot one'));
    // Collapsing and expanding again does not fetch again.
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowRight}');
    expect(loadChildren).toHaveBeenCalledTimes(1);
  });

  it('shows an error row with a retry when loading fails', async () => {
    const loadChildren = vi
      .fn<(node: TreeNode) => Promise<TreeNode[]>>()
      .mockRejectedValueOnce(new Error('The snapshot service did not answer.'))
      .mockResolvedValueOnce([{ id: 's1', label: 'Snapshot one' }]);
    const { user } = setup({
      nodes: [{ id: 'vm', label: 'web-01', hasChildren: true }],
      defaultExpanded: ['vm'],
      loadChildren,
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The snapshot service did not answer.');
    await user.click(screen.getByRole('button', { name: 'Retry loading web-01' }));
    await screen.findByRole('treeitem', { name: 'Snapshot one' });
    expect(loadChildren).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('turns a lazy node that loads no children into a leaf', async () => {
    const loadChildren = vi.fn(async () => []);
    setup({
      nodes: [{ id: 'vm', label: 'web-01', hasChildren: true }],
      defaultExpanded: ['vm'],
      loadChildren,
    });
    await waitFor(() => expect(item('web-01').getAttribute('aria-expanded')).toBeNull());
  });

  it('does not offer to expand lazy nodes without loadChildren', () => {
    setup({ nodes: [{ id: 'vm', label: 'web-01', hasChildren: true }] });
    expect(item('web-01').getAttribute('aria-expanded')).toBeNull();
  });

  it('shows the empty message instead of an empty tree', () => {
    setup({ nodes: [], emptyMessage: 'No snapshots yet.' });
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.getByText('No snapshots yet.')).toBeTruthy();
  });
});
