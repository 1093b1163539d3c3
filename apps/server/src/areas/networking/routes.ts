import {
  AddressAllocate,
  Envelope,
  Gateway,
  GatewayCreate,
  GatewayUpdate,
  Network,
  NetworkCreate,
  NetworkDetail,
  NetworkParams,
  NetworkTaskAccepted,
  NetworkUpdate,
  PublicAddress,
  Topology,
} from '@portal/api/contract';
import { Type, type TSchema } from 'typebox';
import { callerOf } from '../../plugins/access.ts';
import type { AreaRoutes } from '../../platform/area.ts';
import { computeArea, siteCatalogue } from '../compute/index.ts';
import type { NetworkingDriver } from './driver.ts';
import { errorReplies } from '../../platform/schemas.ts';
import { NONE, taskRoute } from '../../platform/tasks/route.ts';
import {
  listAddressReplies,
  listGatewayReplies,
  listNetworkReplies,
  prepareAllocate,
  prepareCreateGateway,
  prepareCreateNetwork,
  prepareDeleteNetwork,
  prepareRelease,
  prepareUpdateGateway,
  prepareUpdateNetwork,
  readNetwork,
  readTopology,
  type NetworkingDeps,
} from './service.ts';
import {
  addressAllocateTask,
  addressReleaseTask,
  gatewayCreateTask,
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
  const read = <T extends TSchema>(summary: string, data: T) => ({
    config: READ,
    schema: { tags: TAGS, summary, response: { 200: Envelope(data), ...errorReplies(401, 403) } },
  });

  app.get(BASE, read('Your networks', Type.Array(Network)), async (request) => ({
    data: await listNetworkReplies(deps, callerOf(request)),
  }));
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
      summary: 'Create a network (a portgroup VMs can use once it is ready)',
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
