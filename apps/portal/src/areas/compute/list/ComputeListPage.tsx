import { mdiServerPlus } from '@mdi/js';
import type { Vm } from '@portal/api/contract';
import { ESERIES_BASE } from '@portal/api/client';
import { useManage } from '../../../state/permissions.ts';
import { COMPUTE_PERMISSION } from '../permission.ts';
import { VmListPage } from '../../../kit/vm/VmListPage.tsx';
import { CreateEmptyState, CreateLink } from '../../../kit/CreateLink.tsx';
import { computeKeys, computeQueries } from '../queries.ts';

const CREATE_PATH = '/compute/create';
const detailPathOf = (vm: Vm) => `/compute/${vm.id}`;
const invalidatesOf = (vm: Vm) => [computeKeys.lists(), computeKeys.vm(vm.id)];

/** `/compute`: the tenant's virtual machines (eseries). */
export function ComputeListPage() {
  // Until the role is known, and for a role that may only look, Create shows disabled.
  const { canManage, readOnlyReason } = useManage(COMPUTE_PERMISSION);
  return (
    <VmListPage
      listId="compute"
      title="Virtual machines"
      description={readOnlyReason ?? 'Power, open and create your virtual machines.'}
      actions={<CreateLink href={CREATE_PATH} permission={COMPUTE_PERMISSION} />}
      permission={COMPUTE_PERMISSION}
      base={ESERIES_BASE}
      query={computeQueries.list()}
      invalidatesOf={invalidatesOf}
      tableLabel="Virtual machines"
      detailPathOf={detailPathOf}
      deletable
      emptyState={
        <CreateEmptyState
          icon={mdiServerPlus}
          title="No virtual machines yet"
          canCreate={canManage}
          hint="Create your first virtual machine: choose a site, a plan and an image."
          href={CREATE_PATH}
          createLabel="Create a virtual machine"
          plural="Virtual machines"
        />
      }
    />
  );
}
