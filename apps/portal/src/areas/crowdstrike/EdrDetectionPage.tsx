import { useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { mdiCommentTextOutline, mdiPencil } from '@mdi/js';
import { DETECTION_STATUS_LABELS, RESOLUTION_LABELS, SEVERITY_LABELS } from '@portal/api/domain';
import { Button, Card, KeyValue, Link, StatusChip } from '@portal/ui';
import { DetailPage, DetailStack, detailReadProps } from '../../kit/DetailPage.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useManage } from '../../state/permissions.ts';
import { BulkDialog, CommentList, CommentsDialog } from './DetectionsTab.tsx';
import { SEVERITY_CHIP, STATUS_CHIP } from './labels.ts';
import { hostPath, medrPath } from './paths.ts';
import { CROWDSTRIKE_PERMISSION } from './permission.ts';
import { crowdstrikeQueries } from './queries.ts';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** `/crowdstrike/medr/{id}/detections/{detectionId}`: what happened, where, and its handling. */
export function EdrDetectionPage() {
  const { id: idParam = '', detectionId: detectionParam = '' } = useParams();
  const id = Number(idParam);
  const detectionId = Number(detectionParam);
  const read = useQuery(crowdstrikeQueries.detection(id, detectionId));
  const data = read.data;
  const { canManage, readOnlyReason } = useManage(CROWDSTRIKE_PERMISSION);
  const lockedReason =
    readOnlyReason ?? (!canManage ? 'Checking what your role may change…' : undefined);
  const [dialog, setDialog] = useState<null | 'change' | 'comment'>(null);
  const detection = data?.detection;

  return (
    <DetailPage
      listPath={`${medrPath(id)}?tab=detections`}
      listLabel={data?.subscription_name ?? 'Detections'}
      noun="detection"
      {...detailReadProps(read)}
      title={
        detection ? `${detection.tactic} on ${detection.hostname}` : `Detection ${detectionParam}`
      }
      loadingTitle={`Detection ${detectionParam}`}
      status={
        detection && (
          <>
            <StatusChip
              status={SEVERITY_CHIP[detection.severity]}
              label={SEVERITY_LABELS[detection.severity]}
              size="medium"
            />
            <StatusChip
              status={STATUS_CHIP[detection.status]}
              label={DETECTION_STATUS_LABELS[detection.status]}
              size="medium"
            />
          </>
        )
      }
      description={detection?.description}
      actions={
        detection && (
          <Actions>
            <Button
              leadingIcon={mdiPencil}
              disabledReason={lockedReason}
              onClick={() => setDialog('change')}
            >
              Change status
            </Button>
            <Button
              variant="outlined"
              leadingIcon={mdiCommentTextOutline}
              disabledReason={lockedReason}
              onClick={() => setDialog('comment')}
            >
              Add comment
            </Button>
          </Actions>
        )
      }
    >
      {detection && data && (
        <DetailStack>
          <Card title="Detection" headingLevel={2}>
            <KeyValue
              items={[
                { label: 'Severity', value: SEVERITY_LABELS[detection.severity] },
                { label: 'Status', value: DETECTION_STATUS_LABELS[detection.status] },
                ...(detection.status === 'closed'
                  ? [
                      {
                        label: 'Resolution',
                        value: detection.resolution
                          ? RESOLUTION_LABELS[detection.resolution]
                          : 'Not recorded (closed before it was asked)',
                      },
                      ...(detection.closed_at
                        ? [{ label: 'Closed', value: formatDateTime(detection.closed_at) }]
                        : []),
                    ]
                  : []),
                { label: 'Assignee', value: detection.assignee ?? 'Nobody' },
                {
                  label: 'Host',
                  value: (
                    <Link href={hostPath(id, data.host.id)}>
                      {data.host.hostname} ({data.host.os})
                    </Link>
                  ),
                },
                { label: 'Detected', value: formatDateTime(detection.detected_at) },
                { label: 'Tactic', value: detection.tactic },
                { label: 'Technique', value: detection.technique },
                { label: 'What happened', value: detection.description },
              ]}
            />
          </Card>
          <Card title={`Comments (${detection.comments.length})`} headingLevel={2}>
            <CommentList comments={detection.comments} />
          </Card>
          {dialog === 'change' && (
            <BulkDialog medrId={id} detections={[detection]} onClose={() => setDialog(null)} />
          )}
          {dialog === 'comment' && (
            <CommentsDialog medrId={id} detection={detection} onClose={() => setDialog(null)} />
          )}
        </DetailStack>
      )}
    </DetailPage>
  );
}
