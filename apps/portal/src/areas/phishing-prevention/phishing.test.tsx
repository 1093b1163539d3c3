import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  permissionsOnAllAreas,
  type CurrentUser,
  type PhishingCampaign,
  type PhishingStats,
  type PhishingTemplate,
} from '@portal/api/contract';
import { ThemeProvider } from '@portal/ui';
import { session } from '../../services.ts';
import { tasks } from '../../state/tasks.ts';
import { PhishingListPage } from './PhishingListPage.tsx';
import { PhishingDetailPage } from './PhishingDetailPage.tsx';
import { TemplatePreview } from './TemplatePreview.tsx';
import { renderPages } from '../../test-pages.tsx';

const OPERATOR: CurrentUser = {
  email: 'acme@portal.test',
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role: { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
};

const CAMPAIGN: PhishingCampaign = {
  id: 7,
  name: 'Parcel redelivery',
  state: 'running',
  template: { id: 1, name: 'Parcel held at depot' },
  landing_page: { id: 4, name: 'Sign-in page' },
  group: { id: 3, name: 'All staff' },
  launch_at: null,
  send_by: null,
  launched_at: '2026-11-20T10:00:00.000Z',
  ended_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
  counts: { recipients: 4, sent: 4, opened: 3, clicked: 2, submitted: 1, reported: 1 },
};

const STATS: PhishingStats = {
  click_rate: [
    { campaign_id: 5, name: 'A', launched_at: '2026-09-01T10:00:00.000Z', sent: 10, clicked: 4 },
    { campaign_id: 7, name: 'B', launched_at: '2026-11-20T10:00:00.000Z', sent: 10, clicked: 1 },
  ],
  sent: 20,
  clicked: 5,
  reported: 4,
  median_seconds_to_report: 240,
  repeat_offenders: [{ email: 'ben@acme.example', campaigns: 2 }],
};

const TEMPLATE: PhishingTemplate = {
  id: 1,
  kind: 'email',
  name: 'Parcel held at depot',
  subject: 'Delivery failed',
  content: '<p>Pay the fee</p><script>parent.alert(1)</script><a href="https://x.test">Book</a>',
  builtin: true,
  created_at: '2026-01-01T00:00:00.000Z',
};

const RESULTS = {
  campaign_id: 7,
  recipients: [
    {
      email: 'ada@acme.example',
      first_name: 'Ada',
      last_name: 'L',
      department: 'IT',
      sent_at: '2026-11-20T10:00:00.000Z',
      opened_at: '2026-11-20T10:02:00.000Z',
      clicked_at: '2026-11-20T10:03:00.000Z',
      submitted_at: null,
      reported_at: null,
    },
  ],
  events: [
    { at: '2026-11-20T10:00:00.000Z', email: 'ada@acme.example', kind: 'sent' },
    { at: '2026-11-20T10:02:00.000Z', email: 'ada@acme.example', kind: 'opened' },
    { at: '2026-11-20T10:03:00.000Z', email: 'ada@acme.example', kind: 'clicked' },
  ],
};

function setup(path: string) {
  const get = vi.fn(async (url: string) => {
    if (url.endsWith('/campaigns')) return [CAMPAIGN];
    if (url.endsWith('/stats')) return STATS;
    if (url.endsWith('/templates')) return [TEMPLATE];
    if (url.endsWith('/groups')) return [];
    if (url.endsWith('/results')) return RESULTS;
    if (url.endsWith('/campaigns/7')) return CAMPAIGN;
    throw new Error(`unexpected GET ${url}`);
  });
  const post = vi.fn(async (url: string, body: unknown): Promise<unknown> => {
    if (url.endsWith('/groups/preview'))
      return {
        valid: 1,
        invalid: 1,
        rows: [
          {
            line: 2,
            email: 'ada@acme.example',
            first_name: 'Ada',
            last_name: 'L',
            department: 'IT',
            error: null,
          },
          {
            line: 3,
            email: 'nope',
            first_name: 'Bo',
            last_name: '',
            department: '',
            error: 'nope is not an e-mail address.',
          },
        ],
      };
    if (url.endsWith('/templates')) return { ...TEMPLATE, id: 20, builtin: false };
    if (url.endsWith('/groups'))
      return {
        group: { id: 9, name: (body as { name: string }).name, recipient_count: 1, created_at: '' },
        skipped: 1,
      };
    return { task_id: 100 };
  });
  session.user = OPERATOR;
  renderPages(
    [
      { path: '/phishing-prevention', element: <PhishingListPage /> },
      { path: '/phishing-prevention/:id', element: <PhishingDetailPage /> },
    ],
    path,
    { api: { get, post } },
  );
  return { get, post, user: userEvent.setup() };
}

describe('phishing prevention pages', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    tasks.stopAll();
    session.user = null;
    vi.restoreAllMocks();
  });

  it('lists campaigns with their rates and the tenant-wide figures', async () => {
    setup('/phishing-prevention');
    const row = await screen.findByRole('row', { name: /Parcel redelivery/ });
    expect(within(row).getByText('75 %')).toBeTruthy(); // opened 3 of 4
    expect(within(row).getByText('50 %')).toBeTruthy(); // clicked 2 of 4
    const clickRate = screen.getByRole('group', { name: 'Click rate' });
    expect(within(clickRate).getByText('25 %')).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Median time to report' })).getByText('4 min'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Repeat offenders' })).getByText(
        'ben@acme.example (2)',
      ),
    ).toBeTruthy();
  });

  it('previews a CSV file with the bad row and its reason before importing the good ones', async () => {
    const { post, user } = setup('/phishing-prevention');
    await user.click(await screen.findByRole('button', { name: 'Import recipients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import recipients' });
    const csv = 'email,first_name,last_name,department\nada@acme.example,Ada,L,IT\nnope,Bo,,\n';
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([csv], 'staff.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByText('nope is not an e-mail address.')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/services/phishing/groups/preview', { csv });
    expect(within(dialog).getByLabelText(/Group name/)).toHaveProperty('value', 'staff');
    await user.click(within(dialog).getByRole('button', { name: 'Import 1 recipient' }));
    expect(post).toHaveBeenCalledWith('/services/phishing/groups', { name: 'staff', csv });
  });

  it('saves a template of your own, asking for its content first', async () => {
    const { post, user } = setup('/phishing-prevention');
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Invoice overdue');
    await user.type(within(dialog).getByLabelText(/^Subject/), 'Invoice 4411');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText('Enter the HTML of the message or page.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('HTML content'), '<p>Pay now</p>');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(post).toHaveBeenCalledWith('/services/phishing/templates', {
      kind: 'email',
      name: 'Invoice overdue',
      subject: 'Invoice 4411',
      content: '<p>Pay now</p>',
    });
  });

  it('shows results per recipient and exports them as CSV', async () => {
    const { user } = setup('/phishing-prevention/7');
    const table = await screen.findByRole('grid', { name: 'Recipients' });
    expect(await within(table).findByText('ada@acme.example')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Latest activity' }).textContent).toContain(
      'ada@acme.example clicked',
    );
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:results';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const text = await created[0]?.text();
    expect(text).toContain('ada@acme.example');
    expect(text).toContain('2026-11-20T10:03:00.000Z');
  });

  it('offers adding recipients and ending early on a running campaign', async () => {
    const { post, user } = setup('/phishing-prevention/7');
    await user.click(await screen.findByRole('button', { name: 'End early' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'End Parcel redelivery now?' });
    await user.click(within(confirm).getByRole('button', { name: 'End campaign' }));
    expect(post).toHaveBeenCalledWith('/services/phishing/campaigns/7/end');
    expect(screen.getByRole('button', { name: 'Add recipients' })).toBeTruthy();
  });
});

describe('TemplatePreview', () => {
  it('shows the content in a sandboxed frame, never as live HTML in the page', () => {
    const { container } = render(
      <ThemeProvider>
        <TemplatePreview template={TEMPLATE} />
      </ThemeProvider>,
    );
    const frame = screen.getByTitle('Preview of Parcel held at depot');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(TEMPLATE.content);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('a[href="https://x.test"]')).toBeNull();
  });
});
