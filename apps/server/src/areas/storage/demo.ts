// Demo volumes for `npm start` and the tests: a few per customer tenant, some attached to the
// demo VMs, one made from a demo snapshot. Written straight into the tables, as if the platform
// had built them long ago (no tasks), and copied into the simulator's own table.
import type { VolumeType } from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';

const SEEDED_KEY = 'demo_storage_seeded';

interface DemoVolume {
  name: string;
  sizeGb: number;
  type: VolumeType;
  /** Attached to this demo VM (and at its site). */
  vm?: string;
  /** Else at this site. */
  location?: string;
  /** Made from this snapshot of `vm` (then not attached). */
  snapshot?: string;
}

const DEMO_VOLUMES: Record<string, DemoVolume[]> = {
  UZZ100001: [
    { name: 'acme-db-data', sizeGb: 200, type: 'performance', vm: 'acme-db-01' },
    { name: 'acme-web-uploads', sizeGb: 100, type: 'standard', vm: 'acme-web-01' },
    { name: 'acme-archive', sizeGb: 500, type: 'standard', location: 'FRA1' },
    {
      name: 'acme-web-before-upgrade',
      sizeGb: 60,
      type: 'standard',
      vm: 'acme-web-01',
      snapshot: 'Before upgrade',
    },
  ],
  UZZ100002: [
    { name: 'globex-shop-media', sizeGb: 150, type: 'performance', vm: 'globex-shop' },
    { name: 'globex-spare', sizeGb: 50, type: 'standard', location: 'TYO1' },
  ],
};

/** Seeds the demo volumes once per database (recorded in app_meta). Needs the demo VMs. */
export async function seedDemoStorage(tx: Queryable): Promise<boolean> {
  const seeded = await tx.query('select 1 from app_meta where key = $1', [SEEDED_KEY]);
  if (seeded.length > 0) return false;
  for (const [cdbId, volumes] of Object.entries(DEMO_VOLUMES)) {
    for (const volume of volumes) {
      await tx.query(
        `insert into volumes (tenant_id, name, size_gb, type, location, state, attached_vm_id,
                              source_vm_id, source_snapshot_id)
         select t.id, $2, $3, $4, coalesce(m.location, $5), 'ready',
                case when $7::text is null then m.id end,
                case when $7::text is not null then m.id end, s.id
           from tenants t
           left join vms m on m.tenant_id = t.id and m.display_name = $6
           left join snapshots s on s.vm_id = m.id and s.name = $7
          where t.cdb_id = $1 and coalesce(m.location, $5) is not null`,
        [
          cdbId,
          volume.name,
          volume.sizeGb,
          volume.type,
          volume.location ?? null,
          volume.vm ?? null,
          volume.snapshot ?? null,
        ],
      );
    }
  }
  await tx.query(
    `insert into sim_volume (volume_id, tenant_id, size_gb, type, location, attached_vm_id)
     select id, tenant_id, size_gb, type, location, attached_vm_id from volumes
     on conflict (volume_id) do nothing`,
  );
  await tx.query('insert into app_meta (key, value) values ($1, $2)', [
    SEEDED_KEY,
    new Date().toISOString(),
  ]);
  return true;
}
