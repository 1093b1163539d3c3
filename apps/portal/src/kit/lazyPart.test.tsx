import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { lazyDialog, lazyPart } from './lazyPart.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function Panel({ open, label }: { open: boolean; label: string }) {
  return open ? <div role="dialog" aria-label={label} /> : <p>closed {label}</p>;
}

describe('lazyPart', () => {
  it('shows its fallback, then the part once its module has arrived', async () => {
    let arrive: (module: { Greeting: typeof Greeting }) => void = () => undefined;
    const load = () => new Promise<{ Greeting: typeof Greeting }>((done) => (arrive = done));
    const Lazy = lazyPart(load, 'Greeting', <p>Reading…</p>);
    render(<Lazy name="Ada" />);
    expect(screen.getByText('Reading…')).toBeTruthy();
    await act(async () => arrive({ Greeting }));
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });
});

describe('lazyDialog', () => {
  it('renders nothing until first opened, then stays mounted when closed', async () => {
    const load = vi.fn(async () => ({ Panel }));
    const Dialog = lazyDialog(load, 'Panel');
    const { rerender } = render(<Dialog open={false} label="invite" />);
    expect(screen.queryByText('closed invite')).toBeNull();
    rerender(<Dialog open label="invite" />);
    expect(await screen.findByRole('dialog', { name: 'invite' })).toBeTruthy();
    rerender(<Dialog open={false} label="invite" />);
    // Closed after being open: the dialog itself decides what closed looks like.
    expect(screen.getByText('closed invite')).toBeTruthy();
  });

  it('starts loading its code once the page is idle, before it is opened', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn(async () => ({ Panel }));
      const Dialog = lazyDialog(load, 'Panel');
      render(<Dialog open={false} label="later" />);
      expect(load).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTimeAsync(2500));
      expect(load).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
