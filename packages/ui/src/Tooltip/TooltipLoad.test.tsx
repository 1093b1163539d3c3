import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mdiRefresh } from '@mdi/js';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Tooltip } from './Tooltip.tsx';

// Each test file has its own module registry: here Radix Tooltip is not loaded until the hover.
describe('Tooltip before Radix has loaded', () => {
  it('renders the trigger alone, and the hover that loads it still opens it', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Refresh the list" delayDuration={50}>
        <IconButton icon={mdiRefresh} aria-label="Refresh" />
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Refresh' });
    expect(button.hasAttribute('data-state')).toBe(false);
    await user.hover(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Refresh the list');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBe(button);
    expect(button.getAttribute('data-state')).toBe('delayed-open');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(button.getAttribute('data-state')).toBe('closed');
  });
});
