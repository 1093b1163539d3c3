import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { mdiServerOff } from '@mdi/js';
import type { Vm } from '@portal/api/contract';
import { vwseriesVmBase } from '@portal/api/client';
import { BackButton, EmptyState } from '@portal/ui';
import { VmListPage } from '../../kit/vm/VmListPage.tsx';
import { computeKeys, computeQueries } from '../compute/queries.ts';
import { VWSERIES_PERMISSION } from './permission.ts';
import { vwseriesKeys } from './queries.ts';

const LIST_PATH = '/vwseries';
// A VM of either series has its page on the VM module (`GET /services/compute/{id}`).
const detailPathOf = (vm: Vm) => `/compute/${vm.id}`;

/** `/vwseries/{serviceid}`: that service's VMs, with power actions, detail and console links. */
export function VwseriesServicePage() {
  const serviceid = useParams().serviceid ?? '';
  const base = vwseriesVmBase(serviceid);
  const consolePathOf = useCallback(
    (vm: Vm) => `/vwseries/${serviceid}/${vm.id}/console`,
    [serviceid],
  );
  const invalidatesOf = useCallback(
    (vm: Vm) => [computeKeys.list(base), computeKeys.vm(vm.id), vwseriesKeys.service(serviceid)],
    [base, serviceid],
  );
  return (
    <VmListPage
      key={serviceid}
      listId="vwseries-vms"
      title={`VW series service ${serviceid}`}
      description="The virtual machines of this service."
      back={<BackButton href={LIST_PATH}>VW series</BackButton>}
      permission={VWSERIES_PERMISSION}
      base={base}
      query={computeQueries.list(base)}
      invalidatesOf={invalidatesOf}
      tableLabel={`Virtual machines of ${serviceid}`}
      detailPathOf={detailPathOf}
      consolePathOf={consolePathOf}
      oneSite
      emptyState={
        <EmptyState
          icon={mdiServerOff}
          title="No virtual machines in this service"
          description="Virtual machines provisioned for this service appear here."
        />
      }
    />
  );
}
