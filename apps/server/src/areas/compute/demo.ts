// Demo compute data: a few VMs per customer tenant, a vwseries service with VMs, dseries items.
// Written straight into the tables, as if the platform had built them long ago (no tasks).
import type { PowerState, VmOs } from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { seam, type AreaSeeder } from '../../platform/area.ts';
import { ADOPT_INTO_SIMULATOR } from '../../db/migrations/003_areas.ts';
import { insertFirewallRule } from './repository/firewall-rules.ts';
import { insertNat, nextGlobalIpaddressId } from './repository/nats.ts';
import { insertSnapshot } from './repository/snapshots.ts';
import { insertVm } from './repository/vms.ts';

interface DemoVm {
  name: string;
  plan: 'std-1' | 'std-2' | 'std-4' | 'mem-4';
  os: VmOs;
  power: PowerState;
  site: 'AMS1' | 'FRA1' | 'TYO1';
  vlans: number[];
}

const PLANS = {
  'std-1': { vcpus: 1, memoryGb: 2, diskGb: 40 },
  'std-2': { vcpus: 2, memoryGb: 4, diskGb: 60 },
  'std-4': { vcpus: 4, memoryGb: 8, diskGb: 80 },
  'mem-4': { vcpus: 4, memoryGb: 32, diskGb: 100 },
} as const;

const CLUSTERS = { AMS1: 'AMS1-CL01', FRA1: 'FRA1-CL01', TYO1: 'TYO1-CL01' } as const;
const GATEWAYS = { AMS1: 11, FRA1: 21, TYO1: 31 } as const;
const PORTGROUP_NAMES: Record<number, string> = {
  100: 'frontend',
  200: 'backend',
  300: 'management',
};

const UBUNTU: VmOs = {
  name: 'Ubuntu',
  version: '24.04 LTS',
  guest_full_name: 'Ubuntu Linux 24.04 (64-bit)',
};
const DEBIAN: VmOs = {
  name: 'Debian',
  version: '12',
  guest_full_name: 'Debian GNU/Linux 12 (64-bit)',
};
const WINDOWS: VmOs = {
  name: 'Windows Server',
  version: '2022',
  guest_full_name: 'Microsoft Windows Server 2022 (64-bit)',
};

/** Per tenant cdb_id: eseries VMs, vwseries services with their VMs, dseries items. */
const DEMO_COMPUTE: Record<
  string,
  {
    eseries: DemoVm[];
    vwseries: { serviceid: string; name: string; vms: DemoVm[] }[];
    dseries: { name: string; model: string; status: 'running' | 'stopped' | 'maintenance' }[];
  }
> = {
  UZZ100001: {
    eseries: [
      {
        name: 'acme-web-01',
        plan: 'std-2',
        os: UBUNTU,
        power: 'poweredOn',
        site: 'AMS1',
        vlans: [100],
      },
      {
        name: 'acme-db-01',
        plan: 'mem-4',
        os: DEBIAN,
        power: 'poweredOn',
        site: 'AMS1',
        vlans: [200, 300],
      },
      {
        name: 'acme-build',
        plan: 'std-4',
        os: UBUNTU,
        power: 'poweredOff',
        site: 'FRA1',
        vlans: [200],
      },
    ],
    vwseries: [
      {
        serviceid: 'VWS100001',
        name: 'Acme plant floor',
        vms: [
          {
            name: 'plant-scada',
            plan: 'std-2',
            os: WINDOWS,
            power: 'poweredOn',
            site: 'AMS1',
            vlans: [300],
          },
          {
            name: 'plant-historian',
            plan: 'std-4',
            os: WINDOWS,
            power: 'poweredOn',
            site: 'AMS1',
            vlans: [300],
          },
        ],
      },
    ],
    dseries: [
      { name: 'acme-erp-metal', model: 'DS-2440', status: 'running' },
      { name: 'acme-backup-metal', model: 'DS-1220', status: 'maintenance' },
    ],
  },
  UZZ100002: {
    eseries: [
      {
        name: 'globex-shop',
        plan: 'std-2',
        os: UBUNTU,
        power: 'poweredOn',
        site: 'TYO1',
        vlans: [100],
      },
      {
        name: 'globex-pos-sync',
        plan: 'std-1',
        os: DEBIAN,
        power: 'suspended',
        site: 'TYO1',
        vlans: [200],
      },
    ],
    vwseries: [
      {
        serviceid: 'VWS100002',
        name: 'Globex stores',
        vms: [
          {
            name: 'store-gateway',
            plan: 'std-1',
            os: DEBIAN,
            power: 'poweredOn',
            site: 'TYO1',
            vlans: [100],
          },
        ],
      },
    ],
    dseries: [{ name: 'globex-warehouse', model: 'DS-1220', status: 'running' }],
  },
  UZZ000002: {
    eseries: [
      {
        name: 'trial-app',
        plan: 'std-1',
        os: UBUNTU,
        power: 'poweredOn',
        site: 'FRA1',
        vlans: [100],
      },
    ],
    vwseries: [],
    dseries: [],
  },
  UZZ999997: {
    eseries: [
      {
        name: 'it-monitor',
        plan: 'std-2',
        os: DEBIAN,
        power: 'poweredOn',
        site: 'AMS1',
        vlans: [300],
      },
    ],
    vwseries: [],
    dseries: [{ name: 'it-lab-metal', model: 'DS-2440', status: 'stopped' }],
  },
};

const demoIp = (vlanId: number, vmId: number) =>
  `10.${vlanId % 256}.${Math.floor(vmId / 250) % 256}.${(vmId % 250) + 2}`;

