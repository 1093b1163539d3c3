import { useState } from 'react';
import styled from 'styled-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { mdiCommentTextOutline } from '@mdi/js';
import {
  CommentBody,
  DetectionBulkBody,
  type EdrDetection,
  type DetectionStatus,
} from '@portal/api/contract';
import { errorText } from '@portal/api/client';
import { DETECTION_STATUS_LABELS, SEVERITY_LABELS } from '@portal/api/domain';
import { Button, DataTable, EmptyState, StatusChip, type DataTableColumn } from '@portal/ui';
import { FormDialog, FormSelect, FormTextField, useContractForm } from '../../kit/form/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { notify } from '../../services.ts';
import { SEVERITY_CHIP, STATUS_CHIP } from './labels.ts';
import { crowdstrikeClient, crowdstrikeKeys, crowdstrikeQueries } from './queries.ts';

const SEVERITY_ORDER = { critical: 0, high: 1, medium: 2, low: 3 } as const;

const COLUMNS: DataTableColumn<EdrDetection>[] = [
  {
    id: 'severity',
    header: 'Severity',
    accessor: (d) => SEVERITY_LABELS[d.severity],
    filter: 'select',
    width: 120,
    cell: (d) => (
      <StatusChip status={SEVERITY_CHIP[d.severity]} label={SEVERITY_LABELS[d.severity]} />
    ),
  },
  { id: 'tactic', header: 'Tactic', accessor: 'tactic', filter: 'select', minWidth: 150 },
  {
    id: 'technique',
    header: 'Technique',
    accessor: 'technique',
    minWidth: 200,
    defaultHidden: true,
  },
  { id: 'description', header: 'What happened', accessor: 'description', minWidth: 240 },
  { id: 'host', header: 'Host', accessor: 'hostname', filter: 'select', minWidth: 140 },
  {
    id: 'time',
    header: 'Time',
    accessor: 'detected_at',
    width: 170,
    searchable: false,
    cell: (d) => formatDateTime(d.detected_at),
  },
  {
    id: 'status',
    header: 'Status',
    accessor: (d) => DETECTION_STATUS_LABELS[d.status],
    filter: 'select',
    width: 130,
    cell: (d) => (
      <StatusChip status={STATUS_CHIP[d.status]} label={DETECTION_STATUS_LABELS[d.status]} />
    ),
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

interface BulkValues {
  ids: number[];
  status: DetectionStatus;
  assignee: string;
  comment: string;
}

const bulkBody = (values: BulkValues): DetectionBulkBody => ({
  ids: values.ids,
  status: values.status,
  ...(values.assignee.trim() ? { assignee: values.assignee.trim() } : {}),
  ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
});

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

/** Changes the status (and optionally the assignee, with a comment) of the chosen detections. */
function BulkDialog({
  medrId,
  detections,
  onClose,
}: {
  medrId: number;
  detections: EdrDetection[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const form = useContractForm<BulkValues>(DetectionBulkBody, {
    defaultValues: {
      ids: detections.map((d) => d.id),
      status: 'closed',
      assignee: '',
      comment: '',
    },
    toBody: bulkBody,
  });
  const count = detections.length;
  return (
    <FormDialog
      form={form}
      open
      onOpenChange={(open) => !open && onClose()}
      title={count === 1 ? 'Change the detection' : `Change ${count} detections`}
      description={count === 1 ? detections[0]?.description : 'The same change applies to each.'}
      submitLabel="Save"
      onSubmit={async (values) => {
        const { updated } = await crowdstrikeClient().updateDetections(medrId, bulkBody(values));
        await client.invalidateQueries({ queryKey: crowdstrikeKeys.medr(medrId) });
        await client.invalidateQueries({ queryKey: crowdstrikeKeys.list() });
        notify(
          updated === 1 ? 'The detection was updated.' : `${updated} detections were updated.`,
          'success',
        );
      }}
    >
      <FormSelect<BulkValues> name="status" label="Status" options={STATUS_OPTIONS} required />
      <FormTextField<BulkValues> name="assignee" label="Assignee" help="Leave empty to keep it." />
      <FormTextField<BulkValues> name="comment" label="Comment" help="Added to each detection." />
    </FormDialog>
  );
}

/** A detection's comments, and a new one. */
function CommentsDialog({
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
      open
      onOpenChange={(open) => !open && onClose()}
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
      {detection.comments.length === 0 ? (
        <p>No comments yet.</p>
      ) : (
        <List aria-label="Comments">
          {detection.comments.map((comment) => (
            <li key={comment.id}>
              {comment.body}
              <Meta>
                {comment.author} · {formatDateTime(comment.created_at)}
              </Meta>
            </li>
          ))}
        </List>
      )}
      <FormTextField<CommentBody> name="body" label="New comment" required />
    </FormDialog>
  );
}

/** The medr's detections queue: newest first, bulk status change, comments. */
export function DetectionsTab({ medrId, lockedReason }: { medrId: number; lockedReason?: string }) {
  const query = useQuery(crowdstrikeQueries.detections(medrId));
  const [bulk, setBulk] = useState<EdrDetection[] | null>(null);
  const [comments, setComments] = useState<number | null>(null);
  const commented = query.data?.find((d) => d.id === comments);
  const rows = query.data ?? [];
  return (
    <>
      <DataTable<EdrDetection>
        aria-label="Detections"
        data={rows}
        columns={COLUMNS}
        getRowId={(d) => String(d.id)}
        getRowLabel={(d) =>
          `${SEVERITY_LABELS[d.severity]} ${d.tactic} on ${d.hostname} at ${formatDateTime(d.detected_at)}`
        }
        loading={query.isPending}
        error={query.error ? errorText(query.error) : undefined}
        onRetry={() => void query.refetch()}
        searchLabel="Search detections"
        defaultSorting={{ id: 'time', desc: true }}
        emptyState={
          <EmptyState
            title="No detections"
            description="Detections raised by your hosts' sensors appear here."
          />
        }
        rowActions={(d) => [
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
                [...selected].sort(
                  (a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity],
                ),
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
