import { useCallback, useState } from 'react';
import type { DataTableColumnVisibility } from '@portal/ui';

/** Where a list's column choice is kept: one key per list id. */
export const columnsStorageKey = (listId: string) => `portal.columns.${listId}`;

function read(listId: string): DataTableColumnVisibility | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(columnsStorageKey(listId));
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const visibility: DataTableColumnVisibility = {};
    for (const [id, shown] of Object.entries(parsed))
      if (typeof shown === 'boolean') visibility[id] = shown;
    return visibility;
  } catch {
    // unreadable or disabled storage: the list's defaults
    return undefined;
  }
}

/**
 * Which columns a list shows, remembered across visits (localStorage, per list id). Undefined
 * until the person changes something: the columns' own defaults apply.
 */
export function useStoredColumns(
  listId: string,
): [DataTableColumnVisibility | undefined, (next: DataTableColumnVisibility) => void] {
  const [visibility, setVisibility] = useState(() => read(listId));
  const change = useCallback(
    (next: DataTableColumnVisibility) => {
      setVisibility(next);
      try {
        globalThis.localStorage?.setItem(columnsStorageKey(listId), JSON.stringify(next));
      } catch {
        // storage can be disabled; the choice then lasts for this visit only
      }
    },
    [listId],
  );
  return [visibility, change];
}
