import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { mdiIpNetwork, mdiLanDisconnect, mdiPlus, mdiRouterNetwork } from '@mdi/js';
import {
  AddressAllocate,
  GatewayCreate,
  type Gateway,
  type Network,
  type PublicAddress,
} from '@portal/api/contract';
import { computeApi, errorText } from '@portal/api/client';
import {
  Button,
  ConfirmDialog,
  DataTable,
  EmptyState,
  Link,
  LinkButton,
  NetworkGraph,
  Select,
  StatusChip,
  Tabs,
  type DataTableColumn,
} from '@portal/ui';
import { ListPage } from '../../kit/ListPage.tsx';
import { useUrlTab } from '../../kit/DetailPage.tsx';
import {
  FormDialog,
  FormSelect,
  FormSwitch,
  FormTextField,
  useContractForm,
} from '../../kit/form/index.ts';
import {
  confirmTask,
  formTask,
  shownInDialog,
  useResourceBusy,
  useTaskAction,
} from '../../kit/useTaskAction.ts';
import { useManageReason } from '../../state/permissions.ts';
import { getServices } from '../../services.ts';
import { NETWORKING_PERMISSION } from './permission.ts';
import { api, networkingKeys, networkingQueries, siteLocations } from './queries.ts';
import { lookOf } from './state.ts';
import { topologyGraph } from './topology.ts';

const chip = (state: string) => (
  <StatusChip status={lookOf(state).chip} label={lookOf(state).label} />
);

const COLUMNS: DataTableColumn<Network>[] = [
  {
    id: 'name',
    header: 'Name',
    accessor: 'name',
    width: 'minmax(160px, 1.4fr)',
    hideable: false,
    cell: (network) => <Link href={`/networking/${network.id}`}>{network.name}</Link>,
  },
  { id: 'cidr', header: 'CIDR', accessor: 'cidr', width: 150 },
  { id: 'vlan', header: 'VLAN', accessor: 'vlan_id', align: 'end', width: 90 },
  { id: 'location', header: 'Location', accessor: 'location', filter: 'select', width: 110 },
  { id: 'vms', header: 'VMs', accessor: 'vm_count', align: 'end', width: 80 },
  {
    id: 'state',
    header: 'State',
    accessor: (network) => lookOf(network.state).label,
    filter: 'select',
    width: 130,
    cell: (network) => chip(network.state),
  },
];

const SECTIONS = [{ id: 'topology' }, { id: 'gateways' }, { id: 'addresses' }] as const;

/** `/networking`: the networks, and the topology, gateways and public addresses as tabs. */
export function NetworkingListPage() {
  const [tab, setTab] = useUrlTab(SECTIONS);
  return (
    <ListPage
      listId="networking"
      title="Networking"
      description="Your networks, the gateways that lead them to the internet, and your public addresses."
      tableLabel="Networks"
      searchLabel="Search networks"
      noun={{ one: 'network', other: 'networks' }}
      query={networkingQueries.list()}
      columns={COLUMNS}
      getRowId={(network) => String(network.id)}
      getRowLabel={(network) => network.name}
      defaultSorting={{ id: 'name' }}
      rowHref={(network) => `/networking/${network.id}`}
      actions={
        <LinkButton href="/networking/create" variant="primary" leadingIcon={mdiPlus}>
          Create network
        </LinkButton>
      }
      emptyState={
        <EmptyState
          icon={mdiLanDisconnect}
          title="No networks yet"
          description="Create a network; virtual machines can use it as soon as it is ready."
        />
      }
    >
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label="Networking views">
          <Tabs.Trigger value="topology">Topology</Tabs.Trigger>
          <Tabs.Trigger value="gateways">Gateways</Tabs.Trigger>
          <Tabs.Trigger value="addresses">Public addresses</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="topology">
          <TopologySection />
        </Tabs.Content>
        <Tabs.Content value="gateways">
          <GatewaysSection />
        </Tabs.Content>
        <Tabs.Content value="addresses">
          <AddressesSection />
        </Tabs.Content>
      </Tabs.Root>
    </ListPage>
  );
}

const ALL = 'all';

