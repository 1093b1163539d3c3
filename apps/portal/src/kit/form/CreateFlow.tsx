import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  FormProvider,
  get,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import styled from 'styled-components';
import { Button, Card, Stepper } from '@portal/ui';
import { FormAlert } from './fields.tsx';
import { focusFirstInvalidSoon } from './focus.ts';
import { applyServerErrors, type ServerFieldMap } from './serverErrors.ts';

export interface CreateStep<T extends FieldValues> {
  /** A stable id ("location"). */
  id: string;
  /** The step's name, in the stepper and its heading ("Name and location"). */
  label: string;
  /** The fields this step asks for: Next checks these, and errors on them lead back here. */
  fields: readonly FieldPath<T>[];
  /** The step's controls. */
  content: ReactNode;
}

/** A step as an area declares it apart from its controls, for looking fields up outside React. */
export type StepDeclaration<T extends FieldValues> = Omit<CreateStep<T>, 'content'>;

/** The declared steps (`STEPS`), in their order, each with its controls from `content`. */
export function withContent<T extends FieldValues, S extends StepDeclaration<T>>(
  steps: readonly S[],
  content: Record<S['id'], ReactNode>,
): CreateStep<T>[] {
  return steps.map((step) => ({
    id: step.id,
    label: step.label,
    fields: step.fields,
    content: content[step.id as S['id']],
  }));
}

export interface CreateFlowProps<T extends FieldValues> {
  /** The form, from `useContractForm`. */
  form: UseFormReturn<T>;
  /** The steps that ask for something, in order; a summary step follows them. */
  steps: readonly CreateStep<T>[];
  /** What will be created, shown on the summary step before the submit button. */
  summary: (values: T) => ReactNode;
  /** The summary step's name; defaults to "Summary". */
  summaryLabel?: string;
  /** The submit button's words ("Create virtual machine"). */
  submitLabel: string;
  /**
   * Sends the checked values and waits for the work (request, then task) to end; the submit
   * button is busy meanwhile. Throw to stay: a 400 naming a field goes back to that field and
   * its step, anything else shows above the buttons.
   */
  onSubmit: (values: T) => Promise<void>;
  /** Where a server 400's field shows in this form; defaults to the same name. */
  serverFields?: ServerFieldMap<T>;
  /** Why nothing can be created now (a limit reached): the submit button says so and refuses. */
  blockedReason?: string;
  /** Shown beside the busy submit button (e.g. "Building web-01…"). */
  progress?: ReactNode;
  /** Name of the stepper's navigation landmark ("Steps to create a virtual machine"). */
  'aria-label': string;
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 20px;
`;

const StepHeading = styled.h2`
  margin: 0 0 12px;
  font-size: 1.125rem;
  &:focus {
    outline: none;
  }
`;

const Nav = styled.div`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
`;

const Progress = styled.p`
  margin: 0 auto 0 0;
  color: var(--ui-color-text-secondary);
`;

const SummaryLead = styled.p`
  margin: 0 0 12px;
  color: var(--ui-color-text-secondary);
`;

const hasError = <T extends FieldValues>(errors: FieldErrors<T>, fields: readonly string[]) =>
  fields.some((field) => get(errors, field) !== undefined);

/**
 * A multi-step creation: each step's Next checks that step's fields (errors in place, focus on
 * the first); the last step is a summary of what will be created; Back and the stepper go back.
 * On each step change the step's heading takes focus. A server 400 goes back to its field's step.
 */
export function CreateFlow<T extends FieldValues>({
  form,
  steps,
  summary,
  summaryLabel = 'Summary',
  submitLabel,
  onSubmit,
  serverFields,
  blockedReason,
  progress,
  'aria-label': ariaLabel,
}: CreateFlowProps<T>) {
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLDivElement>(null);
  /** Set by a move the person made, so the first render does not steal focus. */
  const moved = useRef(false);
  const { errors, isSubmitting } = form.formState;

  const total = steps.length + 1;
  const last = total - 1;
  const onSummary = step === last;
  const current = steps[step];

  // A new step's heading takes focus, so keyboard and screen-reader users start at its top.
  // In the layout phase: a field to fix, focused a frame later, must win over the heading.
  useLayoutEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = false;
  }, [step]);

  const goTo = (index: number) => {
    moved.current = true;
    setStep(index);
  };

  // After the heading (same frame or later), so the field to fix ends up with focus.
  const focusInvalidSoon = () => focusFirstInvalidSoon(() => body.current);

  /** The first step, from `from` up to (not including) `to`, whose fields do not pass. */
  const firstFailing = async (from: number, to: number): Promise<number | null> => {
    for (let index = from; index < Math.min(to, steps.length); index += 1) {
      const fields = steps[index]?.fields ?? [];
      if (fields.length > 0 && !(await form.trigger(fields as FieldPath<T>[]))) return index;
    }
    return null;
  };

  const moveTo = async (index: number) => {
    if (index <= step) return goTo(index);
    const failing = await firstFailing(step, index);
    if (failing === null) return goTo(index);
    if (failing !== step) goTo(failing);
    focusInvalidSoon();
  };

  const stepOfField = (field: string) =>
    steps.findIndex((s) => (s.fields as readonly string[]).includes(field));

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(
      async (values) => {
        try {
          await onSubmit(values);
        } catch (error) {
          const field = applyServerErrors(form, error, serverFields, { focus: false });
          const index = field === undefined ? -1 : stepOfField(field);
          if (index >= 0) {
            if (index !== step) goTo(index);
            focusInvalidSoon();
          }
        }
      },
      (invalid) => {
        const index = steps.findIndex((s) => hasError(invalid, s.fields));
        if (index >= 0) {
          goTo(index);
          focusInvalidSoon();
        }
      },
    )(event);

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!onSummary) void moveTo(step + 1);
    else if (!blockedReason) void submit(event);
  };

  const busy = isSubmitting;
  const stepperSteps = [
    ...steps.map((s) => ({ id: s.id, label: s.label, fields: s.fields })),
    {
      id: 'summary',
      label: summaryLabel,
      fields: [] as readonly string[],
    },
  ].map((s, index) => ({
    id: s.id,
    label: s.label,
    state: index !== step && hasError(errors, s.fields) ? ('error' as const) : undefined,
  }));

  return (
    <FormProvider {...form}>
      <Stepper
        steps={stepperSteps}
        current={step}
        onStepClick={busy ? undefined : (index) => void moveTo(index)}
        aria-label={ariaLabel}
      />
      <Card>
        <Form onSubmit={onFormSubmit} noValidate aria-labelledby="create-flow-heading">
          <div ref={body} data-create-step={current?.id ?? 'summary'}>
            <StepHeading id="create-flow-heading" ref={heading} tabIndex={-1}>
              Step {step + 1} of {total}: {current?.label ?? summaryLabel}
            </StepHeading>
            {current ? (
              current.content
            ) : (
              <>
                <SummaryLead>
                  Check what will be created. Nothing is created until you press “{submitLabel}”.
                </SummaryLead>
                {summary(form.getValues())}
              </>
            )}
          </div>
          <FormAlert />
          <Nav>
            {busy && progress && <Progress role="status">{progress}</Progress>}
            {step > 0 && (
              <Button variant="outlined" onClick={() => goTo(step - 1)} disabled={busy}>
                Back
              </Button>
            )}
            {onSummary ? (
              <Button type="submit" variant="primary" loading={busy} disabledReason={blockedReason}>
                {submitLabel}
              </Button>
            ) : (
              <Button type="submit" variant="primary">
                Next
              </Button>
            )}
          </Nav>
        </Form>
      </Card>
    </FormProvider>
  );
}
