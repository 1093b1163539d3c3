import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { KeyValue } from './KeyValue.tsx';

const items = [
  { label: 'Name', value: 'web-01' },
  { label: 'IP address', value: '10.20.4.17', copyable: true },
  { label: 'Owner', value: <a href="/users/7">Ada</a>, copyable: true, copyText: 'ada@acme.test' },
  { label: 'Description', value: '' },
];

describe('KeyValue', () => {
  it('is a description list of terms and values', () => {
    render(<KeyValue items={items} columns={2} />);
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms).toEqual(['Name', 'IP address', 'Owner', 'Description']);
    const values = screen.getAllByRole('definition');
    expect(values[0]?.textContent).toBe('web-01');
    expect(values[3]?.textContent).toBe('—');
    expect(screen.getAllByRole('term')[0]?.closest('dl')?.getAttribute('data-columns')).toBe('2');
  });

  it('copies a value and announces "Copied"', async () => {
    const user = userEvent.setup();
    const onCopied = vi.fn();
    render(<KeyValue items={items} onCopied={onCopied} />);
    expect(screen.getByRole('status').textContent).toBe('');
    await user.click(screen.getByRole('button', { name: 'Copy IP address' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'));
    expect(await navigator.clipboard.readText()).toBe('10.20.4.17');
    expect(onCopied).toHaveBeenCalledWith('10.20.4.17');
  });

  it('copies copyText for rich values, and only offers copy where asked', async () => {
    const user = userEvent.setup();
    render(<KeyValue items={items} />);
    expect(screen.getAllByRole('button')).toHaveLength(2);
    const owner = screen.getAllByRole('definition')[2] as HTMLElement;
    await user.click(within(owner).getByRole('button', { name: 'Copy Owner' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('ada@acme.test'));
  });

  it('announces a failure when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    render(<KeyValue items={items} />);
    await user.click(screen.getByRole('button', { name: 'Copy IP address' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copy failed'));
  });

  it('has no axe violations', async () => {
    const { container } = render(<KeyValue items={items} columns={3} />);
    const { violations } = await axe.run(container, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
