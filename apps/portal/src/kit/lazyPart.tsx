// Parts of a page that its first paint does not show (a dialog, a tab, a report opened on demand)
// load apart from the page: a list's first rows do not wait for the form library, the select or
// the charts that only those parts use.
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '../lib/idle.ts';
import { lazyNamed, type PropsOf } from './area.tsx';

/**
 * The component `name` of the module `load` gives, rendered in its own `Suspense` (showing
 * `fallback` while its code arrives), so the rest of the page never waits for it.
 */
export function lazyPart<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactNode = null,
) {
  const Component = lazyNamed(load, name);
  function LazyPart(props: PropsOf<M, K> & object) {
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
      </Suspense>
    );
  }
  LazyPart.displayName = `LazyPart(${name})`;
  return LazyPart;
}

/**
 * A dialog whose code loads once the page is idle, not with the page. Until it is first opened it renders nothing; from then on it stays mounted,
 * so it closes as any dialog does. Opened before its code has arrived (a click in the first
 * instant), it shows as soon as it has.
 */
export function lazyDialog<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  const Part = lazyPart(load, name);
  function LazyDialog(props: PropsOf<M, K> & { open: boolean }) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    // Fetched once, even if the page has gone meanwhile: the next visit finds it there.
    useEffect(() => whenIdle(() => void load().catch(() => undefined)), []);
    return wanted ? <Part {...props} /> : null;
  }
  LazyDialog.displayName = `LazyDialog(${name})`;
  return LazyDialog;
}
