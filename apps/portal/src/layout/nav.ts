import { navEntriesOf, type NavEntry } from '../kit/area.tsx';
import { AREAS } from '../areas/index.ts';

export type { NavEntry };

/** The drawer, derived from the area manifests, in order. Area ids are the route names. */
export const NAV_ENTRIES: NavEntry[] = navEntriesOf(AREAS);

/** The entry a path belongs to: the one whose href is the path's first segment. */
export const activeEntryId = (pathname: string): string | undefined =>
  NAV_ENTRIES.find((entry) => pathname === entry.href || pathname.startsWith(`${entry.href}/`))?.id;
