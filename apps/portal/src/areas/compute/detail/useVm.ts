import { useCallback, useEffect, useState } from 'react';
import { subscribe } from 'valtio';
import { computeApi, type ComputeApi, type VmBaseApi } from '@portal/api/client';
import type { Vm } from '@portal/api/contract';
import { appState } from '../../../state/app.ts';
import { getServices, reportError } from '../../../services.ts';

export interface VmApis {
  compute: ComputeApi;
  /** The VM path base of the VM's series: eseries, or its vwseries service. */
  base: VmBaseApi;
}

/** The compute calls, on the VM path base of the VM's series. */
export function vmApis(vm: Pick<Vm, 'serviceid'> | null): VmApis {
  const compute = computeApi(getServices().api);
  return { compute, base: vm?.serviceid ? compute.vwseries(vm.serviceid) : compute };
}

/**
 * Reads a VM and reads it again whenever a task flags `fetchRequired`; `version` counts the
 * reads so sections with their own data (snapshots, metrics) follow along.
 */
export function useVm(id: number) {
  const [vm, setVm] = useState<Vm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  // A task ended (here or on a page left since): read the VM again.
  useEffect(
    () =>
      subscribe(appState, () => {
        if (!appState.fetchRequired) return;
        appState.fetchRequired = false;
        reload();
      }),
    [reload],
  );

  useEffect(() => {
    let live = true;
    // through a promise, so a call that throws before sending still lands in the error state
    Promise.resolve()
      .then(() => computeApi(getServices().api).anyVm(id))
      .then(
        (next) => {
          if (!live) return;
          setVm(next);
          setError(null);
        },
        (failure: unknown) => {
          if (live) setError(reportError(failure));
        },
      );
    return () => {
      live = false;
    };
  }, [id, version]);

  return { vm, error, version, reload };
}
