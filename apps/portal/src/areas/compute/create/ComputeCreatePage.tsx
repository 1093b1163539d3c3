import { useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { Catalogue } from '@portal/api/contract';
import { ApiError, computeApi } from '@portal/api/client';
import {
  Alert,
  BackButton,
  Button,
  Card,
  ErrorState,
  PageHeader,
  Spinner,
  Stepper,
} from '@portal/ui';
import { getServices, reportError } from '../../../services.ts';
import { READ_ONLY_REASON, useCanState } from '../../../state/permissions.ts';
import { tasks } from '../../../state/tasks.ts';
import { useQuery } from '@tanstack/react-query';
import { queryErrorText } from '../../../kit/queryError.ts';
import { computeQueries } from '../queries.ts';
import { StepFields } from './StepFields.tsx';
import {
  EMPTY_FORM,
  STEPS,
  buildVmCreateBody,
  change,
  errorsOfStep,
  formFieldOf,
  stepOf,
  validate,
  type VmField,
  type VmForm,
  type VmFormErrors,
} from './vmCreateBody.ts';

const LIST_PATH = '/compute';

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
  max-width: 1040px;
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 20px;
`;

const StepHeading = styled.h2`
  margin: 0 0 4px;
  font-size: 1.125rem;
  &:focus {
    outline: none;
  }
`;

const Nav = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
  flex-wrap: wrap;
`;

/** A server sentence like "vm_params.os.version: is not a version of Ubuntu", for a person. */
function serverReason(error: ApiError): string {
  const text = error.field ? error.message.replace(`${error.field}: `, '') : error.message;
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return `${sentence}${/[.!?]$/.test(sentence) ? '' : '.'}`;
}

/**
 * `/compute/create`: a wizard over the server's creation catalogue (region and site, zone, plan,
 * image and version, network adapters, disk, name and options) that builds section 3's body.
 * Field errors show where the field is; a server 400 goes back to the step of the field it names.
 * On success the creation task is polled by the shared tracker and the person lands on the VM.
 */
export function ComputeCreatePage() {
  const navigate = useNavigate();
  const { data: catalogue, error: loadError, refetch } = useQuery(computeQueries.catalogue());
  // A role that may only look gets an honest page instead of a wizard bound to fail.
  const canCreate = useCanState('compute', 'manage');

  const toList = (event: MouseEvent) => {
    event.preventDefault();
    navigate(LIST_PATH);
  };

  return (
    <Layout>
      <PageHeader
        title="Create a virtual machine"
        description="New virtual machines start as a trial; they are built and powered on for you."
        back={
          <BackButton href={LIST_PATH} onClick={toList}>
            Virtual machines
          </BackButton>
        }
      />
      {canCreate === 'denied' ? (
        <Alert kind="info" title="You cannot create virtual machines">
          {READ_ONLY_REASON.compute} Ask an administrator of your organisation for a role that
          manages compute.
        </Alert>
      ) : loadError ? (
        <ErrorState
          title="The catalogue could not be loaded"
          description={queryErrorText(loadError)}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : !catalogue || canCreate === 'unknown' ? (
        <Spinner label="Loading what you can create" />
      ) : (
        <Wizard catalogue={catalogue} />
      )}
    </Layout>
  );
}

function Wizard({ catalogue }: { catalogue: Catalogue }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<VmForm>(EMPTY_FORM);
  const [step, setStep] = useState(0);
  /** Steps the person tried to leave: their errors show. */
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  /** Errors the server gave for fields, until the field changes. */
  const [serverErrors, setServerErrors] = useState<VmFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const errors = useMemo(() => validate(catalogue, form), [catalogue, form]);
  const last = STEPS.length - 1;
  const current = STEPS[step] ?? STEPS[0];

  const shownErrors = (index: number): VmFormErrors =>
    checked.has(index)
      ? { ...errorsOfStep(serverErrors, index), ...errorsOfStep(errors, index) }
      : errorsOfStep(serverErrors, index);

  // A new step's heading takes focus, so keyboard and screen-reader users start at its top.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = false;
  }, [step]);

  const goTo = (index: number) => {
    moved.current = true;
    setStep(index);
  };

  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>('[data-wizard-step] [aria-invalid="true"]')?.focus(),
    );

  const set = <K extends VmField>(field: K, value: VmForm[K]) => {
    setForm((previous) => change(previous, field, value));
    setServerErrors((previous) => {
      if (!(field in previous)) return previous;
      const next = { ...previous };
      delete next[field];
      return next;
    });
  };

  const next = () => {
    setChecked((previous) => new Set(previous).add(step));
    if (Object.keys(errorsOfStep(errors, step)).length > 0) return focusFirstInvalid();
    goTo(Math.min(step + 1, last));
  };

  const submit = async () => {
    const all = new Set(STEPS.map((_, index) => index));
    setChecked(all);
    setFailure(null);
    const firstBad = STEPS.findIndex((_, index) => Object.keys(errorsOfStep(errors, index)).length);
    if (firstBad >= 0) {
      if (firstBad !== step) goTo(firstBad);
      else focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const user = await getServices().currentUser.load();
      const body = buildVmCreateBody(catalogue, form, user.tenant.cdb_id);
      let vmId: number | null = null;
      const taskId = await tasks.run(
        {
          operation: `Create ${body.display_name}`,
          onRequestError: (error) => {
            const field = error instanceof ApiError ? formFieldOf(error.field) : undefined;
            if (error instanceof ApiError && field) {
              setServerErrors({ [field]: serverReason(error) });
              goTo(stepOf(field));
              focusFirstInvalid();
            } else {
              setFailure(reportError(error));
            }
          },
        },
        async () => {
          const accepted = await computeApi(getServices().api).create(body);
          vmId = accepted.vm_id;
          return accepted;
        },
      );
      if (taskId !== null && vmId !== null) {
        navigate(`/compute/${vmId}`);
        return;
      }
    } catch (error) {
      setFailure(reportError(error));
    }
    setBusy(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step < last) next();
    else void submit();
  };

  const steps = STEPS.map((s, index) => ({
    id: s.id,
    label: s.label,
    state:
      index !== step && Object.keys(shownErrors(index)).length > 0 ? ('error' as const) : undefined,
  }));

  return (
    <>
      <Stepper
        steps={steps}
        current={step}
        onStepClick={goTo}
        aria-label="Steps to create a virtual machine"
      />
      <Card>
        <Form onSubmit={onSubmit} noValidate aria-labelledby="wizard-step-heading">
          <div data-wizard-step={current.id}>
            <StepHeading id="wizard-step-heading" ref={headingRef} tabIndex={-1}>
              Step {step + 1} of {STEPS.length}: {current.label}
            </StepHeading>
            <StepFields
              step={current.id}
              catalogue={catalogue}
              form={form}
              errors={shownErrors(step)}
              set={set}
            />
          </div>
          {failure && <Alert kind="error">{failure}</Alert>}
          <Nav>
            {step > 0 && (
              <Button variant="outlined" onClick={() => goTo(step - 1)} disabled={busy}>
                Back
              </Button>
            )}
            {step < last ? (
              <Button type="submit" variant="primary">
                Next
              </Button>
            ) : (
              <Button type="submit" variant="primary" loading={busy}>
                Create virtual machine
              </Button>
            )}
          </Nav>
        </Form>
      </Card>
    </>
  );
}
