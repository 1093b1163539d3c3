import { useState } from 'react';
import styled from 'styled-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import {
  PERMISSION_AREA_TITLES,
  PERMISSION_AREAS,
  ROLE_LEVELS,
  type AdminRoleDetail,
  type Permissions,
  type RoleLevel,
} from '@portal/api/contract';
import { roleChangeRefusal, roleDeleteRefusal } from '@portal/api/domain';
import {
  Alert,
  BackButton,
  Button,
  Card,
  ConfirmDialog,
  ErrorState,
  PageHeader,
  RadioGroup,
  Skeleton,
  StatusChip,
  TextField,
} from '@portal/ui';
import { notify, reportError } from '../../services.ts';
import { USER_STATE_LOOK } from './labels.ts';
import { adminKeys, adminQueries, api } from './queries.ts';

const LEVEL_LABELS: Record<RoleLevel, string> = { none: 'None', read: 'Read', manage: 'Manage' };

/** Parts one under the other, 24 px apart. */
const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: 24px;
`;

const Page = styled(Column).attrs({ as: 'section' })`
  max-width: 1080px;
`;

const NameField = styled.div`
  max-width: 420px;
`;

/** One fieldset per area, two or three to a row. */
const Matrix = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(340px, 1fr));
  gap: 20px 32px;
`;

const Holders = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 16px;
  }
`;

const Muted = styled.span`
  color: var(--ui-color-text-secondary);
`;

/** Whether two sets of permissions say the same. */
const samePermissions = (a: Permissions, b: Permissions) =>
  PERMISSION_AREAS.every((area) => (a[area] ?? 'none') === (b[area] ?? 'none'));

/** `/role/{id}`: the permission matrix and the users holding the role. */
export function RoleDetailPage() {
  const id = Number(useParams().id);
  const role = useQuery(adminQueries.role(id));
  if (role.error)
    return (
      <ErrorState title="This role could not be loaded" description={reportError(role.error)} />
    );
  if (!role.data) return <Skeleton lines={8} />;
  // Mounted afresh for each version read, so the form starts from it.
  return <RoleEditor key={role.dataUpdatedAt} id={id} detail={role.data} />;
}

function RoleEditor({ id, detail }: { id: number; detail: AdminRoleDetail }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { role: current, holders } = detail;
  const [name, setName] = useState(current.name);
  const [permissions, setPermissions] = useState<Permissions>(current.permissions);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const readOnly = roleChangeRefusal(current);
  const deleteRefusal = roleDeleteRefusal(current, holders.length);
  const changed =
    name.trim() !== current.name || !samePermissions(permissions, current.permissions);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await api().changeRole(id, { name: name.trim(), permissions });
      await client.invalidateQueries({ queryKey: adminKeys.roles() });
      notify(
        `The role ${name.trim()} was saved; its users have the change within a minute.`,
        'success',
      );
    } catch (e) {
      reportError(e, setError);
    } finally {
      setSaving(false);
    }
  };

  const choose = (area: (typeof PERMISSION_AREAS)[number], level: string) =>
    setPermissions((p) => {
      const next = { ...p };
      if (level === 'read' || level === 'manage') next[area] = level;
      else delete next[area];
      return next;
    });

  return (
    <Page>
      <PageHeader
        back={<BackButton href="/role">Roles</BackButton>}
        title={current.name}
        description={
          readOnly ??
          `${current.builtin ? 'Built-in' : 'Custom'} role held by ${holders.length} ${holders.length === 1 ? 'user' : 'users'}.`
        }
        actions={
          <ConfirmDialog
            trigger={
              <Button
                variant="outlined"
                disabled={Boolean(deleteRefusal)}
                disabledReason={deleteRefusal ?? undefined}
              >
                Delete role
              </Button>
            }
            title={`Delete the role ${current.name}?`}
            confirmLabel="Delete"
            tone="danger"
            onConfirm={async () => {
              await api().deleteRole(id);
              await client.invalidateQueries({ queryKey: adminKeys.roles() });
              notify(`The role ${current.name} was deleted.`, 'success');
              navigate('/role');
            }}
          />
        }
      />
      {error && <Alert kind="error">{error}</Alert>}
      <Card
        title="Name and permissions"
        subtitle="None: the area is not shown. Read: its pages are shown, nothing can be changed. Manage: everything in it can be changed."
        actions={
          readOnly ? undefined : (
            <>
              <Button
                variant="text"
                elevated={false}
                disabled={!changed || saving}
                onClick={() => {
                  setName(current.name);
                  setPermissions(current.permissions);
                  setError(null);
                }}
              >
                Discard changes
              </Button>
              <Button
                variant="primary"
                onClick={() => void save()}
                loading={saving}
                disabled={!changed}
                disabledReason={changed ? undefined : 'Nothing has changed yet.'}
              >
                Save
              </Button>
            </>
          )
        }
      >
        <Column>
          <NameField>
            <TextField
              label="Name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={Boolean(readOnly)}
            />
          </NameField>
          <Matrix aria-label={`Permissions of ${current.name}`} role="group">
            {PERMISSION_AREAS.map((area) => (
              <RadioGroup
                key={area}
                label={PERMISSION_AREA_TITLES[area]}
                orientation="horizontal"
                value={permissions[area] ?? 'none'}
                disabled={Boolean(readOnly)}
                onValueChange={(level) => choose(area, level)}
                options={ROLE_LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] }))}
              />
            ))}
          </Matrix>
        </Column>
      </Card>
      <Card title={`Users holding this role (${holders.length})`}>
        {holders.length === 0 ? (
          <Muted>Nobody holds this role.</Muted>
        ) : (
          <Holders aria-label="Users holding this role">
            {holders.map((holder) => (
              <li key={holder.id}>
                <span>{holder.email}</span>
                <Muted>{holder.tenant_cdb_id}</Muted>
                <StatusChip {...USER_STATE_LOOK[holder.state]} />
              </li>
            ))}
          </Holders>
        )}
      </Card>
    </Page>
  );
}
