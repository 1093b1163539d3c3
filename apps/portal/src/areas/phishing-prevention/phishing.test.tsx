import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  permissionsOnAllAreas,
  type CurrentUser,
  type PhishingCampaign,
  type PhishingGroup,
  type PhishingStats,
  type PhishingTemplate,
} from '@portal/api/contract';
import { ApiError } from '@portal/api/client';
import { ThemeProvider } from '@portal/ui';
import { session } from '../../services.ts';
import { tasks } from '../../state/tasks.ts';
import { PhishingListPage } from './PhishingListPage.tsx';
import { PhishingDetailPage } from './PhishingDetailPage.tsx';
import { TemplatePreview } from './TemplatePreview.tsx';
import { formatDateTime } from '../../lib/format.ts';
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

const OFFENDERS = [
  {
    email: 'ben@acme.example',
    name: 'Ben Ortiz',
    department: 'Sales',
    campaigns: 2,
    history: [
      {
        campaign_id: 7,
        campaign_name: 'Parcel redelivery',
        launched_at: '2026-11-20T10:00:00.000Z',
        opened: true,
        clicked: true,
        submitted: true,
        reported: false,
      },
      {
        campaign_id: 5,
        campaign_name: 'Password expiry',
        launched_at: '2026-09-01T10:00:00.000Z',
        opened: true,
        clicked: true,
        submitted: false,
        reported: true,
      },
    ],
  },
];

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

const GROUP: PhishingGroup = {
  id: 3,
  name: 'All staff',
  recipient_count: 12,
  created_at: '2026-11-01T00:00:00.000Z',
};

interface Setup {
  campaign?: PhishingCampaign;
  groups?: PhishingGroup[];
  templates?: PhishingTemplate[];
  remove?: (url: string) => Promise<unknown>;
  patch?: (url: string, body: unknown) => Promise<unknown>;
}

