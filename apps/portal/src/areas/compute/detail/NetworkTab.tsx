import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { mdiDelete, mdiPlus, mdiShieldPlus, mdiSwapHorizontal } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import type { FirewallRule, NatRecord, Vm } from '@portal/api/contract';
import {
  Button,
  Card,
  ConfirmDialog,
  DataTable,
  IconButton,
  KeyValue,
  Select,
  StatusChip,
  type DataTableColumn,
} from '@portal/ui';
import { computeQueries } from '../queries.ts';
import { FirewallRuleDialog } from './FirewallRuleDialog.tsx';
import { FormDialog } from './FormDialog.tsx';
import { serverFieldError } from './fieldErrors.ts';
import { siteOf, vmApis } from './vmApis.ts';
import { confirmTask, useVmTask } from './vmTasks.ts';

const Stack = styled.div`
  display: grid;
  gap: 16px;
`;

const Adapters = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 280px), 1fr));
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
    <Stack>
      <AdaptersCard vm={vm} busy={busy} />
      <NatCard vm={vm} busy={busy} />
      <FirewallCard vm={vm} busy={busy} />
    </Stack>
  );
}

function AdaptersCard({ vm, busy }: NetworkTabProps) {
  const { data: catalogue } = useQuery(computeQueries.catalogue());
  const task = useVmTask(vm.id, 'network', 'Change VLAN', 'Changing the VLAN…');
  const site = siteOf(catalogue, vm);
  const [adapter, setAdapter] = useState<number | null>(null);
  const [vlan, setVlan] = useState('');
  const [error, setError] = useState<string | undefined>();
  const current = adapter === null ? undefined : vm.adapters[adapter];

  const submit = async () => {
    if (!vlan) {
      setError('Network is required: choose the VLAN to move the adapter to.');
      return false;
    }
    if (current && Number(vlan) === current.vlan_id) {
      setError(`The adapter is already on VLAN ${vlan}: choose another network.`);
      return false;
    }
    const result = await task.run(() =>
      vmApis(vm).compute.setVlan(vm.id, Number(vlan), adapter ?? 0),
    );
    if (!result.ok) setError(serverFieldError(result.error, ['vlanId'])?.vlanId);
    return result.ok;
  };

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
                aria-label={`Change VLAN of adapter ${index + 1}`}
                onClick={() => {
                  setAdapter(index);
                  setVlan('');
                  setError(undefined);
                }}
              >
                Change VLAN
              </Button>
            </div>
          </AdapterBox>
        ))}
      </Adapters>
      <FormDialog
        open={adapter !== null}
        onOpenChange={(open) => !open && setAdapter(null)}
        title={`Change the VLAN of adapter ${(adapter ?? 0) + 1}`}
        description={
          current
            ? `Now on ${current.portgroup} (VLAN ${current.vlan_id}). The adapter gets a new address on the new network.`
            : undefined
        }
        submitLabel="Change VLAN"
        onSubmit={submit}
      >
        <Select
          label="Network"
          placeholder="Choose a network"
          options={(site?.portgroups ?? []).map((p) => ({
            value: String(p.vlan_id),
            label: `${p.name} (VLAN ${p.vlan_id})`,
            disabled: p.vlan_id === current?.vlan_id,
          }))}
          value={vlan}
          onValueChange={setVlan}
          error={error}
          required
        />
      </FormDialog>
    </Card>
  );
}

