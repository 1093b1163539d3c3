import {
  AddressAllocate,
  Envelope,
  Gateway,
  GatewayCreate,
  GatewayUpdate,
  ListPagingQuery,
  ListReply,
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
import { Type, type TSchema } from 'typebox';
import { callerOf } from '../../plugins/access.ts';
import type { AreaRoutes } from '../../platform/area.ts';
import { computeArea, siteCatalogue } from '../compute/index.ts';
import type { NetworkingDriver } from './driver.ts';
import { errorReplies } from '../../platform/schemas.ts';
import { sendJsonText } from '../../platform/paging.ts';
import { NONE, taskRoute } from '../../platform/tasks/route.ts';
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

const READ = { access: { area: 'networking', level: 'read' } } as const;
const MANAGE = { access: { area: 'networking', level: 'manage' } } as const;
const TAGS = ['networking'];
const BASE = '/services/networking';

/** Networks, gateways, public addresses and the topology: `/services/networking…`. */
const networkingRoutes: AreaRoutes<NetworkingDriver> = async (app, { drivers, platform }) => {
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
  const read = <T extends TSchema>(summary: string, data: T) => ({
    config: READ,
    schema: { tags: TAGS, summary, response: { 200: Envelope(data), ...errorReplies(401, 403) } },
  });

  app.get(
    BASE,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'Your networks (all, by site and VLAN, or a page)',
        querystring: ListPagingQuery,
        response: { 200: ListReply(Network), ...errorReplies(400, 401, 403) },
      },
      // The reply is JSON text made by the database.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) =>
      sendJsonText(reply, await listNetworkJson(deps, callerOf(request), request.query)),
  );
  app.get(`${BASE}/gateways`, read('Your gateways', Type.Array(Gateway)), async (request) => ({
    data: await listGatewayReplies(deps, callerOf(request)),
  }));
  app.get(
    `${BASE}/addresses`,
    read('Your public addresses and the NAT entries using them', Type.Array(PublicAddress)),
    async (request) => ({ data: await listAddressReplies(deps, callerOf(request)) }),
  );
  app.get(
    `${BASE}/topology`,
    read('Gateways, networks, VMs and addresses, for the graph', Topology),
    async (request) => ({ data: await readTopology(deps, callerOf(request)) }),
  );
  app.get(
    `${BASE}/usage`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary:
          "The VLANs and ranges your networks use at a site, and a free VLAN (the wizard's check)",
        querystring: NetworkUsageQuery,
        response: { 200: Envelope(NetworkUsage), ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await readUsage(deps, callerOf(request), request.query.location),
    }),
  );
  app.get(
    `${BASE}/:id`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'A network with the VM adapters on it (its ports)',
        params: NetworkParams,
        response: { 200: Envelope(NetworkDetail), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await readNetwork(deps, callerOf(request), request.params.id),
    }),
  );

  taskRoute(app, {
    method: 'POST',
    url: BASE,
    access: MANAGE.access,
    schema: {
      tags: TAGS,
      summary: 'Create a network that VMs can use once it is ready',
      params: Type.Object({}),
      body: NetworkCreate,
      querystring: NONE,
      accepted: NetworkTaskAccepted,
    },
    definition: networkCreateTask,
    audit: { action: 'network.create', target: () => null },
    locksTenant: true,
    prepare: (tx, caller, { body }) => prepareCreateNetwork(deps, tx, caller, body),
  });

  taskRoute(app, {
    method: 'PATCH',
    url: `${BASE}/:id`,
    access: MANAGE.access,
    schema: {
      tags: TAGS,
      summary: "Change a network's DHCP range, DNS servers or gateway",
      params: NetworkParams,
      body: NetworkUpdate,
      querystring: NONE,
    },
    definition: networkUpdateTask,
    audit: { action: 'network.update', target: ({ params }) => `network:${params.id}` },
    prepare: (tx, caller, { params, body }) => prepareUpdateNetwork(tx, caller, params.id, body),
  });

  taskRoute(app, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    access: MANAGE.access,
    schema: {
      tags: TAGS,
      summary: 'Delete a network (refused while VMs are attached)',
      params: NetworkParams,
      body: NONE,
      querystring: NONE,
    },
    definition: networkDeleteTask,
    audit: { action: 'network.delete', target: ({ params }) => `network:${params.id}` },
    prepare: (tx, caller, { params }) => prepareDeleteNetwork(tx, caller, params.id),
  });

  taskRoute(app, {
    method: 'POST',
    url: `${BASE}/gateways`,
    access: MANAGE.access,
    schema: {
      tags: TAGS,
      summary: 'Create a gateway to the internet at a site',
      params: Type.Object({}),
      body: GatewayCreate,
      querystring: NONE,
      accepted: NetworkTaskAccepted,
    },
    definition: gatewayCreateTask,
    audit: { action: 'gateway.create', target: () => null },
    prepare: (tx, caller, { body }) => prepareCreateGateway(deps, tx, caller, body),
  });

  taskRoute(app, {
    method: 'PATCH',
    url: `${BASE}/gateways/:id`,
    access: MANAGE.access,
    schema: {
      tags: TAGS,
      summary: 'Turn source NAT on or off on a gateway',
      params: NetworkParams,
      body: GatewayUpdate,
      querystring: NONE,
    },
    definition: gatewayUpdateTask,
    audit: { action: 'gateway.update', target: ({ params }) => `network_gateway:${params.id}` },
    prepare: (tx, caller, { params, body }) =>
      prepareUpdateGateway(tx, caller, params.id, body.snat),
  });

  taskRoute(app, {
    method: 'DELETE',
    url: `${BASE}/gateways/:id`,
    access: MANAGE.access,
    schema: {
      tags: TAGS,
      summary: 'Delete a gateway (refused while a network, NAT entry or public address uses it)',
      params: NetworkParams,
      body: NONE,
      querystring: NONE,
    },
    definition: gatewayDeleteTask,
    audit: { action: 'gateway.delete', target: ({ params }) => `network_gateway:${params.id}` },
    prepare: (tx, caller, { params }) => prepareDeleteGateway(tx, caller, params.id),
  });

  taskRoute(app, {
    method: 'POST',
    url: `${BASE}/addresses`,
    access: MANAGE.access,
    schema: {
      tags: TAGS,
      summary: 'Allocate a public address on a gateway (assign it with the VM NAT call)',
      params: Type.Object({}),
      body: AddressAllocate,
      querystring: NONE,
      accepted: NetworkTaskAccepted,
    },
    definition: addressAllocateTask,
    audit: { action: 'address.allocate', target: () => null },
    prepare: (tx, caller, { body }) => prepareAllocate(tx, caller, body),
  });

  taskRoute(app, {
    method: 'DELETE',
    url: `${BASE}/addresses/:id`,
    access: MANAGE.access,
    schema: {
      tags: TAGS,
      summary: 'Release a public address (refused while a NAT entry uses it)',
      params: NetworkParams,
      body: NONE,
      querystring: NONE,
    },
    definition: addressReleaseTask,
    audit: { action: 'address.release', target: ({ params }) => `public_address:${params.id}` },
    prepare: (tx, caller, { params }) => prepareRelease(tx, caller, params.id),
  });
};

export default networkingRoutes;
