import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { mdiPlus } from '@mdi/js';
import {
  CreateRole,
  PERMISSION_AREA_TITLES,
  PERMISSION_AREAS,
  type AdminRole,
} from '@portal/api/contract';
import { Button } from '@portal/ui';
import { ListPage } from '../../kit/ListPage.tsx';
import { FormDialog, FormTextField, useContractForm } from '../../kit/form/index.ts';
import { notify } from '../../services.ts';
import { adminKeys, adminQueries, api } from './queries.ts';

function CreateRoleDialog({ onClose }: { onClose: () => void }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const form = useContractForm<CreateRole>(CreateRole, {
    defaultValues: { name: '', permissions: {} },
    labels: { name: 'name' },
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title="Create a role"
      description="A new role may do nothing yet: give it a permission per area on its page."
      submitLabel="Create"
      onSubmit={async (values) => {
        const role = await api().createRole({ name: values.name, permissions: {} });
        await client.invalidateQueries({ queryKey: adminKeys.roles() });
        notify(`The role ${role.name} was created.`, 'success');
        navigate(`/role/${role.id}`);
      }}
    >
      <FormTextField<CreateRole> name="name" label="Name" required autoFocus />
    </FormDialog>
  );
}

/**
 * What a role may do, briefly: "Manage in every area", or "Manage: Compute, Backup · Read:
 * Storage", areas in the drawer's order.
 */
const permissionSummary = (role: AdminRole) => {
  const at = (level: 'manage' | 'read') =>
    PERMISSION_AREAS.filter((area) => role.permissions[area] === level);
  const manage = at('manage');
  const read = at('read');
  if (manage.length === PERMISSION_AREAS.length) return 'Manage in every area';
  if (read.length === PERMISSION_AREAS.length) return 'Read in every area';
  const part = (label: string, areas: typeof manage) =>
    areas.length
      ? [`${label}: ${areas.map((area) => PERMISSION_AREA_TITLES[area]).join(', ')}`]
      : [];
  return [...part('Manage', manage), ...part('Read', read)].join(' · ') || 'No access';
};

/** `/role`: the built-in roles (read-only) and the custom ones. */
export function RolesPage() {
  const [creating, setCreating] = useState(false);
  return (
    <ListPage
      listId="admin-roles"
      title="Roles"
      description="What each role may see and change, area by area. Built-in roles cannot be changed."
      noun={{ one: 'role', other: 'roles' }}
      query={adminQueries.roles()}
      columns={[
        { id: 'name', header: 'Name', accessor: 'name' },
        {
          id: 'builtin',
          priority: 3,
          header: 'Kind',
          accessor: (role) => (role.builtin ? 'Built-in' : 'Custom'),
        },
        {
          id: 'areas',
          priority: 4,
          header: 'Areas',
          accessor: (role) => permissionSummary(role),
        },
        { id: 'users', priority: 2, header: 'Users', accessor: 'users', align: 'end' },
      ]}
      rowHref={(role) => `/role/${role.id}`}
      actions={
        <Button variant="primary" leadingIcon={mdiPlus} onClick={() => setCreating(true)}>
          Create role
        </Button>
      }
    >
      {creating && <CreateRoleDialog onClose={() => setCreating(false)} />}
    </ListPage>
  );
}
