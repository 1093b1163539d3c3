import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { VmCreate, isPocUser, type Catalogue, type CurrentUser } from '@portal/api/contract';
import { POC_VM_LIMIT, pocLimitRefusal } from '@portal/api/domain';
import { Alert, Button, ErrorState, Spinner } from '@portal/ui';
import {
  CreateFlow,
  CreatePage,
  serverFieldOf,
  useContractForm,
  withContent,
} from '../../../kit/form/index.ts';
import { usePreloadPage } from '../../../kit/area.tsx';
import { queryErrorText } from '../../../kit/queryError.ts';
import { useTaskAction } from '../../../kit/useTaskAction.ts';
import { vmResource } from '../../../kit/vm/power.ts';
import { session } from '../../../services.ts';
import { useCanState } from '../../../state/permissions.ts';
import { COMPUTE_PERMISSION } from '../permission.ts';
import { computeCalls, computeKeys, computeQueries } from '../queries.ts';
import { BasicsStep, MachineStep, NetworkStep, VmSummary } from './StepFields.tsx';
import {
  EMPTY_FORM,
  STEPS,
  buildVmCreateBody,
  formFieldOf,
  validate,
  type VmForm,
} from './vmCreateBody.ts';

const LIST_PATH = '/compute';

/**
 * `/compute/create`: a wizard over the server's creation catalogue in three steps and a summary
 * (name and location; plan, image and disk; network and options) that builds section 3's body.
 * Field errors show where the field is; a server 400 goes back to the step of the field it names.
 * The submit waits for the creation task (polled every 5000 ms), then opens the new VM.
 */
export function ComputeCreatePage() {
  // The new VM's page opens as soon as the server accepts: its code is here by then.
  usePreloadPage('/compute/0');
  // A role that may only look gets an honest page instead of a wizard bound to fail.
  const canCreate = useCanState('compute', 'manage');
  const { user } = useSnapshot(session);
  const catalogue = useQuery({ ...computeQueries.catalogue(), enabled: canCreate === 'allowed' });

  return (
    <CreatePage
      title="Create a virtual machine"
      description="New virtual machines start as a trial; they are built and powered on for you."
      back={{ href: LIST_PATH, label: 'Virtual machines' }}
      width="wide"
    >
      {canCreate === 'denied' ? (
        <Alert kind="info" title="You cannot create virtual machines">
          {COMPUTE_PERMISSION.readOnly} Ask an administrator of your organisation for a role that
          manages compute.
        </Alert>
      ) : catalogue.isError ? (
        <ErrorState
          title="The catalogue could not be loaded"
          description={queryErrorText(catalogue.error)}
          action={<Button onClick={() => void catalogue.refetch()}>Try again</Button>}
        />
      ) : !catalogue.data || canCreate === 'unknown' || !user ? (
        <Spinner label="Loading what you can create" />
      ) : (
        <Wizard catalogue={catalogue.data} user={user as CurrentUser} />
      )}
    </CreatePage>
  );
}

/** How many VMs the tenant has, and what the proof-of-concept limit leaves. */
function Quota({ user, existing }: { user: CurrentUser; existing: number | undefined }) {
  const tenant = user.tenant.name;
  if (!isPocUser(user)) {
    return existing === undefined ? null : (
      <Alert kind="info" title="Your tenant">
        {tenant} has {existing} virtual {existing === 1 ? 'machine' : 'machines'}; no trial limit
        applies.
      </Alert>
    );
  }
  const refusal = existing === undefined ? null : pocLimitRefusal(existing);
  const left = existing === undefined ? undefined : Math.max(0, POC_VM_LIMIT - existing);
  return (
    <Alert kind={refusal ? 'warning' : 'info'} title="Proof of concept">
      {refusal
        ? `${refusal} ${tenant} has ${existing}: delete one before creating another.`
        : left === undefined
          ? `A proof-of-concept tenant can have at most ${POC_VM_LIMIT} virtual machines.`
          : `A proof-of-concept tenant can have at most ${POC_VM_LIMIT} virtual machines. ${tenant} has ${existing}, so ${left} more can be created.`}
    </Alert>
  );
}

function Wizard({ catalogue, user }: { catalogue: Catalogue; user: CurrentUser }) {
  const navigate = useNavigate();
  const tenantId = user.tenant.cdb_id;
  const vms = useQuery(computeQueries.list());
  const existing = vms.data?.length;
  const blocked = isPocUser(user) && existing !== undefined ? pocLimitRefusal(existing) : null;
  const createTask = useTaskAction({
    operation: 'Create',
    kind: 'vm',
    invalidates: [computeKeys.lists()],
    runningLabel: 'Building…',
    // The new VM shows "Building…" on its page and in the list until the task ends.
    createdResource: (accepted) => vmResource({ id: Number(accepted['vm_id']) }),
  });

  const form = useContractForm<VmForm>(VmCreate, {
    defaultValues: EMPTY_FORM,
    // The catalogue's rules first (the choices fit together), then the contract on the body.
    refine: (values) => validate(catalogue, values),
    toBody: (values) => buildVmCreateBody(catalogue, values, tenantId),
    fieldOf: formFieldOf,
    labels: { display_name: 'name' },
  });

  const submit = async (values: VmForm) => {
    const body = buildVmCreateBody(catalogue, values, tenantId);
    const run = await createTask.run(() => computeCalls().compute.create(body), {
      operation: `Create ${body.display_name}`,
      // a 400 the wizard shows at its field needs no snackbar as well
      onRequestError: (error) => serverFieldOf(error, form, formFieldOf) !== undefined,
    });
    if (!run.ok) throw run.error;
    // Accepted: the VM's page opens at once, showing it "Building…"; the task's outcome arrives
    // in the task centre (and the snackbar), not in a wizard left waiting.
    void navigate(`/compute/${Number(run.accepted['vm_id'])}`);
  };

  const steps = withContent<VmForm, (typeof STEPS)[number]>(STEPS, {
    basics: <BasicsStep catalogue={catalogue} />,
    machine: <MachineStep catalogue={catalogue} />,
    network: <NetworkStep catalogue={catalogue} />,
  });

  return (
    <>
      <Quota user={user} existing={existing} />
      <CreateFlow
        form={form}
        steps={steps}
        summary={(values) => (
          <VmSummary catalogue={catalogue} form={values} tenant={user.tenant.name} />
        )}
        submitLabel="Create virtual machine"
        onSubmit={submit}
        serverFields={formFieldOf}
        blockedReason={blocked ?? undefined}
        aria-label="Steps to create a virtual machine"
      />
    </>
  );
}
