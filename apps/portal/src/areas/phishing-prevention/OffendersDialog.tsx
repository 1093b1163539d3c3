import { useState } from 'react';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import type { PhishingOffender } from '@portal/api/contract';
import { Button, Dialog, ErrorState, Link, Skeleton } from '@portal/ui';
import { queryErrorText } from '../../kit/queryError.ts';
import { formatDateTime } from '../../lib/format.ts';
import { phishingQueries } from './queries.ts';

const People = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
`;

const History = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin: 4px 0 12px;
  font-size: 0.875rem;
  th,
  td {
    text-align: left;
    padding: 4px 8px 4px 0;
    border-bottom: 1px solid var(--ui-color-border);
    vertical-align: top;
  }
`;

const Muted = styled.span`
  color: var(--ui-color-text-secondary);
`;

/** What a person did with one campaign's message, in words. */
const didText = (entry: PhishingOffender['history'][number]) => {
  const done = [
    entry.opened && 'opened',
    entry.clicked && 'clicked',
    entry.submitted && 'submitted the form',
    entry.reported && 'reported it',
  ].filter(Boolean);
  return done.length === 0 ? 'did nothing' : done.join(', ');
};

function Person({ person }: { person: PhishingOffender }) {
  const [open, setOpen] = useState(false);
  const id = `offender-${person.email}`;
  return (
    <li>
      <Button variant="text" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {person.name ? `${person.name} (${person.email})` : person.email} · clicked in{' '}
        {person.campaigns} campaigns
      </Button>
      {open && (
        <History id={id} aria-label={`History of ${person.email}`}>
          <thead>
            <tr>
              <th scope="col">Campaign</th>
              <th scope="col">Launched</th>
              <th scope="col">What they did</th>
            </tr>
          </thead>
          <tbody>
            {person.history.map((entry) => (
              <tr key={entry.campaign_id}>
                <td>
                  <Link href={`/phishing-prevention/${entry.campaign_id}`}>
                    {entry.campaign_name}
                  </Link>
                </td>
                <td>{formatDateTime(entry.launched_at)}</td>
                <td>{didText(entry)}</td>
              </tr>
            ))}
          </tbody>
        </History>
      )}
    </li>
  );
}

/** Every repeat offender, each opening what they did in every campaign they received. */
export function OffendersDialog({ onClose }: { onClose: () => void }) {
  const query = useQuery(phishingQueries.offenders());
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content size="medium">
        <Dialog.Title>Repeat offenders</Dialog.Title>
        <Dialog.Description>
          Everyone who clicked in two or more campaigns. Choose a person to see what they did in
          each campaign they received.
        </Dialog.Description>
        <Dialog.Body>
          {query.error && !query.data ? (
            <ErrorState
              title="The list could not be read"
              description={queryErrorText(query.error)}
              action={<Button onClick={() => void query.refetch()}>Try again</Button>}
            />
          ) : !query.data ? (
            <Skeleton lines={4} />
          ) : query.data.length === 0 ? (
            <Muted>Nobody clicked in two or more campaigns.</Muted>
          ) : (
            <People aria-label="Repeat offenders">
              {query.data.map((person) => (
                <Person key={person.email} person={person} />
              ))}
            </People>
          )}
        </Dialog.Body>
        <Dialog.Actions>
          <Dialog.Close>
            <Button variant="text">Close</Button>
          </Dialog.Close>
        </Dialog.Actions>
      </Dialog.Content>
    </Dialog.Root>
  );
}
