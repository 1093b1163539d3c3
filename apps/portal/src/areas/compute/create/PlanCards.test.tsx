import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Catalogue } from '@portal/api/contract';
import { ThemeProvider } from '@portal/ui';
import { PlanCards } from './PlanCards.tsx';

const plan = (id: string, name: string, cpu: number, memory: number) => ({
  id,
  name,
  cpu,
  memory,
  disk_gb: 60,
  max_vcpus: cpu * 4,
  max_memory_gb: memory * 4,
});

const PLANS: Catalogue['plans'] = [
  plan('std-1', 'Standard 1', 1, 2),
  plan('std-2', 'Standard 2', 2, 4),
  plan('std-4', 'Standard 4', 4, 8),
];

function Picker({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <ThemeProvider>
      <button type="button">Before</button>
      <PlanCards plans={PLANS} value={value} onValueChange={setValue} error={error} />
      <p>chosen: {value || 'none'}</p>
    </ThemeProvider>
  );
}

describe('PlanCards', () => {
  it('shows vCPU and memory on each card, as one named group', () => {
    render(<Picker />);
    const group = screen.getByRole('group', { name: 'Plan' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Standard 2.*2 vCPU.*4 GB memory/ })).toBeTruthy();
  });

  it('is one tab stop, and the arrow keys move and choose', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    const first = screen.getByRole('radio', { name: /Standard 1/ });
    expect(document.activeElement).toBe(first);
    await user.keyboard(' ');
    expect(screen.getByText('chosen: std-1')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Standard 2/ }));
    expect(screen.getByText('chosen: std-2')).toBeTruthy();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByText('chosen: std-4')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Standard 4/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    // Tab leaves the group instead of walking its cards
    await user.tab();
    expect(document.activeElement?.getAttribute('type')).not.toBe('radio');
  });

  it('marks the group invalid and reads its error', () => {
    render(<Picker error="Choose a plan." />);
    const group = screen.getByRole('group', { name: 'Plan' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(group.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Choose a plan.');
  });
});
