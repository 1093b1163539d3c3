import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { mdiDelete, mdiPlus, mdiShieldPlus, mdiSwapHorizontal } from '@mdi/js';
import {
  CIDR_PATTERN,
  FIREWALL_ACTIONS,
  FIREWALL_DIRECTIONS,
  FIREWALL_PROTOCOLS,
  PORTS_PATTERN,
  type FirewallRule,
  type FirewallRuleBody,
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
  Select,
  StatusChip,
  TextField,
  type DataTableColumn,
} from '@portal/ui';
import { tasks } from '../../../state/tasks.ts';
import { FormDialog } from './FormDialog.tsx';
import { serverFieldError, type FieldErrors } from './fieldErrors.ts';
import { siteOf, useCatalogue } from './useCatalogue.ts';
import { vmApis } from './useVm.ts';

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
  const { catalogue } = useCatalogue();
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
    const taskId = await tasks.run(
      {
        operation: 'Change VLAN',
        onRequestError: (e) => setError(serverFieldError(e, ['vlanId'])?.vlanId),
      },
      () => vmApis(vm).compute.setVlan(vm.id, Number(vlan), adapter ?? 0),
    );
    return taskId !== null;
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
  const { catalogue } = useCatalogue();
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
    const taskId = await tasks.run(
      {
        operation: 'Create NAT',
        onRequestError: (e) => setError(serverFieldError(e, ['gateway_id'])?.gateway_id),
      },
      () => vmApis(vm).compute.createNat(vm.id, Number(gateway)),
    );
    return taskId !== null;
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
          onConfirm={async () => {
            await tasks.run({ operation: 'Cancel NAT' }, () =>
              vmApis(vm).compute.cancelNat(vm.id, cancelling.id),
            );
          }}
        />
      )}
    </Card>
  );
}

type RuleField = keyof FirewallRuleBody;
const RULE_FIELDS: RuleField[] = [
  'direction',
  'protocol',
  'ports',
  'source',
  'destination',
  'action',
  'description',
];
const cidr = new RegExp(CIDR_PATTERN);
const portsRe = new RegExp(PORTS_PATTERN);

/** Checks a rule as the server does, naming the field and the reason. */
export function validateRule(rule: FirewallRuleBody): FieldErrors<RuleField> {
  const errors: FieldErrors<RuleField> = {};
  const needsPorts = rule.protocol === 'tcp' || rule.protocol === 'udp';
  const ports = rule.ports ?? '';
  if (needsPorts && ports) {
    const [from = 0, to = from] = ports.split('-').map(Number);
    if (!portsRe.test(ports) || from < 1 || to > 65535 || to < from)
      errors.ports = 'Ports must be one port (22) or a range (8000-8080) between 1 and 65535.';
  }
  const checkCidr = (field: 'source' | 'destination', label: string) => {
    const value = rule[field];
    if (!value)
      errors[field] = `${label} is required: an address with a prefix, 0.0.0.0/0 for anywhere.`;
    else if (
      !cidr.test(value) ||
      value
        .split('/')[0]
        ?.split('.')
        .some((o) => Number(o) > 255) ||
      Number(value.split('/')[1]) > 32
    )
      errors[field] = `${label} must be an IPv4 address with a prefix length, e.g. 203.0.113.0/24.`;
  };
  checkCidr('source', 'Source');
  checkCidr('destination', 'Destination');
  if ((rule.description ?? '').length > 200)
    errors.description = 'Description is too long: at most 200 characters.';
  return errors;
}

const EMPTY_RULE: FirewallRuleBody = {
  direction: 'ingress',
  protocol: 'tcp',
  ports: '',
  source: '0.0.0.0/0',
  destination: '0.0.0.0/0',
  action: 'allow',
  description: '',
};

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const options = (values: readonly string[], names: Record<string, string> = {}) =>
  values.map((v) => ({ value: v, label: names[v] ?? label(v) }));