function setup(path: string, over: Setup = {}) {
  const campaign = over.campaign ?? CAMPAIGN;
  const get = vi.fn(async (url: string) => {
    if (url.endsWith('/campaigns')) return [campaign];
    if (url.endsWith('/stats')) return STATS;
    if (url.endsWith('/offenders')) return OFFENDERS;
    if (url.endsWith('/templates')) return over.templates ?? [TEMPLATE];
    if (url.endsWith('/groups')) return over.groups ?? [];
    if (url.endsWith('/results')) return RESULTS;
    if (url.endsWith(`/campaigns/${campaign.id}`)) return campaign;
    if (url.startsWith('/services/task/')) return { state: 'RUNNING', message: '' };
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
  const remove = vi.fn(over.remove ?? (async () => ({ task_id: 101 })));
  const patch = vi.fn(over.patch ?? (async () => campaign));
  session.user = OPERATOR;
  const router = renderPages(
    [
      { path: '/phishing-prevention', element: <PhishingListPage /> },
      { path: '/phishing-prevention/:id', element: <PhishingDetailPage /> },
    ],
    path,
    { api: { get, post, delete: remove, patch } },
  );
  return { get, post, remove, patch, router, user: userEvent.setup() };
}

// Another id than the running one: a task an earlier test left on campaign 7 keeps it busy.
const DRAFT: PhishingCampaign = {
  ...CAMPAIGN,
  id: 8,
  name: 'Q1 drill',
  state: 'draft',
  launched_at: null,
  counts: { ...CAMPAIGN.counts, sent: 0, opened: 0, clicked: 0, submitted: 0, reported: 0 },
};

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

  it('opens the full list of repeat offenders, each with their history per campaign', async () => {
    const { user } = setup('/phishing-prevention');
    await user.click(await screen.findByRole('button', { name: 'See all 1 and their history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repeat offenders' });
    const person = await within(dialog).findByRole('button', {
      name: 'Ben Ortiz (ben@acme.example) · clicked in 2 campaigns',
    });
    expect(person.getAttribute('aria-expanded')).toBe('false');
    await user.click(person);
    const history = within(dialog).getByRole('table', { name: 'History of ben@acme.example' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `Parcel redelivery${formatDateTime('2026-11-20T10:00:00.000Z')}opened, clicked, submitted the form`,
      `Password expiry${formatDateTime('2026-09-01T10:00:00.000Z')}opened, clicked, reported it`,
    ]);
    expect(
      within(history).getByRole('link', { name: 'Password expiry' }).getAttribute('href'),
    ).toBe('/phishing-prevention/5');
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

  it('launches only after confirming, naming the recipients and the send window', async () => {
    // Another id than the draft of the next test: the launch holds its campaign busy.
    const { post, user } = setup('/phishing-prevention/9', {
      campaign: {
        ...DRAFT,
        id: 9,
        launch_at: '2099-01-05T08:00:00.000Z',
        send_by: '2099-01-05T12:00:00.000Z',
      },
      groups: [
        { id: 3, name: 'All staff', recipient_count: 42, created_at: '2026-11-01T00:00:00.000Z' },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Launch' }));
    const dialog = await screen.findByRole('alertdialog', { name: `Launch ${DRAFT.name}?` });
    expect(post).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(dialog.textContent).toContain(
        `The message goes to 42 recipients in All staff, from ${formatDateTime('2099-01-05T08:00:00.000Z')}, spread until ${formatDateTime('2099-01-05T12:00:00.000Z')}.`,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Launch to 42' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/services/phishing/campaigns/9/launch'));
  });

  it('edits a draft and deletes it once its name is typed, then goes back to the list', async () => {
    const { patch, remove, router, user } = setup('/phishing-prevention/8', { campaign: DRAFT });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Q1 drill' }, { timeout: 5000 });
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Q1 drill, take 2');
    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/services/phishing/campaigns/8', {
        name: 'Q1 drill, take 2',
        template_id: 1,
        landing_page_id: 4,
        group_id: 3,
        launch_at: null,
        send_by: null,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete campaign Q1 drill?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByRole('textbox', { name: /Type Q1 drill/ }), 'Q1 drill');
    await user.click(confirm);
    await waitFor(() => expect(remove).toHaveBeenCalledWith('/services/phishing/campaigns/8'));
    expect(tasks.isTracking(101)).toBe(true);
    await waitFor(() => expect(router.location.pathname).toBe('/phishing-prevention'));
  }, 20_000);

  it('offers no delete for a running campaign in the list, saying why', async () => {
    const { user } = setup('/phishing-prevention');
    await user.click(await screen.findByRole('button', { name: 'Actions for Parcel redelivery' }));
    const item = await screen.findByRole('menuitem', { name: /Delete/ });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(document.body.textContent).toContain(
      'Only a draft or scheduled campaign can be deleted',
    );
  });

  it("keeps a group's delete dialog open with the sentence naming the campaign that uses it", async () => {
    const refusal =
      'The recipient group All staff is used by the campaign Parcel redelivery; delete that campaign first.';
    const { remove, user } = setup('/phishing-prevention', {
      groups: [GROUP],
      remove: async () => {
        throw new ApiError(refusal, 409, { message: refusal });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete All staff' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Delete recipient group All staff?',
    });
    await user.type(within(dialog).getByRole('textbox', { name: /Type All staff/ }), 'All staff');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(remove).toHaveBeenCalledWith('/services/phishing/groups/3');
  }, 20_000);

  it('edits and deletes a template of your own, never a built-in one', async () => {
    const own: PhishingTemplate = { ...TEMPLATE, id: 20, name: 'Invoice', builtin: false };
    const { patch, remove, user } = setup('/phishing-prevention', {
      templates: [TEMPLATE, own],
      remove: async () => undefined,
      patch: async () => ({ ...own, name: 'Invoice overdue' }),
    });
    expect(await screen.findByRole('button', { name: 'Edit Invoice' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Edit ${TEMPLATE.name}` })).toBeNull();
    expect(screen.queryByRole('button', { name: `Delete ${TEMPLATE.name}` })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit Invoice' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Invoice' });
    await user.type(within(form).getByLabelText(/^Name/), ' overdue');
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/services/phishing/templates/20', {
        name: 'Invoice overdue',
        subject: TEMPLATE.subject,
        content: TEMPLATE.content,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete Invoice' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete template Invoice?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Type Invoice/ }), 'Invoice');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('/services/phishing/templates/20'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  }, 20_000);
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
