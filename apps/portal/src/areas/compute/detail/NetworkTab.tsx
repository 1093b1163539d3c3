import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { mdiDelete, mdiPlus, mdiShieldPlus, mdiSwapHorizontal } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import {
  NatCreateBody,
  VlanParams,
  type FirewallRule,
  type NatRecord,
  type Vm,
} from '@portal/api/contract';
import {
  Button,
  Card,
  ConfirmDialog,
  DataTable,
  IconButton,
  KeyValue,
  StatusChip,
  type DataTableColumn,
} from '@portal/ui';
import { FormDialog, FormSelect, useContractForm } from '../../../kit/form/index.ts';
import { computeQueries } from '../queries.ts';
import { FirewallRuleDialog } from './FirewallRuleDialog.tsx';
import { siteOf, vmApis } from './vmApis.ts';
import { useVmTask } from './vmTasks.ts';
import { confirmTask, dialogTask } from '../../../kit/useTaskAction.ts';
import { useSiteRefusal } from './siteActions.ts';
import { DetailStack } from '../../../kit/DetailPage.tsx';
import { fittingColumns } from '../../../kit/layout.ts';

const Adapters = styled.div`
  ${fittingColumns(280)}
`;

const AdapterBox = styled.section`
  display: grid;
  gap: 8px;
  padding: 12px;
  border: 1px solid var(--ui-color-border);
  border-radius: 8px;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

export interface NetworkTabProps {
  vm: Vm;
  busy: boolean;
}

export function NetworkTab({ vm, busy }: NetworkTabProps) {
  return (
    <DetailStack>
      <AdaptersCard vm={vm} busy={busy} />
      <NatCard vm={vm} busy={busy} />
      <FirewallCard vm={vm} busy={busy} />
    </DetailStack>
  );
}

/** The VLAN an adapter moves to, as the path's `vlanId` (a string while chosen in a Select). */
interface VlanForm {
  vlanId: string;
}

const NO_VLAN: VlanForm = { vlanId: '' };

/** A network must be chosen, and another than the adapter's own. */
export function vlanProblems(
  { vlanId }: VlanForm,
  current: { vlan_id: number } | undefined,
): Partial<Record<'vlanId', string>> {
  if (!vlanId) return { vlanId: 'Choose the network to move the adapter to.' };
  if (current && Number(vlanId) === current.vlan_id)
    return { vlanId: `The adapter is already on VLAN ${vlanId}: choose another network.` };
  return {};
}

function AdaptersCard({ vm, busy }: NetworkTabProps) {
  const { data: catalogue } = useQuery(computeQueries.catalogue());
  const task = useVmTask(vm.id, 'network', 'Change VLAN', 'Changing the VLAN…');
  const site = siteOf(catalogue, vm);
  const refusal = useSiteRefusal(vm);
  const [adapter, setAdapter] = useState<number | null>(null);
  const current = adapter === null ? undefined : vm.adapters[adapter];
  const form = useContractForm<VlanForm>(VlanParams, {
    defaultValues: NO_VLAN,
    // the path's parameters: this VM and the chosen VLAN
    toBody: ({ vlanId }) => ({ id: vm.id, vlanId: Number(vlanId) }),
    refine: (values) => vlanProblems(values, current),
    messages: { vlanId: "Choose a network of the VM's site." },
  });

  return (
    <Card title="Network adapters" headingLevel={2}>
      <Adapters>
        {vm.adapters.map((a, index) => (
          <AdapterBox key={index} aria-labelledby={`adapter-${index}`}>
            <h3 id={`adapter-${index}`}>Adapter {index + 1}</h3>
            <KeyValue
              items={[
                { label: 'Network', value: a.portgroup },
                { label: 'VLAN', value: a.vlan_id },
                { label: 'IP address', value: a.ip, mono: true, copyable: !!a.ip },
              ]}
            />
            <div>
              <Button
                size="small"
                variant="outlined"
                leadingIcon={mdiSwapHorizontal}
                disabled={busy || !site}
                disabledReason={refusal('vlan')}
                aria-label={`Change VLAN of adapter ${index + 1}`}
                onClick={() => {
                  form.reset(NO_VLAN);
                  setAdapter(index);
                }}
              >
                Change VLAN
              </Button>
            </div>
          </AdapterBox>
        ))}
      </Adapters>
      <FormDialog
        form={form}
        open={adapter !== null}
        onOpenChange={(open) => !open && setAdapter(null)}
        title={`Change the VLAN of adapter ${(adapter ?? 0) + 1}`}
        description={
          current
            ? `Now on ${current.portgroup} (VLAN ${current.vlan_id}). The adapter gets a new address on the new network.`
            : undefined
        }
        submitLabel="Change VLAN"
        onSubmit={async ({ vlanId }) => {
          await dialogTask(task, () =>
            vmApis(vm).compute.setVlan(vm.id, Number(vlanId), adapter ?? 0),
          );
        }}
      >
        <FormSelect<VlanForm>
          name="vlanId"
          label="Network"
          placeholder="Choose a network"
          options={(site?.portgroups ?? []).map((p) => ({
            value: String(p.vlan_id),
            label: `${p.name} (VLAN ${p.vlan_id})`,
            disabled: p.vlan_id === current?.vlan_id,
          }))}
          required
        />
      </FormDialog>
    </Card>
  );
}

/** A NAT's gateway, as the contract's body (a string while chosen in a Select). */
interface NatForm {
  data: { gateway_id: string };
}

const natBody = ({ data }: NatForm): NatCreateBody => ({
  operation: 'create',
  data: { gateway_id: Number(data.gateway_id) },
});

function NatCard({ vm, busy }: NetworkTabProps) {
  const { data: catalogue } = useQuery(computeQueries.catalogue());
  const create = useVmTask(vm.id, 'network', 'Create NAT', 'Creating a NAT…');
  // Removing an entry is the specification's `status: cancel`; customers read "Remove".
  const cancel = useVmTask(vm.id, 'network', 'Remove NAT', 'Removing a NAT…');
  const site = siteOf(catalogue, vm);
  const refusal = useSiteRefusal(vm);
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<NatRecord | null>(null);
  const nat = vm.nat ?? [];
  const hasIp = vm.adapters.some((a) => a.ip);
  const form = useContractForm<NatForm>(NatCreateBody, {
    defaultValues: { data: { gateway_id: '' } },
    toBody: natBody,
    refine: ({ data }) =>
      data.gateway_id
        ? {}
        : { 'data.gateway_id': 'Choose the gateway that gets the public address.' },
    messages: { 'data.gateway_id': "Choose a gateway of the VM's site." },
  });

  const columns = useMemo<DataTableColumn<NatRecord>[]>(
    () => [
      { id: 'ip', header: 'Public IP address', accessor: 'global_ipaddress' },
      {
        id: 'gateway',
        header: 'Gateway',
        // Named by the server (the tenant's own gateways) or the site's catalogue; never by its id.
        accessor: (row) =>
          row.gateway_name ??
          site?.gateways.find((g) => g.id === row.gateway_id)?.name ??
          (site ? 'A removed gateway' : ''),
      },
      {
        id: 'status',
        header: 'Status',
        accessor: 'status',
        cell: (row) => (
          <StatusChip
            status={row.status === 'active' ? 'success' : 'neutral'}
            label={row.status === 'active' ? 'Active' : 'Removed'}
          />
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        hideable: false,
        width: 120,
        cell: (row) =>
          row.status === 'active' ? (
            <Button
              size="small"
              variant="outlined"
              tone="secondary"
              disabled={busy}
              aria-label={`Remove NAT ${row.global_ipaddress}`}
              onClick={() => setCancelling(row)}
            >
              Remove
            </Button>
          ) : null,
      },
    ],
    [busy, site],
  );

  return (
    <Card
      title="NAT (public addresses)"
      headingLevel={2}
      subtitle="A 1:1 NAT gives the VM's first adapter a public IPv4 address through a gateway of its site."
      actions={
        <Button
          leadingIcon={mdiPlus}
          disabled={busy || !site || !hasIp}
          disabledReason={refusal('nat')}
          title={hasIp ? undefined : 'The VM has no private address yet.'}
          onClick={() => {
            const first = site?.gateways[0];
            form.reset({ data: { gateway_id: first ? String(first.id) : '' } });
            setCreating(true);
          }}
        >
          Create NAT
        </Button>
      }
    >
      <DataTable
        aria-label={`NAT entries of ${vm.display_name}`}
        data={nat}
        columns={columns}
        getRowId={(row) => String(row.id)}
        searchable={false}
        density="compact"
        emptyState="No NAT entries: the VM has no public address."
      />
      <FormDialog
        form={form}
        open={creating}
        onOpenChange={setCreating}
        title={`Create a NAT for ${vm.display_name}`}
        description="A public address is taken from the gateway's pool."
        submitLabel="Create NAT"
        onSubmit={async (values) => {
          const { data } = natBody(values);
          await dialogTask(create, () => vmApis(vm).compute.createNat(vm.id, data.gateway_id));
        }}
      >
        <FormSelect<NatForm>
          name="data.gateway_id"
          label="Gateway"
          placeholder="Choose a gateway"
          options={(site?.gateways ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          required
        />
      </FormDialog>
      {cancelling && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setCancelling(null)}
          title={`Remove the NAT of ${cancelling.global_ipaddress}?`}
          description="The VM is no longer reachable at this public address, and the address goes back to the pool."
          confirmLabel="Remove NAT"
          tone="danger"
          cancelLabel="Keep"
          onConfirm={() =>
            confirmTask(cancel.run(() => vmApis(vm).compute.cancelNat(vm.id, cancelling.id)))
          }
        />
      )}
    </Card>
  );
}

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function FirewallCard({ vm, busy }: NetworkTabProps) {
  const refusal = useSiteRefusal(vm);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<FirewallRule | null>(null);
  const remove = useVmTask(vm.id, 'network', 'Delete firewall rule', 'Deleting a firewall rule…');
  const rules = vm.firewall_rules ?? [];

  const columns = useMemo<DataTableColumn<FirewallRule>[]>(
    () => [
      { id: 'direction', header: 'Direction', accessor: (r) => label(r.direction), width: 110 },
      { id: 'protocol', header: 'Protocol', accessor: (r) => r.protocol.toUpperCase(), width: 100 },
      { id: 'ports', header: 'Ports', accessor: (r) => r.ports ?? 'All', width: 110 },
      { id: 'source', header: 'Source', accessor: 'source', priority: 1 },
      { id: 'destination', header: 'Destination', accessor: 'destination', priority: 1 },
      {
        id: 'action',
        header: 'Action',
        accessor: 'action',
        width: 110,
        cell: (r) => (
          <StatusChip status={r.action === 'allow' ? 'success' : 'error'} label={label(r.action)} />
        ),
      },
      { id: 'description', header: 'Description', accessor: 'description', priority: 2 },
      {
        id: 'actions',
        header: 'Actions',
        hideable: false,
        width: 90,
        cell: (r) => (
          <IconButton
            icon={mdiDelete}
            aria-label={`Delete firewall rule ${r.id}`}
            disabled={busy}
            onClick={() => setDeleting(r)}
          />
        ),
      },
    ],
    [busy],
  );

  return (
    <Card
      title="Firewall rules"
      headingLevel={2}
      actions={
        <Button
          leadingIcon={mdiShieldPlus}
          disabled={busy}
          disabledReason={refusal('firewall')}
          onClick={() => setAdding(true)}
        >
          Add rule
        </Button>
      }
    >
      <DataTable
        aria-label={`Firewall rules of ${vm.display_name}`}
        data={rules}
        columns={columns}
        getRowId={(r) => String(r.id)}
        searchable={false}
        density="compact"
        emptyState="No firewall rules: the default policy applies."
      />
      <FirewallRuleDialog vm={vm} open={adding} onOpenChange={setAdding} />
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete this firewall rule?"
          description={`${label(deleting.action)} ${deleting.direction} ${deleting.protocol.toUpperCase()}${deleting.ports ? ` ${deleting.ports}` : ''} from ${deleting.source} to ${deleting.destination}.`}
          confirmLabel="Delete"
          tone="danger"
          onConfirm={() =>
            confirmTask(remove.run(() => vmApis(vm).compute.deleteFirewallRule(vm.id, deleting.id)))
          }
        />
      )}
    </Card>
  );
}
