import {
  AddressAllocate,
  Gateway,
  GatewayCreate,
  GatewayUpdate,
  Network,
  NetworkCreate,
  NetworkDetail,
  NetworkParams,
  NetworkTaskAccepted,
  NetworkUpdate,
  NetworkUsage,
  NetworkUsageQuery,
  PublicAddress,
  Topology,
} from '@portal/api/contract';
import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/area.ts';
import { computeArea, siteCatalogue } from '../compute/index.ts';
import type { NetworkingDriver } from './driver.ts';
import { areaRoutes } from '../../platform/routes.ts';
import {
  listAddressReplies,
  listGatewayReplies,
  listNetworkJson,
  prepareAllocate,
  prepareCreateGateway,
  prepareCreateNetwork,
  prepareDeleteGateway,
  prepareDeleteNetwork,
  prepareRelease,
  prepareUpdateGateway,
  prepareUpdateNetwork,
  readNetwork,
  readTopology,
  readUsage,
  type NetworkingDeps,
} from './service.ts';
import {
  addressAllocateTask,
  addressReleaseTask,
  gatewayCreateTask,
  gatewayDeleteTask,
  gatewayUpdateTask,
  networkCreateTask,
  networkDeleteTask,
  networkUpdateTask,
} from './tasks.ts';

const TAGS = ['networking'];
const BASE = '/services/networking';

/** Networks, gateways, public addresses and the topology: `/services/networking…`. */
const networkingRoutes: AreaRoutes<NetworkingDriver> = async (app, { drivers, platform }) => {
  const route = areaRoutes(app, { permission: 'networking', tags: TAGS });
  const compute = platform.driversOf(computeArea);
  const deps: NetworkingDeps = {
    db: app.db,
    // The sites where networks can be built: those whose platform has networking.
    catalogue: async () => {
      const catalogue = await siteCatalogue(compute);
      return {
        ...catalogue,
        regions: catalogue.regions
          .map((region) => ({
            ...region,
            sites: region.sites.filter((site) => drivers.siteAt(site.location) !== undefined),
          }))
          .filter((region) => region.sites.length > 0),
      };
    },
  };
  // Real platforms' own view of the caller's networks, for the topology; one that does not answer
  // leaves its site as recorded.
  deps.observed = async (caller) => {
    const settled = await Promise.allSettled(
      drivers.all.flatMap(({ driver }) =>
        driver.observeTopology
          ? [driver.observeTopology({ tenantId: caller.tenantId, tenantCode: caller.tenantCdbId })]
          : [],
      ),
    );
    return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  };
  route.list(
    {
      url: BASE,
      summary: 'Your networks (all, by site and VLAN, or a page)',
      item: Network,
    },
    ({ query }, caller) => listNetworkJson(deps, caller, query),
  );
  route.read(
    {
      url: `${BASE}/gateways`,
      summary: 'Your gateways',
      data: Type.Array(Gateway),
    },
    (_input, caller) => listGatewayReplies(deps, caller),
  );
  route.read(
    {
      url: `${BASE}/addresses`,
      summary: 'Your public addresses and the NAT entries using them',
      data: Type.Array(PublicAddress),
    },
    (_input, caller) => listAddressReplies(deps, caller),
  );
  route.read(
    {
      url: `${BASE}/topology`,
      summary: 'Gateways, networks, VMs and addresses, for the graph',
      data: Topology,
    },
    (_input, caller) => readTopology(deps, caller),
  );
  route.read(
    {
      url: `${BASE}/usage`,
      summary:
        "The VLANs and ranges your networks use at a site, and a free VLAN (the wizard's check)",
      querystring: NetworkUsageQuery,
      data: NetworkUsage,
    },
    ({ query }, caller) => readUsage(deps, caller, query.location),
  );
  route.read(
    {
      url: `${BASE}/:id`,
      summary: 'A network with the VM adapters on it (its ports)',
      params: NetworkParams,
      data: NetworkDetail,
    },
    ({ params }, caller) => readNetwork(deps, caller, params.id),
  );

  route.task({
    method: 'POST',
    url: BASE,
    summary: 'Create a network that VMs can use once it is ready',
    body: NetworkCreate,
    accepted: NetworkTaskAccepted,
    definition: networkCreateTask,
    action: 'network.create',
    locksTenant: true,
    prepare: (tx, caller, { body }) => prepareCreateNetwork(deps, tx, caller, body),
  });

  route.task({
    method: 'PATCH',
    url: `${BASE}/:id`,
    summary: "Change a network's DHCP range, DNS servers or gateway",
    params: NetworkParams,
    body: NetworkUpdate,
    definition: networkUpdateTask,
    action: 'network.update',
    prepare: (tx, caller, { params, body }) => prepareUpdateNetwork(tx, caller, params.id, body),
  });

  route.task({
    method: 'DELETE',
    url: `${BASE}/:id`,
    summary: 'Delete a network (refused while VMs are attached)',
    params: NetworkParams,
    definition: networkDeleteTask,
    action: 'network.delete',
    prepare: (tx, caller, { params }) => prepareDeleteNetwork(tx, caller, params.id),
  });

  route.task({
    method: 'POST',
    url: `${BASE}/gateways`,
    summary: 'Create a gateway to the internet at a site',
    body: GatewayCreate,
    accepted: NetworkTaskAccepted,
    definition: gatewayCreateTask,
    action: 'gateway.create',
    prepare: (tx, caller, { body }) => prepareCreateGateway(deps, tx, caller, body),
  });

  route.task({
    method: 'PATCH',
    url: `${BASE}/gateways/:id`,
    summary: 'Turn source NAT on or off on a gateway',
    params: NetworkParams,
    body: GatewayUpdate,
    definition: gatewayUpdateTask,
    action: 'gateway.update',
    prepare: (tx, caller, { params, body }) =>
      prepareUpdateGateway(tx, caller, params.id, body.snat),
  });

  route.task({
    method: 'DELETE',
    url: `${BASE}/gateways/:id`,
    summary: 'Delete a gateway (refused while a network, NAT entry or public address uses it)',
    params: NetworkParams,
    definition: gatewayDeleteTask,
    action: 'gateway.delete',
    prepare: (tx, caller, { params }) => prepareDeleteGateway(tx, caller, params.id),
  });

  route.task({
    method: 'POST',
    url: `${BASE}/addresses`,
    summary: 'Allocate a public address on a gateway (assign it with the VM NAT call)',
    body: AddressAllocate,
    accepted: NetworkTaskAccepted,
    definition: addressAllocateTask,
    action: 'address.allocate',
    prepare: (tx, caller, { body }) => prepareAllocate(tx, caller, body),
  });

  route.task({
    method: 'DELETE',
    url: `${BASE}/addresses/:id`,
    summary: 'Release a public address (refused while a NAT entry uses it)',
    params: NetworkParams,
    definition: addressReleaseTask,
    action: 'address.release',
    prepare: (tx, caller, { params }) => prepareRelease(tx, caller, params.id),
  });
};

export default networkingRoutes;
