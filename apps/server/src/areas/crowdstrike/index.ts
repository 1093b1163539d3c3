// The endpoint security area's public surface.
import type { SeatCounter } from '../../platform/seats.ts';
import { sensorHosts } from './repository.ts';

export { default as crowdstrikeRoutes } from './routes.ts';
export { CROWDSTRIKE_TASKS, edrHostTargets } from './tasks.ts';
export type { EndpointDriver } from './driver.ts';
export { EndpointSimulator } from './drivers/simulator/index.ts';
export { seedDemoCrowdstrike } from './demo.ts';

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
