import { useEffect, useState } from 'react';
import { computeApi } from '@portal/api/client';
import type { Catalogue, Vm } from '@portal/api/contract';
import { getServices, reportError } from '../../../services.ts';

let cached: Promise<Catalogue> | null = null;

/** The creation catalogue (media, portgroups, gateways), read once per visit. */
export function useCatalogue(): { catalogue: Catalogue | null; error: string | null } {
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    cached ??= computeApi(getServices().api).catalogue();
    cached.then(
      (value) => {
        if (live) setCatalogue(value);
      },
      (failure: unknown) => {
        cached = null;
        if (live) setError(reportError(failure));
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return { catalogue, error };
}

/** The catalogue site a VM lives at (its `location`). */
export function siteOf(catalogue: Catalogue | null, vm: Vm) {
  for (const region of catalogue?.regions ?? [])
    for (const site of region.sites) if (site.location === vm.location) return site;
  return null;
}
