// Acting for a customer (internal users) and the proof-of-concept marker: the tenant switcher in
// the app bar, the banner that says whose tenant one works in, and the trial's limits.
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { adminApi } from '@portal/api/client';
import { isPocUser, type CurrentUser } from '@portal/api/contract';
import { pocTrial } from '@portal/api/domain';
import { Alert, Button, Select } from '@portal/ui';
import { computeQueries } from '../areas/compute/queries.ts';
import { getServices, switchTenant } from '../services.ts';

const SwitcherBox = styled.div`
  min-width: 200px;
  @media (max-width: 719px) {
    min-width: 0;
    flex: 0 0 120px;
  }
`;

const OWN = '__own__';

/** The user's own tenant, also while acting for another. */
const homeOf = (user: CurrentUser) => user.home_tenant ?? user.tenant;

/** The app bar's tenant switcher, for provider staff only. */
export function TenantSwitcher({ user }: { user: CurrentUser }) {
  const tenants = useQuery({
    queryKey: ['admin', 'switchable-tenants'],
    queryFn: () => adminApi(getServices().api).tenants(),
    staleTime: 5 * 60_000,
  });
  const home = homeOf(user);
  const customers = (tenants.data ?? []).filter(
    (tenant) => tenant.kind === 'customer' || tenant.kind === 'poc',
  );
  return (
    <SwitcherBox>
      <Select
        label="Work in tenant"
        hideLabel
        value={user.home_tenant ? user.tenant.cdb_id : OWN}
        onValueChange={(value) => switchTenant(value === OWN ? null : value)}
        options={[
          { value: OWN, label: `${home.name} (yours)` },
          ...customers.map((tenant) => ({
            value: tenant.cdb_id,
            label: `${tenant.name} · ${tenant.cdb_id}`,
          })),
        ]}
        disabled={tenants.isPending}
      />
    </SwitcherBox>
  );
}

/** The banner while acting for a customer: whose tenant, and one click back. */
export function ActingBanner({ user }: { user: CurrentUser }) {
  if (!user.home_tenant) return null;
  return (
    <Alert
      kind="warning"
      title={`You are working in ${user.tenant.name} (${user.tenant.cdb_id})`}
      action={
        <Button variant="outlined" size="small" onClick={() => switchTenant(null)}>
          Back to {user.home_tenant.name}
        </Button>
      }
    >
      You act as this customer&apos;s operator would; every action is recorded in the audit log with
      your tenant ({user.home_tenant.cdb_id}) and theirs.
    </Alert>
  );
}

/** The trial's limits in a line under the app bar, for proof-of-concept users. */
export function PocBanner({ user }: { user: CurrentUser }) {
  const vms = useQuery({ ...computeQueries.list(), enabled: isPocUser(user) });
  if (!isPocUser(user)) return null;
  const trial = vms.data ? pocTrial(vms.data.length) : null;
  return (
    <Alert kind="info" title="Proof of concept">
      {trial
        ? `This trial allows ${trial.limit} virtual machines: ${trial.used} used, ${trial.left} left.`
        : 'This trial has limits: at most a few virtual machines.'}
    </Alert>
  );
}
