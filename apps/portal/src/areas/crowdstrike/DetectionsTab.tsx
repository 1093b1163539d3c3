import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { mdiCommentTextOutline, mdiOpenInNew } from '@mdi/js';
import {
  CommentBody,
  DetectionBulkBody,
  type DetectionResolution,
  type DetectionStatus,
  type EdrDetection,
} from '@portal/api/contract';
import { tableReadProps } from '../../kit/queryError.ts';
import { useUrlParam } from '../../kit/urlParam.ts';
import {
  byDetectionPriority,
  detectionChangeRefusal,
  DETECTION_STATUS_LABELS,
  RESOLUTION_LABELS,
  SEVERITY_LABELS,
  SEVERITY_RANK,
} from '@portal/api/domain';
import {
  Button,
  DataTable,
  EmptyState,
  Link,
  Select,
  StatusChip,
  type DataTableColumn,
} from '@portal/ui';
import {
  FormDialog,
  FormRadioGroup,
  FormSelect,
  FormTextField,
  useContractForm,
} from '../../kit/form/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { notify } from '../../services.ts';
import { SEVERITY_CHIP, STATUS_CHIP } from './labels.ts';
import { detectionPath, hostPath } from './paths.ts';
import { crowdstrikeClient, crowdstrikeKeys, crowdstrikeQueries } from './queries.ts';

const columnsFor = (medrId: number, withHost: boolean): DataTableColumn<EdrDetection>[] => [
  {
    id: 'severity',
    header: 'Severity',
    accessor: (d) => SEVERITY_LABELS[d.severity],
    filter: 'select',
    filterOptions: (['critical', 'high', 'medium', 'low'] as const).map((s) => SEVERITY_LABELS[s]),
    width: 120,
    priority: 1,
    cell: (d) => (
      <StatusChip status={SEVERITY_CHIP[d.severity]} label={SEVERITY_LABELS[d.severity]} />
    ),
  },
  {
    id: 'tactic',
    header: 'Tactic',
    accessor: 'tactic',
    filter: 'select',
    minWidth: 150,
    priority: 2,
    cell: (d) => <Link href={detectionPath(medrId, d.id)}>{d.tactic}</Link>,
  },
  {
    id: 'technique',
    header: 'Technique',
    accessor: 'technique',
    minWidth: 200,
    defaultHidden: true,
  },
  {
    id: 'description',
    header: 'What happened',
    accessor: 'description',
    minWidth: 240,
    priority: 4,
  },
  ...(withHost
    ? [
        {
          id: 'host',
          header: 'Host',
          accessor: 'hostname',
          filter: 'select',
          minWidth: 140,
          priority: 2,
          cell: (d) => <Link href={hostPath(medrId, d.host_id)}>{d.hostname}</Link>,
        } satisfies DataTableColumn<EdrDetection>,
      ]
    : []),
  {
    id: 'time',
    header: 'Time',
    accessor: 'detected_at',
    width: 170,
    priority: 2,
    searchable: false,
    cell: (d) => formatDateTime(d.detected_at),
  },
  {
    id: 'status',
    header: 'Status',
    accessor: (d) => DETECTION_STATUS_LABELS[d.status],
    filter: 'select',
    minWidth: 130,
    priority: 1,
    // What a closed one was goes with its status, so it stays when the Resolution column drops.
    cell: (d) => (
      <StatusChip
        status={STATUS_CHIP[d.status]}
        label={
          d.resolution
            ? `${DETECTION_STATUS_LABELS[d.status]} · ${RESOLUTION_LABELS[d.resolution]}`
            : DETECTION_STATUS_LABELS[d.status]
        }
      />
    ),
  },
  {
    id: 'resolution',
    header: 'Resolution',
    accessor: (d) => (d.resolution ? RESOLUTION_LABELS[d.resolution] : ''),
    filter: 'select',
    minWidth: 130,
    priority: 3,
    // The status cell says it already; the column is there to filter and sort by.
    defaultHidden: true,
  },
  { id: 'assignee', header: 'Assignee', accessor: (d) => d.assignee ?? '', minWidth: 120 },
  {
    id: 'comments',
    header: 'Comments',
    accessor: (d) => d.comments.length,
    align: 'end',
    width: 110,
  },
];

const STATUS_OPTIONS = (['new', 'in_progress', 'closed'] as const).map((status) => ({
  value: status,
  label: DETECTION_STATUS_LABELS[status],
}));

const RESOLUTION_OPTIONS = (['true_positive', 'false_positive', 'ignored'] as const).map(
  (resolution) => ({ value: resolution, label: RESOLUTION_LABELS[resolution] }),
);

/** The assignee field's choices besides the users: leave it, or nobody. */
const KEEP = '__keep__';
const NOBODY = '__nobody__';

