import { Suspense, useMemo, useState } from 'react';
import { lazyNamed } from '../../kit/area.tsx';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { mdiAccountPlus, mdiDelete, mdiDownload, mdiEmailFast, mdiPencil, mdiStop } from '@mdi/js';
import {
  RESULT_EVENTS,
  type PhishingCampaign,
  type PhishingRecipientsAdd,
  type PhishingResults,
} from '@portal/api/contract';
import { errorText } from '@portal/api/client';
import { campaignDeleteRefusal, percentText } from '@portal/api/domain';
import {
  Button,
  DataTable,
  downloadCsv,
  MetricChart,
  StatGrid,
  StatTile,
  toCsv,
  type DataTableColumn,
  type MetricSeries,
} from '@portal/ui';
import { DetailPage } from '../../kit/DetailPage.tsx';
import { readStateProps } from '../../kit/queryError.ts';
import { useResourceBusy, useTaskAction } from '../../kit/useTaskAction.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useManage } from '../../state/permissions.ts';
import { AddRecipientsDialog } from './AddRecipientsDialog.tsx';
import { DeleteCampaignDialog } from './DeleteCampaignDialog.tsx';
import { NewCampaignDialog } from './NewCampaignDialog.tsx';
import { campaignResource } from './campaignResource.ts';
import { CampaignStateChip, rateOf } from './parts.tsx';
import { PHISHING_PERMISSION } from './permission.ts';
import { isLive, phishingApiOf, phishingKeys, phishingQueries } from './queries.ts';
import { TemplatePreview } from './TemplatePreview.tsx';

const ConfirmDialog = lazyNamed(() => import('@portal/ui/ConfirmDialog'), 'ConfirmDialog');

type RecipientRow = PhishingResults['recipients'][number];

const EVENT_LABEL = {
  sent: 'Sent',
  opened: 'Opened',
  clicked: 'Clicked',
  submitted: 'Submitted data',
  reported: 'Reported',
} as const;

const at = (value: string | null) => value ?? '';
const RECIPIENT_COLUMNS: DataTableColumn<RecipientRow>[] = [
  { id: 'email', header: 'E-mail', accessor: 'email', sortable: true },
  {
    id: 'name',
    header: 'Name',
    accessor: (row) => `${row.first_name} ${row.last_name}`.trim(),
    sortable: true,
  },
  { id: 'department', header: 'Department', accessor: 'department', filter: 'select' },
  ...RESULT_EVENTS.map((kind): DataTableColumn<RecipientRow> => ({
    id: kind,
    header: EVENT_LABEL[kind],
    accessor: (row) => at(row[`${kind}_at`]),
    cell: (row) => formatDateTime(row[`${kind}_at`], '–'),
    sortable: true,
  })),
];

const Stack = styled.div`
  display: grid;
  gap: 24px;
`;

const Activity = styled.ol`
  margin: 0;
  padding-left: 20px;
  display: grid;
  gap: 4px;
`;

/** Cumulative counts per kind of event over time: the results timeline. */
function timelineOf(results: PhishingResults): MetricSeries[] {
  return RESULT_EVENTS.map((kind) => {
    let count = 0;
    const points: (readonly [number, number])[] = [];
    for (const event of results.events) {
      if (event.kind !== kind) continue;
      count += 1;
      points.push([Date.parse(event.at), count]);
    }
    return { label: EVENT_LABEL[kind], unit: 'count', points };
  });
}

