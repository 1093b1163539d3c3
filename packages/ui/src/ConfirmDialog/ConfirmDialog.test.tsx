import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Button } from '../Button/Button.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

const base = {
  title: 'Delete web-01?',
  description: 'This cannot be undone.',
  confirmLabel: 'Delete',
  tone: 'danger' as const,
  trigger: <Button>Delete web-01</Button>,
};

async function open() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete web-01' }));
  return { user, dialog: screen.getByRole('alertdialog', { name: 'Delete web-01?' }) };
}

describe('ConfirmDialog', () => {
  it('is an alert dialog described by its description, with Cancel focused first', async () => {
    render(<ConfirmDialog {...base} onConfirm={vi.fn()} />);
    const { dialog } = await open();
    const described = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('This cannot be undone.');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );
  });

  it('confirms and closes for a synchronous action', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(<ConfirmDialog {...base} onConfirm={onConfirm} onOpenChange={onOpenChange} />);
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('cancels without confirming', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmDialog {...base} onConfirm={onConfirm} />);
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('enables confirm only when the exact text is typed, and Enter confirms', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmDialog {...base} requireText="web-01" onConfirm={onConfirm} />);
    const { user, dialog } = await open();
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Type web-01 to confirm');
    const confirm = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.type(field, 'WEB-01');
    expect(confirm.disabled).toBe(true);
    await user.clear(field);
    await user.type(field, 'web-01');
    expect(confirm.disabled).toBe(false);
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('shows loading while the promise runs, then closes when it resolves', async () => {
    let resolve = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    render(<ConfirmDialog {...base} onConfirm={onConfirm} />);
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(
      (within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // Escape is ignored while the action runs.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    resolve();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('stays open and shows the error when the promise rejects', async () => {
    const onConfirm = vi.fn(() => Promise.reject(new Error('web-01 is locked by a backup.')));
    render(<ConfirmDialog {...base} onConfirm={onConfirm} />);
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'web-01 is locked by a backup.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm.getAttribute('aria-busy')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(confirm));
  });

  it('falls back to a generic sentence for errors without a message', async () => {
    render(<ConfirmDialog {...base} onConfirm={() => Promise.reject('nope')} />);
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Something went wrong. Try again.',
    );
  });

  it('starts fresh when reopened', async () => {
    render(<ConfirmDialog {...base} requireText="web-01" onConfirm={vi.fn()} />);
    const { user, dialog } = await open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'web');
    await user.keyboard('{Escape}');
    await open();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
  });

  it('has no axe violations', async () => {
    render(<ConfirmDialog {...base} requireText="web-01" onConfirm={vi.fn()} />);
    await open();
    const { violations } = await axe.run(document.body, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
  });
});