async function insertDemoVm(
  tx: Queryable,
  tenantId: number,
  vm: DemoVm,
  vwseriesId: number | null,
): Promise<number> {
  const plan = PLANS[vm.plan];
  const id = await insertVm(tx, tenantId, {
    vwseriesId,
    displayName: vm.name,
    status: 'active',
    powerState: vm.power,
    os: vm.os,
    vcpus: plan.vcpus,
    memoryMb: plan.memoryGb * 1024,
    diskSizeGb: plan.diskGb,
    planId: vm.plan,
    location: vm.site,
    cluster: CLUSTERS[vm.site],
    adapters: [],
    vsnap: vwseriesId !== null,
    monitoring: vm.power === 'poweredOn',
  });
  const adapters = vm.vlans.map((vlanId) => ({
    portgroup: `${vm.site.toLowerCase()}-${PORTGROUP_NAMES[vlanId] ?? 'frontend'}`,
    vlan_id: vlanId,
    ip: demoIp(vlanId, id),
  }));
  await tx.query('update vms set adapters = $2::jsonb where id = $1', [
    id,
    JSON.stringify(adapters),
  ]);
  return id;
}

/**
 * The records of the neighbouring areas that the demo world needs: a vwseries service for its
 * VMs, and dseries servers. Filled in by those areas as seams, so compute imports neither.
 */
export interface DemoNeighbours {
  /** Records a vwseries service; answers its id. */
  service(
    tx: Queryable,
    tenantId: number,
    service: { serviceid: string; name: string; location: string },
  ): Promise<number>;
  /** Records a dedicated server; `index` numbers it within its tenant. */
  server(
    tx: Queryable,
    tenantId: number,
    item: {
      name: string;
      model: string;
      status: 'running' | 'stopped' | 'maintenance';
      index: number;
    },
  ): Promise<void>;
}

/** The neighbours' demo records, filled in by the vwseries and dseries areas (their descriptors). */
export const DEMO_SERIES = seam<DemoNeighbours['service']>('demo vwseries services');
export const DEMO_SERVERS = seam<DemoNeighbours['server']>('demo dseries servers');

const COMPUTE_SEEDED_KEY = 'demo_compute_seeded';

/** Seeds the demo compute once per database (its own app_meta marker); answers whether it did. */
export const seedDemoComputeOnce: AreaSeeder = async (tx, seams) => {
  const seeded = await tx.query('select 1 from app_meta where key = $1', [COMPUTE_SEEDED_KEY]);
  if (seeded.length > 0) return false;
  const service = seams.get(DEMO_SERIES);
  const server = seams.get(DEMO_SERVERS);
  if (!service || !server) throw new Error('the demo compute needs the vwseries and dseries areas');
  await seedDemoCompute(tx, { service, server });
  await tx.query('insert into app_meta (key, value) values ($1, $2)', [
    COMPUTE_SEEDED_KEY,
    new Date().toISOString(),
  ]);
  return true;
};

/** Seeds the demo VMs, vwseries services and dseries items (inside seedDemoData's transaction). */
export async function seedDemoCompute(tx: Queryable, neighbours: DemoNeighbours): Promise<void> {
  for (const [cdbId, demo] of Object.entries(DEMO_COMPUTE)) {
    const tenant = await tx.query<{ id: number }>('select id from tenants where cdb_id = $1', [
      cdbId,
    ]);
    const tenantId = tenant[0]?.id;
    if (tenantId === undefined) continue;
    const eseriesIds: number[] = [];
    for (const vm of demo.eseries) eseriesIds.push(await insertDemoVm(tx, tenantId, vm, null));
    for (const service of demo.vwseries) {
      const vwseriesId = await neighbours.service(tx, tenantId, {
        serviceid: service.serviceid,
        name: service.name,
        location: service.vms[0]?.site ?? 'AMS1',
      });
      for (const vm of service.vms) await insertDemoVm(tx, tenantId, vm, vwseriesId);
    }
    let index = 0;
    for (const item of demo.dseries) {
      index += 1;
      await neighbours.server(tx, tenantId, { ...item, index });
    }
    // The first VM gets some history: a snapshot tree, a NAT entry and a firewall rule.
    const first = eseriesIds[0];
    const firstSite = demo.eseries[0]?.site;
    if (first === undefined || firstSite === undefined) continue;
    await insertSnapshot(tx, tenantId, first, {
      name: 'Before upgrade',
      description: 'Taken before the OS upgrade',
      powerState: 'poweredOff',
      quiesced: false,
    });
    await insertSnapshot(tx, tenantId, first, {
      name: 'After upgrade',
      description: '',
      powerState: 'poweredOn',
      quiesced: true,
    });
    const globalId = await nextGlobalIpaddressId(tx);
    await insertNat(tx, tenantId, {
      vmId: first,
      gatewayId: GATEWAYS[firstSite],
      globalIpaddressId: globalId,
      globalIpaddress: `198.18.${(globalId >> 8) & 255}.${globalId & 255}`,
      status: 'active',
      taskId: null,
    });
    await insertFirewallRule(tx, tenantId, first, {
      direction: 'ingress',
      protocol: 'tcp',
      ports: '443',
      source: '0.0.0.0/0',
      destination: `${demoIp(100, first)}/32`,
      action: 'allow',
      description: 'HTTPS from anywhere',
    });
  }
  // The simulated platform learns what the demo world has built, as if it had built it.
  await tx.exec(ADOPT_INTO_SIMULATOR);
}
