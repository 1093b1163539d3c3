import type { HTMLAttributes, ReactNode } from 'react';
import { mdiCheck, mdiExclamationThick } from '@mdi/js';
import { Icon } from '@portal/icons';
import {
  Connector,
  Description,
  Hidden,
  Item,
  Label,
  List,
  Marker,
  StepButton,
  Static,
  Text,
} from './Stepper.styles.ts';

/** Where a step stands. */
export type StepState = 'complete' | 'current' | 'upcoming' | 'error';

export interface StepperStep {
  /** The step's name ("Choose an image"). */
  label: ReactNode;
  /** A short line under the label. */
  description?: ReactNode;
  /** Overrides the state derived from `current`, typically `error` for a step that needs fixing. */
  state?: StepState;
  /** A stable React key; defaults to the index. */
  id?: string;
}

export interface StepperProps extends HTMLAttributes<HTMLElement> {
  /** The steps, in order. */
  steps: StepperStep[];
  /** Index of the current step: earlier steps are complete, later ones upcoming. */
  current: number;
  /** Makes completed (and errored earlier) steps buttons that go back to that step. */
  onStepClick?: (index: number) => void;
  /** `horizontal` (default) or `vertical`. Always vertical on phone widths. */
  orientation?: 'horizontal' | 'vertical';
  /** Name of the navigation landmark; defaults to "Progress". */
  'aria-label'?: string;
  /** Read after completed and errored steps; defaults to "completed" and "has errors". */
  stateLabels?: { complete?: string; error?: string };
}

/** Progress through a wizard: numbered steps, the current one marked `aria-current="step"`. */
export function Stepper({
  steps,
  current,
  onStepClick,
  orientation = 'horizontal',
  'aria-label': ariaLabel = 'Progress',
  stateLabels,
  ...rest
}: StepperProps) {
  return (
    <nav {...rest} aria-label={ariaLabel}>
      <List data-orientation={orientation}>
        {steps.map((step, index) => {
          const state: StepState =
            step.state ??
            (index < current ? 'complete' : index === current ? 'current' : 'upcoming');
          const clickable =
            onStepClick !== undefined &&
            index !== current &&
            (state === 'complete' || state === 'error');
          const hidden =
            state === 'complete'
              ? (stateLabels?.complete ?? 'completed')
              : state === 'error'
                ? (stateLabels?.error ?? 'has errors')
                : undefined;
          const content = (
            <>
              <Marker aria-hidden="true">
                {state === 'complete' ? (
                  <Icon path={mdiCheck} size={16} />
                ) : state === 'error' ? (
                  <Icon path={mdiExclamationThick} size={16} />
                ) : (
                  index + 1
                )}
              </Marker>
              <Text>
                <Label>
                  {step.label}
                  {hidden && <Hidden>, {hidden}</Hidden>}
                </Label>
                {step.description && <Description>{step.description}</Description>}
              </Text>
            </>
          );
          return (
            <Item
              key={step.id ?? index}
              data-state={state}
              aria-current={index === current ? 'step' : undefined}
            >
              {clickable ? (
                <StepButton type="button" onClick={() => onStepClick(index)}>
                  {content}
                </StepButton>
              ) : (
                <Static>{content}</Static>
              )}
              {index < steps.length - 1 && <Connector aria-hidden="true" data-part="connector" />}
            </Item>
          );
        })}
      </List>
    </nav>
  );
}
