// Sites: where the provider runs infrastructure, each served by the backend it names. A provider
// runs several sites on different backends, so every area's driver is chosen per site.
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { SiteContext, Seam, Provision } from './area.ts';
import type { LxdEndpoint } from './lxd/client.ts';

/** The backends a site can be served by. */
export const BACKENDS = ['simulator', 'lxd'] as const;
export type Backend = (typeof BACKENDS)[number];

export type { LxdEndpoint } from './lxd/client.ts';

export interface LxdSiteSettings {
  endpoint: LxdEndpoint;
  /** Where instances' root disks and custom volumes live. */
  storagePool: string;
  /** The managed bridge new instances join when the request names none of the site's networks. */
  network: string;
  /** Addresses NAT entries (network forwards) listen on; they stay on this machine. */
  forwardAddresses: string[];
  /** Milliseconds between two looks at every tenant's volumes, events or not (30 s unset). */
  storageLookMs?: number;
}

export interface SiteConfig {
  /** The site's name in logs and the catalogue (`simulator`, `lxd-local`). */
  name: string;
  backend: Backend;
  /** The region it belongs to in the catalogue (LXD sites; the simulator brings its own). */
  region?: string;
  /**
   * The locations this site serves. Undefined: every location no other site claims (the
   * simulator, whose catalogue lists its own sites).
   */
  locations?: string[];
  lxd?: LxdSiteSettings;
}

/** The simulated sites of the demo: every location of the simulator's catalogue. */
export const SIMULATED_SITE: SiteConfig = { name: 'simulator', backend: 'simulator' };

/** Builds the per-site contexts that driver factories are given. */
export function siteContexts(
  sites: readonly SiteConfig[],
  db: Database,
  config: Config,
  provisions: readonly Provision[],
): SiteContext[] {
  return sites.map((site) => {
    const shared = new Map<unknown, unknown>();
    const seams = new Map<Seam<unknown>, unknown>();
    const context: SiteContext = {
      site,
      db,
      config,
      shared<T>(make: (site: SiteContext) => T): T {
        if (!shared.has(make)) shared.set(make, make(context));
        return shared.get(make) as T;
      },
      seam<T>(token: Seam<T>): T | undefined {
        if (!seams.has(token)) {
          const provision = provisions.find(
            (candidate) => candidate.seam === token && candidate.backend === site.backend,
          );
          seams.set(token, provision?.make(context));
        }
        return seams.get(token) as T | undefined;
      },
    };
    return context;
  });
}