/** The topology graph with a location filter; the graph has its own list view. */
export function TopologySection() {
  const topology = useQuery(networkingQueries.topology());
  const navigate = useNavigate();
  const [location, setLocation] = useState(ALL);
  const locations = useMemo(
    () => [...new Set((topology.data?.networks ?? []).map((network) => network.location))].sort(),
    [topology.data],
  );
  const graph = useMemo(
    () => (topology.data ? topologyGraph(topology.data, location === ALL ? null : location) : null),
    [topology.data, location],
  );
  if (topology.isError) return <p role="alert">The topology could not be read. Try again later.</p>;
  if (!graph) return <p>Reading the topology…</p>;
  return (
    <section aria-label="Topology">
      <Select
        label="Location"
        value={location}
        onValueChange={setLocation}
        options={[
          { value: ALL, label: 'All locations' },
          ...locations.map((each) => ({ value: each, label: each })),
        ]}
      />
      <NetworkGraph
        aria-label="Network topology"
        nodes={graph.nodes}
        edges={graph.edges}
        height={560}
        onNodeClick={(node) => {
          if (node.kind === 'network') void navigate(`/networking/${node.id.slice(1)}`);
          if (node.kind === 'vm') void navigate(`/compute/${node.id.slice(1)}`);
        }}
      />
    </section>
  );
}

const gatewayResource = (gateway: Gateway) => `network_gateway:${gateway.id}`;

/** Source NAT as it is, or what the task on it is doing. */
function SnatCell({ gateway }: { gateway: Gateway }) {
  const { busy, label } = useResourceBusy(gatewayResource(gateway));
  return <>{busy ? label : gateway.snat ? 'On' : 'Off'}</>;
}

const GATEWAY_COLUMNS: DataTableColumn<Gateway>[] = [
  { id: 'name', header: 'Name', accessor: 'name', hideable: false },
  { id: 'location', header: 'Location', accessor: 'location', width: 110 },
  {
    id: 'external_address',
    header: 'External address',
    accessor: (gateway) => gateway.external_address || '—',
  },
  {
    id: 'snat',
    header: 'Source NAT',
    accessor: (gateway) => (gateway.snat ? 'On' : 'Off'),
    cell: (gateway) => <SnatCell gateway={gateway} />,
    width: 130,
  },
  { id: 'networks', header: 'Networks', accessor: 'network_count', align: 'end', width: 110 },
  {
    id: 'state',
    header: 'State',
    accessor: (gateway) => lookOf(gateway.state).label,
    cell: (gateway) => chip(gateway.state),
    width: 130,
  },
];

const gatewayBody = (values: GatewayCreate): GatewayCreate => ({
  ...values,
  name: values.name.trim(),
});

/** A new gateway at a site: its name, where, and whether its networks reach out through it. */
function CreateGatewayDialog({ onClose }: { onClose: () => void }) {
  const sites = useQuery(siteLocations());
  const task = useTaskAction({
    operation: 'Create gateway',
    kind: 'other',
    invalidates: [networkingKeys.all],
  });
  const form = useContractForm<GatewayCreate>(GatewayCreate, {
    defaultValues: { name: '', location: '', snat: true },
    labels: { name: 'name', location: 'location' },
    messages: { location: 'Choose a location.' },
    toBody: gatewayBody,
  });
  return (
    <FormDialog
      form={form}
      open
      onOpenChange={(open) => !open && onClose()}
      title="Create a gateway"
      description="A gateway leads a site's networks to the internet and holds its public addresses."
      submitLabel="Create gateway"
      onSubmit={async (values) => {
        const body = gatewayBody(values);
        await formTask(
          task.run(() => api().createGateway(body), {
            operation: `Create gateway ${body.name}`,
            onRequestError: shownInDialog,
          }),
        );
      }}
    >
      <FormTextField<GatewayCreate> name="name" label="Name" required autoFocus />
      <FormSelect<GatewayCreate>
        name="location"
        label="Location"
        required
        placeholder="Choose a site"
        options={(sites.data ?? []).map((site) => ({ value: site, label: site }))}
      />
      <FormSwitch<GatewayCreate>
        name="snat"
        label="Source NAT"
        help="Machines on its networks reach the internet through the gateway's address."
      />
    </FormDialog>
  );
}

