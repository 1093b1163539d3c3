import { useState } from 'react';
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
  ConfirmDialog,
  ErrorState,
  PageHeader,
  Select,
  Skeleton,
  TextField,
} from '@portal/ui';
import { notify, reportError } from '../../services.ts';
import { adminKeys, adminQueries, api } from './queries.ts';

const LEVEL_LABELS: Record<RoleLevel, string> = { none: 'None', read: 'Read', manage: 'Manage' };

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

  return (
    <section>
      <BackButton href="/role">Roles</BackButton>
      <PageHeader
        title={current.name}
        description={readOnly ?? 'Choose what this role may do in each area.'}
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
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        disabled={Boolean(readOnly)}
      />
      <table aria-label={`Permissions of ${current.name}`}>
        <thead>
          <tr>
            <th scope="col">Area</th>
            <th scope="col">Permission</th>
          </tr>
        </thead>
        <tbody>
          {PERMISSION_AREAS.map((area) => (
            <tr key={area}>
              <th scope="row">{PERMISSION_AREA_TITLES[area]}</th>
              <td>
                <Select
                  label={`Permission on ${PERMISSION_AREA_TITLES[area]}`}
                  value={permissions[area] ?? 'none'}
                  disabled={Boolean(readOnly)}
                  onValueChange={(level) =>
                    setPermissions((p) => {
                      const next = { ...p };
                      if (level === 'read' || level === 'manage') next[area] = level;
                      else delete next[area];
                      return next;
                    })
                  }
                  options={ROLE_LEVELS.map((level) => ({
                    value: level,
                    label: LEVEL_LABELS[level],
                  }))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!readOnly && (
        <Button variant="primary" onClick={() => void save()} loading={saving}>
          Save
        </Button>
      )}
      <h2>Users holding this role</h2>
      {holders.length === 0 ? (
        <p>Nobody holds this role.</p>
      ) : (
        <ul aria-label="Users holding this role">
          {holders.map((holder) => (
            <li key={holder.id}>
              {holder.email} · {holder.tenant_cdb_id} · {holder.state}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
