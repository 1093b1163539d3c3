// Changes made outside the portal (an `lxc stop` typed on the LXD host, an instance deleted
// there): sites whose platform reports them are followed, and what the platform says now is
// written to the portal's VMs, so the portal shows it within seconds.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { AreaDrivers } from '../../platform/area.ts';
import type { ComputeDriver } from './driver.ts';
import { applyObserved, vmsAt } from './repository/vms.ts';

/** Shown on a VM whose platform no longer has it. */
export const LOST_MESSAGE =
  'The platform no longer has this virtual machine: it was deleted outside the portal. Delete it here to tidy up.';

/** Follows every site whose driver reports outside changes; stops when `signal` aborts. */
export function followOutsideChanges(
  db: Database,
  drivers: AreaDrivers<ComputeDriver>,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): void {
  for (const { site, driver } of drivers.all) {
    if (!driver.watch || !driver.observe) continue;
    const siteLog = log.child({ site: site.name });
    const locations = site.locations ?? [];
    void driver.watch((vmIds) => {
      reconcile(db, driver, locations, vmIds).catch((error: unknown) =>
        siteLog.warn({ err: error }, 'could not read changes made outside the portal'),
      );
    }, signal);
  }
}

/** Asks the site's platform how these VMs are now and writes it to the portal's records. */
export async function reconcile(
  db: Database,
  driver: ComputeDriver,
  locations: readonly string[],
  vmIds: readonly number[],
): Promise<void> {
  if (!driver.observe || vmIds.length === 0) return;
  // Only the portal's VMs at this site: an instance another server made carries ids not ours.
  const ours = await vmsAt(db, locations, vmIds);
  if (ours.length === 0) return;
  const observed = await driver.observe(ours);
  for (const [vmId, facts] of observed) await applyObserved(db, vmId, facts, LOST_MESSAGE);
}
