import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { PhishingGroup, PhishingTemplate } from '@portal/api/contract';
import { mdiPlus } from '@mdi/js';
import { DeleteDialog } from '../../kit/DeleteDialog.tsx';
import { Button, Card, Dialog, StatusChip } from '@portal/ui';
import { useManage } from '../../state/permissions.ts';
import { lazyDialog } from '../../kit/lazyPart.tsx';

// The forms load once the page is up, not before the campaigns' rows.
const ImportGroupDialog = lazyDialog(() => import('./ImportGroupDialog.tsx'), 'ImportGroupDialog');
const NewTemplateDialog = lazyDialog(() => import('./NewTemplateDialog.tsx'), 'NewTemplateDialog');
import { PHISHING_PERMISSION } from './permission.ts';
import { TemplatePreview } from './TemplatePreview.tsx';
import { phishingApiOf, phishingKeys, phishingQueries } from './queries.ts';

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

const Actions = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
`;

const KIND_LABEL = { email: 'E-mail', landing: 'Landing page' } as const;

type Change =
  | { kind: 'edit-template' | 'delete-template'; template: PhishingTemplate }
  | { kind: 'edit-group' | 'delete-group'; group: PhishingGroup };

/** The row buttons of an item of the tenant's own: Edit and Delete, named for the item. */
function OwnActions({
  name,
  onEdit,
  onDelete,
  disabledReason,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  disabledReason: string | undefined;
}) {
  const common = { variant: 'text', size: 'small', disabled: Boolean(disabledReason) } as const;
  return (
    <>
      <Button {...common} title={disabledReason} aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button {...common} title={disabledReason} aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </>
  );
}

/** The templates and landing pages (built-in and the tenant's own), and the recipient groups. */
export function Library() {
  const templates = useQuery(phishingQueries.templates()).data ?? [];
  const groups = useQuery(phishingQueries.groups()).data ?? [];
  const [shown, setShown] = useState<PhishingTemplate | null>(null);
  const [creating, setCreating] = useState(false);
  const [change, setChange] = useState<Change | null>(null);
  const close = (open: boolean) => {
    if (!open) setChange(null);
  };
  const { canManage, readOnlyReason: readOnly } = useManage(PHISHING_PERMISSION);
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
              <Actions>
                <Button
                  variant="text"
                  size="small"
                  onClick={() => setShown(template)}
                  aria-label={`Preview ${template.name}`}
                >
                  Preview
                </Button>
                {!template.builtin && (
                  <OwnActions
                    name={template.name}
                    disabledReason={readOnly}
                    onEdit={() => setChange({ kind: 'edit-template', template })}
                    onDelete={() => setChange({ kind: 'delete-template', template })}
                  />
                )}
              </Actions>
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
                <span>
                  {group.name} · {group.recipient_count} recipient
                  {group.recipient_count === 1 ? '' : 's'}
                </span>
                <Actions>
                  <OwnActions
                    name={group.name}
                    disabledReason={readOnly}
                    onEdit={() => setChange({ kind: 'edit-group', group })}
                    onDelete={() => setChange({ kind: 'delete-group', group })}
                  />
                </Actions>
              </li>
            ))}
          </List>
        )}
      </Card>
      <NewTemplateDialog open={creating} onOpenChange={setCreating} />
      {change?.kind === 'edit-template' && (
        <NewTemplateDialog open onOpenChange={close} template={change.template} />
      )}
      {change?.kind === 'delete-template' && (
        <DeleteDialog
          name={change.template.name}
          noun={change.template.kind === 'email' ? 'template' : 'landing page'}
          description="Its content is deleted. Campaigns that use it must be deleted first. This cannot be undone."
          open
          onOpenChange={close}
          removal={{
            call: () => phishingApiOf().removeTemplate(change.template.id),
            invalidates: [phishingKeys.templates()],
          }}
        />
      )}
      {change?.kind === 'edit-group' && (
        <ImportGroupDialog open onOpenChange={close} group={change.group} />
      )}
      {change?.kind === 'delete-group' && (
        <DeleteDialog
          name={change.group.name}
          noun="recipient group"
          description={`Its ${change.group.recipient_count} recipients are deleted with it. Campaigns that use it must be deleted first. This cannot be undone.`}
          open
          onOpenChange={close}
          removal={{
            call: () => phishingApiOf().removeGroup(change.group.id),
            invalidates: [phishingKeys.groups()],
          }}
        />
      )}
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