interface BulkValues {
  ids: number[];
  status: DetectionStatus | '';
  resolution: DetectionResolution | '';
  assignee: string;
  comment: string;
}

const bulkBody = (values: BulkValues, initialAssignee: string): DetectionBulkBody => ({
  ids: values.ids,
  ...(values.status ? { status: values.status } : {}),
  ...(values.status === 'closed' && values.resolution ? { resolution: values.resolution } : {}),
  ...(values.assignee === KEEP || values.assignee === initialAssignee
    ? {}
    : { assignee: values.assignee === NOBODY ? null : values.assignee }),
  ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
});

/** The status the selection shares, or none when they differ. */
const sharedStatus = (detections: readonly EdrDetection[]): DetectionStatus | '' => {
  const first = detections[0]?.status;
  return first && detections.every((d) => d.status === first) ? first : '';
};

const List = styled.ol`
  margin: 0;
  padding: 0 0 0 20px;
  display: grid;
  gap: 8px;
`;

const Meta = styled.span`
  display: block;
  color: var(--ui-color-text-secondary);
  font-size: 0.875rem;
`;

/**
 * Changes the status of the chosen detections (starting on the status they have), asks what a
 * closed one was, and assigns them to one of the tenant's users; optionally with a comment.
 */
export function BulkDialog({
  medrId,
  detections,
  onClose,
}: {
  medrId: number;
  detections: EdrDetection[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const assignees = useQuery(crowdstrikeQueries.assignees(medrId));
  const single = detections.length === 1 ? detections[0] : undefined;
  // One detection starts on its own assignee; several keep theirs unless one is chosen.
  const initialAssignee = single ? (single.assignee ?? NOBODY) : KEEP;
  const form = useContractForm<BulkValues>(DetectionBulkBody, {
    defaultValues: {
      ids: detections.map((d) => d.id),
      status: sharedStatus(detections),
      resolution: single?.resolution ?? '',
      assignee: initialAssignee,
      comment: '',
    },
    toBody: (values) => bulkBody(values, initialAssignee),
    refine: (values) => {
      if (!values.status) return { status: 'Choose the status.' };
      const refusal = detectionChangeRefusal({
        status: values.status,
        resolution: values.resolution || undefined,
      });
      return refusal?.field === 'resolution' ? { resolution: 'Say what the detection was.' } : {};
    },
  });
  const status = useWatch({ control: form.control, name: 'status' });
  const known = new Set((assignees.data ?? []).map((user) => user.email));
  const count = detections.length;
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={count === 1 ? 'Change the detection' : `Change ${count} detections`}
      description={count === 1 ? single?.description : 'The same change applies to each.'}
      submitLabel="Save"
      onSubmit={async (values) => {
        const { updated } = await crowdstrikeClient().updateDetections(
          medrId,
          bulkBody(values, initialAssignee),
        );
        await client.invalidateQueries({ queryKey: crowdstrikeKeys.medr(medrId) });
        await client.invalidateQueries({ queryKey: crowdstrikeKeys.list() });
        notify(
          updated === 1 ? 'The detection was updated.' : `${updated} detections were updated.`,
          'success',
        );
      }}
    >
      <FormSelect<BulkValues>
        name="status"
        label="Status"
        placeholder="Choose (the detections differ)"
        options={STATUS_OPTIONS}
        required
      />
      {status === 'closed' && (
        <FormRadioGroup<BulkValues>
          name="resolution"
          label="Resolution"
          options={RESOLUTION_OPTIONS}
          required
        />
      )}
      <FormSelect<BulkValues>
        name="assignee"
        label="Assignee"
        placeholder={assignees.isPending ? 'Loading users…' : 'Choose'}
        options={[
          ...(single ? [] : [{ value: KEEP, label: 'Keep as it is' }]),
          { value: NOBODY, label: 'Nobody' },
          // An assignee from before the users were offered stays shown until changed.
          ...(single?.assignee && !known.has(single.assignee)
            ? [{ value: single.assignee, label: single.assignee }]
            : []),
          ...(assignees.data ?? []).map((user) => ({
            value: user.email,
            label: user.name === user.email ? user.email : `${user.name} (${user.email})`,
            description: user.tenant_name,
          })),
        ]}
        help="One of your organisation's users."
      />
      <FormTextField<BulkValues> name="comment" label="Comment" help="Added to each detection." />
    </FormDialog>
  );
}

/** A detection's comments, and a new one. */
export function CommentsDialog({
  medrId,
  detection,
  onClose,
}: {
  medrId: number;
  detection: EdrDetection;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const form = useContractForm<CommentBody>(CommentBody, {
    defaultValues: { body: '' },
    labels: { body: 'comment' },
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`Comments on ${detection.tactic} at ${detection.hostname}`}
      description={detection.description}
      submitLabel="Add comment"
      size="medium"
      onSubmit={async (values) => {
        await crowdstrikeClient().comment(medrId, detection.id, values.body.trim());
        await client.invalidateQueries({ queryKey: crowdstrikeKeys.medr(medrId) });
        notify('The comment was added.', 'success');
      }}
    >
      <CommentList comments={detection.comments} />
      <FormTextField<CommentBody> name="body" label="New comment" required />
    </FormDialog>
  );
}

/** Comments, oldest first, with author and time. */
export function CommentList({ comments }: { comments: EdrDetection['comments'] }) {
  if (comments.length === 0) return <p>No comments yet.</p>;
  return (
    <List aria-label="Comments">
      {comments.map((comment) => (
        <li key={comment.id}>
          {comment.body}
          <Meta>
            {comment.author} · {formatDateTime(comment.created_at)}
          </Meta>
        </li>
      ))}
    </List>
  );
}

/** Which detections the queue shows: open ones (new, in progress) by default. */
export type DetectionView = 'open' | 'closed' | 'all';
export const VIEW_PARAM = 'show';
const VIEWS: { value: DetectionView; label: string }[] = [
  { value: 'open', label: 'Open (new and in progress)' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];
const viewOf = (value: string | null): DetectionView =>
  value === 'closed' || value === 'all' ? value : 'open';

const EMPTY: Record<DetectionView, { title: string; description: string }> = {
  open: {
    title: 'No open detections',
    description: 'Every detection is closed. Show closed ones to see what they were.',
  },
  closed: { title: 'No closed detections', description: 'Closed detections appear here.' },
  all: {
    title: 'No detections',
    description: "Detections raised by your hosts' sensors appear here.",
  },
};

/**
 * The medr's detection queue (or one host's): severity first, then newest; open ones unless
 * closed ones are asked for (kept in the URL, `?show=`); status, resolution, assignee, comments.
 */
export function DetectionsTab({
  medrId,
  hostId,
  lockedReason,
}: {
  medrId: number;
  /** Only this host's detections (the host's page). */
  hostId?: number;
  lockedReason?: string;
}) {
  const all = useQuery({
    ...crowdstrikeQueries.detections(medrId),
    enabled: hostId === undefined,
  });
  const ofHost = useQuery({
    ...crowdstrikeQueries.host(medrId, hostId ?? 0),
    enabled: hostId !== undefined,
  });
  const query = hostId === undefined ? all : ofHost;
  const data = hostId === undefined ? all.data : ofHost.data?.detections;
  const navigate = useNavigate();
  const [viewParam, setViewParam] = useUrlParam(VIEW_PARAM);
  const view = viewOf(viewParam);
  const [bulk, setBulk] = useState<EdrDetection[] | null>(null);
  const [comments, setComments] = useState<number | null>(null);
  const commented = data?.find((d) => d.id === comments);
  const rows = useMemo(
    () =>
      (data ?? [])
        .filter((d) => view === 'all' || (view === 'closed') === (d.status === 'closed'))
        .sort(byDetectionPriority),
    [data, view],
  );
  const columns = useMemo(() => columnsFor(medrId, hostId === undefined), [medrId, hostId]);
  return (
    <>
      <DataTable<EdrDetection>
        aria-label="Detections"
        data={rows}
        columns={columns}
        getRowId={(d) => String(d.id)}
        getRowLabel={(d) =>
          `${SEVERITY_LABELS[d.severity]} ${d.tactic} on ${d.hostname} at ${formatDateTime(d.detected_at)}`
        }
        {...tableReadProps(query)}
        searchLabel="Search detections"
        emptyState={<EmptyState {...EMPTY[view]} />}
        toolbar={
          <Select
            label="Show"
            inline
            options={VIEWS}
            value={view}
            onValueChange={(value) => setViewParam(value === 'open' ? null : value)}
          />
        }
        rowActions={(d) => [
          {
            id: 'open',
            label: 'Open',
            icon: mdiOpenInNew,
            onSelect: () => navigate(detectionPath(medrId, d.id)),
          },
          {
            id: 'comments',
            label: 'Comments',
            icon: mdiCommentTextOutline,
            onSelect: () => setComments(d.id),
          },
          {
            id: 'change',
            label: 'Change status',
            disabledReason: lockedReason,
            onSelect: () => setBulk([d]),
          },
        ]}
        renderBulkActions={(selected, clear) => (
          <Button
            disabledReason={lockedReason}
            onClick={() => {
              setBulk(
                [...selected].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]),
              );
              clear();
            }}
          >
            Change status
          </Button>
        )}
      />
      {bulk && <BulkDialog medrId={medrId} detections={bulk} onClose={() => setBulk(null)} />}
      {commented && (
        <CommentsDialog medrId={medrId} detection={commented} onClose={() => setComments(null)} />
      )}
    </>
  );
}
