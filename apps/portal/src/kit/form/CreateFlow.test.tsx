import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { FirewallRuleBody, type FirewallRuleBody as Rule } from '@portal/api/contract';
import { ApiError } from '@portal/api/client';
import { ThemeProvider } from '@portal/ui';
import { CreateFlow } from './CreateFlow.tsx';
import { FormRadioGroup, FormTextField } from './fields.tsx';
import { useContractForm } from './useContractForm.ts';

const EMPTY: Rule = {
  direction: 'ingress',
  protocol: 'tcp',
  ports: '',
  source: '',
  destination: '',
  action: '' as Rule['action'],
  description: '',
};

function RuleFlow({ send }: { send: (rule: Rule) => Promise<void> }) {
  const form = useContractForm(FirewallRuleBody, {
    defaultValues: EMPTY,
    toBody: (rule: Rule) => ({ ...rule, ports: rule.ports || null }),
    labels: { source: 'source range', destination: 'destination range' },
  });
  return (
    <ThemeProvider>
      <CreateFlow
        form={form}
        aria-label="Steps to add a rule"
        steps={[
          {
            id: 'where',
            label: 'Where',
            fields: ['source', 'destination'],
            content: (
              <>
                <FormTextField<Rule> name="source" label="Source" />
                <FormTextField<Rule> name="destination" label="Destination" />
              </>
            ),
          },
          {
            id: 'what',
            label: 'What',
            fields: ['action', 'ports'],
            content: (
              <>
                <FormRadioGroup<Rule>
                  name="action"
                  label="Action"
                  options={[
                    { value: 'allow', label: 'Allow' },
                    { value: 'deny', label: 'Deny' },
                  ]}
                />
                <FormTextField<Rule> name="ports" label="Ports" />
              </>
            ),
          },
        ]}
        summary={(rule) => (
          <p>
            {rule.action} {rule.source} to {rule.destination}
          </p>
        )}
        submitLabel="Add rule"
        onSubmit={send}
      />
    </ThemeProvider>
  );
}

const heading = (name: string) => screen.findByRole('heading', { name });
const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));

async function fillWhere(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'Source' }), '10.0.0.0/8');
  await user.type(screen.getByRole('textbox', { name: 'Destination' }), '0.0.0.0/0');
}

describe('CreateFlow', () => {
  afterEach(() => vi.restoreAllMocks());

  it("checks only the step's fields on Next, and stays with focus on the first to fix", async () => {
    const user = userEvent.setup();
    render(<RuleFlow send={vi.fn()} />);
    await heading('Step 1 of 3: Where');
    await next(user);
    const source = screen.getByRole('textbox', { name: 'Source' });
    await waitFor(() => expect(document.activeElement).toBe(source));
    expect(source.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a valid source range.')).toBeTruthy();
    // the next step's empty action is not reported yet
    expect(screen.queryByText(/Choose an action/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Step 1 of 3: Where' })).toBeTruthy();

    await fillWhere(user);
    await next(user);
    const what = await heading('Step 2 of 3: What');
    await waitFor(() => expect(document.activeElement).toBe(what));
  });

  it('focuses a fieldset error on its first radio, and Back returns to the step', async () => {
    const user = userEvent.setup();
    render(<RuleFlow send={vi.fn()} />);
    await fillWhere(user);
    await next(user);
    await heading('Step 2 of 3: What');
    await next(user);
    expect(await screen.findByText('Choose an action.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Allow' })),
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('Step 1 of 3: Where')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Source' }) as HTMLInputElement).value).toBe(
      '10.0.0.0/8',
    );
  });

  it('shows a summary before submit, then sends; a 400 goes back to its step and field', async () => {
    let finish = () => undefined as void;
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
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    render(<RuleFlow send={send} />);
    await fillWhere(user);
    await next(user);
    await heading('Step 2 of 3: What');
    await user.click(screen.getByRole('radio', { name: 'Deny' }));
    await next(user);
    await heading('Step 3 of 3: Summary');
    expect(screen.getByText('deny 10.0.0.0/8 to 0.0.0.0/0')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await heading('Step 1 of 3: Where');
    const source = screen.getByRole('textbox', { name: 'Source' });
    expect(await screen.findByText('Overlaps rule 3.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(source));

    await user.clear(source);
    await user.type(source, '10.1.0.0/16');
    await waitFor(() => expect(source.getAttribute('aria-invalid')).toBeNull());
    await next(user);
    await next(user);
    await heading('Step 3 of 3: Summary');
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() =>
      expect(send).toHaveBeenLastCalledWith({
        ...EMPTY,
        source: '10.1.0.0/16',
        destination: '0.0.0.0/0',
        action: 'deny',
      }),
    );
    // busy while the request and its task run
    expect(screen.getByRole('button', { name: /Add rule/ }).getAttribute('aria-busy')).toBe('true');
    finish();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Add rule/ }).getAttribute('aria-busy')).toBeNull(),
    );
  });
});
