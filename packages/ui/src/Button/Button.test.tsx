import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button.tsx';
import { Card } from '../Card/Card.tsx';

describe('Button', () => {
  it('keeps a disabled reason reachable: focusable, described, inert', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" disabledReason="You need the operator role." onClick={onClick}>
          Restart
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Restart' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const describedBy = button.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('You need the operator role.');
    await user.tab();
    expect(document.activeElement).toBe(button);
    // The tooltip loads on the first focus.
    expect((await screen.findByRole('tooltip')).textContent).toBe('You need the operator role.');
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps its own aria-describedby next to the reason', () => {
    render(
      <>
        <p id="help">Help</p>
        <Button aria-describedby="help" disabledReason="Not now.">
          Restart
        </Button>
      </>,
    );
    const ids = screen.getByRole('button').getAttribute('aria-describedby')?.split(' ');
    expect(ids?.[0]).toBe('help');
    expect(ids).toHaveLength(2);
  });

  it('is a type="button" by default and clicks', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is disabled and busy while loading, and keeps its name', async () => {
    const onClick = vi.fn();
    render(
      <Button type="submit" variant="primary" loading onClick={onClick}>
        Sign in
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is not busy when not loading', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  it('is elevated inside card actions', () => {
    render(<Card title="VM" actions={<Button>Start</Button>} />);
    expect(screen.getByRole('button', { name: 'Start' }).getAttribute('data-elevated')).toBe(
      'true',
    );
  });
});
