// Compute at several sites: one catalogue made of every site's, each site marked with what
// serves it and what it cannot do.
import type { Catalogue } from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import type { AreaDrivers } from '../../platform/area.ts';
import { DriverError } from '../../platform/driver.ts';
import type { ComputeDriver } from './driver.ts';

type Region = Catalogue['regions'][number];

const byId = <T extends { id: string }>(items: readonly T[]) => {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(item.id)) seen.set(item.id, item);
  return [...seen.values()];
};

/**
 * The creation catalogue of every site: regions merged by id, each site marked with its backend,
 * the actions it cannot do and the images it offers; plans, images and media of every site.
 * With a tenant, its own networks and gateways are among its sites' portgroups and gateways.
 */
export async function siteCatalogue(
  drivers: AreaDrivers<ComputeDriver>,
  tenantId?: number,
  db?: Queryable,
): Promise<Catalogue> {
  const settled = await Promise.allSettled(
    drivers.all.map(async ({ site, driver }) => {
      const catalogue = await driver.catalogue(tenantId, db);
      const images = catalogue.images.map((image) => image.id);
      const regions = catalogue.regions.map((region): Region => ({
        ...region,
        sites: region.sites
          .filter((candidate) => drivers.siteAt(candidate.location) === site)
          .map((candidate) => ({
            ...candidate,
            backend: site.backend,
            unavailable: { ...driver.unavailable },
            ...(drivers.all.length > 1 ? { images } : {}),
          })),
      }));
      return { ...catalogue, regions: regions.filter((region) => region.sites.length > 0) };
    }),
  );
  // A site whose platform does not answer (LXD down) drops out until it answers again; the
  // others stay on offer. Only when no site answers does the catalogue fail, with its sentence.
  const parts = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failures = settled.flatMap((result) =>
    result.status === 'rejected' ? [result.reason] : [],
  );
  const bug = failures.find((reason) => !(reason instanceof DriverError));
  if (bug !== undefined || parts.length === 0) throw bug ?? failures[0];
  const [first, ...rest] = parts;
  if (!first) throw new Error('compute has no site');
  const regions = new Map<string, Region>();
  for (const region of parts.flatMap((part) => part.regions)) {
    const known = regions.get(region.id);
    regions.set(region.id, known ? { ...known, sites: [...known.sites, ...region.sites] } : region);
  }
  return {
    regions: [...regions.values()],
    plans: byId(parts.flatMap((part) => part.plans)),
    images: byId(parts.flatMap((part) => part.images)),
    media: [...new Map(parts.flatMap((part) => part.media).map((m) => [m.key, m])).values()],
    disk: rest.reduce(
      (disk, part) => ({
        min_gb: Math.min(disk.min_gb, part.disk.min_gb),
        max_gb: Math.max(disk.max_gb, part.disk.max_gb),
      }),
      first.disk,
    ),
  };
}
