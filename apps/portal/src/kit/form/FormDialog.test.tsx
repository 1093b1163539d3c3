import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FirewallRuleBody, type FirewallRuleBody as Rule } from '@portal/api/contract';
import { ApiError } from '@portal/api/client';
import { ThemeProvider } from '@portal/ui';
import { FormSelect, FormTextField } from './fields.tsx';
import { FormDialog } from './FormDialog.tsx';
import { useContractForm } from './useContractForm.ts';

const EMPTY: Rule = {
  direction: 'ingress',
  protocol: 'tcp',
  ports: '',
  source: '',
  destination: '0.0.0.0/0',
  action: 'allow',
  description: '',
};

function RuleDialog({ send }: { send: (rule: Rule) => Promise<void> }) {
  const [open, setOpen] = useState(true);
  const form = useContractForm(FirewallRuleBody, {
    defaultValues: EMPTY,
    toBody: (rule: Rule) => ({ ...rule, ports: rule.ports || null }),
    messages: { source: 'Enter the source as an address with a prefix, e.g. 10.0.0.0/8.' },
  });
  return (
    <ThemeProvider>
      <p>{open ? 'open' : 'closed'}</p>
      <FormDialog
        form={form}
        open={open}
        onOpenChange={setOpen}
        title="Add a firewall rule"
        submitLabel="Add rule"
        onSubmit={send}
      >
        <FormSelect<Rule>
          name="direction"
          label="Direction"
          options={[
            { value: 'ingress', label: 'Ingress' },
            { value: 'egress', label: 'Egress' },
          ]}
        />
        <FormTextField<Rule> name="ports" label="Ports" />
        <FormTextField<Rule> name="source" label="Source" />
      </FormDialog>
    </ThemeProvider>
  );
}

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('FormDialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('checks against the contract, shows the sentence in place and focuses the first invalid field', async () => {
    const send = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<RuleDialog send={send} />);
    await user.type(screen.getByRole('textbox', { name: 'Ports' }), 'ssh');
    await user.click(screen.getByRole('button', { name: 'Add rule' }));

    const ports = screen.getByRole('textbox', { name: 'Ports' });
    await waitFor(() => expect(document.activeElement).toBe(ports));
    expect(ports.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(ports)).toMatch(/^Enter a valid ports: /);
    const source = screen.getByRole('textbox', { name: 'Source' });
    expect(describedBy(source)).toContain(
      'Enter the source as an address with a prefix, e.g. 10.0.0.0/8.',
    );
    expect(send).not.toHaveBeenCalled();

    // the sentence goes as soon as the field is right
    await user.clear(ports);
    await user.type(ports, '22');
    await waitFor(() => expect(ports.getAttribute('aria-invalid')).toBeNull());
  });

  it('sends the checked values, is busy meanwhile, and closes', async () => {
    let finish = () => undefined as void;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    render(<RuleDialog send={send} />);
    await user.type(screen.getByRole('textbox', { name: 'Source' }), '10.0.0.0/8{Enter}');
    await waitFor(() => expect(send).toHaveBeenCalledWith({ ...EMPTY, source: '10.0.0.0/8' }));
    const button = screen.getByRole('button', { name: /Add rule/ });
    expect(button.getAttribute('aria-busy')).toBe('true');
    // Escape does nothing while the request runs
    await user.keyboard('{Escape}');
    expect(screen.getByText('open')).toBeTruthy();
    finish();
    await waitFor(() => expect(screen.getByText('closed')).toBeTruthy());
  });

  it('puts a server 400 back on its field, and other failures above the buttons', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const send = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(
          'source: overlaps rule 3',
          400,
          { message: 'source: overlaps rule 3' },
          'source',
        ),
      )
      .mockRejectedValueOnce(new ApiError('Conflict', 409, { message: 'The VM is busy.' }));
    const user = userEvent.setup();
    render(<RuleDialog send={send} />);
    const source = screen.getByRole('textbox', { name: 'Source' });
    await user.type(source, '10.0.0.0/8');
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(describedBy(source)).toContain('Overlaps rule 3.'));
    await waitFor(() => expect(document.activeElement).toBe(source));
    expect(screen.getByText('open')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The VM is busy.');
    expect(screen.getByText('open')).toBeTruthy();
  });
});
