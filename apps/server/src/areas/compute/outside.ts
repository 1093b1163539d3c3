// Changes made outside the portal (an `lxc stop` typed on the LXD host, an instance deleted
// there): sites whose platform reports them are followed, and what the platform says now is
// written to the portal's VMs, so the portal shows it within seconds (followed from routes.ts).
import type { Database } from '../../db/database.ts';
import type { ComputeDriver } from './driver.ts';
import { applyObserved, vmsAt } from './repository/vms.ts';

/** Shown on a VM whose platform no longer has it. */
export const LOST_MESSAGE =
  'The platform no longer has this virtual machine: it was deleted outside the portal. Delete it here to tidy up.';

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
