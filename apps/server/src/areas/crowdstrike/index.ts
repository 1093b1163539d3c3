// The endpoint security area: its descriptor and its public surface.
import { defineArea } from '../../platform/area.ts';
import type { SeatCounter } from '../../platform/seats.ts';
import { checkInPlugin } from './checkins.ts';
import { seedDemoCrowdstrike } from './demo.ts';
import type { EndpointDriver } from './driver.ts';
import { EndpointSimulator } from './drivers/simulator/index.ts';
import { sensorHosts } from './repository.ts';
import crowdstrikeRoutes from './routes.ts';
import { CROWDSTRIKE_TASKS, edrHostTargets } from './tasks.ts';

export type { EndpointDriver } from './driver.ts';
export { EndpointSimulator } from './drivers/simulator/index.ts';

/** Licence seats: each host with a sensor in the tenant's own managed EDR subscriptions. */
export const endpointSeatCounters: SeatCounter[] = [
  {
    product: 'endpoint-security',
    async holders(db, tenantId) {
      const hosts = await sensorHosts(db, tenantId);
      return hosts.map((host) => ({ kind: 'host', id: host.id, name: host.name }));
    },
  },
];

export const crowdstrikeArea = defineArea<EndpointDriver>({
  name: 'crowdstrike',
  permission: 'crowdstrike',
  routes: [crowdstrikeRoutes, checkInPlugin],
  tasks: CROWDSTRIKE_TASKS,
  targets: [edrHostTargets],
  drivers: {
    simulator: (site) => new EndpointSimulator(site.db, { speed: site.config.simulatorSpeed }),
  },
  seed: seedDemoCrowdstrike,
  seats: endpointSeatCounters,
});
