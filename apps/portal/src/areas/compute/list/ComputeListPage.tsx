import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { mdiPlus, mdiServerPlus } from '@mdi/js';
import type { Vm } from '@portal/api/contract';
import { ESERIES_BASE } from '@portal/api/client';
import { Button, EmptyState, LinkButton, PageHeader } from '@portal/ui';
import { useCan, useManageReason } from '../../../state/permissions.ts';
import { VmList } from './VmList.tsx';

const CREATE_PATH = '/compute/create';
const detailPathOf = (vm: Vm) => `/compute/${vm.id}`;

/** `/compute`: the tenant's virtual machines (eseries). */
export function ComputeListPage() {
  const navigate = useNavigate();
  // Until the role is known, and for a role that may only look, Create shows disabled.
  const canManage = useCan('compute', 'manage');
  const readOnlyReason = useManageReason('compute');
  const toCreate = (event: MouseEvent) => {
    event.preventDefault();
    navigate(CREATE_PATH);
  };
  return (
    <>
      <PageHeader
        title="Virtual machines"
        description={readOnlyReason ?? 'Power, open and create your virtual machines.'}
        actions={
          canManage ? (
            <LinkButton
              href={CREATE_PATH}
              onClick={toCreate}
              variant="primary"
              leadingIcon={mdiPlus}
            >
              Create
            </LinkButton>
          ) : (
            <Button variant="primary" leadingIcon={mdiPlus} disabled title={readOnlyReason}>
              Create
            </Button>
          )
        }
      />
      <VmList
        area="compute"
        base={ESERIES_BASE}
        label="Virtual machines"
        detailPathOf={detailPathOf}
        emptyState={
          <EmptyState
            icon={mdiServerPlus}
            title="No virtual machines yet"
            description={
              canManage
                ? 'Create your first virtual machine: choose a site, a plan and an image.'
                : 'Virtual machines your organisation creates appear here.'
            }
            action={
              canManage ? (
                <LinkButton href={CREATE_PATH} onClick={toCreate} variant="primary">
                  Create a virtual machine
                </LinkButton>
              ) : undefined
            }
          />
        }
      />
    </>
  );
}