function ResultsTab({ campaign }: { campaign: PhishingCampaign }) {
  const results = useQuery(phishingQueries.results(campaign.id, isLive(campaign.state)));
  const { data } = results;
  const series = useMemo(() => (data ? timelineOf(data) : []), [data]);
  const latest = data ? data.events.slice(-8).reverse() : [];
  const { counts } = campaign;
  return (
    <Stack>
      <StatGrid aria-label="Campaign rates">
        <StatTile label="Sent" value={`${counts.sent} of ${counts.recipients}`} />
        <StatTile label="Opened" value={rateOf(campaign, 'opened')} hint={`${counts.opened}`} />
        <StatTile
          label="Clicked"
          value={rateOf(campaign, 'clicked')}
          hint={`${counts.clicked}`}
          tone={counts.clicked > 0 ? 'warning' : 'neutral'}
        />
        <StatTile
          label="Submitted data"
          value={percentText(counts.submitted, counts.sent)}
          hint={`${counts.submitted}`}
          tone={counts.submitted > 0 ? 'critical' : 'neutral'}
        />
        <StatTile
          label="Reported"
          value={rateOf(campaign, 'reported')}
          hint={`${counts.reported}`}
          tone={counts.reported > 0 ? 'good' : 'neutral'}
        />
      </StatGrid>
      <MetricChart
        title="Results timeline"
        series={series}
        rangePicker={false}
        {...readStateProps(results)}
        emptyMessage={
          campaign.state === 'draft' ? 'The campaign has not been launched.' : 'Nothing sent yet.'
        }
      />
      {latest.length > 0 && (
        <section aria-labelledby="phishing-latest">
          <h3 id="phishing-latest">Latest activity</h3>
          <Activity aria-label="Latest activity">
            {latest.map((event) => (
              <li key={`${event.email}-${event.kind}`}>
                {formatDateTime(event.at)}: {event.email}{' '}
                {EVENT_LABEL[event.kind as keyof typeof EVENT_LABEL]?.toLowerCase() ?? event.kind}
              </li>
            ))}
          </Activity>
        </section>
      )}
      <DataTable
        caption="Recipients"
        data={data?.recipients ?? []}
        columns={RECIPIENT_COLUMNS}
        getRowId={(row) => row.email}
        getRowLabel={(row) => row.email}
        loading={results.isPending}
        searchable
        searchLabel="Search recipients"
        toolbar={
          <Button
            variant="outlined"
            size="small"
            leadingIcon={mdiDownload}
            disabled={!data || data.recipients.length === 0}
            onClick={() =>
              data &&
              downloadCsv(
                `phishing-campaign-${campaign.id}-results.csv`,
                toCsv(data.recipients, RECIPIENT_COLUMNS),
              )
            }
          >
            Export CSV
          </Button>
        }
        emptyState={<p>No recipients yet: the campaign has not been launched.</p>}
      />
    </Stack>
  );
}

function MessageTab({ campaign }: { campaign: PhishingCampaign }) {
  const templates = useQuery(phishingQueries.templates()).data ?? [];
  const template = templates.find((each) => each.id === campaign.template.id);
  const landing = templates.find((each) => each.id === campaign.landing_page.id);
  return (
    <Stack>
      <section>
        <h3>E-mail: {campaign.template.name}</h3>
        {template && <TemplatePreview template={template} />}
      </section>
      <section>
        <h3>Landing page: {campaign.landing_page.name}</h3>
        {landing && <TemplatePreview template={landing} />}
      </section>
    </Stack>
  );
}

/** The send window in words: from when, and until when the messages are spread. */
export function sendWindowText(
  campaign: Pick<PhishingCampaign, 'launch_at' | 'send_by'>,
  now = Date.now(),
): string {
  const start =
    campaign.launch_at && Date.parse(campaign.launch_at) > now
      ? `from ${formatDateTime(campaign.launch_at)}`
      : 'from now';
  return campaign.send_by
    ? `${start}, spread until ${formatDateTime(campaign.send_by)}`
    : `${start}, all at once`;
}

/** Asks before launching: to how many people, from which group, and over which window. */
function LaunchDialog({
  campaign,
  onOpenChange,
  onConfirm,
}: {
  campaign: PhishingCampaign;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<void>;
}) {
  const groups = useQuery(phishingQueries.groups());
  const count = groups.data?.find((group) => group.id === campaign.group.id)?.recipient_count;
  const who =
    count === undefined
      ? `the recipients of ${campaign.group.name}`
      : `${count} ${count === 1 ? 'recipient' : 'recipients'} in ${campaign.group.name}`;
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={`Launch ${campaign.name}?`}
      description={`The message goes to ${who}, ${sendWindowText(campaign)}. Once launched the campaign cannot be edited; it can be ended early.`}
      confirmLabel={count === undefined ? 'Launch' : `Launch to ${count}`}
      tone="primary"
      onConfirm={onConfirm}
    />
  );
}

