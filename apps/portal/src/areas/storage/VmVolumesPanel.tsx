import { useQuery } from '@tanstack/react-query';
import { mdiDatabase, mdiPlus } from '@mdi/js';
import { MAX_VOLUMES_PER_VM } from '@portal/api/domain';
import { Button, EmptyState, ErrorState, Link, LinkButton, Skeleton } from '@portal/ui';
import styled from 'styled-components';
import { queryErrorText } from '../../kit/queryError.ts';
import { formatSizeGb } from '../../lib/format.ts';
import { storageQueries } from './queries.ts';
import { TYPE_LABELS, VolumeStateChip } from './volumeLook.tsx';

const List = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  align-items: center;
  padding: 12px;
  border: 1px solid var(--ui-color-border);
  border-radius: 8px;
`;

const Muted = styled.span`
  color: var(--ui-color-text-secondary);
`;

/** The volumes attached to one VM, for its detail page (compute loads this lazily). */
export function VmVolumesPanel({ vmId, vmName }: { vmId: number; vmName: string }) {
  const query = useQuery(storageQueries.ofVm(vmId));
  if (query.error && !query.data)
    return (
      <ErrorState
        title="The volumes could not be read"
        description={queryErrorText(query.error)}
        action={<Button onClick={() => void query.refetch()}>Try again</Button>}
      />
    );
  if (!query.data) return <Skeleton lines={3} />;
  const volumes = query.data;
  return (
    <section aria-label={`Volumes of ${vmName}`}>
      {volumes.length === 0 ? (
        <EmptyState
          icon={mdiDatabase}
          title="No volumes attached"
          description={`Attach a volume from its page in Storage; a VM takes at most ${MAX_VOLUMES_PER_VM}.`}
          action={
            <LinkButton href="/storage" leadingIcon={mdiPlus} variant="outlined">
              Go to storage
            </LinkButton>
          }
        />
      ) : (
        <>
          <p>
            {volumes.length} of at most {MAX_VOLUMES_PER_VM} volumes attached.
          </p>
          <List>
            {volumes.map((volume) => (
              <Row key={volume.id}>
                <Link href={`/storage/${volume.id}`}>{volume.name}</Link>
                <VolumeStateChip state={volume.state} />
                <Muted>
                  {formatSizeGb(volume.size_gb)} · {TYPE_LABELS[volume.type]}
                </Muted>
              </Row>
            ))}
          </List>
        </>
      )}
    </section>
  );
}
