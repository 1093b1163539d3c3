import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { PhishingTemplate } from '@portal/api/contract';
import { mdiPlus } from '@mdi/js';
import { Button, Card, Dialog, StatusChip } from '@portal/ui';
import { useCan, useManageReason } from '../../state/permissions.ts';
import { NewTemplateDialog } from './NewTemplateDialog.tsx';
import { PHISHING_PERMISSION } from './permission.ts';
import { TemplatePreview } from './TemplatePreview.tsx';
import { phishingQueries } from './queries.ts';

const Grid = styled.div`
  display: grid;
  gap: 16px;
  margin-top: 24px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 360px), 1fr));
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  & li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    flex-wrap: wrap;
  }
`;

const KIND_LABEL = { email: 'E-mail', landing: 'Landing page' } as const;

/** The templates and landing pages (built-in and the tenant's own), and the recipient groups. */
export function Library() {
  const templates = useQuery(phishingQueries.templates()).data ?? [];
  const groups = useQuery(phishingQueries.groups()).data ?? [];
  const [shown, setShown] = useState<PhishingTemplate | null>(null);
  const [creating, setCreating] = useState(false);
  const canManage = useCan('phishing-prevention', 'manage');
  const readOnly = useManageReason(PHISHING_PERMISSION);
  return (
    <Grid>
      <Card
        title="Templates and landing pages"
        actions={
          <Button
            variant="outlined"
            size="small"
            leadingIcon={mdiPlus}
            disabled={!canManage}
            title={readOnly}
            onClick={() => setCreating(true)}
          >
            New template
          </Button>
        }
      >
        <List aria-label="Templates and landing pages">
          {templates.map((template) => (
            <li key={template.id}>
              <span>
                {template.name}{' '}
                <StatusChip
                  status={template.builtin ? 'neutral' : 'info'}
                  label={`${KIND_LABEL[template.kind]}${template.builtin ? ', built-in' : ''}`}
                />
              </span>
              <Button
                variant="text"
                size="small"
                onClick={() => setShown(template)}
                aria-label={`Preview ${template.name}`}
              >
                Preview
              </Button>
            </li>
          ))}
        </List>
      </Card>
      <Card title="Recipient groups">
        {groups.length === 0 ? (
          <p>No groups yet: import one from a CSV file.</p>
        ) : (
          <List aria-label="Recipient groups">
            {groups.map((group) => (
              <li key={group.id}>
                <span>{group.name}</span>
                <span>
                  {group.recipient_count} recipient{group.recipient_count === 1 ? '' : 's'}
                </span>
              </li>
            ))}
          </List>
        )}
      </Card>
      <NewTemplateDialog open={creating} onOpenChange={setCreating} />
      <Dialog.Root open={shown !== null} onOpenChange={(open) => !open && setShown(null)}>
        <Dialog.Content size="large">
          <Dialog.Title>{shown?.name}</Dialog.Title>
          <Dialog.Description>
            A preview in a sandbox: no script runs and nothing is sent.
          </Dialog.Description>
          <Dialog.Body>{shown && <TemplatePreview template={shown} />}</Dialog.Body>
          <Dialog.Actions>
            <Dialog.Close>
              <Button variant="primary">Close</Button>
            </Dialog.Close>
          </Dialog.Actions>
        </Dialog.Content>
      </Dialog.Root>
    </Grid>
  );
}
