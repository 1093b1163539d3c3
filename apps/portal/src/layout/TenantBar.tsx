// Acting for a customer (internal users) and the proof-of-concept marker: the tenant switcher in
// the app bar, the banner that says whose tenant one works in, and the trial's limits.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import {
  ActingStartBody,
  isPocUser,
  type CurrentUser,
  type TenantSummary,
} from '@portal/api/contract';
import { pocTrial } from '@portal/api/domain';
import { Alert, Button, Select } from '@portal/ui';
import { api as adminApi } from '../areas/admin/queries.ts';
import { computeQueries } from '../areas/compute/queries.ts';
import { FormDialog, FormTextField, useContractForm } from '../kit/form/index.ts';
import { safeRedirect } from '../lib/patterns.ts';
import {
  actingReturn,
  actingSession,
  actingTenant,
  leavingForTenantSwitch,
  pageLoad,
  rememberActing,
  reportError,
} from '../services.ts';

/**
 * Starts acting for a customer tenant, saying why: the start is audited with the reason (acting
 * for another customer until now is ended first, audited too); the page it started on is kept for
 * "Back", and the app loads again at \`/\` so nothing of the other tenant stays in memory.
 */
export async function startActing(cdbId: string, reason: string): Promise<void> {
  const current = actingTenant();
  if (current) await adminApi().endActing(current, actingSession());
  const started = await adminApi().startActing({ cdb_id: cdbId, reason });
  rememberActing(
    cdbId,
    current ? undefined : window.location.pathname + window.location.search,
    reason,
    started.session,
  );
  // Leaving this page is not the end of acting: it goes on in the page that loads now.
  leavingForTenantSwitch();
  pageLoad.assign('/');
}

/** Back to one's own tenant: the end is audited, and the page acting started on loads again. */
export async function stopActing(): Promise<void> {
  const current = actingTenant();
  if (current) await adminApi().endActing(current, actingSession());
  const back = safeRedirect(actingReturn());
  rememberActing(null);
  pageLoad.assign(back);
}

/** Asks why one acts for the customer, then starts. */
function ReasonDialog({ tenant, onClose }: { tenant: TenantSummary; onClose: () => void }) {
  const form = useContractForm<ActingStartBody>(ActingStartBody, {
    defaultValues: { cdb_id: tenant.cdb_id, reason: '' },
    toBody: (values) => ({ ...values, reason: values.reason.trim() }),
    labels: { reason: 'reason' },
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={`Work in ${tenant.name} (${tenant.cdb_id})?`}
      description="You act as this customer's operator would. The audit log records when you start and stop, and every action, with your tenant and theirs and the reason you give."
      submitLabel="Switch"
      onSubmit={(values) => startActing(values.cdb_id, values.reason.trim())}
    >
      <FormTextField<ActingStartBody>
        name="reason"
        label="Reason"
        help="What you do for them, e.g. the ticket you work on."
        required
        autoFocus
      />
    </FormDialog>
  );
}

const SwitcherBox = styled.div`
  min-width: 200px;
  @media (max-width: 719.98px) {
    /* On a phone it sits at the top of the drawer (AppShell's scopeControl), the drawer's width. */
    min-width: 0;
    width: 100%;
  }
`;

const OWN = '__own__';

/** The user's own tenant, also while acting for another. */
const homeOf = (user: CurrentUser) => user.home_tenant ?? user.tenant;

/** The app bar's tenant switcher, for provider staff only. */
export function TenantSwitcher({ user }: { user: CurrentUser }) {
  const tenants = useQuery({
    queryKey: ['admin', 'switchable-tenants'],
    queryFn: () => adminApi().tenants(),
    staleTime: 5 * 60_000,
  });
  const home = homeOf(user);
  const customers = (tenants.data ?? []).filter(
    (tenant) => tenant.kind === 'customer' || tenant.kind === 'poc',
  );
  const [asking, setAsking] = useState<TenantSummary | null>(null);
  const choose = (value: string) => {
    if (value === OWN) {
      if (user.home_tenant) void stopActing().catch((error: unknown) => reportError(error));
      return;
    }
    const tenant = customers.find((each) => each.cdb_id === value);
    if (tenant && tenant.cdb_id !== user.tenant.cdb_id) setAsking(tenant);
  };
  return (
    <SwitcherBox>
      {asking && <ReasonDialog tenant={asking} onClose={() => setAsking(null)} />}
      <Select
        label="Work in tenant"
        hideLabel
        value={user.home_tenant ? user.tenant.cdb_id : OWN}
        onValueChange={choose}
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
        <Button
          variant="outlined"
          size="small"
          onClick={() => void stopActing().catch((error: unknown) => reportError(error))}
        >
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
