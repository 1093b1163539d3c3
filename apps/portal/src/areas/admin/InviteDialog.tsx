import { useQuery } from '@tanstack/react-query';
import { InviteUser, type InvitedUser } from '@portal/api/contract';
import { FormDialog, FormSelect, FormTextField, useContractForm } from '../../kit/form/index.ts';
import { adminQueries, api } from './queries.ts';

/** The role select answers the id as text; the contract wants a number. */
const inviteBody = (values: InviteUser): InviteUser => ({
  ...values,
  role_id: Number(values.role_id),
});

/** Invites a user: their e-mail, name, tenant and role. */
export function InviteDialog({
  onClose,
  onInvited,
}: {
  onClose: () => void;
  onInvited: (r: InvitedUser) => void;
}) {
  const tenants = useQuery(adminQueries.tenants());
  const roles = useQuery(adminQueries.roles());
  const form = useContractForm<InviteUser>(InviteUser, {
    defaultValues: { email: '', tenant: '', role_id: 0 } as InviteUser,
    labels: { email: 'e-mail', tenant: 'tenant', role_id: 'role' },
    // Both are chosen from a list: left empty, they are to be chosen, not typed.
    messages: {
      email: {
        minLength: 'Enter their e-mail address.',
        pattern: 'Enter a valid e-mail address, such as name@example.com.',
      },
      tenant: 'Choose a tenant.',
      role_id: 'Choose a role.',
    },
    toBody: inviteBody,
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title="Invite a user"
      description="The invitee sets a password through the link; that also verifies their e-mail address."
      submitLabel="Invite"
      onSubmit={async (values) => {
        onInvited(await api().invite(inviteBody(values)));
      }}
    >
      <FormTextField<InviteUser> name="email" label="E-mail" type="email" required autoFocus />
      <FormTextField<InviteUser> name="display_name" label="Name" />
      <FormSelect<InviteUser>
        name="tenant"
        label="Tenant"
        required
        options={(tenants.data ?? []).map((t) => ({
          value: t.cdb_id,
          label: `${t.name} · ${t.cdb_id}`,
        }))}
      />
      <FormSelect<InviteUser>
        name="role_id"
        label="Role"
        required
        options={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
      />
    </FormDialog>
  );
}
