import { Suspense, useMemo, useState } from 'react';
import { lazyNamed } from '../../kit/area.tsx';
import styled from 'styled-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mdiAccountPlus, mdiDownload } from '@mdi/js';
import { USER_STATES, type AdminUser, type InvitedUser } from '@portal/api/contract';
import {
  Alert,
  Button,
  ConfirmDialog,
  KeyValue,
  Select,
  Skeleton,
  StatusChip,
  type DataTableColumn,
} from '@portal/ui';
import { ListPage } from '../../kit/ListPage.tsx';
import { lazyPart } from '../../kit/lazyPart.tsx';
import { formatDateTime, tenantText } from '../../lib/format.ts';
import { notify, reportError } from '../../services.ts';
import { USER_STATE_LOOK } from './labels.ts';
import { adminKeys, adminQueries, api, saveBlob } from './queries.ts';
import { FilterSelect } from './FilterSelect.tsx';

const PolicySection = styled.div`
  margin-top: 24px;
`;

// The account area's tenant-wide second-factor control, fetched with the account pages when the
// users page is first shown, not with the administration chunk.
const SecondFactorPolicyPanel = lazyNamed(
  () => import('../account/index.ts'),
  'SecondFactorPolicyPanel',
);

// The invitation form (and the form library) loads when it is opened, not before the users' rows.
const InviteDialog = lazyPart(() => import('./InviteDialog.tsx'), 'InviteDialog');

interface Filters {
  tenant?: string;
  role?: number;
  state?: string;
}

function RoleDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const roles = useQuery(adminQueries.roles());
  const tenants = useQuery(adminQueries.tenants());
  const client = useQueryClient();
  const [role, setRole] = useState(String(user.role_id));
  const [tenant, setTenant] = useState(user.tenant_cdb_id);
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Role and tenant of ${user.email}`}
      confirmLabel="Save"
      tone="primary"
      onConfirm={async () => {
        try {
          await api().changeUser(user.id, { role_id: Number(role), tenant });
          await client.invalidateQueries({ queryKey: adminKeys.all });
          notify(`${user.email} was changed.`, 'success');
        } catch (e) {
          reportError(e, setError);
          throw e;
        }
      }}
    >
      {error && <Alert kind="error">{error}</Alert>}
      <Select
        label="Role"
        value={role}
        onValueChange={setRole}
        options={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
      />
      <Select
        label="Tenant"
        value={tenant}
        onValueChange={setTenant}
        options={(tenants.data ?? []).map((t) => ({
          value: t.cdb_id,
          label: `${t.name} · ${t.cdb_id}`,
        }))}
      />
    </ConfirmDialog>
  );
}

/** The columns the server sorts users by (`sort` of GET /admin/users). */
const USER_SORTS = ['email', 'display_name', 'tenant_cdb_id', 'role_name', 'state', 'last_sign_in'];

/** `/user`: every user, with invite, role and tenant, disable/enable, second factor and delete. */
export function UsersPage() {
  const [filters, setFilters] = useState<Filters>({});
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState<InvitedUser | null>(null);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const client = useQueryClient();
  const tenants = useQuery(adminQueries.tenants());
  const roles = useQuery(adminQueries.roles());
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.all });

  const act = useMutation({
    mutationFn: async ({
      user,
      what,
    }: {
      user: AdminUser;
      what: 'disable' | 'enable' | 'reset' | 'resend';
    }) => {
      if (what === 'resend') {
        setInvited(await api().resendInvitation(user.id));
        return { user, what };
      }
      if (what === 'reset') await api().resetSecondFactor(user.id);
      else await api().setDisabled(user.id, what === 'disable');
      return { user, what };
    },
    onSuccess: ({ user, what }) => {
      if (what !== 'resend')
        notify(
          what === 'reset'
            ? `The second factor of ${user.email} was reset.`
            : `${user.email} was ${what}d.`,
          'success',
        );
      void refresh();
    },
    onError: (error) => notify(reportError(error), 'error'),
  });

  // Up to 500 users are read at once and searched in the browser; beyond that the server pages,
  // sorts and searches them (ListPage's `paged`).
  const query = useMemo(
    () => ({
      queryKey: adminKeys.users(filters),
      queryFn: async () => (await api().users({ ...filters, limit: 500 })).data,
    }),
    [filters],
  );
  const paged = useMemo(
    () => ({
      sorts: USER_SORTS,
      fetchPage: (request: { limit: number; cursor?: string; sort?: string; q?: string }) =>
        api().users({ ...filters, ...request }),
    }),
    [filters],
  );

  const columns: DataTableColumn<AdminUser>[] = [
    { id: 'email', header: 'E-mail', accessor: 'email' },
    {
      id: 'display_name',
      priority: 5,
      header: 'Name',
      accessor: 'display_name' as const,
      defaultHidden: true,
    },
    {
      id: 'tenant_cdb_id',
      priority: 2,
      header: 'Tenant',
      accessor: (user: AdminUser) => tenantText(user.tenant_cdb_id, user.tenant_name),
    },
    { id: 'role_name', priority: 2, header: 'Role', accessor: 'role_name' as const },
    {
      id: 'state',
      priority: 1,
      header: 'State',
      accessor: 'state' as const,
      cell: (user: AdminUser) => <StatusChip {...USER_STATE_LOOK[user.state]} />,
    },
    {
      id: 'last_sign_in',
      priority: 4,
      header: 'Last sign-in',
      accessor: (user: AdminUser) =>
        user.last_sign_in ? formatDateTime(user.last_sign_in) : 'Never',
    },
    {
      id: 'second_factor',
      priority: 3,
      header: 'Second factor',
      accessor: (user: AdminUser) => (user.second_factor ? 'Enrolled' : 'None'),
    },
  ];

  return (
    <ListPage<AdminUser, readonly unknown[]>
      listId="admin-users"
      title="Users"
      description="Everyone who may sign in to the portal, in every tenant."
      noun={{ one: 'user', other: 'users' }}
      query={query}
      paged={paged}
      columns={columns}
      getRowLabel={(user) => user.email}
      exportable={false}
      summary={
        invited && (
          <Alert
            kind={invited.mail.sent ? 'success' : 'warning'}
            title={`${invited.user.email} was invited`}
            action={
              <Button variant="text" size="small" onClick={() => setInvited(null)}>
                Done
              </Button>
            }
          >
            {invited.mail.message} The link sets their password and verifies their e-mail address;
            it is shown only now.
            <KeyValue
              items={[
                {
                  label: 'Invitation link',
                  value: invited.invite_link,
                  copyable: true,
                  mono: true,
                },
              ]}
            />
          </Alert>
        )
      }
      actions={
        <>
          <Button
            variant="outlined"
            leadingIcon={mdiDownload}
            onClick={() =>
              api()
                .usersCsv({ ...filters })
                .then(
                  (blob) => saveBlob(blob, 'users.csv'),
                  (e: unknown) => notify(reportError(e), 'error'),
                )
            }
          >
            Export CSV
          </Button>
          <Button variant="primary" leadingIcon={mdiAccountPlus} onClick={() => setInviting(true)}>
            Invite
          </Button>
        </>
      }
      filters={
        <>
          <FilterSelect
            label="Tenant"
            value={filters.tenant}
            options={(tenants.data ?? []).map((t) => ({
              value: t.cdb_id,
              label: tenantText(t.cdb_id, t.name),
            }))}
            onValueChange={(tenant) => setFilters((f) => ({ ...f, tenant }))}
          />
          <FilterSelect
            label="Role"
            value={filters.role === undefined ? undefined : String(filters.role)}
            options={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
            onValueChange={(role) =>
              setFilters((f) => ({ ...f, role: role === undefined ? undefined : Number(role) }))
            }
          />
          <FilterSelect
            label="State"
            value={filters.state}
            options={USER_STATES.map((s) => ({ value: s, label: USER_STATE_LOOK[s].label }))}
            onValueChange={(state) => setFilters((f) => ({ ...f, state }))}
          />
        </>
      }
      rowActions={(user) => [
        { id: 'role', label: 'Change role or tenant', onSelect: () => setEditing(user) },
        {
          id: 'resend',
          label: 'Resend invitation',
          onSelect: () => act.mutate({ user, what: 'resend' }),
          ...(user.state === 'invited'
            ? {}
            : { disabledReason: 'Only users who have not signed in yet are invited again.' }),
        },
        user.state === 'disabled'
          ? { id: 'enable', label: 'Enable', onSelect: () => act.mutate({ user, what: 'enable' }) }
          : {
              id: 'disable',
              label: 'Disable',
              onSelect: () => act.mutate({ user, what: 'disable' }),
            },
        {
          id: 'reset',
          label: 'Reset second factor',
          onSelect: () => act.mutate({ user, what: 'reset' }),
          ...(user.second_factor ? {} : { disabledReason: 'No second factor is enrolled.' }),
        },
        {
          id: 'delete',
          label: 'Delete',
          tone: 'danger' as const,
          onSelect: () => setDeleting(user),
        },
      ]}
    >
      {inviting && (
        <InviteDialog
          onClose={() => setInviting(false)}
          onInvited={(result) => {
            setInvited(result);
            void refresh();
          }}
        />
      )}
      {editing && <RoleDialog user={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title={`Delete ${deleting.email}?`}
          description="Their sign-in account and portal user are deleted; this cannot be undone."
          confirmLabel="Delete"
          tone="danger"
          requireText={deleting.email}
          requireTextLabel={`Type ${deleting.email} to confirm`}
          onConfirm={async () => {
            try {
              await api().deleteUser(deleting.id, deleting.email);
              notify(`${deleting.email} was deleted.`, 'success');
              await refresh();
            } catch (error) {
              notify(reportError(error), 'error');
              throw error;
            }
          }}
        />
      )}
      <PolicySection>
        <Suspense fallback={<Skeleton lines={4} />}>
          <SecondFactorPolicyPanel />
        </Suspense>
      </PolicySection>
    </ListPage>
  );
}
