import styled from 'styled-components';
import { theme } from '../theme/theme.ts';
import { ghostButton } from './button.styles.ts';

const { color, font, radius, space } = theme;

const Group = styled.div`
  display: inline-flex;
  flex-shrink: 0;
  padding: 2px;
  gap: 2px;
  border: 1px solid ${color.borderStrong};
  border-radius: ${radius.md};
  background: ${color.surface};
`;

const Segment = styled.button`
  min-height: 28px;
  min-width: 40px;
  padding: 0 ${space[3]};
  border-radius: calc(${radius.md} - 3px);
  ${ghostButton}
  color: ${color.textSecondary};
  font-size: ${font.size.xs};
  font-weight: ${font.weight.semibold};

  &:hover {
    background-color: ${color.stateHover};
  }
  &[aria-pressed='true'] {
    background-color: ${color.primaryContainer};
    color: ${color.onPrimaryContainer};
  }
`;

export interface SegmentedProps<T extends string> {
  /** Accessible name of the group, e.g. "Time range". */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/**
 * A row of toggle buttons of which one is pressed (`aria-pressed`): view and range pickers.
 * Each is a plain button in the tab order, so it works without learning a composite widget.
 */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: SegmentedProps<T>) {
  return (
    <Group role="group" aria-label={label} className={className}>
      {options.map((option) => (
        <Segment
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Segment>
      ))}
    </Group>
  );
}