function FirewallCard({ vm, busy }: NetworkTabProps) {
  const [adding, setAdding] = useState(false);
  const [rule, setRule] = useState<FirewallRuleBody>(EMPTY_RULE);
  const [errors, setErrors] = useState<FieldErrors<RuleField>>({});
  const [deleting, setDeleting] = useState<FirewallRule | null>(null);
  const rules = vm.firewall_rules ?? [];
  const set = <K extends RuleField>(key: K, value: FirewallRuleBody[K]) =>
    setRule((r) => ({ ...r, [key]: value }));
  const needsPorts = rule.protocol === 'tcp' || rule.protocol === 'udp';

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

  const submit = async () => {
    const body: FirewallRuleBody = {
      ...rule,
      ports: needsPorts && rule.ports ? rule.ports : null,
      description: rule.description ?? '',
    };
    const found = validateRule(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    const taskId = await tasks.run(
      {
        operation: 'Add firewall rule',
        onRequestError: (e) => setErrors(serverFieldError(e, RULE_FIELDS) ?? {}),
      },
      () => vmApis(vm).compute.addFirewallRule(vm.id, body),
    );
    return taskId !== null;
  };

  return (
    <Card
      title="Firewall rules"
      headingLevel={2}
      actions={
        <Button
          leadingIcon={mdiShieldPlus}
          disabled={busy}
          onClick={() => {
            setRule(EMPTY_RULE);
            setErrors({});
            setAdding(true);
          }}
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
      <FormDialog
        open={adding}
        onOpenChange={setAdding}
        title={`Add a firewall rule to ${vm.display_name}`}
        submitLabel="Add rule"
        onSubmit={submit}
        size="medium"
        columns={2}
      >
        <Select
          label="Direction"
          options={options(FIREWALL_DIRECTIONS, {
            ingress: 'Ingress (incoming)',
            egress: 'Egress (outgoing)',
          })}
          value={rule.direction}
          onValueChange={(v) => set('direction', v as FirewallRuleBody['direction'])}
          error={errors.direction}
          required
        />
        <Select
          label="Protocol"
          options={options(FIREWALL_PROTOCOLS, {
            tcp: 'TCP',
            udp: 'UDP',
            icmp: 'ICMP',
            any: 'Any',
          })}
          value={rule.protocol}
          onValueChange={(v) => set('protocol', v as FirewallRuleBody['protocol'])}
          error={errors.protocol}
          required
        />
        <TextField
          label="Ports"
          value={needsPorts ? (rule.ports ?? '') : ''}
          onChange={(e) => set('ports', e.target.value)}
          disabled={!needsPorts}
          error={errors.ports}
          help={
            needsPorts
              ? 'One port (22) or a range (8000-8080); empty for all.'
              : 'Only for TCP and UDP.'
          }
          inputMode="numeric"
        />
        <TextField
          label="Source"
          value={rule.source}
          onChange={(e) => set('source', e.target.value)}
          error={errors.source}
          help="An IPv4 address with a prefix length; 0.0.0.0/0 for anywhere."
          required
        />
        <TextField
          label="Destination"
          value={rule.destination}
          onChange={(e) => set('destination', e.target.value)}
          error={errors.destination}
          help="An IPv4 address with a prefix length; 0.0.0.0/0 for anywhere."
          required
        />
        <Select
          label="Action"
          options={options(FIREWALL_ACTIONS)}
          value={rule.action}
          onValueChange={(v) => set('action', v as FirewallRuleBody['action'])}
          error={errors.action}
          required
        />
        <TextField
          label="Description"
          value={rule.description ?? ''}
          onChange={(e) => set('description', e.target.value)}
          error={errors.description}
          help="Optional, up to 200 characters."
        />
      </FormDialog>
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete this firewall rule?"
          description={`${label(deleting.action)} ${deleting.direction} ${deleting.protocol.toUpperCase()}${deleting.ports ? ` ${deleting.ports}` : ''} from ${deleting.source} to ${deleting.destination}.`}
          confirmLabel="Delete"
          onConfirm={async () => {
            await tasks.run({ operation: 'Delete firewall rule' }, () =>
              vmApis(vm).compute.deleteFirewallRule(vm.id, deleting.id),
            );
          }}
        />
      )}
    </Card>
  );
}
