// An area describes itself once: its routes, its slow operations, a driver factory per backend,
// its demo seeder, its licence seats and its permission name. The server is composed from the
// list of descriptors (areas/index.ts), so adding an area is its folder and one line there, and
// adding an operation touches only the area's own files.
import type {
  FastifyPluginAsyncTypebox,
  TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { PermissionArea } from '@portal/api/contract';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { IdentityAdmin } from '../identity-admin.ts';
import { DriverError, type OperationContext } from './driver.ts';
import type { SeatCounter } from './seats.ts';
import type { Backend, SiteConfig } from './sites.ts';
import type { ListCache } from './list-cache.ts';
import {
  bindTask,
  type ApplyFacts,
  type RegisteredTask,
  type TargetKind,
} from './tasks/registry.ts';
import type { TaskRecord } from './tasks/store.ts';

/** A site as a driver factory sees it: its configuration, the database, and its shared parts. */
export interface SiteContext {
  readonly site: SiteConfig;
  readonly db: Database;
  readonly config: Config;
  /** One instance per site of what `make` builds (a simulator two areas' drivers share). */
  shared<T>(make: (site: SiteContext) => T): T;
  /** What another area fills in for this site (`provides`), or undefined when none does. */
  seam<T>(token: Seam<T>): T | undefined;
}

/**
 * A seam one area defines and another fills in at a site, so that neither imports the other's
 * driver: compute's simulator asks for the simulated network's ports, networking provides them.
 */
export interface Seam<T> {
  readonly name: string;
  /** Never set: carries the seam's type. */
  readonly type?: T;
}
export const seam = <T>(name: string): Seam<T> => ({ name });

/** Builds an area's driver for one site of a backend. */
export type DriverFactory<D> = (site: SiteContext) => D;

/** A seam filled in at every site of one backend. */
export interface Provision<T = unknown> {
  readonly seam: Seam<T>;
  readonly backend: Backend;
  readonly make: (site: SiteContext) => T;
}
export const provide = <T>(
  token: Seam<T>,
  backend: Backend,
  make: (site: SiteContext) => T,
): Provision => ({ seam: token, backend, make: make as (site: SiteContext) => unknown });

/** A seam filled in with one value, wherever it is asked for (demo seeders). */
export interface Supply {
  readonly seam: Seam<unknown>;
  readonly value: unknown;
}
export const supply = <T>(token: Seam<T>, value: T): Supply => ({ seam: token, value });

/** An area's drivers at every site that has one. */
export interface AreaDrivers<D> {
  /** Every site's driver, in the configured order. */
  readonly all: readonly { readonly site: SiteConfig; readonly driver: D }[];
  /** The driver for work tied to no location: the first site's. */
  readonly primary: D;
  /** The driver of the site serving `location`; a DriverError sentence when none does. */
  at(location: string): D;
  /** The site serving `location`, or undefined. */
  siteAt(location: string): SiteConfig | undefined;
}

/** What every area's routes are given besides their own drivers. */
export interface PlatformServices {
  readonly db: Database;
  readonly config: Config;
  readonly listCache: ListCache;
  /** Every area's licence seat counters (for the licence area). */
  readonly seats: readonly SeatCounter[];
  /** Manages sign-in accounts (firebase-admin), or null where none is configured. */
  readonly identityAdmin: IdentityAdmin | null;
  /** Whether this process runs background work (tasks, and an area's own senders). */
  readonly runTasks: boolean;
  /** Another area's drivers (networking reads compute's catalogue). */
  driversOf<D>(area: Area<D>): AreaDrivers<D>;
}

export interface AreaRouteOptions<D> {
  drivers: AreaDrivers<D>;
  platform: PlatformServices;
}

/** A plugin of area routes, registered under `/api` behind auth, rate limits and audit. */
export type AreaRoutes<D> = FastifyPluginAsyncTypebox<AreaRouteOptions<D>>;

/** The `/api` scope area routes are registered in. */
export type ApiScope = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** Seeds an area's demo data once; answers whether it seeded anything. */
export type AreaSeeder = (tx: Queryable, seams: SeedSeams) => Promise<boolean>;
/** What other areas fill in for a seeder (vwseries' demo series for compute's demo VMs). */
export interface SeedSeams {
  get<T>(token: Seam<T>): T | undefined;
}

export interface AreaSpec<D> {
  /** The area's name: its route name (`compute`, `phishing-prevention`, `account`). */
  readonly name: string;
  /** The permission area its routes check, where roles speak of it. */
  readonly permission?: PermissionArea;
  /** Route plugins under `/api`. */
  readonly routes?: readonly AreaRoutes<D>[];
  /** Hooks registered before role permissions are checked (sign-in bookkeeping). */
  readonly hooks?: readonly AreaRoutes<D>[];
  /** Public routes outside `/api` and its sign-in (a campaign's tracked links). */
  readonly publicRoutes?: readonly AreaRoutes<D>[];
  /** Slow operations, run by the task engine with the driver of their target's site. */
  readonly tasks?: readonly RegisteredTask<D, never>[];
  /** Where each kind of task target lives (and at which location). */
  readonly targets?: readonly TargetKind[];
  /** The area's driver per backend; a site of a backend without one has none of this area. */
  readonly drivers?: Partial<Record<Backend, DriverFactory<D>>>;
  /** Seams this area fills in for others at sites. */
  readonly provides?: readonly Provision[];
  /** Seams this area fills in for other areas' demo seeders (`supply`). */
  readonly seedProvides?: readonly Supply[];
  /** Demo data, seeded once, in the order of the areas list. */
  readonly seed?: AreaSeeder;
  /** Licence seats what this area runs holds. */
  readonly seats?: readonly SeatCounter[];
}

const DRIVER_TYPE: unique symbol = Symbol('driver type');

/** What of a described area the composition reads without knowing its driver type. */
export type AreaFacts = Pick<
  AreaSpec<unknown>,
  'name' | 'permission' | 'targets' | 'provides' | 'seedProvides' | 'seed' | 'seats'
>;

/** A described area; its driver type stays with it for `driversOf`. */
export interface Area<D = unknown> {
  readonly facts: AreaFacts;
  /** Never set: carries the driver type. */
  readonly [DRIVER_TYPE]?: D;
  /** The area built at the given sites. */
  compose(sites: readonly SiteContext[]): ComposedArea<D>;
}

/** Which of an area's plugins: hooks and routes under `/api`, public routes at the root. */
export type RouteKind = 'hooks' | 'routes' | 'public';

/** An area built at its sites: its drivers, its tasks bound to them, and its routes. */
export interface ComposedArea<D> {
  /** The area's drivers, or null where no site has one. */
  readonly drivers: AreaDrivers<D> | null;
  /** Its task definitions, each finding the driver of its target's site. */
  readonly tasks: EngineTask[];
  /**
   * Registers its hooks (before role permissions) or its routes in the `/api` scope, or its
   * public routes at the root.
   */
  register(api: ApiScope, platform: PlatformServices, which: RouteKind): Promise<void>;
}

/** A task definition with its area's driver resolved, as the engine runs it. */
export interface EngineTask {
  readonly area: string;
  readonly op: string;
  readonly kind: string;
  labelOf(payload: unknown): string | null;
  execute(ctx: EngineContext, task: TaskRecord): Promise<ApplyFacts>;
  failed?(tx: Queryable, task: TaskRecord, message: string): Promise<void>;
}

/** What the engine hands a task: the operation's context and the database. */
export interface EngineContext extends OperationContext {
  db: Queryable;
}

/** The site serving `location`: the one that names it, else the one serving every other place. */
export const siteServing = (
  sites: readonly SiteConfig[],
  location: string,
): SiteConfig | undefined =>
  sites.find((site) => site.locations?.includes(location)) ??
  sites.find((site) => site.locations === undefined);

function siteDrivers<D>(
  area: string,
  sites: readonly SiteConfig[],
  entries: { site: SiteConfig; driver: D }[],
): AreaDrivers<D> | null {
  const first = entries[0];
  if (!first) return null;
  const entryAt = (location: string) => {
    const site = siteServing(sites, location);
    return entries.find((candidate) => candidate.site === site);
  };
  return {
    all: entries,
    primary: first.driver,
    siteAt: (location) => entryAt(location)?.site,
    at(location) {
      const entry = entryAt(location);
      if (!entry) throw new DriverError(`${location} offers no ${area} of ours.`);
      return entry.driver;
    },
  };
}

/** The drivers of an area that no site runs: any use is a sentence, never a crash. */
const NO_DRIVERS: AreaDrivers<never> = {
  all: [],
  get primary(): never {
    throw new DriverError('No site of ours runs this service.');
  },
  siteAt: () => undefined,
  at: (location) => {
    throw new DriverError(`No site of ours serves ${location}.`);
  },
};

export function defineArea<D>(spec: AreaSpec<D>): Area<D> {
  return {
    facts: spec,
    compose(sites) {
      const entries: { site: SiteConfig; driver: D }[] = [];
      for (const site of sites) {
        const factory = spec.drivers?.[site.site.backend];
        if (factory) entries.push({ site: site.site, driver: factory(site) });
      }
      const drivers = siteDrivers(
        spec.name,
        sites.map((site) => site.site),
        entries,
      );
      const targets = new Map((spec.targets ?? []).map((target) => [target.kind, target]));
      const driverFor = async (db: Queryable, task: TaskRecord): Promise<D> => {
        if (!drivers) throw new DriverError(`No site of ours runs ${spec.name}.`);
        const location = await targets.get(task.kind)?.location?.(db, task.tenantId, task.targetId);
        return location ? drivers.at(location) : drivers.primary;
      };
      return {
        drivers,
        tasks: (spec.tasks ?? []).map((task) => bindTask(task, driverFor)),
        async register(api, platform, which) {
          const plugins =
            (which === 'hooks'
              ? spec.hooks
              : which === 'public'
                ? spec.publicRoutes
                : spec.routes) ?? [];
          for (const plugin of plugins)
            await api.register(plugin, { drivers: drivers ?? NO_DRIVERS, platform });
        },
      };
    },
  };
}