export function GatewaysSection() {
  const gateways = useQuery(networkingQueries.gateways());
  const [creating, setCreating] = useState(false);
  const readOnly = useManageReason(NETWORKING_PERMISSION);
  const snat = useTaskAction({
    operation: 'Source NAT',
    kind: 'other',
    invalidates: [networkingKeys.all],
    runningLabel: 'Changing…',
  });
  const toggle = (gateway: Gateway) =>
    void snat.run(() => api().setSnat(gateway.id, !gateway.snat), {
      operation: `Source NAT on ${gateway.name}`,
      resource: gatewayResource(gateway),
    });
  return (
    <section aria-label="Gateways">
      <DataTable<Gateway>
        aria-label="Gateways"
        data={gateways.data ?? []}
        columns={GATEWAY_COLUMNS}
        getRowId={(gateway) => String(gateway.id)}
        getRowLabel={(gateway) => gateway.name}
        loading={gateways.isPending}
        error={gateways.error ? errorText(gateways.error) : undefined}
        onRetry={() => void gateways.refetch()}
        searchLabel="Search gateways"
        defaultSorting={{ id: 'name' }}
        emptyState={
          <EmptyState
            icon={mdiRouterNetwork}
            title="No gateways yet"
            description="A gateway leads a site's networks to the internet."
          />
        }
        toolbar={
          <Button
            variant="primary"
            size="small"
            leadingIcon={mdiPlus}
            disabled={Boolean(readOnly)}
            disabledReason={readOnly}
            onClick={() => setCreating(true)}
          >
            Create gateway
          </Button>
        }
        rowActions={(gateway) => [
          {
            id: 'snat',
            label: gateway.snat ? 'Turn source NAT off' : 'Turn source NAT on',
            onSelect: () => toggle(gateway),
            disabledReason:
              readOnly ??
              (gateway.state !== 'active' ? 'The gateway is not ready yet.' : undefined),
          },
        ]}
      />
      {creating && <CreateGatewayDialog onClose={() => setCreating(false)} />}
    </section>
  );
}

const addressResource = (address: PublicAddress) => `public_address:${address.id}`;
const addressName = (address: PublicAddress) => address.address ?? 'new address';
/** Managed and not being worked on, with an address the VM NAT call can take. */
const assignable = (address: PublicAddress) =>
  address.managed && address.state === 'allocated' && address.global_ipaddress_id !== null;

const ADDRESS_COLUMNS: DataTableColumn<PublicAddress>[] = [
  {
    id: 'address',
    header: 'Address',
    accessor: (address) => address.address ?? '—',
    hideable: false,
  },
  { id: 'location', header: 'Location', accessor: 'location', filter: 'select', width: 110 },
  {
    id: 'state',
    header: 'State',
    accessor: (address) => lookOf(address.state).label,
    cell: (address) => chip(address.state),
    width: 140,
  },
  {
    id: 'nat',
    header: 'NAT entry',
    accessor: (address) =>
      address.nat
        ? `${address.nat.display_name} (${address.nat.private_ip ?? 'no address'})`
        : 'Not assigned',
  },
];

/** The gateway select answers the id as text; the contract wants a number. */
const allocateBody = (values: { gateway_id: string }): AddressAllocate => ({
  gateway_id: Number(values.gateway_id),
});

/** A public address from a gateway: which gateway (so which site). */
function AllocateDialog({ onClose }: { onClose: () => void }) {
  const gateways = useQuery(networkingQueries.gateways());
  const task = useTaskAction({
    operation: 'Allocate a public address',
    kind: 'other',
    invalidates: [networkingKeys.all],
  });
  const form = useContractForm<{ gateway_id: string }>(AddressAllocate, {
    defaultValues: { gateway_id: '' },
    toBody: allocateBody,
    labels: { gateway_id: 'gateway' },
    messages: { gateway_id: 'Choose a gateway.' },
  });
  return (
    <FormDialog
      form={form}
      open
      onOpenChange={(open) => !open && onClose()}
      title="Allocate a public address"
      description="The address comes from the gateway's site; assign it to a machine there with NAT."
      submitLabel="Allocate"
      onSubmit={async (values) => {
        await formTask(
          task.run(() => api().allocate(allocateBody(values)), {
            onRequestError: shownInDialog,
          }),
        );
      }}
    >
      <FormSelect<{ gateway_id: string }>
        name="gateway_id"
        label="Gateway"
        required
        placeholder="Choose a gateway"
        options={(gateways.data ?? [])
          .filter((gateway) => gateway.state === 'active')
          .map((gateway) => ({
            value: String(gateway.id),
            label: `${gateway.name} (${gateway.location})`,
          }))}
      />
    </FormDialog>
  );
}

