import { mdiLanDisconnect, mdiPlus } from '@mdi/js';
import type { Network } from '@portal/api/contract';
import { EmptyState, Link, LinkButton, Tabs, type DataTableColumn } from '@portal/ui';
import { ListPage } from '../../kit/ListPage.tsx';
import { useUrlTab } from '../../kit/DetailPage.tsx';
import { lazyPart } from '../../kit/lazyPart.tsx';
import { networkingQueries, networkPaged } from './queries.ts';
import { lookOf, networkResource, NETWORKS_PENDING } from './state.ts';
import { stateChip } from './stateChip.tsx';

// The graph (and its library) loads with the tab, after the networks have shown.
// The tabs below the list load apart from it: their forms and charts do not hold up its rows.
const GatewaysSection = lazyPart(
  () => import('./GatewaysSection.tsx'),
  'GatewaysSection',
  <p>Reading the gateways…</p>,
);
const AddressesSection = lazyPart(
  () => import('./AddressesSection.tsx'),
  'AddressesSection',
  <p>Reading the public addresses…</p>,
);
const TopologySection = lazyPart(
  () => import('./TopologySection.tsx'),
  'TopologySection',
  <p>Reading the topology…</p>,
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
  { id: 'cidr', priority: 2, header: 'CIDR', accessor: 'cidr', width: 150 },
  { id: 'vlan', priority: 2, header: 'VLAN', accessor: 'vlan_id', align: 'end', width: 90 },
  {
    id: 'location',
    priority: 3,
    header: 'Location',
    accessor: 'location',
    filter: 'select',
    width: 110,
  },
  { id: 'vms', priority: 4, header: 'VMs', accessor: 'vm_count', align: 'end', width: 80 },
  {
    id: 'state',
    priority: 1,
    header: 'State',
    accessor: (network) => lookOf(network.state).label,
    filter: 'select',
    width: 130,
    cell: (network) => stateChip(network.state),
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
      noun={{ one: 'network', other: 'networks' }}
      query={networkingQueries.list()}
      paged={networkPaged}
      columns={COLUMNS}
      defaultSorting={{ id: 'name' }}
      rowHref={(network) => `/networking/${network.id}`}
      rowResource={(network) => networkResource(network.id)}
      pendingIn={NETWORKS_PENDING}
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
