import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribe } from 'valtio';
import { reportError } from '../../../services.ts';
import { appState } from '../../../state/app.ts';

export interface Remote<T> {
  /** The last data read; kept while a reload runs, so the page does not flash. */
  data: T | undefined;
  /** A read is under way. */
  loading: boolean;
  /** The error text of the last failed read (section 8's rule), else null. */
  error: string | null;
  reload: () => void;
}

interface Settled {
  load: unknown;
  generation: number;
  error: string | null;
}

/**
 * Reads data for a page: on mount and whenever `load` changes, again on `reload()`, and again
 * when a finished task flags `fetchRequired` (which it then takes down, so that the next task's
 * flag is seen too). A read that a newer one overtook is dropped.
 */
export function useRemote<T>(load: (signal: AbortSignal) => Promise<T>): Remote<T> {
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const [data, setData] = useState<T>();
  const latest = useRef(0);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  useEffect(() => {
    // This page reads fresh data anyway: an older flag is spent.
    appState.fetchRequired = false;
    return subscribe(appState, () => {
      if (!appState.fetchRequired) return;
      appState.fetchRequired = false;
      reload();
    });
  }, [reload]);

  useEffect(() => {
    const controller = new AbortController();
    const call = ++latest.current;
    // Inside a promise: a load that throws at once is a failed read too.
    Promise.resolve()
      .then(() => load(controller.signal))
      .then(
        (next) => {
          if (call !== latest.current) return;
          setData(next);
          setSettled({ load, generation, error: null });
        },
        (reason: unknown) => {
          if (call !== latest.current || controller.signal.aborted) return;
          setSettled({ load, generation, error: reportError(reason) });
        },
      );
    return () => controller.abort();
  }, [load, generation]);

  const current = settled?.load === load && settled.generation === generation;
  return {
    data,
    loading: !current,
    error: current ? settled.error : null,
    reload,
  };
}