function NatCard({ vm, busy }: NetworkTabProps) {
  const { data: catalogue } = useQuery(computeQueries.catalogue());
  const create = useVmTask(vm.id, 'network', 'Create NAT', 'Creating a NAT…');
  const cancel = useVmTask(vm.id, 'network', 'Cancel NAT', 'Cancelling a NAT…');
  const site = siteOf(catalogue, vm);
  const [creating, setCreating] = useState(false);
  const [gateway, setGateway] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [cancelling, setCancelling] = useState<NatRecord | null>(null);
  const nat = vm.nat ?? [];
  const hasIp = vm.adapters.some((a) => a.ip);

  const columns = useMemo<DataTableColumn<NatRecord>[]>(
    () => [
      { id: 'ip', header: 'Public IP address', accessor: 'global_ipaddress' },
      {
        id: 'gateway',
        header: 'Gateway',
        accessor: (row) =>
          site?.gateways.find((g) => g.id === row.gateway_id)?.name ?? `Gateway ${row.gateway_id}`,
      },
      {
        id: 'status',
        header: 'Status',
        accessor: 'status',
        cell: (row) => (
          <StatusChip
            status={row.status === 'active' ? 'success' : 'neutral'}
            label={row.status === 'active' ? 'Active' : 'Cancelled'}
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
              aria-label={`Cancel NAT ${row.global_ipaddress}`}
              onClick={() => setCancelling(row)}
            >
              Cancel
            </Button>
          ) : null,
      },
    ],
    [busy, site],
  );

  const submit = async () => {
    if (!gateway) {
      setError('Gateway is required: choose the gateway that gets the public address.');
      return false;
    }
    const result = await create.run(() => vmApis(vm).compute.createNat(vm.id, Number(gateway)));
    if (!result.ok) setError(serverFieldError(result.error, ['gateway_id'])?.gateway_id);
    return result.ok;
  };

  return (
    <Card
      title="NAT (public addresses)"
      headingLevel={2}
      subtitle="A 1:1 NAT gives the VM's first adapter a public IPv4 address through a gateway of its site."
      actions={
        <Button
          leadingIcon={mdiPlus}
          disabled={busy || !site || !hasIp}
          title={hasIp ? undefined : 'The VM has no private address yet.'}
          onClick={() => {
            setGateway(site?.gateways[0] ? String(site.gateways[0].id) : '');
            setError(undefined);
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
        open={creating}
        onOpenChange={setCreating}
        title={`Create a NAT for ${vm.display_name}`}
        description="A public address is taken from the gateway's pool."
        submitLabel="Create NAT"
        onSubmit={submit}
      >
        <Select
          label="Gateway"
          placeholder="Choose a gateway"
          options={(site?.gateways ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={gateway}
          onValueChange={setGateway}
          error={error}
          required
        />
      </FormDialog>
      {cancelling && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setCancelling(null)}
          title={`Cancel the NAT of ${cancelling.global_ipaddress}?`}
          description="The VM is no longer reachable at this public address, and the address goes back to the pool."
          confirmLabel="Cancel NAT"
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
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<FirewallRule | null>(null);
  const remove = useVmTask(vm.id, 'network', 'Delete firewall rule', 'Deleting a firewall rule…');
  const rules = vm.firewall_rules ?? [];

  const columns = useMemo<DataTableColumn<FirewallRule>[]>(
    () => [
      { id: 'direction', header: 'Direction', accessor: (r) => label(r.direction), width: 110 },
      { id: 'protocol', header: 'Protocol', accessor: (r) => r.protocol.toUpperCase(), width: 100 },
      { id: 'ports', header: 'Ports', accessor: (r) => r.ports ?? 'All', width: 110 },
      { id: 'source', header: 'Source', accessor: 'source' },
      { id: 'destination', header: 'Destination', accessor: 'destination' },
      {
        id: 'action',
        header: 'Action',
        accessor: 'action',
        width: 110,
        cell: (r) => (
          <StatusChip status={r.action === 'allow' ? 'success' : 'error'} label={label(r.action)} />
        ),
      },
      { id: 'description', header: 'Description', accessor: 'description' },
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
        <Button leadingIcon={mdiShieldPlus} disabled={busy} onClick={() => setAdding(true)}>
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
          onConfirm={() =>
            confirmTask(remove.run(() => vmApis(vm).compute.deleteFirewallRule(vm.id, deleting.id)))
          }
        />
      )}
    </Card>
  );
}
