// The server composed from the areas' descriptors: each area's drivers at every site, the task
// registry, the licence seat counters, and the services every area's routes are given.
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { IdentityAdmin } from '../identity-admin.ts';
import type {
  ApiScope,
  Area,
  AreaDrivers,
  ComposedArea,
  PlatformServices,
  RouteKind,
  SeedSeams,
} from './area.ts';
import type { ListCache } from './list-cache.ts';
import { siteContexts, type SiteConfig } from './sites.ts';
import { TaskRegistry } from './tasks/registry.ts';

export interface Composition {
  readonly areas: readonly Area[];
  readonly sites: readonly SiteConfig[];
  readonly registry: TaskRegistry;
  readonly platform: PlatformServices;
  /** Registers every area's hooks or routes in the `/api` scope, or public routes at the root. */
  register(scope: ApiScope, which: RouteKind): Promise<void>;
}

export function compose(
  areas: readonly Area[],
  options: {
    db: Database;
    config: Config;
    sites: readonly SiteConfig[];
    listCache: ListCache;
    identityAdmin: IdentityAdmin | null;
    runTasks: boolean;
  },
): Composition {
  const { db, config, sites } = options;
  const contexts = siteContexts(
    sites,
    db,
    config,
    areas.flatMap((area) => area.facts.provides ?? []),
  );
  const composed = new Map<Area, ComposedArea<unknown>>(
    areas.map((area) => [area, area.compose(contexts)]),
  );
  const registry = new TaskRegistry(
    [...composed.values()].flatMap((area) => area.tasks),
    areas.flatMap((area) => area.facts.targets ?? []),
  );
  const platform: PlatformServices = {
    db,
    config,
    listCache: options.listCache,
    seats: areas.flatMap((area) => area.facts.seats ?? []),
    identityAdmin: options.identityAdmin,
    runTasks: options.runTasks,
    driversOf<D>(area: Area<D>): AreaDrivers<D> {
      const found = composed.get(area)?.drivers;
      if (!found) throw new Error(`no site runs the ${area.facts.name} area`);
      return found as AreaDrivers<D>;
    },
  };
  return {
    areas,
    sites,
    registry,
    platform,
    async register(scope, which) {
      for (const area of composed.values()) await area.register(scope, platform, which);
    },
  };
}

/** The seams areas fill in for each other's demo seeders. */
export function seedSeams(areas: readonly Area[]): SeedSeams {
  const supplies = areas.flatMap((area) => area.facts.seedProvides ?? []);
  return {
    get: <T>(token: { readonly name: string; readonly type?: T }) =>
      supplies.find((supply) => supply.seam === token)?.value as T | undefined,
  };
}
