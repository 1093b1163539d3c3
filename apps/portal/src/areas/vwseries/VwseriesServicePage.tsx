import { useCallback, type MouseEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { mdiServerOff } from '@mdi/js';
import type { Vm } from '@portal/api/contract';
import { vwseriesVmBase } from '@portal/api/client';
import { BackButton, EmptyState, PageHeader } from '@portal/ui';
import { VmList } from '../compute/list/VmList.tsx';

const LIST_PATH = '/vwseries';

/** `/vwseries/{serviceid}`: that service's VMs, with power actions and console links. */
export function VwseriesServicePage() {
  const navigate = useNavigate();
  const serviceid = useParams().serviceid ?? '';
  const consolePathOf = useCallback(
    (vm: Vm) => `/vwseries/${serviceid}/${vm.id}/console`,
    [serviceid],
  );
  const back = (event: MouseEvent) => {
    event.preventDefault();
    navigate(LIST_PATH);
  };
  return (
    <>
      <PageHeader
        title={`VW series service ${serviceid}`}
        description="The virtual machines of this service."
        back={
          <BackButton href={LIST_PATH} onClick={back}>
            VW series
          </BackButton>
        }
      />
      <VmList
        key={serviceid}
        area="vwseries"
        base={vwseriesVmBase(serviceid)}
        label={`Virtual machines of ${serviceid}`}
        consolePathOf={consolePathOf}
        emptyState={
          <EmptyState
            icon={mdiServerOff}
            title="No virtual machines in this service"
            description="Virtual machines provisioned for this service appear here."
          />
        }
      />
    </>
  );
}
