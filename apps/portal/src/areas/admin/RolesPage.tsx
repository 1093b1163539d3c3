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
      open
      onOpenChange={(open) => !open && onClose()}
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

/** "Compute: manage, Backup: read": the areas a role may see or change, in the drawer's order. */
const permissionSummary = (role: AdminRole) =>
  PERMISSION_AREAS.flatMap((area) => {
    const level = role.permissions[area];
    return level ? [`${PERMISSION_AREA_TITLES[area]}: ${level}`] : [];
  }).join(', ') || 'None';

/** `/role`: the built-in roles (read-only) and the custom ones. */
export function RolesPage() {
  const [creating, setCreating] = useState(false);
  return (
    <ListPage
      listId="admin-roles"
      title="Roles"
      description="What each role may see and change, area by area. Built-in roles cannot be changed."
      tableLabel="Roles"
      searchLabel="Search roles"
      noun={{ one: 'role', other: 'roles' }}
      query={adminQueries.roles()}
      columns={[
        { id: 'name', header: 'Name', accessor: 'name' },
        {
          id: 'builtin',
          header: 'Kind',
          accessor: (role) => (role.builtin ? 'Built-in' : 'Custom'),
        },
        {
          id: 'areas',
          header: 'Areas',
          accessor: (role) => permissionSummary(role),
        },
        { id: 'users', header: 'Users', accessor: 'users', align: 'end' },
      ]}
      getRowId={(role) => String(role.id)}
      getRowLabel={(role) => role.name}
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
