import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Button } from '../Button/Button.tsx';
import { Dialog } from './Dialog.tsx';

function Example({
  onOpenChange,
  description = true,
}: {
  onOpenChange?: (open: boolean) => void;
  description?: boolean;
}) {
  return (
    <Dialog.Root onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button>Delete backups</Button>
      </Dialog.Trigger>
      <Dialog.Content size="small">
        <Dialog.Title>Delete 3 backups?</Dialog.Title>
        {description && <Dialog.Description>This cannot be undone.</Dialog.Description>}
        <Dialog.Body>
          <label>
            Reason <input />
          </label>
        </Dialog.Body>
        <Dialog.Actions>
          <Dialog.Close>
            <Button variant="text">Cancel</Button>
          </Dialog.Close>
          <Button variant="danger">Delete</Button>
        </Dialog.Actions>
      </Dialog.Content>
    </Dialog.Root>
  );
}

describe('Dialog', () => {
  it('opens from its trigger, labelled by the title and described by the description', async () => {
    const user = userEvent.setup();
    render(<Example />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete backups' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 3 backups?' });
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('This cannot be undone.');
    expect(dialog.getAttribute('data-size')).toBe('small');
  });

  it('has no aria-describedby without a description', async () => {
    const user = userEvent.setup();
    render(<Example description={false} />);
    await user.click(screen.getByRole('button', { name: 'Delete backups' }));
    expect(screen.getByRole('dialog').getAttribute('aria-describedby')).toBeNull();
  });

  it('moves focus in, traps Tab, closes on Escape and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Example onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('button', { name: 'Delete backups' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.tab();
    expect(document.activeElement).toBe(input);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('closes from Dialog.Close', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Delete backups' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('hides the page from assistive technology while open', async () => {
    const user = userEvent.setup();
    render(
      <>
        <main>Page</main>
        <Example />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete backups' }));
    expect(screen.queryByRole('main')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete backups' })).toBeNull();
  });

  it('is controllable', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <p>{open ? 'open' : 'closed'}</p>
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Content>
              <Dialog.Title>Details</Dialog.Title>
              <Dialog.Actions>
                <Dialog.Close>
                  <Button>Done</Button>
                </Dialog.Close>
              </Dialog.Actions>
            </Dialog.Content>
          </Dialog.Root>
        </>
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('dialog', { name: 'Details' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('has no axe violations when open', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Delete backups' }));
    const { violations } = await axe.run(document.body, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
