import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { mdiPlus, mdiServerPlus } from '@mdi/js';
import type { Vm } from '@portal/api/contract';
import { ESERIES_BASE } from '@portal/api/client';
import { EmptyState, LinkButton, PageHeader } from '@portal/ui';
import { VmList } from './VmList.tsx';

const CREATE_PATH = '/compute/create';
const detailPathOf = (vm: Vm) => `/compute/${vm.id}`;

/** `/compute`: the tenant's virtual machines (eseries). */
export function ComputeListPage() {
  const navigate = useNavigate();
  const toCreate = (event: MouseEvent) => {
    event.preventDefault();
    navigate(CREATE_PATH);
  };
  return (
    <>
      <PageHeader
        title="Virtual machines"
        description="Power, open and create your virtual machines."
        actions={
          <LinkButton href={CREATE_PATH} onClick={toCreate} variant="primary" leadingIcon={mdiPlus}>
            Create
          </LinkButton>
        }
      />
      <VmList
        base={ESERIES_BASE}
        label="Virtual machines"
        detailPathOf={detailPathOf}
        emptyState={
          <EmptyState
            icon={mdiServerPlus}
            title="No virtual machines yet"
            description="Create your first virtual machine: choose a site, a plan and an image."
            action={
              <LinkButton href={CREATE_PATH} onClick={toCreate} variant="primary">
                Create a virtual machine
              </LinkButton>
            }
          />
        }
      />
    </>
  );
}
