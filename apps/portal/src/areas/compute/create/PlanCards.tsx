import { forwardRef, useId } from 'react';
import styled from 'styled-components';
import type { FieldValues, FieldPath } from 'react-hook-form';
import type { Catalogue } from '@portal/api/contract';
import { theme } from '@portal/ui';
import { useFormController } from '../../../kit/form/index.ts';
import { formatSizeGb } from '../../../lib/format.ts';

type Plan = Catalogue['plans'][number];

const { color, font, radius, space, focusRing } = theme;

const Fieldset = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const Legend = styled.legend`
  margin-bottom: ${space[2]};
  padding: 0;
  font-size: ${font.size.sm};
  font-weight: ${font.weight.medium};
`;

const Grid = styled.div`
  display: grid;
  gap: ${space[3]};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 168px), 1fr));
`;

// The radio stays a real one (arrow keys, Tab into the group, form semantics); the card is its
// label, so a click anywhere on it chooses the plan.
const Radio = styled.input`
  position: absolute;
  opacity: 0;
  width: 1px;
  height: 1px;
  margin: 0;
`;

const CardLabel = styled.label`
  position: relative;
  display: grid;
  gap: 2px;
  padding: ${space[3]} ${space[4]};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  cursor: pointer;

  &:hover {
    border-color: ${color.borderStrong};
  }
  &:has(input:checked) {
    border-color: ${color.primaryStrong};
    box-shadow: inset 0 0 0 1px ${color.primaryStrong};
    background: ${color.primaryContainer};
  }
  &:has(input:focus-visible) {
    outline: ${focusRing.width} solid ${color.focusRing};
    outline-offset: ${focusRing.offset};
  }
  [aria-invalid='true'] &:not(:has(input:checked)) {
    border-color: ${color.errorText};
  }
`;

const Name = styled.span`
  font-weight: ${font.weight.semibold};
`;

const Size = styled.span`
  font-size: ${font.size.md};
  font-weight: ${font.weight.medium};
`;

const Required = styled.span`
  margin-left: 2px;
  color: ${color.errorText};
`;

const Detail = styled.span`
  color: ${color.textSecondary};
  font-size: ${font.size.sm};
`;

const GroupError = styled.p`
  margin: ${space[2]} 0 0;
  color: ${color.errorText};
  font-size: ${font.size.sm};
`;

export interface PlanCardsProps {
  /** The plans of the catalogue. */
  plans: readonly Plan[];
  /** The chosen plan's id; `''` for none. */
  value: string;
  /** Called with the chosen plan's id. */
  onValueChange: (id: string) => void;
  /** An error sentence for the group. */
  error?: string;
  /** The group's question; defaults to "Plan". */
  label?: string;
}

/**
 * The plans as radio cards showing vCPUs, memory and disk: one tab stop, the arrow keys move
 * and choose (native radios), the chosen card is marked by more than colour (border and fill).
 * The ref is the chosen (else the first) radio.
 */
export const PlanCards = forwardRef<HTMLInputElement, PlanCardsProps>(function PlanCards(
  { plans, value, onValueChange, error, label = 'Plan' },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  const focusTarget = plans.find((plan) => plan.id === value)?.id ?? plans[0]?.id;
  return (
    <Fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <Legend>
        {label}
        <Required aria-hidden="true">*</Required>
      </Legend>
      <Grid>
        {plans.map((plan) => (
          <CardLabel key={plan.id}>
            <Radio
              ref={plan.id === focusTarget ? ref : undefined}
              type="radio"
              name={`${id}-plan`}
              value={plan.id}
              checked={plan.id === value}
              onChange={() => onValueChange(plan.id)}
            />
            <Name>{plan.name}</Name>
            <Size>{plan.cpu} vCPU</Size>
            <Size>{plan.memory} GB memory</Size>
            <Detail>
              {formatSizeGb(plan.disk_gb)} disk · up to {plan.max_vcpus} vCPU and{' '}
              {plan.max_memory_gb} GB
            </Detail>
          </CardLabel>
        ))}
      </Grid>
      {error && <GroupError id={errorId}>{error}</GroupError>}
    </Fieldset>
  );
});

/** `PlanCards` bound to a form field holding the plan id. */
export function FormPlanCards<T extends FieldValues>({
  name,
  plans,
  label,
}: {
  name: FieldPath<T>;
  plans: readonly Plan[];
  label?: string;
}) {
  const { ref, value, error, change } = useFormController<T, string>(name, undefined);
  return (
    <PlanCards
      ref={ref}
      plans={plans}
      value={typeof value === 'string' ? value : ''}
      onValueChange={change}
      error={error}
      label={label}
    />
  );
}
