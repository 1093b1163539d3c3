import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { StatusChip } from './StatusChip.tsx';

function chip(text: string) {
  return screen.getByText(text).parentElement as HTMLElement;
}

describe('StatusChip', () => {
  it.each([
    ['poweredOn', 'Powered on', 'success'],
    ['running', 'Running', 'success'],
    ['poweredOff', 'Powered off', 'neutral'],
    ['stopped', 'Stopped', 'neutral'],
    ['suspended', 'Suspended', 'warning'],
    ['unknown', 'Unknown', 'neutral'],
    ['PENDING', 'Pending', 'neutral'],
    ['RUNNING', 'Running', 'info'],
    ['SUCCESS', 'Succeeded', 'success'],
    ['FAILURE', 'Failed', 'error'],
    ['error', 'Error', 'error'],
  ])('shows %s as "%s" in the %s colours, with an icon', (status, label, kind) => {
    render(<StatusChip status={status} />);
    const root = chip(label);
    expect(root.getAttribute('data-kind')).toBe(kind);
    const icon = root.querySelector('svg');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
  });

  it('tells the RUNNING task state from the running power state', () => {
    render(
      <>
        <StatusChip status="RUNNING" label="Task" />
        <StatusChip status="running" label="Power" />
      </>,
    );
    expect(chip('Task').getAttribute('data-kind')).toBe('info');
    expect(chip('Power').getAttribute('data-kind')).toBe('success');
  });

  it('matches other casings and shows unmapped statuses as neutral text', () => {
    render(
      <>
        <StatusChip status="POWEREDON" />
        <StatusChip status="migrating" />
      </>,
    );
    expect(chip('Powered on').getAttribute('data-kind')).toBe('success');
    expect(chip('migrating').getAttribute('data-kind')).toBe('neutral');
  });

  it('takes a label override and native attributes', () => {
    render(<StatusChip status="warning" label="Expires soon" title="Licence" />);
    expect(chip('Expires soon').getAttribute('title')).toBe('Licence');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <p>
        <StatusChip status="RUNNING" /> <StatusChip status="FAILURE" />
      </p>,
    );
    const { violations } = await axe.run(container, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