/** `/phishing-prevention/{id}`: a campaign's results, its message, and what can be done with it. */
export function PhishingDetailPage() {
  const id = Number(useParams().id);
  const { data: campaign, error, isPending, refetch } = useQuery(phishingQueries.campaign(id));
  const { canManage, readOnlyReason: readOnly } = useManage(PHISHING_PERMISSION);
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState(false);
  const [launching, setLaunching] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const invalidates = [phishingKeys.campaign(id), phishingKeys.campaigns(), phishingKeys.stats()];
  const resource = campaignResource(id);
  const launch = useTaskAction({
    operation: 'Launch',
    kind: 'other',
    resource,
    invalidates,
    runningLabel: 'Launching…',
  });
  const end = useTaskAction({
    operation: 'End campaign',
    kind: 'other',
    resource,
    invalidates,
    runningLabel: 'Ending…',
  });
  const add = useTaskAction({
    operation: 'Add recipients',
    kind: 'other',
    resource,
    invalidates,
    runningLabel: 'Adding…',
    onRequestError: () => true,
  });
  const startAdding = async (body: PhishingRecipientsAdd) => {
    const run = await add.run(() => phishingApiOf().addRecipients(id, body));
    if (!run.ok) throw run.error;
    return { task_id: run.taskId };
  };
  const removal = useResourceBusy(resource);
  const busy = launch.busy || end.busy || add.busy || removal.busy;
  const state = campaign?.state;
  return (
    <DetailPage
      listPath="/phishing-prevention"
      listLabel="Phishing prevention"
      noun="campaign"
      loadingTitle={`Campaign ${id}`}
      title={campaign?.name}
      status={campaign && <CampaignStateChip state={campaign.state} />}
      description={
        campaign &&
        `${campaign.group.name} · ${campaign.template.name} · ${
          campaign.launched_at
            ? `launched ${formatDateTime(campaign.launched_at)}`
            : campaign.launch_at
              ? `launches ${formatDateTime(campaign.launch_at)}`
              : 'launches when you launch it'
        }${campaign.send_by ? ` · sent by ${formatDateTime(campaign.send_by)}` : ''}`
      }
      loading={isPending}
      error={error}
      onRetry={() => void refetch()}
      actions={
        campaign && (
          <>
            {state === 'draft' && (
              <Button
                variant="primary"
                leadingIcon={mdiEmailFast}
                loading={launch.busy}
                disabled={!canManage || busy}
                title={readOnly}
                onClick={() => setLaunching(true)}
              >
                {launch.label ?? 'Launch'}
              </Button>
            )}
            {state === 'draft' && (
              <Button
                variant="outlined"
                leadingIcon={mdiPencil}
                disabled={!canManage || busy}
                title={readOnly}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
            )}
            {state !== undefined && campaignDeleteRefusal(state) === null && (
              <Button
                variant="danger"
                leadingIcon={mdiDelete}
                loading={removal.busy}
                disabled={!canManage || busy}
                title={readOnly}
                onClick={() => setDeleting(true)}
              >
                {removal.busy ? (removal.label ?? 'Deleting…') : 'Delete'}
              </Button>
            )}
            {state === 'running' && (
              <Button
                variant="outlined"
                leadingIcon={mdiAccountPlus}
                disabled={!canManage || busy}
                title={readOnly}
                onClick={() => setAdding(true)}
              >
                Add recipients
              </Button>
            )}
            {isLive(state) && (
              <Button
                variant="danger"
                leadingIcon={mdiStop}
                loading={end.busy}
                disabled={!canManage || busy}
                title={readOnly}
                onClick={() => setEnding(true)}
              >
                {end.label ?? 'End early'}
              </Button>
            )}
            {/* The dialogs: the tabs are the page's body, so they live with the actions. */}
            <AddRecipientsDialog
              campaignName={campaign.name}
              open={adding}
              onOpenChange={setAdding}
              start={startAdding}
            />
            {state === 'draft' && (
              <NewCampaignDialog open={editing} onOpenChange={setEditing} campaign={campaign} />
            )}
            {deleting && (
              <DeleteCampaignDialog
                campaign={campaign}
                open={deleting}
                onOpenChange={setDeleting}
                onDeleted={() => navigate('/phishing-prevention')}
              />
            )}
            {launching && (
              <Suspense fallback={null}>
                <LaunchDialog
                  campaign={campaign}
                  onOpenChange={setLaunching}
                  onConfirm={async () => {
                    const run = await launch.run(() => phishingApiOf().launch(id));
                    if (!run.ok) throw new Error(errorText(run.error));
                  }}
                />
              </Suspense>
            )}
            {ending && (
              <Suspense fallback={null}>
                <ConfirmDialog
                  open={ending}
                  onOpenChange={setEnding}
                  title={`End ${campaign.name} now?`}
                  description="No more messages are sent and no more results are recorded. This cannot be undone."
                  confirmLabel="End campaign"
                  tone="danger"
                  onConfirm={() => end.run(() => phishingApiOf().end(id))}
                />
              </Suspense>
            )}
          </>
        )
      }
      tabsLabel="Campaign details"
      tabs={
        campaign
          ? [
              { id: 'results', label: 'Results', content: <ResultsTab campaign={campaign} /> },
              { id: 'message', label: 'Message', content: <MessageTab campaign={campaign} /> },
            ]
          : []
      }
    />
  );
}
