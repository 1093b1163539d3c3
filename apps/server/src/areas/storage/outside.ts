// Volumes changed outside the portal (`lxc storage volume create`, a disk added to an instance or
// removed from it, a volume deleted on the LXD host): sites whose platform reports them are
// followed, and what the platform says now is written to the portal's volumes, so the list shows
// it within seconds (ADR 041). A volume made outside the portal is adopted as the tenant's.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { insertAuditEntry } from '../../db/audit.ts';
import type { StorageDriver } from './driver.ts';
import {
  applyObservedVolume,
  deleteVolume,
  insertVolume,
  settledVolumesAt,
  tenantsByCode,
  updateVolume,
} from './repository.ts';

/** Shown on a volume whose platform no longer has it. */
export const LOST_VOLUME_MESSAGE =
  'The storage platform no longer has this volume: it was deleted outside the portal. Delete it here to tidy up.';

/** Held while one tenant's volumes are reconciled, so that two servers adopt a volume once. */
const ADOPT_LOCK_KEY = 742_026_131;

/** Volume names in the portal: what the contract allows (a platform's names may be longer). */
const NAME_MAX = 64;

/**
 * Asks the site's platform how these tenants' volumes are now and writes it to the portal's
 * records: size, the VM attached, lost; then adopts the volumes made there outside the portal.
 */
export async function reconcileVolumes(
  db: Database,
  driver: StorageDriver,
  locations: readonly string[],
  tenantCodes: readonly string[],
  log?: FastifyBaseLogger,
): Promise<void> {
  const location = locations[0];
  if (!driver.observe || !location) return;
  for (const tenant of await tenantsByCode(db, tenantCodes)) {
    const ours = await settledVolumesAt(db, tenant.id, locations);
    if (ours.length > 0) {
      const observed = await driver.observe(
        tenant.cdbId,
        ours.map((volume) => volume.id),
      );
      for (const [id, seen] of observed)
        await applyObservedVolume(db, tenant.id, id, seen, LOST_VOLUME_MESSAGE);
    }
    if (driver.discover && driver.adopt) await adopt(db, driver, tenant, location, log);
  }
}

/** Makes each volume the platform has in the tenant's place, and no portal knows, the tenant's. */
async function adopt(
  db: Database,
  driver: StorageDriver,
  tenant: { id: number; cdbId: string },
  location: string,
  log?: FastifyBaseLogger,
): Promise<void> {
  if (!driver.discover || !driver.adopt) return;
  if ((await driver.discover(tenant.cdbId)).length === 0) return;
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::integer, $2::integer)', [
      ADOPT_LOCK_KEY,
      tenant.id,
    ]);
    // Read again under the lock: another server of this database may have adopted them.
    for (const found of (await driver.discover?.(tenant.cdbId)) ?? []) {
      const name = found.name.slice(0, NAME_MAX);
      const id = await insertVolume(tx, tenant.id, {
        name,
        sizeGb: Math.max(found.sizeGb, 1),
        type: 'standard',
        location,
        source: null,
        state: 'ready',
        attachedVmId: null,
      });
      // The platform is tagged last: a volume it refuses to tag is not recorded.
      if (!(await driver.adopt?.(tenant.cdbId, found.name, id))) {
        await deleteVolume(tx, tenant.id, id);
        continue;
      }
      // Only a VM of the tenant's holds it in the portal's eyes.
      if (found.attachedVmId !== null)
        await updateVolume(tx, tenant.id, id, { attachedVmId: found.attachedVmId });
      await insertAuditEntry(tx, {
        actorEmail: null,
        actorTenant: tenant.cdbId,
        actingTenant: tenant.cdbId,
        action: 'volume.adopt',
        target: `volume:${id}`,
        targetLabel: name,
        result: 'success',
        area: 'storage',
        detail: { name, size_gb: Math.max(found.sizeGb, 1), location, platform_name: found.name },
      });
      log?.info({ volume: id, name: found.name }, 'adopted a volume made outside the portal');
    }
  });
}
