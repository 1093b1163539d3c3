import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { mdiLanDisconnect, mdiPlus, mdiRouterNetwork } from '@mdi/js';
import {
  GatewayCreate,
  type Gateway,
  type Network,
  type PublicAddress,
} from '@portal/api/contract';
import { computeApi, errorText } from '@portal/api/client';
import {
  Button,
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
    toBody: (values) => ({ ...values, name: values.name.trim() }),
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
        const name = values.name.trim();
        await formTask(
          task.run(() => api().createGateway({ ...values, name }), {
            operation: `Create gateway ${name}`,
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

function AddressRow({
  address,
  vms,
}: {
  address: PublicAddress;
  vms: { id: number; name: string }[];
}) {
  const [vm, setVm] = useState('');
  const label = address.address ?? 'new address';
  const options = { kind: 'other' as const, invalidates: [networkingKeys.all] };
  const assign = useTaskAction({
    operation: `Assign ${label}`,
    resource: `public_address:${address.id}`,
    ...options,
  });
  const cancel = useTaskAction({ operation: `Cancel NAT of ${label}`, ...options });
  const release = useTaskAction({
    operation: `Release ${label}`,
    resource: `public_address:${address.id}`,
    ...options,
  });
  const compute = () => computeApi(getServices().api);
  const nat = address.nat;
  return (
    <tr>
      <th scope="row">{address.address ?? '—'}</th>
      <td>{address.location}</td>
      <td>{chip(address.state)}</td>
      <td>{nat ? `${nat.display_name} (${nat.private_ip ?? 'no address'})` : 'Not assigned'}</td>
      <td>
        {nat ? (
          <Button
            variant="secondary"
            size="small"
            disabled={cancel.busy}
            onClick={() => void cancel.run(() => compute().cancelNat(nat.vm_id, nat.id))}
          >
            Cancel NAT entry
          </Button>
        ) : address.managed && address.state === 'allocated' && address.global_ipaddress_id ? (
          <>
            <Select
              label={`Virtual machine for ${label}`}
              placeholder="Choose a virtual machine"
              value={vm}
              onValueChange={setVm}
              options={vms.map((each) => ({ value: String(each.id), label: each.name }))}
            />
            <Button
              variant="secondary"
              size="small"
              disabled={!vm || assign.busy}
              onClick={() => {
                const globalId = address.global_ipaddress_id;
                if (globalId !== null)
                  void assign.run(() =>
                    compute().createNat(Number(vm), address.gateway_id, globalId),
                  );
              }}
            >
              Assign with NAT
            </Button>
            <Button
              variant="secondary"
              size="small"
              disabled={release.busy}
              onClick={() => void release.run(() => api().release(address.id))}
            >
              Release
            </Button>
          </>
        ) : null}
      </td>
    </tr>
  );
}

export function AddressesSection() {
  const addresses = useQuery(networkingQueries.addresses());
  const gateways = useQuery(networkingQueries.gateways());
  const topology = useQuery(networkingQueries.topology());
  const [gateway, setGateway] = useState('');
  const allocate = useTaskAction({
    operation: 'Allocate a public address',
    kind: 'other',
    invalidates: [networkingKeys.all],
  });
  const vmsAt = (location: string) =>
    (topology.data?.vms ?? [])
      .filter((vm) => vm.location === location)
      .map((vm) => ({ id: vm.id, name: vm.display_name }));
  if (addresses.isError) return <p role="alert">The public addresses could not be read.</p>;
  return (
    <section aria-label="Public addresses">
      <Select
        label="Gateway for a new address"
        placeholder="Choose a gateway"
        value={gateway}
        onValueChange={setGateway}
        options={(gateways.data ?? []).map((each) => ({
          value: String(each.id),
          label: `${each.name} (${each.location})`,
        }))}
      />
      <Button
        variant="primary"
        disabled={!gateway || allocate.busy}
        onClick={() => void allocate.run(() => api().allocate({ gateway_id: Number(gateway) }))}
      >
        Allocate public address
      </Button>
      <table>
        <caption>Public addresses</caption>
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col">Location</th>
            <th scope="col">State</th>
            <th scope="col">NAT entry</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {(addresses.data ?? []).map((address) => (
            <AddressRow
              key={`${address.managed ? 'a' : 'n'}${address.id}`}
              address={address}
              vms={vmsAt(address.location)}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}