/** NAT from a public address to a machine at its site. */
function AssignDialog({
  address,
  vms,
  onClose,
}: {
  address: PublicAddress;
  vms: { id: number; name: string }[];
  onClose: () => void;
}) {
  const [vm, setVm] = useState('');
  const [error, setError] = useState<string>();
  const task = useTaskAction({
    operation: `Assign ${addressName(address)}`,
    kind: 'other',
    resource: addressResource(address),
    invalidates: [networkingKeys.all],
  });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Assign ${addressName(address)}`}
      description={`Traffic to ${addressName(address)} reaches the machine chosen, through NAT on its gateway.`}
      confirmLabel="Assign"
      onConfirm={async () => {
        const globalId = address.global_ipaddress_id;
        if (!vm || globalId === null) {
          setError('Choose a virtual machine.');
          throw new Error('Choose a virtual machine.');
        }
        const compute = computeApi(getServices().api);
        await confirmTask(
          task.run(() => compute.createNat(Number(vm), address.gateway_id, globalId)),
        );
      }}
    >
      <Select
        label="Virtual machine"
        placeholder={vms.length ? 'Choose a virtual machine' : `No machine at ${address.location}`}
        value={vm}
        onValueChange={(value) => {
          setVm(value);
          setError(undefined);
        }}
        error={error}
        options={vms.map((each) => ({ value: String(each.id), label: each.name }))}
      />
    </ConfirmDialog>
  );
}

type AddressDialog =
  | { kind: 'allocate' }
  | { kind: 'assign'; address: PublicAddress }
  | { kind: 'release'; address: PublicAddress };

export function AddressesSection() {
  const addresses = useQuery(networkingQueries.addresses());
  const topology = useQuery(networkingQueries.topology());
  const readOnly = useManageReason(NETWORKING_PERMISSION);
  const [dialog, setDialog] = useState<AddressDialog | null>(null);
  const task = useTaskAction({
    operation: 'Public address',
    kind: 'other',
    invalidates: [networkingKeys.all],
  });
  const vmsAt = (location: string) =>
    (topology.data?.vms ?? [])
      .filter((vm) => vm.location === location)
      .map((vm) => ({ id: vm.id, name: vm.display_name }));
  const cancelNat = (address: PublicAddress) => {
    const nat = address.nat;
    if (!nat) return;
    void task.run(() => computeApi(getServices().api).cancelNat(nat.vm_id, nat.id), {
      operation: `Cancel NAT of ${addressName(address)}`,
    });
  };
  const close = () => setDialog(null);
  return (
    <section aria-label="Public addresses">
      <DataTable<PublicAddress>
        aria-label="Public addresses"
        data={addresses.data ?? []}
        columns={ADDRESS_COLUMNS}
        getRowId={(address) => `${address.managed ? 'a' : 'n'}${address.id}`}
        getRowLabel={addressName}
        loading={addresses.isPending}
        error={addresses.error ? errorText(addresses.error) : undefined}
        onRetry={() => void addresses.refetch()}
        searchLabel="Search public addresses"
        emptyState={
          <EmptyState
            icon={mdiIpNetwork}
            title="No public addresses yet"
            description="Allocate one from a gateway, then assign it to a machine with NAT."
          />
        }
        toolbar={
          <Button
            variant="primary"
            size="small"
            leadingIcon={mdiPlus}
            disabled={Boolean(readOnly)}
            disabledReason={readOnly}
            onClick={() => setDialog({ kind: 'allocate' })}
          >
            Allocate address
          </Button>
        }
        rowActions={(address) =>
          address.nat
            ? [
                {
                  id: 'cancel',
                  label: 'Cancel NAT entry',
                  onSelect: () => cancelNat(address),
                  disabledReason: readOnly,
                },
              ]
            : [
                {
                  id: 'assign',
                  label: 'Assign to a virtual machine…',
                  onSelect: () => setDialog({ kind: 'assign', address }),
                  disabledReason:
                    readOnly ?? (assignable(address) ? undefined : 'The address is not ready yet.'),
                },
                {
                  id: 'release',
                  label: 'Release',
                  tone: 'danger' as const,
                  onSelect: () => setDialog({ kind: 'release', address }),
                  disabledReason:
                    readOnly ?? (assignable(address) ? undefined : 'The address is not ready yet.'),
                },
              ]
        }
      />
      {dialog?.kind === 'allocate' && <AllocateDialog onClose={close} />}
      {dialog?.kind === 'assign' && (
        <AssignDialog
          address={dialog.address}
          vms={vmsAt(dialog.address.location)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'release' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && close()}
          title={`Release ${addressName(dialog.address)}?`}
          description="The address goes back to the provider; you may not get it again."
          confirmLabel="Release"
          tone="danger"
          onConfirm={async () => {
            const address = dialog.address;
            await confirmTask(
              task.run(() => api().release(address.id), {
                operation: `Release ${addressName(address)}`,
                resource: addressResource(address),
              }),
            );
          }}
        />
      )}
    </section>
  );
}
